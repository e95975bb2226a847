"""Defects a fresh-clone attacker review found in the Lou ante and the saves, each refused with one sentence."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import lanterloo
from lanterloo import Ante, Deal, LooError, LooTypeError, NotationError, parse_action, rules_with
from lanterloo.wholetext import MAX_INT_DIGITS
from test_history_proof import records, refused, write

pytest.importorskip("cryptography")
from lanterloo.tui import save, savefiles


@pytest.mark.parametrize("amount", [6.0, "6", None, True])
def test_LOU_ANTE_2_an_ante_of_another_type_is_refused_with_the_librarys_error(amount: object) -> None:
    with pytest.raises(LooTypeError, match="An ante is a whole number of chips"):
        Ante(amount)  # type: ignore[arg-type]


def test_LOU_ANTE_2_an_ante_with_too_many_digits_is_refused() -> None:
    with pytest.raises(NotationError, match=f"at most {MAX_INT_DIGITS} digits"):
        Ante(10**50)


@pytest.mark.parametrize("text", ["ante ²", "ante ①", "ante ６", "ante 03", "ante +6", "ante " + "9" * 5000])
def test_LOU_ANTE_2_an_ante_is_read_by_the_one_whole_number_grammar(text: str) -> None:
    with pytest.raises(NotationError, match="An ante") as err:
        parse_action(text)
    assert len(str(err.value)) < 200  # a huge amount is not echoed


def test_LOU_ANTE_2_a_float_ante_never_reaches_the_stacks() -> None:
    deal = Deal(rules_with("lou", {"lou_ante_choice": "dealer"}), [100] * 4, 0, seed=1)
    with pytest.raises(LooError):
        deal.apply(Ante(6.0), 0)  # type: ignore[arg-type]
    assert deal.stacks == (100,) * 4 and deal.pool == 0 and not deal.actions


def test_Ante_is_exported_with_the_other_actions() -> None:
    assert "Ante" in lanterloo.__all__ and lanterloo.Ante is Ante


def test_LOU_ANTE_2_a_version_2_line_relabelled_version_1_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records("lou", 4, 4)
    recs[0]["version"] = 1  # version 1 had no lou_ante_choice, no session_end, and no ante action
    refused(capsys, write(tmp_path, recs), 1, "which version 2 added")


def test_a_named_pipe_is_refused_as_a_save_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "game.loosave"
    os.mkfifo(fifo)
    with pytest.raises(save.SaveError, match="not a regular file"):
        save.read(fifo)


@pytest.mark.parametrize("name", ["~no-such-user-here/x", "~no-such-user-here"])
def test_a_home_folder_of_an_unknown_user_is_one_sentence(name: str) -> None:
    with pytest.raises(save.SaveError, match="home folder of a user"):
        savefiles.find(name)


@pytest.mark.parametrize("preset", ["three-card", "louse"])
def test_COMMON_2_the_rules_page_gives_the_allowed_player_count_beside_the_recommended_one(preset: str) -> None:
    from rich.console import Console

    from lanterloo.tui.rulespanel import rules_page

    rules = rules_with(preset)
    console = Console(width=200, record=True)
    console.print(rules_page(rules, {}))
    text = console.export_text()
    lo, hi = rules.player_range()
    assert (f"Players: {lo} to {hi}. Recommended:" if lo != hi else f"Players: {lo}. Recommended:") in text
