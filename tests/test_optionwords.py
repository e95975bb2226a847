"""Every rules option in words (lanterloo.rules.optionwords): a group, a label, one line, and every choice said, so
that no client shows a player a raw engine key."""

from __future__ import annotations

from typing import Any

import pytest

from lanterloo.errors import LooError
from lanterloo.rules import OPTION_FIELDS, OPTION_HINTS, PRESET_INFO, option_choices, rules_with
from lanterloo.rules.applies import option_applies
from lanterloo.rules.optionwords import GROUPS, NOT_HOUSE_RULES, OPTION_WORDS, house_rules_said, said

OPTIONS = sorted(set(OPTION_FIELDS) - NOT_HOUSE_RULES)


@pytest.mark.parametrize("name", OPTIONS)
def test_every_option_has_a_group_a_label_a_line_and_words_for_every_choice(name: str) -> None:
    w = OPTION_WORDS[name]
    assert w.group in GROUPS
    assert w.label and w.label[0].isupper() and "_" not in w.label
    assert w.line.endswith(".") and "_" not in w.line
    hint = OPTION_HINTS[name]
    choices = option_choices(name) or ((True, False) if hint is bool else ())
    if hint is int:
        assert "{}" in w.amount, name
        assert said(name, 7).replace("7", "") != said(name, 7)
    else:
        assert set(w.words) == set(choices), name
        for choice in choices:
            text = said(name, choice)
            assert text and "_" not in text, (name, choice)
        # two choices are never said alike
        assert len({said(name, c) for c in choices}) == len(choices), name


def test_no_words_for_an_option_that_does_not_exist() -> None:
    assert set(OPTION_WORDS) == set(OPTIONS)


def test_house_rules_are_said_in_words_and_the_preset_has_none() -> None:
    # LOO-POOL-3: the cost of a loo, Unlimited
    assert house_rules_said(rules_with("three-card", {"loo_penalty": "pool"})) == [
        "a loo costs the whole pool (Unlimited Loo)"
    ]
    assert house_rules_said(rules_with("five-card", {"ante": 7, "club_law": True})) == [
        "antes of 7 chips",
        "Club Law: everyone plays when clubs are trumps",
    ]
    for info in PRESET_INFO.values():
        assert house_rules_said(info.rules) == []


def _trials(option: dict[str, Any]) -> list[Any]:
    """The settings of a form field tried: every choice, both of a toggle, a few whole numbers."""
    if "choices" in option:
        return list(option["choices"])
    if isinstance(option["default"], bool):
        return [True, False]
    return sorted({option["default"], 0, 1, 3, 5})


@pytest.mark.parametrize("preset", sorted(PRESET_INFO))
def test_the_form_shows_an_option_exactly_when_it_changes_something(preset: str) -> None:
    """A house rule whose use depends on another option (``optionshown.SHOWN_WHEN``, sent as ``shown_when`` by
    /api/presets) is shown by the lobby's form exactly when the engine says it can change anything
    (``option_applies``): under the game's own rules, with any one option changed, and with any two of the options
    others depend on changed."""
    pytest.importorskip("fastapi")
    from lanterloo.web.presets import presets_json
    from lanterloo.web.wording import shown

    options = next(p for p in presets_json()["presets"] if p["name"] == preset)["options"]
    by_name = {o["name"]: o for o in options}
    parents = sorted({w["option"] for o in options for alt in o.get("shown_when") or [] for w in alt})
    assert set(parents) <= set(by_name)  # only what the form offers is tested by the page
    changes: list[dict[str, Any]] = [{}]
    changes += [{o["name"]: v} for o in options for v in _trials(o)]
    changes += [
        {a: va, b: vb}
        for i, a in enumerate(parents)
        for b in parents[i + 1 :]
        for va in _trials(by_name[a])
        for vb in _trials(by_name[b])
    ]
    tried = 0
    for change in changes:
        try:
            rules = rules_with(preset, change)
        except (LooError, TypeError, ValueError):
            continue  # a setting the rules refuse: the server says why when the form sends it
        tried += 1
        values = {o["name"]: change.get(o["name"], o["default"]) for o in options}
        for o in options:
            assert shown(o.get("shown_when"), values) == option_applies(rules, o["name"]), (preset, change, o["name"])
    assert tried > len(options)
    if preset == "three-card":  # the check has teeth: Bold Stand's Miss waits for Bold Stand
        assert "shown_when" in by_name["bold_stand_withdraw_miss"]
