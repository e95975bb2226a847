"""The terminal game's rules panel and rules page. What they say comes from the engine: the plain sentences of
``lanterloo.rules.how_it_is_played`` and the rules and options in force (``rules_in_force``, ``option_lines``),
the same functions ``loo rules`` prints from, so neither can claim a duty the engine does not enforce."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lanterloo.ruleids import RULES
from lanterloo.rules import (
    PRESET_INFO,
    PRESETS,
    Rules,
    how_it_is_played,
    option_lines,
    rules_in_force,
    title,
    value_text,
)


def panel_options(rules: Rules) -> list[str]:
    """The names of the options the panel lists, in order (the options in force)."""
    return [o.name for o in option_lines(rules) if o.applies]


def rules_panel(rules: Rules, options: dict[str, Any]) -> Group:
    """The variant, the rules it plays by (with their IDs), and every option in force as played; house rules
    marked."""
    return Group(*_heading(rules), *_in_force(rules, options))


def rules_page(rules: Rules, options: dict[str, Any]) -> Group:
    """The full-screen rules page (``r``): the variant, how it is played in the plain sentences ``loo rules``
    prints for these very rules (house rules and house variants included), then the rules and options in force
    with their IDs, as the panel lists them."""
    parts = _heading(rules)
    info = PRESET_INFO.get(rules.preset)
    if info is not None and info.base is not None:
        base = PRESETS.get(info.base)
        changed = (
            [f"{k}={value_text(v)}" for k, v in rules.to_dict().items() if k != "preset" and getattr(base, k) != v]
            if base is not None
            else []
        )
        note = f"A house variant of {info.base}" + (": " + ", ".join(changed) if changed else "") + "."
        parts.append(Text(note, style="#ffaf00"))
    parts.append(Text(f"\nHow {title(rules)} is played", style="bold #d7af5f"))
    plain = Table(box=None, padding=(0, 1, 0, 0), show_header=False, show_edge=False, expand=True)
    plain.add_column(no_wrap=True)
    plain.add_column(ratio=1)
    for sentence in how_it_is_played(rules):
        plain.add_row(" •", Text(sentence))
    parts.append(plain)
    page = info.docs_here() if info is not None else None
    if page is not None:
        parts.append(Text(f"The full rules, rule by rule: {page}", style="dim"))
    return Group(*parts, *_in_force(rules, options))


def _heading(rules: Rules) -> list[RenderableType]:
    info = PRESET_INFO.get(rules.preset)
    parts: list[RenderableType] = [Text(title(rules), style="bold #ffd75f")]
    if info is not None:
        parts.append(Text(info.summary))
        lo, hi = rules.player_range()
        allowed = f"{lo}" if lo == hi else f"{lo} to {hi}"
        parts.append(Text(f"Players: {allowed}. Recommended: {info.recommended}.", style="dim"))
        if info.notes:
            parts.append(Text(info.notes, style="dim italic"))
    changed = [o for o in option_lines(rules) if o.differs]
    if changed:
        parts.append(
            Text("House rules: " + ", ".join(f"{o.name}={value_text(o.value)}" for o in changed), style="#ffaf00")
        )
    return parts


def _in_force(rules: Rules, options: dict[str, Any]) -> list[RenderableType]:
    parts: list[RenderableType] = [Text("\nRules", style="bold #d7af5f")]
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
    lines = option_lines(rules)
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
    return parts
