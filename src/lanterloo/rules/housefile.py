"""House variants written in a TOML file, one table per variant, registered with ``load_variants(path)``::

    [friday]
    base = "three-card"            # a registered variant or alias (required)
    title = "Friday Loo"           # optional; so are summary, notes, source and aliases
    aliases = ["fri"]

    [friday.options]               # the house rules, as `loo rules` names them
    loo_penalty = "pool"
    club_law = true

The ``loo`` command reads the files named by the environment variable ``LANTERLOO_VARIANTS``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from lanterloo.errors import RulesError
from lanterloo.rules.registry import Preset, register_variant

_KEYS = {"base", "title", "summary", "notes", "source", "aliases", "options"}


def _text(table: dict[str, Any], key: str, name: str) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise RulesError(f"In variant {name!r}, {key} must be text.")
    return value


def load_variants(path: str | Path) -> list[Preset]:
    """Register every house variant of the TOML file at ``path``, in file order; returns them."""
    try:
        with open(path, "rb") as fp:
            data = tomllib.load(fp)
    except OSError as e:
        raise RulesError(f"The variants file {str(path)!r} cannot be read ({e.strerror or e}).") from None
    except tomllib.TOMLDecodeError as e:
        raise RulesError(f"The variants file {str(path)!r} is not valid TOML ({e}).") from None
    out: list[Preset] = []
    for name, table in data.items():
        if not isinstance(table, dict):
            raise RulesError(f'In {str(path)!r}, {name!r} must be a table: [{name}] with base = "...".')
        unknown = sorted(set(table) - _KEYS)
        if unknown:
            raise RulesError(f"Variant {name!r} has an unknown key {unknown[0]!r}; keys: {', '.join(sorted(_KEYS))}.")
        if "base" not in table:
            raise RulesError(f"Variant {name!r} needs a base, the variant it is built on.")
        options = table.get("options", {})
        aliases = table.get("aliases", [])
        if not isinstance(options, dict):
            raise RulesError(f"In variant {name!r}, options must be a table: [{name}.options].")
        if not (isinstance(aliases, list) and all(isinstance(a, str) for a in aliases)):
            raise RulesError(f"In variant {name!r}, aliases must be a list of names.")
        out.append(
            register_variant(
                name,
                base=_text(table, "base", name),
                options=options,
                title=_text(table, "title", name),
                summary=_text(table, "summary", name),
                notes=_text(table, "notes", name),
                source=_text(table, "source", name),
                aliases=tuple(aliases),
            )
        )
    return out
