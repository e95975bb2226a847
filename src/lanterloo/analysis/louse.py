"""``loo analyze louse``: Louse penalty points per seat, and how long a match lasts.

Each unit is one match, from its own seed, played until a player reaches the target and loses (LOUSE-MATCH-1/2).
Points are counted two ways: per deal by the seat's place at that deal (from the eldest hand, on the dealer's
left, round to the dealer), which is where the cards and the lead favour or hurt a seat; and per match by the
seat's place at the first deal (the first dealer is drawn by lot), with the matches each seat lost. Whole matches
are played until at least ``--deals`` deals are; a match longer than ``LONGEST`` deals is cut short.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lanterloo.analysis.base import Plan, Report, Table, game_is
from lanterloo.analysis.stats import Tally, fmt, quantile
from lanterloo.bots import make_bots
from lanterloo.rules import Rules
from lanterloo.session import Session
from lanterloo.sim import play_out

LONGEST = 500


@dataclass
class LouseAcc:
    deals: int = 0
    matches: int = 0
    cut: int = 0
    place: list[Tally] = field(default_factory=list)  # points per deal, by place at that deal (0: the eldest)
    match: list[Tally] = field(default_factory=list)  # points per match, by place at the first deal
    lost: list[int] = field(default_factory=list)  # matches lost, by place at the first deal
    length: Counter[int] = field(default_factory=Counter)


def _new(n: int) -> LouseAcc:
    return LouseAcc(place=[Tally() for _ in range(n)], match=[Tally() for _ in range(n)], lost=[0] * n)


class Louse(Report):
    name = "louse"
    title = "Louse penalty points per seat, and match length"
    unit = "match"
    open_ended = True

    def refusal(self, rules: Rules) -> str | None:
        return game_is(rules, "louse", "louse", "Louse penalty points")

    def chunk_units(self, plan: Plan, workers: int) -> int:
        return max(1, min(8, plan.deals // (40 * max(1, workers))))

    def new(self, plan: Plan) -> LouseAcc:
        return _new(plan.players)

    def play(self, plan: Plan, units: range) -> list[tuple[int, LouseAcc]]:
        return [self.match(plan, u) for u in units]

    def match(self, plan: Plan, u: int) -> tuple[int, LouseAcc]:
        n = plan.players
        acc = _new(n)
        acc.matches = 1
        session = Session(plan.rules, n, stack=plan.stack, seed=plan.seed_of(u), keep_records=False)
        bots = make_bots(list(plan.bots), plan.seed_of(u, "bots"))
        first = session.dealer
        while not session.over and acc.deals < LONGEST:
            deal = session.new_deal()
            play_out(deal, bots)
            st = deal.settlement
            assert st is not None
            for s in range(n):
                acc.place[(s - deal.dealer - 1) % n].add(st.points[s])
            session.finish_deal()
            acc.deals += 1
        for s in range(n):
            acc.match[(s - first - 1) % n].add(session.totals[s])
        if session.losers:
            acc.length[acc.deals] += 1
            for s in session.losers:
                acc.lost[(s - first - 1) % n] += 1
        else:
            acc.cut += 1
        return acc.deals, acc

    def merge(self, acc: LouseAcc, part: LouseAcc) -> None:
        acc.deals += part.deals
        acc.matches += part.matches
        acc.cut += part.cut
        for mine, theirs in ((acc.place, part.place), (acc.match, part.match)):
            for a, b in zip(mine, theirs, strict=True):
                a.merge(b)
        acc.lost = [a + b for a, b in zip(acc.lost, part.lost, strict=True)]
        acc.length.update(part.length)

    def tables(self, plan: Plan, acc: LouseAcc) -> list[Table]:
        n = plan.players
        seats = Table(
            "louse_seats.csv",
            ["place", "points_per_deal", "points_per_deal_ci95", "points_per_match", "points_per_match_ci95", "lost"],
        )
        for p in range(n):
            d, m = acc.place[p], acc.match[p]
            cells = [fmt(d.mean, 3), fmt(d.half_width, 3), fmt(m.mean, 2), fmt(m.half_width, 2)]
            seats.rows.append([_place(p, n), *cells, str(acc.lost[p])])
        length = Table("louse_match_length.csv", ["deals", "matches", "share"])
        whole = sum(acc.length.values())
        for k, c in sorted(acc.length.items()):
            length.rows.append([str(k), str(c), fmt(c / whole)])
        return [seats, length]

    def reading(self, plan: Plan, acc: LouseAcc) -> list[str]:
        n = plan.players
        whole = sum(acc.length.values())
        if not whole:
            return [f"No match ended within {LONGEST} deals.", ""]
        mean_len = sum(k * c for k, c in acc.length.items()) / whole
        worst = max(range(n), key=lambda p: acc.place[p].mean)
        best = min(range(n), key=lambda p: acc.place[p].mean)
        w, b = acc.place[worst], acc.place[best]
        return [
            f"A match to {plan.rules.louse_target} lasts {mean_len:.1f} deals on average (median "
            f"{quantile(acc.length, 0.5)}, 90% within {quantile(acc.length, 0.9)}; {whole:,} matches).",
            f"Per deal the {_place(worst, n)} takes the most penalty points ({w.mean:.2f} ± {w.half_width:.2f}) and "
            f"the {_place(best, n)} the fewest ({b.mean:.2f} ± {b.half_width:.2f}, 95%)"
            + (
                ": a real difference."
                if w.mean - w.half_width > b.mean + b.half_width
                else ": the intervals overlap, so no place is shown to be worse at this size."
            ),
        ]

    def plot(self, plan: Plan, acc: LouseAcc, folder: str) -> list[str]:
        from lanterloo.analysis import plots

        n = plan.players
        places = [(_place(p, n), acc.place[p].mean, acc.place[p].half_width) for p in range(n)]
        return [plots.louse(plan, places, dict(acc.length), folder)]


def _place(p: int, n: int) -> str:
    """A seat's place from the eldest hand: ``eldest``, ``2nd`` ... ``dealer``."""
    if p == n - 1:
        return "dealer"
    if p == 0:
        return "eldest"
    return f"{p + 1}{'nd' if p == 1 else 'rd' if p == 2 else 'th'} hand"
