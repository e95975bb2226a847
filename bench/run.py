"""Random-play throughput of the engine, each figure beside its reference.

``make bench`` runs this file. It measures, in one run:

* ``three-card``: 5 random players through the public API with full validation (``legal_actions`` then
  ``apply`` of a uniformly chosen action), a fresh ``Deal`` per deal, shuffled by the benchmark's seeded rng;
* ``three-card/all-play``: the same, but everyone declares "play", so all 15 cards are played: the shape of
  OpenSpiel's oh_hell deal;
* ``openspiel``: OpenSpiel's ``oh_hell(players=5,num_tricks_fixed=3)`` driven from Python the same way
  (``legal_actions`` then ``apply_action`` with the same random choice; chance nodes too, whose outcomes are
  uniform in oh_hell, so this samples them correctly);
* every other preset's random play (5 players, or 4 for Louse), beside the ``three-card`` figure.

Each figure is a time-boxed loop, run after a warm-up and repeated, keeping the best run: the machine is shared,
and the best of several runs is the least disturbed by other work. Performance is never asserted anywhere; this
only reports it.

Usage: ``bench/run.py [--quick] [--only NAME]... [--seconds S] [--repeats N] [--markdown] [--write [--output PATH]]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from lanterloo import PRESET_NAMES, STAND, Deal, Phase, Rules, rules_with

#: The reference engine and the game whose deal has the shape of a 5-player 3-card Loo deal.
OPENSPIEL_GAME = "oh_hell(players=5,num_tricks_fixed=3)"
OPENSPIEL_KEY = "openspiel"
REFERENCE_KEY = "three-card"
ALL_PLAY_KEY = "three-card/all-play"
#: The project's goal: random play at least this many times OpenSpiel's throughput.
TARGET = 3.0
PLAYERS = 5
STACK = 100  # deep enough that no seat runs dry within one deal, so table stakes never shorten a deal
RESULTS_PATH = Path(__file__).with_name("results.json")

# Defaults: 9 figures x (warm-up + 3 runs of 2 s) is about a minute.
SECONDS = 2.0
REPEATS = 3
WARMUP = 0.5
QUICK_SECONDS = 0.5
QUICK_WARMUP = 0.1


@dataclass(frozen=True)
class Sample:
    """One time-boxed run: how many games (deals) and actions were completed in how long."""

    games: int
    actions: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games if self.games else 0.0

    @property
    def us_per_action(self) -> float:
        return self.seconds * 1e6 / self.actions if self.actions else 0.0


#: A time-boxed loop: ``loop(seconds, seed)`` plays whole games until ``seconds`` have passed.
Loop = Callable[[float, int], Sample]


@dataclass(frozen=True)
class Workload:
    key: str  # what --only matches and the JSON is keyed by
    title: str
    unit: str
    players: int
    reference: str | None  # key of the figure this one is compared with
    loop: Loop


@dataclass(frozen=True)
class Result:
    workload: Workload
    samples: tuple[Sample, ...]

    @property
    def best(self) -> Sample:
        return max(self.samples, key=lambda s: s.rate)


# --- the loops ----------------------------------------------------------------------------------------------
# Each loop is written out in full rather than sharing a helper with a flag, so the measured inner loop is
# exactly the one a user of the public API would write. The clock is read once per finished game: a game takes
# tens of microseconds, so that overhead is well under one per cent.


def random_play_loop(rules: Rules, players: int) -> Loop:
    """Random play through the public API, every action validated by ``apply``."""
    stacks = [STACK] * players

    def loop(seconds: float, seed: int) -> Sample:
        rng = random.Random(seed)
        rnd = rng.random
        games = actions = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            deal = Deal(rules, stacks, games % players, rng=rng)
            while not deal.is_over:
                acts = deal.legal_actions()
                deal.apply(acts[int(rnd() * len(acts))])
                actions += 1
            games += 1
            now = time.perf_counter()
            if now >= deadline:
                return Sample(games, actions, now - start)

    return loop


def all_play_loop(rules: Rules, players: int) -> Loop:
    """As ``random_play_loop``, but every seat declares "play" (as every oh_hell player plays every card)."""
    stacks = [STACK] * players

    def loop(seconds: float, seed: int) -> Sample:
        rng = random.Random(seed)
        rnd = rng.random
        games = actions = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            deal = Deal(rules, stacks, games % players, rng=rng)
            while not deal.is_over:
                acts = deal.legal_actions()
                deal.apply(STAND if deal.phase is Phase.DECLARE else acts[int(rnd() * len(acts))])
                actions += 1
            games += 1
            now = time.perf_counter()
            if now >= deadline:
                return Sample(games, actions, now - start)

    return loop


def openspiel_loop(game_string: str = OPENSPIEL_GAME) -> Loop | None:
    """OpenSpiel driven from Python the same way; None when OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(game_string)

    def loop(seconds: float, seed: int) -> Sample:
        rng = random.Random(seed)
        rnd = rng.random
        games = actions = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                acts = state.legal_actions()
                state.apply_action(acts[int(rnd() * len(acts))])
                actions += 1
            games += 1
            now = time.perf_counter()
            if now >= deadline:
                return Sample(games, actions, now - start)

    return loop


def preset_players(rules: Rules) -> int:
    """5 players where the preset allows it (Louse is for 4)."""
    lo, hi = rules.player_range()
    return max(lo, min(PLAYERS, hi))


def workloads() -> list[Workload]:
    """Every figure, in the order they are measured and printed."""
    three = rules_with("three-card")
    out = [
        Workload(
            REFERENCE_KEY,
            "three-card, random play",
            "deals/s",
            PLAYERS,
            OPENSPIEL_KEY,
            random_play_loop(three, PLAYERS),
        ),
        Workload(
            ALL_PLAY_KEY, "three-card, everyone plays", "deals/s", PLAYERS, OPENSPIEL_KEY, all_play_loop(three, PLAYERS)
        ),
    ]
    spiel = openspiel_loop()
    if spiel is not None:
        out.append(Workload(OPENSPIEL_KEY, f"OpenSpiel {OPENSPIEL_GAME}", "games/s", PLAYERS, None, spiel))
    for name in PRESET_NAMES:
        if name == REFERENCE_KEY:
            continue  # the first figure already is three-card random play
        rules = rules_with(name)
        n = preset_players(rules)
        out.append(Workload(name, f"{name}, random play", "deals/s", n, REFERENCE_KEY, random_play_loop(rules, n)))
    return out


def select(items: Sequence[Workload], only: Sequence[str]) -> list[Workload]:
    """The workloads whose key contains one of ``only`` (case-insensitive); all of them when ``only`` is empty."""
    if not only:
        return list(items)
    wanted = [o.lower() for o in only]
    return [w for w in items if any(o in w.key.lower() for o in wanted)]


# --- measuring ------------------------------------------------------------------------------------------------

Progress = Callable[[str], None]


def measure(w: Workload, seconds: float, repeats: int, warmup: float, progress: Progress | None = None) -> Result:
    """Warm up, then run the time-boxed loop ``repeats`` times (best run wins)."""
    if progress:
        progress(f"{w.key}: warming up")
    w.loop(warmup, 0)
    samples: list[Sample] = []
    for i in range(repeats):
        # The same seed each run: every run plays the same deals, so runs differ only by interference.
        samples.append(w.loop(seconds, 1))
        if progress:
            best = max(s.rate for s in samples)
            progress(f"{w.key}: run {i + 1}/{repeats}, best {best:,.0f} {w.unit}")
    return Result(w, tuple(samples))


def ratios(results: Sequence[Result]) -> dict[str, float | None]:
    """Each figure over its reference's figure (None when the reference was not measured)."""
    rate = {r.workload.key: r.best.rate for r in results}
    out: dict[str, float | None] = {}
    for r in results:
        ref = r.workload.reference
        out[r.workload.key] = rate[r.workload.key] / rate[ref] if ref in rate and rate[ref] > 0 else None
    return out


# --- reporting ------------------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    info: dict[str, Any] = {
        "cpus": os.cpu_count(),
        "nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "cpu": _cpu_model(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
    for dist in ("lanterloo", "open-spiel"):
        try:
            info[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            info[dist] = None
    info["commit"] = _git_commit()
    return info


def _cpu_model() -> str | None:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return platform.processor() or None
    for line in text.splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return None


def _git_commit() -> str | None:
    """The commit measured, with "+" when src/ differs from it (figures of a work in progress)."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True, timeout=5, check=False
        )
        # read-only: `git diff --quiet` exits 1 when the engine's sources have uncommitted changes
        diff = subprocess.run(
            ["git", "diff", "--quiet", "HEAD", "--", "src"],
            cwd=here.parent,
            capture_output=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    commit = head.stdout.strip()
    if not commit:
        return None
    return commit + ("+" if diff.returncode == 1 else "")


def to_json(results: Sequence[Result], settings: dict[str, Any]) -> dict[str, Any]:
    rat = ratios(results)
    figures: dict[str, Any] = {}
    for r in results:
        w, best = r.workload, r.best
        ratio = rat[w.key]
        figures[w.key] = {
            "title": w.title,
            "unit": w.unit,
            "players": w.players,
            "rate": round(best.rate, 1),
            "runs": [round(s.rate, 1) for s in r.samples],
            "actions_per_game": round(best.actions_per_game, 2),
            "us_per_action": round(best.us_per_action, 3),
            "reference": w.reference,
            "ratio": None if ratio is None else round(ratio, 3),
        }
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "settings": settings,
        "openspiel_game": OPENSPIEL_GAME,
        "target_vs_openspiel": TARGET,
        "figures": figures,
    }


def table(results: Sequence[Result]) -> Table:
    """The figures, narrow enough for an 80-column terminal (the JSON has every run)."""
    rat = ratios(results)
    t = Table(
        title="Random-play throughput, best run",
        title_justify="left",
        caption="±: spread between runs; µs/act: time per action applied",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
    )
    t.add_column("figure", no_wrap=True)
    t.add_column("n", justify="right")
    t.add_column("best/s", justify="right")
    t.add_column("of")
    t.add_column("±", justify="right")
    t.add_column("µs/act", justify="right")
    t.add_column("ratio", no_wrap=True)
    for r in results:
        w, best = r.workload, r.best
        ratio = rat[w.key]
        rates = [s.rate for s in r.samples]
        # How far apart the runs were: a large spread means the machine was busy and the figure is soft.
        spread = (max(rates) - min(rates)) / max(rates) if max(rates) > 0 else 0.0
        t.add_row(
            w.key,
            str(w.players),
            f"{best.rate:,.0f}",
            w.unit.removesuffix("/s"),
            f"{spread:.0%}" if len(rates) > 1 else "",
            f"{best.us_per_action:.2f}",
            f"{ratio:.2f}× {w.reference}" if ratio is not None else "",
        )
    return t


def markdown(results: Sequence[Result]) -> str:
    """The figures as a Markdown table, for docs/benchmarks.md."""
    rat = ratios(results)
    lines = [
        "| figure | players | best | runs | actions/game | µs/action | ratio |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for r in results:
        w, best = r.workload, r.best
        ratio = rat[w.key]
        runs = " / ".join(f"{s.rate:,.0f}" for s in r.samples)
        shown = f"{ratio:.2f}× {w.reference}" if ratio is not None else ""
        lines.append(
            f"| `{w.key}` | {w.players} | {best.rate:,.0f} {w.unit} | {runs} | {best.actions_per_game:.1f} "
            f"| {best.us_per_action:.2f} | {shown} |"
        )
    return "\n".join(lines)


def verdict(results: Sequence[Result]) -> list[str]:
    """The ratios against OpenSpiel, each beside the target."""
    rat = ratios(results)
    lines = []
    for key in (REFERENCE_KEY, ALL_PLAY_KEY):
        ratio = rat.get(key)
        if ratio is None:
            continue
        met = "meets" if ratio >= TARGET else "below"
        lines.append(f"ours / OpenSpiel, {key}: {ratio:.2f}× ({met} the {TARGET:g}× target)")
    return lines


# --- command line ---------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Random-play throughput of lanterloo, beside OpenSpiel's oh_hell.")
    p.add_argument(
        "--quick", action="store_true", help=f"smoke test: one {QUICK_SECONDS:g} s run per figure after a short warm-up"
    )
    p.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="measure only figures whose name contains NAME (repeatable)",
    )
    p.add_argument("--seconds", type=float, default=None, help=f"time box of each run (default {SECONDS:g})")
    p.add_argument("--repeats", type=int, default=None, help=f"runs per figure, best kept (default {REPEATS})")
    p.add_argument("--warmup", type=float, default=None, help=f"warm-up seconds per figure (default {WARMUP:g})")
    p.add_argument("--markdown", action="store_true", help="also print the figures as a Markdown table")
    p.add_argument("--write", action="store_true", help="write the figures as JSON (to --output)")
    p.add_argument("--output", type=Path, default=RESULTS_PATH, help="where --write writes (bench/results.json)")
    args = p.parse_args(argv)
    if args.seconds is None:
        args.seconds = QUICK_SECONDS if args.quick else SECONDS
    if args.repeats is None:
        args.repeats = 1 if args.quick else REPEATS
    if args.warmup is None:
        args.warmup = QUICK_WARMUP if args.quick else WARMUP
    if args.seconds <= 0 or args.warmup < 0 or args.repeats < 1:
        p.error("--seconds must be positive, --warmup not negative, and --repeats at least 1.")
    return args


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> int:
    args = parse_args(argv)
    console = console or Console()
    available = workloads()
    chosen = select(available, args.only)
    if not chosen:
        names = ", ".join(w.key for w in available)
        console.print(f"--only {' '.join(args.only)} matches no figure: choose from {names}.")
        return 2
    if not any(w.key == OPENSPIEL_KEY for w in available):
        console.print("OpenSpiel is not installed (pip install '.[bench]'), so there is no reference figure.")

    info = machine()
    console.print(
        f"{len(chosen)} figures, {args.repeats} × {args.seconds:g} s each after a {args.warmup:g} s warm-up; "
        f"Python {info['python']}, {info['nproc']} cores, commit {info['commit'] or 'unknown'}"
    )
    results: list[Result] = []
    for w in chosen:
        with console.status(f"{w.key}: starting") as status:
            result = measure(w, args.seconds, args.repeats, args.warmup, progress=status.update)
        results.append(result)
        console.print(f"  {w.key:<22} {result.best.rate:>10,.0f} {w.unit}")
    console.print(table(results))
    for line in verdict(results):
        console.print(line)
    if args.markdown:
        console.print(markdown(results), markup=False, highlight=False, soft_wrap=True)

    if args.write:
        settings = {
            "seconds": args.seconds,
            "repeats": args.repeats,
            "warmup": args.warmup,
            "quick": args.quick,
            "only": list(args.only),
        }
        args.output.write_text(json.dumps(to_json(results, settings), indent=2) + "\n", encoding="utf-8")
        console.print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
