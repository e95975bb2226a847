"""``loo analyze looed``: how often a hand that plays is looed, and what it nets, by hand class and hands in play.

A seat's *hand class* is read from the hand it declared on (the Miss, for the seat that took or defended it) once
trumps are turned up: how many trumps it holds (Pam counts as one), its top trump, and its side aces and kings (aces
and kings of the other suits). Every seat that played is counted once per deal under (hands in play, class): whether
it was looed, and its net for the deal (stack after minus stack before: the ante included, so a pass nets minus
the ante). The hands in play are the seats that played, the dealer defending the Miss included; 1 is a deal won
uncontested.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lanterloo.analysis.base import MOST_DEALS, Plan, Report, Table, deals_at_table, mask, split
from lanterloo.analysis.stats import Tally, fmt, merge_tallies
from lanterloo.cards import ACE, JACK, KING, QUEEN
from lanterloo.engine import Deal, Decl
from lanterloo.rules import Rules
from lanterloo.sim import decide
from lanterloo.tables import Tables

#: Deals per unit on the per-action path: a short session at one table, so pools carry as in a real game.
BLOCK = 20
#: The top trump's classes, low to high (index = code).
TOPS = ("none", "10 or lower", "J", "Q", "K", "A", "Pam")

Key = tuple[int, int, int, int]  # hands in play, trumps, top trump code, side aces and kings


@dataclass
class LooedAcc:
    deals: int = 0
    pool_total: int = 0  # the pools as play began, summed over the deals
    net: dict[Key, Tally] = field(default_factory=dict)  # net chips of each seat that played
    looed: Counter[Key] = field(default_factory=Counter)

    def add(self, key: Key, net: int, looed: bool) -> None:
        t = self.net.get(key)
        if t is None:
            t = self.net[key] = Tally()
        t.add(net)
        if looed:
            self.looed[key] += 1

    def add_many(self, key: Key, net: int, looed: bool, count: int) -> None:
        """``count`` seats of one class with the same net and fate."""
        t = self.net.get(key)
        if t is None:
            t = self.net[key] = Tally()
        t.n += count
        t.total += net * count
        t.squares += net * net * count
        if looed:
            self.looed[key] += count


def hand_class(hand: int, tables: Tables, pam: int) -> tuple[int, int, int]:
    """(trumps, top trump code, side aces and kings) of a hand given as a card mask."""
    trumps = hand & tables.trump_mask
    count = trumps.bit_count()
    if not count:
        top = 0
    else:
        best = tables.highest(trumps)
        rank = best % 13
        top = 6 if best == pam else {ACE: 5, KING: 4, QUEEN: 3, JACK: 2}.get(rank, 1)
    high = sum(1 for c in range(52) if (hand >> c) & 1 and not (trumps >> c) & 1 and c % 13 in (ACE, KING))
    return count, top, high


def record(acc: LooedAcc, deal: Deal, hands: list[int], miss: int) -> None:
    """Count a finished deal: ``hands`` and ``miss`` as dealt (card masks)."""
    v = deal.view(None, with_events=False)
    st = deal.settlement
    assert st is not None
    pam = -1 if v.pam is None else int(v.pam)
    played = [s for s in range(deal.players) if v.declarations[s] not in (None, Decl.PASS) or v.in_play[s]]
    acc.deals += 1
    acc.pool_total += st.pool_before
    active = len(played)
    looed = set(st.looed)
    for s in played:
        hand = miss if v.declarations[s] in (Decl.MISS, Decl.DEFEND) else hands[s]
        trumps, top, high = hand_class(hand, v.tables, pam)
        acc.add((active, trumps, top, high), deal.stacks[s] - deal.stacks_before[s], s in looed)


class Looed(Report):
    name = "looed"
    title = "Looed, by hand class and hands in play"
    unit = "session"

    def refusal(self, rules: Rules) -> str | None:
        if rules.game != "loo":
            return f"The looed report measures loos in Loo, and {rules.preset} is not a Loo game."
        if rules.trump_mode != "turnup":
            return (
                f"The looed report classes hands by their trumps when they declare, and in {rules.preset} no card is "
                "turned up for trumps."
            )
        return None

    def units(self, plan: Plan) -> list[int]:
        from lanterloo.analysis import batch

        return split(plan.deals, batch.BLOCK if batch.usable(plan) else BLOCK)

    def most_deals(self, plan: Plan) -> int:
        from lanterloo.analysis import batch

        return MOST_DEALS if batch.usable(plan) else super().most_deals(plan)

    def units_text(self, plan: Plan, units: int) -> str:
        from lanterloo.analysis import batch

        if batch.usable(plan):
            return f"{units:,} block{'s' if units != 1 else ''} of up to {batch.BLOCK:,} deals in the compiled core"
        return super().units_text(plan, units)

    def chunk_units(self, plan: Plan, workers: int) -> int:
        from lanterloo.analysis import batch

        if batch.usable(plan):
            return 1  # a block of the C loop is work enough for one trip to a worker
        return super().chunk_units(plan, workers)

    def new(self, plan: Plan) -> LooedAcc:
        return LooedAcc()

    def play(self, plan: Plan, units: range) -> LooedAcc:
        from lanterloo.analysis import batch

        if batch.usable(plan):
            return batch.looed_chunk(plan, units)
        acc = LooedAcc()
        quotas = self.units(plan)
        for u in units:
            for deal, bots in deals_at_table(plan, u, quotas[u]):
                h = deal.hidden()
                hands = [mask(x) for x in h.hands]
                while not deal.is_over:
                    for seat, action in decide(deal, bots):
                        deal.apply(action, seat)
                record(acc, deal, hands, mask(h.miss))
        return acc

    def merge(self, acc: LooedAcc, part: LooedAcc) -> None:
        acc.deals += part.deals
        acc.pool_total += part.pool_total
        merge_tallies(acc.net, part.net)  # type: ignore[arg-type]
        acc.looed.update(part.looed)

    def _by_trumps(self, acc: LooedAcc) -> dict[tuple[int, int], tuple[Tally, int]]:
        out: dict[tuple[int, int], tuple[Tally, int]] = {}
        for (active, trumps, _top, _high), t in acc.net.items():
            tally, looed = out.get((active, trumps), (Tally(), 0))
            tally.merge(t)
            out[(active, trumps)] = (tally, looed + acc.looed[(active, trumps, _top, _high)])
        return out

    def tables(self, plan: Plan, acc: LooedAcc) -> list[Table]:
        head = ["hands_in_play", "trumps"]
        tail = ["hands", "looed", "p_looed", "p_looed_ci95", "mean_net", "mean_net_ci95"]
        full = Table("looed.csv", [*head, "top_trump", "side_aces_kings", *tail])
        for key in sorted(acc.net):
            active, trumps, top, high = key
            full.rows.append([str(active), str(trumps), TOPS[top], str(high), *_cells(acc.net[key], acc.looed[key])])
        short = Table("looed_by_trumps.csv", [*head, *tail])
        by = self._by_trumps(acc)
        for (active, trumps), (t, looed) in sorted(by.items()):
            short.rows.append([str(active), str(trumps), *_cells(t, looed)])
        return [short, full]

    def reading(self, plan: Plan, acc: LooedAcc) -> list[str]:
        by = self._by_trumps(acc)
        if not by:
            return ["No seat played a hand.", ""]
        busiest = max(by, key=lambda k: by[k][0].n)[0]  # the commonest number of hands in play
        parts = []
        for (active, trumps), (t, looed) in sorted(by.items()):
            if active == busiest and t.n >= 30:
                parts.append(f"{trumps} trump{'s' if trumps != 1 else ''} {100 * looed / t.n:.0f}%")
        first = (
            f"With {busiest} hands in play (the commonest), a hand that plays is looed: " + ", ".join(parts) + "."
            if parts
            else f"Too few hands at {busiest} in play for a reading."
        )
        contested: dict[int, Tally] = {}  # by trumps, over the deals with two hands or more in play
        for (active, trumps), (t, _) in by.items():
            if active >= 2:
                contested.setdefault(trumps, Tally()).merge(t)
        ante = plan.rules.ante
        gain = sorted(trumps for trumps, t in contested.items() if t.n >= 30 and t.mean > -ante)
        second = (
            f"Against two hands or more, playing nets more on average than passing (minus the ante, {ante}) from "
            f"{gain[0]} trump{'s' if gain[0] != 1 else ''} up; bots: {_bots(plan)}."
            if gain
            else f"Against two hands or more no hand class nets more than passing on average; bots: {_bots(plan)}."
        )
        return [first, second]

    def plot(self, plan: Plan, acc: LooedAcc, folder: str) -> list[str]:
        from lanterloo.analysis import plots

        by = self._by_trumps(acc)
        one: dict[tuple[int, int], tuple[int, int]] = {}
        for (active, trumps, top, _high), t in acc.net.items():
            if trumps == 1:
                n, lo = one.get((active, top), (0, 0))
                one[(active, top)] = (n + t.n, lo + acc.looed[(active, trumps, top, _high)])
        return [plots.looed(plan, by, one, TOPS, folder)]


def _cells(t: Tally, looed: int) -> list[str]:
    p = looed / t.n if t.n else float("nan")
    half = 1.959964 * (p * (1 - p) / t.n) ** 0.5 if t.n > 1 else float("inf")
    return [str(t.n), str(looed), fmt(p), fmt(half), fmt(t.mean, 3), fmt(t.half_width, 3)]


def _bots(plan: Plan) -> str:
    kinds = sorted(set(plan.bots))
    return ", ".join(kinds) + (" (random declarations say little about good play)" if kinds == ["random"] else "")
