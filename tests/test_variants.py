"""The variant registry, house variants (exactly as docs/adding-a-variant.md says), the one options list shared by
``loo rules`` and the terminal game's rules panel, and what ``loo rules`` teaches."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from lanterloo import Rules, history
from lanterloo.cli import main
from lanterloo.errors import RulesError
from lanterloo.ruleids import RULES
from lanterloo.rules import (
    PRESET_INFO,
    PRESET_NAMES,
    PRESETS,
    base_preset,
    find_variant,
    how_it_is_played,
    option_lines,
    register_variant,
    rules_in_force,
    rules_with,
    unregister_variant,
)
from lanterloo.tui.rulespanel import rules_panel

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "adding-a-variant.md"


def code_blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


@pytest.fixture(autouse=True)
def no_house_variants_left() -> Iterator[None]:
    """The registry is process-wide: remove every house variant a test registered, so no other test sees it."""
    yield
    for name in [n for n, p in PRESET_INFO.items() if p.is_house]:
        unregister_variant(name)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def panel_text(rules: Rules) -> str:
    console = Console(width=200, record=True, file=open(os.devnull, "w"))  # noqa: SIM115 - closed with the console
    console.print(rules_panel(rules, {}))
    text = console.export_text()
    console.file.close()
    return text


# --- the registry ------------------------------------------------------------------------------------------------


def test_COMMON_1_presets_register_themselves_with_titles_docs_and_goldens() -> None:
    assert tuple(PRESET_INFO)[: len(PRESET_NAMES)] == PRESET_NAMES
    for name in PRESET_NAMES:
        info = find_variant(name)
        assert info.rules is PRESETS[name] and info.rules.preset == name and not info.is_house
        assert info.title and info.docs == f"docs/rules/preset-{name}.md" and info.golden is not None
    assert find_variant("pam-loo").name == "five-card" and find_variant(" Rams ").name == "rams-loo"
    with pytest.raises(RulesError, match="Unknown variant 'whist'"):
        find_variant("whist")


def test_COMMON_1_a_house_variant_is_a_base_plus_options_under_its_own_name() -> None:
    v = register_variant("my-house", base="loo", options={"loo_penalty": "pool", "ante": "6"}, title="My house")
    assert v.base == "three-card" and v.display_title == "My house"
    assert v.rules == PRESETS["three-card"].replace(preset="my-house", loo_penalty="pool", ante=6)
    assert "loo_penalty=pool" in v.summary and "ante=6" in v.summary
    # compared with the preset it stands on, so its own house rules count, and options given on top too
    assert v.rules.differences() == {"loo_penalty": "pool", "ante": 6}
    assert rules_with("my-house") is v.rules
    assert rules_with("my-house", {"ante": 9}).differences() == {"loo_penalty": "pool", "ante": 9}
    assert rules_with("my-house", {"ante": 3}).differences() == {"loo_penalty": "pool"}
    # a house variant on a house variant: compared with the preset at the bottom
    other = register_variant("my-other", base="my-house", options={"club_law": True})
    assert other.rules.loo_penalty == "pool" and other.base == "my-house"
    assert other.rules.differences() == {"loo_penalty": "pool", "ante": 6, "club_law": True}
    assert base_preset("my-other") == "three-card" and base_preset("three-card") == "three-card"


@pytest.mark.parametrize(
    ("name", "kwargs", "message"),
    [
        ("three-card", {"base": "lou"}, "already taken"),
        ("mine", {"base": "lou", "aliases": ("loo",)}, "'loo' is already taken by the variant 'three-card'"),
        ("My House", {"base": "lou"}, "not a variant name"),
        ("mine", {"base": "whist"}, "Unknown variant 'whist'"),
        ("mine", {"base": "lou", "options": {"colour": "red"}}, "Unknown rules option 'colour'"),
        ("mine", {"base": "three-card", "options": {"hand_size": 5}}, "The Miss belongs to 3-card Loo"),
    ],
)
def test_COMMON_1_registering_a_variant_is_validated(name: str, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        register_variant(name, **kwargs)  # type: ignore[arg-type]
    assert "mine" not in PRESETS


def test_COMMON_1_rules_of_an_unregistered_variant_are_accepted_and_still_validated() -> None:
    data = PRESETS["five-card"].to_dict() | {"preset": "never-registered"}
    rules = Rules.from_dict(data)
    assert rules.preset == "never-registered" and rules.differences() == {}
    with pytest.raises(RulesError, match="Lou is played with 3-card hands"):
        Rules.from_dict(data | {"game": "lou", "declare": "coin"})
    with pytest.raises(RulesError, match="lowercase letters and digits"):
        Rules(preset="no spaces")
    with pytest.raises(RulesError, match="presets cannot be removed"):
        unregister_variant("lou")


# --- a house variant exactly as docs/adding-a-variant.md says --------------------------------------------------


def test_COMMON_1_house_variant_from_python_as_the_docs_page_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    python = code_blocks("python")[0]
    exec(compile(python, str(PAGE), "exec"), {})  # the page's own assert verifies the history
    first = json.loads((tmp_path / "friday.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert first["variant"] == "friday-loo" and first["rules"]["loo_penalty"] == "pool"
    assert find_variant("friday-loo").display_title == "Friday Loo"


def test_COMMON_1_house_variant_from_toml_on_the_command_line_as_the_docs_page_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (toml,) = code_blocks("toml")
    path = tmp_path / "friday.toml"
    path.write_text(toml, encoding="utf-8")
    monkeypatch.setenv("LANTERLOO_VARIANTS", str(path))
    code, out, _ = run(capsys, "variants")
    assert code == 0 and re.search(
        r"^friday-loo\s+3–16 players\s+\(also: friday\)\s+\(house variant of three-card\)", out, re.M
    )
    code, out, _ = run(capsys, "rules", "friday")
    flat = " ".join(out.split())
    assert code == 0 and "A house variant of three-card." in out
    assert "pays as much as the pool held (Unlimited Loo)" in flat and "Club Law" in flat
    assert "docs/rules/preset-three-card.md" in out
    # COMMON-1: the house rules are marked against the base preset, not against the house variant itself
    assert "House rules: loo_penalty=pool, club_law=true (marked *; the three-card preset has fixed, false)." in out
    marked = [line.split()[1] for line in out.splitlines() if line.startswith("* ")]
    assert marked == ["loo_penalty", "club_law"]
    hist = tmp_path / "friday.jsonl"
    code, out, _ = run(
        capsys,
        "simulate",
        "--variant",
        "friday",
        "--players",
        "5",
        "--deals",
        "60",
        "--seed",
        "1",
        "--history",
        str(hist),
    )
    assert code == 0 and "House rules: loo_penalty=pool, club_law=true." in out  # compared with three-card
    deals = history.verify_file(hist)
    assert deals >= 60  # the last session may play on to empty its pool (SESSION-4)
    # a fresh process that never registered the variant verifies the history from the rules it carries
    env = {k: v for k, v in os.environ.items() if k != "LANTERLOO_VARIANTS"}
    env["PYTHONPATH"] = str(ROOT / "src")
    done = subprocess.run(
        [sys.executable, "-m", "lanterloo.cli", "replay", str(hist), "--verify"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"{deals} deals verified" in done.stdout


def test_COMMON_1_a_bad_variants_file_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[mine]\nbase = "three-card"\n[mine.options]\nloo_penalty = "huge"\n', encoding="utf-8")
    monkeypatch.setenv("LANTERLOO_VARIANTS", str(path))
    code, _, err = run(capsys, "variants")
    assert code == 2 and "LANTERLOO_VARIANTS" in err and "loo_penalty must be one of pool, fixed, capped" in err
    monkeypatch.setenv("LANTERLOO_VARIANTS", str(tmp_path / "missing.toml"))
    code, _, err = run(capsys, "variants")
    assert code == 2 and "cannot be read" in err


# --- one options list --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_COMMON_1_loo_rules_and_the_rules_panel_list_the_same_options(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "rules", preset)
    assert code == 0
    cli = re.findall(r"^[ *] (\w+) = ", out, re.M)
    panel = re.findall(r"^\s*(\w+) = \S", panel_text(PRESETS[preset]), re.M)
    assert cli == panel == [o.name for o in option_lines(PRESETS[preset]) if o.applies]


def test_LOO_TRUMP_1_irish_lists_no_duty_that_needs_trumps_before_the_first_lead(
    capsys: pytest.CaptureFixture[str],
) -> None:
    irish = PRESETS["irish"]
    for name in ("club_law", "first_lead_forced", "first_trump_lead", "trump_lead_highest", "equivalent_cards"):
        assert not irish.option_applies(name), name
    code, out, _ = run(capsys, "rules", "irish")
    assert code == 0
    assert not re.search(r"^[ *] (club_law|first_lead_forced|first_trump_lead|trump_lead_highest) = ", out, re.M)
    assert re.search(r"Options that change nothing in loo as set here: [^.]*\bclub_law\b", " ".join(out.split()))
    # the rule-book Irish form turns them back on
    book = rules_with("irish", {"trump_mode": "turnup", "exchange": "own_turn"})
    assert book.option_applies("club_law") and book.option_applies("first_trump_lead")


def test_LOO_DECL_5_lou_has_no_lone_player_rule() -> None:
    lou = PRESETS["lou"]
    assert not lou.option_applies("lone_player") and not lou.option_applies("dealer_takes_all_pass")
    assert "lone_player" not in panel_text(lou)


@pytest.mark.parametrize(
    ("preset", "absent", "present"),
    [
        ("five-card", ["LOO-LEAD-2", "LOO-DECL-5"], ["PAM-1", "PAM-EXCH-1", "LOO-DECL-4"]),
        ("three-card", ["LOO-LEAD-5", "IRISH-TRUMP-1", "PAM-1"], ["LOO-LEAD-2", "LOO-DECL-5", "LOO-DECL-6"]),
        ("irish", ["LOO-TRUMP-1", "LOO-DECL-7", "LOO-LEAD-2", "LOO-LEAD-3"], ["IRISH-TRUMP-1"]),
        ("lou", ["LOO-DECL-5", "LOO-PLAY-1", "LOU-DRAW-1", "LOU-PAY-2"], ["LOU-PLAY-1", "LOU-PAY-1"]),
    ],
)
def test_COMMON_1_the_rules_panel_shows_only_rules_in_force(preset: str, absent: list[str], present: list[str]) -> None:
    shown = panel_text(PRESETS[preset])
    in_force = rules_in_force(PRESETS[preset])
    for rid in absent:
        assert rid not in in_force and RULES[rid].title not in shown, rid
    for rid in present:
        assert rid in in_force and RULES[rid].title in shown, rid


# --- loo rules teaches ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_COMMON_1_loo_rules_says_how_the_game_is_played(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", preset)
    assert code == 0
    teach, _options = out.split("\nHow it is played:\n", 1)[1].split("\nOptions:\n", 1)
    flat = " ".join(teach.split())
    for sentence in how_it_is_played(PRESETS[preset]):
        assert " ".join(sentence.split()) in flat
    assert f"docs/rules/preset-{preset}.md" in teach and (ROOT / f"docs/rules/preset-{preset}.md").is_file()
    ends = {"louse": "loses the match", "lou": "A game ends when every In player took a trick"}
    assert ends.get(preset, "The game ends after the agreed number of deals") in flat


def test_LOO_POOL_3_a_house_rule_changes_the_text() -> None:
    fixed = " ".join(how_it_is_played(PRESETS["three-card"]))
    assert "pays a fixed 3 chips" in fixed and "Club Law" not in fixed and "Bold Stand" not in fixed
    house = " ".join(how_it_is_played(rules_with("three-card", {"loo_penalty": "pool", "club_law": True})))
    assert "pays as much as the pool held (Unlimited Loo)" in house and "Club Law" in house
    capped = " ".join(how_it_is_played(rules_with("three-card", {"loo_penalty": "capped", "loo_amount": 12})))
    assert "at most 12 chips" in capped


def test_LOU_ANTE_1_lou_antes_when_a_game_starts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "lou")
    flat = " ".join(out.split())
    assert code == 0 and "When a game starts, the dealer first sets the ante" in flat and "(LOU-ANTE-2)" in flat
    assert "before each deal" not in flat.lower()
    fixed = " ".join(how_it_is_played(rules_with("lou", {"lou_ante_choice": "fixed"})))
    assert "When a game starts, everyone antes 3 chips" in fixed and "LOU-ANTE-2" not in fixed


def test_COMMON_2_player_counts_are_credited_to_their_real_source(capsys: pytest.CaptureFixture[str]) -> None:
    lou = find_variant("lou").recommended
    assert "[LOU-NO]" in lou and "Lou Card Game Rules states no count" in lou and "project's choice" in lou
    five = find_variant("five-card").recommended
    assert "at most about 6" in five and "Peel" in five and "reading A-05" in five
    _, out, _ = run(capsys, "rules", "lou")
    assert "the seed recommends" not in out and "Recommended: up to 9 players, best 6 or 7" in out
