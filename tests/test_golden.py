"""Golden playthroughs: each preset's seeded deal must replay to exactly the transcript kept in tests/golden/.

A difference means the engine now deals, legalises, orders events or settles differently. If that change is
intended, regenerate the files with ``python -m lanterloo.playthrough --regen`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lanterloo.playthrough import GOLDEN, REGEN, diff, golden, golden_path, main, playthrough
from lanterloo.rules import PRESET_INFO, PRESET_NAMES, PRESETS, golden_variants

GOLDEN_DIR = Path(__file__).parent / "golden"


# The registry says which variants keep a golden playthrough and with which deal (Preset.golden).
GOLDEN_NAMES = sorted(golden_variants())


def test_every_preset_has_a_golden() -> None:
    assert golden_variants() == GOLDEN
    assert set(PRESET_NAMES) <= set(GOLDEN_NAMES)
    assert all(PRESET_INFO[name].golden is not None for name in PRESET_NAMES)
    assert golden_path("lou") == GOLDEN_DIR / "lou.txt"  # the command writes where this test reads


@pytest.mark.parametrize("preset", GOLDEN_NAMES)
def test_COMMON_1_playthrough_matches_golden(preset: str) -> None:
    path = golden_path(preset, GOLDEN_DIR)
    assert path.exists(), f"{path} is missing; generate it with: {REGEN}"
    if path.read_text(encoding="utf-8") != golden(preset):
        pytest.fail(
            f"The {preset} playthrough differs from {path}. If the change is intended, regenerate the "
            f"goldens with `{REGEN}` and review the diff:\n{diff(preset, GOLDEN_DIR)}",
            pytrace=False,
        )


@pytest.mark.parametrize("preset", GOLDEN_NAMES)
def test_playthrough_is_deterministic(preset: str) -> None:
    players, seed = GOLDEN[preset]
    rules = PRESETS[preset]
    assert playthrough(rules, players, seed) == playthrough(rules, players, seed)
    assert playthrough(rules, players, seed) != playthrough(rules, players, seed + 1)


def test_goldens_show_what_each_preset_is_about() -> None:
    """The chosen seeds reach play, and show an exchange (five-card) and the dealer defending the Miss (rams)."""
    for preset in GOLDEN_NAMES:
        text = golden(preset)
        assert "Result: tricks" in text or "Result: louse" in text, preset
    assert any(line.startswith("  Chose: discard ") for line in golden("five-card").splitlines())
    assert "  Chose: defend\n" in golden("rams-loo")
    assert "  Chose: miss\n" in golden("three-card")


def test_playthrough_command_regenerates_checks_and_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--regen", "--dir", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{p}.txt" for p in GOLDEN_NAMES)
    assert main(["--check", "--dir", str(tmp_path)]) == 0
    (tmp_path / "lou.txt").write_text("stale\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["--check", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "-stale" in out and REGEN in out
    assert main(["five-card", "--players", "6", "--seed", "3", "--option", "blaze=true"]) == 0
    out = capsys.readouterr().out
    assert "Options: blaze=true" in out and "Players: 6" in out and out.splitlines()[-1].startswith("  spectator:")


def test_playthrough_command_names_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["louse", "--players", "7"]) == 2
    assert "louse is played by exactly 4 players, not 7" in capsys.readouterr().err
    assert main(["three-card", "--option", "nonsense=1"]) == 2
    assert "nonsense" in capsys.readouterr().err
