"""The Session tab of the side panel: the session so far, drawn to fit a narrow panel without cutting a name.

The deal summary's session table (``summary.session_table``) has a column per player, which a 46-column panel can
only show as "De… Ba…". Here the players are the rows, with their full names, and the finished deals are the
columns, the latest ones that fit; under the table, one line per deal says how it ended (the narrator's sentence).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lanterloo.engine import View
from lanterloo.session import DealRecord
from lanterloo.tui.summary import start_of
from lanterloo.tui.text import Namer, narrator

_COLUMN = 6  # a deal's column: up to five digits and a space


def session_panel(
    deals: Sequence[tuple[DealRecord, View]], names: Sequence[str], human: int, louse: bool, width: int
) -> RenderableType:
    """Every player's chips (points in Louse) after each of the latest deals that fit in ``width`` columns."""
    if not deals:
        return Text("No deal has finished yet.", style="dim")
    namer = Namer(names, human)
    name_width = max(len(namer(s)) for s in range(len(names)))
    fit = max(1, (width - name_width - 1) // _COLUMN)
    shown = list(deals)[-fit:]
    t = Table(box=None, padding=(0, 0, 0, 1), header_style="bold #8a8a8a", show_edge=False)
    t.add_column("Points" if louse else "Chips", no_wrap=True, min_width=name_width)
    for rec, _ in shown:
        t.add_column(f"#{rec.number}", justify="right", no_wrap=True, min_width=_COLUMN - 1)
    for s in range(len(names)):
        row: list[RenderableType] = [namer.styled(s)]
        for rec, end in shown:
            if louse:  # penalty points: any taken is bad news
                st = end.settlement
                taken = st.points[s] if st is not None and st.points else 0
                after = rec.totals_after[s] if rec.totals_after else taken
                style = "#ff8787" if taken else ""
            else:
                after = rec.stacks_after[s]
                change = after - start_of(end).stacks[s]
                style = "#87d75f" if change > 0 else "#ff8787" if change < 0 else ""
            row.append(Text(str(after), style=style))
        t.add_row(*row)
    if not louse:
        t.add_row(Text("Pool", style="dim"), *(Text(str(rec.pool_after), style="dim") for rec, _ in shown))
    lines: list[RenderableType] = [t, Text("")]
    if len(shown) < len(deals):
        lines.append(Text(f"The latest {len(shown)} of {len(deals)} deals; the summary lists them all.", style="dim"))
    for rec, end in reversed(list(deals)):
        st = end.settlement
        if st is None:
            continue
        said = narrator(namer, end.rules).outcome(st)
        lines.append(Text.assemble((f"#{rec.number} ", "bold"), (f"{namer(end.dealer)} dealt. ", "dim"), said))
    return Group(*lines)
