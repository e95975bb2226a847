"""Every option of ``Rules``: each alternative changes the game the way the rules research says it should.

Options whose alternatives already have a worked example are tested in the example files (noted in
``EXAMPLE_COVERAGE``); the last test checks that no option is left without a test. Positions are built with
``deal_from_hands`` and reached through the public API. The dealer is seat 0, so P1 (eldest) is seat 1.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

import pytest

from lanterloo import (
    DEFEND_MISS,
    PASS,
    STAND,
    TAKE_MISS,
    Deal,
    Discard,
    Phase,
    Play,
    Rules,
    RulesError,
    Session,
    Settlement,
    parse_cards,
    rules_with,
)
from lanterloo.cards import mask_of
from lanterloo.engine.scoring import louse_points
from lanterloo.rules import PRESETS, parse_option_value, resolve_preset
from lanterloo.session import SETTLE_LIMIT
from lanterloo.setup import deal_from_hands, deck_for_hands
from positions import act, assert_illegal, cards, forced, legal_cards, phase, set_ante, settled, taken

# --- helpers -----------------------------------------------------------------------------------------------------


def loo(
    preset: str,
    opts: dict[str, Any] | None,
    hands: dict[int, str],
    *,
    players: int,
    declarations: list[str],
    turnup: str | None = None,
    pool: int = 0,
    stock: str | None = None,
    miss: str | None = None,
) -> Deal:
    deal = deal_from_hands(
        rules_with(preset, opts), hands, players=players, dealer=0, turnup=turnup, pool=pool, stock=stock, miss=miss
    )
    act(deal, *declarations)
    return deal


def commit(deal: Deal, ins: set[int]) -> None:
    for seat in range(deal.players):
        deal.apply(STAND if seat in ins else PASS, seat)


def play_out(deal: Deal) -> Settlement:
    """Finish a deal through the public API, always taking the first legal action."""
    while not deal.is_over:
        seat = deal.seats_to_act()[0]
        deal.apply(deal.legal_actions(seat)[0], seat)
    return settled(deal)


# --- stakes: ante_mode, ante, loo_penalty, loo_amount, remainder -------------------------------------------------


@pytest.mark.parametrize(
    ("opts", "pool", "stacks"),
    [
        ({}, 12, [97, 97, 97, 97]),  # the project default: every player antes (Precedence, A-12)
        ({"ante_mode": "dealer"}, 3, [97, 100, 100, 100]),
        ({"ante_mode": "everyone_dealer_double"}, 15, [94, 97, 97, 97]),
        ({"ante": 6}, 24, [94, 94, 94, 94]),
    ],
)
def test_LOO_ANTE_1_ante_mode_and_ante(opts: dict[str, Any], pool: int, stacks: list[int]) -> None:
    deal = deal_from_hands(rules_with("three-card", opts), {}, players=4, dealer=0)
    assert deal.pool == pool
    assert list(deal.stacks) == stacks
    assert sum(deal.stacks) + deal.pool == 400


# The E25 deal: pool 10 (9 antes on a carried 1); P1 takes tricks 1 and 2, P3 (the dealer) trick 3, P2 none.
E25_HANDS = {1: "A♥ A♦ 2♣", 2: "2♥ 2♦ 3♣", 0: "3♥ 3♦ K♣"}
E25_PLAY = ["A♥", "2♥", "3♥", "A♦", "2♦", "3♦", "2♣", "3♣", "K♣"]


def e25(opts: dict[str, Any]) -> Settlement:
    deal = loo("three-card", opts, E25_HANDS, players=3, turnup="7♠", pool=1, declarations=["play"] * 3)
    assert deal.pool == 10
    act(deal, *E25_PLAY)
    return settled(deal)


@pytest.mark.parametrize(
    ("opts", "loo"),
    [
        ({"loo_penalty": "pool"}, 10),  # Unlimited: the pool when play began
        ({"loo_penalty": "fixed"}, 3),  # Limited, the default
        ({"loo_penalty": "fixed", "loo_amount": 6}, 6),  # Peel's 6 for a loo
        ({"loo_penalty": "capped", "loo_amount": 6}, 6),  # Mixed Loo: the pool up to a cap
        ({"loo_penalty": "capped", "loo_amount": 20}, 10),
    ],
)
def test_LOO_POOL_3_loo_penalty_and_loo_amount(opts: dict[str, Any], loo: int) -> None:
    st = e25(opts)
    assert list(st.looed) == [2]
    assert list(st.paid) == [0, 0, loo]
    assert st.pool_after == 1 + loo


@pytest.mark.parametrize(
    ("remainder", "won"),
    [
        ("carry", [3, 6, 0]),
        ("first_trick_winner", [3, 7, 0]),
        ("last_trick_winner", [4, 6, 0]),
        ("most_tricks", [3, 7, 0]),
    ],
)
def test_LOO_POOL_2_remainder(remainder: str, won: list[int]) -> None:
    st = e25({"remainder": remainder})
    assert list(st.won) == won
    assert st.pool_after == 10 - sum(won) + 3


def test_LOO_POOL_2_remainder_most_tricks_tie_goes_to_earliest_trick() -> None:
    # One trick each: P2 takes trick 1, P3 (seat 0) trick 2, P1 trick 3.
    hands = {1: "2♥ 3♦ A♣", 2: "A♥ 2♦ 3♣", 0: "3♥ A♦ 2♣"}
    for remainder, target in [("most_tricks", 2), ("first_trick_winner", 2), ("last_trick_winner", 1)]:
        deal = loo(
            "three-card", {"remainder": remainder}, hands, players=3, turnup="7♠", pool=1, declarations=["play"] * 3
        )
        act(deal, "2♥", "A♥", "3♥", "2♦", "A♦", "3♦", "2♣", "A♣", "3♣")
        assert [t.winner for t in deal.view(None).tricks] == [2, 0, 1]
        won = [3, 3, 3]
        won[target] += 1
        assert list(settled(deal).won) == won


# --- declaration: bold_stand, bold_stand_withdraw_miss, club_law, dealer_takes_all_pass, lone_player, ... --------


def test_LOO_DECL_8_bold_stand_dealer_and_last() -> None:
    opts = {"bold_stand": "dealer_and_last", "lone_player": "wins_pool"}
    deal = loo("three-card", opts, {}, players=4, declarations=["pass", "pass"])
    assert deal.current_player() == 3  # the dealer's right-hand neighbour, everyone before him having passed
    assert deal.legal_actions() == [STAND, TAKE_MISS]
    assert_illegal(deal, PASS, "LOO-DECL-8", "Bold Stand")
    act(deal, "play")
    assert PASS not in deal.legal_actions()
    assert_illegal(deal, PASS, "LOO-DECL-8", "Bold Stand")
    act(deal, "play")
    assert phase(deal) is Phase.PLAY


def test_LOO_DECL_8_bold_stand_dealer_and_last_not_if_someone_played() -> None:
    deal = loo("three-card", {"bold_stand": "dealer_and_last"}, {}, players=4, declarations=["play", "pass"])
    assert PASS in deal.legal_actions()


def test_LOO_DECL_8_bold_stand_dealer_and_last_not_with_carried_chips() -> None:
    deal = loo("three-card", {"bold_stand": "dealer_and_last"}, {}, players=4, pool=3, declarations=["pass", "pass"])
    assert PASS in deal.legal_actions()


def test_LOO_DECL_8_bold_stand_withdraw_miss_false_keeps_the_miss() -> None:
    deal = loo(
        "three-card", {"bold_stand": "everyone", "bold_stand_withdraw_miss": False}, {}, players=4, declarations=[]
    )
    assert forced(deal) and not deal.view(None).miss_withdrawn
    assert deal.legal_actions() == [STAND, TAKE_MISS]
    act(deal, "miss")
    assert deal.view(None).miss_taker == 1


@pytest.mark.parametrize(("preset", "opts"), [("three-card", {}), ("irish", {})])
def test_LOO_DECL_7_club_law_does_not_apply(preset: str, opts: dict[str, Any]) -> None:
    # Three-card Loo has Club Law off; Irish Loo has it on, but in first-lead mode nobody knows trumps yet.
    turnup = "4♣" if rules_with(preset).has_turnup else None
    deal = loo(preset, opts, {}, players=4, turnup=turnup, declarations=[])
    assert not forced(deal)
    assert PASS in deal.legal_actions()


def test_LOO_DECL_3_dealer_takes_all_pass_off() -> None:
    deal = loo("three-card", {"dealer_takes_all_pass": False}, {}, players=4, declarations=["pass"] * 3)
    assert deal.current_player() == 0
    assert deal.legal_actions() == [PASS, STAND, TAKE_MISS]
    pool = deal.pool
    act(deal, "pass")
    st = settled(deal)
    assert st.kind == "no_play"
    assert st.pool_after == pool  # nobody played: the pool is carried


def test_LOO_DECL_4_dealer_takes_all_pass_off_dealer_alone() -> None:
    deal = loo("three-card", {"dealer_takes_all_pass": False}, {}, players=4, declarations=["pass"] * 3)
    act(deal, "play")
    st = settled(deal)
    assert st.rule == "LOO-DECL-4"
    assert list(st.winners) == [0]


def test_LOO_DECL_5_lone_player_wins_pool() -> None:
    deal = loo("three-card", {"lone_player": "wins_pool"}, {}, players=4, declarations=["play", "pass", "pass"])
    # The dealer may now pass, leaving the pool to the lone player; he may still play or defend the Miss.
    assert set(deal.legal_actions()) == {PASS, STAND, TAKE_MISS, DEFEND_MISS}
    pool = deal.pool
    act(deal, "pass")
    st = settled(deal)
    assert st.rule == "LOO-DECL-4"
    assert list(st.winners) == [1]
    assert st.won[1] == pool


def test_LOO_DECL_5_lone_player_dealer_must_play_in_five_card() -> None:
    deal = loo(
        "five-card",
        {"lone_player": "dealer_must_play"},
        {},
        players=4,
        declarations=["play", "discard", "pass", "pass"],
    )
    assert deal.legal_actions() == [STAND]
    assert_illegal(deal, PASS, "LOO-DECL-5", "may not pass")


def test_LOO_DECL_5_five_card_default_lone_player_takes_pool() -> None:
    deal = loo("five-card", {}, {}, players=4, declarations=["play", "discard", "pass", "pass"])
    assert deal.legal_actions() == [PASS, STAND]
    act(deal, "pass")
    assert list(settled(deal).winners) == [1]


def test_LOO_DECL_6_defend_miss_exactly_one_default() -> None:
    deal = loo("three-card", {}, {}, players=4, declarations=["play", "play", "pass"])
    assert DEFEND_MISS not in deal.legal_actions()
    assert_illegal(deal, DEFEND_MISS, "LOO-DECL-6", "exactly one player")


def test_LOO_DECL_6_defend_miss_at_least_one() -> None:
    # P1 and P2 stand; the dealer defends the Miss against both. The Miss's tricks stay in the pool.
    hands = {1: "A♥ 2♦ 2♣", 2: "3♥ 3♦ 3♣"}
    deal = loo(
        "three-card",
        {"defend_miss": "at_least_one"},
        hands,
        players=3,
        turnup="7♠",
        miss="2♥ A♦ A♣",
        declarations=["play", "play"],
    )
    assert set(deal.legal_actions()) == {PASS, STAND, TAKE_MISS, DEFEND_MISS}
    act(deal, "defend", "A♥", "3♥", "2♥", "2♦", "3♦", "A♦", "A♣", "2♣", "3♣")
    assert list(deal.view(None).tricks_won) == [2, 1, 0]
    st = settled(deal)
    assert list(st.won) == [0, 3, 0]
    assert list(st.looed) == [2]  # P2 is looed; the dealer never is
    assert list(st.paid) == [0, 0, 3]
    assert st.pool_after == 9 - 3 + 3


def test_LOO_DECL_6_defend_miss_never() -> None:
    deal = loo("three-card", {"defend_miss": "never"}, {}, players=4, declarations=["play", "pass", "pass"])
    assert set(deal.legal_actions()) == {STAND, TAKE_MISS}
    assert_illegal(deal, DEFEND_MISS, "LOO-DECL-6", "not part of")


def test_LOO_LEAD_1_miss_holder_leads() -> None:
    for opts, leader in [({}, 1), ({"miss_holder_leads": True}, 2)]:
        deal = loo("three-card", opts, {}, players=3, declarations=["play", "miss", "play"])
        assert phase(deal) is Phase.PLAY
        assert deal.current_player() == leader


# --- exchange: exchange, exchange_shortfall ----------------------------------------------------------------------


def test_PAM_EXCH_1_exchange_after_declarations() -> None:
    hands = {1: "2♣ 3♦ 4♥ 5♠ 7♣", 2: "8♦ 9♥ 10♠ Q♣ K♦", 0: "2♦ 3♥ 4♠ 5♣ 7♦"}
    deal = loo(
        "five-card",
        {"exchange": "after_declarations"},
        hands,
        players=3,
        turnup="9♠",
        stock="A♥ K♥ Q♥",
        declarations=["play"],
    )
    assert phase(deal) is Phase.DECLARE  # no exchange at one's own turn
    assert deal.current_player() == 2
    act(deal, "pass", "play")
    assert phase(deal) is Phase.EXCHANGE
    assert deal.current_player() == 1  # exchanges in declaration order, passed hands skipped
    act(deal, "discard 2♣ 3♦")
    assert set(deal.hand(1)) == cards("4♥ 5♠ 7♣ A♥ K♥")
    assert deal.current_player() == 0
    act(deal, "discard 2♦")
    assert set(deal.hand(0)) == cards("3♥ 4♠ 5♣ 7♦ Q♥")
    assert phase(deal) is Phase.PLAY


def test_PAM_EXCH_1_own_turn_cannot_pass_after_exchanging() -> None:
    deal = loo("five-card", {}, {}, players=3, declarations=["play"])
    assert phase(deal) is Phase.EXCHANGE
    assert_illegal(deal, PASS, "PAM-EXCH-1", "exchange")


def test_PAM_EXCH_2_exchange_shortfall_reshuffle() -> None:
    hands = {1: "2♣ 3♣ 4♦ 5♦ 6♥", 2: "7♣ 8♦ 9♥ 10♥ J♥"}
    deal = loo(
        "five-card",
        {"exchange_shortfall": "reshuffle"},
        hands,
        players=9,
        stock="A♠ K♠ Q♠ J♠ 10♠ 9♠",
        declarations=["play", "discard 2♣ 3♣ 4♦ 5♦", "play"],
    )
    assert deal.stock_left() == 2
    # The two cards left plus P1's four discards can be drawn, up to the whole hand.
    assert max(a.count for a in deal.legal_actions() if isinstance(a, Discard)) == 5
    act(deal, "discard 7♣ 8♦ 9♥")
    assert any(e.kind == "reshuffled" for e in deal.events)
    hand = set(deal.hand(2))
    assert hand >= cards("10♥ J♥ 10♠ 9♠")  # the old stock is drawn first
    assert len(hand & cards("2♣ 3♣ 4♦ 5♦")) == 1  # then a card from the discards (never his own)
    assert deal.stock_left() == 3


# --- leads: first_lead_forced, forced_lead_cards, first_trump_lead, trump_lead_highest, equivalent_cards, ... ----


def test_LOO_LEAD_2_first_lead_forced_off() -> None:
    deal = loo(
        "three-card", {"first_lead_forced": False}, {1: "A♦ K♣ 2♥"}, players=3, turnup="7♦", declarations=["play"] * 3
    )
    assert legal_cards(deal) == cards("A♦ K♣ 2♥")


@pytest.mark.parametrize(
    ("opts", "leader", "turnup", "expected", "rule"),
    [
        ({}, "J♣ A♥ 2♦ 3♠ 4♠", "9♥", "J♣ A♥", "PAM-3"),  # pam_or_ace, the five-card value
        ({}, "J♣ 5♥ 2♦ 3♠ 4♠", "9♥", "J♣", "PAM-3"),
        ({"forced_lead_cards": "ace"}, "J♣ A♥ 2♦ 3♠ 4♠", "9♥", "A♥", "LOO-LEAD-2"),
        ({"forced_lead_cards": "ace"}, "J♣ 5♥ 2♦ 3♠ 4♠", "9♥", "J♣ 5♥ 2♦ 3♠ 4♠", ""),
        ({}, "K♥ 5♥ 2♦ 3♠ 4♠", "A♥", "K♥", "PAM-3"),  # the ace turned up: the king takes its place
        ({"pam_privileged": True}, "J♣ 5♥ 2♦ 3♠ 4♠", "9♥", "J♣ 5♥ 2♦ 3♠ 4♠", ""),  # never compulsory
    ],
)
def test_PAM_3_forced_lead_cards(opts: dict[str, Any], leader: str, turnup: str, expected: str, rule: str) -> None:
    opts = {"first_lead_forced": True, **opts}
    hands = {1: leader, 2: "6♦ 7♦ 8♦ 9♦ 10♥", 0: "5♣ 6♣ 7♣ 8♣ 10♠"}
    deal = loo("five-card", opts, hands, players=3, turnup=turnup, declarations=["play", "discard"] * 3)
    assert phase(deal) is Phase.PLAY
    assert legal_cards(deal) == cards(expected)
    if rule:
        assert_illegal(deal, "2♦", rule)


@pytest.mark.parametrize(
    ("opts", "declarations", "expected"),
    [
        ({"first_trump_lead": "none"}, ["play"] * 4, "9♣ 3♣ A♥"),
        ({"first_trump_lead": "two_trumps"}, ["play"] * 4, "9♣ 3♣"),
        ({"first_trump_lead": "any_trump"}, ["play"] * 4, "9♣ 3♣"),
        ({"first_trump_lead": "heads_up_only"}, ["play"] * 4, "9♣ 3♣ A♥"),
        ({"first_trump_lead": "heads_up_only"}, ["play", "pass", "pass", "play"], "9♣"),
        ({"trump_lead_highest": "never"}, ["play", "pass", "pass", "play"], "9♣ 3♣"),
        ({"trump_lead_highest": "heads_up"}, ["play", "pass", "pass", "play"], "9♣"),
        ({"trump_lead_highest": "heads_up"}, ["play"] * 4, "9♣ 3♣"),
        ({"trump_lead_highest": "always"}, ["play"] * 4, "9♣"),
    ],
)
def test_LOO_LEAD_3_first_trump_lead_and_trump_lead_highest(
    opts: dict[str, Any], declarations: list[str], expected: str
) -> None:
    deal = loo("three-card", opts, {1: "9♣ 3♣ A♥"}, players=4, turnup="5♣", declarations=declarations)
    assert legal_cards(deal) == cards(expected)


def test_LOO_LEAD_1_single_trump_any_trump() -> None:
    deal = loo(
        "three-card",
        {"first_trump_lead": "any_trump"},
        {1: "9♣ A♥ 2♥"},
        players=4,
        turnup="5♣",
        declarations=["play"] * 4,
    )
    assert legal_cards(deal) == cards("9♣")


def test_LOO_LEAD_4_equivalent_cards_through_a_played_card() -> None:
    # Trick 1: P1 leads the A♥; P2 (void) trumps with the 8♠; P3 must overtrump and wins with the 10♠.
    # P3 then holds 9♠ 7♠ and must lead his highest trump: with the 8♠ played, the 7♠ is as good.
    hands = {1: "A♥ 2♦ 3♦", 2: "8♠ 2♣ 3♣", 3: "10♠ 9♠ 7♠", 0: "K♥ 4♦ 5♦"}
    for equivalent, expected in [(False, "9♠"), (True, "9♠ 7♠")]:
        opts = {"later_trump_lead": "highest", "equivalent_cards": equivalent}
        deal = loo("three-card", opts, hands, players=4, turnup="2♠", declarations=["play"] * 4)
        act(deal, "A♥", "8♠")
        assert legal_cards(deal) == cards("10♠ 9♠")
        act(deal, "10♠", "K♥")
        assert deal.current_player() == 3
        assert legal_cards(deal) == cards(expected)


@pytest.mark.parametrize(
    ("mode", "dealer_plays", "expected"),
    [
        ("off", True, "9♣ 4♣ 3♦ 8♥"),
        ("any", True, "9♣ 4♣"),
        ("highest", True, "9♣"),
        ("highest_if_two_active", True, "9♣ 4♣"),
        ("highest_if_two_active", False, "9♣"),
    ],
)
def test_LOO_LEAD_5_later_trump_lead(mode: str, dealer_plays: bool, expected: str) -> None:
    # Five-card hands, so that the trick winner keeps trumps and plain cards. Clubs are trumps (Pam is in the
    # stock). P1 leads the K♠; P2 must head it with the A♠, then leads to trick 2 from 9♣ 4♣ 3♦ 8♥.
    hands = {1: "K♠ 2♦ 5♦ 6♦ 7♦", 2: "A♠ 9♣ 4♣ 3♦ 8♥", 0: "Q♠ 5♥ 6♥ 7♥ 9♥"}
    dealer = ["play", "discard"] if dealer_plays else ["pass"]
    deal = loo(
        "five-card",
        {"later_trump_lead": mode},
        hands,
        players=3,
        turnup="5♣",
        declarations=["play", "discard", "play", "discard", *dealer],
    )
    act(deal, "K♠", "A♠", *(["Q♠"] if dealer_plays else []))
    assert deal.current_player() == 2
    assert legal_cards(deal) == cards(expected)
    if mode != "off":
        assert_illegal(deal, "8♥", "LOO-LEAD-5", "9♣")


# --- play: void_trump_duty (E05), lou_follow_suit ----------------------------------------------------------------


def test_LOU_PLAY_1_lou_follow_suit() -> None:
    # E31's position under Lou with the Loo duties: the 5♥ must follow, though the 2♣ would beat the J♥.
    hands = {1: "7♥ 2♦ 3♦", 2: "J♥ 8♦ 9♦", 0: "5♥ 2♣ A♦"}
    deal = deal_from_hands(rules_with("lou", {"lou_follow_suit": True}), hands, players=3, dealer=0, turnup="4♣")
    commit(deal, {0, 1, 2})
    act(deal, "7♥", "J♥")
    assert legal_cards(deal) == cards("5♥")
    assert_illegal(deal, "2♣", "LOO-PLAY-1", "hearts", "5♥")


# --- Pam: pam, pam_civil, pam_civil_only_trump_exception, pam_civil_last_card, pam_privileged, ... ----------------


def ace_of_hearts_led(
    p2: str,
    opts: dict[str, Any],
    *,
    civil: bool = False,
    p0: str = "10♦ J♦ 10♣ Q♠ 8♦",
) -> Deal:
    hands = {1: "A♥ 2♣ 3♣ 5♠ 6♠", 2: p2, 0: p0}
    deal = loo("five-card", opts, hands, players=3, turnup="9♥", declarations=["play", "discard"] * 3)
    # under pam_civil=auto the call goes with the lead by itself; only "ask" takes it as a choice
    deal.apply(Play(parse_cards("A♥")[0], civil and opts.get("pam_civil") == "ask"))
    return deal


def test_PAM_1_pam_jack_of_trump_suit() -> None:
    deal = ace_of_hearts_led("J♥ 2♥ K♠ 2♦ 4♦", {"pam": "jack_of_trump_suit", "pam_civil": "ask"}, p0="J♣ J♦ 10♣ Q♠ 8♦")
    assert legal_cards(deal) == cards("J♥")  # the J♥ is Pam: it heads the ace
    act(deal, "J♥")
    assert legal_cards(deal) == cards("J♣ J♦ 10♣ Q♠ 8♦")  # the J♣ is a plain club: no trump here
    act(deal, "J♣")
    assert deal.view(None).tricks[0].winner == 2


def test_PAM_2_pam_civil_ask_only_on_the_ace_of_trumps() -> None:
    hands = {1: "A♥ 2♣ 3♣ 5♠ 6♠", 2: "J♣ 3♥ K♠ 2♦ 4♦", 0: "10♦ J♦ 10♣ Q♠ 8♦"}
    deal = loo("five-card", {"pam_civil": "ask"}, hands, players=3, turnup="9♥", declarations=["play", "discard"] * 3)
    plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
    assert [a for a in plays if a.civil] == [Play(parse_cards("A♥")[0], True)]
    assert_illegal(deal, Play(parse_cards("2♣")[0], True), "PAM-2", "ace of trumps")


def test_PAM_2_pam_civil_auto_offers_no_choice() -> None:
    hands = {1: "A♥ 2♣ 3♣ 5♠ 6♠", 2: "J♣ 3♥ K♠ 2♦ 4♦", 0: "10♦ J♦ 10♣ Q♠ 8♦"}
    deal = loo("five-card", {}, hands, players=3, turnup="9♥", declarations=["play", "discard"] * 3)
    assert not any(a.civil for a in deal.legal_actions() if isinstance(a, Play))


# P1 wins tricks 1-4 with side aces and the K♠ while P2 follows; at trick 5 P1 leads the A♥ with the civil call
# and P2 has nothing left but Pam. The dealer passes: two hands are in play.
LAST_CARD = {1: "A♠ A♦ A♣ K♠ A♥", 2: "2♠ 2♦ 2♣ 3♠ J♣"}
LAST_CARD_PLAY = ["A♠", "2♠", "A♦", "2♦", "A♣", "2♣", "K♠", "3♠", "A♥"]


@pytest.mark.parametrize(
    ("opts", "tricks", "won", "paid"),
    [
        ({}, [0, 4, 1], [0, 12, 3], [0, 0, 0]),  # wins: civility cannot be enforced on a last card
        ({"pam_civil_last_card": "loses"}, [0, 5, 0], [0, 15, 0], [0, 0, 5]),
        ({"pam_civil_last_card": "loses", "pam_holder_not_looed": True}, [0, 5, 0], [0, 15, 0], [0, 0, 0]),
    ],
)
def test_PAM_2_pam_civil_last_card(opts: dict[str, Any], tricks: list[int], won: list[int], paid: list[int]) -> None:
    deal = loo(
        "five-card",
        opts,
        LAST_CARD,
        players=3,
        turnup="9♥",
        declarations=["play", "discard", "play", "discard", "pass"],
    )
    act(deal, *LAST_CARD_PLAY)
    assert deal.view(None).trick_civil
    assert legal_cards(deal) == cards("J♣")
    act(deal, "J♣")
    st = settled(deal)
    assert list(deal.view(None).tricks_won) == tricks
    assert list(st.won) == won
    assert list(st.paid) == paid


def test_PAM_2_pam_civil_last_card_loses_only_binds_a_last_card() -> None:
    # With the only-trump exception, Pam played as the holder's only trump is not compelled as a last card:
    # it wins the trick even under pam_civil_last_card=loses.
    opts = {"pam_civil_only_trump_exception": True, "pam_civil_last_card": "loses"}
    deal = ace_of_hearts_led("J♣ K♠ 2♦ 4♦ 9♣", opts)
    act(deal, "J♣", "8♦")
    assert deal.view(None).tricks[0].winner == 2


def test_PAM_4_pam_privileged_never_compulsory() -> None:
    # Without the privilege P2 would have to head the trump lead with Pam; privileged, he may keep it.
    deal = ace_of_hearts_led("J♣ 3♥ K♠ 2♦ 4♦", {"pam_privileged": True, "pam_civil": "ask"})
    assert legal_cards(deal) == cards("3♥ J♣")


def test_PAM_4_pam_privileged_civil_call_overrides() -> None:
    deal = ace_of_hearts_led("J♣ 3♥ K♠ 2♦ 4♦", {"pam_privileged": True}, civil=True)
    assert legal_cards(deal) == cards("3♥")


# --- flushes: flush_tie (E23), flush_order, flush_exempt (E22), flush_payers, flush_paid_to_holder, blaze ---------

E22_HANDS = {1: "A♠ Q♠ 9♠ 5♠ 2♠", 2: "9♥ 8♥ 6♥ 4♥ 3♥", 3: "J♣ K♦ 7♦ 5♦ 3♦", 4: "A♣ K♣ A♦ A♥ K♠"}


def flush(
    hands: dict[int, str], declarations: list[str], opts: dict[str, Any], *, players: int = 5, pool: int = 0
) -> Settlement:
    moves: list[str] = []
    for d in declarations:
        moves += ["play", "discard"] if d == "play" else ["pass"]
    deal = loo("five-card", opts, hands, players=players, turnup="2♥", pool=pool, declarations=moves)
    return settled(deal)


def test_PAM_FLUSH_2_flush_order_elder_hand_only() -> None:
    st = flush(E22_HANDS, ["play", "play", "play", "play", "pass"], {"flush_order": "elder_hand_only"})
    assert list(st.winners) == [1]  # the eldest flush wins, whatever the cards (HGM fn 29)
    assert sorted(st.looed) == [2, 3, 4]


def test_PAM_FLUSH_3_flush_payers_all_players() -> None:
    st = flush(E22_HANDS, ["play", "play", "play", "play", "pass"], {"flush_payers": "all_players"})
    assert sorted(st.looed) == [0, 1, 2, 4]  # the dealer passed, and pays too
    assert st.pool_after == 20


def test_PAM_FLUSH_3_flush_paid_to_holder() -> None:
    st = flush(E22_HANDS, ["play", "play", "play", "play", "pass"], {"flush_paid_to_holder": True})
    assert list(st.won) == [0, 0, 0, 25 + 15, 0]
    assert list(st.paid) == [0, 5, 5, 0, 5]
    assert st.pool_after == 0


def test_PAM_FLUSH_3_flush_paid_to_holder_split_keeps_odd_chips() -> None:
    hands = {1: "K♠ Q♠ 9♠ 5♠ 2♠", 2: "A♣ K♣ A♦ 3♥ J♠", 3: "K♦ Q♦ 9♦ 5♦ 2♦"}
    st = flush(
        hands, ["play", "play", "play", "pass"], {"flush_tie": "split", "flush_paid_to_holder": True}, players=4, pool=1
    )
    assert list(st.won) == [0, 10 + 2, 0, 10 + 2]  # P2's loo of 5 shared equally: 2 each
    assert st.pool_after == 1 + 1


def test_PAM_4_pam_holder_not_looed_by_a_flush() -> None:
    hands = {1: "A♠ Q♠ 9♠ 5♠ 2♠", 2: "J♣ K♦ 7♦ 5♥ 3♦"}
    st = flush(hands, ["play", "play", "pass"], {"pam_holder_not_looed": True}, players=3)
    assert list(st.winners) == [1]
    assert list(st.looed) == []


BLAZE = "K♠ Q♦ J♥ K♣ Q♥"


@pytest.mark.parametrize(
    ("opts", "hands", "winners"),
    [
        ({"blaze": True}, {1: BLAZE, 2: "2♣ 3♦ 4♥ 5♠ 7♣"}, [1]),
        ({"blaze": False}, {1: BLAZE, 2: "2♣ 3♦ 4♥ 5♠ 7♣"}, None),  # no blaze: play begins
        ({"blaze": True}, {1: BLAZE, 2: "2♠ 3♠ 4♠ 5♠ 7♠"}, [2]),  # every flush beats a blaze
        ({"blaze": True}, {1: BLAZE, 2: "J♣ K♦ Q♠ J♠ J♦"}, [2]),  # a Pam-blaze beats a plain one
        ({"blaze": True, "flush_order": "elder_hand_only"}, {1: BLAZE, 2: "2♠ 3♠ 4♠ 5♠ 7♠"}, [2]),
    ],
)
def test_PAM_FLUSH_1_blaze(opts: dict[str, Any], hands: dict[int, str], winners: list[int] | None) -> None:
    deal = loo(
        "five-card", opts, hands, players=3, turnup="9♥", declarations=["play", "discard", "play", "discard", "pass"]
    )
    if winners is None:
        assert phase(deal) is Phase.PLAY
    else:
        assert list(settled(deal).winners) == winners


# --- Lou: lou_payout (E34), lou_no_winner (E35), lou_first_lead, lou_later_leads, lou_draw, lou_zero_in, ... -------


def test_LOU_PAY_4_lou_no_winner_split_equally() -> None:
    hands = {1: "A♥ 3♦ 4♠", 2: "4♥ K♦ 3♠", 3: "5♥ 5♦ K♠", 0: "6♥ 6♦ 6♠"}
    rules = rules_with("lou", {"lou_payout": "B", "lou_no_winner": "split_equally"})
    deal = deal_from_hands(rules, hands, players=4, dealer=0, turnup="2♣", pool=31, ante=False)
    commit(deal, {0, 1, 2, 3})
    act(deal, "A♥", "4♥", "5♥", "6♥", "3♦", "K♦", "5♦", "6♦", "3♠", "K♠", "6♠", "4♠")
    st = settled(deal)
    assert list(st.won) == [0, 10, 10, 10]  # 31 // 3 each to the trick takers
    assert list(st.paid) == [31, 0, 0, 0]  # the trickless player matches, as in format A
    assert st.pool_after == 31 - 30 + 31


def test_LOU_PAY_1_lou_match_cap() -> None:
    hands = {1: "A♥ A♦ 3♠", 2: "4♥ 4♦ K♠", 3: "5♥ 5♦ 5♠", 0: "6♥ 6♦ 6♠"}
    rules = rules_with("lou", {"lou_match_cap": 10})
    deal = deal_from_hands(rules, hands, players=4, dealer=0, turnup="2♣", pool=30, ante=False)
    commit(deal, {0, 1, 2, 3})
    act(deal, "A♥", "4♥", "5♥", "6♥", "A♦", "4♦", "5♦", "6♦", "3♠", "K♠", "5♠", "6♠")
    st = settled(deal)
    assert list(st.paid) == [10, 0, 0, 10]
    assert st.pool_after == 20


@pytest.mark.parametrize(
    ("turnup", "mode", "leader"),
    [
        ("6♣", "eldest_in", 1),
        ("6♣", "count_all_seats", 3),  # 6 from the dealer's left lands on seat 2, who is Out: next In is 3
        ("6♣", "count_in_players", 0),  # 6 counted over the In players 1, 3, 0
        ("5♣", "count_all_seats", 1),
        ("5♣", "count_in_players", 3),
        ("A♣", "count_in_players", 1),  # the ace counts 1
    ],
)
def test_LOU_LEAD_1_lou_first_lead(turnup: str, mode: str, leader: int) -> None:
    deal = deal_from_hands(rules_with("lou", {"lou_first_lead": mode}), {}, players=4, dealer=0, turnup=turnup)
    commit(deal, {0, 1, 3})
    assert phase(deal) is Phase.PLAY
    assert deal.current_player() == leader


@pytest.mark.parametrize(("mode", "next_leader"), [("trick_winner", 2), ("same_leader", 1)])
def test_LOU_LEAD_2_lou_later_leads(mode: str, next_leader: int) -> None:
    hands = {1: "3♠ 2♦ 3♦", 2: "K♠ 4♦ 5♦", 0: "6♥ 7♥ 8♥"}
    deal = deal_from_hands(rules_with("lou", {"lou_later_leads": mode}), hands, players=3, dealer=0, turnup="2♣")
    commit(deal, {0, 1, 2})
    act(deal, "3♠", "K♠", "6♥")
    assert deal.view(None).tricks[0].winner == 2
    assert deal.current_player() == next_leader


def test_LOU_DRAW_1_lou_draw() -> None:
    hands = {1: "3♠ 2♦ 3♦", 2: "K♠ 4♦ 5♦", 0: "6♥ 7♥ 8♥"}
    deal = deal_from_hands(rules_with("lou", {"lou_draw": 2}), hands, players=3, dealer=0, turnup="2♣", stock="A♠ A♦")
    commit(deal, {0, 1})  # seat 2 stays Out and draws nothing
    assert phase(deal) is Phase.EXCHANGE
    assert deal.current_player() == 1
    assert len(deal.legal_actions()) == 1 + 3 + 3  # keep all, or throw one or two cards
    assert_illegal(deal, "discard 3♠ 2♦ 3♦", "LOU-DRAW-1", "at most 2 cards")
    assert_illegal(deal, PASS, "LOU-DRAW-1")
    act(deal, "discard 2♦ 3♦")
    assert set(deal.hand(1)) == cards("3♠ A♠ A♦")
    assert deal.current_player() == 0
    act(deal, "discard")
    assert phase(deal) is Phase.PLAY


@pytest.mark.parametrize(("mode", "next_pool"), [("carry", 9), ("reante", 18)])
def test_LOU_DECL_2_lou_zero_in(mode: str, next_pool: int) -> None:
    session = Session(rules_with("lou", {"lou_zero_in": mode}), 3, dealer=0)
    deal = set_ante(session.new_deal(), 3)
    assert deal.pool == 9
    commit(deal, set())
    st = settled(deal)
    assert st.kind == "no_play"
    assert st.pool_after == 9
    session.finish_deal()
    assert set_ante(session.new_deal(), 3).pool == next_pool  # reante: a new game, whose dealer sets the ante


# --- the ante in Lou, and the end of a session: lou_ante_choice, lou_ante_min, lou_ante_max, session_end ---------


@pytest.mark.parametrize(("choice", "phase_after"), [("dealer", Phase.ANTE), ("fixed", Phase.COMMIT)])
def test_LOU_ANTE_2_lou_ante_choice(choice: str, phase_after: Phase) -> None:
    deal = Deal(rules_with("lou", {"lou_ante_choice": choice, "ante": 6}), [100] * 4, 0, seed=1)
    assert deal.phase is phase_after
    if choice == "fixed":  # everyone antes the fixed ante at once, as before the option existed
        assert deal.started.antes == (6,) * 4 and deal.actions == ()
    else:
        assert deal.current_player() == 0 and deal.events == () and deal.pool == 0


def test_LOU_ANTE_2_lou_ante_min_and_lou_ante_max_bound_the_choice() -> None:
    rules = rules_with("lou", {"lou_ante_min": 6, "lou_ante_max": 12})
    deal = Deal(rules, [100] * 4, 0, seed=1)
    assert [a.notation() for a in deal.legal_actions()] == ["ante 6", "ante 9", "ante 12"]
    assert_illegal(deal, "ante 3", "LOU-ANTE-2", "from 6 to 12")
    assert_illegal(deal, "ante 15", "LOU-ANTE-2", "from 6 to 12")
    with pytest.raises(RulesError, match="multiples of 3"):
        rules_with("lou", {"lou_ante_max": 10})
    with pytest.raises(RulesError, match="multiples of 3"):
        rules_with("lou", {"lou_ante_min": 9, "lou_ante_max": 6})


@pytest.mark.parametrize("end", ["settle", "exact"])
def test_SESSION_4_session_end(end: str) -> None:
    # four play every deal of 3-card Loo: one of them takes no trick, so the pool is never empty
    rules = rules_with("three-card", {"session_end": end})
    session = Session(rules, 4, stack=10**9, seed=1, max_deals=3)
    while not session.over:
        deal = session.new_deal()
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(STAND if STAND in legal else legal[0])
        session.finish_deal()
    assert session.pool > 0
    if end == "exact":
        assert session.deals_played == 3 and session.end_reason == "3 deals were played"
    else:  # plays on, and gives up only at the limit, saying so
        assert session.deals_played == 3 + SETTLE_LIMIT
        assert session.end_reason == f"3 deals were played, and {SETTLE_LIMIT} more did not empty the pool"


def test_LOU_DECL_2_one_player_in_takes_the_piles() -> None:
    deal = deal_from_hands(rules_with("lou"), {}, players=3, dealer=0, pool=31, ante=False)
    commit(deal, {2})
    st = settled(deal)
    assert list(st.winners) == [2]
    assert list(st.won) == [0, 0, 30]
    assert st.pool_after == 1  # the remainder stays in the pot
    assert st.game_over


# --- Louse: louse_rank, louse_jack_order, louse_queen_points, diamond_queen, louse_target, louse3_mode, ... -------

SPADES_TRICK = {
    1: "K♠ 7♣ 8♣ 9♣ 10♣ Q♣ K♣ A♣",
    2: "10♠ 7♦ 8♦ 9♦ 10♦ Q♦ K♦ A♦",
    3: "7♠ 7♥ 8♥ 9♥ 10♥ Q♥ K♥ A♥",
    0: "8♠ 9♠ Q♠ A♠ J♣ J♦ J♥ J♠",
}
JACKS_TRICK = {
    1: "J♥ 7♣ 8♣ 9♣ 10♣ Q♣ K♣ A♣",
    2: "J♦ 7♥ 8♥ 9♥ 10♥ Q♥ K♥ A♥",
    3: "A♦ 7♠ 8♠ 9♠ 10♠ Q♠ K♠ A♠",
    0: "J♣ J♠ 7♦ 8♦ 9♦ 10♦ Q♦ K♦",
}


@pytest.mark.parametrize(
    ("opts", "hands", "trick", "winner"),
    [
        ({}, SPADES_TRICK, "K♠ 10♠ 7♠ 8♠", 1),
        ({"louse_rank": "skat"}, SPADES_TRICK, "K♠ 10♠ 7♠ 8♠", 2),  # Skat order: the ten above the king
        ({}, JACKS_TRICK, "J♥ J♦ A♦ J♣", 2),
        ({"louse_jack_order": "clubs_high"}, JACKS_TRICK, "J♥ J♦ A♦ J♣", 0),
    ],
)
def test_LOUSE_PLAY_2_louse_rank_and_jack_order(
    opts: dict[str, Any], hands: dict[int, str], trick: str, winner: int
) -> None:
    deal = deal_from_hands(rules_with("louse", opts), hands, players=4, dealer=0)
    act(deal, *trick.split())
    assert deal.view(None).tricks[0].winner == winner


# The whole E41 deal (see test_examples_louse): A = seat 1, B = seat 2, C = seat 3, D = seat 0.
E41_HANDS = {
    1: "J♦ K♥ K♦ K♣ 9♣ 8♦ K♠ A♦",
    2: "J♣ 9♥ 10♦ 7♣ 10♣ 7♦ A♠ A♣",
    3: "J♠ 8♥ 10♠ 7♥ 10♥ 8♠ Q♠ A♥",
    0: "J♥ Q♥ Q♦ 8♣ Q♣ 9♦ 7♠ 9♠",
}
E41_TRICKS = [
    "J♦ J♣ J♠ J♥",
    "K♥ 9♥ 8♥ Q♥",
    "K♦ 10♦ 10♠ Q♦",
    "K♣ 7♣ 7♥ 8♣",
    "9♣ 10♣ 10♥ Q♣",
    "9♦ 8♦ 7♦ 8♠",
    "7♠ K♠ A♠ Q♠",
    "A♣ A♥ 9♠ A♦",
]
E41_PLAY = [card for trick in E41_TRICKS for card in trick.split()]


@pytest.mark.parametrize(
    ("opts", "points"),
    [
        ({}, [322, 40, 250, 0]),  # A took the ♦Q: his ♥Q and ♦Q count nothing
        ({"diamond_queen": "none"}, [322, 40 + 102 + 2, 250, 0]),
        ({"diamond_queen": "cancel_own_bonuses"}, [322, 40 + 2 + 2, 250, 0]),
        ({"diamond_queen": "cancel_all_queens"}, [20, 40, 48, 0]),
        ({"diamond_queen": "collect_all_queens"}, [20, 40 + 302 + 202 + 102 + 2, 48, 0]),
        ({"louse_queen_points": 3}, [323, 40, 251, 0]),
    ],
)
def test_LOUSE_SCORE_3_diamond_queen_and_queen_points_whole_deal(opts: dict[str, Any], points: list[int]) -> None:
    deal = deal_from_hands(rules_with("louse", opts), E41_HANDS, players=4, dealer=0)
    act(deal, *E41_PLAY)
    st = settled(deal)
    assert list(st.points) == points
    r = deal.rules
    assert louse_points(taken(deal), r.diamond_queen, r.louse_queen_points) == points


def test_LOUSE_MATCH_1_louse_target() -> None:
    rules = rules_with("louse", {"louse_target": 1000})
    session = Session(rules, ["D", "A", "B", "C"], dealer=0)
    session.totals = [700, 0, 0, 0]  # no legal path reaches chosen totals quickly: set them directly
    deal = session.new_deal(deck=deck_for_hands(rules, 4, 0, E41_HANDS))
    act(deal, *E41_PLAY)
    session.finish_deal()
    assert session.losers == [0]  # 700 + 322 reaches 1000
    assert session.over


def three_handed(opts: dict[str, Any], hands: dict[int, str]) -> Deal:
    rules = rules_with("louse", {"min_players": 3, "diamond_queen": "none", **opts})
    return deal_from_hands(rules, hands, players=3, dealer=0)


def test_LOUSE_3P_1_remove_two_sevens() -> None:
    deal = three_handed({}, {})
    assert all(len(deal.hand(s)) == 10 for s in range(3))
    dealt = {c for s in range(3) for c in deal.hand(s)}
    assert len(dealt) == 30
    assert not dealt & cards("7♣ 7♠")
    assert sum(play_out(deal).points) == 716  # every point of the pack is taken


# Thirty cards in the hands leave the ♦Q and ♣Q for the widow.
WIDOW_HANDS = {
    1: "A♣ K♣ 10♣ 9♣ 8♣ 7♣ J♣ A♦ K♦ 10♦",
    2: "9♦ 8♦ 7♦ J♦ A♥ K♥ Q♥ 10♥ 9♥ 8♥",
    0: "7♥ J♥ A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠ J♠",
}


@pytest.mark.parametrize(("widow_points", "total"), [("none", 716 - 304), ("last_trick_winner", 716)])
def test_LOUSE_3P_1_widow_and_widow_points(widow_points: str, total: int) -> None:
    deal = three_handed(
        {"louse3_mode": "widow", "widow_points": widow_points, "diamond_queen": "cancel_own_queens"}, WIDOW_HANDS
    )
    assert all(len(deal.hand(s)) == 10 for s in range(3))
    assert mask_of(deal.hidden().widow) == sum(1 << c for c in cards("Q♦ Q♣"))
    st = play_out(deal)
    # The ♦Q in the widow cancels nothing, so all the other queens score in full.
    assert sum(st.points) == total
    expected = louse_points(taken(deal), "cancel_own_queens", 2)
    if widow_points == "last_trick_winner":
        expected[deal.view(None).tricks[-1].winner] += 2 + 302  # the ♦Q and the ♣Q of the widow
    assert list(st.points) == expected


def test_LOUSE_3P_1_min_players_needed_for_three() -> None:
    with pytest.raises(RulesError, match="exactly 4 players, not 3"):
        deal_from_hands(rules_with("louse"), {}, players=3, dealer=0)


# --- player counts and validation --------------------------------------------------------------------------------


def test_COMMON_2_min_players() -> None:
    rules = rules_with("three-card", {"min_players": 4})
    assert rules.player_range() == (4, 16)
    with pytest.raises(RulesError, match=r"^three-card is played by 4 to 16 players, not 3\.$"):
        Deal(rules, [100] * 3)
    with pytest.raises(RulesError, match="not 17"):
        Deal(rules_with("three-card"), [100] * 17)
    Deal(rules, [100] * 4, seed=1)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"loo_penalty": "huge"}, "Option loo_penalty must be one of pool, fixed, capped, not 'huge'."),
        ({"club_law": "yes"}, "Option club_law must be true or false, not 'yes'."),
        ({"ante": 2.5}, "Option ante must be a whole number, not 2.5."),
        ({"ante": True}, "Option ante must be a whole number, not True."),
        ({"ante": -1}, "Antes, loo amounts and caps cannot be negative."),
        ({"hand_size": 4}, "hand_size must be 3, 5 or 8 (10 for three-handed Louse), not 4."),
        ({"hand_size": 5}, "The Miss belongs to 3-card Loo; set miss=false for 5-card hands."),
        ({"trump_mode": "jacks"}, "trump_mode=jacks belongs to Louse."),
        ({"declare": "coin"}, "The coin declare belongs to Lou; Loo declares in turn."),
        ({"exchange": "own_turn"}, "An exchange from the stock is for Loo without a Miss (five-card or Irish)."),
        (
            {"pam": "jack_of_clubs", "miss": False, "trump_mode": "first_lead"},
            "Pam needs a turned-up trump (trump_mode=turnup).",
        ),
        ({"lou_draw": 4}, "lou_draw must be from 0 to 3, not 4."),
        ({"louse_target": 0}, "louse_target must be positive."),
        ({"min_players": 1}, "At least two players are needed."),
        ({"min_players": 17}, "min_players is 17, but at most 16 fit in the pack."),
        (
            {"preset": "Whist Loo"},
            "Unknown preset 'Whist Loo': a variant name is lowercase letters and digits joined by hyphens.",
        ),
    ],
)
def test_COMMON_1_rules_validation(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as info:
        dataclasses.replace(PRESETS["three-card"], **changes)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("preset", "changes", "message"),
    [
        ("louse", {"trump_mode": "turnup"}, "Louse has the jacks as trumps: trump_mode must be jacks."),
        ("louse", {"min_players": 2}, "Louse is played by 3 or 4 players."),
        ("lou", {"miss": True}, "Lou has no Miss and takes trumps from the turn-up."),
        ("lou", {"pam": "jack_of_clubs"}, "Pam belongs to Loo."),
        ("lou", {"hand_size": 8}, "Loo and Lou are played with hands of 3 or 5 cards."),
    ],
)
def test_COMMON_1_rules_validation_per_game(preset: str, changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as info:
        dataclasses.replace(PRESETS[preset], **changes)
    assert str(info.value) == message


def test_COMMON_1_option_parsing_errors() -> None:
    with pytest.raises(RulesError, match=r"^Unknown rules option 'colour'; `loo rules VARIANT` lists them\.$"):
        rules_with("three-card", {"colour": "red"})
    with pytest.raises(RulesError, match=r"^Option club_law must be true or false, not 'maybe'\.$"):
        parse_option_value("club_law", "maybe")
    with pytest.raises(RulesError, match=r"^Option ante must be a whole number, not 'lots'\.$"):
        parse_option_value("ante", "lots")
    with pytest.raises(RulesError, match=r"^The game is not an option to set: choose the variant"):
        parse_option_value("game", "lou")
    with pytest.raises(RulesError, match=r"^Unknown variant 'whist': choose one of "):
        resolve_preset("whist")
    with pytest.raises(RulesError, match=r"^Unknown rules option 'colour'\.$"):
        Rules.from_dict({"colour": "red"})
    assert rules_with("loo", {"club_law": "on", "ante": "6"}) == Rules(club_law=True, ante=6)
    assert Rules.from_dict(PRESETS["five-card"].to_dict()) == PRESETS["five-card"]


# --- every option has a test -------------------------------------------------------------------------------------

# Options whose alternatives are tested in the worked-example files.
EXAMPLE_COVERAGE = {
    "void_trump_duty": "test_examples_loo.py E05",
    "flush_tie": "test_examples_five_card.py E23",
    "flush_exempt": "test_examples_five_card.py E22",
    "lou_payout": "test_examples_lou.py E34",
    "lou_no_winner": "test_examples_lou.py E35",
    "louse_tie": "test_examples_louse.py E41",
    "trump_mode": "test_examples_loo.py E42, E43",
    "exchange": "test_examples_loo.py E42; test_examples_five_card.py E24",
}
# Structural fields: each preset sets them, and the validation tests above reject bad combinations.
STRUCTURAL = {"preset", "game", "hand_size", "miss", "declare"}


def test_COMMON_1_every_option_is_tested() -> None:
    # An option counts as tested here when a test is named after it or sets it in an options dict.
    names = [n for n in dir(sys.modules[__name__]) if n.startswith("test_")]
    with open(__file__, encoding="utf-8") as f:
        source = f.read()
    untested = [
        f.name
        for f in dataclasses.fields(Rules)
        if f.name not in EXAMPLE_COVERAGE
        and f.name not in STRUCTURAL
        and not any(f.name in n for n in names)
        and f'"{f.name}":' not in source
    ]
    assert untested == []


def test_COMMON_1_option_applies_marks_what_each_game_uses() -> None:
    louse, five, three = rules_with("louse"), rules_with("five-card"), rules_with("three-card")
    assert louse.option_applies("diamond_queen") and not louse.option_applies("loo_penalty")
    assert five.option_applies("flush_tie") and not three.option_applies("flush_tie")
    assert three.option_applies("defend_miss") and not five.option_applies("defend_miss")
    assert not rules_with("lou").option_applies("exchange_shortfall")
    assert rules_with("lou", {"lou_draw": 2}).option_applies("exchange_shortfall")
    # every option matters somewhere: in a preset, or once the option that enables it is set
    enabled = [
        rules_with("lou", {"lou_draw": 1, "lou_follow_suit": True}),
        rules_with("three-card", {"bold_stand": "everyone"}),
        rules_with("five-card", {"first_lead_forced": True}),
        *(PRESETS[p] for p in PRESETS),
    ]
    for f in dataclasses.fields(Rules):
        assert any(r.option_applies(f.name) for r in enabled), f.name
