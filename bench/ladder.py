"""A preset's ladder: random < the heuristic styles < easy < medium < hard, each measured against ``balanced``
(docs/bots.md, "How strong they are"; issue 12, item 6).

    PYTHONPATH=src .venv/bin/python -m bench.ladder --variant five-card --styles 400 --search 400 --hard 400 --seed 3

Every figure is a duplicate tournament (``loo tournament``'s, ``lanterloo.tournament.run``), so each row's command
reproduces it exactly:

* the heuristic styles and random in one tournament, ``balanced,cautious,bold,random`` (``--styles`` deals): each
  row is balanced's lead over that bot, turned round so that it reads as the bot's result against balanced;
* ``easy,balanced``, ``medium,balanced`` (``--search`` deals each) and ``hard,balanced`` (``--hard`` deals): the
  search level's lead over balanced.

The table it prints is markdown, in chips per 100 deals (Louse: penalty points per 100 deals, where the sign is
turned so that above zero is still better than balanced). ``--hard 0`` leaves hard out (its figure then comes from
a longer run recorded elsewhere).
"""

from __future__ import annotations

import argparse
import sys
import time

from lanterloo.rules import rules_with
from lanterloo.tournament import Plan, Result, Standing, run

STYLES = ("balanced", "cautious", "bold", "random")


def tournament(variant: str, bots: tuple[str, ...], deals: int, seed: int, workers: int) -> Result:
    rules = rules_with(variant)
    players = 4 if rules.game == "louse" else 5
    return run(Plan(rules, players, bots, deals, seed), workers)


def command(variant: str, bots: tuple[str, ...], deals: int, seed: int) -> str:
    return f"`loo tournament -v {variant} -b {','.join(bots)} -d {deals} -s {seed}`"


def row(name: str, lead: Standing, sign: float, cmd: str) -> str:
    lo, hi = sorted((sign * lead.low, sign * lead.high))
    return f"| {name} | {sign * lead.per_100:+.1f} [{lo:+.1f}, {hi:+.1f}] | {cmd} |"


def ladder(variant: str, styles: int, search: int, hard: int, seed: int, workers: int) -> list[str]:
    unit = "penalty points" if rules_with(variant).game == "louse" else "chips"
    out = [
        f"| bot | against `balanced`, {unit} per 100 deals [95% interval] | command |",
        "|---|---|---|",
    ]
    started = time.process_time()
    res = tournament(variant, STYLES, styles, seed, workers)
    cmd = command(variant, STYLES, styles, seed)
    # the styles' tournament reports balanced's lead over each: turned round, it is each bot's against balanced
    for lead in sorted(res.versus, key=lambda s: -s.per_100):
        out.append(row(lead.label, lead, -1.0, cmd if lead is res.versus[0] else "the same"))
    for level, deals in (("easy", search), ("medium", search), ("hard", hard)):
        if deals <= 0:
            continue
        res = tournament(variant, (level, "balanced"), deals, seed, workers)
        out.append(row(level, res.versus[0], 1.0, command(variant, (level, "balanced"), deals, seed)))
    print(f"({variant}: {time.process_time() - started:.0f} s of CPU in this process)", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", "-v", required=True)
    ap.add_argument("--styles", type=int, default=400, help="deals of the heuristic styles' tournament")
    ap.add_argument("--search", type=int, default=200, help="deals of easy and of medium against balanced")
    ap.add_argument("--hard", type=int, default=200, help="deals of hard against balanced (0: leave it out)")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--workers", type=int, default=1)
    ns = ap.parse_args(argv)
    print("\n".join(ladder(ns.variant, ns.styles, ns.search, ns.hard, ns.seed, ns.workers)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
