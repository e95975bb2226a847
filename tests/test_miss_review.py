"""bench/miss_review.py, sized to seconds: its counts and values mean what they say (docs/bots.md, "Reviewing the
declarations: the Miss")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/ sits beside src/, not inside it

from bench import miss_review

from lanterloo.actions import PASS, STAND, TAKE_MISS
from lanterloo.bots import make_bot
from lanterloo.engine import core

ROLLOUT = core.engine() == "core" and hasattr(core.ext(), "rollout")


def test_loo_decl_2_the_miss_is_taken_at_most_once_a_deal_and_counted_by_place() -> None:
    bots = [make_bot("balanced", seed=s) for s in range(miss_review.PLAYERS)]
    c = miss_review.frequency("three-card", bots, 30, 1, range(miss_review.PLAYERS))
    assert c.deals == 30
    assert sum(c.taken) == c.taken_deals <= c.deals  # one taker a deal at most, and every taker is watched here
    assert c.offered[1] == c.deals  # eldest always finds the Miss there
    assert c.gone[1] == 0
    for place in range(2, miss_review.PLAYERS + 1):
        # a later seat finds it gone exactly when an earlier one took it (everyone declares in three-card unless
        # all before the dealer passed, LOO-DECL-3)
        assert c.gone[place] <= sum(c.taken[:place])
        assert 0 <= c.taken[place] <= c.offered[place]


def test_loo_decl_2_against_random_players_only_the_watched_seat_is_counted() -> None:
    bots = [make_bot("balanced"), *(make_bot("random", seed=s) for s in range(4))]
    c = miss_review.frequency("three-card", bots, 25, 2, [0])
    assert sum(c.offered) + sum(c.gone) <= 25  # seat 0 declares at most once a deal
    assert sum(c.taken) <= c.taken_deals


@pytest.mark.skipif(not ROLLOUT, reason="the compiled core (with its play-outs) is not built")
def test_loo_decl_1_miss_positions_value_every_declaration_on_the_real_deal() -> None:
    found = miss_review.miss_positions("three-card", 12, 1)
    assert len(found) == 12
    for p in found:
        assert TAKE_MISS in p.values and p.other is not TAKE_MISS and p.other in p.values
        assert p.values.get(PASS, 0.0) == 0.0  # a seat that passes neither wins nor loses more (the ante is in)
        assert 1 <= p.place <= miss_review.PLAYERS
        assert (p.choice is TAKE_MISS) == (p.miss > p.other_value)  # the heuristic takes what it values most
        if STAND in p.values:
            assert p.own == p.own  # the hand was valued (not NaN) when standing is legal
    later = miss_review.miss_positions("three-card", 3, 1, first_place=3)
    assert all(p.place >= 3 for p in later)


@pytest.mark.skipif(not ROLLOUT, reason="the compiled core (with its play-outs) is not built")
def test_the_report_prints_its_tables(capsys: pytest.CaptureFixture[str]) -> None:
    found = miss_review.miss_positions("three-card", 6, 1)
    miss_review.report_values("three-card", found, 1, 1)
    mean, error, deals = miss_review.hard_estimate(found[0].view, 1)
    assert deals == 200 and error >= 0.0 and abs(mean) < 30
    out = capsys.readouterr().out
    assert "| all | 6 |" in out and "hard's estimate" in out


def test_loo_decl_2_only_seats_that_stood_while_the_miss_was_there_count_as_choosy() -> None:
    from lanterloo import rules_with
    from lanterloo.bots import declare
    from lanterloo.bots.knowledge import SELECTIVITY, Knowledge
    from lanterloo.engine import Deal

    deal = Deal(rules_with("three-card"), [100] * 5, 0, seed=3)
    eldest, taker, later = deal.seats_to_act()[0], 2, 3
    assert eldest == 1
    deal.apply(STAND, eldest)  # stood on his own hand with the Miss still there: he turned it down
    deal.apply(TAKE_MISS, taker)
    deal.apply(STAND, later)  # stood after the Miss was gone: no such choice
    k = Knowledge(deal.view(4))
    before = list(k.strength)
    declare.declined_miss(k)
    assert k.strength[eldest] == max(before[eldest], 1.0 + SELECTIVITY * (1.0 - declare.DECLINED_MISS))
    assert k.strength[eldest] > before[eldest]
    assert k.strength[taker] == before[taker] and k.strength[later] == before[later]
