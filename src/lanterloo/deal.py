"""One deal as an explicit phase machine.

ante → deal → (turn-up) → declare (or Lou's secret commit) → exchange / draw → flush check → play → settle → done

The dealer's chores (antes, dealing, turning up, resolving tricks, settling) are automatic and recorded as events;
players act only through ``apply``. Legality has one path: ``_constraint`` returns the allowed set together with
the rule that binds it, so ``legal_actions``, ``is_legal`` and ``check`` (which raises the plain-language reason
with its rule ID) always agree.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from lanterloo import scoring
from lanterloo.actions import (
    DEFEND_MISS,
    PASS,
    PLAYS,
    PLAYS_CIVIL,
    STAND,
    TAKE_MISS,
    Action,
    DefendMiss,
    Discard,
    Pass,
    Play,
    Stand,
    TakeMiss,
    discard,
)
from lanterloo.cards import ACE, CARDS, JACK, KING, SEVEN, Card, Suit, cards_of, fmt_cards, mask_of
from lanterloo.engine.events import (
    Committed,
    DealerTakesPool,
    DealStarted,
    Dealt,
    Declared,
    Event,
    Exchanged,
    Forced,
    PlayBegins,
    Played,
    Reshuffled,
    Revealed,
    Settled,
    TrickWon,
    TrumpSet,
    TurnedUp,
)
from lanterloo.errors import IllegalActionError, LooError
from lanterloo.rules import Rules
from lanterloo.scoring import Settlement, Stakes
from lanterloo.tables import JACKS, NO_TRUMP, Tables, loo_tables, louse_tables

TERMINAL = -1
# Legal card lists by mask, shared by all deals (read-only): listing legal cards is the hottest path of play.
_PLAY_LISTS: dict[int, list[Action]] = {}
# Builds an event without NamedTuple's Python-level __new__: one is created per card played.
_new_event = tuple.__new__


class Phase(Enum):
    DECLARE = "declare"  # sequential pass / play / Miss (Loo; Lou sequential)
    COMMIT = "commit"  # Lou's coin declare: secret, revealed together
    EXCHANGE = "exchange"  # five-card / Irish exchange, Lou's draw
    PLAY = "play"
    DONE = "done"


# Module constants: reading ``Phase.PLAY`` costs an enum class lookup on every action of every simulated deal.
_DECLARE, _COMMIT, _EXCHANGE, _PLAY, _DONE = Phase.DECLARE, Phase.COMMIT, Phase.EXCHANGE, Phase.PLAY, Phase.DONE


class Decl(Enum):
    PASS = "pass"
    PLAY = "play"
    MISS = "miss"
    DEFEND = "defend"


# Enum attribute access is slow in Python 3.11; views are built for every bot decision.
_DECL_TEXT: dict[Decl | None, str | None] = {None: None, **{d: d.value for d in Decl}}
_SUITS = tuple(Suit)
_CLUBS = int(Suit.CLUBS)
_DECL_OF: dict[type[Action], Decl] = {
    Pass: Decl.PASS,
    Stand: Decl.PLAY,
    TakeMiss: Decl.MISS,
    DefendMiss: Decl.DEFEND,
}

LOUSE_SEVENS_REMOVED = (1 << (Suit.CLUBS * 13 + SEVEN)) | (1 << (Suit.SPADES * 13 + SEVEN))


def deck_for(rules: Rules, players: int) -> list[Card]:
    """The cards a deal uses, in a canonical order."""
    if rules.game != "louse":
        return list(CARDS)
    cards = [c for c in CARDS if c.rank >= SEVEN]
    if players == 3 and rules.louse3_mode == "remove_two_sevens":
        cards = [c for c in cards if not (LOUSE_SEVENS_REMOVED >> c) & 1]
    return cards


def packets(rules: Rules, players: int) -> tuple[int, ...]:
    """How many cards each seat gets in each round of the deal (LOO-DEAL-1, LOUSE-DEAL-1)."""
    if rules.game == "louse":
        return (3, 4, 3) if players == 3 else (3, 2, 3)
    return (1,) * rules.hand_size


class TrickRecord(NamedTuple):
    """A finished trick. Immutable, so views and copies share it (a NamedTuple: one is made per trick)."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int
    civil: bool = False


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know, and all a client needs to draw and explain the table. ``seat=None`` is a spectator.

    Built only by ``Deal.view``. Immutable, and it holds tuples and frozen records only, so it shares nothing that
    could change with the deal: a bot may keep it, and cannot alter the game through it.
    """

    rules: Rules
    seat: int | None
    players: int
    dealer: int
    phase: Phase
    to_act: int  # the seat to act next (TERMINAL when the deal is over)
    seats_to_act: tuple[int, ...]  # every seat that may act now (several during Lou's secret commit)
    stacks: tuple[int, ...]
    pool: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    turnup: Card | None
    trump: Suit | None
    pam: Card | None  # the card that is Pam this deal, if any (PAM-1)
    declarations: tuple[str | None, ...]
    committed: tuple[bool, ...]
    in_play: tuple[bool, ...]
    miss_taker: int | None
    miss_withdrawn: bool
    defended: bool
    stock_size: int
    exchange_limit: int  # how many cards the seat to act may exchange or draw now (0 outside the exchange)
    trick: tuple[tuple[int, Card], ...]
    trick_civil: bool
    best_card: Card | None  # the card heading the trick so far, and its seat
    best_seat: int | None
    tricks: tuple[TrickRecord, ...]
    tricks_won: tuple[int, ...]
    exchanged: tuple[int | None, ...]
    flushes: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards) of each flush shown (PAM-FLUSH-1)
    points: tuple[int, ...]  # Louse: penalty points taken so far by each seat (empty in other games)
    stakes: Stakes  # what each open choice can win or cost now, as the settlement will count it
    legal: tuple[Action, ...]
    settlement: Settlement | None
    events: tuple[Event, ...] = ()


class Deal:
    """A single deal. Construct it with the table as it stands; act on it with ``apply``.

    ``stacks`` are chip stacks before the antes; ``pool`` is what the pool carries in from the last deal.
    Give either ``deck`` (an explicit order, top card first) or ``seed``/``rng`` for a shuffle; the engine never
    touches the global ``random``. ``ante`` says whether antes are taken (Lou antes only when a game starts).
    """

    # Slots, not a __dict__: attribute access is on the hot path of every simulated move.
    __slots__ = (
        "_legal_cache",
        "_play_mask",
        "_reshuffles",
        "_rng",
        "actions",
        "anted",
        "antes",
        "best_card",
        "best_seat",
        "carried",
        "commits",
        "dead",
        "dealer",
        "deck",
        "decl",
        "defended",
        "eldest",
        "events",
        "exchanged",
        "flushes",
        "forced_all",
        "hands",
        "hands_in_play",
        "in_play",
        "is_over",
        "leader",
        "miss",
        "miss_taker",
        "miss_withdrawn",
        "n",
        "next_seat",
        "order",
        "pam",
        "pam_holder",
        "phase",
        "played",
        "pool",
        "rules",
        "settlement",
        "stacks",
        "stock",
        "stock_pos",
        "tables",
        "taken",
        "to_act",
        "trick",
        "trick_civil",
        "trick_no",
        "tricks",
        "tricks_won",
        "trump",
        "turnup",
        "widow",
    )

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        dealer: int = 0,
        *,
        pool: int = 0,
        deck: Sequence[int] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        ante: bool = True,
        reshuffles: Sequence[Sequence[int]] | None = None,
    ) -> None:
        n = len(stacks)
        rules.check_players(n)
        if not 0 <= dealer < n:
            raise LooError(f"The dealer must be a seat from 0 to {n - 1}, not {dealer}.")
        if any(s < 0 for s in stacks) or pool < 0:
            raise LooError("Stacks and the pool cannot be negative.")
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.eldest = (dealer + 1) % n
        self.stacks = list(stacks)
        self._rng = rng if rng is not None else random.Random(seed)
        self._reshuffles = [list(r) for r in reshuffles] if reshuffles is not None else None
        base = deck_for(rules, n)
        if deck is None:
            order = base
            # Fisher-Yates with random() rather than random.shuffle: same uniformity to within 2**-50, and
            # about 1.5 times faster (measured on 3.11), which matters to simulations that deal millions of times.
            rnd = self._rng.random
            for i in range(len(order) - 1, 0, -1):
                j = int(rnd() * (i + 1))
                order[i], order[j] = order[j], order[i]
        else:
            order = [Card(int(c)) for c in deck]
            if sorted(order) != sorted(base):
                raise LooError(f"The deck must hold each of the {len(base)} cards of this game exactly once.")
        self.deck: list[Card] = order
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.carried = pool  # what the pool held before this deal's antes (Bold Stand looks at it)
        self.pool = pool
        self.antes = [0] * n
        self.settlement: Settlement | None = None
        # A plain attribute, not a property: every driving loop reads it once per action.
        self.is_over = False
        self._legal_cache: list[Action] | None = None
        self._play_mask = -1

        # --- ante (LOO-ANTE-1, LOU-ANTE-1) ---
        if ante and rules.game != "louse" and rules.ante > 0:
            for s in range(n):
                paid = min(rules.ante_owed(s, dealer), self.stacks[s])  # SESSION-3: table stakes
                self.stacks[s] -= paid
                self.antes[s] = paid
                self.pool += paid
        self.anted = ante
        self.events.append(DealStarted(dealer, tuple(stacks), pool, ante, tuple(self.antes), tuple(order)))

        # --- deal (LOO-DEAL-1/2, LOUSE-DEAL-1) ---
        self.hands = [0] * n
        self.miss = 0
        self.widow = 0
        pos = 0
        with_miss = rules.miss
        hands = self.hands
        seats = [(self.eldest + k) % n for k in range(n)]
        for size in packets(rules, n):
            if size == 1:
                for s in seats:
                    hands[s] |= 1 << order[pos]
                    pos += 1
            else:
                for s in seats:
                    for c in order[pos : pos + size]:
                        hands[s] |= 1 << c
                    pos += size
            if with_miss:
                self.miss |= 1 << order[pos]
                pos += 1
        if rules.game == "louse" and n == 3 and rules.louse3_mode == "widow":
            for c in order[pos : pos + 2]:
                self.widow |= 1 << c
            pos += 2
        self.turnup: Card | None = None
        if rules.trump_mode == "turnup":
            self.turnup = order[pos]
            pos += 1
        self.stock: list[Card] = order[pos:]
        self.stock_pos = 0
        self.dead = 0  # passed hands, discards, a swapped-out hand: out of play, face down
        self.played = 0  # cards in finished tricks

        # --- trumps (LOO-TRUMP-1, IRISH-TRUMP-1, LOUSE-PLAY-1, PAM-1) ---
        self.pam = -1
        if rules.game == "louse":
            self.tables: Tables = louse_tables(rules.louse_rank, rules.louse_jack_order)
            self.trump = JACKS
        elif self.turnup is not None:
            self.trump = self.turnup // 13  # an int: enum lookups are slow on this path
            if rules.pam == "jack_of_clubs":
                self.pam = _CLUBS * 13 + JACK
            elif rules.pam == "jack_of_trump_suit":
                self.pam = self.trump * 13 + JACK
            if self.pam == self.turnup:
                self.pam = -1  # Pam turned up: out of play, clubs are trumps (PAM-1)
            self.tables = loo_tables(self.trump, self.pam)
        else:
            self.trump = NO_TRUMP
            self.tables = loo_tables(NO_TRUMP)
        self.events.append(Dealt())
        if self.turnup is not None:
            self.events.append(TurnedUp(self.turnup))

        # --- declaration state ---
        self.decl: list[Decl | None] = [None] * n
        self.commits: list[Decl | None] = [None] * n
        self.in_play = [False] * n
        self.miss_taker: int | None = None
        self.defended = False
        self.exchanged: list[int | None] = [None] * n  # cards exchanged by each seat (None: not yet)
        self.flushes: dict[int, list[Card]] = {}
        self.forced_all = False
        self.miss_withdrawn = False
        if rules.game == "loo":
            trigger = self.carried == 0 and rules.bold_stand == "everyone"
            club = rules.club_law and self.trump == _CLUBS and rules.trump_mode == "turnup"
            if trigger or club:
                self.forced_all = True
                self.miss_withdrawn = rules.miss and (club or rules.bold_stand_withdraw_miss)
                rid = "LOO-DECL-7" if club else "LOO-DECL-8"
                self.events.append(Forced(rid, self.miss_withdrawn))

        # --- play state ---
        self.trick: list[tuple[int, Card]] = []
        self.trick_civil = False
        self.trick_no = 0
        self.tricks: list[TrickRecord] = []
        self.tricks_won = [0] * n
        self.taken = [0] * n  # Louse: cards each seat has taken in tricks
        self.best_card = -1
        self.best_seat = -1
        self.leader = -1
        self.hands_in_play = 0
        self.order: list[int] = []
        self.next_seat: list[int] = []
        self.pam_holder = -1

        self.to_act = self.eldest
        if rules.game == "louse":
            for s in range(n):
                self.in_play[s] = True
            self._start_play()
        elif rules.declare == "coin":
            self.phase = _COMMIT
        else:
            self.phase = _DECLARE
            self._prepare_declarer()

    # ------------------------------------------------------------------------------------------------ queries

    def current_player(self) -> int:
        """The seat to act, or TERMINAL (-1) when the deal is settled."""
        return TERMINAL if self.phase is _DONE else self.to_act

    def seats_to_act(self) -> list[int]:
        """Every seat that may act now: several during Lou's secret commit, otherwise the current player."""
        if self.phase is _DONE:
            return []
        if self.phase is _COMMIT:
            return [s for s in self._ring(self.eldest) if self.commits[s] is None]
        return [self.to_act]

    def hand(self, seat: int) -> list[Card]:
        return cards_of(self.hands[seat])

    def _ring(self, start: int) -> list[int]:
        return [(start + k) % self.n for k in range(self.n)]

    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    # --------------------------------------------------------------------------------------------- legality

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the current player)."""
        if seat is not None and seat != self.to_act:
            if self.phase is _COMMIT and 0 <= seat < self.n and self.commits[seat] is None:
                return [STAND, PASS]
            return []
        cache = self._legal_cache
        if cache is not None:
            return list(cache)  # a copy: callers may shuffle or trim what they get
        phase = self.phase
        out: list[Action]
        if phase is _PLAY:
            mask = self._play_mask if self._play_mask >= 0 else self._constraint()[0]
            self._play_mask = mask
            civil_ace = self._civil_choice_card() if self.pam >= 0 else -1
            cached = _PLAY_LISTS.get(mask) if civil_ace < 0 else None
            if cached is None:
                out = []
                m = mask
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    m ^= low
                    out.append(PLAYS[c])
                    if c == civil_ace:
                        out.append(PLAYS_CIVIL[c])
                if civil_ace < 0 and len(_PLAY_LISTS) < 500_000:
                    _PLAY_LISTS[mask] = out
            else:
                out = cached
            self._legal_cache = out
            return list(out)
        elif phase is _DONE:
            out = []
        elif phase is _COMMIT:
            out = [STAND, PASS]
        elif phase is _DECLARE:
            out = self._declare_options()
        else:
            hand = self.hands[self.to_act]
            limit = self._exchange_limit()
            out = []
            sub = hand
            while True:
                if sub.bit_count() <= limit:
                    out.append(discard(sub))
                if sub == 0:
                    break
                sub = (sub - 1) & hand
            out.reverse()
        self._legal_cache = out
        return list(out)

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        try:
            self.check(action, seat)
        except IllegalActionError:
            return False
        return True

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise IllegalActionError with the plain reason and rule ID if ``action`` is not legal now."""
        phase = self.phase
        if phase is _DONE:
            raise IllegalActionError("The deal is over; no more actions can be taken", "COMMON-4")
        if phase is _COMMIT:
            if seat is None:
                seat = self.to_act
            if not 0 <= seat < self.n or self.commits[seat] is not None:
                raise IllegalActionError("{seat} has already committed", "LOU-DECL-1", {"seat": seat})
            if not isinstance(action, (Stand, Pass)):
                raise IllegalActionError("Now each player commits In or Out, in secret", "LOU-DECL-1")
            return
        if seat is not None and seat != self.to_act:
            raise IllegalActionError(
                "It is {to_act}'s turn, not {seat}'s", "COMMON-4", {"to_act": self.to_act, "seat": seat}
            )
        if phase is _PLAY:
            if not isinstance(action, Play):
                raise IllegalActionError("Now is the time to play a card", "COMMON-4")
            self._check_play(action)
            return
        if phase is _DECLARE:
            self._check_declare(action)
            return
        if not isinstance(action, Discard):
            raise IllegalActionError(
                "Now is the time to exchange: choose the cards to discard (or none)",
                "PAM-EXCH-1" if self.rules.game == "loo" else "LOU-DRAW-1",
            )
        hand = self.hands[self.to_act]
        if action.mask & ~hand:
            missing = cards_of(action.mask & ~hand)
            raise IllegalActionError(
                f"You cannot discard {fmt_cards(missing, True)}: it is not in your hand", "PAM-EXCH-1"
            )
        limit = self._exchange_limit()
        if action.count > limit:
            rid = "LOU-DRAW-1" if self.rules.game == "lou" else "PAM-EXCH-2"
            raise IllegalActionError(f"You may exchange at most {limit} card{'s' if limit != 1 else ''} now", rid)

    # --- declaration ---

    def _prepare_declarer(self) -> None:
        """Resolve the dealer's automatic win when everyone before him passed (LOO-DECL-3)."""
        r = self.rules
        s = self.to_act
        if (
            s == self.dealer
            and r.game == "loo"
            and r.dealer_takes_all_pass
            and not self.forced_all
            and not any(self.in_play)
        ):
            self.decl[s] = Decl.PLAY
            self.in_play[s] = True
            self.events.append(DealerTakesPool(s, "LOO-DECL-3"))
            self._settle_uncontested(s, "LOO-DECL-3")

    def _declare_options(self) -> list[Action]:
        r = self.rules
        if not self.forced_all and self.to_act != self.dealer and r.bold_stand != "dealer_and_last":
            # The common case, decided without building the table: pass, play, and the Miss while it is free.
            if r.miss and self.miss_taker is None and not self.miss_withdrawn and not self.defended:
                return [PASS, STAND, TAKE_MISS]
            return [PASS, STAND]
        return [a for a, _ in self._declare_table()]

    def _declare_table(self) -> list[tuple[Action, str]]:
        """The declarations open to the seat to act, each with the rule that grants or shapes it."""
        r = self.rules
        s = self.to_act
        miss_free = r.miss and self.miss_taker is None and not self.miss_withdrawn and not self.defended
        if self.forced_all:
            rid = "LOO-DECL-7" if (r.club_law and self.trump == Suit.CLUBS) else "LOO-DECL-8"
            opts: list[tuple[Action, str]] = [(STAND, rid)]
            if miss_free:
                opts.append((TAKE_MISS, "LOO-DECL-2"))
            return opts
        pass_ok = True
        defend = False
        if r.game == "loo" and r.bold_stand == "dealer_and_last" and self.carried == 0:
            last = (self.dealer - 1) % self.n
            if s in (last, self.dealer) and all(
                self.decl[t] is Decl.PASS for t in self._ring(self.eldest)[: self.n - 2]
            ):
                pass_ok = False
        if s == self.dealer and r.game == "loo":
            standing = [t for t in range(self.n) if self.in_play[t]]
            own = [t for t in standing if t != self.miss_taker]
            if len(standing) == 1 and own:
                # lone_player=wins_pool only adds the right to pass (A-BG-1); defending stays open
                pass_ok = pass_ok and r.lone_player != "dealer_must_play"
                defend = r.miss and miss_free and r.defend_miss != "never"
            elif len(standing) >= 2 and r.defend_miss == "at_least_one" and miss_free:
                defend = True
        opts = []
        if pass_ok:
            opts.append((PASS, "LOO-DECL-1"))
        opts.append((STAND, "LOO-DECL-1"))
        if miss_free:
            opts.append((TAKE_MISS, "LOO-DECL-2"))
        if defend:
            opts.append((DEFEND_MISS, "LOO-DECL-6"))
        return opts

    def _check_declare(self, action: Action) -> None:
        table = self._declare_table()
        if any(a == action for a, _ in table):
            return
        r = self.rules
        s = self.to_act
        if isinstance(action, Pass):
            if self.forced_all:
                if r.club_law and self.trump == Suit.CLUBS:
                    raise IllegalActionError("Clubs are trumps, so under Club Law everyone must play", "LOO-DECL-7")
                raise IllegalActionError(
                    "Bold Stand: nobody may pass a pool of nothing but this deal's antes", "LOO-DECL-8"
                )
            if s == self.dealer and r.game == "loo" and r.lone_player == "dealer_must_play":
                raise IllegalActionError(
                    "Only one player stands on his own hand, so the dealer may not pass: play, take the Miss "
                    "or defend it"
                    if r.miss
                    else "Only one player stands, so the dealer may not pass: he must play",
                    "LOO-DECL-5",
                )
            raise IllegalActionError(
                "Bold Stand: you and the dealer must play a pool of nothing but antes", "LOO-DECL-8"
            )
        if isinstance(action, TakeMiss):
            if not r.miss:
                raise IllegalActionError(f"There is no Miss in {r.preset}", "LOO-DEAL-2")
            if self.miss_withdrawn:
                club = r.club_law and self.trump == Suit.CLUBS
                raise IllegalActionError(
                    "The Miss has been set aside this deal", "LOO-DECL-7" if club else "LOO-DECL-8"
                )
            taker = self.miss_taker
            if taker is not None:
                raise IllegalActionError("{taker} has already taken the Miss", "LOO-DECL-2", {"taker": taker})
            raise IllegalActionError("The dealer is defending the Miss", "LOO-DECL-2")
        if isinstance(action, DefendMiss):
            if s != self.dealer:
                raise IllegalActionError("Only the dealer may defend the Miss", "LOO-DECL-6")
            if not r.miss or r.defend_miss == "never":
                raise IllegalActionError(f"Defending the Miss is not part of {r.preset}", "LOO-DECL-6")
            if self.miss_taker is not None:
                raise IllegalActionError("The Miss has been taken, so it cannot be defended", "LOO-DECL-6")
            if self.forced_all:
                raise IllegalActionError("The Miss has been set aside this deal", "LOO-DECL-6")
            need = "exactly one player" if r.defend_miss == "exactly_one" else "at least one player"
            raise IllegalActionError(
                f"The dealer may defend the Miss only when {need} stands on his own hand", "LOO-DECL-6"
            )
        raise IllegalActionError(
            "Now is the time to declare: pass, play or take the Miss"
            if r.miss
            else "Now is the time to declare: pass or play",
            "LOO-DECL-1",
        )

    # --- play ---

    def _civil_choice_card(self) -> int:
        """The ace of trumps, when leading it lets the leader choose to say "Pam, be civil" (PAM-2)."""
        if self.pam < 0 or self.trick or self.rules.pam_civil != "ask":
            return -1
        return self.trump * 13 + ACE

    def _constraint(self) -> tuple[int, str, Any]:
        """Allowed cards of the seat to play, the rule that binds them ("" if none) and details for the reason."""
        s = self.to_act
        hand = self.hands[s]
        t = self.tables
        r = self.rules
        trick = self.trick
        pam = self.pam
        if not trick:
            return self._lead_constraint(hand)
        led = t.eff[trick[0][1]]
        best = self.best_card
        if r.game == "louse":
            f = hand & t.suit_mask[led]
            return (f, "LOUSE-PLAY-1", led) if f else (hand, "", None)
        privileged = False
        if pam >= 0 and (hand >> pam) & 1:
            if self.trick_civil and hand != (1 << pam):
                only_trump = (hand & t.trump_mask) == (1 << pam)
                if not (r.pam_civil_only_trump_exception and only_trump):
                    hand &= ~(1 << pam)  # PAM-2: Pam may not be played to this trick
            elif r.pam_privileged and hand != (1 << pam):
                hand &= ~(1 << pam)
                privileged = True
        if r.game == "lou" and not r.lou_follow_suit:
            w = hand & t.beaten_by[best]
            res = (w, "LOU-PLAY-1", best) if w else (hand, "", None)
        else:
            f = hand & t.suit_mask[led]
            if f:
                w = f & t.beaten_by[best]
                res = (w, "LOO-PLAY-2", best) if w else (f, "LOO-PLAY-1", led)
            else:
                tr = hand & t.trump_mask
                if tr:
                    w = tr & t.beaten_by[best]
                    if w:
                        trumped = t.eff[best] == self.trump
                        res = (w, "LOO-PLAY-4" if trumped else "LOO-PLAY-3", best)
                    elif r.void_trump_duty == "always":
                        res = (tr, "LOO-PLAY-5", led)
                    else:
                        res = (hand, "", None)
                else:
                    res = (hand, "", None)
        if privileged:
            return (res[0] | (1 << pam), res[1], res[2])
        return res

    def _lead_constraint(self, hand: int) -> tuple[int, str, Any]:
        r = self.rules
        t = self.tables
        if r.game != "loo" or self.trump == NO_TRUMP:
            return hand, "", None
        pam = self.pam
        trumps = hand & t.trump_mask
        if r.pam_privileged and pam >= 0:
            trumps &= ~(1 << pam)  # a privileged Pam is never compulsory
        heads_up = self.hands_in_play == 2
        if self.trick_no == 0:
            if r.first_lead_forced:
                ace = self.trump * 13 + ACE
                forced = 1 << (self.trump * 13 + KING) if self.turnup == ace else 1 << ace
                rid = "LOO-LEAD-2"
                if pam >= 0 and r.forced_lead_cards == "pam_or_ace":
                    rid = "PAM-3"
                    if not r.pam_privileged:
                        forced |= 1 << pam
                f = hand & forced
                if f:
                    return f, rid, forced
            mode = r.first_trump_lead
            n = trumps.bit_count()
            duty = (
                (mode == "two_trumps" and n >= 2)
                or (mode == "any_trump" and n >= 1)
                or (mode == "heads_up_only" and n >= 1 and heads_up)
            )
            if duty:
                hi = r.trump_lead_highest
                if hi == "always" or (hi == "heads_up" and heads_up) or mode == "heads_up_only":
                    return self._top_trumps(trumps), "LOO-LEAD-4", None
                return trumps, "LOO-LEAD-3", n
            return hand, "", None
        mode2 = r.later_trump_lead
        if mode2 == "off" or not trumps:
            return hand, "", None
        if mode2 == "highest" or (mode2 == "highest_if_two_active" and heads_up):
            return self._top_trumps(trumps), "LOO-LEAD-5", "highest"
        return trumps, "LOO-LEAD-5", None

    def _top_trumps(self, trumps: int) -> int:
        """The highest trump held, or (option equivalent_cards) every trump as good as it (LOO-LEAD-4)."""
        t = self.tables
        order = t.by_power(trumps)
        top = 1 << order[0]
        if not self.rules.equivalent_cards:
            return top
        out_of_play = self.played | (1 << self.turnup if self.turnup is not None else 0)
        all_trumps = t.by_power(t.trump_mask)
        prev = order[0]
        for c in order[1:]:
            between = [d for d in all_trumps if t.power[c] < t.power[d] < t.power[prev]]
            if all((out_of_play >> d) & 1 for d in between):
                top |= 1 << c
                prev = c
            else:
                break
        return top

    def _check_play(self, action: Play) -> None:
        s = self.to_act
        card = action.card
        if not (self.hands[s] >> card) & 1:
            raise IllegalActionError(f"You do not hold the {card.unicode}", "COMMON-4")
        mask, rid, detail = self._constraint()
        if action.civil and card != self._civil_choice_card():
            if self.pam >= 0 and not self.trick and card == self.trump * 13 + ACE:
                # pam_civil=auto: the call goes with every such lead, so there is only one move to list
                raise IllegalActionError(
                    f"'Pam, be civil' is said automatically under these rules: just play the {card.unicode}", "PAM-2"
                )
            raise IllegalActionError("Only a lead of the ace of trumps can say 'Pam, be civil'", "PAM-2")
        if (mask >> card) & 1:
            return
        if card == self.pam and self.trick_civil:
            raise IllegalActionError(
                "Pam, be civil: the ace of trumps was led with the call, so Pam may not be played to this trick",
                "PAM-2",
            )
        t = self.tables
        if self.trick and rid in ("LOO-PLAY-2", "LOO-PLAY-3", "LOO-PLAY-4"):
            # Name the first duty the card breaks: a card off the suit led breaks "follow suit" before
            # "head the trick", and a plain card on a trick one must trump breaks "trump" before "overtrump".
            led = t.eff[self.trick[0][1]]
            hand = self.hands[s]
            if rid == "LOO-PLAY-2" and t.eff[card] != led:
                held = fmt_cards(t.by_power(hand & t.suit_mask[led]), unicode=True)
                heads = fmt_cards(t.by_power(mask), unicode=True)
                raise IllegalActionError(
                    f"You must follow {Suit(led).plural}: you hold {held}, and your {heads} must head the trick",
                    "LOO-PLAY-1",
                )
            if rid == "LOO-PLAY-4" and t.eff[card] != self.trump and not hand & t.suit_mask[led]:
                held = fmt_cards(t.by_power(hand & t.trump_mask), unicode=True)
                raise IllegalActionError(
                    f"You have no {self._suit_name(led)}, so you must trump: you hold {held}", "LOO-PLAY-3"
                )
        raise IllegalActionError(self._reason(card, mask, rid, detail), rid or "COMMON-4")

    def _reason(self, card: Card, mask: int, rid: str, detail: Any) -> str:
        allowed = fmt_cards(self.tables.by_power(mask), unicode=True)
        mine = card.unicode
        if rid == "LOO-PLAY-1":
            return f"You must follow {Suit(detail).plural}: you hold {allowed}"
        if rid == "LOO-PLAY-2":
            w = fmt_cards(self.tables.by_power(mask), True)
            return f"You must head the trick: your {w} beats the {Card(detail).unicode} on the table"
        if rid == "LOO-PLAY-3":
            return (
                f"You have no {self._suit_name(self.tables.eff[self.trick[0][1]])}, so you must trump: "
                f"you hold {allowed}"
            )
        if rid == "LOO-PLAY-4":
            return f"You must overtrump: your {allowed} beats the {Card(detail).unicode} on the table"
        if rid == "LOO-PLAY-5":
            return (
                f"You have no {self._suit_name(detail)}, so you must play a trump even though it cannot "
                f"win: you hold {allowed}"
            )
        if rid == "LOU-PLAY-1":
            return f"You must beat the {Card(detail).unicode} if you can: your {allowed} beats it, the {mine} does not"
        if rid == "LOUSE-PLAY-1":
            if detail == JACKS:
                return f"A jack was led, so you must play a jack: you hold {allowed}"
            return f"You must follow {Suit(detail).plural} (a jack is not one of them): you hold {allowed}"
        if rid == "LOO-LEAD-2":
            return f"You must lead the {fmt_cards(cards_of(mask), True)}: the top trump leads the first trick"
        if rid == "PAM-3":
            return f"You must lead Pam or the ace of trumps: you hold {allowed}"
        if rid == "LOO-LEAD-3":
            if detail == 1:
                return f"You hold a trump, so you must lead it: {allowed}"
            return f"You hold {detail} trumps, so you must lead one: {allowed}"
        if rid == "LOO-LEAD-4":
            return f"Only two hands are in play (or the rules say so): you must lead your highest trump, {allowed}"
        if rid == "LOO-LEAD-5":
            what = "your highest trump" if detail == "highest" else "a trump"
            return f"The winner of a trick must lead {what}: you hold {allowed}"
        if rid == "PAM-2":
            return "Pam, be civil: Pam may not be played to this trick"
        return f"The {mine} cannot be played now"

    def _suit_name(self, eff: int) -> str:
        return "jacks" if eff == JACKS else Suit(eff).plural

    # --- exchange ---

    def _exchange_limit(self) -> int:
        r = self.rules
        left = self.stock_left()
        if r.exchange_shortfall == "reshuffle":  # Lou's draw too (LOU-DRAW-1 follows PAM-EXCH-2)
            left += self.dead.bit_count()
        cap = r.lou_draw if r.game == "lou" else self.hands[self.to_act].bit_count()
        return min(cap, left)

    # ---------------------------------------------------------------------------------------------- applying

    def apply(self, action: Action, seat: int | None = None) -> Event:
        """Apply a player's action (checked first; an illegal one changes nothing). Returns its event."""
        phase = self.phase
        if phase is _PLAY and (seat is None or seat == self.to_act) and isinstance(action, Play):
            mask = self._play_mask
            if mask < 0:
                mask = self._constraint()[0]
            if not (mask >> action.card) & 1 or action.civil:
                self._check_play(action)
            return self._play(action)
        cache = self._legal_cache
        # a legal list already computed for this state is the same legality path, just memoised
        if cache is None or seat not in (None, self.to_act) or action not in cache:
            self.check(action, seat)
        if phase is _COMMIT:
            return self._commit(action, self.to_act if seat is None else seat)
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Discard):
            return self._exchange(action)
        return self._declare(action)

    def _invalidate(self) -> None:
        self._legal_cache = None
        self._play_mask = -1

    def _commit(self, action: Action, seat: int) -> Event:
        self._invalidate()
        d = Decl.PLAY if isinstance(action, Stand) else Decl.PASS
        self.commits[seat] = d
        self.actions.append((seat, action))
        assert isinstance(action, (Stand, Pass))  # check() let nothing else through
        ev = Committed(seat, action)
        self.events.append(ev)
        pending = [s for s in self._ring(self.eldest) if self.commits[s] is None]
        if pending:
            self.to_act = pending[0]
            return ev
        for s in range(self.n):
            self.decl[s] = self.commits[s]
            self.in_play[s] = self.commits[s] is Decl.PLAY
        self.events.append(Revealed(tuple(self.in_play)))
        self._end_declarations()
        return ev

    def _declare(self, action: Action) -> Event:
        self._invalidate()
        s = self.to_act
        d = _DECL_OF[type(action)]
        self.decl[s] = d
        self.actions.append((s, action))
        shown: tuple[Card, ...] = ()
        if d is Decl.MISS or d is Decl.DEFEND:
            # Taking the Miss and defending it both swap the hand, unseen, for the Miss (LOO-DECL-2, LOO-DECL-6).
            self.dead |= self.hands[s]
            self.hands[s] = self.miss
            self.miss = 0
            if d is Decl.MISS:
                self.miss_taker = s
            else:
                self.defended = True
            shown = tuple(cards_of(self.hands[s]))
        if d is not Decl.PASS:
            self.in_play[s] = True
        else:
            self.dead |= self.hands[s]
            self.hands[s] = 0
        ev = Declared(s, action, shown)
        self.events.append(ev)
        r = self.rules
        if d in (Decl.PLAY, Decl.MISS) and r.exchange == "own_turn" and self._exchange_limit() > 0:
            self.phase = _EXCHANGE
            return ev
        self._next_declarer()
        return ev

    def _next_declarer(self) -> None:
        self.phase = _DECLARE
        self.to_act = (self.to_act + 1) % self.n
        if self.to_act == self.eldest:
            self._end_declarations()
        else:
            self._prepare_declarer()

    def _end_declarations(self) -> None:
        r = self.rules
        self._invalidate()
        if r.exchange == "after_declarations" or (r.game == "lou" and r.lou_draw > 0):
            pending = [s for s in self._ring(self.eldest) if self.in_play[s] and self.exchanged[s] is None]
            if pending and sum(self.in_play) >= 2:
                self.to_act = pending[0]
                if self._exchange_limit() > 0:
                    self.phase = _EXCHANGE
                    return
                for s in pending:
                    self.exchanged[s] = 0
        standing = [s for s in range(self.n) if self.in_play[s]]
        if not standing:
            self._settle_no_play()
            return
        if len(standing) == 1 and not self.defended:
            rid = "LOU-DECL-2" if r.game == "lou" else "LOO-DECL-4"
            self._settle_uncontested(standing[0], rid)
            return
        if self.pam >= 0 or (r.hand_size == 5 and r.game == "loo"):
            flush = scoring.find_flushes(self)
            if flush:
                self._settle_flush(flush)
                return
        self._start_play()

    def _exchange(self, action: Discard) -> Event:
        self._invalidate()
        s = self.to_act
        k = action.count
        drawn: list[Card] = []
        if k > self.stock_left():
            self._reshuffle(s)
        for _ in range(k):
            drawn.append(self.stock[self.stock_pos])
            self.stock_pos += 1
        self.hands[s] = (self.hands[s] & ~action.mask) | mask_of(drawn)
        self.dead |= action.mask
        self.exchanged[s] = k
        self.actions.append((s, action))
        ev = Exchanged(s, action, k, tuple(drawn))
        self.events.append(ev)
        r = self.rules
        if r.exchange == "own_turn":
            self._next_declarer()
            return ev
        pending = [t for t in self._ring(self.eldest) if self.in_play[t] and self.exchanged[t] is None]
        if pending:
            self.to_act = pending[0]
            if self._exchange_limit() > 0:
                return ev
            for t in pending:
                self.exchanged[t] = 0
        self.phase = _DECLARE  # leave the exchange phase; _end_declarations settles or starts play
        self._end_declarations()
        return ev

    def _reshuffle(self, seat: int) -> None:
        """PAM-EXCH-2, option reshuffle: gather the dead cards (never the asker's own), shuffle, draw on."""
        pool = cards_of(self.dead)
        if self._reshuffles is not None:
            if not self._reshuffles:
                raise LooError("The hand history has no record of the reshuffle this exchange needs.")
            order = [Card(c) for c in self._reshuffles.pop(0)]
            if sorted(order) != sorted(pool):
                raise LooError("The recorded reshuffle does not hold exactly the discarded cards.")
        else:
            order = list(pool)
            self._rng.shuffle(order)
        self.dead = 0
        self.stock = self.stock[self.stock_pos :] + order
        self.stock_pos = 0
        self.events.append(Reshuffled(seat, tuple(order)))

    # --- tricks ---

    def _start_play(self) -> None:
        r = self.rules
        n = self.n
        self.phase = _PLAY
        self.order = [s for s in self._ring(self.eldest) if self.in_play[s]]
        self.hands_in_play = len(self.order)
        nxt = [-1] * n
        for i, s in enumerate(self.order):
            nxt[s] = self.order[(i + 1) % len(self.order)]
        self.next_seat = nxt
        if self.pam >= 0:
            for s in self.order:
                if (self.hands[s] >> self.pam) & 1:
                    self.pam_holder = s
        leader = self.order[0]
        if r.miss_holder_leads and self.miss_taker is not None:
            leader = self.miss_taker
        if r.game == "lou" and r.lou_first_lead != "eldest_in" and self.turnup is not None:
            v = 1 if self.turnup.rank == ACE else self.turnup.rank + 2  # ace = 1 ... king = 13
            if r.lou_first_lead == "count_in_players":
                leader = self.order[(v - 1) % len(self.order)]
            else:
                seat = (self.dealer + v) % n
                while not self.in_play[seat]:
                    seat = (seat + 1) % n
                leader = seat
        self.leader = leader
        self.to_act = leader
        self._invalidate()
        self.events.append(PlayBegins(leader, tuple(self.order)))

    def _play(self, action: Play) -> Event:
        s = self.to_act
        card = action.card
        self._legal_cache = None
        self._play_mask = -1
        self.hands[s] &= ~(1 << card)
        trick = self.trick
        t = self.tables
        if not trick:
            if self.trump == NO_TRUMP:  # IRISH-TRUMP-1: the first card led sets trumps
                self.trump = card // 13
                self.tables = t = loo_tables(self.trump)
                self.events.append(TrumpSet(s, _SUITS[self.trump]))
            self.trick_civil = action.civil or (
                self.pam >= 0 and self.rules.pam_civil == "auto" and card == self.trump * 13 + ACE
            )
            self.best_card = card
            self.best_seat = s
        elif (t.beaten_by[self.best_card] >> card) & 1 and not (
            # PAM-2: only a Pam played because it was the last card (the hand is now empty) can be made to lose
            card == self.pam and self.trick_civil and not self.hands[s] and self.rules.pam_civil_last_card == "loses"
        ):
            self.best_card = card
            self.best_seat = s
        trick.append((s, card))
        self.actions.append((s, action))
        ev = _new_event(Played, (s, action))
        self.events.append(ev)
        if len(trick) < self.hands_in_play:
            self.to_act = self.next_seat[s]
            return ev
        # the trick is complete (COMMON-5)
        w = self.best_seat
        rec = _new_event(TrickRecord, (trick[0][0], tuple(trick), w, self.trick_civil))
        self.tricks.append(rec)
        self.tricks_won[w] += 1
        m = 0
        for _, c in trick:
            m |= 1 << c
        self.played |= m
        self.taken[w] |= m
        self.events.append(_new_event(TrickWon, (w, self.trick_no + 1)))
        self.trick = []
        self.trick_civil = False
        self.trick_no += 1
        if not self.hands[w]:  # every hand in play holds the same number of cards
            self._settle_tricks()
            return ev
        if self.rules.game == "lou" and self.rules.lou_later_leads == "same_leader":
            w = self.leader
        self.to_act = w
        return ev

    # ------------------------------------------------------------------------------------------- settlement

    def _finish(self, st: Settlement) -> None:
        for s in range(self.n):
            self.stacks[s] += st.won[s] - st.paid[s]
        self.pool = st.pool_after
        self.settlement = st
        self.phase = _DONE
        self.is_over = True
        self.to_act = TERMINAL
        self._invalidate()
        self.events.append(Settled(st))

    def _settle_uncontested(self, seat: int, rule: str) -> None:
        self._finish(scoring.settle_uncontested(self, seat, rule))

    def _settle_no_play(self) -> None:
        self._finish(scoring.settle_no_play(self))

    def _settle_flush(self, flush: scoring.FlushResult) -> None:
        self._finish(scoring.settle_flush(self, flush))

    def _settle_tricks(self) -> None:
        self._finish(scoring.settle_tricks(self))

    # ------------------------------------------------------------------------------------------------- views

    def view(self, seat: int | None, *, with_events: bool = True) -> View:
        """Everything ``seat`` may know, and nothing else (None: a spectator).

        ``with_events=False`` leaves out the censored event log, which bots do not need and which makes a view
        cost grow with the length of the deal.
        """
        r = self.rules
        if seat is not None and not 0 <= seat < self.n:
            raise LooError(f"There is no seat {seat}: the seats are 0 to {self.n - 1}.")
        playing = self.phase is _PLAY
        return View(
            rules=r,
            seat=seat,
            players=self.n,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act,
            seats_to_act=tuple(self.seats_to_act()),
            stacks=tuple(self.stacks),
            pool=self.pool,
            hand=tuple(cards_of(self.hands[seat])) if seat is not None else (),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            turnup=self.turnup,
            trump=_SUITS[self.trump] if 0 <= self.trump < 4 else None,
            pam=CARDS[self.pam] if self.pam >= 0 else None,
            declarations=tuple(_DECL_TEXT[d] for d in self.decl),
            committed=tuple(c is not None for c in self.commits),
            in_play=tuple(self.in_play),
            miss_taker=self.miss_taker,
            miss_withdrawn=self.miss_withdrawn,
            defended=self.defended,
            stock_size=self.stock_left(),
            exchange_limit=self._exchange_limit() if self.phase is _EXCHANGE else 0,
            trick=tuple(self.trick),
            trick_civil=self.trick_civil,
            best_card=CARDS[self.best_card] if playing and self.trick else None,
            best_seat=self.best_seat if playing and self.trick else None,
            tricks=tuple(self.tricks),
            tricks_won=tuple(self.tricks_won),
            exchanged=tuple(self.exchanged),
            flushes=tuple((k, tuple(v)) for k, v in self.flushes.items()),
            points=tuple(scoring.louse_points_so_far(self)) if r.game == "louse" else (),
            stakes=scoring.stakes(r, self.pool),
            legal=tuple(self.legal_actions(seat)) if seat is not None else (),
            settlement=self.settlement,
            events=tuple(e.censored(seat) for e in self.events) if with_events else (),
        )

    # ------------------------------------------------------------------------------------------------- copies

    def copy(self) -> Deal:
        """An independent copy (for search bots). Shares only immutable parts."""
        new = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, getattr(self, name))
        new.stacks = list(self.stacks)
        new.hands = list(self.hands)
        new.events = list(self.events)
        new.actions = list(self.actions)
        new.decl = list(self.decl)
        new.commits = list(self.commits)
        new.in_play = list(self.in_play)
        new.exchanged = list(self.exchanged)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.tricks_won = list(self.tricks_won)
        new.taken = list(self.taken)
        new.antes = list(self.antes)
        new.flushes = dict(self.flushes)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._reshuffles = [list(x) for x in self._reshuffles] if self._reshuffles is not None else None
        return new

    # --------------------------------------------------------------------------------------------- replay

    def start_record(self) -> dict[str, Any]:
        """What the deal started from: enough, with the actions, to rebuild it exactly."""
        reshuffles = [[str(c) for c in e.order] for e in self.events if isinstance(e, Reshuffled)]
        return {
            "dealer": self.dealer,
            "stacks": [self.stacks_before[s] for s in range(self.n)],
            "pool": self.carried,
            "ante": self.anted,
            "deck": [str(c) for c in self.deck],  # text, as the hand history stores it
            "reshuffles": reshuffles,
        }

    @property
    def stacks_before(self) -> list[int]:
        first = self.events[0]
        assert isinstance(first, DealStarted)
        return list(first.stacks)

    def state_key(self) -> tuple[Any, ...]:
        """A value that two deals share exactly when they are in the same state (used by replay tests)."""
        return (
            self.phase,
            self.to_act,
            tuple(self.stacks),
            self.pool,
            tuple(self.hands),
            self.miss,
            self.dead,
            self.played,
            tuple(self.decl),
            tuple(self.in_play),
            tuple(self.trick),
            self.trick_no,
            tuple(self.tricks_won),
            self.trump,
            self.stock_pos,
            tuple(self.stock),
            tuple(self.actions),
            self.settlement.to_dict() if self.settlement else None,
        )


def replay(rules: Rules, start: dict[str, Any], actions: Sequence[tuple[int, Action]]) -> Deal:
    """Rebuild a deal from its start record and its actions; raises IllegalActionError on an illegal one."""
    deal = Deal(
        rules,
        start["stacks"],
        start["dealer"],
        pool=start["pool"],
        deck=[Card.parse(c) for c in start["deck"]],
        ante=start.get("ante", True),
        reshuffles=[[Card.parse(c) for c in r] for r in start.get("reshuffles", [])],
    )
    for seat, action in actions:
        deal.apply(action, seat if deal.phase is _COMMIT else None)
    return deal


def replay_events(events: Sequence[Event], rules: Rules) -> Deal:
    """Rebuild a deal from its (uncensored) event list."""
    first = events[0]
    if not isinstance(first, DealStarted) or not first.deck:
        raise LooError("An event list must begin with the (uncensored) deal event.")
    start: dict[str, Any] = {
        "dealer": first.dealer,
        "stacks": list(first.stacks),
        "pool": first.pool,
        "ante": first.ante,
        "deck": [str(c) for c in first.deck],
        "reshuffles": [[str(c) for c in e.order] for e in events if isinstance(e, Reshuffled)],
    }
    acts: list[tuple[int, Action]] = [(e.seat, e.action) for e in events if e.action is not None and e.seat is not None]
    return replay(rules, start, acts)
