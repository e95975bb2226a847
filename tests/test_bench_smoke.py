"""The benchmark harness works: every figure runs, the counts mean what they say, the report and JSON are whole.

Tiny time boxes only, and no timing assertions: performance is measured by ``make bench``, never asserted.
"""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/ sits beside src/, not inside it

from bench import run, simulate_speed

from lanterloo import PRESET_NAMES, rules_with
from lanterloo.engine import core

TINY = 0.05


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=100, force_terminal=False), out


def _sample(rate: float) -> run.Sample:
    return run.Sample(games=int(rate), actions=int(rate) * 10, seconds=1.0)


def _result(key: str, rates: list[float], references: tuple[str, ...] = ()) -> run.Result:
    w = run.Workload(key, key, "deals/s", 5, references, lambda seconds, seed: _sample(0))
    return run.Result(w, tuple(_sample(r) for r in rates))


def test_every_preset_has_a_figure_and_a_reference() -> None:
    keys = [w.key for w in run.workloads()]
    assert len(keys) == len(set(keys))
    for name in PRESET_NAMES:
        assert name in keys
    assert run.ALL_PLAY_KEY in keys
    by_key = {w.key: w for w in run.workloads()}
    with_core = core.engine() == "core"
    pure = (run.REFERENCE_KEY + run.PURE,) if with_core else ()
    if run.OPENSPIEL_KEY in by_key:
        both = (run.OPENSPIEL_KEY, run.OPENSPIEL_VALIDATED_KEY)
        assert by_key[run.REFERENCE_KEY].references == both + pure
        assert by_key[run.ALL_PLAY_KEY].references == both
        assert by_key[run.OPENSPIEL_VALIDATED_KEY].references == (run.OPENSPIEL_KEY,)
        if with_core:  # the reference engine against OpenSpiel too
            assert by_key[run.REFERENCE_KEY + run.PURE].references == both
    for name in PRESET_NAMES:
        if name != run.REFERENCE_KEY:
            # a preset the core plays is also measured on the reference engine, and compared with it
            covered = with_core and core.covers(rules_with(name))
            extra = (name + run.PURE,) if covered else ()
            assert by_key[name].references == (run.REFERENCE_KEY, *extra)
            assert (name + run.PURE in by_key) == covered


def test_player_counts_are_five_where_allowed_and_four_for_louse() -> None:
    players = {w.key: w.players for w in run.workloads()}
    assert players["louse"] == 4
    # louse/reference and simulate/louse too
    assert all(n == 5 for key, n in players.items() if "louse" not in key.split("/"))


def test_every_loop_completes_whole_games_within_a_tiny_time_box() -> None:
    for w in run.workloads():
        sample = w.loop(TINY, 3)
        assert sample.games >= run.CHECK_EVERY, w.key  # the clock is read every CHECK_EVERY games
        if not w.key.startswith(simulate_speed.KEY):
            # a simulate figure counts whole simulations' deals (SESSION-4 may add a few) and no actions
            assert sample.games % run.CHECK_EVERY == 0, w.key
            assert sample.actions >= sample.games, w.key  # every deal needs at least one decision
        assert sample.seconds >= TINY, w.key  # CPU time, and the box is never cut short


def test_all_play_plays_every_card_like_oh_hell() -> None:
    # Everyone declares "play" in three-card: 5 declarations and 15 cards per deal, the oh_hell shape.
    loop = run.all_play_loop(rules_with("three-card"), 5)
    sample = loop(TINY, 1)
    assert sample.actions == 20 * sample.games


@pytest.mark.parametrize("validated", [False, True])
def test_openspiel_oh_hell_game_includes_its_chance_nodes(validated: bool) -> None:
    loop = run.openspiel_validated_loop() if validated else run.openspiel_loop()
    if loop is None:
        pytest.skip("OpenSpiel is not installed")
    sample = loop(TINY, 1)
    # 1 trick-count + 1 dealer + 15 cards + 1 trump chance outcome, 5 bids and 15 card plays.
    assert sample.actions == 38 * sample.games


def _openspiel_hand(state: Any) -> set[str]:
    """The current player's cards ("H5", "SA", ...), read from oh_hell's information state ("    H: A5" lines)."""
    text = state.information_state_string(state.current_player())
    lines = [line.strip() for line in text.split("\nTricks:")[0].splitlines()]
    return {line[0] + rank for line in lines if line[1:2] == ":" for rank in line[2:].strip()}


def test_openspiel_validated_refuses_what_plain_apply_action_accepts() -> None:
    # The reason for the second OpenSpiel figure: plain apply_action lets a player revoke (play off suit while
    # holding the suit led); apply_action_with_legality_check refuses it, as lanterloo's apply does.
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game(run.OPENSPIEL_GAME)
    rng = random.Random(5)
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.is_player_node() and max(legal) < 52:  # a card to play, not a bid
                shown = {state.action_to_string(a) for a in legal}
                revokes = [a for a in range(52) if state.action_to_string(a) in _openspiel_hand(state) - shown]
                if revokes:
                    with pytest.raises(pyspiel.SpielError):
                        state.clone().apply_action_with_legality_check(revokes[0])
                    state.clone().apply_action(revokes[0])  # accepted without a word
                    return
            state.apply_action(legal[rng.randrange(len(legal))])
    pytest.fail("no deal reached a follow constraint")


def test_schedule_rotates_the_start_so_each_item_takes_every_place() -> None:
    order = run.schedule(["a", "b", "c"], 4)
    assert order == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"], ["a", "b", "c"]]
    # Over a multiple of their number of rounds, every item is in every position equally often.
    six = run.schedule(list("abcd"), 8)
    for position in range(4):
        assert sorted(r[position] for r in six) == sorted("abcd" * 2)
    assert run.schedule([], 2) == [[], []]


def test_measure_interleaves_the_figures_round_by_round() -> None:
    calls: list[tuple[str, float, int]] = []

    def fake(key: str) -> run.Workload:
        def loop(seconds: float, seed: int) -> run.Sample:
            calls.append((key, seconds, seed))
            return _sample(100)

        return run.Workload(key, key, "deals/s", 5, (), loop)

    figures = [fake("x"), fake("y"), fake("z")]
    seen: list[str] = []
    results = run.measure(figures, 0.5, 2, 0.1, progress=seen.append)
    # One warm-up each (seed 0), then round 1 from x, round 2 from y; one seed per round, shared by its figures.
    assert calls == [
        ("x", 0.1, 0),
        ("y", 0.1, 0),
        ("z", 0.1, 0),
        ("x", 0.5, 1),
        ("y", 0.5, 1),
        ("z", 0.5, 1),
        ("y", 0.5, 2),
        ("z", 0.5, 2),
        ("x", 0.5, 2),
    ]
    assert [r.workload.key for r in results] == ["x", "y", "z"]  # reported in the chosen order
    assert all(len(r.samples) == 2 for r in results)
    assert seen[0] == "x: warming up"
    assert seen[-1] == "round 2/2: x"


def test_ratio_is_the_median_of_the_per_round_ratios() -> None:
    # A slow drift: both figures lose speed over the rounds, the figure always at half its reference.
    ref = _result("ref", [1000, 800, 600, 400, 200])
    fig = _result("fig", [500, 400, 300, 200, 100], ("ref",))
    assert run.round_ratios(fig, ref) == [0.5] * 5
    assert run.ratios([fig, ref])["fig"] == 0.5
    # The median of the rounds may disagree: one disturbed round is voted down, not averaged in.
    odd = _result("odd", [500, 400, 30, 200, 100], ("ref",))
    assert run.ratios([odd, ref])["odd"] == 0.5
    assert odd.median == 200
    # No reference measured, no ratio.
    assert run.ratios([fig])["fig"] is None


def test_medians_and_quartiles_of_a_figure() -> None:
    r = _result("r", [10, 40, 20, 30, 50])
    assert r.median == 30
    assert run.quartiles(r.rates) == (20, 40)
    assert run.quartiles([7.0]) == (7.0, 7.0)
    assert r.actions_per_game == 10
    assert r.us_per_action == pytest.approx(5 * 1e6 / 1500)


def test_verdict_lines_against_validated_and_plain_openspiel_and_the_floor() -> None:
    spiel = _result(run.OPENSPIEL_KEY, [100, 100, 100])
    validated = _result(run.OPENSPIEL_VALIDATED_KEY, [80, 80, 80], (run.OPENSPIEL_KEY,))
    both = (run.OPENSPIEL_KEY, run.OPENSPIEL_VALIDATED_KEY)
    three = _result(run.REFERENCE_KEY, [40, 40, 40], both)
    all_play = _result(run.ALL_PLAY_KEY, [30, 30, 30], both)
    lines = run.verdict([three, all_play, spiel, validated])
    assert lines[0].startswith("reference engine / OpenSpiel (validated), three-card: 0.50× ")
    assert "three-card/all-play: 0.38× " in lines[0]
    assert lines[1].startswith("reference engine / OpenSpiel (plain), three-card: 0.40× ")
    assert "three-card/all-play: 0.30× " in lines[1]
    assert "broken for three-card/all-play vs plain" in lines[2]
    assert "holds for three-card vs validated, three-card/all-play vs validated, three-card vs plain" in lines[2]
    assert "compiled core, which is not built here" in lines[3]


def test_verdict_lines_of_the_core_and_the_reference_engine() -> None:
    spiel = _result(run.OPENSPIEL_KEY, [100, 100, 100])
    validated = _result(run.OPENSPIEL_VALIDATED_KEY, [80, 80, 80], (run.OPENSPIEL_KEY,))
    both = (run.OPENSPIEL_KEY, run.OPENSPIEL_VALIDATED_KEY)
    pure_key = run.REFERENCE_KEY + run.PURE
    three = _result(run.REFERENCE_KEY, [320, 320, 320], (*both, pure_key))
    pure = _result(pure_key, [40, 40, 40], both)
    all_play = _result(run.ALL_PLAY_KEY, [200, 200, 200], both)
    irish = _result("irish", [300, 300, 300], (run.REFERENCE_KEY, "irish" + run.PURE))
    irish_pure = _result("irish" + run.PURE, [50, 50, 50])
    lines = run.verdict([three, pure, all_play, spiel, validated, irish, irish_pure])
    assert lines[0].startswith("core / OpenSpiel (validated), three-card: 4.00× ")
    assert "three-card/all-play: 2.50× " in lines[0]
    assert lines[1].startswith("core / OpenSpiel (plain), three-card: 3.20× ")
    assert lines[2].startswith("reference engine / OpenSpiel (validated), three-card: 0.50× ")
    assert lines[3].startswith("reference engine / OpenSpiel (plain), three-card: 0.40× ")
    assert "holds for three-card vs validated, three-card vs plain" in lines[4]
    assert lines[5] == "issue 11's target, 3× validated OpenSpiel for the compiled core: met (4.00×)"
    assert "core / reference engine, irish: 6.00× (core 300 deals/s, reference 50)" in lines
    assert "core / reference engine, three-card: 8.00×" in lines


def test_only_filters_by_name_and_brings_the_references_along() -> None:
    items = run.workloads()
    pure = [run.REFERENCE_KEY + run.PURE] if core.engine() == "core" else []
    keys = {w.key for w in items}
    batch = [k for k in (run.BATCH_KEY, run.CREF_KEY) if k in keys]  # the batch simulator and its C reference
    batch += [k for k in (simulate_speed.KEY + "three-card",) if k in keys]  # loo simulate on the batch loop
    assert [w.key for w in run.select(items, ["THREE"])] == [run.REFERENCE_KEY, *pure, run.ALL_PLAY_KEY, *batch]
    assert run.select(items, []) == items
    assert run.select(items, ["no-such-game"]) == []
    five = run.with_references(run.select(items, ["five"]), items)
    five_pure = ["five-card" + run.PURE] if core.engine() == "core" else []  # the core covers five-card
    sim_five = [k for k in (simulate_speed.KEY + "five-card",) if k in keys]  # loo simulate plays five-card too
    assert [w.key for w in five] == [run.REFERENCE_KEY, *sim_five, "five-card", *five_pure]
    three = [w.key for w in run.with_references(run.select(items, ["three-card"]), items)]
    if run.OPENSPIEL_KEY in {w.key for w in items}:
        want = [run.REFERENCE_KEY, *pure, run.ALL_PLAY_KEY, run.OPENSPIEL_KEY, run.OPENSPIEL_VALIDATED_KEY, *batch]
        assert three == want


def test_main_with_an_unknown_only_names_the_problem() -> None:
    console, out = _console()
    assert run.main(["--only", "no-such-game", "--seconds", str(TINY)], console=console) == 2
    assert "--only no-such-game matches no figure" in out.getvalue()


def test_main_writes_the_table_and_json_with_ratios(tmp_path: Path) -> None:
    target = tmp_path / "results.json"
    console, out = _console()
    argv = ["--seconds", str(TINY), "--rounds", "2", "--warmup", "0.01", "--write", "--output", str(target)]
    assert run.main(argv, console=console) == 0
    text = out.getvalue()
    data = json.loads(target.read_text(encoding="utf-8"))
    figures = data["figures"]
    assert set(figures) == {w.key for w in run.workloads()}
    assert data["target_vs_openspiel_validated"] == run.TARGET
    assert data["floor_vs_openspiel"] == run.FLOOR
    assert data["clock"] == "time.process_time"
    assert set(data["load_average"]) == {"start", "end"}
    assert data["machine"]["python"].startswith("3.")
    assert data["settings"]["seconds"] == TINY
    assert data["settings"]["rounds"] == 2
    for key, fig in figures.items():
        assert fig["rate"] > 0, key
        assert len(fig["runs"]) == 2, key
        assert fig["rate"] == pytest.approx(sum(fig["runs"]) / 2, abs=0.1), key  # the median of two
    for name in PRESET_NAMES:
        if name != run.REFERENCE_KEY:
            per_round = [a / b for a, b in zip(figures[name]["runs"], figures[run.REFERENCE_KEY]["runs"], strict=True)]
            expected = sum(per_round) / 2
            assert figures[name]["ratio"] == pytest.approx(expected, rel=1e-2, abs=1e-3)  # stored to 3 places
            assert figures[name]["ratios"][run.REFERENCE_KEY]["median"] == figures[name]["ratio"]
    if run.OPENSPIEL_KEY in figures:
        pure = {run.REFERENCE_KEY + run.PURE} if core.engine() == "core" else set()
        assert set(figures[run.REFERENCE_KEY]["ratios"]) == {run.OPENSPIEL_KEY, run.OPENSPIEL_VALIDATED_KEY, *pure}
        if pure:
            assert "core / OpenSpiel (validated), three-card: " in text
        assert "reference engine / OpenSpiel (validated), three-card: " in text
        assert "reference engine / OpenSpiel (plain), three-card: " in text
        assert "issue 7's floor of 0.35× OpenSpiel" in text
    assert "Random-play throughput" in text


def test_quick_and_defaults_set_the_time_boxes() -> None:
    quick = run.parse_args(["--quick"])
    assert (quick.seconds, quick.rounds, quick.warmup) == (run.QUICK_SECONDS, run.QUICK_ROUNDS, run.QUICK_WARMUP)
    full = run.parse_args([])
    assert (full.seconds, full.rounds, full.warmup) == (run.SECONDS, run.ROUNDS, run.WARMUP)
    assert run.parse_args(["--repeats", "4"]).rounds == 4  # the old name still works
    with pytest.raises(SystemExit):
        run.parse_args(["--rounds", "0"])


def test_markdown_table_has_a_row_per_figure() -> None:
    chosen = run.with_references(run.select(run.workloads(), ["lou"]), run.workloads())
    results = run.measure(chosen, TINY, 1, 0.0)
    lines = run.markdown(results).splitlines()
    assert len(lines) == 2 + len(chosen)
    assert lines[2].startswith(f"| `{run.REFERENCE_KEY}` | 5 | ")
    assert "deals/s" in lines[2]
    # lou's row has its ratio to three-card, and where the core plays Lou then its ratio to lou/reference
    # (louse/reference, also chosen by "lou", comes after it)
    ends = (f"× {run.REFERENCE_KEY} |", "× lou/reference |")
    lou = [line for line in lines if line.startswith("| `lou` |")]
    assert len(lou) == 1 and f"× {run.REFERENCE_KEY}" in lou[0] and lou[0].endswith(ends)


def test_the_batch_simulator_and_the_c_reference_agree_deal_for_deal() -> None:
    # the same splitmix64 draws in the same order: the same totals, or the speed comparison would be unfair
    same = run.batch_agrees_with_c_reference(deals=3000, seed=5)
    if same is None:
        pytest.skip("needs the compiled core and a C compiler")
    assert same
