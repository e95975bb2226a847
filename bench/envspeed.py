"""How fast the Gymnasium and PettingZoo environments step, beside the engine's own actions per second (issue 13).

Per preset, in interleaved rounds of CPU-time boxes (the same method as bench/run.py), random legal play three ways:

* the engine: ``Deal.legal_actions`` and ``Deal.apply``, one action a step, a fresh deal when one ends;
* PettingZoo: the wrapped AEC env (``loo_<preset>_v0.env()``, what a user gets), ``last()`` then ``step()`` with an
  index drawn from the observation's action mask; one step is one action;
* Gymnasium: ``LooEnv`` with every other seat a random bot, ``step()`` with an index drawn from
  ``info["action_mask"]``; one step is the learning seat's action plus the bots' actions until its next turn.

It prints the medians of the rounds: engine actions/s, env steps/s and, for Gymnasium, the actions/s its steps
carry, with each env's ratio to the engine (the ratio of actions/s: what the env layer costs per action).

    PYTHONPATH=src .venv/bin/python -m bench.envspeed [--rounds 5] [--seconds 0.5] [--presets three-card louse]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from lanterloo.adapters import pettingzoo as lp
from lanterloo.adapters.envtable import EnvTable, default_players
from lanterloo.adapters.gym import LooEnv
from lanterloo.engine import core
from lanterloo.rules import rules_with

PRESETS = lp.PRESETS


@dataclass(frozen=True)
class Rate:
    steps: int  # env steps (the engine: actions)
    actions: int  # actions applied to the deal, the bots' included
    seconds: float

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def _box(seconds: float, play: Callable[[], tuple[int, int]]) -> Rate:
    """Run ``play`` (one deal or episode, returning its steps and actions) until ``seconds`` of CPU time pass."""
    steps = actions = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        s, a = play()
        steps += s
        actions += a
    return Rate(steps, actions, spent)


def engine(preset: str, players: int, seconds: float, seed: int) -> Rate:
    table = EnvTable.of(preset, players, 100, None)
    rng, np_rng = random.Random(seed), np.random.default_rng(seed)

    def play() -> tuple[int, int]:
        deal = table.deal(np_rng)
        n = 0
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            legal = deal.legal_actions(seat)
            deal.apply(legal[int(rng.random() * len(legal))], seat)
            n += 1
        return n, n

    return _box(seconds, play)


def pettingzoo(preset: str, players: int, seconds: float, seed: int) -> Rate:
    env = lp.ENVIRONMENTS[preset].env(players=players)
    rng = random.Random(seed)
    env.reset(seed=seed)

    def play() -> tuple[int, int]:
        env.reset()
        n = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
        return n, n

    return _box(seconds, play)


def gymnasium(preset: str, players: int, seconds: float, seed: int) -> Rate:
    env = LooEnv(variant=preset, players=players, opponents="random")
    rng = random.Random(seed)
    env.reset(seed=seed)

    def play() -> tuple[int, int]:
        _, info = env.reset()
        n = 0
        while True:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, _, info = env.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
            if terminated:
                assert env.deal is not None
                return n, len(env.deal.actions)

    return _box(seconds, play)


KINDS: dict[str, Callable[[str, int, float, int], Rate]] = {
    "engine": engine,
    "pettingzoo": pettingzoo,
    "gymnasium": gymnasium,
}


def measure(presets: tuple[str, ...], rounds: int, seconds: float) -> dict[str, dict[str, list[Rate]]]:
    """Every preset and kind, ``rounds`` times, in rotating order so a change of load falls on all of them."""
    out: dict[str, dict[str, list[Rate]]] = {p: {k: [] for k in KINDS} for p in presets}
    kinds = list(KINDS)
    for r in range(rounds):
        for p in presets:
            players = default_players(rules_with(p))
            for k in kinds[r % len(kinds) :] + kinds[: r % len(kinds)]:
                out[p][k].append(KINDS[k](p, players, seconds, r))
    return out


def report(results: dict[str, dict[str, list[Rate]]]) -> list[str]:
    lines = [
        f"engine: {core.engine()}; CPU time, medians of {len(next(iter(results.values()))['engine'])} rounds; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        f"{'preset':<12} {'engine act/s':>13} {'PZ steps/s':>11} {'PZ/engine':>9} "
        f"{'Gym steps/s':>12} {'Gym act/s':>10} {'Gym/engine':>10}",
    ]
    for p, kinds in results.items():
        eng = statistics.median(r.actions_per_s for r in kinds["engine"])
        pz = statistics.median(r.steps_per_s for r in kinds["pettingzoo"])
        gym_steps = statistics.median(r.steps_per_s for r in kinds["gymnasium"])
        gym_actions = statistics.median(r.actions_per_s for r in kinds["gymnasium"])
        lines.append(
            f"{p:<12} {eng:>13,.0f} {pz:>11,.0f} {pz / eng:>8.2f}x "
            f"{gym_steps:>12,.0f} {gym_actions:>10,.0f} {gym_actions / eng:>9.2f}x"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.envspeed", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per box")
    parser.add_argument("--presets", nargs="*", default=list(PRESETS), choices=PRESETS)
    args = parser.parse_args(argv)
    for line in report(measure(tuple(args.presets), args.rounds, args.seconds)):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
