"""Lou on the compiled core: the cases random play seldom deals or that need a chosen table (a matched pot, a short
stack against a match, the ties of formats B and C, the draw from a short stock, the dealer's ante against a poor
player, commits out of turn), played on both engines and compared as tests/test_core_differential.py compares every
deal; a copy and a hand history through a reshuffle of the stock; a session and ``loo simulate`` on either engine."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from lanterloo import PASS, STAND, Deal, rules_with
from lanterloo.actions import Action, Ante
from lanterloo.engine import core
from lanterloo.engine.events import Reshuffled
from lanterloo.engine.scoring import SettlementKind
from lanterloo.engine.state import PureDeal
from lanterloo.errors import IllegalActionError
from lanterloo.history import deal_to_record, dumps, parse_line, quick, verify_record
from lanterloo.sim import simulate
from test_core_differential import play_both, play_lou_games

pytestmark = [
    pytest.mark.skipif(not core.available(), reason="the compiled core is not built here"),
    pytest.mark.usefixtures("on_the_core"),
]


def everyone_in(deal: Any, legal: list[Action]) -> Action:
    """In whenever one may be; otherwise the first legal action (the least ante, no discard, the lowest card)."""
    return STAND if STAND in legal else legal[0]


def all_in_then(chooser: random.Random) -> Any:
    """Everyone goes In; every other choice is random."""

    def policy(deal: Any, legal: list[Action]) -> Action:
        return STAND if STAND in legal else legal[int(chooser.random() * len(legal))]

    return policy


def stacked(hands: dict[int, list[int]], n: int, dealer: int, turnup: int) -> list[int]:
    """A deck that deals ``hands`` (seat: three cards; the others get what is left, low cards first) and turns up
    ``turnup``; the rest is the stock."""
    rest = [c for c in range(52) if c != turnup and all(c not in h for h in hands.values())]
    dealt = {s: list(hands.get(s, ())) for s in range(n)}
    for s in range(n):
        while len(dealt[s]) < 3:
            dealt[s].append(rest.pop(0))
    order = [dealt[(dealer + 1 + i) % n][k] for k in range(3) for i in range(n)]
    return [*order, turnup, *rest]


CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


def card(suit: int, rank: int) -> int:
    return suit * 13 + rank


def test_a_trickless_player_matches_the_pot_and_the_game_goes_on_lou_pay_1_lou_game_1() -> None:
    # seat 1 holds the three top trumps, seat 2 three low hearts, seat 3 nothing: all In, 1 takes every trick
    rules = rules_with("lou", {"lou_ante_choice": "fixed"})
    trumps = [card(SPADES, r) for r in (12, 11, 10)]
    deck = stacked({1: trumps, 2: [card(HEARTS, r) for r in (0, 1, 2)]}, 4, 0, card(SPADES, 0))
    fast, _ = play_both(rules, [40, 40, 40, 5], 0, 0, 1, probe=True, deck=deck, policy=everyone_in)
    st = fast.settlement
    assert st.rule == "LOU-PAY-1" and st.looed == (2, 3, 0) and st.won[1] == 12
    # after his ante the short stack holds 2 of the 12 he owes: he pays what he has (SESSION-3)
    assert st.paid == (12, 0, 12, 2) and st.owed == (12, 0, 12, 12)
    assert not st.game_over and fast.pool == 26 and fast.stacks == (25, 49, 25, 0)


@pytest.mark.parametrize("payout", ["A", "B", "C"])
@pytest.mark.parametrize("no_winner", ["carry", "split_by_tricks", "split_equally"])
def test_three_one_trick_winners_as_the_reference_lou_pay_4(payout: str, no_winner: str) -> None:
    """Three In players take a trick each: nobody has two, and ``lou_no_winner`` decides under B and C."""
    rules = rules_with("lou", {"lou_payout": payout, "lou_no_winner": no_winner, "lou_match_cap": 0})
    ties = 0
    for seed in range(120):
        n = 3 + seed % 4
        chooser = random.Random(seed)
        _, ref = play_both(rules, [50] * n, seed % n, seed % 7, seed, probe=seed % 40 == 0, policy=all_in_then(chooser))
        st = ref.settlement
        assert st is not None
        if st.kind is SettlementKind.TRICKS and max(st.tricks) == 1:
            ties += 1
            assert st.rule == ("LOU-PAY-1" if payout == "A" else "LOU-PAY-4")
    assert ties > 10


@pytest.mark.parametrize("cap", [0, 1, 7, 1000])
def test_a_capped_match_as_the_reference_lou_pay_1(cap: int) -> None:
    rules = rules_with("lou", {"lou_match_cap": cap, "lou_payout": "B"})
    for seed in range(25):
        play_lou_games(rules, 4, [30, 2, 60, 9], 6, seed * 6, probe_every=6)


@pytest.mark.parametrize("shortfall", ["limit", "reshuffle"])
@pytest.mark.parametrize("draw", [1, 3])
def test_the_draw_from_a_short_stock_lou_draw_1(shortfall: str, draw: int) -> None:
    """16 or 17 players leave 3 cards or none in the stock: the draw is capped by it, or the dead cards (Out hands,
    earlier discards) are reshuffled into a new one."""
    rules = rules_with("lou", {"lou_draw": draw, "exchange_shortfall": shortfall})
    reshuffles = draws = 0
    for seed in range(60):
        n = 16 + seed % 2
        _, ref = play_both(rules, [30] * n, seed % n, 0, seed, probe=seed % 20 == 0)
        reshuffles += sum(isinstance(e, Reshuffled) for e in ref.events)
        draws += sum(e.kind == "exchanged" for e in ref.events)
    assert draws > 20
    assert (reshuffles > 5) if shortfall == "reshuffle" else (reshuffles == 0)


def test_nobody_in_and_one_in_lou_decl_2() -> None:
    def out(deal: Any, legal: list[Action]) -> Action:
        return PASS if PASS in legal else legal[0]

    def alone(deal: Any, legal: list[Action]) -> Action:  # declarations in turn: the seat to act declares
        if STAND in legal:
            return STAND if deal.current_player() == 2 else PASS
        return legal[0]

    for zero_in in ("carry", "reante"):
        rules = rules_with("lou", {"lou_zero_in": zero_in})
        fast, _ = play_both(rules, [20] * 4, 1, 5, 3, probe=True, policy=out)
        assert fast.settlement.kind is SettlementKind.NO_PLAY and fast.settlement.game_over == (zero_in == "reante")
        rules = rules_with("lou", {"lou_zero_in": zero_in, "declare": "sequential"})
        fast, _ = play_both(rules, [20] * 4, 1, 5, 3, probe=True, policy=alone)
        st = fast.settlement
        assert st.kind is SettlementKind.UNCONTESTED and st.winners == (2,) and st.won[2] == st.share * 3


def test_the_dealer_sets_the_ante_within_the_poorest_stack_lou_ante_2() -> None:
    rules = rules_with("lou", {"ante_mode": "everyone_dealer_double"})
    for stacks in ([100, 100, 100], [100, 7, 100], [100, 100, 2], [23, 100, 100], [0, 0, 0]):
        fast = Deal(rules, stacks, 0, seed=5)
        ref = PureDeal(rules, stacks, 0, seed=5)
        assert fast.legal_actions() == ref.legal_actions()
        for amount in (0, 3, 4, 6, 9, 12, 15, 18, -3, 10**20):
            for seat in (None, 0, 1):
                for deal in (fast, ref):
                    try:
                        deal.check(Ante(amount), seat)
                        got = None
                    except IllegalActionError as e:
                        got = (e.reason, e.rule_id, e.seats)
                    if deal is fast:
                        want = got
                    else:
                        assert got == want
        for action in (PASS, STAND):
            with pytest.raises(IllegalActionError) as a:
                fast.apply(action)
            with pytest.raises(IllegalActionError) as b:
                ref.apply(action)
            assert (a.value.reason, a.value.rule_id) == (b.value.reason, b.value.rule_id)
        top = fast.legal_actions()[-1]
        assert isinstance(top, Ante)
        assert fast.apply(Ante(top.amount)) == ref.apply(Ante(top.amount))
        assert fast.stacks == ref.stacks and fast.pool == ref.pool and fast.events == ref.events


def test_commits_in_any_order_and_refusals_lou_decl_1() -> None:
    np = pytest.importorskip("numpy")
    rules = rules_with("lou", {"lou_ante_choice": "fixed"})
    fast = Deal(rules, [50] * 5, 2, seed=9)
    ref = PureDeal(rules, [50] * 5, 2, seed=9)
    commits: list[tuple[Any, Action]] = [(4, STAND), (1, PASS), (np.int64(3), STAND)]
    for seat, action in commits:
        assert fast.apply(action, seat) == ref.apply(action, seat)
        assert fast.seats_to_act() == ref.seats_to_act() and fast.current_player() == ref.current_player()
    refused: list[tuple[Any, Action]] = [(4, PASS), (3, STAND), (0, Ante(3)), (7, STAND), (True, STAND)]
    for seat, action in refused:
        with pytest.raises((IllegalActionError, TypeError, ValueError)) as a:
            fast.apply(action, seat)
        with pytest.raises((IllegalActionError, TypeError, ValueError)) as b:
            ref.apply(action, seat)
        assert type(a.value) is type(b.value) and str(a.value) == str(b.value)
    assert fast.apply(STAND) == ref.apply(STAND)  # seat None: the first seat yet to commit, from the eldest
    assert fast.apply(PASS, 2) == ref.apply(PASS, 2)
    assert fast.phase is ref.phase and fast.events == ref.events and fast.view(0) == ref.view(0)


@pytest.mark.parametrize(
    "options",
    [
        {"lou_first_lead": "count_in_players"},
        {"lou_first_lead": "count_all_seats", "lou_later_leads": "same_leader"},
        {"lou_follow_suit": True, "void_trump_duty": "always"},
        {"lou_follow_suit": True, "declare": "sequential", "remainder": "most_tricks"},
    ],
)
def test_leads_and_duties_as_the_reference_lou_lead_1_2_lou_play_1(options: dict[str, Any]) -> None:
    rules = rules_with("lou", options)
    for seed in range(150):
        n = 2 + seed % 7
        play_both(rules, [40] * n, seed % n, 0, seed, probe=seed % 25 == 0, policy=all_in_then(random.Random(seed)))


def _draws(seed: int, n: int) -> Any:
    rules = rules_with("lou", {"lou_draw": 3, "exchange_shortfall": "reshuffle"})
    deal = Deal(rules, [30] * n, seed % n, rng=random.Random(seed))
    assert type(deal).__module__ == "lanterloo.engine._core"
    return deal


def test_a_copy_goes_on_alone_through_reshuffles() -> None:
    for seed in range(40):
        deal = _draws(seed, 16)
        chooser = random.Random(seed)
        while not deal.is_over:
            twin = deal.copy()
            legal = deal.legal_actions()
            action = legal[int(chooser.random() * len(legal))]
            assert twin.apply(action) == deal.apply(action)  # the same draws, after the same reshuffle
            assert twin.legal_actions() == deal.legal_actions()
            assert [twin.hand(s) for s in range(16)] == [deal.hand(s) for s in range(16)]
        assert twin.settlement == deal.settlement
        assert twin.events == deal.events


def test_lou_histories_with_draws_verify_with_the_reference() -> None:
    lines = []
    for seed in range(80):
        deal = _draws(seed, 14 + seed % 4)
        chooser = random.Random(seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(legal[int(chooser.random() * len(legal))])
        lines.append(dumps(deal_to_record(deal, number=seed + 1, seed=seed)))
    assert any('"reshuffles":[[' in line for line in lines)
    was, verifying = core.engine(), quick.EXT
    core.select("pure")
    quick.select(False)
    try:
        for i, line in enumerate(lines, 1):
            assert type(verify_record(parse_line(line, i), i)) is Deal
    finally:
        core.select(was)
        quick.EXT = verifying


@pytest.mark.parametrize("options", [{}, {"lou_draw": 2, "lou_payout": "C"}])
def test_loo_simulate_gives_the_same_summary_on_either_engine(options: dict[str, Any]) -> None:
    rules = rules_with("lou", options)
    on_core = replace(simulate(rules, 5, 300, seed=4), elapsed=0)
    core.select("pure")
    assert replace(simulate(rules, 5, 300, seed=4), elapsed=0) == on_core
