"""The end of a deal and of a session: the deal summary, the session table and the final standings.

Each finished deal is read from what everyone may see at its end (``Deal.view(None)``, kept by the game), so
nothing here reaches into a deal; the sentences are the narrator's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lanterloo.cards import Card
from lanterloo.engine import Settlement, SettlementKind, View, shape_of
from lanterloo.engine.dealrows import deal_rows
from lanterloo.engine.dealrows import start_of as start_of  # re-exported: the session panel reads it from here
from lanterloo.rules import Rules
from lanterloo.session import DealRecord, Session
from lanterloo.tui.relaunch import loo_command
from lanterloo.tui.table import sort_hand
from lanterloo.tui.text import YOU, Namer, card_text, narrator, styled, title, trick_log


def _cards_with_points(row: dict[str, Any]) -> Text:
    """A Louse row's penalty cards (``deal_rows``: highest first, queen bonuses included) in their suit colours; a
    card whose points the ♦Q cancelled is struck through (LOUSE-SCORE-3)."""
    out = Text()
    for i, (card, _points, cancelled, _counts) in enumerate(row["penalty_cards"]):
        if i:
            out.append(" ")
        shown = card_text(Card.parse(card))
        if cancelled:
            shown.stylize("strike")
        out.append_text(shown)
    return out


def _personal_line(row: dict[str, Any], rules: Rules) -> Text:
    """The human's own deal in one line, read from the human's row of ``deal_rows``."""
    if shape_of(rules).scores_points:
        return Text(
            f"You: {row['points']} penalty points this deal; {row['match_after']} in the match "
            f"(the target is {rules.louse_target}).",
            style=YOU,
        )
    delta = row["net"]
    word = "won" if delta > 0 else "lost" if delta < 0 else "broke even"
    amount = f" {abs(delta)} chip{'s' if abs(delta) != 1 else ''}" if delta else ""
    return Text(f"You {word}{amount} this deal ({row['stack_before']} → {row['stack_after']}).", style=YOU)


def deal_summary(
    record: DealRecord, end: View, names: Sequence[str], human: int, totals_before: Sequence[int] | None = None
) -> Group:
    """The end of one deal: how it ended, who took which tricks, shares, loos, flushes, penalties, and stacks
    (or points) before and after. ``end`` is the spectator's view of the finished deal; every number in the seats'
    rows is the engine's (``deal_rows``)."""
    st = end.settlement
    assert st is not None
    r = end.rules
    shape = shape_of(r)
    louse = shape.scores_points
    namer = Namer(names, human)
    n = narrator(namer, r)
    data = deal_rows(end, namer.names, you=human, totals_before=totals_before, totals_after=record.totals_after or None)
    rows: list[dict[str, Any]] = data["rows"]
    parts: list[RenderableType] = []
    parts.append(Text(f"Deal {record.number} · {title(r)} · dealer {namer(end.dealer)}", style="bold #ffd75f"))
    parts.append(styled(n.outcome(st), "bold"))
    parts.append(_personal_line(rows[human], r))
    if louse:
        parts += [styled(note, "dim") for note in n.louse_notes(end)]
    else:
        line = Text(f"{data['words']['pot'].capitalize()} {st.pool_before} after the antes")
        if st.kind is SettlementKind.TRICKS and st.share:
            line.append(f"; {st.share} a {'pile' if shape.pays_piles else 'trick'}")
        line.append(f"; next deal starts with {st.pool_after} carried.")
        if shape.games_span_deals and st.kind is SettlementKind.TRICKS and not st.game_over:
            line.append(" " + n.lou_game(st))
        parts.append(line)
    if end.defended:
        parts.append(styled(n.defended(end.dealer), "italic"))
    for seat, cards in end.flushes:
        line = styled(n.flush(seat, sort_hand(end, cards)))
        if seat in st.winners:
            line.append("  — sweeps the pool", style="bold")
        parts.append(line)
    parts.append(Text(""))
    parts.append(_seat_rows(rows, louse, data["words"]["looed"], namer))
    cost = n.loo_cost(st)
    if cost is not None:
        parts.append(Text(cost, style="dim"))
    if end.tricks:
        parts.append(Text(""))
        parts.append(Text("Tricks", style="bold"))
        parts.append(trick_log(end, namer))
    return Group(*parts)


def _seat_rows(rows: Sequence[dict[str, Any]], louse: bool, looed: str, namer: Namer) -> Table:
    """One row per player: declared, tricks, and the ante, shares, loo and chips (Louse: the penalties), each
    number read from the engine's row for the seat (``deal_rows``); this only styles them."""
    t = Table(box=None, padding=(0, 1), header_style="bold #8a8a8a", show_edge=False, expand=False)
    t.add_column("Player")
    if not louse:
        t.add_column("Declared")
    t.add_column("Tricks")
    if louse:
        t.add_column("Penalty cards")
        t.add_column("Points", justify="right")
        t.add_column("Match", justify="right")
    else:
        t.add_column("Ante", justify="right")
        t.add_column("Won", justify="right")
        t.add_column("Paid", justify="right")
        t.add_column("Chips", justify="right")
    for row in rows:
        cells: list[RenderableType] = [namer.styled(row["seat"])]
        if not louse:
            cells.append(Text(row["declared"] or "—", style="" if row["played"] else "dim"))
        tricks = row["tricks"]
        cells.append(Text(", ".join(f"#{i}" for i in tricks) if tricks else "—"))
        if louse:
            pts = row["points"]
            cells.append(_cards_with_points(row))
            cells.append(Text(str(pts), style="bold #ff8787" if pts else "dim"))
            cells.append(Text(f"{row['match_before']} → {row['match_after']}"))
        else:
            ante, won, paid_, owed = row["ante"], row["won"], row["paid"], row["owed"]
            cells.append(Text(f"−{ante}" if ante else "", style="#8a8a8a"))
            cells.append(Text(f"+{won}" if won else "", style="bold #87d75f"))
            paid = Text("")
            if owed:
                paid = Text(f"−{paid_}", style="bold #ff8787")
                if row["looed"]:
                    paid.append(f" {looed}", style="#ff8787")
                if paid_ < owed:
                    paid.append(f" (owed {owed})", style="dim")
            cells.append(paid)
            delta = row["net"]
            chips = Text(f"{row['stack_before']} → {row['stack_after']}")
            chips.append(f" ({delta:+d})", style="#87d75f" if delta > 0 else "#ff8787" if delta < 0 else "dim")
            cells.append(chips)
        t.add_row(*cells)
    return t


def session_table(
    deals: Sequence[tuple[DealRecord, View]], names: Sequence[str], human: int, louse: bool
) -> Table | Text:
    """Every deal so far (each record with the spectator's view of its end): dealer, outcome, and each player's
    chips (points in Louse) after it."""
    if not deals:
        return Text("No deal has finished yet.", style="dim")
    namer = Namer(names, human)
    t = Table(box=None, padding=(0, 1), header_style="bold #8a8a8a", show_edge=False)
    t.add_column("#", justify="right")
    t.add_column("Dealer")
    t.add_column("Result")
    for s in range(len(names)):
        t.add_column(Text(namer(s)[:8]), justify="right", header_style=YOU if s == human else "bold #8a8a8a")
    if not louse:
        t.add_column("Pool", justify="right")
    for rec, end in deals:
        st = end.settlement
        assert st is not None
        cells: list[RenderableType] = [str(rec.number), Text(namer(end.dealer)), Text(_short_result(st, namer))]
        before = start_of(end).stacks
        for s in range(len(names)):
            if louse:
                pts = st.points[s] if st.points else 0
                cells.append(
                    Text.assemble(
                        str(rec.totals_after[s] if rec.totals_after else pts), (f" +{pts}" if pts else "", "#ff8787")
                    )
                )
            else:
                delta = rec.stacks_after[s] - before[s]
                cells.append(
                    Text.assemble(
                        str(rec.stacks_after[s]),
                        (f" {delta:+d}" if delta else "", "#87d75f" if delta > 0 else "#ff8787"),
                    )
                )
        if not louse:
            cells.append(str(rec.pool_after))
        t.add_row(*cells)
    return t


def final_standings(session: Session, names: Sequence[str], human: int, start_stack: int) -> Group:
    """The end of a session: everyone ranked, best first (fewest penalty points in Louse)."""
    namer = Namer(names, human)
    louse = shape_of(session.rules).scores_points
    seats = sorted(range(session.n), key=(lambda s: session.totals[s]) if louse else (lambda s: -session.stacks[s]))
    t = Table(box=None, padding=(0, 1), header_style="bold #8a8a8a", show_edge=False)
    t.add_column("", justify="right")
    t.add_column("Player")
    t.add_column("Points" if louse else "Chips", justify="right")
    if not louse:
        t.add_column("Net", justify="right")
    for place, s in enumerate(seats, 1):
        row: list[RenderableType] = [f"{place}.", namer.styled(s)]
        if louse:
            row.append(Text(str(session.totals[s]), style="bold #ff8787" if s in session.losers else ""))
        else:
            net = session.stacks[s] - start_stack
            row += [str(session.stacks[s]), Text(f"{net:+d}", style="#87d75f" if net > 0 else "#ff8787" if net else "")]
        t.add_row(*row)
    head = Text(
        f"Final standings after {len(session.records)} deal{'s' if len(session.records) != 1 else ''}",
        style="bold #ffd75f",
    )
    parts: list[RenderableType] = [head, Text(""), t]
    left = session.pool_left()  # chips nobody won: a session cut short, or session_end = exact (SESSION-4)
    if left:
        parts.append(Text(left, style="dim"))
    if session.seed is not None:  # kept secret during play: it names every hidden card
        again = f"Seed {session.seed}: {loo_command()} play --seed {session.seed} deals the same cards again."
        parts.append(Text(again, style="dim"))
    return Group(*parts)


def _short_result(st: Settlement, namer: Namer) -> str:
    if st.kind is SettlementKind.NO_PLAY:
        return "all out, carried"
    if st.kind is SettlementKind.UNCONTESTED:
        return f"{namer(st.winners[0])} unopposed"
    if st.kind is SettlementKind.FLUSH:
        return f"flush: {', '.join(namer(w) for w in st.winners)}"
    if st.kind is SettlementKind.LOUSE:
        top = max(st.points) if st.points else 0
        worst = next((s for s, p in enumerate(st.points) if p == top), None)
        return f"most: {namer(worst)} {top}" if top and worst is not None else "no points"
    if st.looed:
        return f"looed: {', '.join(namer(s) for s in st.looed)}"
    return "no loo"
