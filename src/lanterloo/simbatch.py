"""``loo simulate`` on the compiled core's batch loop: whole sessions of random play in C (engine/_core_sim.pxi).

When every seat is a ``random`` bot or a heuristic one (``heuristic``, ``cautious``, ``balanced``, ``bold``: the
core's C policy makes their choices, the same as ``HeuristicBot``'s, _core_heur*.pxi), no hand history is asked for
and the core covers the rules, ``sim.simulate`` hands the run to this module. The C loop draws from copies of the
very streams the per-action path uses (the session seeds, each deal's shuffle, each bot's choices: Python's Mersenne
Twister, transcribed), plays the same sessions by the same rules (SESSION-2..4) and settles each deal by the
arithmetic the core checks against ``scoring.settle``, so a seed gives the same summary on either path; only the
speed differs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from lanterloo.bots import Bot, RandomBot
from lanterloo.bots.heuristic import HeuristicBot
from lanterloo.engine import SettlementKind, core
from lanterloo.errors import LooError
from lanterloo.rules import Rules
from lanterloo.session import SETTLE_LIMIT

#: How often (in deals) the C loop reports progress: rarely enough to cost nothing, often enough for a bar.
STEP = 1024

_ENDS = (
    "a player could not pay the ante",
    "a player could not pay in full",
    "the deals were all played",
    "the deals were all played, and the pool was never emptied",
)


class Totals(Protocol):
    """The fields of ``sim.SimSummary`` this module fills in."""

    deals: int
    sessions: int
    pool_total: int
    looed_players: int
    deals_with_loo: int
    kinds: dict[str, int]
    net: list[int]
    session_ends: dict[str, int]
    pool_left: int
    points: list[int]  # Louse
    match_losers: list[list[int]]


#: The most deals the C loop counts (a C long); a longer run, which would take centuries, plays deal by deal.
MOST_DEALS = 2**62


def usable(rules: Rules, bots: Sequence[Bot], history: object, deals: int = 0) -> bool:
    """Whether the batch loop can play this run exactly as the per-action path would: every seat a random bot or
    a heuristic one (whose choices the core's C policy makes, _core_heur_loo.pxi)."""
    return (
        history is None
        and deals < MOST_DEALS
        and all(type(b) is RandomBot or type(b) is HeuristicBot for b in bots)
        and covers(rules)
    )


def covers(rules: Rules) -> bool:
    """Whether the C loops play ``loo simulate`` under ``rules`` (with random and heuristic seats): every Loo preset
    and option the core covers but a reshuffle of a short stock, Lou and Louse."""
    if rules.game == "louse":
        return core.louse_batch_covers(rules)
    return core.lou_sim_covers(rules) if rules.game == "lou" else core.sim_covers(rules)


#: Why every Louse match ends (sim's words for it): a player reached the target.
_MATCH_END = "a player reached the target and lost the match"


def _run_louse(
    summary: Totals,
    rules: Rules,
    bots: Sequence[Bot],
    deals: int,
    sessions: random.Random,
    stack: int,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Louse matches in C (``_core.simulate_louse``): no chips move, each deal scores penalty points."""
    rngs = [b.rng if isinstance(b, RandomBot) else None for b in bots]
    heuristics = [b if isinstance(b, HeuristicBot) else None for b in bots]
    out = core.ext().simulate_louse(rules, len(bots), deals, sessions, rngs, heuristics, stack, progress, STEP)
    for losers in out["matches"]:
        summary.sessions += 1
        summary.match_losers.append(list(losers))
        summary.session_ends[_MATCH_END] = summary.session_ends.get(_MATCH_END, 0) + 1
    summary.deals += out["deals"]
    summary.kinds[SettlementKind.LOUSE] = summary.kinds.get(SettlementKind.LOUSE, 0) + out["deals"]
    summary.points = [a + b for a, b in zip(summary.points, out["points"], strict=True)]
    if progress is not None:
        progress(summary.deals, deals)


def run(
    summary: Totals,
    rules: Rules,
    bots: Sequence[Bot],
    deals: int,
    sessions: random.Random,
    stack: int,
    names: Sequence[str],
    progress: Callable[[int, int], None] | None,
) -> None:
    """Play the run in C and add its totals to ``summary`` (``usable`` must have said yes)."""
    if rules.game == "louse":
        _run_louse(summary, rules, bots, deals, sessions, stack, progress)
        return
    rngs = [b.rng if isinstance(b, RandomBot) else None for b in bots]
    heuristics = [b if isinstance(b, HeuristicBot) else None for b in bots]
    # Lou's sessions (a pot carried over games, antes only when a game starts) have a loop of their own, with the
    # same arguments and totals
    loop = core.ext().simulate_lou if rules.game == "lou" else core.ext().simulate_random
    out = loop(
        rules,
        len(rngs),
        deals,
        sessions,
        rngs,
        stack,
        rules.session_end == "exact",
        SETTLE_LIMIT,
        progress,
        STEP,
        heuristics if any(heuristics) else None,
    )
    for reason, who, extra, pool, played in out["sessions"]:
        summary.sessions += 1
        if not played:
            raise LooError(
                f"The session ended before its first deal: {names[who]} cannot pay the ante (stacks start at {stack})."
            )
        summary.pool_left += pool
        words = _ENDS[reason] if reason != 2 or not extra else "the deals were all played, and more to empty the pool"
        summary.session_ends[words] = summary.session_ends.get(words, 0) + 1
    summary.deals += out["deals"]
    summary.pool_total += out["pool_total"]
    summary.looed_players += out["looed_players"]
    summary.deals_with_loo += out["deals_with_loo"]
    kinds = out["kinds"]
    counts = {
        SettlementKind.UNCONTESTED: kinds["dealer_takes"] + kinds["uncontested"],
        SettlementKind.NO_PLAY: kinds["no_play"],
        SettlementKind.TRICKS: kinds["tricks"],
        SettlementKind.FLUSH: kinds["flush"],
    }
    for kind, k in counts.items():
        if k:
            summary.kinds[kind] = summary.kinds.get(kind, 0) + k
    summary.net = [a + b for a, b in zip(summary.net, out["net"], strict=True)]
    if progress is not None:
        progress(summary.deals, deals)
