"""How fast the heuristic bots play, and proof that making them faster changed none of their choices.

Two jobs (issue 11, item 5):

* ``bench/botspeed.py`` measures, per preset, ``loo simulate``'s loop with every seat a heuristic bot beside the
  same loop with every seat a random bot, interleaved in rotating order, CPU time, medians of rounds, and prints
  ``heuristic simulate, PRESET: N deals/s`` with its ratio to random play, plus where a heuristic deal's time goes
  (building views, the bots' ``decide``, the engine and the session).
* ``bench/botspeed.py --simulate`` measures ``loo simulate`` itself (``sim.simulate``) per preset with every seat a
  heuristic bot: on the compiled core's C loop (the C policy of engine/_core_heur*.pxi) and deal by deal through
  views and ``HeuristicBot.decide`` (the path before the C policy, forced), beside random bots on the C loop,
  interleaved in rotating order, CPU time, medians of rounds; it prints
  ``heuristic loo simulate, PRESET: N deals/s`` with the ratio to deal by deal.
* ``bench/botspeed.py --same REF_SRC`` plays seeded simulations (every preset, mixed styles, a set of house rules)
  with the bots of another source tree (``REF_SRC``, e.g. ``/work/main/src``) and with this one, writes both hand
  histories and compares them line by line: the same histories mean the same decision on every view.

Run from the repository root with ``PYTHONPATH=src``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PRESETS = ("three-card", "mississippi", "irish", "rams-loo", "five-card", "lou", "louse")

#: (name, preset, players, bots, options): the simulations compared by ``--same``.
SAME_CASES: tuple[tuple[str, str, int, str, dict[str, object]], ...] = (
    *((p, p, 4 if p == "louse" else 5, "heuristic", {}) for p in PRESETS),
    *(
        (
            f"{p}/mixed",
            p,
            4 if p == "louse" else 5,
            "cautious,bold,random,balanced" + ("" if p == "louse" else ",bold"),
            {},
        )
        for p in PRESETS
    ),
    ("three-card/3p-pool", "three-card", 3, "heuristic", {"loo_penalty": "pool"}),
    ("three-card/club-bold", "three-card", 6, "heuristic", {"club_law": True, "bold_stand": "everyone"}),
    ("three-card/capped-wins", "three-card", 4, "bold", {"loo_penalty": "capped", "lone_player": "wins_pool"}),
    ("irish/exchange", "irish", 5, "heuristic", {"exchange": "own_turn"}),
    ("five-card/civil-ask", "five-card", 5, "heuristic", {"pam_civil": "ask", "pam_holder_not_looed": True}),
    ("five-card/3p-after", "five-card", 3, "cautious", {"exchange": "after_declarations", "blaze": True}),
    ("five-card/8p", "five-card", 8, "heuristic", {}),
    ("lou/b-draw", "lou", 5, "heuristic", {"lou_payout": "B", "lou_draw": 2, "lou_ante_choice": "dealer"}),
    ("lou/c-follow", "lou", 4, "bold", {"lou_payout": "C", "lou_follow_suit": True}),
    ("louse/collect", "louse", 4, "heuristic", {"diamond_queen": "collect_all_queens"}),
    ("louse/skat-none", "louse", 4, "cautious", {"diamond_queen": "none", "louse_rank": "skat"}),
)

# Plays one case; every decision's reason is appended to the history as a last line, so reasons are compared too.
_SIMULATE = """
import json, sys
import lanterloo.sim as sim
from lanterloo import rules_with
from lanterloo.bots import RandomBot
name, preset, players, bots, options, deals, seed, path = json.loads(sys.argv[1])
reasons = []
def choose(bot, deal, seat):
    if isinstance(bot, RandomBot):
        return bot.pick(deal.legal_actions(seat))
    d = bot.decide(deal.view(seat, with_events=False))
    reasons.append(d.reason)
    return d.action
sim._choose = choose
sim.simulate(rules_with(preset, options), players, deals, seed, bots=bots.split(","), history=path)
with open(path, "a", encoding="utf-8") as f:
    f.write(json.dumps(reasons, ensure_ascii=False) + "\\n")
"""


def _simulate(src: str, case: tuple[str, str, int, str, dict[str, object]], deals: int, seed: int, path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": src}
    arg = json.dumps([*case, deals, seed, str(path)])
    subprocess.run([sys.executable, "-c", _SIMULATE, arg], env=env, check=True)


def same(
    ref_src: str,
    deals: int,
    seeds: Sequence[int],
    only: Sequence[str],
    cache: Path | None = None,
    new_src: str | None = None,
) -> int:
    """Play every case with both trees' bots; 0 when every history agrees, 1 at the first difference. With
    ``cache``, the reference tree's histories are kept there and reused (for a reference tree that does not move)."""
    here = new_src or str(Path(__file__).resolve().parent.parent / "src")
    cases = [c for c in SAME_CASES if not only or any(o in c[0] for o in only)]
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            for seed in seeds:
                b = Path(tmp, "new.jsonl")
                a = Path(tmp, "ref.jsonl")
                if cache is not None:
                    cache.mkdir(parents=True, exist_ok=True)
                    a = cache / f"{case[0].replace('/', '_')}-{deals}-{seed}.jsonl"
                t0 = time.perf_counter()
                if cache is None or not a.exists():
                    _simulate(ref_src, case, deals, seed, a)
                t1 = time.perf_counter()
                _simulate(here, case, deals, seed, b)
                t2 = time.perf_counter()
                la, lb = a.read_text().splitlines(), b.read_text().splitlines()
                diff = next((i for i, (x, y) in enumerate(zip(la, lb, strict=False)) if x != y), None)
                if diff is None and len(la) != len(lb):
                    diff = min(len(la), len(lb))
                if diff is None:
                    verdict = "same"
                else:
                    verdict = "DIFFERENT in " + ("the reasons" if diff == len(la) - 1 else f"deal line {diff + 1}")
                bad += diff is not None
                print(
                    f"{case[0]:24s} seed {seed}: {len(la) - 1} deals, {verdict} "
                    f"(reference {t1 - t0:.1f} s, this tree {t2 - t1:.1f} s)",
                    flush=True,
                )
    print("every history is the same" if not bad else f"{bad} histories differ")
    return 1 if bad else 0


# --- speed --------------------------------------------------------------------------------------------------

#: CPU time of this process: another process's load does not count (it still slows shared caches).
CLOCK: Callable[[], float] = time.process_time


@dataclass
class Figure:
    preset: str
    bots: str  # "heuristic" or "random"
    rates: list[float] = field(default_factory=list)  # deals per CPU second, one per round
    split: dict[str, float] = field(default_factory=dict)  # seconds in view / decide / rest (breakdown runs)
    deals: int = 0

    @property
    def median(self) -> float:
        return statistics.median(self.rates) if self.rates else 0.0


def simulate_loop(preset: str, bots: str, timed: bool = False) -> Callable[[float, int, Figure], None]:
    """``loo simulate``'s own loop (``Session``s of ``play_out`` with every seat the same bot, through
    ``deal.view(seat)`` and ``bot.decide``, or a random bot's ``legal_actions``), for a CPU-time box."""
    from lanterloo import rules_with
    from lanterloo.bots import make_bots
    from lanterloo.errors import LooError
    from lanterloo.session import Session
    from lanterloo.sim import STACK, play_out, seat_names

    rules = rules_with(preset)
    players = 4 if preset == "louse" else 5
    names = seat_names(players)

    def timed_play_out(deal: object, seats: Sequence[object], fig: Figure) -> None:
        from lanterloo.engine import Deal

        assert isinstance(deal, Deal)
        while not deal.is_over:
            for seat in deal.seats_to_act():
                t0 = CLOCK()
                view = deal.view(seat, with_events=False)
                t1 = CLOCK()
                action = seats[seat].decide(view).action  # type: ignore[attr-defined]
                t2 = CLOCK()
                fig.split["view"] = fig.split.get("view", 0.0) + t1 - t0
                fig.split["decide"] = fig.split.get("decide", 0.0) + t2 - t1
                deal.apply(action, seat)

    def loop(seconds: float, seed: int, fig: Figure) -> None:
        seats = make_bots([bots] * players, seed)
        start = CLOCK()
        deadline = start + seconds
        deals = 0
        session_seed = seed * 1000
        while True:
            session_seed += 1
            session = Session(rules, names, stack=STACK, seed=session_seed, keep_records=False)
            while not session.over:
                try:
                    deal = session.new_deal()
                except LooError:
                    if session.over:
                        break
                    raise
                if timed:
                    timed_play_out(deal, seats, fig)
                else:
                    play_out(deal, seats)
                session.finish_deal()
                deals += 1
                now = CLOCK()
                if now >= deadline:
                    fig.rates.append(deals / (now - start))
                    fig.deals += deals
                    fig.split["total"] = fig.split.get("total", 0.0) + now - start
                    return

    return loop


def _interleave(figures: list[tuple[Figure, Any]], rounds: int, seconds: float) -> dict[tuple[str, str], Figure]:
    """Warm every loop up, then run ``rounds`` rounds of every figure in rotating order (so no figure always runs
    first or last on a noisy machine); the figures by (preset, bots)."""
    for fig, loop in figures:  # warm up: imports, caches
        loop(min(seconds, 0.2), 0, Figure(fig.preset, fig.bots))
    n = len(figures)
    for i in range(rounds):
        for j in range(n):
            fig, loop = figures[(i + j) % n]
            loop(seconds, i + 1, fig)
        print(f"round {i + 1}/{rounds} done", file=sys.stderr, flush=True)
    return {(f.preset, f.bots): f for f, _ in figures}


def speed(presets: Sequence[str], rounds: int, seconds: float, breakdown: bool) -> int:
    """Interleave heuristic and random simulation of every preset, rotating the order each round."""
    figures = [
        (Figure(p, b), simulate_loop(p, b, timed=breakdown and b == "heuristic"))
        for p in presets
        for b in ("heuristic", "random")
    ]
    by = _interleave(figures, rounds, seconds)
    for p in presets:
        h, r = by[(p, "heuristic")], by[(p, "random")]
        ratios = [a / b for a, b in zip(h.rates, r.rates, strict=True) if b > 0]
        line = (
            f"heuristic simulate, {p}: {h.median:,.0f} deals/s "
            f"(random-bot simulate {r.median:,.0f} deals/s; ratio {statistics.median(ratios):.3f})"
        )
        if breakdown and h.deals:
            sp = h.split
            rest = sp["total"] - sp.get("view", 0.0) - sp.get("decide", 0.0)
            per = 1e3 / h.deals
            line += (
                f"; per deal: view {sp.get('view', 0.0) * per:.3f} ms, decide {sp.get('decide', 0.0) * per:.3f} ms, "
                f"engine and session {rest * per:.3f} ms"
            )
        print(line, flush=True)
    return 0


#: Deals per ``simulate`` call: the C loop plays thousands a second, deal by deal a few dozen to a few hundred.
SIM_CHUNK = {"c-loop": 2_000, "per-action": 20}


def sim_loop(preset: str, bots: str, path: str) -> Callable[[float, int, Figure], None]:
    """``sim.simulate`` in chunks for a CPU-time box: ``path`` is ``c-loop`` (whatever ``simbatch.usable`` allows)
    or ``per-action`` (the C loop refused, as before the heuristic policy was compiled)."""
    from lanterloo import rules_with, simbatch
    from lanterloo.sim import simulate

    rules = rules_with(preset)
    players = 4 if preset == "louse" else 5
    usable = simbatch.usable

    def loop(seconds: float, seed: int, fig: Figure) -> None:
        if path == "per-action":
            simbatch.usable = lambda *a: False
        try:
            start = CLOCK()
            deadline = start + seconds
            deals = 0
            while True:
                deals += simulate(rules, players, SIM_CHUNK[path], seed * 1000 + deals, bots=[bots]).deals
                now = CLOCK()
                if now >= deadline:
                    fig.rates.append(deals / (now - start))
                    fig.deals += deals
                    return
        finally:
            simbatch.usable = usable

    return loop


def sim_speed(presets: Sequence[str], rounds: int, seconds: float) -> int:
    """Heuristic ``loo simulate`` on the C loop and deal by deal, and random bots on the C loop, interleaved."""
    from lanterloo import rules_with, simbatch
    from lanterloo.bots import make_bots

    kinds = (("heuristic", "c-loop"), ("heuristic", "per-action"), ("random", "c-loop"))
    figures = [(Figure(p, f"{b}/{path}"), sim_loop(p, b, path)) for p in presets for b, path in kinds]
    by = _interleave(figures, rounds, seconds)
    for p in presets:
        fast, slow, rnd = (by[(p, f"{b}/{path}")] for b, path in kinds)
        players = 4 if p == "louse" else 5
        on_loop = simbatch.usable(rules_with(p), make_bots(["heuristic"] * players, 1), None)
        ratios = [a / b for a, b in zip(fast.rates, slow.rates, strict=True) if b > 0]
        where = "on the C loop" if on_loop else "deal by deal (the C loop does not play it)"
        print(
            f"heuristic loo simulate, {p}: {fast.median:,.0f} deals/s {where} "
            f"(deal by deal {slow.median:,.0f} deals/s, {statistics.median(ratios):.1f}×; "
            f"random bots {rnd.median:,.0f} deals/s)",
            flush=True,
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--same", metavar="REF_SRC", help="compare the bots' histories with another tree's src/")
    p.add_argument("--deals", type=int, default=300, help="deals per --same case (default 300)")
    p.add_argument("--seeds", type=int, nargs="+", default=[1], help="seeds per --same case (default 1)")
    p.add_argument("--only", action="append", default=[], help="cases or presets whose name contains this")
    p.add_argument("--new", metavar="SRC", help="--same: the tree to check (default this one's src/)")
    p.add_argument("--cache", type=Path, help="keep and reuse the reference tree's histories in this directory")
    p.add_argument("--rounds", type=int, default=10, help="speed: rounds (default 10)")
    p.add_argument("--seconds", type=float, default=0.5, help="speed: CPU seconds per figure per round (default 0.5)")
    p.add_argument("--breakdown", action="store_true", help="speed: also time views and decisions (a little slower)")
    p.add_argument("--simulate", action="store_true", help="speed: loo simulate itself, C loop and deal by deal")
    ns = p.parse_args(argv)
    if ns.same:
        return same(ns.same, ns.deals, ns.seeds, ns.only, ns.cache, ns.new)
    presets = [x for x in PRESETS if not ns.only or any(o in x for o in ns.only)]
    if ns.simulate:
        return sim_speed(presets, ns.rounds, ns.seconds)
    return speed(presets, ns.rounds, ns.seconds, ns.breakdown)


if __name__ == "__main__":
    sys.exit(main())
