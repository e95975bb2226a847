"""``loo analyze pool``: how the pool grows over a session under Unlimited Loo against Limited Loo.

Each unit is a session of ``SESSION`` deals played twice from the same seeds (the same first deal, the same bots):
once with ``loo_penalty = pool`` (Unlimited: a looed player pays what the pool held) and once with ``loo_penalty =
fixed`` (Limited: he pays ``loo_amount``); every other option is the run's. The figure is the pool when play begins
(after the antes) at each deal of the session. A session that ends early (a player could not pay) is counted where
it ended and measured no further. ``--deals`` counts the deals of each arm.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from lanterloo.analysis.base import Plan, Report, Table, split
from lanterloo.analysis.stats import fmt, merge_counters, quantile
from lanterloo.bots import make_bots
from lanterloo.errors import LooError
from lanterloo.rules import Rules
from lanterloo.session import Session
from lanterloo.sim import play_out

#: Deals in a session.
SESSION = 20
ARMS = ("unlimited", "limited")
PENALTY: tuple[Literal["pool"], Literal["fixed"]] = ("pool", "fixed")


@dataclass
class PoolAcc:
    deals: int = 0
    pools: dict[tuple[int, int], Counter[int]] = field(default_factory=dict)  # (arm, deal number) -> pool values
    ended: Counter[tuple[int, int]] = field(default_factory=Counter)  # (arm, deal number) a session ended after


def arm_rules(rules: Rules, arm: int) -> Rules:
    return dataclasses.replace(rules, loo_penalty=PENALTY[arm])


class Pool(Report):
    name = "pool"
    title = "Pool growth: Unlimited against Limited Loo"
    unit = "session"

    def refusal(self, rules: Rules) -> str | None:
        if rules.game != "loo":
            return f"The pool report compares Unlimited and Limited Loo, and {rules.preset} is not a Loo game."
        return None

    def units(self, plan: Plan) -> list[int]:
        return [2 * q for q in split(plan.deals, SESSION)]

    def new(self, plan: Plan) -> PoolAcc:
        return PoolAcc()

    def play(self, plan: Plan, units: range) -> PoolAcc:
        acc = PoolAcc()
        quotas = self.units(plan)
        for u in units:
            for arm in range(2):
                rules = arm_rules(plan.rules, arm)
                session = Session(rules, plan.players, stack=plan.stack, seed=plan.seed_of(u), keep_records=False)
                bots = make_bots(list(plan.bots), plan.seed_of(u, "bots"))
                for k in range(1, quotas[u] // 2 + 1):
                    try:
                        deal = session.new_deal()
                    except LooError:
                        if not session.over:
                            raise
                        acc.ended[(arm, k - 1)] += 1
                        break
                    play_out(deal, bots)
                    st = deal.settlement
                    assert st is not None
                    acc.pools.setdefault((arm, k), Counter())[st.pool_before] += 1
                    acc.deals += 1
                    session.finish_deal()
                    if session.over:
                        acc.ended[(arm, k)] += 1
                        break
        return acc

    def merge(self, acc: PoolAcc, part: PoolAcc) -> None:
        acc.deals += part.deals
        merge_counters(acc.pools, part.pools)  # type: ignore[arg-type]
        acc.ended.update(part.ended)

    def tables(self, plan: Plan, acc: PoolAcc) -> list[Table]:
        table = Table(
            "pool.csv",
            ["deal", "loo", "sessions", "mean_pool", "mean_pool_ci95", "p10", "median", "p90", "sessions_ended"],
        )
        for (arm, k), counts in sorted(acc.pools.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            mean, half = _mean(counts)
            table.rows.append(
                [
                    str(k),
                    ARMS[arm],
                    str(sum(counts.values())),
                    fmt(mean, 2),
                    fmt(half, 2),
                    str(quantile(counts, 0.1)),
                    str(quantile(counts, 0.5)),
                    str(quantile(counts, 0.9)),
                    str(acc.ended[(arm, k)]),
                ]
            )
        return [table]

    def reading(self, plan: Plan, acc: PoolAcc) -> list[str]:
        last = max((k for _arm, k in acc.pools), default=0)
        if not last:
            return ["No deal was played.", ""]
        means = [_mean(acc.pools.get((arm, last), Counter()))[0] for arm in range(2)]
        meds = [quantile(acc.pools.get((arm, last), Counter()), 0.5) for arm in range(2)]
        sessions = sum(acc.pools.get((0, 1), Counter()).values())
        ended = [sum(v for (a, _k), v in acc.ended.items() if a == arm) for arm in range(2)]
        return [
            f"At deal {last} of a session the pool holds {means[0]:,.1f} chips on average under Unlimited Loo "
            f"(median {meds[0]:,}) against {means[1]:,.1f} (median {meds[1]:,}) under Limited "
            f"(a loo of {plan.rules.loo_amount}).",
            f"Sessions that ended early because a player could not pay ({plan.stack:,} chips each at the start): "
            f"{ended[0]:,} of {sessions:,} under Unlimited, {ended[1]:,} under Limited.",
        ]

    def plot(self, plan: Plan, acc: PoolAcc, folder: str) -> list[str]:
        from lanterloo.analysis import plots

        series = {}
        for arm in range(2):
            ks = sorted(k for a, k in acc.pools if a == arm)
            rows = [(k, *_mean_q(acc.pools[(arm, k)])) for k in ks]
            series[ARMS[arm]] = rows
        return [plots.pool(plan, series, folder)]


def _mean(counts: Counter[int]) -> tuple[float, float]:
    n = sum(counts.values())
    if not n:
        return float("nan"), float("inf")
    total = sum(v * c for v, c in counts.items())
    squares = sum(v * v * c for v, c in counts.items())
    mean = total / n
    if n < 2:
        return mean, float("inf")
    var = max((squares - total * total / n) / (n - 1), 0.0)
    return mean, 1.959964 * (var / n) ** 0.5


def _mean_q(counts: Counter[int]) -> tuple[float, int, int, int]:
    return _mean(counts)[0], quantile(counts, 0.1), quantile(counts, 0.5), quantile(counts, 0.9)
