"""Search bots: perfect-information Monte Carlo over deals the seat cannot tell from the real one (docs/bots.md).

For each decision the bot draws deals that agree with everything its view shows (``worlds.world``: its own cards,
the turn-up, the cards played and the voids they revealed, who took the Miss, how many cards each seat exchanged,
every declaration), and in each it tries every legal action and plays the deal out with a rollout policy. It judges
the actions by their average result for its seat: chips won or lost from here on (Louse: penalty points
avoided). Declarations, the exchange, Lou's In or Out and the ante are chosen the same way as cards: by estimated
chip value, so the pool, the loo and who is already in all count because the rollouts pay them.

Levels differ by search budget, rollout policy, inference and trust (``LEVELS``, docs/bots.md): ``easy`` plays out
at random and takes the best average; ``medium`` and ``hard`` play out with the balanced heuristic in every seat
(in C, ``engine/_core_rollout.pxi``, where its C policy covers the rules), weigh the deals by how likely the
others' declarations (``hard``: and cards) were in them, and keep the heuristic's own choice unless the search
shows another action better by a margin of its standard error; ``hard`` searches the most deals. A level searches
a fixed number of deals, so a seeded bot is deterministic; ``budget_ms`` searches for a time instead.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lanterloo.actions import Action, Play
from lanterloo.bots import worlds
from lanterloo.bots.base import Bot, Decision, register
from lanterloo.bots.heuristic import HeuristicBot
from lanterloo.bots.style import BALANCED
from lanterloo.engine import Deal, Phase, View, core
from lanterloo.errors import LooError
from lanterloo.rules import Rules

#: The classes of core deals the C play-outs take (empty where the core is not built): the Loo game's, Lou's and
#: Louse's.
_CORES: tuple[type, ...] = tuple(
    t for t in (getattr(core.ext(), n, None) for n in ("Core", "LouCore", "LouseCore")) if t
)
#: ... of which Lou's plays out and guesses with Lou's own policy (engine/_core_heur_lou.pxi)
_LOU_CORE: type | None = getattr(core.ext(), "LouCore", None)


@dataclass(frozen=True)
class Level:
    """A search budget: how many deals to sample per decision, how to play them out, and how far to trust them."""

    name: str
    deals: int  # sampled deals per decision where the play-outs run in C (``c_rollouts``)
    slow_deals: int  # ... where they run in Python, a hundred times slower (rules the C policy does not cover yet)
    rollout: str  # "random" or "heuristic"
    infer: bool  # weigh sampled deals by how likely the others' declarations were with the hands they were dealt
    plays: bool  # ... and their cards played too (only where the C policy covers the rules: a guess per card)
    #: Keep the balanced heuristic's own choice unless another action beats it, deal by deal, by this many
    #: standard errors (None: always the best average). The heuristic is the prior; the search must prove a change.
    guard: float | None


#: How much less likely a sampled deal is for each declaration the balanced heuristic would not have made in it.
UNLIKELY = 0.15
LEVELS = {
    "easy": Level("easy", 8, 8, "random", False, False, None),
    "medium": Level("medium", 48, 12, "heuristic", True, False, 1.0),
    "hard": Level("hard", 200, 32, "heuristic", True, True, 0.5),
}


def c_rollouts(rules: Rules) -> bool:
    """Whether the play-outs of deals under ``rules`` run in C (``_core_rollout.pxi``): the core plays them and
    its heuristic policy covers them: the Loo game whole (five-card's exchange, Pam and flushes included) but for
    a reshuffle of a short stock, which draws from each deal's own random source; every Lou option; and Louse."""
    # an extension built before a game's play-outs were compiled does not list it: those run in Python
    if rules.game not in getattr(core.ext(), "ROLLOUT_GAMES", ()):
        return False
    if rules.game == "lou":
        return core.lou_sim_covers(rules)
    return core.louse_batch_covers(rules) if rules.game == "louse" else core.sim_covers(rules)


class SearchBot:
    """Perfect-information Monte Carlo over sampled deals (module docstring)."""

    needs_events = True  # it samples deals from the record of the deal (the simulator then builds views with it)

    def __init__(
        self,
        seed: int | None = None,
        level: str = "hard",
        budget_ms: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if level not in LEVELS:
            raise LooError(f"Unknown search level {level!r}: choose one of {', '.join(LEVELS)}.")
        self.level = LEVELS[level]
        self.name = level
        self.budget_ms = budget_ms
        self.clock = clock  # what budget_ms is measured on: wall clock, or time.process_time on a shared machine
        self.rng = random.Random(seed)
        # the prior: what the balanced heuristic would do here, watching the table as a balanced bot does
        self.prior = HeuristicBot(seed, BALANCED, "balanced")

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
        guard = self.level.guard
        prior = self.prior.decide(view).action if guard is not None else None
        sampler = worlds.Sampler(view)
        # a sampled deal that replays a reshuffle is a reference deal, played out in Python (worlds.Sampler.deal)
        fast = c_rollouts(view.rules) and self.level.rollout == "heuristic" and not sampler.plan.reshuffles
        budget = self.level.deals if fast else self.level.slow_deals
        gains: list[list[float]] = []  # per sampled deal, the seat's gain after each legal action
        weights: list[float] = []
        deadline = self.clock() + self.budget_ms / 1000 if self.budget_ms is not None else None
        while True:
            world, weight = self.weighted_world(sampler) if self.level.infer else (sampler.draw(self.rng)[2], 1.0)
            seed = self.rng.getrandbits(32)
            if fast and type(world) in _CORES:
                gains.append(_ext().rollout(world, seat, legal, BALANCED))
            else:
                gains.append(self.python_gains(world, seat, legal, seed))
            weights.append(weight)
            if deadline is None and len(gains) >= budget:
                break
            if deadline is not None and self.clock() >= deadline:
                break
        return choose(view, legal, gains, weights, prior, guard)

    def python_gains(self, world: Deal, seat: int, legal: list[Action], seed: int) -> list[float]:
        """The seat's gain after each action, each played out from a copy of ``world`` in Python."""
        out = []
        for action in legal:
            trial = world.copy()
            before = _score(trial, seat)
            trial.apply(action, seat)
            self._play_out(trial, random.Random(seed))  # the same luck for every action: a fair comparison
            out.append(_score(trial, seat) - before)
        return out

    def weighted_world(self, sampler: worlds.Sampler) -> tuple[Deal, float]:
        """A sampled deal and its weight: the chance that the others would have declared as they did in it. Each
        seat that stood, passed, took the Miss or exchanged is asked what the balanced heuristic would have done
        with the hand it holds there, and every disagreement makes the deal ``UNLIKELY`` times as likely
        (importance weights: every deal drawn counts, the unlikely ones less). So a seat that stood is likely to
        hold a hand worth standing on. With ``Level.plays`` each card they played is asked about too."""
        view = sampler.view
        order, actions, _ = sampler.draw(self.rng)
        deal = sampler.deal(order, self.rng)
        weight = 1.0
        on_core = type(deal) in _CORES and c_rollouts(view.rules)
        plays = self.level.plays and on_core
        louse = view.rules.game == "louse"
        for s, action in actions:
            if s != view.seat and (plays or type(action) is not Play) and deal.phase is not Phase.ANTE:
                if on_core and type(deal) is _LOU_CORE:  # Lou's commitments: any seat yet to commit may act
                    guess = _ext().heur_decide_lou(deal, BALANCED, {}, {}, s, False)[0]
                elif on_core and louse:  # Louse's heuristic keeps no memory: its C policy is the whole bot
                    guess = _ext().heur_decide_louse(deal, BALANCED)
                elif on_core:  # the C policy makes HeuristicBot's choice from the core's state, fresh memory
                    guess = _ext().heur_decide(deal, BALANCED, {}, {}, False)[0]
                else:
                    guess = HeuristicBot(0, BALANCED, "balanced").decide(deal.view(s, with_events=False)).action
                if guess != action:
                    weight *= UNLIKELY
            deal.apply(action, s)
        if sampler.plan.reshuffles:
            deal.draw_freely()  # a pure deal, its recorded reshuffles used up (worlds.Sampler.deal)
        return deal, weight

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


def choose(
    view: View,
    legal: list[Action],
    gains: list[list[float]],
    weights: list[float],
    prior: Action | None,
    guard: float | None,
) -> Decision:
    """The action with the best weighted mean gain; with a guard, the prior unless that action beats it deal by
    deal (the same deal for both: common random numbers) by ``guard`` standard errors of the paired difference."""
    total = sum(weights)
    if total <= 0:  # every weight underflowed: count the deals alike
        weights = [1.0] * len(gains)
        total = float(len(gains))
    means = [sum(w * g[i] for w, g in zip(weights, gains, strict=True)) / total for i in range(len(legal))]
    order = sorted(range(len(legal)), key=lambda i: -means[i])
    best = order[0]
    unit = "penalty points" if view.rules.game == "louse" else "chips"
    sign = -1 if view.rules.game == "louse" else 1  # Louse's gains are minus the penalty points taken

    def shown(x: float) -> float:
        return sign * x + 0.0  # + 0.0: no "-0.0 penalty points"

    deals = len(gains)
    if prior is not None and guard is not None and legal[best] != prior and prior in legal:
        p = legal.index(prior)
        lead = means[best] - means[p]
        spread = sum(w * (g[best] - g[p] - lead) ** 2 for w, g in zip(weights, gains, strict=True)) / total
        effective = total * total / sum(w * w for w in weights)  # Kish's effective number of deals
        error = math.sqrt(spread / effective) if effective > 1 else math.inf
        if lead <= guard * error:
            return Decision(
                prior,
                f"{prior}: the heuristic's choice; {legal[best]} looks {shown(lead):+.1f} {unit} better over "
                f"{deals} sampled deals, within the noise (±{error:.1f})",
            )
    second = order[1]
    reason = (
        f"{legal[best]}: {shown(means[best]):+.1f} {unit} on average over {deals} sampled deals "
        f"(next best, {legal[second]}: {shown(means[second]):+.1f})"
    )
    return Decision(legal[best], reason)


def _ext() -> Any:
    return core.ext()


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


def timed(
    level: str, budget_ms: float, clock: Callable[[], float] = time.perf_counter
) -> Callable[[int | None], SearchBot]:
    """A factory of search bots that search for ``budget_ms`` per decision: ``timed("hard", 200)(seed)``; on
    ``clock`` (``time.process_time``: CPU time, which other jobs on the machine do not eat into)."""

    def make(seed: int | None = None) -> SearchBot:
        return SearchBot(seed, level, budget_ms, clock)

    return make
