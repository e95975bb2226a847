"""Options as typed on a command line: ``KEY=VALUE`` pairs turned into a variant's rules."""

from __future__ import annotations

import dataclasses
from typing import Any

from lanterloo.errors import NotationError, RulesError
from lanterloo.rules.applies import GAME_NAMES, option_games
from lanterloo.rules.options import OPTION_FIELDS, OPTION_HINTS, Rules
from lanterloo.rules.registry import PRESETS, resolve_preset
from lanterloo.wholetext import parse_whole


def _check_name(name: str) -> None:
    """An option a command line may set. The variant and its game are what the options change, not options."""
    if name in ("preset", "game"):
        raise RulesError(f"The {name} is not an option to set: choose the variant (`loo variants` lists them).")
    if name not in OPTION_FIELDS:
        raise RulesError(f"Unknown rules option {name!r}; `loo rules VARIANT` lists them.")


def _check_game(base: Rules, name: str) -> None:
    _check_name(name)
    games = option_games(name)
    if base.game not in games:
        owners = " and ".join(GAME_NAMES[g] for g in games)
        raise RulesError(
            f"Option {name} belongs to {owners} and changes nothing in {base.preset}, a game of "
            f"{GAME_NAMES[base.game]}; `loo rules {base.preset}` lists its options."
        )


def parse_option_value(name: str, text: str) -> Any:
    """Turn the text of ``KEY=VALUE`` into the option's type, or raise RulesError naming the problem."""
    _check_name(name)
    hint = OPTION_HINTS[name]
    if hint is bool:
        low = text.strip().lower()
        if low in ("true", "on", "yes", "1"):
            return True
        if low in ("false", "off", "no", "0"):
            return False
        raise RulesError(f"Option {name} must be true or false, not {text!r}.")
    if hint is int:
        # the hand-history reader's grammar and bound, so a value written by `loo simulate -o` verifies; no whole-
        # number option takes a negative value (_validate says which range each has)
        try:
            return parse_whole(text, f"Option {name}", signed=False)
        except NotationError as e:
            raise RulesError(str(e)) from None
    return text.strip()


def rules_with(preset: str, options: dict[str, Any] | None = None, *, own_game: bool = False) -> Rules:
    """Rules of a registered variant (or alias) with options applied; values may be text as typed on a command line.

    With ``own_game`` (the options a user typed: the ``loo`` commands, ``loo play``), an option of another game
    (``lou_draw`` for three-card) is refused rather than shown as a house rule that does nothing. Not by default:
    a caller may carry a whole set of options from elsewhere (a preset carries every field), and those of another
    game are harmless there.
    """
    base = PRESETS[resolve_preset(preset)]
    if not options:
        return base
    if own_game:
        for k in options:
            _check_game(base, k)
    changes = {
        k: (parse_option_value(k, v) if isinstance(v, str) and OPTION_HINTS.get(k) is not str else v)
        for k, v in options.items()
    }
    for k in changes:
        _check_name(k)
    return dataclasses.replace(base, **changes)


def parse_options(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for p in pairs:
        if "=" not in p:
            raise RulesError(f"Option {p!r} must be written KEY=VALUE.")
        k, v = p.split("=", 1)
        out[k.strip()] = v
    return out
