"""The terminal game's rules panel. Which rules and options are in force comes from the engine
(``lanterloo.rules.rules_in_force`` and ``option_lines``, the list ``loo rules`` prints too), so the panel cannot
claim a duty the engine does not enforce."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lanterloo.ruleids import RULES
from lanterloo.rules import PRESET_INFO, Rules, option_lines, rules_in_force, title, value_text


def panel_options(rules: Rules) -> list[str]:
    """The names of the options the panel lists, in order (the options in force)."""
    return [o.name for o in option_lines(rules) if o.applies]


def rules_panel(rules: Rules, options: dict[str, Any]) -> Group:
    """The variant, the rules it plays by (with their IDs), and every option in force as played; house rules
    marked."""
    info = PRESET_INFO.get(rules.preset)
    parts: list[RenderableType] = [Text(title(rules), style="bold #ffd75f")]
    if info is not None:
        parts.append(Text(info.summary))
        parts.append(Text(f"Players: {info.recommended}", style="dim"))
        if info.notes:
            parts.append(Text(info.notes, style="dim italic"))
    lines = option_lines(rules)
    changed = [o for o in lines if o.differs]
    if changed:
        parts.append(
            Text("House rules: " + ", ".join(f"{o.name}={value_text(o.value)}" for o in changed), style="#ffaf00")
        )
    parts.append(Text("\nRules", style="bold #d7af5f"))
    rt = Table(box=None, padding=(0, 1), show_header=False, show_edge=False, expand=True)
    rt.add_column(no_wrap=True, style="#5fafff")
    rt.add_column(ratio=1)
    for rid in rules_in_force(rules):
        rt.add_row(rid, RULES[rid].title)
    parts.append(rt)
    parts.append(Text("\nOptions as played", style="bold #d7af5f"))
    t = Table(box=None, padding=(0, 1), show_header=False, show_edge=False, expand=True)
    t.add_column(ratio=1)
    t.add_column(no_wrap=True, style="#5fafff")
    hidden = 0
    for o in lines:
        if not o.applies:
            hidden += 1
            continue
        cell = Text.assemble((o.name, "bold"), " = ", (value_text(o.value), "#ffaf00 bold" if o.differs else "#87d75f"))
        if o.differs:
            cell.append(" (house rule)", style="#ffaf00")
        cell.append(f"\n  {o.doc}", style="#8a8a8a")
        t.add_row(cell, o.rule)
    parts.append(t)
    if hidden:
        parts.append(
            Text(
                f"\n{hidden} options change nothing in this game as set; `loo rules {rules.preset}` lists them.",
                style="dim",
            )
        )
    if options:
        parts.append(Text("Command line: " + " ".join(f"--option {k}={v}" for k, v in options.items()), style="dim"))
    return Group(*parts)
