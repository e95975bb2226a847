"""The benchmark harness works: every figure runs, the counts mean what they say, the report and JSON are whole.

Tiny time boxes only, and no timing assertions: performance is measured by ``make bench``, never asserted.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/ sits beside src/, not inside it

from bench import run

from lanterloo import PRESET_NAMES, rules_with

TINY = 0.05


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=100, force_terminal=False), out


def test_every_preset_has_a_figure_and_a_reference() -> None:
    keys = [w.key for w in run.workloads()]
    assert len(keys) == len(set(keys))
    for name in PRESET_NAMES:
        assert name in keys
    assert run.ALL_PLAY_KEY in keys
    by_key = {w.key: w for w in run.workloads()}
    assert by_key[run.REFERENCE_KEY].reference == run.OPENSPIEL_KEY
    assert by_key[run.ALL_PLAY_KEY].reference == run.OPENSPIEL_KEY
    for name in PRESET_NAMES:
        if name != run.REFERENCE_KEY:
            assert by_key[name].reference == run.REFERENCE_KEY


def test_player_counts_are_five_where_allowed_and_four_for_louse() -> None:
    players = {w.key: w.players for w in run.workloads()}
    assert players["louse"] == 4
    assert all(n == 5 for key, n in players.items() if key != "louse")


def test_every_loop_completes_whole_games_within_a_tiny_time_box() -> None:
    for w in run.workloads():
        sample = w.loop(TINY, 3)
        assert sample.games >= 1, w.key
        assert sample.actions >= sample.games, w.key  # every deal needs at least one decision
        assert sample.seconds > 0, w.key


def test_all_play_plays_every_card_like_oh_hell() -> None:
    # Everyone declares "play" in three-card: 5 declarations and 15 cards per deal, the oh_hell shape.
    loop = run.all_play_loop(rules_with("three-card"), 5)
    sample = loop(TINY, 1)
    assert sample.actions == 20 * sample.games


def test_openspiel_oh_hell_game_includes_its_chance_nodes() -> None:
    loop = run.openspiel_loop()
    if loop is None:
        pytest.skip("OpenSpiel is not installed")
    sample = loop(TINY, 1)
    # 1 trick-count + 1 dealer + 15 cards + 1 trump chance outcome, 5 bids and 15 card plays.
    assert sample.actions == 38 * sample.games


def test_measure_keeps_every_run_and_reports_the_best() -> None:
    w = run.select(run.workloads(), ["lou"])[0]
    seen: list[str] = []
    result = run.measure(w, TINY, 2, 0.01, progress=seen.append)
    assert len(result.samples) == 2
    assert result.best.rate == max(s.rate for s in result.samples)
    assert seen[0] == "lou: warming up"
    assert seen[-1].startswith("lou: run 2/2, best ")


def test_only_filters_by_name() -> None:
    items = run.workloads()
    assert [w.key for w in run.select(items, ["THREE"])] == [run.REFERENCE_KEY, run.ALL_PLAY_KEY]
    assert run.select(items, []) == items
    assert run.select(items, ["no-such-game"]) == []


def test_main_with_an_unknown_only_names_the_problem() -> None:
    console, out = _console()
    assert run.main(["--only", "no-such-game", "--seconds", str(TINY)], console=console) == 2
    assert "--only no-such-game matches no figure" in out.getvalue()


def test_main_writes_the_table_and_json_with_ratios(tmp_path: Path) -> None:
    target = tmp_path / "results.json"
    console, out = _console()
    argv = ["--seconds", str(TINY), "--repeats", "1", "--warmup", "0.01", "--write", "--output", str(target)]
    assert run.main(argv, console=console) == 0
    text = out.getvalue()
    data = json.loads(target.read_text(encoding="utf-8"))
    figures = data["figures"]
    assert set(figures) == {w.key for w in run.workloads()}
    assert data["target_vs_openspiel"] == run.TARGET
    assert data["machine"]["python"].startswith("3.")
    assert data["settings"]["seconds"] == TINY
    for key, fig in figures.items():
        assert fig["rate"] > 0, key
        assert len(fig["runs"]) == 1, key
    for name in PRESET_NAMES:
        if name != run.REFERENCE_KEY:
            expected = figures[name]["rate"] / figures[run.REFERENCE_KEY]["rate"]
            assert figures[name]["ratio"] == pytest.approx(expected, rel=1e-2, abs=1e-3)  # stored to 3 places
    if run.OPENSPIEL_KEY in figures:
        assert figures[run.ALL_PLAY_KEY]["ratio"] is not None
        assert "ours / OpenSpiel, three-card/all-play" in text
    assert "Random-play throughput" in text


def test_quick_and_defaults_set_the_time_boxes() -> None:
    quick = run.parse_args(["--quick"])
    assert (quick.seconds, quick.repeats) == (run.QUICK_SECONDS, 1)
    full = run.parse_args([])
    assert (full.seconds, full.repeats, full.warmup) == (run.SECONDS, run.REPEATS, run.WARMUP)
    with pytest.raises(SystemExit):
        run.parse_args(["--repeats", "0"])


def test_markdown_table_has_a_row_per_figure() -> None:
    chosen = run.select(run.workloads(), ["three-card", "lou"])
    results = [run.measure(w, TINY, 1, 0.0) for w in chosen]
    lines = run.markdown(results).splitlines()
    assert len(lines) == 2 + len(chosen)
    assert lines[2].startswith(f"| `{run.REFERENCE_KEY}` | 5 | ")
    assert "deals/s" in lines[2]
