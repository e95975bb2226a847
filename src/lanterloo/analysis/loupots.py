"""``loo analyze lou-pots``: the Lou pot over a game, from the antes to the deal in which nobody matches.

A Lou game starts with antes and goes on, deal after deal, while an In player takes no trick and matches the pot
(LOU-PAY-1, LOU-GAME-1). Each unit is one game, from its own seed, at a fresh table (``STACK`` chips each); the
figure is the pot when play begins at each deal of the game. Whole games are played until at least ``--deals``
deals are; a game that a player cannot pay for (SESSION-3), or longer than ``LONGEST`` deals, is counted as cut
short.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lanterloo.analysis.base import Plan, Report, Table, game_is
from lanterloo.analysis.stats import fmt, quantile
from lanterloo.bots import make_bots
from lanterloo.errors import LooError
from lanterloo.rules import Rules
from lanterloo.session import Session
from lanterloo.sim import play_out

#: The longest game played out: past it a game is cut short (a pot doubling each deal outgrows any stack first).
LONGEST = 200


@dataclass
class LouAcc:
    deals: int = 0
    games: int = 0
    cut: int = 0  # games cut short
    pots: dict[int, Counter[int]] = field(default_factory=dict)  # deal number in the game -> pots
    length: Counter[int] = field(default_factory=Counter)  # deals per game (whole games only)
    biggest: Counter[int] = field(default_factory=Counter)  # the biggest pot of each game


class LouPots(Report):
    name = "lou-pots"
    title = "Lou pots over a game"
    unit = "game"
    open_ended = True

    def refusal(self, rules: Rules) -> str | None:
        return game_is(rules, "lou", "lou-pots", "the pots of Lou games")

    def chunk_units(self, plan: Plan, workers: int) -> int:
        return max(1, min(32, plan.deals // (8 * max(1, workers))))

    def new(self, plan: Plan) -> LouAcc:
        return LouAcc()

    def play(self, plan: Plan, units: range) -> list[tuple[int, LouAcc]]:
        return [self.game(plan, u) for u in units]

    def game(self, plan: Plan, u: int) -> tuple[int, LouAcc]:
        acc = LouAcc(games=1)
        session = Session(plan.rules, plan.players, stack=plan.stack, seed=plan.seed_of(u), keep_records=False)
        bots = make_bots(list(plan.bots), plan.seed_of(u, "bots"))
        pots: list[int] = []
        whole = False
        while len(pots) < LONGEST:
            try:
                deal = session.new_deal()
            except LooError:
                if not session.over:
                    raise
                break
            play_out(deal, bots)
            st = deal.settlement
            assert st is not None
            pots.append(st.pool_before)
            session.finish_deal()
            if st.game_over:
                whole = True  # nobody matched, so nobody owed: the game ended by its rule
                break
            if session.over:
                break
        acc.deals = len(pots)
        for k, pot in enumerate(pots, 1):
            acc.pots[k] = Counter({pot: 1})
        if whole:
            acc.length[len(pots)] += 1
        else:
            acc.cut += 1
        if pots:
            acc.biggest[max(pots)] += 1
        return acc.deals, acc

    def merge(self, acc: LouAcc, part: LouAcc) -> None:
        acc.deals += part.deals
        acc.games += part.games
        acc.cut += part.cut
        for k, c in part.pots.items():
            acc.pots.setdefault(k, Counter()).update(c)
        acc.length.update(part.length)
        acc.biggest.update(part.biggest)

    def tables(self, plan: Plan, acc: LouAcc) -> list[Table]:
        pots = Table("lou_pots.csv", ["deal_of_game", "games", "mean_pot", "p10", "median", "p90", "max"])
        for k, c in sorted(acc.pots.items()):
            n = sum(c.values())
            mean = sum(v * m for v, m in c.items()) / n
            pots.rows.append(
                [str(k), str(n), fmt(mean, 2), *(str(quantile(c, q)) for q in (0.1, 0.5, 0.9)), str(max(c))]
            )
        lengths = Table("lou_game_length.csv", ["deals", "games", "share"])
        whole = sum(acc.length.values())
        for k, n in sorted(acc.length.items()):
            lengths.rows.append([str(k), str(n), fmt(n / whole)])
        return [pots, lengths]

    def reading(self, plan: Plan, acc: LouAcc) -> list[str]:
        whole = sum(acc.length.values())
        if not whole:
            return [f"No Lou game ended within {LONGEST} deals.", ""]
        mean_len = sum(k * n for k, n in acc.length.items()) / whole
        one = acc.length.get(1, 0) / whole
        first = acc.pots.get(1, Counter())
        return [
            f"A Lou game lasts {mean_len:.2f} deals on average ({whole:,} whole games); {100 * one:.0f}% end after "
            f"the first deal, the longest took {max(acc.length)}.",
            f"The pot starts at a median of {quantile(first, 0.5)} chips (the antes) and the biggest pot of a game "
            f"has a median of {quantile(acc.biggest, 0.5)} and a 90th percentile of {quantile(acc.biggest, 0.9)}; "
            f"{acc.cut:,} game{'s were' if acc.cut != 1 else ' was'} cut short.",
        ]

    def plot(self, plan: Plan, acc: LouAcc, folder: str) -> list[str]:
        from lanterloo.analysis import plots

        rows: list[tuple[int, float, int, int, int]] = []
        for k, c in sorted(acc.pots.items()):
            n = sum(c.values())
            if n < 10:  # too few games this long to draw a band
                break
            mean = sum(v * m for v, m in c.items()) / n
            rows.append((k, mean, quantile(c, 0.1), quantile(c, 0.5), quantile(c, 0.9)))
        return [plots.lou_pots(plan, rows, dict(acc.length), dict(acc.biggest), folder)]
