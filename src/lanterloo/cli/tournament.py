"""``loo tournament``: a duplicate tournament between bots (lanterloo.tournament), with a progress bar."""

from __future__ import annotations

import argparse
import json
import math
import os
import random

from lanterloo.bots.base import bot_names
from lanterloo.cli.common import Failure, UsageError, progress_bar, table_players, table_rules
from lanterloo.errors import LooError
from lanterloo.tournament import Plan, Result, Standing, run


def cmd_tournament(ns: argparse.Namespace) -> int:
    rules = table_rules(ns.variant, ns.option)
    players = table_players(rules, ns.players)
    if not ns.bots or len(ns.bots) < 2:
        raise UsageError("--bots needs two or more bots, comma-separated, like hard,balanced.")
    unknown = [b for b in ns.bots if b not in bot_names()]
    if unknown:
        raise UsageError(f"Unknown bot {unknown[0]!r}: choose one of {', '.join(bot_names())}.")
    if ns.ray_address and ns.backend != "ray":
        raise UsageError("--ray-address goes with --backend ray.")
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        plan = Plan(rules, players, tuple(ns.bots), ns.deals, seed)
    except LooError as e:
        raise UsageError(str(e)) from None
    workers = ns.workers or os.cpu_count() or 1
    update, stop = progress_bar(ns.deals, "tournament", quiet=ns.json)
    try:
        result = run(
            plan,
            workers,
            progress=(lambda done: update(done, ns.deals)) if update else None,
            backend=ns.backend,
            ray_address=ns.ray_address,
        )
    except LooError as e:
        raise Failure(str(e)) from None
    finally:
        stop()
    print(json.dumps(result.to_dict(), ensure_ascii=False) if ns.json else format_result(result))
    return 0


def format_result(r: Result) -> str:
    p = r.plan
    lower = " (fewer is better)" if r.unit == "penalty points" else ""
    lines = [
        f"Duplicate tournament: {p.deals:,} deal{'s' if p.deals != 1 else ''} of {p.rules.preset}, "
        f"{p.players} players, seed {p.seed}; each deal played in {p.players} rotations of {', '.join(p.bots)} "
        "round the table.",
        f"{r.unit.capitalize()} per 100 deals{lower}, with a 95% confidence interval:",
        "",
    ]
    width = max(len(s.label) for s in r.standings)
    for s in sorted(r.standings, key=lambda s: -s.per_100 if lower == "" else s.per_100):  # the best first
        lines.append(f"  {s.label.ljust(width)}  {s.per_100:+9.1f}   {_interval(s)}")
    first = r.plan.labels[0]
    what = "fewer penalty points" if lower else "more chips"
    lines.append("")
    lines.append(f"{first}'s lead, deal by deal on the same cards ({what}; an interval above zero: {first} is better):")
    width = max(len(s.label) for s in r.versus) + 5
    for s in r.versus:
        lines.append(f"  {('over ' + s.label).ljust(width)}  {s.per_100:+9.1f}   {_interval(s)}")
    return "\n".join(lines)


def _interval(s: Standing) -> str:
    if not math.isfinite(s.half_width):
        return "(one deal gives no interval)"
    return f"[{s.low:+.1f}, {s.high:+.1f}]"
