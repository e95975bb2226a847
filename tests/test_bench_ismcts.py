"""bench/ismcts_match.py (issue 12, item 5): hard against OpenSpiel's ISMCTS in a duplicate tournament. One deal
with budgets of a millisecond, to check the harness and the shape of its report; strength is measured by running
it (docs/bots.md, "Against OpenSpiel's ISMCTS"), never asserted, and nothing here depends on the clock's speed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel.python.algorithms.ismcts")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/ sits beside src/, not inside it

from bench import ismcts_match


@pytest.mark.parametrize("variant", ["three-card", "five-card"])
def test_one_deal_reports_both_bots_the_lead_and_what_each_spent(
    variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--variant", variant, "--players", "3", "--deals", "1", "--ms", "1", "--seed", "4", "--json"]
    assert ismcts_match.main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["variant"], data["players"], data["deals"], data["rotations"]) == (variant, 3, 1, 3)
    assert sorted(b["bot"] for b in data["bots"]) == ["hard-1ms", "ismcts-1ms"]
    assert [row["over"] for row in data["lead"]] == ["ismcts-1ms"]
    assert all(b["ci95"] is None for b in data["bots"])  # one deal gives no interval
    hard, ismcts = data["effort"]["hard-1ms"], data["effort"]["ismcts-1ms"]
    assert hard["decisions"] > 0 and ismcts["decisions"] > 0
    # at least one unit of search per decision, whatever the budget
    assert hard["sampled_deals_per_decision"] >= 1 and ismcts["simulations_per_decision"] >= 1
    assert data["settings"]["ismcts"]["uct_c"] == ismcts_match.UCT_C[variant]
    # the lead is the difference of the two figures (deal by deal, the same cards)
    by_bot = {b["bot"]: b["per_100_deals"] for b in data["bots"]}
    assert by_bot["hard-1ms"] - by_bot["ismcts-1ms"] == pytest.approx(data["lead"][0]["per_100_deals"], abs=0.02)


def test_the_text_report_names_the_budget_and_the_settings(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "3", "--deals", "1", "--ms", "1", "--seed", "2", "--against", "balanced"]
    assert ismcts_match.main(argv) == 0
    out = capsys.readouterr().out
    assert "rotations of balanced, ismcts-1ms" in out
    assert "1 ms of CPU time per decision" in out and "RandomRolloutEvaluator(1)" in out
    assert "ismcts-1ms:" in out and "simulations each" in out
