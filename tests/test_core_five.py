"""Five-card Pam-Loo on the compiled core: the cases random play seldom deals (flushes and their options, blazes,
ties, Pam's exemptions, reshuffles of the stock), played on both engines from chosen decks and compared as
tests/test_core_differential.py compares every deal; a copy and a hand history through a reshuffle."""

from __future__ import annotations

import random
from typing import Any

import pytest

from lanterloo import PASS, STAND, Deal, Rules, rules_with
from lanterloo.actions import Action
from lanterloo.engine import core
from lanterloo.engine.events import Reshuffled
from lanterloo.engine.scoring import SettlementKind
from lanterloo.history import deal_to_record, dumps, parse_line, verify_record
from test_core_differential import play_both

pytestmark = [
    pytest.mark.skipif(not core.available(), reason="the compiled core is not built here"),
    pytest.mark.usefixtures("on_the_core"),
]

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
JACK, QUEEN, KING, ACE = 9, 10, 11, 12


def card(suit: int, rank: int) -> int:
    return suit * 13 + rank


def stacked(hands: dict[int, list[int]], players: int, dealer: int, turnup: int) -> list[int]:
    """A deck that deals ``hands`` (seat: five cards; the other seats get what is left) and turns up ``turnup``."""
    rest = [c for c in range(52) if c != turnup and all(c not in h for h in hands.values())]
    rest.sort(key=lambda c: (c % 13, c // 13))  # rank by rank: the other hands hold no flush
    dealt = {s: list(hands.get(s, ())) for s in range(players)}
    for s in range(players):
        while len(dealt[s]) < 5:
            dealt[s].append(rest.pop(0))
    order = []
    for k in range(5):
        for i in range(players):
            order.append(dealt[(dealer + 1 + i) % players][k])
    return [*order, turnup, *rest]


def everyone_stands(deal: Any, legal: list[Action]) -> Action:
    return STAND if STAND in legal else legal[0]


def seat_passes(seat: int) -> Any:
    def policy(deal: Any, legal: list[Action]) -> Action:
        if deal.current_player() == seat and PASS in legal:
            return PASS
        return everyone_stands(deal, legal)

    return policy


HEARTS_FLUSH = [card(HEARTS, r) for r in (0, 2, 4, 6, 8)]
SPADES_FLUSH = [card(SPADES, r) for r in (0, 2, 4, 6, 8)]  # the same ranks: a tie
PAM_FLUSH = [card(CLUBS, JACK), *(card(SPADES, r) for r in (1, 3, 5, 7))]
BLAZE = [card(HEARTS, JACK), card(HEARTS, QUEEN), card(HEARTS, KING), card(SPADES, QUEEN), card(SPADES, KING)]
TRUMP_FLUSH = [card(DIAMONDS, r) for r in (1, 3, 5, 7, 10)]
PAM = card(CLUBS, JACK)

DEALS = {
    "a tie": {1: HEARTS_FLUSH, 2: SPADES_FLUSH, 3: [PAM]},
    "Pam's flush above a plain one": {1: HEARTS_FLUSH, 2: PAM_FLUSH},
    "a blaze and a flush": {1: BLAZE, 3: SPADES_FLUSH, 0: [PAM]},
    "a blaze alone": {2: BLAZE, 1: [PAM]},
    "a trump flush": {2: HEARTS_FLUSH, 3: TRUMP_FLUSH},
}
FLUSH_OPTIONS: list[dict[str, Any]] = [
    {},
    {"flush_tie": "split"},
    {"flush_tie": "split", "flush_paid_to_holder": True},
    {"flush_order": "elder_hand_only"},
    {"flush_order": "elder_hand_only", "blaze": True},
    {"blaze": True},
    {"blaze": True, "flush_tie": "split", "flush_exempt": "pam_and_flush_holders"},
    {"flush_payers": "all_players", "pam_holder_not_looed": True},
    {"flush_exempt": "pam_and_flush_holders", "flush_paid_to_holder": True, "loo_penalty": "pool"},
    {"pam": "jack_of_trump_suit", "blaze": True},
    {"pam": "none"},
]


@pytest.mark.parametrize("options", FLUSH_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "-")
@pytest.mark.parametrize("name", list(DEALS))
def test_flushes_settle_as_the_reference_pam_flush_1_to_3(name: str, options: dict[str, Any]) -> None:
    rules = rules_with("five-card", {"exchange": "none", **options})
    deck = stacked(DEALS[name], 5, 0, card(DIAMONDS, 0))
    kinds = set()
    for policy in (everyone_stands, seat_passes(3), seat_passes(0)):
        for pool in (0, 7):
            _, ref = play_both(rules, [20, 3, 40, 0, 9], 0, pool, 1, probe=True, deck=deck, policy=policy)
            assert ref.settlement is not None
            kinds.add(ref.settlement.kind)
    assert SettlementKind.FLUSH in kinds or (name == "a blaze alone" and not rules.blaze)


def test_a_tie_splits_the_pool_pam_flush_2() -> None:
    rules = rules_with("five-card", {"exchange": "none", "flush_tie": "split"})
    deck = stacked(DEALS["a tie"], 5, 0, card(DIAMONDS, 0))
    fast, _ = play_both(rules, [50] * 5, 0, 11, 1, probe=False, deck=deck, policy=everyone_stands)
    assert fast.settlement.kind is SettlementKind.FLUSH and fast.settlement.winners == (1, 2)


@pytest.mark.parametrize(
    "options",
    [
        {"pam_civil": "ask"},
        {"pam_civil": "ask", "pam_civil_last_card": "loses", "pam_civil_only_trump_exception": True},
        {"pam_privileged": True, "pam_holder_not_looed": True, "forced_lead_cards": "pam_or_ace"},
        {"first_lead_forced": True, "forced_lead_cards": "pam_or_ace", "later_trump_lead": "highest"},
        {"pam": "jack_of_trump_suit", "equivalent_cards": True, "first_trump_lead": "any_trump"},
    ],
)
def test_pam_and_the_civil_call_as_the_reference_pam_1_to_4(options: dict[str, Any]) -> None:
    rules = rules_with("five-card", options)
    for seed in range(300):
        n = 3 + seed % 4
        # the ace of trumps and Pam in play: every seat stands half the time
        policy = everyone_stands if seed % 2 else None
        play_both(rules, [30] * n, seed % n, seed % 9, seed, probe=seed % 25 == 0, policy=policy)


@pytest.mark.parametrize("exchange", ["own_turn", "after_declarations"])
def test_a_short_stock_is_reshuffled_as_the_reference_pam_exch_2(exchange: str) -> None:
    rules = rules_with("five-card", {"exchange": exchange, "exchange_shortfall": "reshuffle"})
    reshuffles = 0
    for seed in range(150):
        n = 8 + seed % 3  # ten hands and a turn-up leave one card in the stock
        _, ref = play_both(rules, [30] * n, seed % n, 0, seed, probe=seed % 30 == 0)
        reshuffles += sum(isinstance(e, Reshuffled) for e in ref.events)
    assert reshuffles > 20


def _random_five(seed: int, rules: Rules, n: int) -> Any:
    deal = Deal(rules, [30] * n, seed % n, rng=random.Random(seed))
    assert type(deal).__module__ == "lanterloo.engine._core"  # the core plays it
    return deal


def test_a_copy_goes_on_alone_through_reshuffles() -> None:
    rules = rules_with("five-card", {"exchange_shortfall": "reshuffle"})
    for seed in range(60):
        deal = _random_five(seed, rules, 9)
        chooser = random.Random(seed)
        while not deal.is_over:
            twin = deal.copy()
            legal = deal.legal_actions()
            action = STAND if STAND in legal else legal[int(chooser.random() * len(legal))]
            assert twin.apply(action) == deal.apply(action)  # the same draws, after the same reshuffle
            assert twin.legal_actions() == deal.legal_actions()
            assert [twin.hand(s) for s in range(9)] == [deal.hand(s) for s in range(9)]
        assert twin.settlement == deal.settlement
        assert twin.events == deal.events


def test_five_card_histories_written_through_the_core_verify_with_the_reference() -> None:
    rules = rules_with("five-card", {"exchange_shortfall": "reshuffle", "pam_civil": "ask"})
    lines = []
    for seed in range(120):
        deal = _random_five(seed, rules, 6 + seed % 5)
        chooser = random.Random(seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(STAND if STAND in legal and seed % 2 else legal[int(chooser.random() * len(legal))])
        lines.append(dumps(deal_to_record(deal, number=seed + 1, seed=seed)))
    assert any('"reshuffles":[[' in line for line in lines)
    core.select("pure")
    for i, line in enumerate(lines, 1):
        assert type(verify_record(parse_line(line, i), i)) is Deal


def test_the_batch_simulator_plays_five_card() -> None:
    for options in ({}, {"exchange_shortfall": "reshuffle", "pam_civil": "ask"}, {"exchange": "after_declarations"}):
        rules = rules_with("five-card", options)
        for players in (3, 5, 10):
            out = core.ext().batch(rules, players, 2000, 3)
            assert sum(out["net"]) + out["pool"] == 0
            assert sum(out["tricks"]) <= 2000 * 5
