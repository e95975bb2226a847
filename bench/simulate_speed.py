"""``loo simulate`` on the batch loop (issue 11, item 2), for bench/run.py: its deals/s beside the C reference.

``lanterloo.sim.simulate`` with every seat random runs whole sessions in the compiled core's C loop, drawing from
the very Mersenne Twister streams of the per-action path so that a seed gives the same summary either way. That
sameness has a price the plain batch loop (``_core.batch``, splitmix64) does not pay: each deal seeds a fresh
MT19937 from its 63-bit seed, as ``Session`` does, about 1,250 dependent steps. One figure per preset the loop
covers (``simbatch.covers``, so presets added to it appear here without edits); three-card's is compared with the
C reference in the same rounds.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

from lanterloo import PRESET_NAMES, rules_with, simbatch
from lanterloo.engine import core
from lanterloo.rules import Rules
from lanterloo.sim import simulate

KEY = "simulate/"
#: Deals per call: a whole simulation each, so its set-up (bots, the first session) is part of the cost.
CHUNK = 20_000


def simulate_loop(rules: Rules, players: int, clock: Callable[[], float]) -> Callable[[float, int], tuple[int, float]]:
    """``simulate(rules, players, CHUNK, seed)`` until ``seconds`` of CPU time have passed: (deals, CPU seconds)."""

    def loop(seconds: float, seed: int) -> tuple[int, float]:
        games = 0
        start = clock()
        deadline = start + seconds
        while True:
            games += simulate(rules, players, CHUNK, seed + games).deals
            now = clock()
            if now >= deadline:
                return games, now - start

    return loop


def covered() -> list[str]:
    """The presets ``loo simulate`` runs on the batch loop here (none where the core is not built or is off)."""
    if core.engine() != "core":
        return []
    return [name for name in PRESET_NAMES if simbatch.covers(rules_with(name))]


def lines(rat: dict[str, dict[str, list[float]]], medians: dict[str, float], cref_key: str) -> list[str]:
    """The summary lines: every preset's simulate deals/s, and three-card's ratio to the C reference."""
    out = []
    for key, median in medians.items():
        if key.startswith(KEY):
            out.append(f"loo simulate on the batch loop, {key[len(KEY) :]}: {median:,.0f} deals/s")
    v = rat.get(KEY + "three-card", {}).get(cref_key, [])
    if v:
        out.append(f"loo simulate (batch) / C reference, three-card: {statistics.median(v):.2f}×")
    return out
