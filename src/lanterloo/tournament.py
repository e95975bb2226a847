"""Duplicate tournaments between bots (``loo tournament``; docs/bots.md, "Tournaments").

Each deal is dealt once, from its own seed, and played once per rotation of the bots round the table, so every bot
holds every hand from every seat: the luck of the cards cancels and what is left is play. With ``k`` bots at ``n``
seats the lineup is the bots repeated round the table (``A B A B A`` for two bots at five seats), turned one seat
per rotation, ``n`` rotations a deal. A bot's score for a deal is the mean, over the seats it held in the
rotations, of the chips it won or lost (antes included; in Louse, the penalty points it took). The report gives
each bot's mean per 100 deals with a 95% confidence interval from the spread over deals, and the first bot's lead
over each other bot, deal by deal: on the same cards, so that interval is much the narrower, and it is the one that
says whether one bot is better.

Results depend only on the seed: every deal and every bot's seed come from it, so a process pool, any number of
workers, and Ray, give the same figures.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lanterloo.bots import Bot, make_bot
from lanterloo.bots.base import BotFactory
from lanterloo.engine import Deal, deck_for
from lanterloo.errors import LooError
from lanterloo.rules import Rules
from lanterloo.sim import play_out
from lanterloo.workers import map_chunks

#: The most deals a tournament plays: a million duplicate deals of the slowest bots is already weeks of work, and
#: every deal's result is kept for the intervals.
MOST_DEALS = 1_000_000
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
# Student's t quantiles of a two-sided 95% interval for 1..30 degrees of freedom: a short tournament's interval
# must be wider than the normal one; from 31 on the normal quantile is within 2% of t's.
T95 = (
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
)


def interval(samples: Sequence[float]) -> tuple[float, float]:
    """The mean of ``samples`` and the half-width of its 95% confidence interval (Student's t, normal from 31)."""
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, math.inf
    df = len(samples) - 1
    q = T95[df - 1] if df <= len(T95) else Z95
    return mean, q * statistics.stdev(samples) / math.sqrt(len(samples))


@dataclass(frozen=True)
class Plan:
    """A tournament: the rules, the table, the bots (one spec each), how many deals and the seed."""

    rules: Rules
    players: int
    bots: tuple[str, ...]
    deals: int
    seed: int
    stack: int = 1000
    #: Bots from outside the registry (an outside opponent, a bot timed to a budget), by the name ``bots`` gives
    #: them; every other name is made by ``make_bot``. A process pool pickles them: a closure needs ``workers=1``.
    makers: Mapping[str, BotFactory] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if len(self.bots) < 2:
            raise LooError("A tournament needs at least two bots.")
        if len(self.bots) > self.players:
            raise LooError(f"{len(self.bots)} bots do not fit at a table of {self.players}.")
        if self.deals < 1:
            raise LooError("A tournament plays at least one deal.")
        if self.deals > MOST_DEALS:
            raise LooError(f"A tournament plays at most {MOST_DEALS:,} deals, not {self.deals:,}.")
        owed = max(self.rules.ante_owed(s, 0) for s in range(self.players))
        if owed > self.stack:
            raise LooError(
                f"Every seat starts a tournament deal with {self.stack:,} chips, less than the ante of {owed:,} "
                "it would owe."
            )

    @property
    def labels(self) -> list[str]:
        """Each bot's name in the report; a bot named twice is numbered (``balanced 1``, ``balanced 2``)."""
        out = []
        for i, b in enumerate(self.bots):
            out.append(f"{b} {self.bots[: i + 1].count(b)}" if self.bots.count(b) > 1 else b)
        return out

    def make(self, name: str, seed: int) -> Bot:
        """The bot ``name`` (from ``makers``, else the registry), seeded."""
        maker = self.makers.get(name)
        return maker(seed) if maker is not None else make_bot(name, seed)

    def lineups(self) -> list[list[int]]:
        """For each rotation, the bot (an index into ``bots``) at each seat."""
        base = [j % len(self.bots) for j in range(self.players)]
        return [[base[(j + r) % self.players] for j in range(self.players)] for r in range(self.players)]


@dataclass
class Standing:
    """One bot's result: its mean per deal and the half-width of the 95% interval, both per 100 deals."""

    label: str
    per_100: float
    half_width: float
    samples: list[float] = field(repr=False)

    @property
    def low(self) -> float:
        return self.per_100 - self.half_width

    @property
    def high(self) -> float:
        return self.per_100 + self.half_width


@dataclass
class Result:
    plan: Plan
    standings: list[Standing]
    versus: list[Standing]  # the first bot's lead over each other, deal by deal (the same cards): the fair comparison

    @property
    def unit(self) -> str:
        return "penalty points" if self.plan.rules.game == "louse" else "chips"

    def to_dict(self) -> dict[str, Any]:
        p = self.plan
        return {
            "variant": p.rules.preset,
            "players": p.players,
            "deals": p.deals,
            "seed": p.seed,
            "rotations": p.players,
            "unit": self.unit,
            "bots": [{"bot": s.label, "per_100_deals": round(s.per_100, 2), "ci95": _ci(s)} for s in self.standings],
            "lead": [{"over": s.label, "per_100_deals": round(s.per_100, 2), "ci95": _ci(s)} for s in self.versus],
        }


def _ci(s: Standing) -> list[float] | None:
    """The interval as JSON: null when there is none (a single deal gives no spread)."""
    return [round(s.low, 2), round(s.high, 2)] if math.isfinite(s.half_width) else None


def play_deal(plan: Plan, index: int) -> list[float]:
    """Deal ``index`` of the tournament, played in every rotation: each bot's mean result per seat it held."""
    rng = random.Random(f"lanterloo tournament {plan.seed} deal {index}")
    deck = deck_for(plan.rules, plan.players)
    rng.shuffle(deck)
    totals = [0.0] * len(plan.bots)
    seats = [0] * len(plan.bots)
    louse = plan.rules.game == "louse"
    for r, lineup in enumerate(plan.lineups()):
        bots = [
            plan.make(plan.bots[b], random.Random(f"{plan.seed}/{index}/{r}/{s}").getrandbits(63))
            for s, b in enumerate(lineup)
        ]
        deal = Deal(plan.rules, [plan.stack] * plan.players, 0, deck=deck)
        play_out(deal, bots)
        settlement = deal.settlement
        for s, b in enumerate(lineup):
            if louse:
                assert settlement is not None
                value = float(settlement.points[s])
            else:
                value = float(deal.stacks[s] - plan.stack)
            totals[b] += value
            seats[b] += 1
    return [t / k for t, k in zip(totals, seats, strict=True)]


def _chunk(plan: Plan, indices: Sequence[int]) -> list[list[float]]:
    return [play_deal(plan, i) for i in indices]


def _chunks(plan: Plan, size: int) -> list[range]:
    return [range(i, min(i + size, plan.deals)) for i in range(0, plan.deals, size)]


def run(
    plan: Plan,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    ray_address: str | None = None,
) -> Result:
    """Play the tournament in ``workers`` processes (1: in this process), or on Ray (``backend="ray"``: the cluster
    at ``ray_address``, else a local instance of ``workers`` CPUs), calling ``progress`` with the number of deals
    done as chunks finish."""
    # in this process a chunk is only a unit of progress: one deal each; else a few chunks per worker
    size = 1 if workers <= 1 and backend == "local" else max(1, min(50, plan.deals // (4 * max(1, workers)) or 1))
    chunks = _chunks(plan, size)
    rows: list[list[float]] = []
    for part in map_chunks(_chunk, plan, chunks, workers, backend, ray_address):
        rows.extend(part)
        if progress is not None:
            progress(len(rows))
    return _standings(plan, rows)


def _standings(plan: Plan, rows: list[list[float]]) -> Result:
    def standing(label: str, samples: list[float]) -> Standing:
        mean, half = interval(samples)
        return Standing(label, 100 * mean, 100 * half, samples)

    labels = plan.labels
    out = [standing(label, [row[b] for row in rows]) for b, label in enumerate(labels)]
    # the lead is what the first bot did better: more chips, or (Louse) fewer penalty points
    better = -1.0 if plan.rules.game == "louse" else 1.0
    versus = [standing(labels[b], [better * (row[0] - row[b]) for row in rows]) for b in range(1, len(labels))]
    return Result(plan, out, versus)
