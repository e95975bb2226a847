"""``loo variants`` and ``loo rules``: what can be played, and how a variant is played, read from the registry."""

from __future__ import annotations

import argparse
import json
import textwrap
from typing import Any

from lanterloo.cli.common import WIDTH, UsageError, table_rules
from lanterloo.errors import LooError
from lanterloo.rules import (
    ALIASES,
    base_preset_rules,
    find_variant,
    how_it_is_played,
    option_lines,
    value_text,
    variant_names,
)


def cmd_variants(ns: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for name in variant_names():
        info = find_variant(name)
        lo, hi = info.rules.player_range()
        aliases = sorted(a for a, target in ALIASES.items() if target == name)
        rows.append(
            {
                "name": name,
                "title": info.display_title,
                "base": info.base,
                "aliases": aliases,
                "players": [lo, hi],
                "summary": info.summary,
                "recommended": info.recommended,
                "source": info.source,
            }
        )
    if ns.json:
        print(json.dumps({"variants": rows}, ensure_ascii=False))
        return 0
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        also = f"  (also: {', '.join(r['aliases'])})" if r["aliases"] else ""
        house = f"  (house variant of {r['base']})" if r["base"] else ""
        lo, hi = r["players"]
        count = f"{lo} players" if lo == hi else f"{lo}–{hi} players"
        print(f"{r['name']:<{width}}  {count}{also}{house}")
        print(f"{'':<{width}}  {r['summary']}")
        print(f"{'':<{width}}  Source: {r['source']}")
    print(
        "\n`loo rules VARIANT` shows how a variant is played and every option.\ndocs/sources.md describes each source."
    )
    return 0


def cmd_rules(ns: argparse.Namespace) -> int:
    try:
        info = find_variant(ns.variant)
    except LooError as e:
        raise UsageError(str(e)) from None
    name = info.name
    rules = table_rules(name, ns.option)
    diff = rules.differences()
    lo, hi = rules.player_range()
    lines = option_lines(rules)
    teach = how_it_is_played(rules)
    if ns.json:
        options = {
            o.name: {
                "value": o.value,
                "preset": o.preset_value,
                "differs": o.differs,
                "rule": o.rule,
                "doc": o.doc,
                "choices": list(o.choices) if o.choices is not None else None,
                "applies": o.applies,
            }
            for o in lines
        }
        print(
            json.dumps(
                {
                    "variant": name,
                    "title": info.display_title,
                    "base": info.base,
                    "summary": info.summary,
                    "source": info.source,
                    "players": [lo, hi],
                    "recommended": info.recommended,
                    "notes": info.notes,
                    "docs": info.docs,
                    "how_it_is_played": teach,
                    "differences": diff,
                    "options": options,
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(f"{name}: {info.summary}")
    if info.base:
        print(f"A house variant of {info.base}.")
    print(f"Source: {info.source} (docs/sources.md)")
    players = f"{lo}" if lo == hi else f"{lo} to {hi} (the most the pack allows)"
    print(_fill(f"Players: {players}. Recommended: {info.recommended}."))
    if info.notes:
        print(_fill(f"Notes: {info.notes}"))
    # A house variant is compared with the preset it stands on, so its own house rules are marked too.
    base = base_preset_rules(name) or info.rules
    if diff:
        preset = ", ".join(value_text(getattr(base, k)) for k in diff)
        print(
            "House rules: "
            + ", ".join(f"{k}={value_text(v)}" for k, v in diff.items())
            + f" (marked *; the {base.preset} preset has {preset})."
        )
    else:
        print(f"These are the {name} preset's rules, unchanged.")
    print("\nHow it is played:")
    for sentence in teach:
        print(_fill(sentence, "  - ", "    "))
    page = info.docs_here()
    if page is not None:
        print(f"The full rules, rule by rule: {page}")
    print("\nOptions:")
    width = max(len(o.name) + 3 + len(value_text(o.value)) for o in lines)
    indent = " " * (2 + width + 2 + 14)
    for o in lines:
        if not o.applies:
            continue
        mark = "*" if o.differs else " "
        setting = f"{o.name} = {value_text(o.value)}"
        text = o.doc
        if o.choices is not None:
            text += "; choices: " + " | ".join(value_text(c) for c in o.choices)
        if o.differs:
            text += f"; the preset has {value_text(o.preset_value)}"
        print(_fill(text, f"{mark} {setting:<{width}}  {o.rule:<13} ", indent, max(WIDTH, len(indent) + 40)))
    unused = [o.name for o in lines if not o.applies]
    if unused:
        print()
        print(_fill(f"Options that change nothing in {rules.game} as set here: " + ", ".join(unused) + "."))
    print("\nChange an option with --option KEY=VALUE (preset and game describe the preset and cannot be set).")
    return 0


def _fill(text: str, first: str = "", rest: str = "", width: int = WIDTH) -> str:
    return textwrap.fill(text, width=width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)
