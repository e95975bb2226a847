"""The learning example (examples/qlearn_three_card.py) learns: a short run against the balanced bots is deterministic
for its seed, beats random play on held-out deals, and its weights have the signs the game implies."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "qlearn_three_card.py"


@pytest.fixture(scope="module")
def qlearn() -> ModuleType:
    spec = importlib.util.spec_from_file_location("qlearn_three_card", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def env(qlearn: ModuleType) -> Any:
    return qlearn.LooEnv(variant="three-card", players=5, opponents="balanced", seat=0)


def weights(run: Any) -> list[list[float]]:
    return [fit.w.tolist() for fit in (*run.agent.decl, run.agent.card)]


DEALS = 300  # trained, then evaluated on as many held-out deals


@pytest.fixture(scope="module")
def short_run(qlearn: ModuleType) -> Any:
    return qlearn.train(env(qlearn), DEALS, seed=2, eval_deals=DEALS, marks=[0, DEALS])


def test_training_is_deterministic_for_a_seed(qlearn: ModuleType) -> None:
    first = qlearn.train(env(qlearn), 120, seed=5, eval_deals=0, marks=[])
    again = qlearn.train(env(qlearn), 120, seed=5, eval_deals=0, marks=[])
    other = qlearn.train(env(qlearn), 120, seed=6, eval_deals=0, marks=[])
    assert weights(first) == weights(again)
    assert weights(first) != weights(other)
    assert any(w != 0 for w in weights(first)[1])  # the play fit learned from what it saw


def test_a_short_run_beats_random_play_on_held_out_deals(qlearn: ModuleType, short_run: Any) -> None:
    (_, untrained, _), (trained, learned, _) = short_run.curve
    assert trained == DEALS
    # untrained, every Q is 0 and the first legal declaration wins the tie: it passes every hand, losing its ante
    assert untrained == pytest.approx(-3.0)
    learned_chips = short_run.last
    assert learned_chips.mean() == pytest.approx(learned)
    random_chips = qlearn.evaluate(env(qlearn), qlearn.random_policy(2), DEALS)
    # the same held-out deals for both: the paired difference's 95% interval lies above 0
    mean, half = qlearn.interval(learned_chips - random_chips)
    assert mean - half > 0, (mean, half)
    assert learned > -3.0 + half  # and it no longer passes everything


def test_LOO_POOL_1_and_3_the_weights_have_the_signs_the_game_implies(qlearn: ModuleType, short_run: Any) -> None:
    run = short_run
    play = dict(zip(qlearn.DECL_FEATURES, run.agent.decl[1].w, strict=True))
    card = dict(zip(qlearn.CARD_FEATURES, run.agent.card.w, strict=True))
    # LOO-POOL-1/3: a trick takes a share of the pool, a player looed pays; a high trump wins tricks, and the more
    # seats already in, the more likely a hand is looed
    assert play["top trump"] > 0
    assert play["plain aces"] > 0
    assert play["seats in"] < 0
    # a card that heads the trick (LOO-PLAY-2) may take it: worth more than one that cannot
    assert card["heads"] > 0


def test_main_writes_the_plot_and_the_figures(qlearn: ModuleType, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "curve.png"
    assert qlearn.main(["--episodes", "12", "--eval", "5", "--seed", "3", "--out", str(out), "--quiet"]) == 0
    assert out.stat().st_size > 1000
    rows = out.with_suffix(".csv").read_text().splitlines()
    assert rows[0] == "deals trained,chips per deal,ci95"
    assert [r.split(",")[0] for r in rows[1:]] == ["0", "10", "11", "12", "random player", "balanced bot"]
    assert np.isfinite([float(r.split(",")[1]) for r in rows[1:]]).all()
