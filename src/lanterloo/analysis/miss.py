"""``loo analyze miss``: what taking the Miss is worth, against playing one's own hand and against passing.

Measured on the same cards: at one declaration per deal (the seat whose turn it is at a position that cycles with
the deal, from the eldest hand to the dealer), when that seat may pass, play or take the Miss, the deal is copied
three times, each copy takes one of the three choices, and the rest of each copy is played out by the same bots
from the same seeds. The difference between two choices is then the value of one over the other for that hand at
that place, with the luck of the cards shared; the main line goes on as the seat's own bot chose. Nets are the
seat's stack after the deal minus before (the ante included: a pass nets minus the ante).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lanterloo.actions import PASS, STAND, TAKE_MISS, Action
from lanterloo.analysis.base import Plan, Report, Table, deals_at_table, mask, split
from lanterloo.analysis.looed import hand_class
from lanterloo.analysis.stats import Tally, fmt, merge_tallies
from lanterloo.bots import make_bots
from lanterloo.engine import Deal
from lanterloo.rules import Rules
from lanterloo.sim import decide, play_out

BLOCK = 20
CHOICES: tuple[Action, ...] = (PASS, STAND, TAKE_MISS)
NAMES = ("pass", "play", "miss")

Key = tuple[int, int]  # position in the declaring order (0: the eldest), trumps in the seat's own hand


@dataclass
class MissAcc:
    deals: int = 0
    points: int = 0  # declarations branched
    net: dict[tuple[int, int, int], Tally] = field(default_factory=dict)  # (position, trumps, choice)
    gain: dict[tuple[int, int, int], Tally] = field(default_factory=dict)  # (position, trumps, 0: miss-play, 1: -pass)
    chose: Counter[tuple[int, int, int]] = field(default_factory=Counter)  # what the seat's own bot chose


def _tally(d: dict[tuple[int, int, int], Tally], key: tuple[int, int, int], x: int) -> None:
    t = d.get(key)
    if t is None:
        t = d[key] = Tally()
    t.add(x)


def branch(plan: Plan, acc: MissAcc, deal: Deal, seat: int, position: int, key: object) -> int:
    """Copy the deal three times at ``seat``'s declaration, one copy per choice, and play each out; return the
    trumps in the seat's hand."""
    v = deal.view(seat, with_events=False)
    trumps, _top, _high = hand_class(mask(v.hand), v.tables, -1 if v.pam is None else int(v.pam))
    nets = []
    for choice in CHOICES:
        copy = deal.copy()
        copy.apply(choice, seat)
        play_out(copy, make_bots(list(plan.bots), plan.seed_of(key, "branch")))
        nets.append(copy.stacks[seat] - copy.stacks_before[seat])
    acc.points += 1
    for c, net in enumerate(nets):
        _tally(acc.net, (position, trumps, c), net)
    _tally(acc.gain, (position, trumps, 0), nets[2] - nets[1])
    _tally(acc.gain, (position, trumps, 1), nets[2] - nets[0])
    return trumps


class Miss(Report):
    name = "miss"
    title = "The value of taking the Miss"
    unit = "session"

    def refusal(self, rules: Rules) -> str | None:
        if rules.game != "loo" or not rules.miss:
            return f"The miss report measures taking the Miss, and {rules.preset} deals no Miss (miss = false)."
        if rules.trump_mode != "turnup":
            return f"The miss report classes hands by their trumps, and {rules.preset} turns up no card for trumps."
        return None

    def units(self, plan: Plan) -> list[int]:
        return split(plan.deals, BLOCK)

    def new(self, plan: Plan) -> MissAcc:
        return MissAcc()

    def play(self, plan: Plan, units: range) -> MissAcc:
        acc = MissAcc()
        quotas = self.units(plan)
        n = plan.players
        for u in units:
            for i, (deal, bots) in enumerate(deals_at_table(plan, u, quotas[u])):
                position = (u * BLOCK + i) % n
                target = (deal.dealer + 1 + position) % n
                done = False
                while not deal.is_over:
                    for seat, action in decide(deal, bots):
                        if not done and seat == target:
                            done = True  # this seat's first action is its declaration
                            legal = deal.legal_actions(seat)
                            if all(c in legal for c in CHOICES):
                                trumps = branch(plan, acc, deal, seat, position, (u, i))
                                if action in CHOICES:
                                    acc.chose[(position, trumps, CHOICES.index(action))] += 1
                        deal.apply(action, seat)
                acc.deals += 1
        return acc

    def merge(self, acc: MissAcc, part: MissAcc) -> None:
        acc.deals += part.deals
        acc.points += part.points
        merge_tallies(acc.net, part.net)  # type: ignore[arg-type]
        merge_tallies(acc.gain, part.gain)  # type: ignore[arg-type]
        acc.chose.update(part.chose)

    def _group(self, acc: MissAcc, by: int) -> dict[int, tuple[list[Tally], list[Tally], list[int]]]:
        """Tallies merged over the other key: ``by`` 0 groups by position, 1 by trumps."""
        out: dict[int, tuple[list[Tally], list[Tally], list[int]]] = {}
        for (pos, trumps, c), t in acc.net.items():
            g = (pos, trumps)[by]
            nets, _gains, _chose = out.setdefault(g, ([Tally() for _ in CHOICES], [Tally(), Tally()], [0, 0, 0]))
            nets[c].merge(t)
        for (pos, trumps, c), t in acc.gain.items():
            out[(pos, trumps)[by]][1][c].merge(t)
        for (pos, trumps, c), k in acc.chose.items():
            out[(pos, trumps)[by]][2][c] += k
        return out

    def tables(self, plan: Plan, acc: MissAcc) -> list[Table]:
        tail = ["declarations"]
        for name in NAMES:
            tail += [f"net_{name}", f"net_{name}_ci95"]
        tail += ["miss_minus_play", "miss_minus_play_ci95", "miss_minus_pass", "miss_minus_pass_ci95"]
        tail += [f"bots_chose_{name}" for name in NAMES]
        out = []
        for by, name, label in ((1, "miss_by_trumps.csv", "trumps"), (0, "miss_by_position.csv", "position")):
            table = Table(name, [label, *tail])
            for g, (nets, gains, chose) in sorted(self._group(acc, by).items()):
                cells = [str(nets[0].n)]
                for t in (*nets, *gains):
                    cells += [fmt(t.mean, 3), fmt(t.half_width, 3)]
                total = sum(chose) or 1
                cells += [fmt(k / total, 3) for k in chose]
                # positions are shown from 1 (the eldest) to the number of players (the dealer)
                table.rows.append([str(g + 1 if by == 0 else g), *cells])
            out.append(table)
        return out

    def reading(self, plan: Plan, acc: MissAcc) -> list[str]:
        groups = self._group(acc, 1)
        if not groups:
            return ["No declaration could choose between passing, playing and the Miss.", ""]
        parts = []
        for trumps, (_nets, gains, _chose) in sorted(groups.items()):
            g = gains[0]
            if g.n >= 30:
                sure = "" if abs(g.mean) > g.half_width else " (not significant)"
                parts.append(f"{trumps} trump{'s' if trumps != 1 else ''} {g.mean:+.2f}{sure}")
        whole = [Tally(), Tally()]
        for _nets, gains, _chose in groups.values():
            whole[0].merge(gains[0])
            whole[1].merge(gains[1])
        return [
            "Taking the Miss instead of playing one's own hand, chips per decision by trumps held: "
            + (", ".join(parts) if parts else "too few decisions for a reading")
            + ".",
            f"Over all {acc.points:,} decisions the Miss is worth {whole[0].mean:+.2f} ± {whole[0].half_width:.2f} "
            f"chips against playing and {whole[1].mean:+.2f} ± {whole[1].half_width:.2f} against passing (95%).",
        ]

    def plot(self, plan: Plan, acc: MissAcc, folder: str) -> list[str]:
        from lanterloo.analysis import plots

        return [plots.miss(plan, self._group(acc, 1), self._group(acc, 0), NAMES, folder)]
