"""How much better than random are the heuristic bots? Net chips (or Louse penalty points) per seat.

One heuristic bot at seat 0 plays against random players (``RandomBot``) on every seat else: four of them in the
pool games, three in Louse. The dealer rotates every deal (``Session``), so seat 0 plays every position in turn.
Stacks are topped up after every deal so nobody busts, while the pool (and Lou's pot and ante state) carries on from
deal to deal exactly as the session rules say. Louse plays whole matches back to back; a lost match starts the next.

Per seat the script reports the mean net chips per 100 deals with a 95% confidence interval (mean ± 1.96·sd/√n
over the per-deal nets; consecutive deals share the pool, so the interval is a little optimistic), for Louse the
mean penalty points per deal and the share of matches lost, and the heuristic bot's time per decision.

    .venv/bin/python bench/bots_eval.py                      # 20,000 deals of every preset, 2 processes
    .venv/bin/python bench/bots_eval.py --deals 2000 --presets three-card louse --bot cautious
    .venv/bin/python bench/bots_eval.py --deals 5000 --selfplay     # the bot against itself: calibration
    .venv/bin/python bench/bots_eval.py --deals 2000 --repeat 3 --workers 1   # decision times, best of 3

The exit status is 1 when the bot at seat 0 is not clearly ahead of the random players in some preset.
"""

from __future__ import annotations

import argparse
import copy
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from lanterloo.bots.base import Bot, Decision, RandomBot, make_bot
from lanterloo.bots.heuristic import Estimate, HeuristicBot
from lanterloo.engine import Phase, View
from lanterloo.rules import PRESET_NAMES, PRESETS
from lanterloo.session import Session

BIG = 10**9  # a stack nobody can lose in a run (Lou's biggest pots stay far below it)
SLOW_MS = (1.0, 5.0, 20.0)
# Decision-time histogram: bucket i holds times in [EDGE0·STEP^(i-1), EDGE0·STEP^i) ms; bucket 0 below EDGE0.
EDGE0 = 0.01
STEP = 1.2
BUCKETS = 60


@dataclass
class Tally:
    """Per-seat sums of the per-deal results, and the bot's decision times, of one chunk of deals."""

    preset: str
    seats: int
    deals: int = 0
    total: list[float] = field(default_factory=list)  # net chips, or penalty points in Louse
    squares: list[float] = field(default_factory=list)
    matches: int = 0
    lost: list[int] = field(default_factory=list)
    decisions: int = 0
    time_sum: float = 0.0  # wall-clock ms
    time_max: float = 0.0
    cpu_sum: float = 0.0  # CPU ms of this process
    cpu_max: float = 0.0
    slow: list[int] = field(default_factory=lambda: [0] * len(SLOW_MS))  # wall-clock
    hist: list[int] = field(default_factory=lambda: [0] * BUCKETS)  # wall-clock
    # Calibration: what the bot expected when it stood (HeuristicBot.last_estimate) against what happened, over
    # the deals that were played out in tricks: [count, expected tricks, tricks, expected loo chance, loos].
    calibration: list[float] = field(default_factory=lambda: [0.0] * 5)

    def __post_init__(self) -> None:
        self.total = self.total or [0.0] * self.seats
        self.squares = self.squares or [0.0] * self.seats
        self.lost = self.lost or [0] * self.seats

    def add(self, other: Tally) -> None:
        self.deals += other.deals
        for s in range(self.seats):
            self.total[s] += other.total[s]
            self.squares[s] += other.squares[s]
            self.lost[s] += other.lost[s]
        self.matches += other.matches
        self.decisions += other.decisions
        self.time_sum += other.time_sum
        self.time_max = max(self.time_max, other.time_max)
        self.cpu_sum += other.cpu_sum
        self.cpu_max = max(self.cpu_max, other.cpu_max)
        self.slow = [a + b for a, b in zip(self.slow, other.slow, strict=True)]
        self.hist = [a + b for a, b in zip(self.hist, other.hist, strict=True)]
        self.calibration = [a + b for a, b in zip(self.calibration, other.calibration, strict=True)]

    def record(self, wall: float, cpu: float) -> None:
        self.decisions += 1
        self.time_sum += wall
        self.time_max = max(self.time_max, wall)
        self.cpu_sum += cpu
        self.cpu_max = max(self.cpu_max, cpu)
        for i, limit in enumerate(SLOW_MS):
            if wall > limit:
                self.slow[i] += 1
        b = 0 if wall < EDGE0 else min(BUCKETS - 1, 1 + int(math.log(wall / EDGE0) / math.log(STEP)))
        self.hist[b] += 1

    def percentile(self, q: float) -> float:
        """The upper edge of the histogram bucket holding the q-quantile of the decision times (ms)."""
        target = q * self.decisions
        seen = 0
        for i, c in enumerate(self.hist):
            seen += c
            if seen >= target:
                return min(EDGE0 * STEP**i, self.time_max)
        return self.time_max

    def mean_ci(self, seats: list[int]) -> tuple[float, float]:
        """Mean per deal over the given seats' deals, and the 95% half-width."""
        n = self.deals * len(seats)
        tot = sum(self.total[s] for s in seats)
        sq = sum(self.squares[s] for s in seats)
        mean = tot / n
        var = max(0.0, sq / n - mean * mean) * n / max(1, n - 1)
        return mean, 1.96 * math.sqrt(var / n)


def timed_decide(hero: Bot, view: View, repeat: int) -> tuple[Decision, float, float]:
    """The hero's decision, and its wall-clock and CPU time in ms: the best of ``repeat`` runs (the extra runs
    on copies of the bot, which may learn from what it is shown), so a pause of the machine is not counted."""
    perf = time.perf_counter
    cpu = time.process_time
    wall = clock = math.inf
    for i in range(repeat):
        who = hero if i == repeat - 1 else copy.deepcopy(hero)
        c0 = cpu()
        t0 = perf()
        decision = who.decide(view)
        wall = min(wall, (perf() - t0) * 1000.0)
        clock = min(clock, (cpu() - c0) * 1000.0)
    return decision, wall, clock


def run_chunk(
    preset: str, bot: str, chunk: int, deals: int, seed: int, repeat: int = 1, selfplay: bool = False
) -> Tally:
    """Play ``deals`` deals of ``preset`` (the bot ``bot`` at seat 0, random players or, with ``selfplay``, more
    of the same bot at the others) and tally them."""
    rules = PRESETS[preset]
    n = 4 if rules.game == "louse" else 5
    tally = Tally(preset, n)
    base = seed * 1_000_003 + chunk * 7919 + PRESET_NAMES.index(preset)
    hero = make_bot(bot, base)
    others = [make_bot(bot, base + s) if selfplay else RandomBot(base + s) for s in range(1, n)]
    bots: list[Bot] = [hero, *others]
    tracked = range(n) if selfplay else range(1)
    sessions = 0
    session = Session(rules, n, stack=BIG, seed=base)
    while tally.deals < deals:
        if session.over:  # Louse: a match was lost; the next one begins
            tally.matches += 1
            for s in session.losers:
                tally.lost[s] += 1
            sessions += 1
            session = Session(rules, n, stack=BIG, seed=base + 104_729 * sessions)
        deal = session.new_deal()
        before = list(deal.stacks_before)
        expected: dict[int, Estimate] = {}
        while not deal.is_over:
            for seat in deal.seats_to_act()[:1]:
                view = deal.view(seat)
                if seat == 0:
                    decision, wall, clock = timed_decide(hero, view, repeat)
                    tally.record(wall, clock)
                else:
                    decision = bots[seat].decide(view)
                if decision.action not in view.legal:
                    raise AssertionError(f"{bot} chose an illegal action {decision.action} in {preset}")
                player = bots[seat]
                if seat in tracked and view.phase in (Phase.DECLARE, Phase.COMMIT) and isinstance(player, HeuristicBot):
                    if player.last_estimate is not None:
                        expected[seat] = player.last_estimate
                    else:
                        expected.pop(seat, None)
                deal.apply(decision.action, seat)
        session.finish_deal()
        # The session keeps every finished deal; dropping them keeps memory flat, so that garbage collections of
        # a growing heap do not land in (and inflate) the decision times measured above.
        session.records.clear()
        st = deal.settlement
        assert st is not None
        if st.kind == "tricks":
            for seat, est in expected.items():
                if list(deal.view(None).in_play)[seat]:
                    won = deal.view(None).tricks_won[seat]
                    for i, x in enumerate((1.0, est.tricks, won, est.loo, float(won == 0))):
                        tally.calibration[i] += x
        for s in range(n):
            x = float(st.points[s]) if rules.game == "louse" else float(deal.stacks[s] - before[s])
            tally.total[s] += x
            tally.squares[s] += x * x
        tally.deals += 1
        session.stacks = [BIG] * n
    return tally


def report(t: Tally, louse: bool, bot: str, selfplay: bool) -> tuple[list[str], bool]:
    """The markdown section of one preset, and whether seat 0 is clearly ahead of the others."""
    hero, hero_ci = t.mean_ci([0])
    others = list(range(1, t.seats))
    rnd, rnd_ci = t.mean_ci(others)
    scale = 1.0 if louse else 100.0
    unit = "penalty points per deal" if louse else "net chips per 100 deals"
    rival = bot if selfplay else "random"
    rows = [
        f"### {t.preset} ({t.seats} players, {t.deals:,} deals; {unit})",
        "",
        "| seat | player | mean | 95% CI |",
        "|---|---|---|---|",
    ]
    for s in range(t.seats):
        m, ci = t.mean_ci([s])
        who = bot if s == 0 else rival
        rows.append(f"| {s} | {who} | {m * scale:+.1f} | {(m - ci) * scale:+.1f} … {(m + ci) * scale:+.1f} |")
    rows.append(
        f"| 1–{t.seats - 1} | {rival} (pooled) | {rnd * scale:+.1f} | "
        f"{(rnd - rnd_ci) * scale:+.1f} … {(rnd + rnd_ci) * scale:+.1f} |"
    )
    rows.append("")
    ahead = (hero + hero_ci < rnd) if louse else (hero - hero_ci > rnd)
    if not selfplay:
        rows.append(
            f"{bot} clearly {'ahead' if ahead else 'NOT ahead'}: its interval lies "
            f"{'entirely' if ahead else 'not entirely'} {'below' if louse else 'above'} the random seats' mean."
        )
    if louse and t.matches:
        share = ", ".join(f"seat {s} {t.lost[s] / t.matches:.0%}" for s in range(t.seats))
        rows.append(f"Matches finished: {t.matches}; share lost: {share}.")
    n_cal, pred_tricks, tricks, pred_loo, loos = t.calibration
    if n_cal:
        whose = "all seats" if selfplay else "seat 0"
        rows.append(
            f"Calibration ({whose}, {int(n_cal):,} hands stood on and played out): expected "
            f"{pred_tricks / n_cal:.2f} tricks, took {tricks / n_cal:.2f}; expected a loo (or match) "
            f"{pred_loo / n_cal:.0%} of the time, got one {loos / n_cal:.0%}."
        )
    d = max(1, t.decisions)
    rows.append(
        f"Decision time of seat 0 over {t.decisions:,} decisions (wall clock): mean {t.time_sum / d:.3f} ms, "
        f"median ≤ {t.percentile(0.5):.2f} ms, 99.9% ≤ {t.percentile(0.999):.2f} ms, max {t.time_max:.2f} ms ("
        + ", ".join(f"{c} over {lim:g} ms" for c, lim in zip(t.slow, SLOW_MS, strict=True))
        + f"); CPU time mean {t.cpu_sum / d:.3f} ms, max {t.cpu_max:.2f} ms."
    )
    rows.append("")
    return rows, ahead


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20_000, help="deals per preset (default 20000)")
    ap.add_argument("--presets", nargs="*", default=list(PRESET_NAMES), choices=PRESET_NAMES)
    ap.add_argument("--bot", default="heuristic", help="the bot at seat 0 (default heuristic)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--chunk", type=int, default=1000, help="deals per task (default 1000)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="time each decision of the bot this many times and keep the best (default 1; 3 filters out the "
        "pauses of a busy machine)",
    )
    ap.add_argument("--selfplay", action="store_true", help="the same bot at every seat (for calibration)")
    args = ap.parse_args(argv)
    if min(args.deals, args.chunk, args.workers, args.repeat) <= 0:
        ap.error("--deals, --chunk, --workers and --repeat must be positive.")
    tasks = []
    for preset in args.presets:
        left = args.deals
        chunk = 0
        while left > 0:
            size = min(args.chunk, left)
            tasks.append((preset, args.bot, chunk, size, args.seed, args.repeat, args.selfplay))
            left -= size
            chunk += 1
    totals: dict[str, Tally] = {}
    start = time.perf_counter()
    done = 0
    with ProcessPoolExecutor(max_workers=args.workers) as ex:
        futures = [ex.submit(run_chunk, *task) for task in tasks]
        for fut in as_completed(futures):
            part = fut.result()
            if part.preset not in totals:
                totals[part.preset] = Tally(part.preset, part.seats)
            totals[part.preset].add(part)
            done += 1
            print(
                f"[{time.perf_counter() - start:6.0f}s] {done}/{len(tasks)} chunks ({part.preset})",
                file=sys.stderr,
                flush=True,
            )
    table = f"{args.bot} at every seat" if args.selfplay else f"{args.bot} at seat 0, random players elsewhere"
    print(
        f"{table}; seed {args.seed}; {args.deals:,} deals per preset; decision times are the best of "
        f"{args.repeat} run{'s' if args.repeat > 1 else ''}.\n"
    )
    ok = True
    for preset in args.presets:
        rows, ahead = report(totals[preset], PRESETS[preset].game == "louse", args.bot, args.selfplay)
        ok = ok and (ahead or args.selfplay)
        print("\n".join(rows))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
