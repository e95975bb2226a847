"""What the Gymnasium and PettingZoo environments share: the table of one episode, the observation and mask of a
seat as numpy arrays, an action index checked and applied, and a seat's reward.

One episode is one deal at a fresh table: every seat starts with ``stack`` chips and the pool is empty. The dealer
and the deck are drawn from the environment's numpy generator, so a seed fixes the whole episode. Nothing here
encodes a rule: the engine says what is legal and how the deal settles, ``spaces`` numbers and encodes it.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from lanterloo.actions import Action
from lanterloo.adapters import spaces
from lanterloo.engine import Deal, View
from lanterloo.engine.scoring import louse_card_values
from lanterloo.errors import IllegalActionError, LooError
from lanterloo.rules import Rules, find_variant, rules_with

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def whole(value: Any, name: str, least: int = 0) -> int:
    """``value`` as an int (a Python or numpy integer, not a bool), at least ``least``; else a one-sentence error
    naming the argument, raised when the environment is built rather than deep inside a step."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < least:
        raise LooError(f"The {name} must be a whole number of at least {least}, not {value!r}.")
    return int(value)


def check_seed(seed: Any) -> int | None:
    """A reset's seed, the same rule in both environments: None, or a whole number of at least 0."""
    return None if seed is None else whole(seed, "seed")


def default_players(rules: Rules) -> int:
    """Five players, or the nearest count the rules allow (Louse: 4), as the OpenSpiel adapter chooses."""
    lo, hi = rules.player_range()
    return min(max(5, lo), hi)


@dataclass(frozen=True)
class EnvTable:
    """The rules, the table and the fixed spaces of an environment (the same for every episode)."""

    rules: Rules
    players: int
    stack: int
    space: spaces.ActionSpace = field(init=False)
    size: int = field(init=False)  # the observation's length
    high: float = field(init=False)  # the largest entry an observation can hold
    points: int = field(init=False)  # Louse: every penalty point of the pack (0 in other games)

    def __post_init__(self) -> None:
        space = spaces.ActionSpace(self.rules)
        object.__setattr__(self, "space", space)
        object.__setattr__(self, "size", spaces.observation_size(space, self.players))
        points = 0
        if self.rules.game == "louse":
            values = louse_card_values(self.rules.louse_queen_points)
            points = sum(values[c] for c in space.deck)
        object.__setattr__(self, "points", points)
        # penalty points are divided by 100 and are the one entry that may pass 1: at most every point in the pack
        object.__setattr__(self, "high", max(1.0, points / 100))

    @classmethod
    def of(cls, variant: str, players: int | None, stack: int, options: dict[str, Any] | None) -> EnvTable:
        """The table for a registered variant (preset or house variant, ``lanterloo.rules.registry``) with rules
        ``options`` applied; refuses a player count the rules do not allow and a stack that cannot pay the ante."""
        if not isinstance(variant, str):
            raise LooError(f"The variant must be a variant's name (`loo variants` lists them), not {variant!r}.")
        if options is not None and not isinstance(options, dict):
            raise LooError(f"The options must be a dict of rules options (or None), not {options!r}.")
        rules = rules_with(find_variant(variant).name, options)
        n = default_players(rules) if players is None else whole(players, "number of players")
        rules.check_players(n)
        stack = whole(stack, "stack")
        owed = max(rules.ante_owed(s, d) for s in range(n) for d in range(n))
        if stack < max(owed, 1) and rules.game != "louse":
            raise LooError(f"The stack must be at least 1 chip and cover the ante of {owed}, not {stack}.")
        return cls(rules, n, stack)

    @property
    def worst(self) -> float:
        """The worst result a seat can have in a deal: minus its stack (Louse: minus every penalty point)."""
        return -float(self.points) if self.rules.game == "louse" else -float(self.stack)

    @property
    def chips(self) -> int:
        return self.players * self.stack

    def deal(self, rng: np.random.Generator) -> Deal:
        """A fresh deal: the dealer and the engine's seed drawn from ``rng``."""
        dealer = int(rng.integers(self.players))
        seed = int(rng.integers(2**63 - 1))
        return Deal(self.rules, [self.stack] * self.players, dealer, seed=seed)

    def observe(self, view: View) -> Observation:
        vector = spaces.encode(self.space, view, self.chips)
        return np.fromiter(vector, np.float32, len(vector))

    def mask(self, view: View) -> Mask:
        """The seat's legal indices as 0/1: all 0 when it has nothing to do now (or the deal is over)."""
        out = np.zeros(self.space.size, dtype=np.int8)
        if view.legal:
            out[self.space.legal(view)] = 1
        return out

    def action(self, deal: Deal, seat: int, index: Any, view: View | None = None) -> Action:
        """The action ``index`` stands for, checked: a ``LooError`` of one sentence naming the index and why it is
        refused (outside the space, not legal now with the engine's reason and rule ID); the deal is unchanged.
        ``view`` is the seat's view now, when the caller has it (it saves building another)."""
        try:
            if isinstance(index, bool | float):
                raise TypeError
            i = operator.index(index)  # a 1-element numpy array has __index__ too, and raises TypeError here
        except TypeError:
            raise LooError(f"An action is a whole number from 0 to {self.space.size - 1}, not {index!r}.") from None
        if view is None:
            view = deal.view(seat, with_events=False)
        action = self.space.action(i, view)  # its own sentence names the index and why it means nothing here
        try:
            deal.check(action, seat)
        except IllegalActionError as err:
            raise IllegalActionError(
                f"Action {i} ({action.notation()}) is not legal now: {err.reason}", err.rule_id
            ) from None
        return action

    def reward(self, deal: Deal, seat: int) -> float:
        """The seat's result of a finished deal: chips won or lost, antes included (Louse: minus penalty points)."""
        settlement = deal.settlement
        if self.rules.game == "louse" and settlement is not None:
            return -float(settlement.points[seat])
        return float(deal.stacks[seat] - self.stack)
