"""How fast ``loo replay --verify`` checks a three-card history, each figure beside a reference from the same run.

A history of ``--deals`` deals (default 100,000) is written as ``loo simulate --history`` writes it (5 players,
random bots, three-card), then these are measured in interleaved rounds (each round starts at the next figure),
and each figure is the median of its rounds, each ratio the median of the per-round ratios:

* ``verify``: the whole file as ``loo replay --verify`` verifies it (the process pool on a big file, the compiled
  core where it is built), wall clock from opening the file to the verdict: the issue's figure;
* ``one process``: the same on one process, CPU time;
* ``without the line path``: one process with the core's line verifier off (history.fastline.ENABLED), so every
  line takes the reader's json scan and history.quick's replay, as before the line path: CPU time, on the first
  ``--sample`` lines;
* ``json.loads``: the reference: only parsing each line with the standard library's json, one process, CPU time;
* ``pure engine``: one process without the compiled core (``LANTERLOO_ENGINE=pure``), CPU time, on the first
  ``--sample`` lines;
* ``reference path``: one process with every fast path off and no core: what verification cost before, CPU time,
  on the same sample.

Usage: ``bench/verify_speed.py [--quick] [--deals N] [--rounds R] [--sample N] [--keep PATH]``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from lanterloo import history, rules_with
from lanterloo.engine import core
from lanterloo.history import fastline, parallel, quick
from lanterloo.sim import simulate

Measure = Callable[[], tuple[int, float]]  # (deals or lines, seconds)


def write_history(path: Path, deals: int, seed: int = 11) -> None:
    was = core.engine()
    core.select("core")  # the batch-free core where built: the history is the same, only written sooner
    try:
        simulate(rules_with("three-card"), 5, deals, seed, history=path)
    finally:
        core.select(was)


def _cpu_all() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def verify_wall(path: Path) -> tuple[int, float]:
    start = time.perf_counter()
    n = parallel.verify(path, history.Verifier(True))
    return n, time.perf_counter() - start


def verify_one(path: Path, *, core_on: bool = True, fast: bool = True, lines: bool = True) -> tuple[int, float]:
    saved = quick.EXT, quick.ENABLED, fastline.ENABLED
    quick.select(core_on)
    quick.ENABLED = fast
    fastline.ENABLED = lines
    try:
        start = time.process_time()
        n = parallel.verify(path, history.Verifier(True), jobs=1)
        return n, time.process_time() - start
    finally:
        quick.EXT, quick.ENABLED, fastline.ENABLED = saved


def json_only(path: Path) -> tuple[int, float]:
    start = time.process_time()
    n = 0
    loads = json.loads
    with path.open("rb") as fp:
        for raw in fp:
            loads(raw)
            n += 1
    return n, time.process_time() - start


def measure(figures: dict[str, Measure], rounds: int) -> dict[str, list[float]]:
    rates: dict[str, list[float]] = {k: [] for k in figures}
    keys = list(figures)
    for k in keys:  # warm-up: caches, imports, the page cache
        figures[k]()
    for r in range(rounds):
        for k in keys[r % len(keys) :] + keys[: r % len(keys)]:
            n, seconds = figures[k]()
            rates[k].append(n / seconds)
    return rates


def ratio(rates: dict[str, list[float]], a: str, b: str) -> float:
    return statistics.median(x / y for x, y in zip(rates[a], rates[b], strict=True))


def report(rates: dict[str, list[float]], deals: int, sample: int, jobs: int) -> list[str]:
    med = {k: statistics.median(v) for k, v in rates.items()}
    lines = [
        f"loo replay --verify, three-card: {med['verify']:,.0f} deals/s (wall clock, reading the file included, "
        f"{deals:,} deals, {jobs} process{'es' if jobs != 1 else ''}); json.loads alone, one process: "
        f"{med['json.loads']:,.0f} lines/s (CPU time): {ratio(rates, 'verify', 'json.loads'):.2f}×",
        f"one process: {med['one process']:,.0f} deals/s (CPU time): {ratio(rates, 'one process', 'json.loads'):.2f}× "
        "json.loads alone",
    ]
    if "without the line path" in med:
        lines.append(
            f"without the line path, one process: {med['without the line path']:,.0f} deals/s (CPU time, first "
            f"{sample:,} deals); one process / without it: {ratio(rates, 'one process', 'without the line path'):.2f}×"
        )
    if "pure engine" in med:
        lines.append(
            f"pure engine (no compiled core), one process: {med['pure engine']:,.0f} deals/s (CPU time, first "
            f"{sample:,} deals): {ratio(rates, 'pure engine', 'reference path'):.2f}× the reference path"
        )
    if "reference path" in med:
        lines.append(
            f"reference path (every fast path off, no core): {med['reference path']:,.0f} deals/s; one process / "
            f"reference path: {ratio(rates, 'one process', 'reference path'):.2f}×"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="The speed of loo replay --verify on a three-card history.")
    p.add_argument("--quick", action="store_true", help="a smoke run: 3,000 deals, 2 rounds")
    p.add_argument("--deals", type=int, default=None, help="deals in the history (default 100,000)")
    p.add_argument("--rounds", type=int, default=None, help="rounds (default 3)")
    p.add_argument("--sample", type=int, default=5_000, help="deals for the slow figures (default 5,000)")
    p.add_argument("--keep", type=Path, default=None, help="write (or reuse) the history at this path")
    args = p.parse_args(argv)
    deals = args.deals or (3_000 if args.quick else 100_000)
    rounds = args.rounds or (2 if args.quick else 3)
    with tempfile.TemporaryDirectory() as tmp:
        path = args.keep or Path(tmp) / "h.jsonl"
        if not path.exists():
            print(f"writing a three-card history of {deals:,} deals ...", flush=True)
            write_history(path, deals)
        small = Path(tmp) / "sample.jsonl"
        with path.open("rb") as src, small.open("wb") as dst:
            for i, raw in enumerate(src):
                if i >= args.sample:
                    break
                dst.write(raw)
        figures: dict[str, Measure] = {
            "verify": lambda: verify_wall(path),
            "one process": lambda: verify_one(path),
            "json.loads": lambda: json_only(path),
            "without the line path": lambda: verify_one(small, lines=False),
            "pure engine": lambda: verify_one(small, core_on=False),
            "reference path": lambda: verify_one(small, core_on=False, fast=False),
        }
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        print(
            f"{rounds} rounds; compiled core {'built' if core.available() else 'NOT built'}; "
            f"{parallel.workers()} CPUs" + (f"; load average {load:.2f}" if load is not None else ""),
            flush=True,
        )
        cpu = _cpu_all()
        rates = measure(figures, rounds)
        # the processes verify() really used: the pool starts only at parallel.MIN_BYTES; the slow figures read
        # the first --sample deals, or the whole file when it is shorter
        jobs = parallel.workers() if path.stat().st_size >= parallel.MIN_BYTES else 1
        for line in report(rates, deals, min(args.sample, deals), jobs):
            print(line)
        print(f"(CPU time of the whole run, workers included: {_cpu_all() - cpu:,.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
