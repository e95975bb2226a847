"""``loo analyze``: every report writes its files with figures that hold together, the same seed gives the same
CSV on any number of workers and on Ray, and a bad command line is one sentence, exit status 2, nothing written."""

from __future__ import annotations

import csv
import importlib.util
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from lanterloo.analysis import REPORTS, Plan, run
from lanterloo.cli import main
from lanterloo.cli.parser import REPORT_NAMES
from lanterloo.errors import LooError
from lanterloo.rules import rules_with
from lanterloo.workers import map_chunks

ROOT = Path(__file__).resolve().parents[1]


def rows(folder: Path, name: str) -> list[dict[str, str]]:
    with (folder / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def analyze(folder: Path, *args: str) -> None:
    code = main(["analyze", *args, "--out", str(folder), "--quiet", "--workers", "1"])
    assert code == 0


def files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_the_parser_names_every_report() -> None:
    assert set(REPORT_NAMES) == set(REPORTS)


def test_looed_figures_add_up_loo_pool_3(tmp_path: Path) -> None:
    analyze(tmp_path, "looed", "--deals", "80", "--seed", "3")
    assert files(tmp_path) == {"looed.csv", "looed_by_trumps.csv", "looed.png", "summary.md"}
    full, short = rows(tmp_path, "looed.csv"), rows(tmp_path, "looed_by_trumps.csv")
    assert sum(int(r["hands"]) for r in full) == sum(int(r["hands"]) for r in short) > 0
    deals_played = 0.0
    for r in short:
        assert 0 <= int(r["looed"]) <= int(r["hands"])
        assert 0.0 <= float(r["p_looed"]) <= 1.0
        assert 0 <= int(r["trumps"]) <= 3
        deals_played += int(r["hands"]) / int(r["hands_in_play"])  # k hands for each deal with k in play
    assert deals_played == int(deals_played) and 0 < deals_played <= 80
    # a hand alone in play wins uncontested (LOO-DECL-4): never looed
    assert all(r["looed"] == "0" for r in short if r["hands_in_play"] == "1")
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert "$ loo analyze looed --variant three-card --players 5 --deals 80 --seed 3 --bots balanced" in summary
    assert "![looed.png](looed.png)" in summary and "| hands_in_play | trumps |" in summary


def test_looed_on_five_card_counts_pam_among_the_trumps_pam_1(tmp_path: Path) -> None:
    analyze(tmp_path, "looed", "--variant", "five-card", "--deals", "40", "--seed", "1", "--bots", "random")
    full = rows(tmp_path, "looed.csv")
    assert {int(r["trumps"]) for r in full} <= set(range(6))
    assert {r["top_trump"] for r in full} <= {"none", "10 or lower", "J", "Q", "K", "A", "Pam"}


def test_miss_compares_the_three_choices_on_the_same_declarations_loo_decl_1(tmp_path: Path) -> None:
    analyze(tmp_path, "miss", "--deals", "100", "--seed", "2")
    by_trumps, by_place = rows(tmp_path, "miss_by_trumps.csv"), rows(tmp_path, "miss_by_position.csv")
    total = sum(int(r["declarations"]) for r in by_trumps)
    assert total == sum(int(r["declarations"]) for r in by_place) > 0
    assert {int(r["position"]) for r in by_place} <= set(range(1, 6))
    for r in by_trumps:
        shares = [float(r[f"bots_chose_{c}"]) for c in ("pass", "play", "miss")]
        assert all(0 <= s <= 1 for s in shares) and abs(sum(shares) - 1) < 0.01
        # the gains are differences of the nets, deal by deal
        assert float(r["miss_minus_play"]) == pytest.approx(float(r["net_miss"]) - float(r["net_play"]), abs=0.002)


def test_pool_follows_each_session_under_both_loos_loo_pool_3(tmp_path: Path) -> None:
    analyze(tmp_path, "pool", "--deals", "40", "--seed", "4", "--bots", "random")
    table = rows(tmp_path, "pool.csv")
    for loo in ("unlimited", "limited"):
        mine = [r for r in table if r["loo"] == loo]
        assert [int(r["deal"]) for r in mine] == list(range(1, 21))
        sessions = [int(r["sessions"]) for r in mine]
        assert sessions[0] == 2 and sessions == sorted(sessions, reverse=True)  # 40 deals: two sessions of 20
        for r in mine:
            assert int(r["p10"]) <= int(r["median"]) <= int(r["p90"])
            assert float(r["mean_pool"]) >= 15  # five antes of 3 at least (LOO-ANTE-1)


def test_lou_pots_counts_whole_games_lou_game_1(tmp_path: Path) -> None:
    analyze(tmp_path, "lou-pots", "--variant", "lou", "--deals", "60", "--seed", "5", "--bots", "random")
    pots, lengths = rows(tmp_path, "lou_pots.csv"), rows(tmp_path, "lou_game_length.csv")
    games = int(pots[0]["games"])
    assert pots[0]["deal_of_game"] == "1"
    whole = sum(int(r["games"]) for r in lengths)
    assert whole <= games and abs(sum(float(r["share"]) for r in lengths) - 1) < 0.01
    # every game that lasted k deals was also at deals 1..k: the counts never rise
    counts = [int(r["games"]) for r in pots]
    assert counts == sorted(counts, reverse=True)
    # whole games until at least 60 deals: the deals are the games' lengths, summed
    assert sum(counts) >= 60
    assert sum(int(r["deals"]) * int(r["games"]) for r in lengths) <= sum(counts)


def test_louse_points_per_seat_and_match_length_louse_match_1(tmp_path: Path) -> None:
    analyze(tmp_path, "louse", "--variant", "louse", "--deals", "30", "--seed", "6", "--bots", "random")
    seats, length = rows(tmp_path, "louse_seats.csv"), rows(tmp_path, "louse_match_length.csv")
    assert [r["place"] for r in seats] == ["eldest", "2nd hand", "3rd hand", "dealer"]
    matches = sum(int(r["matches"]) for r in length)
    assert matches >= 1 and sum(int(r["lost"]) for r in seats) >= matches  # a tie may make two losers
    assert all(float(r["points_per_deal"]) >= 0 for r in seats)
    assert sum(int(r["deals"]) * int(r["matches"]) for r in length) >= 30


@pytest.mark.parametrize(
    ("args", "csvs"),
    [
        (["looed", "--deals", "40"], ["looed.csv", "looed_by_trumps.csv"]),
        (["louse", "--variant", "louse", "--deals", "30", "--bots", "random"], ["louse_seats.csv"]),
        (["lou-pots", "--variant", "lou", "--deals", "40"], ["lou_pots.csv", "lou_game_length.csv"]),
    ],
)
def test_the_same_seed_gives_the_same_csv_on_one_worker_or_two(
    tmp_path: Path, args: list[str], csvs: list[str]
) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    assert main(["analyze", *args, "--seed", "7", "--out", str(one), "--quiet", "--workers", "1"]) == 0
    assert main(["analyze", *args, "--seed", "7", "--out", str(two), "--quiet", "--workers", "2"]) == 0
    for name in [*csvs, "summary.md"]:
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_a_small_job_on_a_local_ray_instance_equals_the_local_backend() -> None:
    ray = pytest.importorskip("ray")
    rules = rules_with("three-card")
    fixed = Plan("looed", rules, 4, ("balanced",) * 4, 60, seed=9)
    games = Plan("lou-pots", rules_with("lou"), 4, ("random",) * 4, 40, seed=9)
    local = [run(REPORTS["looed"], fixed), run(REPORTS["lou-pots"], games)]
    try:
        on_ray = [run(REPORTS["looed"], fixed, 2, "ray"), run(REPORTS["lou-pots"], games, 2, "ray")]
    finally:
        ray.shutdown()  # the local instance's processes go with the test
    for a, b in zip(local, on_ray, strict=True):
        assert a.deals == b.deals and a.units == b.units
        assert [t.rows for t in a.report.tables(a.plan, a.acc)] == [t.rows for t in b.report.tables(b.plan, b.acc)]


def test_an_endless_stream_of_chunks_stops_when_the_reader_does() -> None:
    seen = []
    for x in map_chunks(_double, 0, itertools.count(), workers=2):
        seen.append(x)
        if len(seen) == 5:
            break
    assert seen == [0, 2, 4, 6, 8]


def _double(_first: int, chunk: int) -> int:
    return 2 * chunk


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nonsense"], "Unknown REPORT 'nonsense'"),
        (["looed", "--deals", "0"], "--deals must be at least 1"),
        (["louse"], "the louse report measures louse penalty points, and three-card is not a louse game"),
        (["lou-pots", "--variant", "louse"], "and louse is not a lou game"),
        (["miss", "--variant", "irish"], "irish deals no Miss"),
        (["looed", "--variant", "lou"], "lou is not a Loo game"),
        (["pool", "--variant", "louse"], "louse is not a Loo game"),
        (["looed", "--ray-address", "auto"], "--ray-address goes with --backend ray"),
        (["looed", "--backend", "ray", "--ray-address", "junk"], "--ray-address must be auto, host:port or ray://"),
        (["looed", "--backend", "ray", "--ray-address", "ray://head:0"], "a port from 1 to 65535), not 'ray://head:0'"),
        (["looed", "--players", "0"], "three-card is played by 3 to 16 players, not 0."),
        (["looed", "--json", "--quiet"], "not allowed with argument"),
        (["looed", "--bots", "random,random"], "Give one bot per seat (5)"),
        (["looed", "-o", "loo_penalty=nonsense"], "loo_penalty"),
        (["miss", "--deals", "100000001"], "plays at most 100,000,000 deals this way"),
        (["looed", "--bots", "random", "--deals", "10000000001"], "at most 10,000,000,000 deals"),
    ],
)
def test_bad_input_is_one_sentence_and_writes_nothing(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["analyze", *args]) == 2
    err = capsys.readouterr().err
    assert message.lower() in err.lower() and err.count("\n") == 1, err
    assert not list(tmp_path.iterdir())


def test_an_out_that_is_a_file_is_refused_and_left_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "report"
    target.write_text("mine", encoding="utf-8")
    assert main(["analyze", "looed", "--deals", "5", "--out", str(target)]) == 2
    err = capsys.readouterr().err
    assert "is a file: give a folder" in err and err.count("\n") == 1
    assert target.read_text(encoding="utf-8") == "mine" and files(tmp_path) == {"report"}
    assert main(["analyze", "looed", "--deals", "5", "--out", str(target / "below")]) == 2
    assert "is a file" in capsys.readouterr().err and files(tmp_path) == {"report"}


def test_the_default_folder_is_named_and_printed_and_json_is_one_object(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["analyze", "looed", "--deals", "20", "--seed", "8", "--bots", "random", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Wrote analysis-looed-three-card-random-8" in out and "random declarations say little" in out
    assert (tmp_path / "analysis-looed-three-card-random-8" / "looed.png").stat().st_size > 1000
    assert main(["analyze", "pool", "--deals", "20", "--seed", "8", "--bots", "random", "--json", "-w", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["report"] == "pool" and data["deals"] == 40 and data["folder"] == "analysis-pool-three-card-random-8"
    assert "pool.csv" in data["files"] and len(data["reading"]) == 2


def test_loo_starts_without_matplotlib() -> None:
    code = "import sys, lanterloo.cli; sys.exit('matplotlib' in sys.modules or 'lanterloo.analysis' in sys.modules)"
    env_path = str(ROOT / "src")
    done = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": env_path}, check=False)
    assert done.returncode == 0


def test_the_api_refuses_a_report_that_does_not_apply_to_the_rules() -> None:
    plan = Plan("louse", rules_with("three-card"), 5, ("random",) * 5, 10, seed=1)
    with pytest.raises(LooError, match="three-card is not a louse game"):
        run(REPORTS["louse"], plan)
    with pytest.raises(LooError, match="Give one bot per seat"):
        Plan("looed", rules_with("three-card"), 5, ("random",) * 4, 10, seed=1)


def test_without_matplotlib_the_command_says_what_to_install_and_plays_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    assert main(["analyze", "looed", "--deals", "5", "--out", str(tmp_path / "r")]) == 1
    assert "pip install 'lanterloo[plots]'" in capsys.readouterr().err and not list(tmp_path.iterdir())


def test_an_out_folder_whose_report_file_name_is_a_folder_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "out" / "summary.md").mkdir(parents=True)
    code = main(["analyze", "looed", "--deals", "20", "--seed", "1", "--out", str(tmp_path / "out"), "-q"])
    err = capsys.readouterr().err
    assert code == 2 and "holds 'summary.md', which is not a file" in err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["summary.md"]  # nothing written
