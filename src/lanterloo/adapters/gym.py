"""A Gymnasium single-agent environment: one learning seat at a Loo table, bots in the other seats
(docs/adapters.md, "Gymnasium")::

    from lanterloo.adapters.gym import LooEnv
    env = LooEnv(variant="three-card", players=5, opponents="balanced", seat=0)
    obs, info = env.reset(seed=1)
    while True:
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated:
            break

or ``gymnasium.make("lanterloo/Loo-v0", variant="five-card")`` once this module is imported.

One episode is one deal at a fresh table (every seat ``stack`` chips, the pool empty). ``reset`` draws the dealer
and the deck from the seed, so the same seed gives the same episode and the learning seat meets every position
at the table. The bots act inside ``step`` (and ``reset``) until the learning seat must act or the deal ends. A
deal that ends before the learning seat has anything to decide (it dealt and everyone before it passed, so it took
the pool without play: LOO-DECL-3) is no episode: ``reset`` deals the next one and reports the skipped deals and
the seat's results in them in ``info["skipped"]`` and ``info["skipped_reward"]``.

The reward is 0 until the last step, then the seat's chips won or lost in the deal (antes included; Louse: minus
its penalty points). An action index that is not legal now raises a ``LooError`` that names it and says why (the
engine's reason and rule ID) and changes nothing: mask with ``info["action_mask"]``. With ``illegal="refuse"``
the step returns instead, changing nothing: the same observation, reward 0, not terminated, and the sentence in
``info["illegal"]`` (for tools that step unmasked actions, such as gymnasium's ``check_env``).
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces as gym_spaces

from lanterloo.adapters.envtable import EnvTable, Mask, Observation, check_seed, whole
from lanterloo.bots import Bot, RandomBot, make_bots
from lanterloo.engine import Deal, View
from lanterloo.errors import LooError

ENV_ID = "lanterloo/Loo-v0"
#: How many deals in a row ``reset`` skips, at most, before deciding the seat can never act at this table.
_MAX_SKIPPED = 1000


class LooEnv(gymnasium.Env[Observation, np.int64]):
    """One learning seat (``seat``) against bots: ``opponents`` is one bot name for every other seat or a list of
    names, one per other seat in seat order (``lanterloo.bots.make_bot`` names: random, balanced, hard, ...)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium reads it from the class)

    def __init__(
        self,
        variant: str = "three-card",
        players: int = 5,
        opponents: str | list[str] = "balanced",
        seat: int = 0,
        stack: int = 100,
        options: dict[str, Any] | None = None,
        illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        self.table = EnvTable.of(variant, players, stack, options)
        n = self.table.players
        self.seat = whole(seat, "learning seat")
        if not 0 <= self.seat < n:
            raise LooError(f"The learning seat must be one of 0 to {n - 1}, not {seat}.")
        if not isinstance(opponents, str | list | tuple) or not all(isinstance(x, str) for x in opponents):
            raise LooError(f"The opponents must be a bot's name or a list of names, not {opponents!r}.")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise LooError(f"Give one bot name for every other seat ({n - 1} of them), or one name, not {len(names)}.")
        make_bots(names, 0)  # refuses an unknown name now rather than at the first reset
        self.opponents = names
        if illegal not in ("raise", "refuse"):
            raise LooError(f"The illegal-action policy must be 'raise' or 'refuse', not {illegal!r}.")
        self.illegal = illegal
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise LooError(f"The render mode must be 'ansi' or None, not {render_mode!r}.")
        self.render_mode = render_mode
        self.action_space: gym_spaces.Discrete = gym_spaces.Discrete(self.table.space.size)
        self.observation_space = gym_spaces.Box(0.0, self.table.high, (self.table.size,), np.float32)
        self.deal: Deal | None = None  # read it; only reset() and step() change it
        self._view: View | None = None  # the learning seat's view now, as the last step or reset returned it
        self.bots: list[Bot | None] = []

    # --- the episode ------------------------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=check_seed(seed))
        skipped, lost = 0, 0.0
        while True:
            self._new_deal()
            assert self.deal is not None
            if not self.deal.is_over:
                break
            skipped += 1
            lost += self.table.reward(self.deal, self.seat)
            if skipped >= _MAX_SKIPPED:
                raise LooError(f"Seat {self.seat} had nothing to decide in {skipped} deals in a row at this table.")
        obs, info = self._observe()
        info["skipped"] = skipped
        info["skipped_reward"] = lost
        return obs, info

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        deal = self.deal
        if deal is None or deal.is_over:
            raise LooError("The deal is over (or was never dealt): call reset() for the next episode.")
        try:
            chosen = self.table.action(deal, self.seat, action, self._view)
        except LooError as err:
            if self.illegal == "raise":
                raise
            obs, info = self._observe()
            info["illegal"] = str(err)
            return obs, 0.0, False, False, info
        deal.apply(chosen, self.seat)
        self._play_bots()
        obs, info = self._observe()
        reward = self.table.reward(deal, self.seat) if deal.is_over else 0.0
        return obs, reward, deal.is_over, False, info

    def render(self) -> str | None:
        """The learning seat's table as a line of text (``render_mode="ansi"``)."""
        if self.render_mode is None or self.deal is None:
            return None
        v = self.deal.view(self.seat, with_events=False)
        trick = " ".join(f"{s}:{c}" for s, c in v.trick)
        return (
            f"seat {self.seat}; {v.phase.value}; hand {' '.join(map(str, v.hand))}; turn-up {v.turnup}; "
            f"trick {trick}; tricks {list(v.tricks_won)}; stacks {list(v.stacks)}; pool {v.pool}"
        )

    # --- inside -----------------------------------------------------------------------------------------------

    def _new_deal(self) -> None:
        rng = self.np_random
        self.deal = self.table.deal(rng)
        others = make_bots(self.opponents, int(rng.integers(2**63 - 1)))
        self.bots = [None if s == self.seat else others.pop(0) for s in range(self.table.players)]
        self._play_bots()

    def _play_bots(self) -> None:
        """Let the bots act until the learning seat must act or the deal ends. Lou's secret commit is taken one
        seat at a time in the engine's order; a bot then sees only that the others committed."""
        deal = self.deal
        assert deal is not None
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            bot = self.bots[seat]
            if bot is None:
                return
            if isinstance(bot, RandomBot):
                action = bot.pick(deal.legal_actions(seat))
            else:
                view = deal.view(seat, with_events=getattr(bot, "needs_events", False))
                action = bot.decide(view).action
            deal.apply(action, seat)

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        assert self.deal is not None
        view = self._view = self.deal.view(self.seat)
        return self.table.observe(view), {"action_mask": self.table.mask(view), "view": view}

    def action_mask(self) -> Mask:
        """The learning seat's legal indices now, as in ``info["action_mask"]``."""
        if self.deal is None:
            return np.zeros(self.table.space.size, dtype=np.int8)
        return self.table.mask(self.deal.view(self.seat, with_events=False))


def register() -> None:
    """Register ``lanterloo/Loo-v0`` with gymnasium (done on import); keyword arguments pass to ``LooEnv``."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:LooEnv")


register()
