"""Reviewing the heuristic bots' Miss: how often they take it, and what taking it is worth (docs/bots.md).

Two measurements, per preset with a Miss (three-card, mississippi, rams-loo; Irish Loo and five-card have none):

``--deals N`` (how often): seeded sessions of N deals, the dealer rotating, with each heuristic style in every seat
(self-play) and with one heuristic seat among random players (its seat rotates with the deal, so it decides from
every position). For each position in the order of declaring (1 = eldest, first to decide; the dealer last): how
often the Miss was still there when the seat declared, and how often the seat took it. The bots keep their memory
of the table from deal to deal, as at a real table.

``--positions M`` (what it is worth): M positions from balanced self-play (fresh bots each deal, as
bench/search_regret.py) where the seat to declare may take the Miss. Every legal declaration is valued on the real
deal by the balanced heuristic's play-out in C (``_core.rollout``): against balanced opponents, who use no
randomness, that is what it would have won. The gain of taking the Miss is measured against the declaration the
heuristic would make if there were no Miss (its best other option), against passing and against playing the hand,
each with a 95% interval, split by position and by the heuristic's own value of its hand. ``--hard K`` also asks,
on the first K positions, what the search bot ``hard`` estimates from the view alone (its 200 weighted sampled
deals, played out in C): its estimate of the same gain, deal by deal paired, with its standard error.

``--paired N`` (the change this review made, ``declare.DECLINED_MISS``): N deals of balanced self-play; at every
declaration the balanced bot now and as it was before (``BeforeReview``) are both asked, and where they differ both
declarations are valued on the real deal. ``--versus N``: a duplicate tournament (``loo tournament``'s) of the two.
``--before``: the ``--deals`` frequencies with the Python bots as they were before.

    PYTHONPATH=src .venv/bin/python bench/miss_review.py --deals 2000 --positions 2000 --hard 300
    PYTHONPATH=src .venv/bin/python bench/miss_review.py --presets three-card --paired 12000
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from lanterloo import rules_with, tournament
from lanterloo.actions import PASS, STAND, TAKE_MISS, Action
from lanterloo.bots import declare, make_bot, worlds
from lanterloo.bots.base import Bot, Decision, register
from lanterloo.bots.declare import declare_options
from lanterloo.bots.heuristic import HeuristicBot
from lanterloo.bots.knowledge import Knowledge
from lanterloo.bots.search import SearchBot
from lanterloo.bots.style import BALANCED, STYLES
from lanterloo.engine import Deal, Decl, Phase, View, core
from lanterloo.session import Session

PRESETS = ("three-card", "mississippi", "rams-loo")
PLAYERS = 5
BIG = 10**9


def order_of(view: View, seat: int) -> int:
    """The seat's place in the order of declaring: 1 for eldest (left of the dealer), the dealer last."""
    return (seat - view.dealer - 1) % view.players + 1


# --- how often ------------------------------------------------------------------------------------------------


@dataclass
class Counts:
    offered: list[int]  # per place: the Miss was there when the seat declared
    taken: list[int]  # ... and the seat took it
    gone: list[int]  # ... it had been taken before the seat's turn (by the time the seat declared)
    deals: int = 0
    taken_deals: int = 0  # deals in which someone (watched or not) took the Miss


def frequency(preset: str, bots: list[Bot], deals: int, seed: int, watched: Iterable[int]) -> Counts:
    """A session of ``deals`` deals (the dealer rotating, the pool carrying over, stacks topped up so nobody busts);
    count the Miss at the declarations of the ``watched`` seats."""
    rules = rules_with(preset)
    n = len(bots)
    counts = Counts([0] * (n + 1), [0] * (n + 1), [0] * (n + 1))
    watch = set(watched)
    session = Session(rules, n, stack=BIG, seed=seed, keep_records=False)
    for _ in range(deals):
        deal = session.new_deal()
        counts.deals += 1
        taken = False
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat, with_events=False)
            action = bots[seat].decide(view).action
            taken = taken or action is TAKE_MISS
            if view.phase is Phase.DECLARE and seat in watch:
                place = order_of(view, seat)
                if TAKE_MISS in view.legal:
                    counts.offered[place] += 1
                    counts.taken[place] += action is TAKE_MISS
                elif any(d is Decl.MISS for d in view.declarations):
                    counts.gone[place] += 1
            deal.apply(action, seat)
        counts.taken_deals += taken
        session.finish_deal()
        session.stacks = [BIG] * n
    return counts


# --- what it is worth ---------------------------------------------------------------------------------------


@dataclass
class Position:
    place: int  # 1 = eldest
    already_in: int  # seats that stood (or took the Miss) before this one
    own: float  # the heuristic's value of standing on its hand (chips, margin off)
    miss: float  # ... of the blind Miss
    choice: Action  # the heuristic's declaration
    other: Action  # its best declaration other than the Miss
    other_value: float  # ... and its value to the heuristic
    values: dict[Action, float]  # each legal declaration's chips on the real deal (balanced play-outs in C)
    view: View


def miss_positions(preset: str, count: int, seed: int, first_place: int = 1) -> list[Position]:
    """Positions of balanced self-play where the seat to declare may take the Miss, valued on the real deal."""
    rules = rules_with(preset)
    out: list[Position] = []
    i = 0
    while len(out) < count:
        deal = Deal(rules, [100] * PLAYERS, i % PLAYERS, seed=seed * 1_000_003 + i)
        i += 1
        bots = [HeuristicBot(0, BALANCED, "balanced") for _ in range(PLAYERS)]
        while not deal.is_over and len(out) < count:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            bot = bots[seat]
            action = bot.decide(view).action
            if (
                view.phase is Phase.DECLARE
                and TAKE_MISS in view.legal
                and len(view.legal) > 1
                and order_of(view, seat) >= first_place
            ):
                k = Knowledge(view)
                activity = bot.activity(view)  # what decide() weighed, after watching this declaration
                k.weigh_strength(activity)
                opts = declare_options(k, BALANCED, activity)
                assert opts.ranked[0][1] == action and opts.miss is not None
                worth = {a: v for v, a in opts.ranked}
                legal = list(view.legal)
                values = dict(zip(legal, core.ext().rollout(deal, seat, legal, BALANCED), strict=True))
                others = [(v, a) for v, a in opts.ranked if a is not TAKE_MISS]
                before = [s for s in range(PLAYERS) if view.declarations[s] is not None]
                out.append(
                    Position(
                        order_of(view, seat),
                        sum(1 for s in before if view.in_play[s]),
                        worth.get(STAND, math.nan),
                        worth[TAKE_MISS],
                        action,
                        others[0][1],
                        others[0][0],
                        values,
                        view,
                    )
                )
            deal.apply(action, seat)
    return out


def interval(xs: list[float]) -> str:
    if not xs:
        return "—"
    if len(xs) < 2:
        return f"{xs[0]:+.2f}"
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{statistics.mean(xs):+.2f} ± {half:.2f}"


def hard_estimate(view: View, seed: int) -> tuple[float, float, int]:
    """What ``hard`` estimates from the view alone: the weighted mean gain of the Miss over the heuristic's best
    other declaration, over its sampled deals (paired), its standard error, and the deals."""
    bot = SearchBot(seed, "hard")
    opts_other = _other(view)
    legal = [TAKE_MISS, opts_other]
    sampler = worlds.Sampler(view)
    diffs: list[float] = []
    weights: list[float] = []
    assert view.seat is not None
    for _ in range(bot.level.deals):
        world, weight = bot.weighted_world(sampler)
        g = core.ext().rollout(world, view.seat, legal, BALANCED)
        diffs.append(g[0] - g[1])
        weights.append(weight)
    total = sum(weights)
    if total <= 0:
        weights = [1.0] * len(diffs)
        total = float(len(diffs))
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    spread = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
    effective = total * total / sum(w * w for w in weights)
    return mean, math.sqrt(spread / effective) if effective > 1 else math.inf, len(diffs)


def _other(view: View) -> Action:
    """The heuristic's best declaration other than the Miss, with a fresh memory (as the search's prior)."""
    k = Knowledge(view)
    bot = HeuristicBot(0, BALANCED, "balanced")
    activity = bot.activity(view)
    k.weigh_strength(activity)
    return next(a for _, a in declare_options(k, BALANCED, activity).ranked if a is not TAKE_MISS)


Keep = Callable[[Position], bool]

STRENGTH: tuple[tuple[str, Keep], ...] = (
    ("hand worth < -2", lambda p: p.own < -2.0),
    ("-2 to -1", lambda p: -2.0 <= p.own < -1.0),
    ("-1 to 0", lambda p: -1.0 <= p.own < 0.0),
    ("0 to +1", lambda p: 0.0 <= p.own < 1.0),
    ("+1 or more", lambda p: p.own >= 1.0),
)


LEAD: tuple[tuple[str, Keep], ...] = (
    ("Miss ahead by 2 or more", lambda p: p.miss - p.other_value >= 2.0),
    ("ahead by 1 to 2", lambda p: 1.0 <= p.miss - p.other_value < 2.0),
    ("ahead by 0 to 1", lambda p: 0.0 <= p.miss - p.other_value < 1.0),
    ("behind by 0 to 1", lambda p: -1.0 <= p.miss - p.other_value < 0.0),
    ("behind by 1 or more", lambda p: p.miss - p.other_value < -1.0),
)


def report_calibration(found: list[Position]) -> None:
    """What the heuristic expected of the Miss and of its own hand, against what they won on the real deal."""
    print("\nby place: the heuristic's value of the Miss | what the Miss won | of standing | what standing won")
    print("| place | positions | Miss expected | Miss won | stand expected | stand won |")
    print("|---|--:|--:|--:|--:|--:|")
    for place in range(1, PLAYERS + 1):
        ps = [p for p in found if p.place == place]
        stands = [p for p in ps if STAND in p.values]
        if not ps or not stands:
            continue
        print(
            f"| {place} | {len(ps)} | {statistics.mean(p.miss for p in ps):+.2f} "
            f"| {interval([p.values[TAKE_MISS] for p in ps])} | {statistics.mean(p.own for p in stands):+.2f} "
            f"| {interval([p.values[STAND] for p in stands])} |"
        )


def report_values(preset: str, found: list[Position], hard: int, seed: int) -> None:
    print(f"\n{preset}: {len(found)} positions where the Miss may be taken (balanced self-play, {PLAYERS} players)")
    print("gain of taking the Miss, chips on the real deal (mean ± 95% half-interval):")
    print("| split | positions | takes it | over its best other | over passing | over playing | hard's estimate |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    hards: dict[int, tuple[float, float]] = {}
    for i, p in enumerate(found[:hard]):
        m, se, _ = hard_estimate(p.view, seed + i)
        hards[i] = (m, se)

    def row(label: str, keep: Callable[[Position], bool]) -> None:
        idx = [i for i, p in enumerate(found) if keep(p)]
        ps = [found[i] for i in idx]
        if not ps:
            return
        taken = sum(1 for p in ps if p.choice is TAKE_MISS)
        over_other = [p.values[TAKE_MISS] - p.values[p.other] for p in ps]
        over_pass = [p.values[TAKE_MISS] - p.values[PASS] for p in ps if PASS in p.values]
        over_play = [p.values[TAKE_MISS] - p.values[STAND] for p in ps if STAND in p.values]
        h = [hards[i][0] for i in idx if i in hards]
        print(
            f"| {label} | {len(ps)} | {taken / len(ps):.0%} | {interval(over_other)} | {interval(over_pass)} "
            f"| {interval(over_play)} | {interval(h)} ({len(h)}) |"
        )

    def at(place: int, taken: bool | None = None, keep: Callable[[Position], bool] = _every) -> Keep:
        return lambda p: p.place == place and (taken is None or (p.choice is TAKE_MISS) == taken) and keep(p)

    row("all", _every)
    for place in range(1, PLAYERS + 1):
        row(f"place {place}" + (" (eldest)" if place == 1 else " (dealer)" if place == PLAYERS else ""), at(place))
    for label, keep in (*STRENGTH, *LEAD):
        row(label, keep)
    row("the heuristic takes it", lambda p: p.choice is TAKE_MISS)
    row("the heuristic does not", lambda p: p.choice is not TAKE_MISS)
    for place in range(1, PLAYERS + 1):
        row(f"place {place}, takes it", at(place, True))
        row(f"place {place}, does not", at(place, False))
    row("places 3 to 5, takes it", lambda p: p.place >= 3 and p.choice is TAKE_MISS)
    for n_in in range(PLAYERS):
        row(f"{n_in} already in, takes it", _already_in(n_in))
    for place in range(1, PLAYERS + 1):
        for label, keep in STRENGTH:
            row(f"place {place}, {label}", at(place, None, keep))


def _every(p: Position) -> bool:
    return True


def _already_in(count: int) -> Keep:
    return lambda p: p.already_in == count and p.choice is TAKE_MISS


class BeforeReview(HeuristicBot):
    """The balanced bot as it was before this review: a seat that stood while it could have taken the Miss counted
    as any seat that stood (``declare.declined_miss`` switched off while it decides)."""

    def decide(self, view: View) -> Decision:
        kept = declare.declined_miss  # the one rule this bench switches off
        declare.declined_miss = _no_change
        try:
            return super().decide(view)
        finally:
            declare.declined_miss = kept


def _no_change(k: Knowledge) -> None:
    return None


BEFORE = "balanced-before-miss-review"


def _before(seed: int | None = None) -> Bot:
    return BeforeReview(seed, BALANCED, BEFORE)


register(BEFORE, _before)


def report_versus(preset: str, deals: int, seed: int, workers: int) -> None:
    """A duplicate tournament (``loo tournament``'s) of the balanced bot against the balanced bot before the review."""
    plan = tournament.Plan(rules_with(preset), PLAYERS, ("balanced", BEFORE), deals, seed)
    result = tournament.run(plan, workers)
    lead = result.versus[0]
    print(
        f"\n{preset}: balanced (now) over balanced before the review, duplicate, {deals} deals, seed {seed}: "
        f"{lead.per_100:+.1f} [{lead.low:+.1f}, {lead.high:+.1f}] chips per 100 deals "
        + ", ".join(f"({s.label} {s.per_100:+.1f})" for s in result.standings)
    )


def report_paired(preset: str, deals: int, seed: int) -> None:
    """The change, decision by decision: at every declaration of balanced self-play (fresh bots each deal) where
    the balanced bot now declares otherwise than before the review, both declarations valued on the real deal by
    the balanced play-out in C, as ``--positions`` does. Paired, so far less noisy than a tournament."""
    rules = rules_with(preset)
    gains: dict[str, list[float]] = {}
    declarations = 0
    for i in range(deals):
        deal = Deal(rules, [100] * PLAYERS, i % PLAYERS, seed=seed * 1_000_003 + i)
        now = [HeuristicBot(0, BALANCED, "balanced") for _ in range(PLAYERS)]
        before = [BeforeReview(0, BALANCED, BEFORE) for _ in range(PLAYERS)]
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            action = now[seat].decide(view).action
            old = before[seat].decide(view).action
            if view.phase is Phase.DECLARE and len(view.legal) > 1:
                declarations += 1
                if old != action:
                    new_value, old_value = core.ext().rollout(deal, seat, [action, old], BALANCED)
                    key = f"place {order_of(view, seat)}: {old} -> {action}"
                    gains.setdefault(key, []).append(new_value - old_value)
            deal.apply(action, seat)
    every = [g for gs in gains.values() for g in gs]
    print(
        f"\n{preset}: the balanced bot now against before the review, on the same declarations of {deals} deals of "
        f"balanced self-play: {len(every)} of {declarations} declarations differ"
    )
    print("| declaration (before -> now) | positions | gain now over before, chips (95%) |")
    print("|---|--:|--:|")
    for key in sorted(gains):
        print(f"| {key} | {len(gains[key])} | {interval(gains[key])} |")
    if every:
        print(f"| all | {len(every)} | {interval(every)} |")
        print(f"summed over the seats: {100 * sum(every) / deals:+.1f} chips per 100 deals")


def report_frequency(preset: str, deals: int, seed: int) -> None:
    print(
        f"\n{preset}: how often a seat takes the Miss when it may, by place in the order of declaring (1 = eldest), "
        f"and (in brackets) how often it was gone before the seat's turn; a session of {deals} deals, {PLAYERS} players"
    )
    print("| table | " + " | ".join(f"place {p}" for p in range(1, PLAYERS + 1)) + " | deals with the Miss taken |")
    print("|---|" + "--:|" * (PLAYERS + 1))
    rng = random.Random(seed)
    for style in STYLES:
        for label, bots in (
            ("self-play", [make_bot(style, seed=s) for s in range(PLAYERS)]),
            ("vs 4 random", [make_bot(style), *(make_bot("random", seed=rng.getrandbits(32)) for _ in range(4))]),
        ):
            c = frequency(preset, bots, deals, seed, range(PLAYERS) if label == "self-play" else [0])
            cells = " | ".join(_cell(c, p) for p in range(1, PLAYERS + 1))
            print(f"| {style} {label} | {cells} | {c.taken_deals / c.deals:.1%} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--deals", type=int, default=0, help="deals per session for the frequencies (0: skip)")
    parser.add_argument("--positions", type=int, default=0, help="Miss positions to value (0: skip)")
    parser.add_argument("--hard", type=int, default=0, help="of those, how many to ask hard about")
    parser.add_argument("--first-place", type=int, default=1, help="value only positions from this place on")
    parser.add_argument("--versus", type=int, default=0, help="deals of balanced against the bot before the review")
    parser.add_argument("--paired", type=int, default=0, help="deals of self-play: the change, decision by decision")
    parser.add_argument("--workers", type=int, default=2, help="processes for --versus")
    parser.add_argument("--before", action="store_true", help="--deals with the Python bots as before the review")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.before:
        declare.declined_miss = _no_change
    for preset in args.presets:
        if args.deals:
            report_frequency(preset, args.deals, args.seed)
        if args.paired:
            report_paired(preset, args.paired, args.seed)
        if args.versus:
            report_versus(preset, args.versus, args.seed, args.workers)
        if args.positions:
            if not hasattr(core.ext(), "rollout") or core.engine() != "core":
                raise SystemExit("the compiled core (with _core_rollout.pxi) is not built here")
            found = miss_positions(preset, args.positions, args.seed, args.first_place)
            report_values(preset, found, args.hard, args.seed)
            report_calibration(found)


def _cell(c: Counts, place: int) -> str:
    gone = f"{c.gone[place] / max(1, c.offered[place] + c.gone[place]):.0%}"
    if not c.offered[place]:
        return f"— ({gone})"
    return f"{c.taken[place] / c.offered[place]:.0%} of {c.offered[place]} ({gone})"


if __name__ == "__main__":
    main()
