"""`hard` against OpenSpiel's own ISMCTS at equal time per move, in a duplicate tournament (docs/bots.md, "Against
OpenSpiel's ISMCTS"; issue 12, item 5).

    PYTHONPATH=src .venv/bin/python -m bench.ismcts_match --variant three-card --deals 100 --ms 50 --seed 1

The tournament is ``loo tournament``'s (``lanterloo.tournament``): every deal dealt once and played in every
rotation of the two bots round the table (``hard ismcts hard ismcts hard`` at five seats, turned a seat at a time),
the same chips per 100 deals with a 95% interval, and hard's lead over ISMCTS deal by deal. Only the two bots are
added, through the plan's ``makers``:

* ``hard`` is ``SearchBot(seed, "hard", budget_ms=ms)``: it samples deals until the budget is spent.
* ISMCTS is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` on the adapter's game (``lanterloo_<preset>`` with the
  tournament's table), unchanged but for when it stops: ``TimedISMCTS`` runs simulations until the same budget is
  spent rather than a fixed number. It sees what hard sees: at each decision its seat's ``View`` becomes an OpenSpiel
  state through the adapter (``openspiel.Resampler``: a deal drawn by ``worlds.sample`` that the seat cannot tell
  from the real one, as the adapter's ``resample_from_infostate`` draws them), the information state ISMCTS keys its
  tree on is the adapter's, its determinisations are drawn by the same ``Resampler`` (the seat's view worked out
  once per decision, as hard's sampler is), and the action index it returns is read back through the adapter's
  ``ActionSpace``. It never touches the tournament's ``Deal``.

Both budgets are CPU time of this process (``time.process_time``), not wall-clock time: the machine is shared, and
CPU time is what each bot actually got to think with. Run it in one process (the budgets assume nothing else runs in
it). Each bot checks its clock between units of work (hard: a sampled deal with every action played out; ISMCTS: a
simulation), so either may overrun a little; the report gives the CPU time each actually spent per decision.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from lanterloo.adapters import openspiel
from lanterloo.bots.base import Bot, BotFactory, Decision
from lanterloo.bots.search import SearchBot
from lanterloo.cards import Card
from lanterloo.cli.tournament import format_result
from lanterloo.engine import View
from lanterloo.rules import rules_with
from lanterloo.tournament import Plan, Result, run

Clock = Callable[[], float]

#: ISMCTS's exploration constant, in chips: UCT's usual constant for returns in [0, 1] (about 1), times the spread
#: of a deal's chips under random play (returns from -6 to +12 in three-card, -10 to +20 in five-card, standard
#: deviation 5 and 8). The calibration in docs/bots.md chose these.
UCT_C = {"three-card": 10.0, "five-card": 16.0}
ROLLOUTS = 1  # random play-outs per leaf (RandomRolloutEvaluator): 1, 2 and 4 were tried (docs/bots.md)


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot, stopping on a CPU-time budget instead of a simulation count."""

    def __init__(self, game: Any, evaluator: Any, uct_c: float, budget_ms: float, clock: Clock, **kw: Any) -> None:
        super().__init__(game, evaluator, uct_c, max_simulations=1, **kw)
        self.budget = budget_ms / 1000
        self.clock = clock
        self.simulations = 0  # in the last search

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        # ISMCTSBot.run_search with the fixed loop replaced by a deadline (and its per-simulation check that the
        # sample has the root's information state done once: it is the adapter's, tested, and costs ISMCTS time)
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        deadline = self.clock() + self.budget
        self.simulations = 0
        while True:
            sample = self.sample_root_state(state)
            if self.simulations == 0 and self.get_state_key(sample) != key:
                raise AssertionError("the adapter's resample changed the information state")
            self.run_simulation(sample)
            self.simulations += 1
            # the first simulation only expands the root: its policy needs one more
            if self.clock() >= deadline and self._root_node.total_visits > 0:
                break
        return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]


@dataclass
class Effort:
    """What one kind of bot spent: decisions it searched, CPU seconds on them, and its units of search."""

    decisions: int = 0
    seconds: float = 0.0
    units: int = 0  # ISMCTS: simulations; hard: sampled deals

    def to_dict(self, unit: str) -> dict[str, float]:
        n = max(1, self.decisions)
        return {
            "decisions": self.decisions,
            "cpu_ms_per_decision": round(1000 * self.seconds / n, 2),
            f"{unit}_per_decision": round(self.units / n, 1),
        }


class IsmctsSeat:
    """A seat played by OpenSpiel's ISMCTS: a lanterloo bot (``decide(view)``) that hands its view to ISMCTS through
    the adapter (module docstring)."""

    name = "ismcts"
    needs_events = True  # the view's record is what the adapter rebuilds the position from

    def __init__(
        self, game: Any, seed: int, budget_ms: float, uct_c: float, rollouts: int, clock: Clock, effort: Effort
    ) -> None:
        self.game = game
        self.table = openspiel.table_of(game)
        self.rng = random.Random(seed)
        state = np.random.RandomState(self.rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(rollouts, random_state=state)
        self.search = TimedISMCTS(game, evaluator, uct_c, budget_ms, clock, random_state=state)
        self.resampler: openspiel.Resampler | None = None
        # its determinisations: what the adapter's resample_from_infostate draws, from the decision's one sampler
        # (the seat's view worked out once, as hard's sampler is) and a seeded stream
        self.search.set_resampler(lambda _state, _player: self._draw())
        self.clock = clock
        self.effort = effort
        self.dealt: list[Card] | None = None

    def decide(self, view: View) -> Decision:
        if self.dealt is None and view.hand:
            # a fresh bot per deal: its first decision (declaring) is with the hand it was dealt, which its view
            # forgets once it takes the Miss, and which the adapter's information state carries
            self.dealt = list(view.hand)
        if len(view.legal) == 1:
            return Decision(view.legal[0], "the only legal move")
        began = self.clock()
        self.resampler = openspiel.Resampler(self.game, view, self.dealt)
        root = self._draw()
        index = self.search.step(root)
        self.effort.decisions += 1
        self.effort.seconds += self.clock() - began
        self.effort.units += self.search.simulations
        action = self.table.space.action(int(index), view)
        return Decision(action, f"ISMCTS: {self.search.simulations} simulations")

    def _draw(self) -> Any:
        assert self.resampler is not None
        return self.resampler.draw(self.rng)


class TimedHard:
    """``hard`` on the budget, counting what it spent."""

    name = "hard"
    needs_events = True

    def __init__(self, seed: int, budget_ms: float, clock: Clock, effort: Effort) -> None:
        self.bot = SearchBot(seed, "hard", budget_ms, clock)
        self.clock = clock
        self.effort = effort

    def decide(self, view: View) -> Decision:
        if len(view.legal) == 1:
            return Decision(view.legal[0], "the only legal move")
        began = self.clock()
        decision = self.bot.decide(view)
        self.effort.decisions += 1
        self.effort.seconds += self.clock() - began
        found = re.search(r"over (\d+) sampled deals", decision.reason)
        self.effort.units += int(found.group(1)) if found else 0
        return decision


@dataclass
class Match:
    """The match's settings, and what each side spent."""

    variant: str
    players: int
    deals: int
    seed: int
    ms: float
    uct_c: float
    rollouts: int
    against: str = "hard"  # the other side: hard on the budget, or any registered bot (calibration)
    clock: Clock = time.process_time
    efforts: dict[str, Effort] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, str]:
        return (f"hard-{self.ms:g}ms" if self.against == "hard" else self.against), f"ismcts-{self.ms:g}ms"

    def plan(self) -> Plan:
        first, second = self.names
        game = pyspiel.load_game(openspiel.game_name(self.variant), {"players": self.players, "stack": 1000})
        self.efforts = {second: Effort()}
        makers: dict[str, BotFactory] = {second: self._ismcts(game, self.efforts[second])}
        if self.against == "hard":
            self.efforts[first] = Effort()
            makers[first] = self._hard(self.efforts[first])
        rules = rules_with(self.variant)
        return Plan(rules, self.players, (first, second), self.deals, self.seed, makers=makers)

    def _ismcts(self, game: Any, effort: Effort) -> Callable[[int | None], Bot]:
        return lambda seed: IsmctsSeat(game, seed or 0, self.ms, self.uct_c, self.rollouts, self.clock, effort)

    def _hard(self, effort: Effort) -> Callable[[int | None], Bot]:
        return lambda seed: TimedHard(seed or 0, self.ms, self.clock, effort)

    def to_dict(self, result: Result) -> dict[str, Any]:
        out = result.to_dict()
        out["settings"] = {
            "budget_ms": self.ms,
            "clock": "CPU time of the process (time.process_time)",
            "ismcts": {
                "uct_c": self.uct_c,
                "evaluator": f"RandomRolloutEvaluator({self.rollouts})",
                "final_policy": "max visit count",
                "max_world_samples": "unlimited (a fresh determinisation per simulation)",
            },
        }
        out["effort"] = {
            name: e.to_dict("simulations" if name.startswith("ismcts") else "sampled_deals")
            for name, e in self.efforts.items()
        }
        return out


def play(match: Match, progress: Callable[[int], None] | None = None) -> Result:
    """The duplicate tournament, in this process (the budgets are CPU time of this process)."""
    return run(match.plan(), workers=1, progress=progress)


def _progress(total: int) -> tuple[Callable[[int], None], Callable[[], None]]:
    """A progress bar on stderr (rich's, on a terminal; else a line per deal, for a log)."""
    from lanterloo.cli.common import progress_bar

    update, stop = progress_bar(total, "ismcts match")
    if update is not None:
        bar = update
        return (lambda done: bar(done, total)), stop
    began = time.monotonic()

    def line(done: int) -> None:
        print(f"ismcts match: {done}/{total} deals, {time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)

    return line, lambda: None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ismcts_match", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="three-card", choices=sorted(UCT_C))
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--ms", type=float, default=200.0, help="CPU milliseconds per decision, for each bot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--uct-c", type=float, default=None, help="ISMCTS's exploration constant, in chips")
    ap.add_argument("--rollouts", type=int, default=ROLLOUTS, help="ISMCTS's random play-outs per leaf")
    ap.add_argument("--against", default="hard", help="ISMCTS's opponent: hard (default) or a bot name")
    ap.add_argument("--json", action="store_true")
    ns = ap.parse_args(argv)
    uct_c = ns.uct_c if ns.uct_c is not None else UCT_C[ns.variant]
    match = Match(ns.variant, ns.players, ns.deals, ns.seed, ns.ms, uct_c, ns.rollouts, ns.against)
    update, stop = _progress(ns.deals)
    try:
        result = play(match, update)
    finally:
        stop()
    data = match.to_dict(result)
    if ns.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(format_result(result))
    print()
    s = data["settings"]["ismcts"]
    print(
        f"Budget: {ns.ms:g} ms of CPU time per decision for each bot. ISMCTS: uct_c {s['uct_c']:g}, "
        f"{s['evaluator']}, {s['final_policy']}."
    )
    for name, e in data["effort"].items():
        units = next(k for k in e if k.endswith("_per_decision") and not k.startswith("cpu"))
        print(
            f"  {name}: {e['decisions']:,} decisions searched, {e['cpu_ms_per_decision']} ms CPU each, "
            f"{e[units]} {units.removesuffix('_per_decision').replace('_', ' ')} each"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
