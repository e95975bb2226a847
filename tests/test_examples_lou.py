"""Worked examples E31-E36 of the rules research (section 4.5): Lou, the guts-format game of seed 000.

Lou's declaration is the coin declare: every seat commits In or Out in secret (``Phase.COMMIT``), so commits are
applied with an explicit seat. Play is L2: beat the best card on the table if able, otherwise throw anything; there
is no duty to follow suit. The dealer is seat 0, so P1 is seat 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from lanterloo import (
    PASS,
    STAND,
    Deal,
    Phase,
    Session,
    rules_with,
)
from lanterloo.setup import deal_from_hands, deck_for_hands
from positions import act, assert_illegal, cards, legal_cards, set_ante, settled


def commit(deal: Deal, ins: set[int]) -> None:
    """Everyone commits at once: the seats in ``ins`` go In, the others Out."""
    assert deal.phase is Phase.COMMIT
    assert sorted(deal.seats_to_act()) == list(range(deal.players))
    for seat in range(deal.players):
        deal.apply(STAND if seat in ins else PASS, seat)
    assert list(deal.view(None).in_play) == [s in ins for s in range(deal.players)]


# --- L2 legality: E31-E33 ----------------------------------------------------------------------------------------


def hearts_led(preset: str, p3: str) -> Deal:
    """Clubs trumps, three players in. P1 leads the 7♥; P2 must beat it and can only with the J♥."""
    rules = rules_with(preset)
    deal = deal_from_hands(rules, {1: "7♥ 2♦ 3♦", 2: "J♥ 8♦ 9♦", 0: p3}, players=3, dealer=0, turnup="4♣")
    if rules.game == "lou":
        commit(deal, {0, 1, 2})
    else:
        act(deal, "play", "play", "play")
    act(deal, "7♥")
    assert legal_cards(deal) == cards("J♥")
    act(deal, "J♥")
    return deal


def test_LOU_PLAY_1_E31_beat_if_able_no_follow_duty() -> None:
    deal = hearts_led("lou", "5♥ 2♣ A♦")
    assert legal_cards(deal) == cards("2♣")  # holding the 5♥ creates no duty
    assert_illegal(deal, "5♥", "LOU-PLAY-1", "J♥", "2♣", "5♥")


def test_LOO_PLAY_1_E31_compare_three_card() -> None:
    deal = hearts_led("three-card", "5♥ 2♣ A♦")
    assert legal_cards(deal) == cards("5♥")


def test_LOU_PLAY_1_E32_cannot_beat_any_card() -> None:
    deal = hearts_led("lou", "5♥ A♦ 3♠")
    assert legal_cards(deal) == cards("5♥ A♦ 3♠")


def test_LOU_PLAY_1_E33_trick_already_trumped() -> None:
    hands = {1: "7♥ 2♦ 3♦", 2: "9♣ 8♦ 9♦", 3: "A♥ 3♣ K♣", 0: "K♥ 4♦ 5♦"}
    deal = deal_from_hands(rules_with("lou"), hands, players=4, dealer=0, turnup="4♣")
    commit(deal, {0, 1, 2, 3})
    act(deal, "7♥")
    assert legal_cards(deal) == cards("9♣")  # the only card that beats the 7♥
    act(deal, "9♣")
    assert legal_cards(deal) == cards("K♣")
    assert_illegal(deal, "A♥", "LOU-PLAY-1", "9♣", "K♣")
    act(deal, "K♣")
    assert legal_cards(deal) == cards("K♥ 4♦ 5♦")
    act(deal, "K♥")
    assert deal.view(None).tricks[0].winner == 3
    assert deal.current_player() == 3


# --- Payouts: E34-E36 --------------------------------------------------------------------------------------------

# E34: four players all In, clubs trumps that nobody holds. P1 wins two tricks with aces; P2 the third with the K♠.
E34_HANDS = {1: "A♥ A♦ 3♠", 2: "4♥ 4♦ K♠", 3: "5♥ 5♦ 5♠", 0: "6♥ 6♦ 6♠"}
E34_PLAY = ["A♥", "4♥", "5♥", "6♥", "A♦", "4♦", "5♦", "6♦", "3♠", "K♠", "5♠", "6♠"]

# E35: P1, P2 and P3 take a trick each; P4 none.
E35_HANDS = {1: "A♥ 3♦ 4♠", 2: "4♥ K♦ 3♠", 3: "5♥ 5♦ K♠", 0: "6♥ 6♦ 6♠"}
E35_PLAY = ["A♥", "4♥", "5♥", "6♥", "3♦", "K♦", "5♦", "6♦", "3♠", "K♠", "6♠", "4♠"]


def lou_session(
    hands: dict[int, str],
    play: list[str],
    opts: dict[str, Any] | None = None,
) -> tuple[Session, Deal]:
    """A pot of 30 (18 carried + four antes of 3), everyone In, played in a session."""
    rules = rules_with("lou", opts)
    session = Session(rules, 4, dealer=0, pool=18)
    deal = set_ante(session.new_deal(deck=deck_for_hands(rules, 4, 0, hands, turnup="2♣")), 3)
    assert deal.pool == 30
    commit(deal, {0, 1, 2, 3})
    act(deal, *play)
    return session, deal


@pytest.mark.parametrize(
    ("payout", "rule", "won", "paid", "pool_after"),
    [
        ("A", "LOU-PAY-1", [0, 20, 10, 0], [30, 0, 0, 30], 60),
        ("B", "LOU-PAY-2", [0, 30, 0, 0], [30, 0, 30, 30], 90),
        ("C", "LOU-PAY-3", [0, 30, 0, 0], [30, 0, 0, 30], 60),
    ],
)
def test_LOU_PAY_E34_payouts(payout: str, rule: str, won: list[int], paid: list[int], pool_after: int) -> None:
    session, deal = lou_session(E34_HANDS, E34_PLAY, {"lou_payout": payout})
    assert list(deal.view(None).tricks_won) == [0, 2, 1, 0]
    st = settled(deal)
    assert st.rule == rule
    assert st.share == 10
    assert list(st.won) == won
    assert list(st.paid) == paid
    assert st.pool_after == pool_after
    assert not st.game_over  # somebody matched: the game goes on
    session.finish_deal()
    assert session.new_deal().pool == pool_after  # no antes in a game that goes on


@pytest.mark.parametrize(
    ("opts", "won", "paid", "pool_after"),
    [
        ({"lou_payout": "A"}, [0, 10, 10, 10], [30, 0, 0, 0], 30),
        ({"lou_payout": "B"}, [0, 0, 0, 0], [30, 30, 30, 30], 150),  # default lou_no_winner = carry
        ({"lou_payout": "C"}, [0, 0, 0, 0], [30, 0, 0, 0], 60),
        ({"lou_payout": "B", "lou_no_winner": "split_by_tricks"}, [0, 10, 10, 10], [30, 0, 0, 0], 30),
        ({"lou_payout": "C", "lou_no_winner": "split_by_tricks"}, [0, 10, 10, 10], [30, 0, 0, 0], 30),
    ],
    ids=["A", "B-carry", "C-carry", "B-split_by_tricks", "C-split_by_tricks"],
)
def test_LOU_PAY_4_E35_nobody_takes_two(opts: dict[str, Any], won: list[int], paid: list[int], pool_after: int) -> None:
    _, deal = lou_session(E35_HANDS, E35_PLAY, opts)
    assert list(deal.view(None).tricks_won) == [0, 1, 1, 1]
    st = settled(deal)
    assert list(st.won) == won
    assert list(st.paid) == paid
    assert st.pool_after == pool_after
    if opts["lou_payout"] != "A":
        assert st.rule == "LOU-PAY-4"


# E36: five players, P1..P3 In and each takes a trick; P4 and the dealer Out.
E36_HANDS = {1: "A♥ 3♦ 4♠", 2: "4♥ K♦ 3♠", 3: "5♥ 5♦ K♠"}
E36_PLAY = ["A♥", "4♥", "5♥", "3♦", "K♦", "5♦", "3♠", "K♠", "4♠"]


@pytest.mark.parametrize(
    ("ante", "carried", "pot", "share", "next_pot"),
    [
        (3, 16, 31, 10, 1 + 5 * 3),  # the example's pot of 31
        (15, 1, 76, 25, 1 + 5 * 15),  # the example's "5 players x 15 -> new pot 76"
    ],
)
def test_LOU_GAME_1_E36_game_over_with_remainder(ante: int, carried: int, pot: int, share: int, next_pot: int) -> None:
    rules = rules_with("lou")
    session = Session(rules, 5, dealer=0, pool=carried)
    deal = set_ante(session.new_deal(deck=deck_for_hands(rules, 5, 0, E36_HANDS, turnup="2♣")), ante)
    assert deal.pool == pot
    commit(deal, {1, 2, 3})
    act(deal, *E36_PLAY)
    st = settled(deal)
    assert st.rule == "LOU-PAY-1"
    assert list(st.won) == [0, share, share, share, 0]
    assert list(st.looed) == []
    assert st.pool_after == 1  # the remainder stays in the pot
    assert st.game_over
    session.finish_deal()
    new_game = session.new_deal()
    assert new_game.phase is Phase.ANTE  # a new game: the next dealer sets the ante (LOU-ANTE-2)
    assert set_ante(new_game, ante).pool == next_pot  # and everyone antes again
