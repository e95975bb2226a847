"""What the lobby says about a game beyond its engine keys: each option in words (``rules/optionwords.py``) and the
number of players at its default table."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from lanterloo.rules import PRESET_INFO, Rules
from lanterloo.rules.optionshown import SHOWN_WHEN
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


def shown_when_json(name: str, base: Rules, offered: Collection[str]) -> list[list[dict[str, Any]]] | None:
    """When the lobby's form shows option ``name`` for a game whose own rules are ``base`` and whose form offers
    ``offered`` (``optionwords.SHOWN_WHEN``): None when always; else alternatives, any of which shows it, each a list
    of ``{"option", "is"}`` or ``{"option", "not"}`` settings of offered options that must all hold. A setting of an
    option the form does not offer is the game's own, so it is decided here."""
    alternatives = SHOWN_WHEN.get(name)
    if not alternatives:
        return None
    out: list[list[dict[str, Any]]] = []
    for alt in alternatives:
        kept = [w for w in alt if w.option in offered]
        if not all(w.holds(getattr(base, w.option)) for w in alt if w.option not in offered):
            continue  # never, for this game
        if not kept:
            return None  # always, for this game
        out.append([w.to_json() for w in kept])
    return out


def shown(when: list[list[dict[str, Any]]] | None, values: Mapping[str, Any]) -> bool:
    """Whether the form shows an option under ``when`` (``shown_when_json``) with its fields at ``values``: the page's
    test (houserules.js), which compares the values as text."""
    if when is None:
        return True

    def holds(w: dict[str, Any]) -> bool:
        value = str(values[w["option"]]).lower()
        if "is" in w:
            return value in [str(x).lower() for x in w["is"]]
        return value not in [str(x).lower() for x in w["not"]]

    return any(all(holds(w) for w in alt) for alt in when)
