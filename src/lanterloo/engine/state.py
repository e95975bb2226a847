"""One deal as a phase machine: the Deal's fields, its queries, and one table of phase handlers.

``Deal`` holds the state; what each phase does lives in its own module. ``HANDLERS`` maps each ``Phase`` to its
handler: an automatic step has a ``run`` (antes, deal, turn-up, flush check, settle), a player phase has
``legal``, ``check`` and ``apply``. ``legal_actions``, ``check`` and ``apply`` go through the handler of the phase
the deal is in; after each action ``advance`` runs the automatic steps until a player must act (or the deal is
done), as OpenSpiel's card games do.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lanterloo import validate
from lanterloo.actions import Action
from lanterloo.cards import Card, cards_of
from lanterloo.engine import commit, dealing, declare, exchange, play
from lanterloo.engine import view as views
from lanterloo.engine.events import DealStarted, Event, Reshuffled, Settled
from lanterloo.engine.phases import TERMINAL, Decl, Phase, TrickRecord
from lanterloo.engine.scoring import Outcome, Settlement, SettlementKind, settle
from lanterloo.engine.shape import shape_of
from lanterloo.engine.view import View
from lanterloo.errors import IllegalActionError, LooError
from lanterloo.rules import Rules
from lanterloo.tables import NO_TRUMP, loo_tables

_NO_TRUMP_TABLES = loo_tables(NO_TRUMP)
_new = tuple.__new__
# Module constants: reading ``Phase.PLAY`` costs an enum class lookup on every action of every simulated deal.
_PLAY, _COMMIT, _DONE = Phase.PLAY, Phase.COMMIT, Phase.DONE


class Deal:
    """A single deal. Construct it with the table as it stands; act on it with ``apply``.

    ``stacks`` are chip stacks before the antes; ``pool`` is what the pool carries in from the last deal.
    Give either ``deck`` (an explicit order, top card first) or ``seed``/``rng`` for a shuffle; the engine never
    touches the global ``random``. ``ante`` says whether antes are taken (Lou antes only when a game starts).
    """

    # Slots, not a __dict__: attribute access is on the hot path of every simulated move. copy() and state_key()
    # are derived from this list, so a new field is copied and compared without more code (see _NOT_IN_KEY).
    __slots__ = (
        "actions",  # (seat, action) of every action so far
        "anted",
        "antes",
        "best_card",
        "best_seat",
        "carried",  # what the pool held before this deal's antes (Bold Stand looks at it)
        "commits",
        "dead",  # passed and Out hands, discards, a swapped-out hand: out of play, face down
        "dealer",
        "deck",
        "decl",
        "defended",
        "eldest",
        "events",
        "exchanged",  # cards exchanged by each seat (None: not yet)
        "flushes",
        "forced_all",
        "hands",
        "hands_in_play",
        "in_play",
        "is_over",  # a plain attribute, not a property: every driving loop reads it once per action
        "leader",
        "legal_cache",
        "miss",
        "miss_taker",
        "miss_withdrawn",
        "n",
        "next_seat",
        "order",
        "outcome",
        "pam",
        "pam_holder",
        "phase",
        "play_mask",
        "played",  # cards in finished tricks
        "pool",
        "recorded_reshuffles",
        "rng",
        "rules",
        "settlement",
        "shape",
        "stacks",
        "stock",
        "stock_pos",
        "tables",
        "taken",  # Louse: cards each seat has taken in tricks
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
        rules, stacks, dealer, pool, deck, seed, reshuffles = validate.deal_arguments(
            rules, stacks, dealer, pool, deck, seed, rng, ante, reshuffles
        )
        n = len(stacks)
        self.rules = rules
        self.shape = shape_of(rules)
        self.n = n
        self.dealer = dealer
        self.eldest = (dealer + 1) % n
        self.stacks = list(stacks)
        self.carried = self.pool = pool
        self.anted = ante
        self.rng = rng if rng is not None else random.Random(seed)
        self.recorded_reshuffles = [list(r) for r in reshuffles] if reshuffles is not None else None
        self.deck = dealing.deck_order(self.shape.pack(rules, n), deck, self.rng)
        self._clear()
        self.phase = Phase.ANTE
        self.advance()

    def _clear(self) -> None:
        """Every other field, as before the first step."""
        n = self.n
        self.antes = [0] * n
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.settlement: Settlement | None = None
        self.outcome: Outcome | None = None
        self.is_over = False
        self.legal_cache: list[Action] | None = None
        self.play_mask = -1
        self.to_act = self.eldest
        # the cards
        self.hands = [0] * n
        self.miss = self.widow = self.dead = self.played = 0
        self.turnup: Card | None = None
        self.stock: list[Card] = []
        self.stock_pos = 0
        self.trump = self.pam = -1
        self.tables = _NO_TRUMP_TABLES  # until the turn-up
        # the declarations
        self.decl: list[Decl | None] = [None] * n
        self.commits: list[Decl | None] = [None] * n
        self.in_play = [False] * n
        self.miss_taker: int | None = None
        self.defended = self.forced_all = self.miss_withdrawn = False
        self.exchanged: list[int | None] = [None] * n
        self.flushes: dict[int, list[Card]] = {}
        # the tricks
        self.trick: list[tuple[int, Card]] = []
        self.trick_civil = False
        self.trick_no = 0
        self.tricks: list[TrickRecord] = []
        self.tricks_won = [0] * n
        self.taken = [0] * n
        self.best_card = self.best_seat = self.leader = self.pam_holder = -1
        self.hands_in_play = 0
        self.order: list[int] = []
        self.next_seat: list[int] = []

    # ------------------------------------------------------------------------------------------------ queries

    def current_player(self) -> int:
        """The seat to act, or TERMINAL (-1) when the deal is settled."""
        return TERMINAL if self.phase is _DONE else self.to_act

    def seats_to_act(self) -> list[int]:
        """Every seat that may act now: several during Lou's secret commit, otherwise the current player."""
        if self.phase is _DONE:
            return []
        if self.phase is _COMMIT:
            return commit.waiting(self)
        return [self.to_act]

    def hand(self, seat: int) -> list[Card]:
        if type(seat) is not int or not 0 <= seat < self.n:
            seat = validate.seat(seat, self.n)
        return cards_of(self.hands[seat])

    def ring(self, start: int) -> list[int]:
        """Every seat, clockwise from ``start``."""
        return [(start + k) % self.n for k in range(self.n)]

    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def exchange_limit(self) -> int:
        """How many cards the seat to act may exchange now (0 outside the exchange)."""
        return exchange.limit(self) if self.phase is Phase.EXCHANGE else 0

    def view(self, seat: int | None, *, with_events: bool = True) -> View:
        """Everything ``seat`` may know, and nothing else (None: a spectator).

        ``with_events=False`` leaves out the censored event log, which bots do not need and which makes a view
        cost grow with the length of the deal.
        """
        if seat is not None:
            seat = validate.seat(seat, self.n)
        return views.build(self, seat, with_events)

    # --------------------------------------------------------------------------------------------- legality

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the current player)."""
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            seat = validate.seat(seat, self.n)
        if seat is not None and seat != self.to_act:
            return commit.legal(self, seat) if self.phase is _COMMIT else []
        cache = self.legal_cache
        if cache is None:
            cache = self.legal_cache = HANDLERS[self.phase].legal(self, self.to_act)
        return list(cache)  # a copy: callers may shuffle or trim what they get

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        try:
            self.check(action, seat)
        except IllegalActionError:
            return False
        return True

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise IllegalActionError with the plain reason and rule ID if ``action`` is not legal now."""
        validate.action(action)
        seat = validate.seat_or_none(seat, self.n)
        HANDLERS[self.phase].check(self, action, seat)

    def apply(self, action: Action, seat: int | None = None) -> Event:
        """Apply a player's action (checked first; an illegal one changes nothing). Returns its event."""
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            seat = validate.seat(seat, self.n)
        phase = self.phase
        try:
            ev = HANDLERS[phase].apply(self, action, seat)
        except IllegalActionError:
            validate.action(action)  # a foreign object is refused as one, not as an illegal move; free when none
            raise
        if self.phase is not phase:
            self.advance()
        return ev

    # ------------------------------------------------------------------------------- for the phase handlers

    def require_turn(self, seat: int | None) -> None:
        if seat is not None and seat != self.to_act:
            raise IllegalActionError(
                "It is {to_act}'s turn, not {seat}'s", "COMMON-4", {"to_act": self.to_act, "seat": seat}
            )

    def known_legal(self, action: Action, seat: int | None) -> bool:
        """Whether ``action`` is in the legal list already computed for this state (the same legality path)."""
        cache = self.legal_cache
        return cache is not None and (seat is None or seat == self.to_act) and action in cache

    def invalidate(self) -> None:
        self.legal_cache = None
        self.play_mask = -1

    def advance(self) -> None:
        """Run the automatic steps until a player must act or the deal is done."""
        self.invalidate()
        run = HANDLERS[self.phase].run
        while run is not None:
            run(self)
            run = HANDLERS[self.phase].run

    def end(self, kind: SettlementKind, rule: str, winners: Sequence[int] = (), holders: Sequence[int] = ()) -> None:
        """The deal ends as ``kind`` says: freeze what the settlement needs, and go to Phase.SETTLE."""
        # positional, with tuple.__new__: one Outcome per deal, on the path of every simulated deal
        self.outcome = _new(
            Outcome,
            (
                self.shape,
                self.rules,
                kind,
                rule,
                self.n,
                self.dealer,
                self.pool,
                tuple(self.stacks),
                self.shape.stakes(self.rules, self.pool),
                tuple(self.in_play),
                tuple(self.order),
                tuple(self.hands),
                tuple(self.tricks),
                tuple(self.tricks_won),
                tuple(self.taken),
                self.widow,
                self.defended,
                self.pam,
                self.pam_holder,
                tuple(winners),
                tuple(holders),
            ),
        )
        self.phase = Phase.SETTLE

    # ------------------------------------------------------------------------------------------------- copies

    def copy(self) -> Deal:
        """An independent copy (for search bots). Shares only immutable parts."""
        new = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, _copied(getattr(self, name)))
        return new

    def state_key(self) -> tuple[Any, ...]:
        """A value that two deals share exactly when they are in the same state (used by replay tests).

        Every slot counts except those in ``_NOT_IN_KEY``, each excluded for a stated reason.
        """
        return tuple(_frozen(getattr(self, name)) for name in _KEY_SLOTS)

    # --------------------------------------------------------------------------------------------- replay

    def start_record(self) -> dict[str, Any]:
        """What the deal started from: enough, with the actions, to rebuild it exactly."""
        reshuffles = [[str(c) for c in e.order] for e in self.events if isinstance(e, Reshuffled)]
        return {
            "dealer": self.dealer,
            "stacks": self.stacks_before,
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


#: Slots left out of ``state_key``, and why. A test checks every name here is a slot.
_NOT_IN_KEY: dict[str, str] = {
    "legal_cache": "a cache of legal_actions(), derived from the state",
    "play_mask": "a cache of the allowed cards, derived from the state",
    "rng": "the source of later chance (a reshuffle), not part of the position",
    "recorded_reshuffles": "replay input, consumed as the deal goes",
    "events": "the record of how the position came about; the actions identify it",
    "shape": "chosen by the rules, which are in the key",
    "tables": "derived from the trumps and Pam, which are in the key",
    "outcome": "frozen from the state when the deal ends; the settlement is in the key",
}
_KEY_SLOTS = tuple(name for name in Deal.__slots__ if name not in _NOT_IN_KEY)


def _copied(value: Any) -> Any:
    """An independent copy of a slot's value: lists and dicts are copied (a list of lists deeply), a random
    generator is cloned with its state; everything else in a Deal is immutable and shared."""
    if type(value) is list:
        return [_copied(x) if type(x) is list else x for x in value]
    if type(value) is dict:
        return dict(value)
    if isinstance(value, random.Random):
        clone = random.Random()
        clone.setstate(value.getstate())
        return clone
    return value


def _frozen(value: Any) -> Any:
    if type(value) is list:
        return tuple(_frozen(x) for x in value)
    if type(value) is dict:
        return tuple((k, _frozen(v)) for k, v in value.items())
    return value


# --- the phase table --------------------------------------------------------------------------------------


def _not_a_player_phase(deal: Deal, action: Action, seat: int | None) -> Event:
    check_done(deal, action, seat)
    raise AssertionError("unreachable")  # pragma: no cover


def check_done(deal: Deal, action: Action, seat: int | None) -> None:
    raise IllegalActionError("The deal is over; no more actions can be taken", "COMMON-4")


def _no_actions(deal: Deal, seat: int) -> list[Action]:
    return []


def run_settle(deal: Deal) -> None:
    """Phase.SETTLE: the settlement of the outcome moves the chips (SESSION-3), and the deal is done."""
    assert deal.outcome is not None
    st = settle(deal.outcome)
    for s in range(deal.n):
        deal.stacks[s] += st.won[s] - st.paid[s]
    deal.pool = st.pool_after
    deal.settlement = st
    deal.phase = Phase.DONE
    deal.is_over = True
    deal.to_act = TERMINAL
    deal.invalidate()
    deal.events.append(Settled(st))


@dataclass(frozen=True, slots=True)
class PhaseHandler:
    """What a phase does: an automatic step ``run``s; a player phase lists, checks and applies actions."""

    run: Callable[[Deal], None] | None = None
    legal: Callable[[Deal, int], list[Action]] = _no_actions
    check: Callable[[Deal, Action, int | None], None] = check_done
    apply: Callable[[Deal, Action, int | None], Event] = _not_a_player_phase


HANDLERS: dict[Phase, PhaseHandler] = {
    Phase.ANTE: PhaseHandler(run=dealing.run_ante),
    Phase.DEAL: PhaseHandler(run=dealing.run_deal),
    Phase.TURNUP: PhaseHandler(run=dealing.run_turnup),
    Phase.DECLARE: PhaseHandler(legal=declare.legal, check=declare.check, apply=declare.apply),
    Phase.COMMIT: PhaseHandler(legal=commit.legal, check=commit.check, apply=commit.apply),
    Phase.EXCHANGE: PhaseHandler(legal=exchange.legal, check=exchange.check, apply=exchange.apply),
    Phase.FLUSH_CHECK: PhaseHandler(run=play.run_flush_check),
    Phase.PLAY: PhaseHandler(legal=play.legal, check=play.check, apply=play.apply),
    Phase.SETTLE: PhaseHandler(run=run_settle),
    Phase.DONE: PhaseHandler(),
}


def replay(rules: Rules, start: dict[str, Any], actions: Sequence[tuple[int, Action]]) -> Deal:
    """Rebuild a deal from its start record and its actions; raises IllegalActionError on an illegal one,
    including an action credited to a seat that was not the one to act."""
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
        deal.apply(action, seat)
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
