"""What the lobby says about a game beyond its engine keys: each option in words (``rules/optionwords.py``) and the
number of players at its default table."""

from __future__ import annotations

from typing import Any

from lanterloo.rules import PRESET_INFO
from lanterloo.rules.optionwords import OPTION_WORDS


def option_words_json(name: str) -> dict[str, Any]:
    """An option as a person reads it: its group, label and line, each choice in words (``words``, a list of
    ``{value, text}``), and for a whole number the phrase it goes into (``amount``, with ``{}`` for the number)."""
    w = OPTION_WORDS[name]
    out: dict[str, Any] = {"group": w.group, "label": w.label, "line": w.line}
    if w.words:
        out["words"] = [{"value": v, "text": t} for v, t in w.words.items()]
    if w.amount:
        out["amount"] = w.amount
    return out


def default_players(preset: str) -> int:
    """The players at a variant's default table: five, or the nearest count it allows (as ``loo play`` chooses)."""
    lo, hi = PRESET_INFO[preset].rules.player_range()
    return min(max(5, lo), hi)
