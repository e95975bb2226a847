"""PettingZoo AEC environments for every preset and house variant (docs/adapters.md, "PettingZoo").

The classic-games convention: a versioned name per preset, each with ``env(**kwargs)`` (wrapped) and ``raw_env``::

    from lanterloo.adapters.pettingzoo import loo_three_card_v0
    env = loo_three_card_v0.env(players=4)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

``loo_three_card_v0``, ``loo_mississippi_v0``, ``loo_irish_v0``, ``loo_rams_loo_v0``, ``loo_five_card_v0``,
``loo_lou_v0`` and ``loo_louse_v0``; any registered variant, a house variant included, through
``env("my-house")`` or ``make_env(variant="my-house")``.

One episode is one deal at a fresh table (every seat ``stack`` chips, the pool empty); the dealer and the deck
come from the seed. The agents are ``player_0`` .. ``player_{n-1}``, one per seat; the agent to act is the seat the
engine names (in Lou's secret commit, the seats still to commit one at a time, each seeing only that the others
committed). An observation is ``{"observation", "action_mask"}``: ``spaces.encode`` of that seat's view only, and
the mask of its legal indices (all 0 when it is not its turn). Rewards come at the end of the deal: each seat's
chips won or lost, antes included (Louse: minus its penalty points).

``raw_env`` raises a ``LooError`` on an illegal action and changes nothing; ``env`` wraps it as the classic games
do: ``TerminateIllegalWrapper`` ends the deal with ``illegal_reward`` for the offender (by default the worst
result the game allows: minus the stack, or in Louse minus every penalty point of the pack) and 0 for the others,
``AssertOutOfBoundsWrapper`` refuses an index outside the action space, ``OrderEnforcingWrapper`` a step before
``reset``.
"""

from __future__ import annotations

import sys
import types
from typing import Any

import numpy as np
from gymnasium import spaces as gym_spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from lanterloo.adapters.envtable import EnvTable, check_seed
from lanterloo.engine import Deal, View
from lanterloo.errors import LooError

PRESETS = ("three-card", "mississippi", "irish", "rams-loo", "five-card", "lou", "louse")


def env_name(variant: str) -> str:
    """The versioned PettingZoo name of a variant: ``three-card`` -> ``loo_three_card_v0``."""
    return "loo_" + variant.replace("-", "_") + "_v0"


class LooAECEnv(AECEnv, EzPickle):  # type: ignore[misc]
    """One deal of a registered variant as a PettingZoo AEC environment (module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi"],
        "name": "loo_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "three-card",
        players: int | None = None,
        stack: int = 100,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        EzPickle.__init__(self, **self._arguments(variant, players, stack, options, render_mode))
        super().__init__()
        self.table = EnvTable.of(variant, players, stack, options)
        self.metadata = {**self.metadata, "name": env_name(self.table.rules.preset)}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise LooError(f"The render mode must be 'ansi' or None, not {render_mode!r}.")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(self.table.players)]
        self.agents = self.possible_agents[:]
        size = self.table.space.size
        # every seat has the same spaces, each its own objects, so seeding one seeds no other
        self.observation_spaces = {
            a: gym_spaces.Dict(
                {
                    "observation": gym_spaces.Box(0.0, self.table.high, (self.table.size,), np.float32),
                    "action_mask": gym_spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for a in self.agents
        }
        self.action_spaces = {a: gym_spaces.Discrete(size) for a in self.agents}
        self._rng: np.random.Generator | None = None
        self.deal: Deal | None = None  # read it; only step() changes it
        self._seen: tuple[Deal, int, View] | None = None  # the deal, seat and view observe() last built to act on
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def _arguments(self, variant: str, *rest: Any) -> dict[str, Any]:
        """The constructor's arguments, for EzPickle to rebuild the environment from."""
        names = ("players", "stack", "options", "render_mode")
        return {"variant": variant, **dict(zip(names, rest, strict=True))}

    def _seat(self, agent: Any) -> int:
        if agent not in self.possible_agents:
            last = self.possible_agents[-1]
            raise LooError(f"Unknown agent {agent!r}: the agents are player_0 to {last}.")
        return self.possible_agents.index(agent)

    def observation_space(self, agent: str) -> gym_spaces.Space[Any]:
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> gym_spaces.Space[Any]:
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed = check_seed(seed)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.deal = self.table.deal(self._rng)
        self._seen = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._next()

    def last(self, observe: bool = True) -> Any:
        self._alive()
        return super().last(observe)

    def _alive(self) -> None:
        if self.agent_selection not in self._cumulative_rewards:
            raise LooError("The deal is over (or was never dealt): call reset() for the next episode.")

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        if self.deal is None:
            raise LooError("There is no deal yet: call reset() first.")
        view = self.deal.view(seat, with_events=False)
        if agent != self.agent_selection:
            return {"observation": self.table.observe(view), "action_mask": np.zeros(self.table.space.size, np.int8)}
        # the agent to act is observed before it steps: its view now serves the step too
        self._seen = (self.deal, seat, view)
        return {"observation": self.table.observe(view), "action_mask": self.table.mask(view)}

    def step(self, action: Any) -> None:
        self._alive()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        if deal is None:
            raise LooError("There is no deal yet: call reset() first.")
        seat = self.possible_agents.index(agent)
        seen = self._seen
        view = seen[2] if seen is not None and seen[0] is deal and seen[1] == seat else None
        deal.apply(self.table.action(deal, seat, action, view), seat)
        self._seen = None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._next()

    def _next(self) -> None:
        """Select the seat the engine names, or end the episode with every seat's result."""
        deal = self.deal
        assert deal is not None
        if not deal.is_over:
            self.agent_selection = self.possible_agents[deal.seats_to_act()[0]]
            return
        for s, agent in enumerate(self.possible_agents):
            self.rewards[agent] = self.table.reward(deal, s)
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as a spectator sees it, one line (``render_mode="ansi"``)."""
        if self.render_mode is None or self.deal is None:
            return None
        v = self.deal.view(None, with_events=False)
        trick = " ".join(f"{s}:{c}" for s, c in v.trick)
        return (
            f"{v.phase.value}; to act {self.agent_selection}; turn-up {v.turnup}; trick {trick}; "
            f"tricks {list(v.tricks_won)}; stacks {list(v.stacks)}; pool {v.pool}"
        )

    def close(self) -> None:
        pass


#: The module-level raw environment: any registered variant, by name.
raw_env = LooAECEnv


def env(variant: str = "three-card", *, illegal_reward: float | None = None, **kwargs: Any) -> AECEnv:
    """A wrapped environment of any registered variant (a house variant too): illegal actions end the deal with
    ``illegal_reward`` for the offender (module docstring)."""
    return _wrap(LooAECEnv(variant, **kwargs), illegal_reward)


make_env = env


def _wrap(raw: LooAECEnv, illegal_reward: float | None) -> AECEnv:
    wrapped = wrappers.TerminateIllegalWrapper(raw, raw.table.worst if illegal_reward is None else illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def _versioned(preset: str) -> types.ModuleType:
    """A module ``loo_<preset>_v0`` with its own ``raw_env`` class and ``env`` function, as PettingZoo's classic
    games have."""
    name = env_name(preset)
    module = types.ModuleType(f"{__name__}.{name}", f"The lanterloo {preset} PettingZoo environment.")

    class Raw(LooAECEnv):
        metadata = {**LooAECEnv.metadata, "name": name}  # noqa: RUF012 (PettingZoo reads it from the class)

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(preset, **kwargs)

        def _arguments(self, variant: str, *rest: Any) -> dict[str, Any]:
            return {k: v for k, v in super()._arguments(variant, *rest).items() if k != "variant"}

    Raw.__name__ = Raw.__qualname__ = "raw_env"
    Raw.__module__ = module.__name__

    def wrapped(*, illegal_reward: float | None = None, **kwargs: Any) -> AECEnv:
        return _wrap(Raw(**kwargs), illegal_reward)

    wrapped.__module__ = module.__name__
    wrapped.__qualname__ = wrapped.__name__ = "env"
    module.raw_env = Raw  # type: ignore[attr-defined]
    module.env = wrapped  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    return module


loo_three_card_v0 = _versioned("three-card")
loo_mississippi_v0 = _versioned("mississippi")
loo_irish_v0 = _versioned("irish")
loo_rams_loo_v0 = _versioned("rams-loo")
loo_five_card_v0 = _versioned("five-card")
loo_lou_v0 = _versioned("lou")
loo_louse_v0 = _versioned("louse")
#: The versioned environment modules by preset.
ENVIRONMENTS = {p: sys.modules[f"{__name__}.{env_name(p)}"] for p in PRESETS}
