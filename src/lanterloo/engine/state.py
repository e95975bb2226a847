"""One deal as a phase machine: the Deal's fields and its queries.

``Deal`` holds the state; what each phase does lives in its own module. ``HANDLERS`` (handlers.py) maps each
``Phase`` to its handler: an automatic step has a ``run`` (antes, deal, turn-up, flush check, settle), a player
phase has ``legal``, ``check`` and ``apply``. ``legal_actions``, ``check`` and ``apply`` go through the handler of
the phase the deal is in; after each action ``advance`` runs the automatic steps until a player must act (or the
deal is done), as OpenSpiel's card games do.
"""

from __future__ import annotations

import random
from abc import ABCMeta
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from lanterloo import validate
from lanterloo.actions import Action
from lanterloo.cards import Card, cards_of
from lanterloo.engine import commit, core, dealing, exchange
from lanterloo.engine import view as views
from lanterloo.engine.events import DealStarted, Event, Reshuffled
from lanterloo.engine.handlers import HANDLERS
from lanterloo.engine.phases import TERMINAL, Decl, Phase, TrickRecord
from lanterloo.engine.scoring import Outcome, Settlement, SettlementKind
from lanterloo.engine.shape import GameShape, shape_of
from lanterloo.engine.snapshot import copied, frozen
from lanterloo.engine.view import Hidden, View
from lanterloo.errors import IllegalActionError, LooError
from lanterloo.rules import Rules
from lanterloo.tables import NO_TRUMP, loo_tables

_NO_TRUMP_TABLES = loo_tables(NO_TRUMP)
_new = tuple.__new__
# Module constants: reading ``Phase.PLAY`` costs an enum class lookup on every action of every simulated deal.
_ANTE, _PLAY, _COMMIT, _SETTLE, _DONE = Phase.ANTE, Phase.PLAY, Phase.COMMIT, Phase.SETTLE, Phase.DONE


class Deal(metaclass=ABCMeta):  # noqa: B024 -- an ABC only so that the core's Core registers as a Deal
    """A single deal. Construct it with the table as it stands; act on it with ``apply``.

    ``stacks`` are chip stacks before the antes; ``pool`` is what the pool carries in from the last deal.
    Give either ``deck`` (an explicit order, top card first) or ``seed``/``rng`` for a shuffle; the engine never
    touches the global ``random``. ``ante`` says whether antes are taken (Lou antes only when a game starts).
    """

    # Slots, not a __dict__: attribute access is on the hot path of every simulated move. copy() and state_key()
    # are derived from this list, so a new field is copied and compared without more code (see _NOT_IN_KEY).
    __slots__ = (
        "_actions",  # (seat, action) of every action so far
        "_anted",
        "_antes",
        "_best_card",
        "_best_seat",
        "_carried",  # what the pool held before this deal's antes (Bold Stand looks at it)
        "_commits",
        "_dead",  # passed and Out hands, discards, a swapped-out hand: out of play, face down
        "_dealer",
        "_deck",
        "_decl",
        "_defended",
        "_eldest",
        "_events",
        "_exchanged",  # cards exchanged by each seat (None: not yet)
        "_flushes",
        "_forced_all",
        "_handler",  # HANDLERS[_phase] once the automatic steps stop: read on every action
        "_hands",
        "_hands_in_play",
        "_in_play",
        "_is_over",  # a plain attribute, not a property: every driving loop reads it once per action
        "_leader",
        "_legal_cache",
        "_miss",
        "_miss_taker",
        "_miss_withdrawn",
        "_n",
        "_next_seat",
        "_order",
        "_outcome",
        "_pam",
        "_pam_holder",
        "_phase",
        "_play_mask",
        "_played",  # cards in finished tricks
        "_pool",
        "_recorded_reshuffles",
        "_rng",
        "_rules",
        "_settlement",
        "_shape",
        "_stacks",
        "_stock",
        "_stock_pos",
        "_tables",
        "_taken",  # Louse: cards each seat has taken in tricks
        "_to_act",
        "_trick",
        "_trick_civil",
        "_trick_no",
        "_tricks",
        "_tricks_won",
        "_trump",
        "_turnup",
        "_widow",
    )

    def __new__(
        cls,
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
    ) -> Deal:
        # The compiled core plays the deal where it covers the rules (engine/core.py); it has this class's public
        # surface and counts as a Deal to isinstance (a registered virtual subclass), but is not a real subclass, so
        # type.__call__ does not call __init__ on it.
        make = core.MAKE
        if make is not None and cls is Deal:
            made: Deal | None = make(rules, stacks, dealer, pool, deck, seed, rng, ante, reshuffles)
            if made is not None:
                return made
        return object.__new__(cls)

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
        self._rules = rules
        self._shape = shape_of(rules)
        self._n = n
        self._dealer = dealer
        self._eldest = (dealer + 1) % n
        self._stacks = list(stacks)
        self._carried = self._pool = pool
        self._anted = ante
        self._rng = rng if rng is not None else random.Random(seed)
        self._recorded_reshuffles = [list(r) for r in reshuffles] if reshuffles is not None else None
        self._deck = dealing.deck_order(self._shape.pack(rules, n), deck, self._rng)
        self._clear()
        self._phase = _ANTE
        self._advance()

    def _clear(self) -> None:
        """Every other field, as before the first step."""
        n = self._n
        self._antes = [0] * n
        self._events: list[Event] = []
        self._actions: list[tuple[int, Action]] = []
        self._settlement: Settlement | None = None
        self._outcome: Outcome | None = None
        self._is_over = False
        self._legal_cache: list[Action] | None = None
        self._play_mask = -1
        self._to_act = self._eldest
        # the cards
        self._hands = [0] * n
        self._miss = self._widow = self._dead = self._played = 0
        self._turnup: Card | None = None
        self._stock: list[Card] = []
        self._stock_pos = 0
        self._trump = self._pam = -1
        self._tables = _NO_TRUMP_TABLES  # until the turn-up
        # the declarations
        self._decl: list[Decl | None] = [None] * n
        self._commits: list[Decl | None] = [None] * n
        self._in_play = [False] * n
        self._miss_taker: int | None = None
        self._defended = self._forced_all = self._miss_withdrawn = False
        self._exchanged: list[int | None] = [None] * n
        self._flushes: dict[int, list[Card]] = {}
        # the tricks
        self._trick: list[tuple[int, Card]] = []
        self._trick_civil = False
        self._trick_no = 0
        self._tricks: list[TrickRecord] = []
        self._tricks_won = [0] * n
        self._taken = [0] * n
        self._best_card = self._best_seat = self._leader = self._pam_holder = -1
        self._hands_in_play = 0
        self._order: list[int] = []
        self._next_seat: list[int] = []

    # --------------------------------------------------------------------------- read-only, for clients
    # Every field is private, so that ruff's SLF001 catches a client reaching in; a client reads these, the
    # View, the events and the settlement. Each returns something immutable (a tuple, a frozen record).

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def shape(self) -> GameShape:
        """The game shape chosen from the rules (pack, packets, follow duty, stakes, session end)."""
        return self._shape

    @property
    def players(self) -> int:
        return self._n

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def eldest(self) -> int:
        return self._eldest

    @property
    def pool(self) -> int:
        """What the pool holds now (after the antes; after the settlement once the deal is over)."""
        return self._pool

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips now (after the antes; after the settlement once the deal is over)."""
        return tuple(self._stacks)

    @property
    def started(self) -> DealStarted:
        """The first event: dealer, stacks before the antes, the pool carried in, the antes and the deck."""
        if not self._events:
            raise LooError("The deal has not started: the dealer has yet to set the ante (LOU-ANTE-2).")
        first = self._events[0]
        assert isinstance(first, DealStarted)
        return first

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, uncensored (the referee's record; a seat gets ``view(seat).events``)."""
        return tuple(self._events)

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """(seat, action) of every player action so far."""
        return tuple(self._actions)

    @property
    def settlement(self) -> Settlement | None:
        """The frozen settlement once the deal is over, else None."""
        return self._settlement

    # Every driving loop reads these once per action. A property whose getter is C (``attrgetter``) costs no Python
    # frame; mypy is shown the same properties, typed.
    if TYPE_CHECKING:

        @property
        def phase(self) -> Phase: ...

        @property
        def is_over(self) -> bool: ...

    else:
        phase = property(attrgetter("_phase"), doc="The phase the deal is in now.")
        is_over = property(attrgetter("_is_over"), doc="Whether the deal is settled.")

    # ------------------------------------------------------------------------------------------------ queries

    def current_player(self) -> int:
        """The seat to act, or TERMINAL (-1) when the deal is settled."""
        return TERMINAL if self._phase is _DONE else self._to_act

    def seats_to_act(self) -> list[int]:
        """Every seat that may act now: several during Lou's secret commit, otherwise the current player."""
        if self._phase is _DONE:
            return []
        if self._phase is _COMMIT:
            return commit.waiting(self)
        return [self._to_act]

    def hand(self, seat: int) -> list[Card]:
        """Any seat's hand: the referee sees everything. A client shows ``view(seat).hand`` instead."""
        if type(seat) is not int or not 0 <= seat < self._n:
            seat = validate.seat(seat, self._n)
        return cards_of(self._hands[seat])

    def _ring(self, start: int) -> list[int]:
        """Every seat, clockwise from ``start``."""
        return [*range(start, self._n), *range(start)]

    def stock_left(self) -> int:
        return len(self._stock) - self._stock_pos

    def draw_freely(self) -> None:
        """From here on a reshuffle of a short stock draws from the deal's own stream, as a dealt deal does: a
        sampled world (bots/worlds.py) replays the reshuffles its seat saw from recorded orders, then plays on."""
        self._recorded_reshuffles = None

    def exchange_limit(self) -> int:
        """How many cards the seat to act may exchange now (0 outside the exchange)."""
        return exchange.limit(self) if self._phase is Phase.EXCHANGE else 0

    def view(self, seat: int | None, *, with_events: bool = True) -> View:
        """Everything ``seat`` may know, and nothing else (None: a spectator).

        ``with_events=False`` leaves out the censored event log, which bots do not need and which makes a view
        cost grow with the length of the deal.
        """
        if seat is not None:
            seat = validate.seat(seat, self._n)
        return views.build(self, seat, with_events)

    def hidden(self) -> Hidden:
        """The cards no seat may see (every hand, the Miss, the widow, the stock): for a referee's transcript only."""
        return views.hidden(self)

    # --------------------------------------------------------------------------------------------- legality

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the current player)."""
        if seat is not None and (type(seat) is not int or seat != self._to_act):
            seat = validate.seat(seat, self._n)
            if seat != self._to_act:
                return commit.legal(self, seat) if self._phase is _COMMIT else []
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._handler.legal(self, self._to_act)
        return cache.copy()  # a copy: callers may shuffle or trim what they get

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        try:
            self.check(action, seat)
        except IllegalActionError:
            return False
        return True

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise IllegalActionError with the plain reason and rule ID if ``action`` is not legal now."""
        validate.action(action)
        seat = validate.seat_or_none(seat, self._n)
        HANDLERS[self._phase].check(self, action, seat)

    def apply(self, action: Action, seat: int | None = None) -> Event:
        """Apply a player's action (checked first; an illegal one changes nothing). Returns its event."""
        if seat is not None and (type(seat) is not int or seat != self._to_act):
            seat = validate.seat(seat, self._n)
        phase = self._phase
        try:
            ev = self._handler.apply(self, action, seat)
        except IllegalActionError:
            validate.action(action)  # a foreign object is refused as one, not as an illegal move; free when none
            raise
        if self._phase is not phase:
            self._advance()
        return ev

    # ------------------------------------------------------------------------------- for the phase handlers

    def _require_turn(self, seat: int | None) -> None:
        if seat is not None and seat != self._to_act:
            raise IllegalActionError(
                "It is {to_act}'s turn, not {seat}'s", "COMMON-4", {"to_act": self._to_act, "seat": seat}
            )

    def _known_legal(self, action: Action, seat: int | None) -> bool:
        """Whether ``action`` is in the legal list already computed for this state (the same legality path)."""
        cache = self._legal_cache
        return cache is not None and (seat is None or seat == self._to_act) and action in cache

    def _invalidate(self) -> None:
        self._legal_cache = None
        self._play_mask = -1

    def _advance(self) -> None:
        """Run the automatic steps until a player must act or the deal is done.

        Every change of phase ends here (the constructor and ``apply`` call it), so this is where the handler of the
        phase a player acts in is looked up, once.
        """
        self._invalidate()
        phase = self._phase
        handler = HANDLERS[phase]
        while handler.run is not None:
            handler.run(self)
            if self._phase is phase:  # the step waits for a player: Lou's dealer sets the ante (LOU-ANTE-2)
                break
            phase = self._phase
            handler = HANDLERS[phase]
        self._handler = handler

    def _end(self, kind: SettlementKind, rule: str, winners: Sequence[int] = (), holders: Sequence[int] = ()) -> None:
        """The deal ends as ``kind`` says: freeze what the settlement needs, and go to Phase.SETTLE."""
        # positional, with tuple.__new__: one Outcome per deal, on the path of every simulated deal
        self._outcome = _new(
            Outcome,
            (
                self._shape,
                self._rules,
                kind,
                rule,
                self._n,
                self._dealer,
                self._pool,
                tuple(self._stacks),
                self._shape.stakes(self._rules, self._pool),
                tuple(self._in_play),
                tuple(self._order),
                tuple(self._hands),
                tuple(self._tricks),
                tuple(self._tricks_won),
                tuple(self._taken),
                self._widow,
                self._defended,
                self._pam,
                self._pam_holder,
                tuple(winners),
                tuple(holders),
            ),
        )
        self._phase = _SETTLE

    # ------------------------------------------------------------------------------------------------- copies

    def copy(self) -> Deal:
        """An independent copy (for search bots). Shares only immutable parts."""
        new = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, copied(getattr(self, name)))
        return new

    def state_key(self) -> tuple[Any, ...]:
        """A value that two deals share exactly when they are in the same state (used by replay tests).

        Every slot counts except those in ``_NOT_IN_KEY``, each excluded for a stated reason.
        """
        return tuple(frozen(getattr(self, name)) for name in _KEY_SLOTS)

    # --------------------------------------------------------------------------------------------- replay

    def start_record(self) -> dict[str, Any]:
        """What the deal started from: enough, with the actions, to rebuild it exactly."""
        reshuffles = [[str(c) for c in e.order] for e in self._events if isinstance(e, Reshuffled)]
        return {
            "dealer": self._dealer,
            "stacks": self.stacks_before,
            "pool": self._carried,
            "ante": self._anted,
            "deck": [str(c) for c in self._deck],  # text, as the hand history stores it
            "reshuffles": reshuffles,
        }

    @property
    def stacks_before(self) -> list[int]:
        """Each seat's chips before this deal's antes (the chips now, while Lou's dealer has yet to set the ante)."""
        return list(self.started.stacks) if self._events else list(self._stacks)


class PureDeal(Deal):
    """The reference engine, whatever the compiled core covers: the core's shadow, the differential test, and tests
    that look at a Deal's private fields."""

    __slots__ = ()


core.bind(Deal, PureDeal)


#: Slots left out of ``state_key``, and why. A test checks every name here is a slot.
_NOT_IN_KEY: dict[str, str] = {
    "_legal_cache": "a cache of legal_actions(), derived from the state",
    "_play_mask": "a cache of the allowed cards, derived from the state",
    "_rng": "the source of later chance (a reshuffle), not part of the position",
    "_recorded_reshuffles": "replay input, consumed as the deal goes",
    "_events": "the record of how the position came about; the actions identify it",
    "_shape": "chosen by the rules, which are in the key",
    "_tables": "derived from the trumps and Pam, which are in the key",
    "_handler": "the phase's handler, derived from the phase",
    "_outcome": "frozen from the state when the deal ends; the settlement is in the key",
}
_KEY_SLOTS = tuple(name for name in Deal.__slots__ if name not in _NOT_IN_KEY)
