"""``loo analyze``: a report over many seeded deals (lanterloo.analysis), written into a folder, with a progress bar.

Everything the command line can get wrong is checked before a deal is played, and nothing is written then: a report
that does not apply to the variant, an ``--out`` that is a file, a bad table. The folder is made only when the run
is done.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import shlex
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
)
from lanterloo.errors import LooError
from lanterloo.rules import Rules


def _folder(text: str) -> Path:
    """``--out``: a folder, or a name for one whose nearest existing parent is a folder."""
    path = Path(text)
    try:
        if path.exists() and not path.is_dir():
            raise UsageError(f"--out {shown(text, 80)} is a file: give a folder to write the report into.")
        parent = path
        while not parent.exists():
            if parent.parent == parent:
                break
            parent = parent.parent
        if parent.exists() and not parent.is_dir():
            raise UsageError(f"--out {shown(text, 80)} cannot be made: {shown(str(parent), 80)} is a file.")
        if not os.access(parent, os.W_OK):
            raise UsageError(f"--out {shown(text, 80)} cannot be written: {shown(str(parent), 80)} is not writable.")
        if path.is_dir():  # checked before the run: a report's file names taken by folders would lose the run
            for child in path.iterdir():
                if child.suffix in (".csv", ".png", ".md") and not child.is_file():
                    raise UsageError(
                        f"--out {shown(text, 80)} holds {shown(child.name, 40)}, which is not a file: the report "
                        "writes its files there."
                    )
    except (OSError, ValueError) as e:  # a name too long, a NUL byte
        raise UsageError(f"--out: {file_failure(text, e, 'write')}") from None
    return path


def command_text(ns: argparse.Namespace, rules: Rules, players: int, deals: int, seed: int, bots: list[str]) -> str:
    """The command that makes the same figures: every choice spelt out, the seed included (not the backend or the
    workers, which change nothing but the time)."""
    words = ["loo", "analyze", ns.report, "--variant", rules.preset, "--players", str(players)]
    words += ["--deals", str(deals), "--seed", str(seed)]
    words += ["--bots", bots[0] if len(set(bots)) == 1 else ",".join(bots)]
    for option in ns.option:
        words += ["-o", option]
    return shlex.join(words)


def cmd_analyze(ns: argparse.Namespace) -> int:
    from lanterloo.analysis import REPORTS, Plan, run, write
    from lanterloo.analysis.run import check

    report = REPORTS[ns.report]
    rules = table_rules(ns.variant, ns.option)
    why = report.refusal(rules)
    if why:
        raise UsageError(why)
    players = table_players(rules, ns.players)
    bots = table_bots(ns.bots or ["balanced"], players)
    if ns.ray_address and ns.backend != "ray":
        raise UsageError("--ray-address goes with --backend ray.")
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        plan = Plan(report.name, rules, players, tuple(bots), ns.deals, seed)
        check(report, plan)
    except LooError as e:
        raise UsageError(str(e)) from None
    # the bots are in the default name: the same report and seed with other bots is another report, not a rewrite
    label = bots[0] if len(set(bots)) == 1 else "mixed"
    folder = _folder(ns.out or f"analysis-{report.name}-{rules.preset}-{label}-{seed}")
    if importlib.util.find_spec("matplotlib") is None:  # found out before the run, not after it
        raise Failure("loo analyze draws its plots with matplotlib: pip install 'lanterloo[plots]'.")
    workers = ns.workers or os.cpu_count() or 1
    update, stop = progress_bar(ns.deals, f"analyze {report.name}", quiet=ns.json or ns.quiet)
    try:
        outcome = run(report, plan, workers, ns.backend, ns.ray_address, update)
    except LooError as e:
        raise Failure(str(e)) from None
    finally:
        stop()
    try:
        paths = write(outcome, folder, command_text(ns, rules, players, ns.deals, seed, bots))
    except OSError as e:
        raise Failure(file_failure(str(folder), e, "write the report into")) from None
    reading = report.reading(plan, outcome.acc)
    if ns.json:
        print(
            json.dumps(
                {
                    "report": report.name,
                    "variant": rules.preset,
                    "players": players,
                    "seed": seed,
                    "bots": bots,
                    "deals": outcome.deals,
                    "units": outcome.units,
                    "elapsed_seconds": round(outcome.elapsed, 3),
                    "folder": str(folder),
                    "files": [p.name for p in paths],
                    "reading": reading,
                },
                ensure_ascii=False,
            )
        )
    elif not ns.quiet:
        kinds = ", ".join(sorted(set(bots)))
        print(
            f"{report.title}: {outcome.deals:,} deals of {rules.preset} ({players} players, seed {seed}, bots: "
            f"{kinds}) in {outcome.elapsed:.2f} s: {outcome.deals / max(outcome.elapsed, 1e-9):,.0f} deals/s."
        )
        for line in reading:
            print(line)
        print(f"Wrote {folder}{os.sep}: {', '.join(p.name for p in paths)}.")
    return 0
