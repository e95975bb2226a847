"""How much a search level's choices gain over the balanced heuristic's, decision by decision (docs/bots.md).

Positions come from seeded deals of balanced bots in every seat (5 players). Each action of a position with a
choice is valued on the *real* deal, the hidden cards included, by the heuristic play-out in C (``_core.rollout``):
against balanced opponents, who use no randomness, that is what the action would have won. Only positions where the
actions' values differ are kept. For each level, the mean gain of its choice over the heuristic's choice at the same
positions, with a 95% interval, split into declarations and trick play: a paired measure far less noisy than a
tournament, for tuning. It knows the real deal only to value the actions; the bot sees its view alone.

    PYTHONPATH=src .venv/bin/python bench/search_regret.py --preset three-card --positions 400 --levels medium hard
"""

from __future__ import annotations

import argparse
import statistics

from lanterloo import rules_with
from lanterloo.actions import Action
from lanterloo.bots import make_bot
from lanterloo.bots.search import SearchBot
from lanterloo.bots.style import BALANCED
from lanterloo.engine import Deal, View, core


def positions(preset: str, count: int) -> list[tuple[View, Action, dict[Action, float]]]:
    """(view, the heuristic's choice, each action's value on the real deal) at positions where the choice matters."""
    rules = rules_with(preset)
    out: list[tuple[View, Action, dict[Action, float]]] = []
    seed = 1000
    while len(out) < count:
        deal = Deal(rules, [100] * 5, seed % 5, seed=seed)
        seed += 1
        bots = [make_bot("balanced") for _ in range(5)]
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            action = bots[seat].decide(view).action
            if len(view.legal) > 1:
                values = dict(zip(view.legal, core.ext().rollout(deal, seat, list(view.legal), BALANCED), strict=True))
                if max(values.values()) != min(values.values()):
                    out.append((view, action, values))
            deal.apply(action, seat)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="three-card")
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--levels", nargs="+", default=["medium", "hard"])
    args = parser.parse_args()
    if not hasattr(core.ext(), "rollout") or core.engine() != "core":
        raise SystemExit("the compiled core (with _core_rollout.pxi) is not built here")
    found = positions(args.preset, args.positions)
    regret = statistics.mean(max(v.values()) - v[a] for _, a, v in found)
    print(f"{args.preset}: {len(found)} positions; the heuristic's choice is {regret:.2f} chips below the best")
    for level in args.levels:
        gains = []
        for i, (view, action, values) in enumerate(found):
            choice = SearchBot(i, level).decide(view).action
            gains.append((view.phase.value, values[choice] - values[action]))
        all_gains = [g for _, g in gains]
        half = 1.96 * statistics.stdev(all_gains) / len(all_gains) ** 0.5
        parts = ", ".join(
            f"{phase} {sum(g for p, g in gains if p == phase):+.0f} over {sum(1 for p, _ in gains if p == phase)}"
            for phase in sorted({p for p, _ in gains})
        )
        print(f"{level}: {statistics.mean(all_gains):+.3f} ± {half:.3f} chips per decision ({parts})")


if __name__ == "__main__":
    main()
