"""Play-outs per second for the search bots (issue 12's target: 10,000 per second per core, three-card, 5 players).

A play-out is a sampled world played to its end: a deal the seat cannot tell from the real one (``worlds.world``),
played by the heuristic policy in every seat with fresh memory, as ``SearchBot`` does for each candidate action.
The positions are the decisions of seeded deals of ``--variant`` (three-card by default; five-card and Louse play
out in C too) played by balanced bots (declarations, exchanges and trick play alike). Three figures, each the
median of ``--rounds`` rounds, in CPU time of this one process:

- ``play-out``: a world already sampled, copied and played to its end in C (``_core.rollout``, one action);
- ``sample + play-out``: drawing the world from the view (Python, a ``worlds.Sampler`` per position) and playing
  it out: what one more world costs;
- ``hard decision``: the worlds per second inside ``SearchBot("hard").decide`` (weights, every legal action).

    PYTHONPATH=src .venv/bin/python bench/playouts.py [--rounds 5] [--positions 40] [--variant five-card]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from lanterloo import rules_with
from lanterloo.bots import make_bot, worlds
from lanterloo.bots.search import SearchBot
from lanterloo.bots.style import BALANCED
from lanterloo.engine import Deal, View, core


def positions(count: int, players: int = 5, variant: str = "three-card") -> list[View]:
    """Views of the seat to act at every decision with a choice, from seeded deals played by balanced bots."""
    rules = rules_with(variant)
    out: list[View] = []
    seed = 0
    while len(out) < count:
        deal = Deal(rules, [100] * players, seed % players, seed=seed)
        bot = make_bot("balanced")
        while not deal.is_over and len(out) < count:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            if len(view.legal) > 1:
                out.append(view)
            deal.apply(bot.decide(view).action, seat)
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--per", type=int, default=50, help="worlds per position in each round")
    parser.add_argument("--variant", default="three-card", help="a preset whose play-outs run in C")
    parser.add_argument("--players", type=int, help="default: 5, or the nearest count the variant allows")
    args = parser.parse_args()
    if core.engine() != "core" or not hasattr(core.ext(), "rollout"):
        raise SystemExit("the compiled core (with _core_rollout.pxi) is not built here")
    ext = core.ext()
    lo, hi = rules_with(args.variant).player_range()
    players = args.players if args.players is not None else min(max(5, lo), hi)
    views = positions(args.positions, players, args.variant)
    rng = random.Random(1)
    sampled = [[worlds.world(v, rng) for _ in range(args.per)] for v in views]
    playout, full, hard = [], [], []
    for r in range(args.rounds):
        start, count = time.process_time(), 0
        for v, ws in zip(views, sampled, strict=True):
            seat, first = v.seat, v.legal[:1]
            for w in ws:
                ext.rollout(w, seat, first, BALANCED)
                count += 1
        playout.append(count / (time.process_time() - start))
        start, count = time.process_time(), 0
        for v in views:
            sampler = worlds.Sampler(v)  # once per decision, as the search bot does
            for _ in range(args.per // 5):
                ext.rollout(sampler.draw(rng)[2], v.seat, v.legal[:1], BALANCED)
                count += 1
        full.append(count / (time.process_time() - start))
        start, count = time.process_time(), 0
        bot = SearchBot(r, "hard")
        for v in views[: max(1, len(views) // 4)]:
            bot.decide(v)
            count += bot.level.deals
        hard.append(count / (time.process_time() - start))
    load = os.getloadavg()
    print(f"{args.variant}, {players} players, {len(views)} positions; medians of {args.rounds} rounds, CPU time")
    print(f"load average during the run: {load[0]:.1f} (1 min), {load[1]:.1f} (5 min) on {os.cpu_count()} cores")
    print(f"play-out of a sampled world (C):        {statistics.median(playout):>10,.0f} /s")
    print(f"sample a world + play it out:           {statistics.median(full):>10,.0f} /s")
    print(f"worlds searched by a hard decision:     {statistics.median(hard):>10,.0f} /s")


if __name__ == "__main__":
    main()
