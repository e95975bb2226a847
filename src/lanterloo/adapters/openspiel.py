"""Every preset as an OpenSpiel game (docs/adapters.md): ``import lanterloo.adapters.openspiel`` registers
``lanterloo_three_card``, ``lanterloo_five_card``, ... with pyspiel, and
``pyspiel.load_game("lanterloo_lou(players=4)")`` loads one.

One OpenSpiel game is one deal. Chance deals the pack one card at a time (each outcome a card, uniform over the
cards left), then the seats act through ``ActionSpace`` indices. Under ``exchange_shortfall=reshuffle``, chance
also orders a reshuffled stock, one gathered card at a time (adapters/osreshuffle.py). Lou's secret In or Out is
taken in seat order, each seat seeing only that the others committed. The returns are each seat's chips won or
lost in the deal, antes included (Louse: minus the penalty points), so the game is general-sum: a pool carried
forward is nobody's. Game parameters are the table (``players``, ``stack``, ``dealer``, ``pool``) and every rules
option, named as in ``loo rules``, with the preset's value as its default.

The information state of a seat is its dealt hand, its hand now and the deal's record as shown to it; the
observation is ``spaces.encode`` of its view; the information-state tensor adds every finished trick's cards by
seat. ``resample_from_infostate`` draws a deal the seat cannot tell from this one (``worlds.sample``), and
``state_from_view`` (``Resampler``) does the same from a seat's ``View`` alone: how a lanterloo player hands its
position to an OpenSpiel algorithm (bench/ismcts_match.py).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from lanterloo.actions import discard
from lanterloo.adapters import osreshuffle, spaces
from lanterloo.bots import worlds
from lanterloo.cards import Card
from lanterloo.engine import Deal, View, deck_for
from lanterloo.engine.scoring import louse_card_values
from lanterloo.errors import LooError
from lanterloo.rules import PRESET_INFO, Rules, rules_with

#: The table's parameters; every rules option but these is a parameter too.
TABLE = ("players", "stack", "dealer", "pool")
_NOT_OPTIONS = ("preset", "game")
PRESETS = ("three-card", "mississippi", "irish", "rams-loo", "five-card", "lou", "louse")


def game_name(preset: str) -> str:
    """The pyspiel short name of a preset: ``three-card`` -> ``lanterloo_three_card``."""
    return "lanterloo_" + preset.replace("-", "_")


def _default_players(rules: Rules) -> int:
    lo, hi = rules.player_range()
    return min(max(5, lo), hi)


def _spec(preset: str) -> dict[str, Any]:
    rules = PRESET_INFO[preset].rules
    spec: dict[str, Any] = {"players": _default_players(rules), "stack": 100, "dealer": 0, "pool": 0}
    for f in dataclasses.fields(rules):
        if f.name not in _NOT_OPTIONS:
            spec[f.name] = getattr(rules, f.name)
    return spec


def _game_type(preset: str) -> pyspiel.GameType:
    rules = PRESET_INFO[preset].rules
    lo, hi = rules.player_range()
    return pyspiel.GameType(
        short_name=game_name(preset),
        long_name=f"lanterloo {PRESET_INFO[preset].display_title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_spec(preset),
    )


@dataclass(frozen=True)
class Table:
    """What a game's states share, in plain Python: the rules, the start, the pack, the action space. The states keep
    it rather than the pyspiel game, whose Python attributes do not survive OpenSpiel's pickling."""

    rules: Rules
    start: worlds.Start
    pack: tuple[Card, ...]
    space: spaces.ActionSpace
    layout: worlds.Layout

    @property
    def players(self) -> int:
        return len(self.start.stacks)

    @property
    def reshuffles(self) -> bool:
        """Whether a short stock is made up from the dead cards (chance nodes, adapters/osreshuffle.py)."""
        return self.rules.exchange_shortfall == "reshuffle"

    @property
    def chips(self) -> int:
        return sum(self.start.stacks) + self.start.pool

    @classmethod
    def of(cls, preset: str, values: dict[str, Any]) -> Table:
        options = {k: v for k, v in values.items() if k not in TABLE}
        changed = {k: v for k, v in options.items() if getattr(PRESET_INFO[preset].rules, k) != v}
        rules = rules_with(preset, changed)
        players = int(values["players"])
        rules.check_players(players)
        owed = max(rules.ante_owed(s, int(values["dealer"]) % players) for s in range(players))
        if int(values["stack"]) < max(owed, 1) and rules.game != "louse":
            raise LooError(f"The stack must be at least 1 chip and cover the ante of {owed}, not {values['stack']}.")
        start = worlds.Start(rules, (int(values["stack"]),) * players, int(values["dealer"]), int(values["pool"]))
        pack = tuple(deck_for(rules, players))
        return cls(rules, start, pack, spaces.ActionSpace(rules), worlds.layout(start))


_TABLES: dict[str, Table] = {}


def table_of(game: Any) -> Table:
    """The ``Table`` of a pyspiel game of ours (rebuilt from its parameters after unpickling)."""
    key = str(game)
    if key not in _TABLES:
        preset = next(p for p in PRESETS if game_name(p) == game.get_type().short_name)
        _TABLES[key] = Table.of(preset, {**_spec(preset), **game.get_parameters()})
    return _TABLES[key]


class LooGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of a lanterloo preset as an OpenSpiel game."""

    PRESET = "three-card"  # each registered game is a subclass naming its preset

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        preset = self.PRESET
        values = {**_spec(preset), **(params or {})}
        table = Table.of(preset, values)
        rules, n, h = table.rules, table.players, table.rules.hand_size
        if rules.game == "louse":
            values_ = louse_card_values(rules.louse_queen_points)
            low, high = -float(sum(values_[c] for c in table.pack)), 0.0
        else:
            low, high = -float(values["stack"]), float(table.chips)
        info = pyspiel.GameInfo(
            num_distinct_actions=table.space.size,
            max_chance_outcomes=52,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            # a reshuffle adds a chance node per card it gathers, and a card is gathered once at most: it is dead
            # only once drawn and kept or discarded, and a seat exchanges once, discarding before it draws
            max_game_length=len(table.pack) * (2 if table.reshuffles else 1) + 2 + n * (h + 4),
        )
        super().__init__(_game_type(preset), info, values)
        _TABLES[str(self)] = table

    def new_initial_state(self) -> LooState:
        return LooState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LooObserver:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return LooObserver(table_of(self), recall)


class _Held:
    """The state's table, the cards dealt so far and the ``Deal``, in a box that OpenSpiel's clone (a deep copy)
    copies with ``Deal.copy`` and a shallow copy of the cards (a deep copy of a list of ``Card``s rebuilds every
    card: a third of a random play-out's time in ISMCTS), and its pickling writes as the deck and the actions.
    Under ``exchange_shortfall=reshuffle`` it also holds the order of every reshuffle of the stock so far, and the
    exchange waiting on chance for the next one (``osreshuffle.Pending``), if any."""

    __slots__ = ("deal", "keys", "order", "pending", "reshuffles", "table")

    def __init__(
        self,
        table: Table,
        deal: Deal | None,
        order: list[Card] | None = None,
        reshuffles: list[list[Card]] | None = None,
        pending: osreshuffle.Pending | None = None,
    ) -> None:
        self.table = table
        self.deal = deal
        self.order = order if order is not None else []
        self.reshuffles = reshuffles if reshuffles is not None else []
        self.pending = pending
        # each seat's information-state string in this state: ISMCTS asks for it two or three times per node it
        # passes, and it is the seat's whole record; forgotten at every action
        self.keys: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        deal = self.deal.copy() if self.deal is not None else None
        # the reshuffles' orders are never changed in place, only replaced
        pending = self.pending.copy() if self.pending is not None else None
        held = _Held(self.table, deal, list(self.order), self.reshuffles, pending)
        held.keys = dict(self.keys)
        return held

    def __reduce__(self) -> tuple[Any, ...]:
        if self.deal is None:
            return (_dealing, (self.table, [int(c) for c in self.order]))
        deck = [int(c) for c in self.deal.started.deck]
        orders = [[int(c) for c in r] for r in self.reshuffles]
        p = self.pending
        waiting = (p.seat, p.action, [int(c) for c in p.gathered], [int(c) for c in p.placed]) if p else None
        return (_replayed, (self.table, deck, list(self.deal.actions), orders, waiting))


def _dealing(table: Table, order: list[int]) -> _Held:
    return _Held(table, None, [Card(c) for c in order])


def _replayed(
    table: Table,
    deck: list[int],
    actions: list[tuple[int, Any]],
    orders: list[list[int]] | None = None,
    waiting: tuple[int, Any, list[int], list[int]] | None = None,
) -> _Held:
    cards = [Card(c) for c in deck]
    reshuffles = [[Card(c) for c in r] for r in orders or []]
    deal = osreshuffle.rebuild(table.start, cards, reshuffles, actions)
    pending = None
    if waiting is not None:
        seat, action, gathered, placed = waiting
        pending = osreshuffle.Pending(seat, action, tuple(map(Card, gathered)), [Card(c) for c in placed])
    return _Held(table, deal, cards, reshuffles, pending)


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class LooState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: the cards dealt so far by chance, then the engine's ``Deal``."""

    def __init__(self, game: LooGame) -> None:
        super().__init__(game)
        self.held = _Held(table_of(game), None)

    @property
    def order(self) -> list[Card]:
        """The cards chance has dealt so far, top of the deck first."""
        return self.held.order

    @property
    def table(self) -> Table:
        return self.held.table

    @property
    def deal(self) -> Deal | None:
        return self.held.deal

    # --- chance -----------------------------------------------------------------------------------------------

    def current_player(self) -> int:
        deal = self.held.deal  # OpenSpiel asks this many times per action: one attribute read, not three
        if deal is None or self.held.pending is not None:
            return _CHANCE
        if deal.is_over:
            return _TERMINAL
        return deal.seats_to_act()[0]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.held.pending is not None:
            # the next card of the reshuffled stock: any gathered card not yet placed, alike
            gathered = self.held.pending.left()
            return [(int(c), 1.0 / len(gathered)) for c in gathered]
        taken = set(self.order)
        left = [int(c) for c in self.table.pack if c not in taken]
        return [(c, 1.0 / len(left)) for c in sorted(left)]

    # --- play -------------------------------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        assert self.deal is not None
        if self.held.pending is not None or player not in self.deal.seats_to_act():
            return []
        # the deal's own list and the seat's hand: what ``space.legal`` reads from a view, without building one
        hand = self.deal.hand(player)
        return sorted(self.table.space.index(a, hand) for a in self.deal.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        if self.held.keys:
            self.held.keys = {}
        if self.deal is None:
            card = Card(action)  # refuses an index that is no card
            if card in self.order or card not in self.table.pack:
                raise LooError(f"The chance outcome {action} is not a card left to deal: {card} is dealt or unused.")
            self.order.append(card)
            if len(self.order) == len(self.table.pack):
                self.held.deal = self.table.start.deal(self.order)
            return
        held = self.held
        if held.pending is not None:
            self._place(Card(action))
            return
        seat = self.deal.seats_to_act()[0]
        space = self.table.space
        # from the deal's hand and legal list rather than a view: a core deal builds its views on a Python shadow
        # of itself, which would cost a random play-out most of its time
        legal = self.deal.legal_actions(seat) if action == space.civil else ()
        decoded = space.decode(action, self.deal.hand(seat), legal)
        if self.table.reshuffles and osreshuffle.may_reshuffle(self.deal):
            after, pending = osreshuffle.trial(self.deal, decoded, seat, len(held.reshuffles))
            if pending is None:
                held.deal = after  # the copy is the deal after the action
            else:
                held.pending = pending  # the deal stays before the action until chance has ordered the stock
            return
        self.deal.apply(decoded, seat)

    def _place(self, card: Card) -> None:
        """Chance places the next card of a reshuffled stock; once all are placed, the deal is replayed with the
        orders and goes on from the waiting exchange."""
        held = self.held
        pending, deal = held.pending, held.deal
        assert pending is not None and deal is not None
        if not pending.place(card):
            return
        held.reshuffles = [*held.reshuffles, list(pending.placed)]
        actions = [*deal.actions, (pending.seat, pending.action)]
        held.deal = osreshuffle.rebuild(self.table.start, self.order, held.reshuffles, actions)
        held.pending = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"{'reshuffle' if self.held.pending is not None else 'deal'} {Card(action)}"
        if self.deal is None or player not in self.deal.seats_to_act():
            return f"action {action}"
        return self.table.space.action(action, self.deal.view(player, with_events=False)).notation()

    def is_terminal(self) -> bool:
        return self.deal is not None and self.held.pending is None and self.deal.is_over

    def returns(self) -> list[float]:
        if self.deal is None or not self.deal.is_over:
            return [0.0] * self.table.players
        settlement = self.deal.settlement
        if self.table.rules.game == "louse" and settlement is not None:
            return [-float(p) for p in settlement.points]
        return [float(a - b) for a, b in zip(self.deal.stacks, self.table.start.stacks, strict=True)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LooState:
        """A state ``player_id`` cannot tell from this one, drawn by ``worlds.sample``."""
        if self.deal is None:
            return LooState(self.get_game())  # nothing is known yet
        rng = random.Random(int(probability_sampler() * 2**53))
        state = Resampler(self.get_game(), self.deal.view(player_id), self.dealt(player_id)).draw(rng)
        pending = self.held.pending
        if pending is not None:
            # the exchange waiting on a reshuffle: the seat's own as it is, another's drawn again in this world
            action, deal = pending.action, state.deal
            assert deal is not None
            hand = deal.hand(pending.seat)
            if pending.seat != player_id:
                action = discard(sum(1 << c for c in rng.sample(hand, osreshuffle.count(action))))
            state.apply_action(self.table.space.index(action, hand))
        return state

    def dealt(self, seat: int) -> list[Card]:
        """The cards ``seat`` was dealt (empty before the deal)."""
        return worlds.dealt_hand(self.order, self.table.layout, seat) if self.deal is not None else []

    def __str__(self) -> str:
        if self.deal is None:
            return f"dealing: {' '.join(map(str, self.order))}"
        hands = " | ".join(" ".join(map(str, self.deal.hand(s))) for s in range(self.table.players))
        text = f"{self.deal.phase.value}; hands {hands}; pool {self.deal.pool}; stacks {list(self.deal.stacks)}"
        pending = self.held.pending
        if pending is not None:
            placed = " ".join(map(str, pending.placed))
            text += f"; seat {pending.seat} exchanges {pending.action.notation()}; reshuffled stock so far: {placed}"
        return text


class Resampler:
    """States of ``game`` that the seat of ``view`` cannot tell from the deal the view shows, drawn by
    ``worlds.sample``: how a player who knows only its ``View`` hands its position to an OpenSpiel algorithm, and
    the determinisations of a search from it. What the view fixes is worked out once (``worlds.Sampler``), so a
    search drawing many pays for it once. ``dealt`` is the hand the seat was dealt, which the view forgets once the
    seat takes the Miss; without it that hand is drawn too. The game's table (players, stacks, dealer, pool carried
    in) must be the deal's."""

    def __init__(self, game: LooGame, view: View, dealt: Sequence[Card] | None = None) -> None:
        table = table_of(game)
        if worlds.Start.of(view) != table.start or view.rules != table.rules:
            raise LooError(
                "The view is of a deal that does not start as this game's table does (rules, stacks, dealer, pool)."
            )
        self.game = game
        self.sampler = worlds.Sampler(view, dealt)

    def draw(self, rng: random.Random) -> LooState:
        order, _, world = self.sampler.draw(rng)
        # the sampled deal is the one its deck and actions replay to: the state the same chance outcomes and
        # action indices would reach, without replaying them again
        state = LooState(self.game)
        state.held.order = list(order)
        state.held.deal = world
        if self.sampler.plan.reshuffles:
            # the reshuffles the seat saw, in the orders this world drew: what a clone's replay needs
            state.held.reshuffles = osreshuffle.recorded(world)
        return state


def state_from_view(game: LooGame, view: View, rng: random.Random, dealt: Sequence[Card] | None = None) -> LooState:
    """One state ``Resampler(game, view, dealt)`` draws."""
    return Resampler(game, view, dealt).draw(rng)


class LooObserver:
    """OpenSpiel's observer: ``spaces.encode`` of the seat's view; with perfect recall, also every finished trick's
    cards by seat (counted from the observer) and its strings carry the whole record."""

    def __init__(self, table: Table, recall: bool) -> None:
        self.table = table
        self.recall = recall
        d, n, h = len(table.space.deck), table.players, table.rules.hand_size
        base = spaces.observation_size(table.space, n)
        self.history = h * n * d if recall else 0
        self.tensor = np.zeros(base + self.history, np.float32)
        self.dict = {"observation": self.tensor[:base]}
        if recall:
            self.dict["tricks"] = self.tensor[base:].reshape(h, n, d)

    def set_from(self, state: LooState, player: int) -> None:
        self.tensor.fill(0)
        if state.deal is None:
            return
        view = state.deal.view(player, with_events=False)
        self.tensor[: len(self.dict["observation"])] = spaces.encode(self.table.space, view, self.table.chips)
        if self.recall:
            position = self.table.space.position
            for t, record in enumerate(view.tricks):
                for s, c in record.cards:
                    self.dict["tricks"][t, (s - player) % view.players, position[c]] = 1.0

    def string_from(self, state: LooState, player: int) -> str:
        if state.deal is None:
            return f"seat {player}; the cards are being dealt"
        if self.recall:
            known = state.held.keys.get(player)
            if known is None:
                dealt = " ".join(map(str, sorted(state.dealt(player))))
                known = f"seat {player}; dealt {dealt}; hand " + worlds.seen(state.deal.view(player))
                if state.held.pending is not None:
                    known += "\n" + state.held.pending.shown(player)
                state.held.keys[player] = known
            return known
        v = state.deal.view(player, with_events=False)
        trick = " ".join(f"{s}:{c}" for s, c in v.trick)
        decl = " ".join(str(d) if d is not None else "-" for d in v.declarations)
        return (
            f"seat {player}; {v.phase.value}; hand {' '.join(map(str, v.hand))}; turn-up {v.turnup}; "
            f"declared {decl}; trick {trick}; tricks {list(v.tricks_won)}; stacks {list(v.stacks)}; pool {v.pool}"
        ) + (f"; {state.held.pending.shown(player)}" if state.held.pending is not None else "")


def register() -> list[str]:
    """Register every preset with pyspiel (done on import); returns the short names."""
    names = []
    for preset in PRESETS:
        kind = _game_type(preset)
        if kind.short_name not in pyspiel.registered_names():
            game = type(f"LooGame_{preset.replace('-', '_')}", (LooGame,), {"PRESET": preset})
            pyspiel.register_game(kind, game)
        names.append(kind.short_name)
    return names


GAMES = register()
