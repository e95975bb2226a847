"""``loo simulate``: bots play many seeded deals; the summary, and optionally a hand history of every deal."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from lanterloo.cli.common import (
    Failure,
    UsageError,
    file_failure,
    progress_bar,
    shown,
    table_bots,
    table_players,
    table_rules,
    table_stack,
)
from lanterloo.engine import shape_of
from lanterloo.errors import LooError
from lanterloo.rules import Rules, value_text
from lanterloo.sim import STACK, SimSummary, simulate


def _history_path(text: str) -> Path:
    path = Path(text)
    parent = path.parent if str(path.parent) else Path(".")
    try:
        if path.is_dir():
            raise UsageError(f"--history {shown(text, 80)} is a directory: give a file name.")
        if not parent.is_dir():
            raise UsageError(
                f"--history {shown(text, 80)} cannot be written: the directory {shown(str(parent), 80)} does not exist."
            )
    except (OSError, ValueError) as e:  # a name too long, a NUL byte, a directory that cannot be searched
        raise UsageError(f"--history: {file_failure(text, e, 'write')}") from None
    return path


def cmd_simulate(ns: argparse.Namespace) -> int:
    rules = table_rules(ns.variant, ns.option)
    players = table_players(rules, ns.players)
    table_stack(rules, players, STACK, when=" a session")
    specs = table_bots(ns.bots, players)
    path = _history_path(ns.history) if ns.history else None
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(2**31)
    progress, stop = progress_bar(ns.deals, "simulating", quiet=ns.json)
    try:
        summary = simulate(rules, players, ns.deals, seed, bots=specs, history=path, progress=progress)
    except LooError as e:
        raise Failure(str(e)) from None
    except OSError as e:  # the history's disk is full (/dev/full), or the file went away while written
        if path is None:
            raise
        raise Failure(file_failure(str(path), e, "write the hand history")) from None
    finally:
        stop()
    if ns.json:
        print(json.dumps(summary.to_dict(), ensure_ascii=False))
    else:
        print(format_summary(summary, rules))
    return 0


def _deals(n: int) -> str:
    return "1 deal" if n == 1 else f"{n:,} deals"


def _asked(n: int) -> str:
    return "1 deal was asked for" if n == 1 else f"{n:,} deals were asked for"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def format_summary(s: SimSummary, rules: Rules) -> str:
    """The readable ``loo simulate`` report."""
    lines = [
        f"Simulated {_deals(s.deals)} of {s.variant} ({s.players} players, seed {s.seed}) in "
        f"{s.elapsed:.2f} s: {s.deals_per_second:,.0f} deals/s."
    ]
    if s.deals > s.asked:
        more = s.deals - s.asked
        lines.append(
            f"{_asked(s.asked)}; the last match played {more:,} more to its end (LOUSE-MATCH-1)."
            if s.is_louse
            else f"{_asked(s.asked)}; the last session played {more:,} more to empty the "
            f"{'pot' if rules.game == 'lou' else 'pool'} (SESSION-4)."
        )
    if s.differences:
        lines.append("House rules: " + ", ".join(f"{k}={value_text(v)}" for k, v in s.differences.items()) + ".")
    ends = "; ".join(f"{why}: {k}" for why, k in s.session_ends.items())
    if s.is_louse:
        lines.append(f"Matches: {s.sessions} ({ends}).")
    else:
        lines.append(f"Sessions: {s.sessions} ({ends}); each player starts a session with 1000 chips.")
        pot = "pot" if rules.game == "lou" else "pool"
        looed = "players matched the pot" if rules.game == "lou" else "players looed"
        lines.append(f"Mean {pot} at the start of play: {s.mean_pool:.2f}.")
        lines.append(f"Loos: {s.loo_rate:.3f} {looed} per deal; {_pct(s.loo_deal_share)} of deals had one.")
        lines.append(f"Uncontested deals: {_pct(s.uncontested_rate)}.")
        if s.pool_left:
            lines.append(
                f"Left in the {pot} when sessions ended, won by nobody: {s.pool_left:,} chips (sessions cut short "
                "by a player who could not pay, or stopped exactly by session_end = exact; SESSION-4)."
            )
        if shape_of(rules).flushes(rules):
            lines.append(f"Flushes (five-card): {s.flushes}.")
    lines.append(
        "How deals ended: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(s.kinds.items())) + "."
    )
    lines.append("")
    if s.is_louse:
        header = ["seat", "name", "bot", "penalty points", "per deal", "matches lost"]
        rows = [
            [str(i), s.names[i], s.bots[i], str(s.points[i]), f"{s.points[i] / s.deals:.1f}", str(s.matches_lost[i])]
            for i in range(s.players)
        ]
    else:
        header = ["seat", "name", "bot", "net chips", "per 100 deals"]
        rows = [[str(i), s.names[i], s.bots[i], f"{s.net[i]:+d}", f"{s.net_per_100[i]:+.2f}"] for i in range(s.players)]
    widths = [max(len(r[c]) for r in [header, *rows]) for c in range(len(header))]
    for r in [header, *rows]:
        lines.append(
            "  ".join(cell.ljust(widths[c]) if c < 3 else cell.rjust(widths[c]) for c, cell in enumerate(r)).rstrip()
        )
    if s.is_louse and s.match_losers:
        listed = s.match_losers[:20]
        losers = "; ".join(" and ".join(s.names[x] for x in m) for m in listed)
        rest = f"; … ({len(s.match_losers) - len(listed)} more)" if len(s.match_losers) > len(listed) else ""
        lines.append(f"\nMatch losers in order: {losers}{rest}.")
    if s.history_path:
        lines.append(
            f"\nHand history: {s.history_path} ({_deals(s.deals)}). Check it with: loo replay {s.history_path} --verify"
        )
    return "\n".join(lines)
