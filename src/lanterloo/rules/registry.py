"""The variant registry: every named game the clients offer, built-in presets and house variants alike.

A *preset* is a variant that stands on its own (the built-in ones register themselves in ``presets.py``); a *house
variant* is a registered variant plus options, under its own name::

    register_variant("friday", base="three-card", options={"loo_penalty": "pool"}, title="Friday Loo")

Both are looked up with ``find_variant`` (aliases too). The clients (``loo variants``, ``loo rules``, the terminal
game, the golden-playthrough test, the docs checks) read this registry rather than a list of their own.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanterloo.errors import RulesError
from lanterloo.rules.options import VARIANT_NAME, Rules


@dataclass(frozen=True)
class Preset:
    """A registered variant: its rules and what the clients say about it."""

    name: str
    rules: Rules
    #: where the rules come from: a rules text by title and key (docs/sources.md), or for a house variant whatever
    #: its author cites
    source: str
    summary: str
    #: the advised number of players, each figure credited to its source
    recommended: str
    aliases: tuple[str, ...] = ()
    notes: str = ""
    #: the name shown in titles ("3-card Loo"); the variant's name when empty
    title: str = ""
    #: the docs page that explains the variant, relative to the repository
    docs: str = ""
    #: a house variant's base variant; None for a preset
    base: str | None = None
    #: (players, seed) of the golden playthrough kept in tests/golden/<name>.txt; None for no golden file
    golden: tuple[int, int] | None = None

    @property
    def display_title(self) -> str:
        return self.title or self.name

    @property
    def is_house(self) -> bool:
        return self.base is not None

    def docs_here(self) -> str | None:
        """The docs page as a path a player can open, when this installation has it (a source checkout); None
        after ``pip install``, where ``docs/`` is not shipped and naming it would send the player nowhere."""
        if not self.docs:
            return None
        page = Path(__file__).resolve().parents[3] / self.docs
        return str(page) if page.is_file() else None


#: A registered variant, preset or house variant (the same record).
Variant = Preset

PRESETS: dict[str, Rules] = {}
PRESET_INFO: dict[str, Preset] = {}
ALIASES: dict[str, str] = {}


def _check_name(name: str, what: str) -> None:
    if not VARIANT_NAME.fullmatch(name):
        raise RulesError(
            f"The {what} {name!r} is not a variant name: use lowercase letters and digits joined by hyphens."
        )


def register_preset(preset: Preset) -> Preset:
    """Add a variant to the registry; its rules must name it (``rules.preset == preset.name``).

    Registering the same record again is allowed (a module imported twice); another record under a taken name or
    alias is refused, so a house variant cannot silently replace a preset.
    """
    _check_name(preset.name, "variant")
    for alias in preset.aliases:
        _check_name(alias, "alias")
    if preset.rules.preset != preset.name:
        raise RulesError(f"The rules of variant {preset.name!r} name the preset {preset.rules.preset!r}.")
    if PRESET_INFO.get(preset.name) == preset:
        return preset
    for key in (preset.name, *preset.aliases):
        if key in PRESET_INFO or key in ALIASES:
            raise RulesError(f"The name {key!r} is already taken by the variant {ALIASES.get(key, key)!r}.")
    PRESETS[preset.name] = preset.rules
    PRESET_INFO[preset.name] = preset
    for alias in preset.aliases:
        ALIASES[alias] = preset.name
    return preset


def register_variant(
    name: str,
    *,
    base: str,
    options: dict[str, Any] | None = None,
    title: str = "",
    summary: str = "",
    aliases: tuple[str, ...] = (),
    notes: str = "",
    source: str = "",
) -> Preset:
    """Register a house variant: ``base`` (a registered variant or alias) with ``options`` applied, under ``name``.

    Option values may be typed values or text as on a command line. What is not given is taken from the base:
    the title and summary are derived from it, the source, player advice and docs page are the base's.
    """
    from lanterloo.rules.parse import rules_with

    _check_name(name, "variant")
    parent = find_variant(base)
    rules = dataclasses.replace(rules_with(parent.name, options), preset=name)
    changed = {k: v for k, v in rules.to_dict().items() if k != "preset" and getattr(parent.rules, k) != v}
    if not summary:
        house = ", ".join(f"{k}={_text(v)}" for k, v in changed.items()) or "no changes"
        summary = f"{parent.display_title} with house rules: {house}."
    return register_preset(
        Preset(
            name,
            rules,
            source or parent.source,
            summary,
            parent.recommended,
            aliases=aliases,
            notes=notes,
            title=title or f"{parent.display_title} ({name})",
            docs=parent.docs,
            base=parent.name,
        )
    )


def unregister_variant(name: str) -> None:
    """Remove a house variant (presets stay: the rest of the library relies on them)."""
    info = find_variant(name)
    if not info.is_house:
        raise RulesError(f"{info.name!r} is a preset, not a house variant; presets cannot be removed.")
    del PRESETS[info.name], PRESET_INFO[info.name]
    for alias in info.aliases:
        ALIASES.pop(alias, None)


def resolve_preset(name: str) -> str:
    """The registered name of a variant or alias (case and spaces ignored); RulesError when there is none."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        known = ", ".join(PRESETS)
        raise RulesError(f"Unknown variant {name!r}: choose one of {known}.")
    return key


def find_variant(name: str) -> Preset:
    """The registered variant called ``name`` or aliased so; RulesError when there is none."""
    return PRESET_INFO[resolve_preset(name)]


def variant_names() -> tuple[str, ...]:
    """Every registered variant, presets first in the order they registered, then house variants."""
    return tuple(PRESET_INFO)


def base_preset_rules(name: str) -> Rules | None:
    """The rules of the preset that the registered variant ``name`` stands on: its own for a preset, its base
    preset's for a house variant (through any house variants between); None when ``name`` is not registered or a
    base on the way was removed."""
    info = PRESET_INFO.get(name)
    while info is not None and info.base is not None:
        info = PRESET_INFO.get(info.base)
    return None if info is None else info.rules


def base_preset(name: str) -> str | None:
    """The name of the preset that the registered variant ``name`` stands on (see ``base_preset_rules``)."""
    rules = base_preset_rules(name)
    return None if rules is None else rules.preset


def golden_variants() -> dict[str, tuple[int, int]]:
    """The variants that keep a golden playthrough, with its (players, seed)."""
    return {name: p.golden for name, p in PRESET_INFO.items() if p.golden is not None}


def title(rules: Rules) -> str:
    """The name a client shows for the game these rules are: the variant's title, else its name."""
    info = PRESET_INFO.get(rules.preset)
    return info.display_title if info is not None else rules.preset


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)
