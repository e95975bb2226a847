"""Worked examples E01-E15, E25-E30 and E42-E43 of the rules research (section 4), as engine tests.

Three-card Loo (and Mississippi, its unverified alias), the Rams game (``rams-loo``) and Irish Loo. Defaults are the
project's, as the research's Precedence section sets them: every player antes in the seed-001 presets, Bold Stand
looks at whether the pool holds nothing but this deal's antes, and Irish Loo takes trumps from the first lead.

Every position is reached through the public API: ``deal_from_hands`` stacks the deck, declarations are applied,
then cards. Seats: the dealer is seat 0, so P1 (eldest) is seat 1, P2 seat 2, and so on clockwise.
"""

from __future__ import annotations

import pytest

from lanterloo import (
    DEFEND_MISS,
    PASS,
    STAND,
    TAKE_MISS,
    Deal,
    Phase,
    Rules,
    Session,
    Settlement,
    Suit,
    parse_cards,
    rules_with,
)
from lanterloo.cards import mask_of
from lanterloo.setup import deal_from_hands, deck_for_hands
from positions import act, assert_illegal, cards, forced, legal_cards, phase, settled

# Mississippi is three-card Loo under another name (research A-20); the L1 examples hold for both.
THREE_CARD_FAMILY = ["three-card", "mississippi"]


# --- helpers -----------------------------------------------------------------------------------------------------


def in_play(
    rules: Rules,
    hands: dict[int, str],
    *,
    players: int,
    turnup: str | None,
    declarations: list[str],
    pool: int = 0,
    miss: str | None = None,
) -> Deal:
    """A deal dealt from ``hands`` whose declarations (in order from the eldest) lead to the play phase."""
    deal = deal_from_hands(rules, hands, players=players, dealer=0, turnup=turnup, pool=pool, miss=miss)
    act(deal, *declarations)
    assert phase(deal) is Phase.PLAY
    return deal


# --- 4.1 Trick legality, Loo strict (L1) -------------------------------------------------------------------------


def _l1_position(preset: str, p2: str, p3: str, *, opts: dict[str, str] | None = None) -> Deal:
    """Three players, spades trumps; P1 leads the 9♥ from a hand with no trumps (so no lead duty binds him)."""
    rules = rules_with(preset, opts)
    deal = in_play(rules, {1: "9♥ 8♣ 9♣", 2: p2, 0: p3}, players=3, turnup="7♠", declarations=["play", "play", "play"])
    act(deal, "9♥")
    return deal


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_PLAY_2_E01_follow_and_head(preset: str) -> None:
    deal = _l1_position(preset, "Q♥ 4♦ 5♦", "K♥ 5♥ A♣")
    act(deal, "Q♥")
    assert deal.current_player() == 0
    assert legal_cards(deal) == cards("K♥")
    assert_illegal(deal, "5♥", "LOO-PLAY-2", "K♥", "Q♥")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_PLAY_1_E02_follow_cannot_head(preset: str) -> None:
    deal = _l1_position(preset, "A♥ 4♦ 5♦", "K♥ 5♥ A♣")
    act(deal, "A♥")
    assert legal_cards(deal) == cards("K♥ 5♥")
    assert_illegal(deal, "A♣", "LOO-PLAY-1", "hearts", "K♥", "5♥")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_PLAY_3_E03_void_must_trump(preset: str) -> None:
    deal = _l1_position(preset, "Q♥ 4♦ 5♦", "3♠ A♣ K♦")
    act(deal, "Q♥")
    assert legal_cards(deal) == cards("3♠")
    assert_illegal(deal, "K♦", "LOO-PLAY-3", "hearts", "3♠")
    assert_illegal(deal, "A♣", "LOO-PLAY-3", "3♠")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_PLAY_4_E04_void_must_overtrump(preset: str) -> None:
    # P2, void in hearts, must trump the 9♥: his only trump, the 10♠, heads it.
    deal = _l1_position(preset, "10♠ 4♦ 5♦", "J♠ 4♠ 2♦")
    act(deal, "10♠")
    assert legal_cards(deal) == cards("J♠")
    assert_illegal(deal, "4♠", "LOO-PLAY-4", "J♠", "10♠")
    # a plain card breaks the duty to trump before the duty to overtrump
    assert_illegal(deal, "2♦", "LOO-PLAY-3", "J♠")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_PLAY_5_E05_void_cannot_overtrump_default_always(preset: str) -> None:
    deal = _l1_position(preset, "Q♠ 4♦ 5♦", "J♠ 2♦ 3♣")
    act(deal, "Q♠")
    assert legal_cards(deal) == cards("J♠")
    assert_illegal(deal, "2♦", "LOO-PLAY-5", "hearts", "J♠")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_PLAY_5_E05_option_only_if_can_head(preset: str) -> None:
    deal = _l1_position(preset, "Q♠ 4♦ 5♦", "J♠ 2♦ 3♣", opts={"void_trump_duty": "only_if_can_head"})
    act(deal, "Q♠")
    assert legal_cards(deal) == cards("J♠ 2♦ 3♣")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_PLAY_3_E06_void_no_trumps_any_card(preset: str) -> None:
    deal = _l1_position(preset, "K♥ 4♦ 5♦", "A♦ 2♣ 3♦")
    act(deal, "K♥")
    assert legal_cards(deal) == cards("A♦ 2♣ 3♦")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_PLAY_2_E07_trump_led(preset: str) -> None:
    rules = rules_with(preset)
    # P1 holds a single trump, so he may lead it (one trump creates no lead duty in three-card Loo).
    deal = in_play(rules, {1: "5♠ 2♦ 3♦", 2: "2♠ A♥ 9♠"}, players=3, turnup="7♠", declarations=["play", "play", "play"])
    act(deal, "5♠")
    assert legal_cards(deal) == cards("9♠")
    assert_illegal(deal, "2♠", "LOO-PLAY-2", "9♠", "5♠")
    # an off-suit card breaks the duty to follow before the duty to head
    assert_illegal(deal, "A♥", "LOO-PLAY-1", "9♠")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_COMMON_5_E08_trick_winner_trumped(preset: str) -> None:
    # Five players, the dealer passes: P1..P4 are in. Diamonds are trumps.
    hands = {1: "10♣ 2♥ 3♥", 2: "K♣ 4♥ 5♥", 3: "2♦ 6♥ 7♥", 4: "A♣ 8♥ 9♥"}
    deal = in_play(
        rules_with(preset), hands, players=5, turnup="5♦", declarations=["play", "play", "play", "play", "pass"]
    )
    act(deal, "10♣", "K♣")
    assert legal_cards(deal) == cards("2♦")
    act(deal, "2♦")
    assert legal_cards(deal) == cards("A♣")
    act(deal, "A♣")
    assert deal.view(None).tricks[0].winner == 3
    assert [c for _, c in deal.view(None).tricks[0].cards] == parse_cards("10♣ K♣ 2♦ A♣")
    assert deal.current_player() == 3  # COMMON-6: the winner leads next


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_COMMON_5_E08_trick_winner_off_suit_ace_loses(preset: str) -> None:
    hands = {1: "10♣ 2♥ 3♥", 2: "K♣ 4♥ 5♥", 3: "A♥ 6♥ 7♥", 4: "A♣ 8♥ 9♥"}
    deal = in_play(
        rules_with(preset), hands, players=5, turnup="5♦", declarations=["play", "play", "play", "play", "pass"]
    )
    act(deal, "10♣", "K♣")
    assert legal_cards(deal) == cards("A♥ 6♥ 7♥")  # void in clubs, no trumps: any card
    act(deal, "A♥", "A♣")
    assert deal.view(None).tricks[0].winner == 4
    assert deal.current_player() == 4


# --- 4.2 Lead constraints ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_LEAD_2_E09_ace_of_trumps(preset: str) -> None:
    deal = in_play(rules_with(preset), {1: "A♦ K♣ 2♥"}, players=3, turnup="7♦", declarations=["play", "play", "play"])
    assert deal.current_player() == 1
    assert legal_cards(deal) == cards("A♦")
    assert_illegal(deal, "K♣", "LOO-LEAD-2", "A♦")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_LEAD_2_E10_king_when_ace_turned(preset: str) -> None:
    deal = in_play(rules_with(preset), {1: "K♦ Q♠ 3♠"}, players=3, turnup="A♦", declarations=["play", "play", "play"])
    assert legal_cards(deal) == cards("K♦")
    assert_illegal(deal, "Q♠", "LOO-LEAD-2", "K♦")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_LEAD_3_E11_two_trumps_four_active(preset: str) -> None:
    deal = in_play(
        rules_with(preset), {1: "9♣ 3♣ A♥"}, players=4, turnup="5♣", declarations=["play", "play", "play", "play"]
    )
    assert len(deal.view(None).order) == 4
    assert legal_cards(deal) == cards("9♣ 3♣")
    assert_illegal(deal, "A♥", "LOO-LEAD-3", "9♣", "3♣")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_LEAD_4_E11_option_highest(preset: str) -> None:
    # The research's option "highest" is trump_lead_highest=always.
    rules = rules_with(preset, {"trump_lead_highest": "always"})
    deal = in_play(rules, {1: "9♣ 3♣ A♥"}, players=4, turnup="5♣", declarations=["play", "play", "play", "play"])
    assert legal_cards(deal) == cards("9♣")
    assert_illegal(deal, "3♣", "LOO-LEAD-4", "9♣")


@pytest.mark.parametrize("preset", THREE_CARD_FAMILY)
def test_LOO_LEAD_4_E11_two_active_highest(preset: str) -> None:
    # P2 passes; the dealer must then play against the lone P1 (LOO-DECL-5): two hands are in play.
    deal = in_play(rules_with(preset), {1: "9♣ 3♣ A♥"}, players=3, turnup="5♣", declarations=["play", "pass", "play"])
    assert len(deal.view(None).order) == 2
    assert legal_cards(deal) == cards("9♣")
    assert_illegal(deal, "3♣", "LOO-LEAD-4", "9♣")
    assert_illegal(deal, "A♥", "LOO-LEAD-4", "9♣")


def test_LOO_LEAD_3_E12_single_trump_three_card_no_duty() -> None:
    deal = in_play(
        rules_with("three-card"), {1: "9♣ A♥ 2♥"}, players=4, turnup="5♣", declarations=["play", "play", "play", "play"]
    )
    assert legal_cards(deal) == cards("9♣ A♥ 2♥")


def test_LOO_LEAD_3_E12_single_trump_rams_R1() -> None:
    # Five players (the Rams game's minimum), the dealer passes: four hands in play.
    deal = in_play(
        rules_with("rams-loo"),
        {1: "9♣ A♥ 2♥"},
        players=5,
        turnup="5♣",
        declarations=["play", "play", "play", "play", "pass"],
    )
    assert len(deal.view(None).order) == 4
    assert legal_cards(deal) == cards("9♣")
    assert_illegal(deal, "A♥", "LOO-LEAD-3", "You hold a trump, so you must lead it: 9♣")


@pytest.mark.parametrize("dealer_declares", ["play", "defend"])
def test_LOO_LEAD_4_E13_rams_one_opponent(dealer_declares: str) -> None:
    # A defended Miss counts as a hand, so against it P1 also has a single opponent.
    deal = in_play(
        rules_with("rams-loo"),
        {1: "9♣ 3♣ A♥"},
        players=5,
        turnup="5♣",
        declarations=["play", "pass", "pass", "pass", dealer_declares],
    )
    assert len(deal.view(None).order) == 2
    assert legal_cards(deal) == cards("9♣")
    assert_illegal(deal, "3♣", "LOO-LEAD-4", "9♣")


@pytest.mark.parametrize(
    ("scope", "expected"),
    [
        ({}, "9♣ 3♣"),  # R1, the default: any trump against several opponents
        ({"first_trump_lead": "heads_up_only"}, "9♣ 3♣ A♥"),  # R2: no duty unless heads-up
        ({"first_trump_lead": "two_trumps", "trump_lead_highest": "heads_up"}, "9♣ 3♣"),  # R3
    ],
)
def test_LOO_LEAD_3_E13_rams_four_active_by_scope(scope: dict[str, str], expected: str) -> None:
    deal = in_play(
        rules_with("rams-loo", scope),
        {1: "9♣ 3♣ A♥"},
        players=5,
        turnup="5♣",
        declarations=["play", "play", "play", "play", "pass"],
    )
    assert legal_cards(deal) == cards(expected)


def test_LOO_LEAD_4_E13_rams_R2_heads_up_highest() -> None:
    rules = rules_with("rams-loo", {"first_trump_lead": "heads_up_only"})
    deal = in_play(
        rules, {1: "9♣ 3♣ A♥"}, players=5, turnup="5♣", declarations=["play", "pass", "pass", "pass", "play"]
    )
    assert legal_cards(deal) == cards("9♣")


def _e14(preset: str, players: int, declarations: list[str]) -> Deal:
    # P1 leads the K♠ (no trumps, no lead duty); P2 must head it with the A♠ and wins the trick.
    deal = in_play(
        rules_with(preset), {1: "K♠ 2♦ 3♦", 2: "A♠ A♥ 4♣"}, players=players, turnup="5♣", declarations=declarations
    )
    act(deal, "K♠")
    assert legal_cards(deal) == cards("A♠")
    act(deal, "A♠")
    assert deal.view(None).tricks[0].winner == 2
    assert deal.current_player() == 2
    return deal


def test_LOO_LEAD_5_E14_rams_winner_must_lead_trump() -> None:
    deal = _e14("rams-loo", 5, ["play", "play", "pass", "pass", "pass"])
    assert legal_cards(deal) == cards("4♣")
    assert_illegal(deal, "A♥", "LOO-LEAD-5", "4♣")


def test_LOO_LEAD_5_E14_three_card_later_lead_free() -> None:
    deal = _e14("three-card", 3, ["play", "play", "pass"])
    assert legal_cards(deal) == cards("A♥ 4♣")


def test_LOO_LEAD_4_E15_strict_highest() -> None:
    deal = in_play(
        rules_with("three-card"), {1: "9♠ 7♠ A♥"}, players=3, turnup="8♠", declarations=["play", "pass", "play"]
    )
    assert legal_cards(deal) == cards("9♠")
    assert_illegal(deal, "7♠", "LOO-LEAD-4", "9♠")


def test_LOO_LEAD_4_E15_option_equivalent_cards() -> None:
    # The 8♠ between them is the turn-up, so the 7♠ is as good as the 9♠ (research A-23).
    rules = rules_with("three-card", {"equivalent_cards": True})
    deal = in_play(rules, {1: "9♠ 7♠ A♥"}, players=3, turnup="8♠", declarations=["play", "pass", "play"])
    assert legal_cards(deal) == cards("9♠ 7♠")
    assert_illegal(deal, "A♥", "LOO-LEAD-4", "9♠", "7♠")


# --- 4.4 Pools, shares and loos ----------------------------------------------------------------------------------

# E25/E26: three players; P1 takes tricks 1 and 2, P3 (the dealer) trick 3, P2 none.
E25_HANDS = {1: "A♥ A♦ 2♣", 2: "2♥ 2♦ 3♣", 0: "3♥ 3♦ K♣"}
E25_PLAY = ["A♥", "2♥", "3♥", "A♦", "2♦", "3♦", "2♣", "3♣", "K♣"]


def _e25_session(opts: dict[str, str]) -> tuple[Session, Settlement]:
    """The E25 deal with a pool of 10 when play begins, played in a session so the next pool can be read."""
    rules = rules_with("three-card", opts)
    # Every player antes 3 (9) on a carried 1; with the dealer-only ante, 3 on a carried 7.
    carried = 7 if rules.ante_mode == "dealer" else 1
    session = Session(rules, 3, dealer=0, pool=carried)
    deal = session.new_deal(deck=deck_for_hands(rules, 3, 0, E25_HANDS, turnup="7♠"))
    assert deal.pool == 10
    act(deal, "play", "play", "play", *E25_PLAY)
    assert list(deal.view(None).tricks_won) == [1, 2, 0]
    st = settled(deal)
    session.finish_deal()
    return session, st


@pytest.mark.parametrize(("ante_mode", "next_pool"), [("everyone", 20), ("dealer", 14)])
def test_LOO_POOL_2_E25_unlimited_with_remainder(ante_mode: str, next_pool: int) -> None:
    session, st = _e25_session({"loo_penalty": "pool", "ante_mode": ante_mode})
    assert st.share == 3
    assert list(st.won) == [3, 6, 0]  # P3 (seat 0) +3, P1 +6
    assert list(st.looed) == [2]
    assert list(st.paid) == [0, 0, 10]  # P2 is looed for the whole pool, 10
    assert st.rule == "LOO-POOL-3"
    assert st.pool_after == 1 + 10
    assert session.new_deal().pool == next_pool  # 1 + 10 + the next antes (3 x 3, or the dealer's 3)


@pytest.mark.parametrize(("ante_mode", "next_pool"), [("everyone", 13), ("dealer", 7)])
def test_LOO_POOL_3_E26_limited(ante_mode: str, next_pool: int) -> None:
    session, st = _e25_session({"ante_mode": ante_mode})
    assert list(st.won) == [3, 6, 0]
    assert list(st.paid) == [0, 0, 3]
    assert st.pool_after == 1 + 3
    assert session.new_deal().pool == next_pool


# E27: five-card Loo, four players (P4 is the dealer). P1 takes tricks 1-3 with aces; P2 heads trick 4 with the
# K♥ and leads the K♦ to trick 5. Nobody holds a flush or Pam (the J♣ stays in the stock).
E27_HANDS = {1: "A♥ A♦ A♣ 2♥ 2♦", 2: "3♥ 3♦ 3♣ K♥ K♦", 3: "4♥ 4♦ 4♣ 5♥ 5♦", 0: "6♥ 6♦ 6♣ 7♥ 7♦"}
E27_PLAY = [
    "A♥",
    "3♥",
    "4♥",
    "6♥",
    "A♦",
    "3♦",
    "4♦",
    "6♦",
    "A♣",
    "3♣",
    "4♣",
    "6♣",
    "2♥",
    "K♥",
    "5♥",
    "7♥",
    "K♦",
    "5♦",
    "7♦",
    "2♦",
]


@pytest.mark.parametrize(("ante_mode", "carried", "next_pool"), [("everyone", 3, 13 + 20), ("dealer", 18, 18)])
def test_PAM_POOL_1_E27_five_card_shares(ante_mode: str, carried: int, next_pool: int) -> None:
    rules = rules_with("five-card", {"ante_mode": ante_mode})
    session = Session(rules, 4, dealer=0, pool=carried)
    deal = session.new_deal(deck=deck_for_hands(rules, 4, 0, E27_HANDS, turnup="2♠"))
    assert deal.pool == 23
    act(deal, *["play", "discard"] * 4)  # everyone plays and keeps his cards
    act(deal, *E27_PLAY)
    assert list(deal.view(None).tricks_won) == [0, 3, 2, 0]
    st = settled(deal)
    assert st.share == 4  # 23 // 5, remainder 3
    assert list(st.won) == [0, 12, 8, 0]
    assert list(st.looed) == [3, 0]  # P3 and P4, in play order from the eldest
    assert list(st.paid) == [5, 0, 0, 5]  # Limited, L = 5
    assert st.pool_after == 3 + 10
    session.finish_deal()
    assert session.new_deal().pool == next_pool  # 3 + 10 + the next antes (4 x 5, or the dealer's 5)


# E28: the Rams game, five players, pot 9 (6 carried + the dealer's 3). P1 alone stands; the dealer defends.
@pytest.mark.parametrize(
    ("p1", "miss", "moves", "tricks", "won_p1", "paid_p1", "pool_after", "next_pot"),
    [
        # (a) P1 takes trick 1, the Miss tricks 2 and 3
        ("A♥ 2♦ 2♣", "2♥ A♦ A♣", ["A♥", "2♥", "2♦", "A♦", "A♣", "2♣"], [2, 1, 0, 0, 0], 3, 0, 6, 9),
        # (b) P1 takes nothing and is looed
        ("2♥ 2♦ 2♣", "A♥ A♦ A♣", ["2♥", "A♥", "A♦", "2♦", "A♣", "2♣"], [3, 0, 0, 0, 0], 0, 3, 12, 15),
        # (c) P1 takes all three tricks
        ("A♥ A♦ A♣", "2♥ 2♦ 2♣", ["A♥", "2♥", "A♦", "2♦", "A♣", "2♣"], [0, 3, 0, 0, 0], 9, 0, 0, 3),
    ],
    ids=["a", "b", "c"],
)
def test_LOO_DECL_6_E28_defended_miss(
    p1: str, miss: str, moves: list[str], tricks: list[int], won_p1: int, paid_p1: int, pool_after: int, next_pot: int
) -> None:
    rules = rules_with("rams-loo")
    session = Session(rules, 5, dealer=0, pool=6)
    deal = session.new_deal(deck=deck_for_hands(rules, 5, 0, {1: p1}, miss=miss, turnup="2♠"))
    assert deal.pool == 9
    act(deal, "play", "pass", "pass", "pass")
    assert set(deal.legal_actions()) == {STAND, TAKE_MISS, DEFEND_MISS}
    act(deal, "defend", *moves)
    st = settled(deal)
    assert list(deal.view(None).tricks_won) == tricks
    assert list(st.won) == [0, won_p1, 0, 0, 0]  # the dealer neither wins ...
    assert list(st.paid) == [0, paid_p1, 0, 0, 0]  # ... nor pays
    assert 0 not in st.looed
    assert st.pool_after == pool_after
    session.finish_deal()
    assert session.new_deal().pool == next_pot  # the next dealer (seat 1) antes 3


@pytest.mark.parametrize(("preset", "players"), [("rams-loo", 5), ("three-card", 4)])
def test_LOO_DECL_3_E29a_all_pass_dealer_takes_pool(preset: str, players: int) -> None:
    deal = deal_from_hands(rules_with(preset), {}, players=players, dealer=0)
    pool = deal.pool
    act(deal, *["pass"] * (players - 1))
    st = settled(deal)
    assert st.kind == "uncontested"
    assert st.rule == "LOO-DECL-3"
    assert list(st.winners) == [0]
    assert st.won[0] == pool
    assert st.pool_after == 0
    assert deal.view(None).tricks == ()


@pytest.mark.parametrize(("preset", "players"), [("rams-loo", 5), ("three-card", 4)])
def test_LOO_DECL_4_E29b_miss_taker_alone_takes_pool(preset: str, players: int) -> None:
    deal = deal_from_hands(rules_with(preset), {}, players=players, dealer=0)
    pool = deal.pool
    act(deal, "pass", "miss", *["pass"] * (players - 3))
    assert deal.current_player() == 0
    assert deal.legal_actions() == [PASS, STAND]  # the Miss is gone, so it cannot be defended
    act(deal, "pass")
    st = settled(deal)
    assert st.rule == "LOO-DECL-4"
    assert list(st.winners) == [2]
    assert st.won[2] == pool
    assert deal.view(None).tricks == ()


@pytest.mark.parametrize(("preset", "players"), [("rams-loo", 5), ("three-card", 4)])
def test_LOO_DECL_5_E29c_dealer_may_not_pass_against_one(preset: str, players: int) -> None:
    deal = deal_from_hands(rules_with(preset), {}, players=players, dealer=0)
    act(deal, "play", *["pass"] * (players - 2))
    assert deal.current_player() == 0
    assert set(deal.legal_actions()) == {STAND, TAKE_MISS, DEFEND_MISS}
    assert_illegal(deal, PASS, "LOO-DECL-5")


def test_LOO_DECL_7_E30a_club_law() -> None:
    rules = rules_with("three-card", {"club_law": True})
    deal = deal_from_hands(rules, {}, players=4, dealer=0, turnup="4♣")
    miss = mask_of(deal.hidden().miss)
    assert forced(deal) and deal.view(None).miss_withdrawn
    for seat in (1, 2, 3, 0):
        assert deal.current_player() == seat
        assert deal.legal_actions() == [STAND]
        assert_illegal(deal, PASS, "LOO-DECL-7", "Club Law")
        assert_illegal(deal, TAKE_MISS, "LOO-DECL-7", "set aside")
        act(deal, "play")
    assert phase(deal) is Phase.PLAY
    assert list(deal.view(None).in_play) == [True] * 4
    # The Miss stays face down, unseen: no hand holds its cards and no view shows them.
    assert mask_of(deal.hidden().miss) == miss
    assert all(mask_of(h) & miss == 0 for h in deal.hidden().hands)
    assert deal.view(1).miss_withdrawn


@pytest.mark.parametrize(("ante_mode", "pool"), [("dealer", 3), ("everyone", 12)])
def test_LOO_DECL_8_E30b_bold_stand_everyone(ante_mode: str, pool: int) -> None:
    rules = rules_with("three-card", {"bold_stand": "everyone", "ante_mode": ante_mode})
    deal = deal_from_hands(rules, {}, players=4, dealer=0)
    assert deal.pool == pool  # nothing but this deal's antes
    for seat in (1, 2, 3, 0):
        assert deal.current_player() == seat
        assert deal.legal_actions() == [STAND]
        assert_illegal(deal, PASS, "LOO-DECL-8", "Bold Stand")
        assert_illegal(deal, TAKE_MISS, "LOO-DECL-8")
        act(deal, "play")
    assert phase(deal) is Phase.PLAY  # "all pass, the dealer takes the pool" never came into it
    assert list(deal.view(None).in_play) == [True] * 4


def test_LOO_DECL_8_E30b_bold_stand_not_with_a_carried_pool() -> None:
    rules = rules_with("three-card", {"bold_stand": "everyone"})
    deal = deal_from_hands(rules, {}, players=4, dealer=0, pool=2)
    assert not forced(deal)
    assert PASS in deal.legal_actions()
    assert TAKE_MISS in deal.legal_actions()


# --- 4.7 Irish Loo -----------------------------------------------------------------------------------------------


def test_LOO_DECL_7_E42_rule_book_irish() -> None:
    rules = rules_with("irish", {"trump_mode": "turnup", "exchange": "own_turn"})
    hands = {1: "A♣ 2♦ 3♦", 2: "J♣ 2♣ 3♥", 0: "4♣ 5♥ 6♥"}
    deal = deal_from_hands(rules, hands, players=3, dealer=0, turnup="Q♣", stock="K♦ 7♠")
    assert deal.stock_left() == 52 - 9 - 1
    assert deal.legal_actions() == [STAND]  # Club Law: every player must play
    assert_illegal(deal, PASS, "LOO-DECL-7")
    assert_illegal(deal, TAKE_MISS, "LOO-DEAL-2", "no Miss")
    act(deal, "play")
    assert phase(deal) is Phase.EXCHANGE
    act(deal, "discard 2♦ 3♦")  # exchanges from the stock are allowed
    assert set(deal.hand(1)) == cards("A♣ K♦ 7♠")
    act(deal, "play", "discard", "play", "discard")
    assert phase(deal) is Phase.PLAY
    # The three-card lead duties apply in turn-up mode: the ace of trumps leads.
    assert legal_cards(deal) == cards("A♣")
    act(deal, "A♣")
    # No Pam: the J♣ is an ordinary club that cannot head the ace.
    assert legal_cards(deal) == cards("J♣ 2♣")
    act(deal, "J♣", "4♣")
    assert deal.view(None).tricks[0].winner == 1
    # P2, void in diamonds, must trump the K♦ with his 2♣; the dealer, with neither, throws the 5♥.
    act(deal, "K♦")
    assert legal_cards(deal) == cards("2♣")
    act(deal, "2♣", "5♥", "3♥", "6♥", "7♠")
    assert list(deal.view(None).tricks_won) == [1, 1, 1]
    st = settled(deal)
    assert len(deal.view(None).tricks) == 3
    assert st.share == 9 // 3


def test_IRISH_TRUMP_1_E43_first_lead_sets_trumps_must_follow() -> None:
    rules = rules_with("irish")
    assert rules.trump_mode == "first_lead"  # the project default (Precedence)
    deal = in_play(rules, {1: "8♦ 4♥ 5♥", 2: "3♦ A♠ K♣"}, players=3, turnup=None, declarations=["play", "play", "play"])
    assert deal.view(2).trump is None
    act(deal, "8♦")
    assert deal.view(2).trump is Suit.DIAMONDS
    assert legal_cards(deal) == cards("3♦")
    assert_illegal(deal, "A♠", "LOO-PLAY-1", "diamonds", "3♦")


def test_IRISH_TRUMP_1_E43_first_lead_void_any_card() -> None:
    deal = in_play(
        rules_with("irish"),
        {1: "8♦ 4♥ 5♥", 2: "A♠ K♣ 2♥"},
        players=3,
        turnup=None,
        declarations=["play", "play", "play"],
    )
    act(deal, "8♦")
    assert legal_cards(deal) == cards("A♠ K♣ 2♥")
