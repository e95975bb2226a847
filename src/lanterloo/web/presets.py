"""The lobby's catalogue of games (``GET /api/presets``): each preset with its title, players and bots, and the
house rules its create form offers, each in words, only with the values the engine accepts for that game, and only
while the options it needs are set (``shown_when``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from lanterloo.bots.base import bot_names
from lanterloo.engine import shape_of
from lanterloo.errors import LooError
from lanterloo.rules import PRESET_INFO, rules_with
from lanterloo.rules.applies import option_applies, option_lines
from lanterloo.rules.options import OPTION_HINTS
from lanterloo.rules.optionwords import GROUPS
from lanterloo.web.wording import default_players, option_words_json, shown_when_json


@cache
def _offered(preset: str) -> frozenset[str]:
    """The options the lobby offers for ``preset``: those that change something under its rules, or under its rules
    with one other option changed (Bold Stand's withdrawal of the Miss once Bold Stand is on). The rest (Louse's
    target for three-card) would do nothing."""
    base = PRESET_INFO[preset].rules
    lines = [line for line in option_lines(base) if line.name not in ("preset", "game")]
    offered = {line.name for line in lines if option_applies(base, line.name)}
    for line in lines:
        for choice in line.choices or ((True, False) if isinstance(line.value, bool) else ()):
            try:
                changed = rules_with(preset, {line.name: str(choice).lower() if isinstance(choice, bool) else choice})
            except (LooError, TypeError, ValueError):
                continue
            offered.update(other.name for other in lines if option_applies(changed, other.name))
    return frozenset(offered)


#: Whole-number options whose legal values are a few, offered as a choice rather than a free box.
FEW_VALUES = {"hand_size": range(1, 11)}


@cache
def _allowed(preset: str, name: str) -> tuple[Any, ...] | None:
    """The values of option ``name`` the engine accepts for ``preset`` (Louse's jack trumps are not a Loo choice; a
    hand holds 3 or 5 cards), so the form never offers what the server would refuse; None for a free number."""
    line = next(x for x in option_lines(PRESET_INFO[preset].rules) if x.name == name)
    values = line.choices if line.choices is not None else FEW_VALUES.get(name)
    if values is None and isinstance(line.value, bool):
        values = (True, False)
    if values is None:
        return None
    ok = []
    for value in values:
        try:
            rules_with(preset, {name: str(value).lower() if isinstance(value, bool) else value})
        except (LooError, TypeError, ValueError):
            continue
        ok.append(value)
    return tuple(ok)


def presets_json() -> dict[str, Any]:
    out = []
    for name, info in PRESET_INFO.items():
        r = info.rules
        options = []
        # an option with one value the engine accepts here changes nothing: the form does not offer it
        form = {n for n in _offered(name) if (a := _allowed(name, n)) is None or len(a) > 1}
        for line in option_lines(r):
            if line.name in ("preset", "game") or line.name not in form:
                continue
            item: dict[str, Any] = {"name": line.name, "default": line.value, "rule": line.rule, "help": line.doc}
            allowed = _allowed(name, line.name)
            if allowed is not None and not isinstance(line.value, bool):
                item["choices"] = list(allowed)
            else:
                item["type"] = OPTION_HINTS[line.name].__name__
            when = shown_when_json(line.name, r, form)
            if when is not None:
                item["shown_when"] = when
            said = option_words_json(line.name)
            if allowed is not None and "words" in said:
                said["words"] = [w for w in said["words"] if w["value"] in allowed]
            options.append(item | said)
        out.append(
            {
                "name": name,
                "title": info.display_title,
                "summary": info.summary,
                "game": r.game,
                "players": list(r.player_range()),
                "default_players": default_players(name),
                # what the create form asks beside the options: a Louse match is of points, not chips, and ends at
                # its losing total, never after a number of deals (POST /api/tables refuses one)
                "asks_stack": not shape_of(r).scores_points,
                "asks_deals": not shape_of(r).scores_points,
                "options": options,
            }
        )
    groups = [{"name": k, "title": v} for k, v in GROUPS.items()]
    return {"presets": out, "bots": bot_names(), "groups": groups}
