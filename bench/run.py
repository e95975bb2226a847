"""Random-play throughput of the engine, each figure beside its reference, measured fairly on a shared machine.

``make bench`` runs this file. It measures, in one run:

* ``three-card``: 5 random players through the public API with full validation (``legal_actions`` then
  ``apply`` of a uniformly chosen action), a fresh ``Deal`` per deal, shuffled by the benchmark's seeded rng;
* ``three-card/all-play``: the same, but everyone declares "play", so all 15 cards are played: the shape of
  OpenSpiel's oh_hell deal;
* ``openspiel``: OpenSpiel's ``oh_hell(players=5,num_tricks_fixed=3)`` driven from Python the same way
  (``legal_actions`` then plain ``apply_action`` with the same random choice; chance nodes too, whose outcomes are
  uniform in oh_hell, so this samples them correctly);
* ``openspiel/validated``: the same through ``apply_action_with_legality_check``, which validates as ``apply`` does;
* every other preset's random play (5 players, or 4 for Louse), beside the ``three-card`` figure.

The machine is shared, so one figure measured alone moves with whatever else runs. Instead the figures are
interleaved: after one warm-up of each, every round runs every chosen figure for a short time box, each round
starting at the next figure, so no figure always runs first or last. Time is CPU time (``time.process_time``), not
wall-clock, so time the process spends descheduled is not counted. A figure is the median of its rounds, and a
ratio is the median of the per-round ratios (figure over its reference in the same round), which cancels drifts
slower than a round. Performance is never asserted anywhere; this only reports it.

Usage: ``bench/run.py [--quick] [--only NAME]... [--seconds S] [--rounds N] [--markdown] [--write [--output PATH]]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from rich import box
from rich.console import Console
from rich.table import Table

from bench import simulate_speed
from lanterloo import PRESET_NAMES, STAND, Deal, Phase, Rules, rules_with
from lanterloo.engine import core
from lanterloo.engine.state import PureDeal

#: The reference engine and the game whose deal has the shape of a 5-player 3-card Loo deal.
OPENSPIEL_GAME = "oh_hell(players=5,num_tricks_fixed=3)"
OPENSPIEL_KEY = "openspiel"
OPENSPIEL_VALIDATED_KEY = "openspiel/validated"
REFERENCE_KEY = "three-card"
ALL_PLAY_KEY = "three-card/all-play"
BATCH_KEY = "batch/three-card"
CREF_KEY = "c-reference/three-card"
CREF_SOURCE = Path(__file__).with_name("cref.c")
#: Deals per call of the batch simulator: a few milliseconds, so the time box is kept to within a few percent.
BATCH_CHUNK = 4096
#: Suffix of a figure run on the pure-Python reference engine (``PureDeal``), whatever the compiled core covers.
PURE = "/reference"
#: Issue 11's goal for the compiled core: at least this many times validated OpenSpiel's throughput.
TARGET = 3.0
#: Issue 7's constraint on the reference engine: ``make bench`` must not fall below this many times OpenSpiel.
FLOOR = 0.35
PLAYERS = 5
STACK = 100  # deep enough that no seat runs dry within one deal, so table stakes never shorten a deal
RESULTS_PATH = Path(__file__).with_name("results.json")

#: CPU time of this process: what another process's load takes away from wall-clock time is not counted.
CLOCK: Callable[[], float] = time.process_time
#: The CPU clock is a system call of about 1 µs, 5% of an OpenSpiel game: read it once per this many games.
CHECK_EVERY = 8

# Defaults: 10 figures x 40 rounds x 0.2 s, plus the warm-up, is about 80 s of CPU time. Short boxes and many
# rounds: under load the per-round ratios scatter widely, and their median settles with the number of rounds.
SECONDS = 0.2
ROUNDS = 40
WARMUP = 0.2
QUICK_SECONDS = 0.1
QUICK_ROUNDS = 3
QUICK_WARMUP = 0.05


@dataclass(frozen=True)
class Sample:
    """One time-boxed run: how many games (deals) and actions were completed in how much CPU time."""

    games: int
    actions: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


#: A time-boxed loop: ``loop(seconds, seed)`` plays whole games until ``seconds`` of CPU time have passed.
Loop = Callable[[float, int], Sample]


@dataclass(frozen=True)
class Workload:
    key: str  # what --only matches and the JSON is keyed by
    title: str
    unit: str
    players: int
    references: tuple[str, ...]  # keys of the figures this one is compared with, the first the main one
    loop: Loop

    @property
    def reference(self) -> str | None:
        return self.references[0] if self.references else None


@dataclass(frozen=True)
class Result:
    """A figure's samples, one per round, in round order."""

    workload: Workload
    samples: tuple[Sample, ...]

    @property
    def rates(self) -> list[float]:
        return [s.rate for s in self.samples]

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    @property
    def actions_per_game(self) -> float:
        games = sum(s.games for s in self.samples)
        return sum(s.actions for s in self.samples) / games if games else 0.0

    @property
    def us_per_action(self) -> float:
        actions = sum(s.actions for s in self.samples)
        return sum(s.seconds for s in self.samples) * 1e6 / actions if actions else 0.0


def quartiles(values: Sequence[float]) -> tuple[float, float]:
    """The lower and upper quartile (both the value itself when there is one)."""
    if len(values) < 2:
        return (values[0], values[0]) if values else (0.0, 0.0)
    q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q3


# --- the loops ----------------------------------------------------------------------------------------------
# Each loop is written out in full rather than sharing a helper with a flag, so the measured inner loop is
# exactly the one a user of the public API would write.


def random_play_loop(rules: Rules, players: int, deal_class: type[Deal] = Deal) -> Loop:
    """Random play through the public API, every action validated by ``apply``. ``Deal`` runs on the compiled core
    where it covers the rules; ``PureDeal`` is the reference engine always."""
    stacks = [STACK] * players

    def loop(seconds: float, seed: int) -> Sample:
        rng = random.Random(seed)
        rnd = rng.random
        games = actions = 0
        start = CLOCK()
        deadline = start + seconds
        while True:
            deal = deal_class(rules, stacks, games % players, rng=rng)
            while not deal.is_over:
                acts = deal.legal_actions()
                deal.apply(acts[int(rnd() * len(acts))])
                actions += 1
            games += 1
            if games % CHECK_EVERY == 0:
                now = CLOCK()
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
        start = CLOCK()
        deadline = start + seconds
        while True:
            deal = Deal(rules, stacks, games % players, rng=rng)
            while not deal.is_over:
                acts = deal.legal_actions()
                deal.apply(STAND if deal.phase is Phase.DECLARE else acts[int(rnd() * len(acts))])
                actions += 1
            games += 1
            if games % CHECK_EVERY == 0:
                now = CLOCK()
                if now >= deadline:
                    return Sample(games, actions, now - start)

    return loop


def openspiel_loop(game_string: str = OPENSPIEL_GAME) -> Loop | None:
    """OpenSpiel driven from Python the same way, with plain ``apply_action``; None without OpenSpiel.

    Plain ``apply_action`` checks nothing in oh_hell: it accepts an off-suit card when the player must follow.
    """
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(game_string)

    def loop(seconds: float, seed: int) -> Sample:
        rng = random.Random(seed)
        rnd = rng.random
        games = actions = 0
        start = CLOCK()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                acts = state.legal_actions()
                state.apply_action(acts[int(rnd() * len(acts))])
                actions += 1
            games += 1
            if games % CHECK_EVERY == 0:
                now = CLOCK()
                if now >= deadline:
                    return Sample(games, actions, now - start)

    return loop


def batch_loop(rules: Rules, players: int) -> Loop | None:
    """The compiled core's batch simulator (``_core.batch``): whole deals of random play in one C loop, in chunks
    of BATCH_CHUNK deals; None without the core."""
    if core.engine() != "core" or core.ext() is None:
        return None
    run_batch = core.ext().batch

    def loop(seconds: float, seed: int) -> Sample:
        games = actions = 0
        start = CLOCK()
        deadline = start + seconds
        while True:
            out = run_batch(rules, players, BATCH_CHUNK, seed + games)
            games += out["deals"]
            actions += out["actions"]
            now = CLOCK()
            if now >= deadline:
                return Sample(games, actions, now - start)

    return loop


def c_reference() -> Path | None:
    """bench/cref.c compiled with ``cc -O2`` (once per process, in a temporary folder); None without a compiler."""
    if _CREF:
        return _CREF[0]
    exe = Path(tempfile.mkdtemp(prefix="lanterloo-cref-")) / "cref"
    compiler = os.environ.get("CC", "cc")
    try:
        subprocess.run([compiler, "-O2", "-o", str(exe), str(CREF_SOURCE)], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        _CREF.append(None)
        return None
    _CREF.append(exe)
    return exe


_CREF: list[Path | None] = []


def c_reference_loop(players: int) -> Loop | None:
    """The C reference: the batch loop in plain C. It measures its own CPU time, so starting it is not counted."""
    exe = c_reference()
    if exe is None:
        return None

    def loop(seconds: float, seed: int) -> Sample:
        out = subprocess.run([str(exe), str(players), f"{seconds:g}", str(seed)], check=True, capture_output=True)
        deals, actions, cpu = out.stdout.split()[:3]
        return Sample(int(deals), int(actions), float(cpu))

    return loop


def batch_agrees_with_c_reference(deals: int = 20_000, seed: int = 1) -> bool | None:
    """Whether the batch simulator and the C reference give the same totals for one seed (they draw the same
    numbers in the same order); None when either is missing."""
    exe = c_reference()
    if exe is None or core.engine() != "core" or core.ext() is None:
        return None
    out = subprocess.run([str(exe), str(PLAYERS), str(-deals), str(seed)], check=True, capture_output=True)
    got, actions, _, *rest = out.stdout.split()
    c_totals = (int(got), int(actions), [int(x) for x in rest[:-1]], int(rest[-1]))
    b = core.ext().batch(rules_with("three-card"), PLAYERS, deals, seed)
    return c_totals == (b["deals"], b["actions"], b["net"], b["pool"])


def openspiel_validated_loop(game_string: str = OPENSPIEL_GAME) -> Loop | None:
    """As ``openspiel_loop``, but through ``apply_action_with_legality_check``, which refuses an illegal action
    as lanterloo's ``apply`` does: the like-for-like reference for a validating engine."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(game_string)

    def loop(seconds: float, seed: int) -> Sample:
        rng = random.Random(seed)
        rnd = rng.random
        games = actions = 0
        start = CLOCK()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                acts = state.legal_actions()
                state.apply_action_with_legality_check(acts[int(rnd() * len(acts))])
                actions += 1
            games += 1
            if games % CHECK_EVERY == 0:
                now = CLOCK()
                if now >= deadline:
                    return Sample(games, actions, now - start)

    return loop


def _simulate_sample(loop: Callable[[float, int], tuple[int, float]]) -> Loop:
    def timed(seconds: float, seed: int) -> Sample:
        deals, cpu = loop(seconds, seed)
        return Sample(deals, 0, cpu)  # simulate does not count actions: no µs per action

    return timed


def preset_players(rules: Rules) -> int:
    """5 players where the preset allows it (Louse is for 4)."""
    lo, hi = rules.player_range()
    return max(lo, min(PLAYERS, hi))


def workloads() -> list[Workload]:
    """Every figure, in the order they are printed (and measured in the first round)."""
    three = rules_with("three-card")
    spiel = openspiel_loop()
    validated = openspiel_validated_loop()
    # The plain figure stays the main reference, so "ratio" in results.json keeps its meaning across commits.
    vs_spiel = (OPENSPIEL_KEY, OPENSPIEL_VALIDATED_KEY) if spiel is not None else ()
    on = " (compiled core)" if core.engine() == "core" else ""
    out = [
        Workload(
            REFERENCE_KEY,
            f"three-card, random play{on}",
            "deals/s",
            PLAYERS,
            vs_spiel + ((REFERENCE_KEY + PURE,) if on else ()),
            random_play_loop(three, PLAYERS),
        ),
        Workload(
            ALL_PLAY_KEY, "three-card, everyone plays", "deals/s", PLAYERS, vs_spiel, all_play_loop(three, PLAYERS)
        ),
    ]
    if spiel is not None and validated is not None:
        title = f"OpenSpiel {OPENSPIEL_GAME}"
        out.append(Workload(OPENSPIEL_KEY, f"{title}, apply_action", "games/s", PLAYERS, (), spiel))
        out.append(
            Workload(
                OPENSPIEL_VALIDATED_KEY,
                f"{title}, apply_action_with_legality_check",
                "games/s",
                PLAYERS,
                (OPENSPIEL_KEY,),  # what OpenSpiel's own validation costs
                validated,
            )
        )
    if on:
        out.insert(
            1,
            Workload(
                REFERENCE_KEY + PURE,
                "three-card, random play (reference engine)",
                "deals/s",
                PLAYERS,
                vs_spiel,
                random_play_loop(three, PLAYERS, PureDeal),
            ),
        )
    batch, cref = batch_loop(three, PLAYERS), c_reference_loop(PLAYERS)
    if batch is not None:
        title = "three-card, batch simulator (compiled core)"
        out.append(Workload(BATCH_KEY, title, "deals/s", PLAYERS, (CREF_KEY,) if cref else (), batch))
    if batch is not None and cref is not None:
        out.append(Workload(CREF_KEY, "three-card, C reference loop (bench/cref.c)", "deals/s", PLAYERS, (), cref))
    for name in simulate_speed.covered():  # loo simulate on the batch loop (bench/simulate_speed.py)
        sim_rules = rules_with(name)
        n = preset_players(sim_rules)
        sim_refs: tuple[str, ...] = (CREF_KEY,) if cref is not None and name == REFERENCE_KEY else ()
        sim = simulate_speed.simulate_loop(sim_rules, n, CLOCK)
        title = f"{name}, loo simulate (batch loop)"
        out.append(Workload(simulate_speed.KEY + name, title, "deals/s", n, sim_refs, _simulate_sample(sim)))
    for name in PRESET_NAMES:
        if name == REFERENCE_KEY:
            continue  # the first figure already is three-card random play
        rules = rules_with(name)
        n = preset_players(rules)
        covered = bool(on) and core.covers(rules)
        refs = (REFERENCE_KEY, name + PURE) if covered else (REFERENCE_KEY,)
        title = f"{name}, random play" + (on if covered else "")
        out.append(Workload(name, title, "deals/s", n, refs, random_play_loop(rules, n)))
        if covered:
            pure = random_play_loop(rules, n, PureDeal)
            out.append(Workload(name + PURE, f"{name}, random play (reference engine)", "deals/s", n, (), pure))
    return out


def select(items: Sequence[Workload], only: Sequence[str]) -> list[Workload]:
    """The workloads whose key contains one of ``only`` (case-insensitive); all of them when ``only`` is empty."""
    if not only:
        return list(items)
    wanted = [o.lower() for o in only]
    return [w for w in items if any(o in w.key.lower() for o in wanted)]


def with_references(chosen: Sequence[Workload], items: Sequence[Workload]) -> list[Workload]:
    """``chosen`` and every figure they are compared with, in the order of ``items``: a ratio needs both
    measured in the same rounds."""
    keys = {w.key for w in chosen}
    keys |= {ref for w in chosen for ref in w.references}
    return [w for w in items if w.key in keys]


# --- measuring ------------------------------------------------------------------------------------------------

Progress = Callable[[str], None]
T = TypeVar("T")


def schedule(items: Sequence[T], rounds: int) -> list[list[T]]:
    """The order of every round: round ``i`` runs every item once, starting at item ``i`` (mod their number).

    Rotating the start means each figure takes every place in a round equally often (over a multiple of their
    number of rounds), so none is always measured just after the same neighbour or at the same point of a drift.
    """
    n = len(items)
    return [[items[(i + j) % n] for j in range(n)] for i in range(rounds)] if n else [[] for _ in range(rounds)]


def measure(
    chosen: Sequence[Workload], seconds: float, rounds: int, warmup: float, progress: Progress | None = None
) -> list[Result]:
    """Warm every figure up once, then run the rounds in rotating order; results in the order of ``chosen``."""
    if warmup > 0:
        for w in chosen:
            if progress:
                progress(f"{w.key}: warming up")
            w.loop(warmup, 0)
    samples: dict[str, list[Sample]] = {w.key: [] for w in chosen}
    for i, order in enumerate(schedule(chosen, rounds)):
        for w in order:
            if progress:
                progress(f"round {i + 1}/{rounds}: {w.key}")
            # One seed per round, the same for every figure in it; each round plays other deals.
            samples[w.key].append(w.loop(seconds, i + 1))
    return [Result(w, tuple(samples[w.key])) for w in chosen]


def round_ratios(figure: Result, reference: Result) -> list[float]:
    """The figure over its reference, round by round (both were measured within the same round)."""
    return [f.rate / r.rate for f, r in zip(figure.samples, reference.samples, strict=True) if r.rate > 0]


def ratio_table(results: Sequence[Result]) -> dict[str, dict[str, list[float]]]:
    """For each figure, its per-round ratios to each of its references that was measured."""
    by_key = {r.workload.key: r for r in results}
    return {
        r.workload.key: {ref: round_ratios(r, by_key[ref]) for ref in r.workload.references if ref in by_key}
        for r in results
    }


def ratios(results: Sequence[Result]) -> dict[str, float | None]:
    """Each figure's median per-round ratio to its main reference (None when that was not measured)."""
    table_ = ratio_table(results)
    out: dict[str, float | None] = {}
    for r in results:
        ref = r.workload.reference
        per_round = table_[r.workload.key].get(ref, []) if ref else []
        out[r.workload.key] = statistics.median(per_round) if per_round else None
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


def load_average() -> tuple[float, float, float] | None:
    """The 1, 5 and 15 minute load averages, to judge how busy the machine was."""
    try:
        return os.getloadavg()
    except (AttributeError, OSError):
        return None


def _shown(ratio: float | None) -> str:
    return "" if ratio is None else f"{ratio:.2f}×"


def _ratio_cell(key: str, rat: dict[str, dict[str, list[float]]]) -> str:
    return ", ".join(f"{statistics.median(v):.2f}× {ref}" for ref, v in rat[key].items() if v)


def to_json(
    results: Sequence[Result],
    settings: dict[str, Any],
    load: dict[str, tuple[float, float, float] | None] | None = None,
) -> dict[str, Any]:
    """The figures and how they were measured; ``load`` holds the load averages at the start and the end."""
    rat = ratio_table(results)
    main_ratio = ratios(results)
    figures: dict[str, Any] = {}
    for r in results:
        w = r.workload
        q1, q3 = quartiles(r.rates)
        ratio = main_ratio[w.key]
        figures[w.key] = {
            "title": w.title,
            "unit": w.unit,
            "players": w.players,
            "rate": round(r.median, 1),  # median of the rounds
            "quartiles": [round(q1, 1), round(q3, 1)],
            "runs": [round(x, 1) for x in r.rates],  # one per round, in round order
            "actions_per_game": round(r.actions_per_game, 2),
            "us_per_action": round(r.us_per_action, 3),
            "reference": w.reference,
            "ratio": None if ratio is None else round(ratio, 3),  # median per-round ratio to "reference"
            "ratios": {
                ref: {
                    "median": round(statistics.median(v), 3),
                    "quartiles": [round(q, 3) for q in quartiles(v)],
                }
                for ref, v in rat[w.key].items()
                if v
            },
        }
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "load_average": {when: None if v is None else [round(x, 2) for x in v] for when, v in (load or {}).items()},
        "settings": settings,
        "clock": "time.process_time",
        "openspiel_game": OPENSPIEL_GAME,
        "target_vs_openspiel_validated": TARGET,
        "floor_vs_openspiel": FLOOR,
        "figures": figures,
    }


def table(results: Sequence[Result]) -> Table:
    """The figures, narrow enough for a 100-column terminal (the JSON has every round)."""
    rat = ratio_table(results)
    t = Table(
        title="Random-play throughput, median of the rounds (CPU time)",
        title_justify="left",
        caption="IQR: interquartile range of the rounds over the median; ratio: median of per-round ratios",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
    )
    t.add_column("figure", no_wrap=True)
    t.add_column("n", justify="right")
    t.add_column("median/s", justify="right")
    t.add_column("of")
    t.add_column("IQR", justify="right")
    t.add_column("µs/act", justify="right")
    t.add_column("ratio")
    for r in results:
        w = r.workload
        q1, q3 = quartiles(r.rates)
        spread = (q3 - q1) / r.median if r.median > 0 else 0.0
        t.add_row(
            w.key,
            str(w.players),
            f"{r.median:,.0f}",
            w.unit.removesuffix("/s"),
            f"{spread:.0%}" if len(r.samples) > 1 else "",
            f"{r.us_per_action:.2f}",
            _ratio_cell(w.key, rat),
        )
    return t


def markdown(results: Sequence[Result]) -> str:
    """The figures as a Markdown table, for docs/benchmarks.md."""
    rat = ratio_table(results)
    lines = [
        "| figure | players | median | quartiles | actions/game | µs/action | ratio (median of rounds) |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for r in results:
        w = r.workload
        q1, q3 = quartiles(r.rates)
        lines.append(
            f"| `{w.key}` | {w.players} | {r.median:,.0f} {w.unit} | {q1:,.0f}–{q3:,.0f} "
            f"| {r.actions_per_game:.1f} | {r.us_per_action:.2f} | {_ratio_cell(w.key, rat)} |"
        )
    return "\n".join(lines)


def verdict(results: Sequence[Result]) -> list[str]:
    """Each engine against OpenSpiel, validated and plain, each on its own line with the all-play figure beside it
    (the compiled core's lines only when it ran); then issue 7's floor for the reference engine, issue 11's target
    for the core, and each preset the core covers against the reference engine."""
    rat = ratio_table(results)
    keys = {r.workload.key for r in results}
    with_core = REFERENCE_KEY + PURE in keys
    lines: list[str] = []
    held: list[str] = []
    broken: list[str] = []
    target: list[str] = []
    engines = [("core", REFERENCE_KEY, ALL_PLAY_KEY), ("reference engine", REFERENCE_KEY + PURE, "")]
    if not with_core:
        engines = [("reference engine", REFERENCE_KEY, ALL_PLAY_KEY)]
    for engine, main_key, all_key in engines:
        for ref, name in ((OPENSPIEL_VALIDATED_KEY, "validated"), (OPENSPIEL_KEY, "plain")):
            per_key = {key: rat.get(key, {}).get(ref, []) for key in (main_key, all_key) if key}
            if not any(per_key.values()):
                continue
            parts = []
            for key, label in ((main_key, "three-card"), (all_key, "three-card/all-play")):
                v = per_key.get(key, [])
                if not v:
                    continue
                q1, q3 = quartiles(v)
                median = statistics.median(v)
                parts.append(f"{label}: {median:.2f}× [{q1:.2f}–{q3:.2f}]")
                if engine == "reference engine":
                    (held if median >= FLOOR else broken).append(f"{label} vs {name}")
                elif name == "validated" and key == main_key:
                    target.append(f"{median:.2f}×")
            lines.append(f"{engine} / OpenSpiel ({name}), " + "; ".join(parts))
    if held or broken:
        said = f"issue 7's floor of {FLOOR:g}× OpenSpiel: "
        if held:
            said += "holds for " + ", ".join(held)
        if broken:
            said += ("; " if held else "") + "broken for " + ", ".join(broken)
        lines.append(said)
        if target:
            met = "met" if float(target[0][:-1]) >= TARGET else "not met"
            lines.append(
                f"issue 11's target, {TARGET:g}× validated OpenSpiel for the compiled core: {met} ({target[0]})"
            )
        else:
            lines.append(
                f"(issue 11's target, {TARGET:g}× validated OpenSpiel, is for the compiled core, which is not built "
                "here or is switched off by LANTERLOO_ENGINE=pure)"
            )
    by_key = {r.workload.key: r for r in results}
    for r in results:
        ref = r.workload.key + PURE
        v = rat.get(r.workload.key, {}).get(ref, [])
        if v and r.workload.key != REFERENCE_KEY:
            lines.append(
                f"core / reference engine, {r.workload.key}: {statistics.median(v):.2f}× "
                f"(core {r.median:,.0f} deals/s, reference {by_key[ref].median:,.0f})"
            )
    if with_core:
        v = rat.get(REFERENCE_KEY, {}).get(REFERENCE_KEY + PURE, [])
        if v:
            lines.append(f"core / reference engine, three-card: {statistics.median(v):.2f}×")
    v = rat.get(BATCH_KEY, {}).get(CREF_KEY, [])
    if v:
        q1, q3 = quartiles(v)
        lines.append(f"batch / C reference, three-card: {statistics.median(v):.2f}× [{q1:.2f}–{q3:.2f}]")
    lines += simulate_speed.lines(rat, {r.workload.key: r.median for r in results}, CREF_KEY)
    return lines


# --- command line ---------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Random-play throughput of lanterloo, beside OpenSpiel's oh_hell.")
    p.add_argument(
        "--quick",
        action="store_true",
        help=f"smoke test: {QUICK_ROUNDS} rounds of {QUICK_SECONDS:g} s per figure after a short warm-up",
    )
    p.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="measure only figures whose name contains NAME (repeatable), and what they are compared with",
    )
    p.add_argument(
        "--seconds", type=float, default=None, help=f"CPU-time box of each figure in a round (default {SECONDS:g})"
    )
    p.add_argument(
        "--rounds",
        "--repeats",
        dest="rounds",
        type=int,
        default=None,
        help=f"rounds, every figure once in each (default {ROUNDS})",
    )
    p.add_argument("--warmup", type=float, default=None, help=f"warm-up seconds per figure (default {WARMUP:g})")
    p.add_argument("--markdown", action="store_true", help="also print the figures as a Markdown table")
    p.add_argument("--write", action="store_true", help="write the figures as JSON (to --output)")
    p.add_argument("--output", type=Path, default=RESULTS_PATH, help="where --write writes (bench/results.json)")
    args = p.parse_args(argv)
    if args.seconds is None:
        args.seconds = QUICK_SECONDS if args.quick else SECONDS
    if args.rounds is None:
        args.rounds = QUICK_ROUNDS if args.quick else ROUNDS
    if args.warmup is None:
        args.warmup = QUICK_WARMUP if args.quick else WARMUP
    if args.seconds <= 0 or args.warmup < 0 or args.rounds < 1:
        p.error("--seconds must be positive, --warmup not negative, and --rounds at least 1.")
    return args


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> int:
    args = parse_args(argv)
    # The benchmark measures the compiled core where it is built (opt-in for the library: LANTERLOO_ENGINE=core);
    # LANTERLOO_ENGINE=pure measures the reference alone.
    if __name__ == "__main__" and os.environ.get("LANTERLOO_ENGINE", "").strip().lower() != "pure":
        core.select("core")
    console = console or Console()
    available = workloads()
    picked = select(available, args.only)
    if not picked:
        names = ", ".join(w.key for w in available)
        console.print(f"--only {' '.join(args.only)} matches no figure: choose from {names}.")
        return 2
    chosen = with_references(picked, available)
    added = [w.key for w in chosen if w not in picked]
    if added:
        console.print(f"Also measured, as the reference of a chosen figure: {', '.join(added)}.")
    if not any(w.key == OPENSPIEL_KEY for w in available):
        console.print("OpenSpiel is not installed (pip install '.[bench]'), so there is no reference figure.")

    same = batch_agrees_with_c_reference() if any(w.key == BATCH_KEY for w in chosen) else None
    if same is not None:
        console.print(
            "batch simulator and C reference: "
            + ("the same totals on 20,000 seeded deals" if same else "DIFFERENT totals on 20,000 seeded deals")
        )
    info = machine()
    before = load_average()
    console.print(
        f"{len(chosen)} figures, {args.rounds} rounds of {args.seconds:g} s CPU time each, after a "
        f"{args.warmup:g} s warm-up; Python {info['python']}, {info['nproc']} cores, "
        f"commit {info['commit'] or 'unknown'}" + (f", load average {before[0]:.2f}" if before else "")
    )
    # A slow spinner: its thread's CPU time is counted by the process clock too.
    with console.status("starting", refresh_per_second=2) as status:
        results = measure(chosen, args.seconds, args.rounds, args.warmup, progress=status.update)
    after = load_average()
    console.print(table(results))
    for line in verdict(results):
        console.print(line, markup=False, highlight=False)
    if after:
        console.print(f"load average at the end: {after[0]:.2f} {after[1]:.2f} {after[2]:.2f}")
    if args.markdown:
        console.print(markdown(results), markup=False, highlight=False, soft_wrap=True)

    if args.write:
        settings = {
            "seconds": args.seconds,
            "rounds": args.rounds,
            "warmup": args.warmup,
            "quick": args.quick,
            "only": list(args.only),
        }
        data = to_json(results, settings, {"start": before, "end": after})
        args.output.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        console.print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    # `make bench` runs bench/botspeed.py --simulate (the heuristic bots' simulate figures) and
    # bench/verify_speed.py (`loo replay --verify`) after this.
    sys.exit(main())
