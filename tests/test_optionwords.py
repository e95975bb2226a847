"""Every rules option in words (lanterloo.rules.optionwords): a group, a label, one line, and every choice said, so
that no client shows a player a raw engine key."""

from __future__ import annotations

import pytest

from lanterloo.rules import OPTION_FIELDS, OPTION_HINTS, PRESET_INFO, option_choices, rules_with
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
