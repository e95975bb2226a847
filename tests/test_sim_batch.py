"""``loo simulate`` on the compiled core's batch loop (lanterloo.simbatch, engine/_core_sim.pxi), the core as the
default engine, and a core deal as a ``Deal``.

The batch loop draws from copies of the per-action path's own random streams, so one seed gives the same summary
on either path: the tests compare whole summaries. No test here depends on speed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lanterloo import Deal, rules_with, simbatch
from lanterloo.bots import make_bots
from lanterloo.cli.common import progress_bar
from lanterloo.engine import core
from lanterloo.engine.state import PureDeal
from lanterloo.sim import SimSummary, simulate

pytestmark = [
    pytest.mark.skipif(not core.available(), reason="the compiled core is not built here"),
    pytest.mark.usefixtures("on_the_core"),
]


def _per_action(monkeypatch: pytest.MonkeyPatch, *args: Any, **kw: Any) -> SimSummary:
    with monkeypatch.context() as m:
        m.setattr(simbatch, "usable", lambda *a: False)
        return simulate(*args, **kw)


@pytest.mark.parametrize("seed", [0, 1, 2**40 + 3])
def test_the_mersenne_twister_of_the_loop_is_pythons(seed: int) -> None:
    rng = random.Random(seed)
    for skip in (0, 311, 1):  # across a generation's edge, which the loop twists on demand
        for _ in range(skip):
            rng.random()
        got = core.ext().mt_sample(rng, 700)
        want: list[Any] = [rng.random() for _ in range(700)]
        bits = rng.getrandbits(63)
        want += [bits, rng.randrange(5), random.Random(bits).random()]
        assert got == want


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("three-card", 5, {}),
        ("irish", 4, {}),
        ("mississippi", 6, {}),
        ("rams-loo", 5, {}),
        # short sessions: a looed seat who cannot pay in full ends them (SESSION-3), the last one stops exactly
        ("three-card", 3, {"session_end": "exact", "loo_penalty": "fixed", "loo_amount": 200}),
        # antes that run stacks dry (SESSION-2), the dealer's double, Bold Stand
        ("three-card", 5, {"ante_mode": "everyone_dealer_double", "ante": 60, "bold_stand": "everyone"}),
    ],
)
def test_simulate_gives_the_same_summary_on_the_batch_loop_as_per_action(
    monkeypatch: pytest.MonkeyPatch, preset: str, players: int, options: dict[str, Any]
) -> None:
    rules = rules_with(preset, options)
    ran: list[bool] = []
    real = simbatch.run

    def counted(*args: Any) -> None:
        ran.append(True)
        real(*args)

    monkeypatch.setattr(simbatch, "run", counted)
    for seed in (1, 99):
        fast = simulate(rules, players, 1500, seed)
        assert ran.pop()
        slow = _per_action(monkeypatch, rules, players, 1500, seed)
        fast.elapsed = slow.elapsed = 0.0
        assert fast == slow
        assert fast.to_dict() == slow.to_dict()


def test_a_session_that_cannot_start_is_refused_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = rules_with("three-card", {"ante": 2000})
    with pytest.raises(Exception, match="Ann cannot pay the ante") as fast:
        simulate(rules, 5, 3, 1)
    with pytest.raises(Exception, match="Ann cannot pay the ante") as slow:
        _per_action(monkeypatch, rules, 5, 3, 1)
    assert str(fast.value) == str(slow.value)


def test_the_batch_loop_runs_only_where_it_plays_exactly_as_the_per_action_path() -> None:
    three = rules_with("three-card")
    assert simbatch.usable(three, make_bots(["random"] * 5, 1), None)
    assert not simbatch.usable(three, make_bots(["random"] * 5, 1), "h.jsonl")  # a history needs every action
    assert simbatch.usable(three, make_bots(["random"] * 4 + ["heuristic"], 1), None)  # the C policy plays it
    assert not simbatch.usable(three, make_bots(["random"] * 4 + ["medium"], 1), None)  # a search bot does not
    assert simbatch.usable(rules_with("five-card"), make_bots(["random"] * 5, 1), None)
    # a reshuffle of a short stock draws from the deal's own stream, which the loop does not carry on
    assert not simbatch.usable(
        rules_with("five-card", {"exchange_shortfall": "reshuffle"}), make_bots(["random"] * 5, 1), None
    )
    # Lou's loop carries each deal's stream on for a reshuffle of its stock (LOU-DRAW-1)
    lou = rules_with("lou", {"lou_draw": 3, "exchange_shortfall": "reshuffle"})
    assert simbatch.usable(lou, make_bots(["random"] * 4 + ["bold"], 1), None)
    core.select("pure")
    assert not simbatch.usable(three, make_bots(["random"] * 5, 1), None)


def test_progress_reaches_the_end_from_the_batch_loop() -> None:
    seen: list[tuple[int, int]] = []
    out = simulate(rules_with("three-card"), 5, 5000, 4, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1] == (out.deals, 5000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_progress_bar_is_off_for_json_and_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr.isatty", lambda: False)
    assert progress_bar(10_000, "simulating")[0] is None
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    assert progress_bar(10_000, "simulating", quiet=True)[0] is None
    update, stop = progress_bar(10_000, "simulating")
    try:
        assert update is not None
        update(1024, 10_000)
        update(10_000, 10_000)
    finally:
        stop()
    update, stop = progress_bar(None, "verifying")  # loo replay --verify: bytes, the total known as it reads
    try:
        assert update is not None
        update(4096, 1_000_000)
        update(1_000_000, 1_000_000)
    finally:
        stop()


def test_a_core_deal_is_a_deal() -> None:
    deal = Deal(rules_with("three-card"), [100] * 5, 0, seed=1)
    assert type(deal) is not Deal and type(deal) is not PureDeal  # the core plays it
    assert isinstance(deal, Deal) and issubclass(type(deal), Deal)
    assert not isinstance(deal, PureDeal)  # the reference's own subclass stays the reference
    assert isinstance(PureDeal(rules_with("three-card"), [100] * 5, 0, seed=1), Deal)
    assert not isinstance(object(), Deal)


def test_a_settled_core_deal_shows_its_own_settlement_in_its_last_event() -> None:
    for first in ("settlement", "events"):  # whichever is asked for first
        deal = Deal(rules_with("three-card"), [50] * 4, 0, seed=3)
        pick = random.Random(3)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(legal[int(pick.random() * len(legal))])
        if first == "settlement":
            st = deal.settlement
            assert deal.events[-1].settlement is st  # type: ignore[union-attr]
        else:
            last = deal.events[-1]
            assert last.settlement is deal.settlement  # type: ignore[union-attr]


def test_a_run_too_long_for_the_c_loop_plays_deal_by_deal() -> None:
    from lanterloo.bots import make_bots
    from lanterloo.simbatch import MOST_DEALS, usable

    bots = make_bots(["random"] * 5, 1)
    rules = rules_with("three-card")
    assert usable(rules, bots, None, MOST_DEALS - 1) == usable(rules, bots, None, 1)
    assert not usable(rules, bots, None, MOST_DEALS)
