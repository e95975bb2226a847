"""Property tests: random legal play over every preset, every player count and the options that change a deal.

Each example deals with a drawn preset (or a random set of house rules), player count, dealer, carried pool and
stacks (small stacks included, so table-stakes shortfalls happen), then plays random legal actions drawn from a
seeded RNG to the end of the deal; a drawn bias towards passing reaches lone players and defended Misses. After
every action the whole state is checked against invariants that hold for every game of the family: chips are
conserved, every card is in exactly one place, the three legality paths agree, a follower's legal cards are those
the rules text gives, and no seat's view (fields, events, anything in it) holds a card hidden from it; in Lou's
coin declare no other seat's view depends on a commitment until all have committed. At the end the tricks went to
the right seats, the settlement adds up, the deal replays exactly from its start record, from its event list and
from a prefix of its actions, a copy played on leaves the original alone, and the same seeds give the same history.
Louse points are recomputed from the card values, and sessions conserve chips and rotate the deal.

Hypothesis runs derandomized (a fixed sequence of examples, no example database), so CI sees the same examples on
every run. The example counts are sized so the file takes about two minutes on one core; the two long searches
are split by configuration and by preset so that pytest-xdist can spread them over its workers.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lanterloo.actions import (
    DEFEND_MISS,
    PASS,
    PLAYS,
    PLAYS_CIVIL,
    STAND,
    TAKE_MISS,
    Action,
    Discard,
    Play,
    discard,
)
from lanterloo.cards import ACE, JACK, KING, QUEEN, TEN, Card, Suit, cards_of, mask_of, parse_card
from lanterloo.engine import TERMINAL, Deal, Phase, deck_for, replay, replay_events
from lanterloo.engine.events import EVENT_TYPES, Committed, Event
from lanterloo.engine.state import PureDeal
from lanterloo.errors import LooError, RulesError
from lanterloo.rules import OPTION_FIELDS, PRESET_NAMES, PRESETS, Rules, option_choices, rules_with
from lanterloo.session import SETTLE_LIMIT, Session

# --- configurations ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """A preset with options, optionally narrowed to the player counts or carried pool that make it matter."""

    preset: str
    options: tuple[tuple[str, Any], ...] = ()
    players: tuple[int, int] | None = None
    pool: int | None = None

    @property
    def rules(self) -> Rules:
        return rules_with(self.preset, dict(self.options))

    def player_range(self) -> tuple[int, int]:
        return self.players if self.players is not None else self.rules.player_range()

    def __str__(self) -> str:
        opts = " ".join(f"{k}={v}" for k, v in self.options)
        return f"{self.preset} {opts}".strip()


PRESET_CONFIGS = [Config(p) for p in PRESET_NAMES]
VARIATIONS = [
    # PAM-EXCH-2: at 10 players the stock holds one card, so exchanges must reshuffle the discards
    Config("five-card", (("exchange_shortfall", "reshuffle"),), players=(8, 10)),
    Config("five-card", (("exchange", "after_declarations"), ("pam_civil", "ask"), ("blaze", True))),
    Config(
        "five-card",
        (
            ("flush_tie", "split"),
            ("flush_paid_to_holder", True),
            ("pam_privileged", True),
            ("flush_payers", "all_players"),
        ),
    ),
    Config("lou", (("lou_draw", 2),)),
    Config("lou", (("lou_draw", 3), ("exchange_shortfall", "reshuffle")), players=(10, 17)),
    Config("lou", (("lou_payout", "B"), ("lou_no_winner", "split_by_tricks"))),
    Config("lou", (("lou_payout", "C"), ("lou_no_winner", "split_equally"), ("lou_match_cap", 4))),
    Config("lou", (("lou_payout", "B"), ("lou_first_lead", "count_all_seats"), ("lou_follow_suit", True))),
    # LOO-DECL-8: Bold Stand binds only when the pool carries nothing in
    Config("three-card", (("bold_stand", "everyone"),), pool=0),
    Config("three-card", (("bold_stand", "dealer_and_last"), ("bold_stand_withdraw_miss", False)), pool=0),
    Config("three-card", (("club_law", True), ("loo_penalty", "pool"), ("remainder", "most_tricks"))),
    Config("three-card", (("ante_mode", "everyone_dealer_double"), ("loo_penalty", "capped"), ("loo_amount", 7))),
    Config(
        "three-card",
        (
            ("miss_holder_leads", True),
            ("lone_player", "wins_pool"),
            ("dealer_takes_all_pass", False),
            ("equivalent_cards", True),
        ),
    ),
    Config("irish", (("trump_mode", "turnup"), ("exchange", "own_turn"))),
    Config("rams-loo", (("defend_miss", "at_least_one"),)),
    # LOUSE-3P-1: three players by option, without two sevens or with a widow
    Config("louse", (("min_players", 3),)),
    Config("louse", (("min_players", 3), ("louse3_mode", "widow")), players=(3, 3)),
    Config(
        "louse",
        (
            ("min_players", 3),
            ("louse3_mode", "widow"),
            ("widow_points", "last_trick_winner"),
            ("diamond_queen", "collect_all_queens"),
        ),
        players=(3, 3),
    ),
    *[
        Config(
            "louse",
            (
                ("diamond_queen", dq),
                ("louse_queen_points", 3),
                ("louse_rank", "skat"),
                ("louse_jack_order", "clubs_high"),
            ),
        )
        for dq in ("cancel_own_bonuses", "cancel_all_queens", "none")
    ],
]
CONFIGS = PRESET_CONFIGS + VARIATIONS


@dataclass(frozen=True)
class Case:
    config: Config
    rules: Rules = field(repr=False)  # the config's rules: a failing example prints only what differs
    players: int
    dealer: int
    pool: int
    stacks: tuple[int, ...]
    deal_seed: int
    play_seed: int
    pass_bias: float = 0.0  # chance of passing whenever a pass is legal: lone players, defended Misses


def choose(deal: Deal, rng: random.Random, pass_bias: float = 0.0) -> tuple[int, Action]:
    """A random seat among those to act and a random legal action of it, passing more often by ``pass_bias``."""
    seats = deal.seats_to_act()
    seat = seats[int(rng.random() * len(seats))]
    legal = deal.legal_actions(seat)
    if pass_bias and PASS in legal and rng.random() < pass_bias:
        return seat, PASS
    return seat, legal[int(rng.random() * len(legal))]


BIAS = st.sampled_from([0.0, 0.0, 0.5, 0.9])


# Small stacks make table-stakes shortfalls (SESSION-3) common; large ones let the usual payments through.
STACK = st.one_of(st.integers(0, 5), st.integers(6, 300))
SEED = st.integers(0, 2**32 - 1)


def mixed(seed: int, *context: Any) -> int:
    """A seed mixed with the rest of the example: Hypothesis draws the same few seeds (0, 2**32 - 1, ...) often,
    and mixing spreads them over different shuffles while the printed example stays reproducible."""
    return random.Random(repr((seed, *context))).getrandbits(32)


@st.composite
def cases(draw: st.DrawFn, configs: list[Config] = CONFIGS, stack: st.SearchStrategy[int] = STACK) -> Case:
    cfg = draw(st.sampled_from(configs))
    lo, hi = cfg.player_range()
    n = draw(st.integers(lo, hi))
    pool = cfg.pool if cfg.pool is not None else draw(st.integers(0, 40))
    dealer = draw(st.integers(0, n - 1))
    stacks = tuple(draw(st.lists(stack, min_size=n, max_size=n)))
    context = (str(cfg), n, dealer, pool, stacks)
    deal_seed, play_seed = mixed(draw(SEED), 1, *context), mixed(draw(SEED), 2, *context)
    return Case(cfg, cfg.rules, n, dealer, pool, stacks, deal_seed, play_seed, draw(BIAS))


# Option values worth drawing for the free-valued (int) options; the Literal and bool options draw any value.
INT_CHOICES: dict[str, tuple[int, ...]] = {
    "ante": (0, 1, 3, 5),
    "loo_amount": (0, 2, 3, 7),
    "lou_draw": (0, 1, 3),
    "lou_match_cap": (0, 5),
    "lou_ante_min": (3, 6, 9),
    "lou_ante_max": (6, 15, 30),
    "louse_queen_points": (2, 3),
    "hand_size": (3, 5),
    "min_players": (2, 3, 4),
}
FIXED = {"preset", "game", "louse_target"}


@st.composite
def house_rules(draw: st.DrawFn, presets: Sequence[str] = PRESET_NAMES) -> Case:
    """A preset with a random set of house rules. A drawn change that the rules reject is skipped, in order."""
    preset = draw(st.sampled_from(presets))
    rules = PRESETS[preset]
    names = draw(st.lists(st.sampled_from(sorted(set(OPTION_FIELDS) - FIXED)), max_size=8, unique=True))
    for name in names:
        choices = option_choices(name)
        if choices is None:
            choices = (False, True) if isinstance(getattr(rules, name), bool) else INT_CHOICES[name]
        with contextlib.suppress(RulesError):
            rules = rules.replace(**{name: draw(st.sampled_from(choices))})
    lo, hi = rules.player_range()
    n = draw(st.integers(lo, min(hi, 12)))
    cfg = Config(preset, tuple(rules.differences().items()))
    dealer = draw(st.integers(0, n - 1))
    pool = draw(st.integers(0, 30))
    stacks = tuple(draw(st.lists(STACK, min_size=n, max_size=n)))
    context = (str(cfg), n, dealer, pool, stacks)
    deal_seed, play_seed = mixed(draw(SEED), 1, *context), mixed(draw(SEED), 2, *context)
    return Case(cfg, rules, n, dealer, pool, stacks, deal_seed, play_seed, draw(BIAS))


# --- finding cards anywhere in a value -----------------------------------------------------------------------

_CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([cdhs♣♦♥♠])(?![0-9A-Za-z])")


_SCALARS = (type(None), bool, int, float, Phase, Suit)


def cards_mentioned(obj: Any, events: dict[int, tuple[Event, int]] | None = None) -> int:
    """Bitmask of every card that appears anywhere inside ``obj``: as a Card, a discard or card text.

    The walk refuses types it does not know, so a new View field of a new type cannot slip past the check. It
    dispatches on the exact type first because it runs over every view after every action; ``events`` memoizes
    the events that the views of one moment share.
    """
    found = 0
    todo = [obj]
    pop, push, extend = todo.pop, todo.append, todo.extend
    while todo:
        o = pop()
        t = type(o)
        if t is Card:
            found |= 1 << o
        elif t in _SCALARS:
            continue
        elif t is str:
            for rank, suit in _CARD_TEXT.findall(o):
                found |= 1 << parse_card(rank + suit)
        elif t in EVENT_TYPES and events is not None:
            memo = events.get(id(o))
            if memo is None or memo[0] is not o:
                memo = events[id(o)] = (o, cards_mentioned(tuple(o)))
            found |= memo[1]
        elif t is list or t is tuple or t in EVENT_TYPES:
            extend(o)
        elif t is dict:
            extend(o.keys())
            extend(o.values())
        elif t is Discard:
            found |= o.mask
        elif t is Rules:
            if o is not _WALKED_RULES.get(id(o)):
                push(dataclasses.asdict(o))  # options only: walked once per rules object
                _WALKED_RULES[id(o)] = o
        elif isinstance(o, (set, frozenset, list, tuple)):
            extend(o)
        elif isinstance(o, Enum):
            continue
        elif dataclasses.is_dataclass(o) and not isinstance(o, type):
            names = _FIELDS.get(t)
            if names is None:
                names = _FIELDS[t] = tuple(f.name for f in dataclasses.fields(o))
            extend([getattr(o, name) for name in names])
        else:
            raise AssertionError(f"cards_mentioned does not know {type(o).__name__}")
    return found


_WALKED_RULES: dict[int, Rules] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


# --- the checker ----------------------------------------------------------------------------------------------


@dataclass
class Checker:
    """Plays one deal by random legal actions and checks every invariant after every action."""

    case: Case
    deal: Deal = field(init=False)
    chips: int = field(init=False)
    deck: int = field(init=False)
    held: list[int] = field(init=False)  # every card each seat has ever held: those it may know
    keys: list[tuple[Any, ...]] = field(init=False)  # state_key after each action

    def __post_init__(self) -> None:
        c = self.case
        self.chips = sum(c.stacks) + c.pool
        self.deal = PureDeal(c.rules, list(c.stacks), c.dealer, pool=c.pool, seed=c.deal_seed)
        self.deck = mask_of(deck_for(c.rules, c.players))
        self.held = [0] * c.players
        self.keys = []

    def run(self) -> Deal:
        deal = self.deal
        n = self.case.players
        rng = random.Random(self.case.play_seed)
        # the dealer's ante (LOU-ANTE-2), a declaration (or commit) and an exchange per seat, then every card of
        # every hand (not yet dealt while the dealer sets the ante)
        dealt = sum(h.bit_count() for h in deal._hands) if deal.phase is not Phase.ANTE else len(deal._deck)
        bound = 1 + 2 * n + dealt
        self.check_state()
        side = random.Random(self.case.play_seed ^ 0x5A5A)  # the checks' own choices leave the play alone
        fork = side.randrange(bound)  # the step at which a copy plays on differently
        steps = 0
        while not deal.is_over:
            assert steps < bound, f"random play did not finish within {bound} actions"
            if steps == fork:
                self.check_copy(side.getrandbits(32))
            seat, action = choose(deal, rng, self.case.pass_bias)
            legal = deal.legal_actions(seat)
            self.check_legality(seat, legal)
            if deal.phase is Phase.PLAY and deal._trick:
                check_follow_duty(deal, seat, legal)
            if deal.phase is Phase.COMMIT:
                self.apply_commit(seat, action)
            else:
                deal.apply(action, seat)
            steps += 1
            self.keys.append(deal.state_key())
            self.check_state()
        self.check_end()
        return deal

    def check_copy(self, seed: int) -> None:
        """A copy (as search bots make) is independent: playing it out leaves the original as it was."""
        deal = self.deal
        key = deal.state_key()
        events = list(deal.events)
        twin = deal.copy()
        assert twin.state_key() == key
        rng = random.Random(seed)
        while not twin.is_over:
            seat, action = choose(twin, rng)
            twin.apply(action, seat)
        assert deal.state_key() == key and list(deal.events) == events

    # --- per step ---

    def check_state(self) -> None:
        deal = self.deal
        for s in range(self.case.players):
            self.held[s] |= deal._hands[s]
        self.check_chips()
        self.check_cards()
        self.check_views()
        assert (deal.current_player() == TERMINAL) == deal.is_over == (not deal.seats_to_act())

    def check_chips(self) -> None:
        deal = self.deal
        assert sum(deal.stacks) + deal.pool == self.chips, "chips were created or destroyed"
        assert min(deal.stacks) >= 0 and deal.pool >= 0, f"a negative stack or pool: {deal.stacks} {deal.pool}"

    def check_cards(self) -> None:
        deal = self.deal
        places: dict[str, list[Card]] = {f"hand {s}": cards_of(h) for s, h in enumerate(deal._hands)}
        places |= {
            "miss": cards_of(deal._miss),
            "widow": cards_of(deal._widow),
            "stock": deal._stock[deal._stock_pos :],
            "turn-up": [deal._turnup] if deal._turnup is not None else [],
            "dead": cards_of(deal._dead),
            "played": cards_of(deal._played),
            "trick": [c for _, c in deal._trick],
            "undealt": list(deal._deck) if deal.phase is Phase.ANTE else [],  # Lou's dealer sets the ante first
        }
        everywhere = sorted(c for cs in places.values() for c in cs)
        assert everywhere == sorted(cards_of(self.deck)), f"cards lost or doubled: {places}"

    def public_cards(self) -> int:
        deal = self.deal
        public = deal._played | mask_of(c for _, c in deal._trick)
        if deal._turnup is not None:
            public |= 1 << deal._turnup
        if deal._pam >= 0:  # which card is Pam is a rule of the deal, not where the card is (PAM-1)
            public |= 1 << deal._pam
        for cards in deal._flushes.values():  # a flush is shown to the table (PAM-FLUSH-1)
            public |= mask_of(cards)
        return public

    def check_views(self) -> None:
        deal = self.deal
        public = self.public_cards()
        shared: dict[int, tuple[Event, int]] = {}
        for seat in [*range(self.case.players), None]:
            view = deal.view(seat)
            known = public | (self.held[seat] if seat is not None else 0)
            hidden = self.deck & ~known
            leaked = cards_mentioned(view, shared) & hidden
            assert not leaked, f"the view of seat {seat} shows hidden cards {cards_of(leaked)}"
            # the fields are this seat's own cards and public facts, as the deal holds them
            assert view.hand == (tuple(cards_of(deal._hands[seat])) if seat is not None else ())
            assert view.hand_sizes == tuple(h.bit_count() for h in deal._hands)
            assert (view.stacks, view.pool, view.phase) == (tuple(deal.stacks), deal.pool, deal.phase)
            assert view.trick == tuple(deal._trick) and view.tricks_won == tuple(deal._tricks_won)
            assert view.stock_size == len(deal._stock) - deal._stock_pos
            assert view.legal == (tuple(deal.legal_actions(seat)) if seat is not None else ())
            assert [(e.kind, e.seat) for e in view.events] == [(e.kind, e.seat) for e in deal.events]
            assert deal.view(seat, with_events=False) == dataclasses.replace(view, events=())
            if deal.phase is Phase.COMMIT:
                # LOU-DECL-1: nothing of a commitment shows before all have committed
                assert view.declarations == (None,) * deal.players and not any(view.in_play)
                for e in view.events:
                    if isinstance(e, Committed) and e.seat != seat:
                        assert e.action is None, f"seat {seat} sees {e}"

    def check_legality(self, seat: int, legal: list[Action]) -> None:
        """legal_actions, is_legal and check agree (one legality path) over every action of the phase."""
        deal = self.deal
        assert legal, f"seat {seat} is to act but has no legal action"
        assert len(set(legal)) == len(legal)
        if deal.phase is Phase.PLAY:
            candidates: list[Action] = [PLAYS[c] for c in cards_of(deal._hands[seat])]
            # civil leads too: legal only under pam_civil=ask (under auto the call is made for the leader)
            candidates += [PLAYS_CIVIL[c] for c in cards_of(deal._hands[seat])]
        elif deal.phase in (Phase.DECLARE, Phase.COMMIT):
            candidates = [PASS, STAND, TAKE_MISS, DEFEND_MISS]
        else:  # an exchange: every legal discard, the whole hand, and a card the seat does not hold
            stranger = next(c for c in cards_of(self.deck) if not (deal._hands[seat] >> c) & 1)
            candidates = [*legal, discard(deal._hands[seat]), discard(1 << stranger)]
        for a in candidates:
            assert deal.is_legal(a, seat) == (a in legal), f"{a.notation()} by seat {seat}: legality disagrees"
        for other in range(deal.players):
            if other not in deal.seats_to_act():
                assert deal.legal_actions(other) == []

    def apply_commit(self, seat: int, action: Action) -> None:
        """LOU-DECL-1: until the last commitment, the other seats' views do not depend on what was committed."""
        deal = self.deal
        last = len(deal.seats_to_act()) == 1
        twin = deal.copy()
        deal.apply(action, seat)
        twin.apply(PASS if action == STAND else STAND, seat)
        if not last:
            for other in [*range(deal.players), None]:
                if other != seat:
                    assert deal.view(other) == twin.view(other), f"seat {other} can tell what seat {seat} did"

    # --- at the end ---

    def check_end(self) -> None:
        deal = self.deal
        rules = self.case.rules
        st_ = deal.settlement
        assert st_ is not None and deal.phase is Phase.DONE
        assert st_.pool_after == deal.pool
        for s in range(deal.players):
            assert 0 <= st_.paid[s] <= st_.owed[s], f"seat {s} paid {st_.paid[s]} of {st_.owed[s]}"
            assert st_.won[s] >= 0
            if st_.paid[s] < st_.owed[s]:  # SESSION-3: a short payer paid all he had
                assert deal.stacks[s] == 0
            assert deal.stacks[s] == deal.stacks_before[s] - deal.started.antes[s] + st_.won[s] - st_.paid[s]
        assert st_.pool_after == st_.pool_before - sum(st_.won) + sum(st_.paid)
        for tr in deal._tricks:  # COMMON-5
            assert tr.winner == trick_winner(deal, tr.cards, tr.civil), f"wrong winner of {tr}"
        if st_.kind == "tricks":
            check_trick_payout(deal)
        # the deal rebuilds exactly from its start record and actions, and from its events
        start = deal.start_record()
        assert replay(rules, start, deal.actions).state_key() == deal.state_key()
        assert replay_events(deal.events, rules).state_key() == deal.state_key()
        if self.keys:  # and from a prefix of the actions, to the state it was in then
            k = random.Random(self.case.play_seed ^ 0xA5A5).randrange(len(self.keys))
            assert replay(rules, start, deal.actions[: k + 1]).state_key() == self.keys[k]
        if rules.game == "louse":
            assert list(st_.points) == louse_points(deal), "Louse points differ from the scoring rules"
            assert sum(st_.points) == louse_total(deal)


# --- trick play, from the rules text (COMMON-5, LOO-PLAY-1..5, LOU-PLAY-1, LOUSE-PLAY-1/2, PAM-1/2) ----------

LOUSE_PLAIN = {"french": (7, 8, 9, 10, 12, 13, 14), "skat": (7, 8, 9, 12, 13, 10, 14)}  # low to high, ace 14
LOUSE_JACKS = {"diamonds_high": "cshd", "clubs_high": "dhsc"}  # low to high
JACKS_SUIT = 4


def pam_card(deal: Deal) -> int:
    """Pam's card, or -1: J♣ (or the trump jack) unless it is the turn-up (PAM-1)."""
    pam = deal.rules.pam
    if pam == "none" or deal._turnup is None:
        return -1
    card = parse_card("Jc") if pam == "jack_of_clubs" else Card(deal._turnup.suit * 13 + JACK)
    return -1 if card == deal._turnup else card


def rank_key(deal: Deal, card: Card) -> tuple[int, int]:
    """(effective suit, power within it)."""
    rules = deal.rules
    if rules.game == "louse":
        if card.rank == JACK:
            return JACKS_SUIT, LOUSE_JACKS[rules.louse_jack_order].index(str(card)[1])
        return card.suit, LOUSE_PLAIN[rules.louse_rank].index(card.rank + 2)
    if card == pam_card(deal):
        return deal._trump, 99
    return card.suit, card.rank


def trump_suit(deal: Deal) -> int:
    return JACKS_SUIT if deal.rules.game == "louse" else deal._trump


def beats(deal: Deal, card: Card, best: Card) -> bool:
    (suit, power), (best_suit, best_power) = rank_key(deal, card), rank_key(deal, best)
    return power > best_power if suit == best_suit else suit == trump_suit(deal)


def trick_winner(deal: Deal, cards: Sequence[tuple[int, Card]], civil: bool) -> int:
    seat, best = cards[0]
    for s, c in cards[1:]:
        pam_loses = c == pam_card(deal) and civil and deal.rules.pam_civil_last_card == "loses"
        if beats(deal, c, best) and not pam_loses:
            seat, best = s, c
    return seat


def check_follow_duty(deal: Deal, seat: int, legal: list[Action]) -> None:
    """The cards a follower may play, computed from the rules text for the common cases."""
    rules = deal.rules
    hand = cards_of(deal._hands[seat])
    allowed = sorted({a.card for a in legal if isinstance(a, Play)})
    best = deal._trick[0][1]
    for _, c in deal._trick[1:]:
        if beats(deal, c, best):
            best = c
    led = rank_key(deal, deal._trick[0][1])[0]
    follow = [c for c in hand if rank_key(deal, c)[0] == led]
    heads = [c for c in hand if beats(deal, c, best)]
    if rules.game == "louse":  # LOUSE-PLAY-1: follow the suit led (jacks are a suit), else anything
        assert allowed == (follow or hand)
        return
    if rules.game == "lou" and not rules.lou_follow_suit:  # LOU-PLAY-1: beat the best card if able
        assert allowed == (heads or hand)
        return
    pam = pam_card(deal)
    if (pam >= 0 and (deal._hands[seat] >> pam) & 1) or (deal._trick_civil and any(c == pam for _, c in deal._trick)):
        return  # Pam's privileges and civility are the example tests' business
    trumps = [c for c in hand if rank_key(deal, c)[0] == deal._trump]
    if follow:  # LOO-PLAY-1/2: follow, and head the trick if able
        expected = [c for c in follow if c in heads] or follow
    elif trumps:  # LOO-PLAY-3/4/5: trump, overtrump if able, else (by option) still trump
        expected = [c for c in trumps if c in heads] or (trumps if rules.void_trump_duty == "always" else hand)
    else:
        expected = hand
    assert allowed == sorted(expected), f"seat {seat} may play {allowed}, the rules say {sorted(expected)}"


def check_trick_payout(deal: Deal) -> None:
    """LOO-POOL-1/3 and LOU-PAY-1: a share per trick, and the loos (or matches) of the trickless."""
    rules = deal.rules
    st_ = deal.settlement
    assert st_ is not None
    if rules.game == "loo":
        share = st_.pool_before // len(deal._tricks)
        defender = deal.dealer if deal._defended else -1
        assert st_.share == share
        extra = st_.pool_before - share * len(deal._tricks) if rules.remainder != "carry" else 0
        for s in range(deal.players):
            base = 0 if s == defender else share * deal._tricks_won[s]
            assert base <= st_.won[s] <= base + extra, f"seat {s} won {st_.won[s]} for {deal._tricks_won[s]} tricks"
        looed = [s for s in range(deal.players) if deal._in_play[s] and deal._tricks_won[s] == 0 and s != defender]
        if not rules.pam_holder_not_looed:
            assert sorted(st_.looed) == looed
        due = {"pool": st_.pool_before, "fixed": rules.loo_amount, "capped": min(st_.pool_before, rules.loo_amount)}[
            rules.loo_penalty
        ]
        assert all(st_.owed[s] == (due if s in st_.looed else 0) for s in range(deal.players))
    elif rules.game == "lou" and rules.lou_payout == "A":
        pile = st_.pool_before // 3
        odd = st_.pool_before - 3 * pile  # the remainder options apply to Lou's piles too (LOO-POOL-2, reading A-11)
        by_tricks = [pile * t for t in deal._tricks_won]
        odd_won = [w - b for w, b in zip(st_.won, by_tricks, strict=True)]
        assert not any(odd_won) or (rules.remainder != "carry" and max(odd_won) == odd == sum(odd_won))
        assert sorted(st_.looed) == [s for s in range(deal.players) if deal._in_play[s] and deal._tricks_won[s] == 0]


def history(deal: Deal) -> tuple[Any, ...]:
    st_ = deal.settlement
    return (
        [(s, a.notation()) for s, a in deal.actions],
        [(e.kind, e.seat) for e in deal.events],
        st_.to_dict() if st_ is not None else None,
    )


def play_plain(case: Case) -> Deal:
    """The same play as Checker.run, without the checks (their copies must not disturb the deal)."""
    deal = PureDeal(case.rules, list(case.stacks), case.dealer, pool=case.pool, seed=case.deal_seed)
    rng = random.Random(case.play_seed)
    while not deal.is_over:
        seat, action = choose(deal, rng, case.pass_bias)
        deal.apply(action, seat)
    return deal


# --- Louse scoring, computed from the rules text (LOUSE-SCORE-1..3, LOUSE-3P-1) ----------------------------

_BONUS = {Suit.CLUBS: 300, Suit.SPADES: 200, Suit.HEARTS: 100}
_DQ = Suit.DIAMONDS * 13 + QUEEN


def card_value(card: Card, rules: Rules) -> tuple[int, int]:
    """(card points, queen bonus) of one card."""
    points = {ACE: 11, TEN: 10, KING: 4, QUEEN: rules.louse_queen_points, JACK: 2}.get(card.rank, 0)
    return points, (_BONUS.get(card.suit, 0) if card.rank == QUEEN else 0)


def piles(deal: Deal) -> tuple[list[list[Card]], int | None]:
    """The cards each seat is charged (tricks, and the widow if the rules charge it), and who took the ♦Q."""
    out: list[list[Card]] = [[] for _ in range(deal.players)]
    dq_taker = None
    for tr in deal._tricks:
        for _, c in tr.cards:
            out[tr.winner].append(c)
            if c == _DQ:
                dq_taker = tr.winner
    if deal.rules.widow_points == "last_trick_winner":
        out[deal._tricks[-1].winner] += cards_of(deal._widow)  # a ♦Q in the widow cancels nothing
    return out, dq_taker


def louse_points(deal: Deal) -> list[int]:
    rules = deal.rules
    cards, dq = piles(deal)
    plain = [sum(card_value(c, rules)[0] for c in cs if c.rank != QUEEN) for cs in cards]
    queens = [sum(sum(card_value(c, rules)) for c in cs if c.rank == QUEEN) for cs in cards]
    bonuses = [sum(card_value(c, rules)[1] for c in cs) for cs in cards]
    mode = rules.diamond_queen
    if dq is not None and mode == "cancel_own_queens":
        queens[dq] = 0
    elif dq is not None and mode == "cancel_own_bonuses":
        queens[dq] -= bonuses[dq]
    elif dq is not None and mode == "cancel_all_queens":
        queens = [0] * deal.players
    elif dq is not None and mode == "collect_all_queens":
        queens = [sum(queens) if s == dq else 0 for s in range(deal.players)]
    return [p + q for p, q in zip(plain, queens, strict=True)]


def louse_total(deal: Deal) -> int:
    """All the points of the pack, less the uncharged widow and what the ♦Q cancels."""
    rules = deal.rules
    total = sum(sum(card_value(Card(c), rules)) for c in deck_for(rules, deal.players))
    if deal.players == 4 or rules.louse3_mode == "remove_two_sevens":  # the sevens are worth nothing
        assert total == 4 * (27 + rules.louse_queen_points) + 600
    if rules.widow_points != "last_trick_winner":
        total -= sum(sum(card_value(c, rules)) for c in cards_of(deal._widow))
    cards, dq = piles(deal)
    if dq is None:
        return total
    own_queens = [c for c in cards[dq] if c.rank == QUEEN]
    if rules.diamond_queen == "cancel_own_queens":
        total -= sum(sum(card_value(c, rules)) for c in own_queens)
    elif rules.diamond_queen == "cancel_own_bonuses":
        total -= sum(card_value(c, rules)[1] for c in own_queens)
    elif rules.diamond_queen == "cancel_all_queens":
        total -= sum(sum(card_value(c, rules)) for cs in cards for c in cs if c.rank == QUEEN)
    return total


# Sessions: every configuration, and Louse matches short enough to end (LOUSE-MATCH-1/2)
SESSION_CONFIGS = [
    *CONFIGS,
    Config("louse", (("louse_target", 250),)),
    Config("louse", (("louse_target", 250), ("louse_tie", "play_another_deal"))),
]

# --- the tests ------------------------------------------------------------------------------------------------

PROPS = settings(deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
# LANTERLOO_PROPERTY_SCALE=10 runs ten times the examples (a deeper, slower search); 0.1 a quick smoke run.
SCALE = float(os.environ.get("LANTERLOO_PROPERTY_SCALE", "1"))


def examples(n: int) -> int:
    return max(1, round(n * SCALE))


def share(total: int, parts: int) -> int:
    """Examples for each of ``parts`` tests that split one search of ``total`` examples (rounded up, so the split
    runs at least as many as the whole did)."""
    return examples(-(-total // parts))


# The two long searches are split, one test per configuration or preset, so pytest-xdist spreads them over its
# workers. Drawing the configuration inside one test gave each about total / parts examples; each part now runs
# that many for certain.
@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_random_play_keeps_every_invariant_COMMON_4_SESSION_3(config: Config) -> None:
    """Chips conserved (SESSION-3 table stakes), cards partitioned, views censored, replay exact, all presets."""

    @settings(PROPS, max_examples=share(3000, len(CONFIGS)))
    @given(cases([config]))
    def check(case: Case) -> None:
        deal = Checker(case).run()
        assert history(play_plain(case)) == history(deal), "the same seeds gave a different history"

    check()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_house_rules_keep_every_invariant(preset: str) -> None:
    """The same invariants under random combinations of rule options (COMMON-1: a variant is data)."""

    @settings(PROPS, max_examples=share(800, len(PRESET_NAMES)))
    @given(house_rules([preset]))
    def check(case: Case) -> None:
        Checker(case).run()

    check()


@settings(PROPS, max_examples=examples(400))
@given(cases([Config("louse"), *[c for c in VARIATIONS if c.preset == "louse"]]))
def test_LOUSE_SCORE_points_follow_the_card_values(case: Case) -> None:
    deal = play_plain(case)
    assert deal.settlement is not None
    assert list(deal.settlement.points) == louse_points(deal)
    assert sum(deal.settlement.points) == louse_total(deal)


@settings(PROPS, max_examples=examples(600))
@given(cases(SESSION_CONFIGS, st.integers(5, 80)), st.integers(1, 20))
def test_SESSION_1_chips_conserved_and_COMMON_3_dealer_rotates(case: Case, max_deals: int) -> None:
    session = Session(
        case.rules,
        case.players,
        stack=list(case.stacks),
        seed=case.deal_seed,
        dealer=case.dealer,
        max_deals=max_deals,
        pool=case.pool,
    )
    rng = random.Random(case.play_seed)

    def policy(deal: Deal, seat: int) -> Action:
        legal = deal.legal_actions(seat)
        if case.pass_bias and PASS in legal and rng.random() < case.pass_bias:
            return PASS
        return legal[int(rng.random() * len(legal))]

    first = session.dealer
    totals = [0] * case.players
    while not session.over:
        try:
            rec = session.play_deal(policy)
        except LooError:  # SESSION-2: someone cannot pay the ante
            assert session.over and session.current is None
            break
        assert session.chips() == session.initial_chips
        assert rec.deal.dealer == (first + rec.number - 1) % case.players
        assert session.dealer == (first + rec.number) % case.players
        assert rec.stacks_after == session.stacks and min(session.stacks) >= 0
        if rec.deal.settlement is not None and rec.deal.settlement.points:
            totals = [a + b for a, b in zip(totals, rec.deal.settlement.points, strict=True)]
        assert session.totals == totals
    # SESSION-4: past the agreed deals only to empty the pool, and never further than the limit
    assert len(session.records) <= max_deals + SETTLE_LIMIT
    # SESSION-2: it ended for one of its reasons
    last = session.records[-1].deal.settlement if session.records else None
    short = last is not None and any(p < o for p, o in zip(last.paid, last.owed, strict=True))
    assert session.end_reason is not None
    played = len(session.records)
    assert played >= max_deals or short or cannot_ante(session) or session.losers
    if played > max_deals and not (short or cannot_ante(session)):  # played on, and stopped once the pool was empty
        assert session.pool == 0 or played == max_deals + SETTLE_LIMIT
        assert case.rules.session_end == "settle"
    if session.losers:  # LOUSE-MATCH-1/2: the losers reached the target, with the highest total
        top = max(session.totals)
        assert all(session.totals[s] == top >= case.rules.louse_target for s in session.losers)


@settings(PROPS, max_examples=examples(300))
@given(cases(stack=st.integers(0, 6)))
def test_SESSION_3_table_stakes_nobody_pays_more_than_his_stack(case: Case) -> None:
    deal = play_plain(case)
    st_ = deal.settlement
    assert st_ is not None
    for s in range(case.players):
        assert deal.started.antes[s] <= case.stacks[s]
        assert 0 <= st_.paid[s] <= st_.owed[s] and deal.stacks[s] >= 0
        if st_.paid[s] < st_.owed[s]:
            assert deal.stacks[s] == 0, f"seat {s} paid {st_.paid[s]} of {st_.owed[s]} but kept {deal.stacks[s]}"
    assert sum(deal.stacks) + deal.pool == sum(case.stacks) + case.pool


def features(deal: Deal) -> set[str]:
    """What a finished deal went through, to show that the configurations reach what they are there for."""
    st_ = deal.settlement
    assert st_ is not None
    out = {e.kind for e in deal.events} | {f"settled {st_.kind}"}
    if any(p < o for p, o in zip(st_.paid, st_.owed, strict=True)):
        out.add("shortfall")
    if deal._defended:
        out.add("defended")
    if deal._widow:
        out.add("widow")
    if any(isinstance(a, Discard) and a.mask for _, a in deal.actions):
        out.add("discard")
    return out


def test_configurations_reach_what_they_are_for() -> None:
    """The generators exercise the cases the invariants matter most in (a guard against a silently weak test)."""
    seen: dict[str, set[str]] = {}
    for cfg in CONFIGS:
        rng = random.Random(str(cfg))
        lo, hi = cfg.player_range()
        for _ in range(150):
            n = rng.randint(lo, hi)
            stacks = tuple(rng.choice((rng.randint(0, 5), rng.randint(6, 300))) for _ in range(n))
            pool = cfg.pool if cfg.pool is not None else rng.randint(0, 40)
            seeds = rng.getrandbits(32), rng.getrandbits(32)
            case = Case(cfg, cfg.rules, n, rng.randrange(n), pool, stacks, *seeds, rng.choice((0.0, 0.5, 0.9)))
            seen.setdefault(str(cfg), set()).update(features(play_plain(case)))
    everywhere = set().union(*seen.values())
    for what in (
        "shortfall",
        "defended",
        "widow",
        "discard",
        "reshuffled",
        "forced",
        "dealer_takes_pool",
        "revealed",
        "trump_set",
        "settled flush",
        "settled no_play",
        "settled uncontested",
    ):
        assert what in everywhere, f"no configuration reaches {what}"
    assert "reshuffled" in seen["five-card exchange_shortfall=reshuffle"]
    assert "defended" in seen["rams-loo"] | seen["rams-loo defend_miss=at_least_one"]
    assert "forced" in seen["three-card bold_stand=everyone"]


def cannot_ante(session: Session) -> bool:
    """LOO-ANTE-1 / LOU-ANTE-1: somebody's stack cannot cover the ante he owes before the next deal."""
    r = session.rules
    ante = r.lou_ante_min if r.dealer_sets_ante else r.ante  # LOU-ANTE-2: the least the dealer may set
    if r.game == "louse" or ante == 0 or not session.ante_due:
        return False
    for s in range(session.n):
        due = ante if r.ante_mode != "dealer" else 0
        if s == session.dealer:
            due = ante * (2 if r.ante_mode == "everyone_dealer_double" else 1)
        if session.stacks[s] < due:
            return True
    return False


def test_cards_mentioned_finds_cards_in_every_form() -> None:
    """The leak check has teeth: it finds the deck in the uncensored deal event, and a hand in its own view."""
    deal = PureDeal(rules_with("five-card"), [50] * 4, 0, seed=3)
    assert cards_mentioned(deal.events[0]) == (1 << 52) - 1
    view = deal.view(deal.current_player())
    assert cards_mentioned(view) & deal._hands[deal.current_player()] == deal._hands[deal.current_player()]
    assert cards_mentioned({"x": ["Ah", "10♥ and Kc"]}) == mask_of(parse_card(t) for t in ("Ah", "Th", "Kc"))
