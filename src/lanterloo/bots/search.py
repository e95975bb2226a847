"""Search bots: perfect-information Monte Carlo over deals the seat cannot tell from the real one (docs/bots.md).

For each decision the bot draws deals that agree with everything its view shows (``worlds.world``: its own cards,
the turn-up, the cards played and the voids they revealed, who took the Miss, how many cards each seat exchanged,
every declaration), and in each it tries every legal action and plays the deal out with a rollout policy. It picks
the action with the best average result for its seat: chips won or lost from here on (Louse: penalty points
avoided). Declarations, the exchange, Lou's In or Out and the ante are chosen the same way as cards: by estimated
chip value, so the pool, the loo and who is already in all count because the rollouts pay them.

Levels differ by search budget and by the rollout policy: ``easy`` plays out at random, ``medium`` and ``hard``
with the balanced heuristic for every seat (so the others declare and play as sensible players would, which is
the inference the bot makes of them), ``hard`` with the most deals. A level searches a fixed number of deals, so a
seeded bot is deterministic; ``budget_ms`` searches for a time instead.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from lanterloo.actions import Play
from lanterloo.bots import worlds
from lanterloo.bots.base import Bot, Decision, register
from lanterloo.bots.heuristic import HeuristicBot
from lanterloo.bots.style import BALANCED
from lanterloo.engine import Deal, Phase, View
from lanterloo.errors import LooError


@dataclass(frozen=True)
class Level:
    """A search budget: how many deals to sample per decision, and how to play them out."""

    name: str
    deals: int
    rollout: str  # "random" or "heuristic"
    infer: bool  # weigh sampled deals by how likely the others' declarations were with the hands they were dealt


#: How much less likely a sampled deal is for each declaration the balanced heuristic would not have made in it.
UNLIKELY = 0.15
LEVELS = {
    "easy": Level("easy", 8, "random", False),
    "medium": Level("medium", 12, "heuristic", True),
    "hard": Level("hard", 32, "heuristic", True),
}


class SearchBot:
    """Perfect-information Monte Carlo over sampled deals (module docstring)."""

    needs_events = True  # it samples deals from the record of the deal (the simulator then builds views with it)

    def __init__(self, seed: int | None = None, level: str = "hard", budget_ms: float | None = None) -> None:
        if level not in LEVELS:
            raise LooError(f"Unknown search level {level!r}: choose one of {', '.join(LEVELS)}.")
        self.level = LEVELS[level]
        self.name = level
        self.budget_ms = budget_ms
        self.rng = random.Random(seed)

    def decide(self, view: View) -> Decision:
        seat = view.seat
        if seat is None:
            raise LooError("A bot plays a seat: give it that seat's view, not a spectator's.")
        legal = list(view.legal)
        if not legal:
            raise LooError("The bot was asked to act, but its seat has no legal action.")
        if len(legal) == 1:
            return Decision(legal[0], "the only legal move")
        if not view.events and view.phase.value != "ante":
            raise LooError("A search bot needs the view's events: build the view with with_events=True.")
        totals = [0.0] * len(legal)
        deals = 0
        deadline = time.perf_counter() + self.budget_ms / 1000 if self.budget_ms is not None else None
        while True:
            world = self._world(view) if self.level.infer else worlds.world(view, self.rng)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(legal):
                trial = world.copy()
                before = _score(trial, seat)
                trial.apply(action, seat)
                self._play_out(trial, random.Random(seed))  # the same luck for every action: a fair comparison
                totals[i] += _score(trial, seat) - before
            deals += 1
            if deadline is None and deals >= self.level.deals:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        means = [t / deals for t in totals]
        order = sorted(range(len(legal)), key=lambda i: -means[i])
        best, second = order[0], order[1]
        unit = "penalty points" if view.rules.game == "louse" else "chips"
        sign = -1 if view.rules.game == "louse" else 1
        reason = (
            f"{legal[best]}: {sign * means[best]:+.1f} {unit} on average over {deals} sampled deals "
            f"(next best, {legal[second]}: {sign * means[second]:+.1f})"
        )
        return Decision(legal[best], reason)

    def _world(self, view: View, tries: int = 20) -> Deal:
        """A sampled deal, kept with the chance that the others would have declared as they did in it: each seat
        that stood, passed, took the Miss or exchanged is asked what the balanced heuristic would have done with the
        hand it holds there, and every disagreement makes the deal ``UNLIKELY`` times as likely (rejection
        sampling). So a seat that stood is likely to hold a hand worth standing on."""
        start = worlds.Start.of(view)
        deal = None
        for _ in range(tries):
            order, actions = worlds.sample(view, self.rng)
            deal = start.deal(order)
            weight = 1.0
            for s, action in actions:
                if s != view.seat and type(action) is not Play and deal.phase is not Phase.ANTE:
                    guess = HeuristicBot(0, BALANCED, "balanced").decide(deal.view(s, with_events=False)).action
                    if guess != action:
                        weight *= UNLIKELY
                deal.apply(action, s)
            if self.rng.random() < weight:
                return deal
        assert deal is not None
        return deal  # none kept: the last one drawn, which is still consistent with everything seen

    def _play_out(self, deal: Deal, rng: random.Random) -> None:
        if self.level.rollout == "random":
            while not deal.is_over:
                s = deal.seats_to_act()[0]
                legal = deal.legal_actions(s)
                deal.apply(legal[int(rng.random() * len(legal))], s)
            return
        helpers: dict[int, HeuristicBot] = {}  # fresh each play-out: what they watch must not carry over
        while not deal.is_over:
            s = deal.seats_to_act()[0]
            helper = helpers.get(s)
            if helper is None:
                helper = helpers[s] = HeuristicBot(rng.getrandbits(32), BALANCED, "balanced")
            deal.apply(helper.decide(deal.view(s, with_events=False)).action, s)


def _score(deal: Deal, seat: int) -> float:
    """The seat's standing: its stack (Louse: minus its penalty points so far, and of the deal when it is over)."""
    if deal.rules.game == "louse":
        settlement = deal.settlement
        if settlement is not None:
            return -float(settlement.points[seat])
        return -float(deal.view(seat, with_events=False).points[seat])
    return float(deal.stacks[seat])


class _Maker:
    """A factory for one level (a class rather than a closure, so it pickles for process pools)."""

    def __init__(self, level: str) -> None:
        self.level = level

    def __call__(self, seed: int | None = None) -> Bot:
        return SearchBot(seed, self.level)


for _level in LEVELS:
    register(_level, _Maker(_level))


def timed(level: str, budget_ms: float) -> Callable[[int | None], SearchBot]:
    """A factory of search bots that search for ``budget_ms`` per decision: ``timed("hard", 200)(seed)``."""

    def make(seed: int | None = None) -> SearchBot:
        return SearchBot(seed, level, budget_ms)

    return make
