"""The rules that had no test named after them: one or more tests for each, through the public API only.

Every deal here is set up with ``deck_for_hands`` and played through ``Deal.apply``; what the tests read comes from
``view(seat)``, ``legal_actions``, ``check``, ``current_player`` and the settlement. The dealer is seat 0 unless a
test says otherwise, so seat 1 is eldest.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lanterloo import (
    PASS,
    PRESET_NAMES,
    STAND,
    TAKE_MISS,
    TERMINAL,
    Action,
    Card,
    Deal,
    IllegalActionError,
    Phase,
    Session,
    Suit,
    parse_cards,
    rules_with,
)
from lanterloo.setup import deal_from_hands, deck_for_hands
from positions import act, cards, legal_cards, set_ante, settled


def refused(deal: Deal, action: Action, seat: int | None = None) -> IllegalActionError:
    """``action`` (by ``seat``) is refused and changes nothing; returns the refusal."""
    before = deal.state_key()
    assert not deal.is_legal(action, seat)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action, seat)
    assert deal.state_key() == before
    return info.value


def winners(deal: Deal) -> list[int]:
    return [t.winner for t in deal.view(None).tricks]


def played_cards(deal: Deal) -> set[Card]:
    return {c for t in deal.view(None).tricks for _, c in t.cards}


# --- COMMON-6: the winner of a trick leads to the next -----------------------------------------------------------


def test_COMMON_6_the_trick_winner_leads_the_next_trick() -> None:
    # Spades are trumps and nobody holds one. Seat 2 heads the first trick with the A♥, seat 0 the second.
    hands = {1: "2♥ 3♣ 4♦", 2: "A♥ 5♣ 6♦", 0: "3♥ 7♣ 8♦"}
    deal = deal_from_hands(rules_with("three-card"), hands, players=3, turnup="9♠")
    act(deal, "play", "play", "play")
    assert deal.current_player() == 1  # the eldest leads the first trick (LOO-LEAD-1)
    act(deal, "2♥", "A♥", "3♥")
    assert winners(deal) == [2]
    assert deal.current_player() == 2
    act(deal, "5♣", "7♣", "3♣")
    assert winners(deal) == [2, 0]
    assert deal.current_player() == 0
    act(deal, "8♦", "4♦", "6♦")
    assert winners(deal) == [2, 0, 0]
    assert deal.current_player() == TERMINAL


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_COMMON_6_in_random_play_of_every_preset(preset: str) -> None:
    rules = rules_with(preset)
    players = 4 if preset == "louse" else 5
    checked = 0
    for seed in range(12):
        deal = Deal(rules, [100] * players, seed % players, seed=seed)
        rng = random.Random(seed)
        tricks = 0
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            legal = deal.legal_actions(seat)
            deal.apply(legal[int(rng.random() * len(legal))], seat)
            done = deal.view(None).tricks
            if len(done) > tricks:
                tricks = len(done)
                if not deal.is_over:
                    assert deal.current_player() == done[-1].winner, f"seed {seed}, trick {tricks}"
                    checked += 1
    assert checked > 0, "no deal of the sample reached a second trick"


# --- LOO-DEAL-2: the Miss, an extra hand dealt face down ---------------------------------------------------------

MISS = "A♠ K♠ Q♠"
MISS_HANDS = {1: "2♥ 3♥ 4♥", 2: "5♥ 6♥ 7♥", 3: "8♥ 9♥ 10♥", 0: "2♣ 3♣ 4♣"}


def test_LOO_DEAL_2_the_miss_is_dealt_face_down_and_taken_whole() -> None:
    rules = rules_with("three-card")
    deal = Deal(rules, [100] * 4, 0, deck=deck_for_hands(rules, 4, 0, MISS_HANDS, miss=MISS, turnup="5♦"))
    miss = cards(MISS)
    # Every seat holds three cards of its own, and nobody (nor a spectator) sees a card of the Miss.
    for seat in (None, 0, 1, 2, 3):
        view = deal.view(seat)
        assert not miss & set(view.hand)
        assert view.turnup not in miss
        if seat is not None:
            assert set(view.hand) == cards(MISS_HANDS[seat])
    # Taking the Miss swaps the hand for it, unseen until then.
    assert TAKE_MISS in deal.legal_actions()
    deal.apply(TAKE_MISS)
    assert set(deal.view(1).hand) == miss
    assert deal.view(1).miss_taker == 1


def test_LOO_DEAL_2_a_miss_nobody_takes_is_set_aside_unplayed() -> None:
    rules = rules_with("three-card")
    deal = Deal(rules, [100] * 4, 0, deck=deck_for_hands(rules, 4, 0, MISS_HANDS, miss=MISS, turnup="5♦"))
    act(deal, "play", "pass", "play", "play")
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert len(played_cards(deal)) == 9
    assert not played_cards(deal) & cards(MISS)


@pytest.mark.parametrize(("preset", "options"), [("three-card", {"miss": False}), ("five-card", {}), ("irish", {})])
def test_LOO_DEAL_2_without_the_miss_there_is_none_to_take(preset: str, options: dict[str, Any]) -> None:
    rules = rules_with(preset, options)
    deal = Deal(rules, [100] * 4, 0, seed=3)
    assert deal.phase is Phase.DECLARE
    assert TAKE_MISS not in deal.legal_actions()
    assert refused(deal, TAKE_MISS).rule_id == "LOO-DEAL-2"
    # without the Miss each seat still gets its hand, and no cards are dealt aside
    assert all(len(deal.view(s).hand) == rules.hand_size for s in range(4))


# --- LOO-TRUMP-1: the card after the deal is turned up; its suit is trumps --------------------------------------


def test_LOO_TRUMP_1_the_turnup_sets_trumps_for_every_seat() -> None:
    rules = rules_with("three-card")
    hands = {1: "A♥ 4♦ 5♦", 2: "3♠ 6♦ 7♦", 0: "K♥ 8♦ 9♦"}
    deal = Deal(rules, [100] * 3, 0, deck=deck_for_hands(rules, 3, 0, hands, turnup="2♠"))
    for seat in (None, 0, 1, 2):
        view = deal.view(seat)
        assert view.turnup == Card.parse("2♠")
        assert view.trump == Suit.SPADES
        assert view.turnup not in view.hand
    act(deal, "play", "play", "play")
    # Seat 2, void in hearts, trumps the A♥ with its lowest spade, and the 3 of trumps takes the trick.
    act(deal, "A♥")
    assert legal_cards(deal) == cards("3♠")
    act(deal, "3♠", "K♥")
    assert winners(deal) == [2]


def test_LOO_TRUMP_1_the_turnup_is_never_drawn_in_an_exchange() -> None:
    rules = rules_with("five-card")
    hands = {1: "2♥ 3♥ 4♥ 5♦ 6♦", 2: "7♥ 8♥ 9♥ 7♦ 8♦", 3: "9♦ 10♦ 2♣ 3♣ 4♣", 0: "5♣ 6♣ 7♣ 8♣ 9♣"}
    deck = deck_for_hands(rules, 4, 0, hands, turnup="K♠", stock="A♠ Q♠")
    deal = Deal(rules, [100] * 4, 0, deck=deck)
    act(deal, "play")
    assert deal.phase is Phase.EXCHANGE
    act(deal, "discard 5♦ 6♦")
    # the two cards drawn are the top of the stock, which starts after the turn-up
    assert set(deal.view(1).hand) == cards("2♥ 3♥ 4♥ A♠ Q♠")
    assert deal.view(1).turnup == Card.parse("K♠")


def test_LOO_TRUMP_1_contrast_irish_has_no_turnup() -> None:
    deal = Deal(rules_with("irish"), [100] * 4, 0, seed=1)
    view = deal.view(None)
    assert view.turnup is None and view.trump is None  # the first card led sets trumps (IRISH-TRUMP-1)


# --- LOO-DECL-9: a decision is final -----------------------------------------------------------------------------


def test_LOO_DECL_9_a_declaration_cannot_be_taken_back() -> None:
    rules = rules_with("three-card")
    deal = Deal(rules, [100] * 4, 0, deck=deck_for_hands(rules, 4, 0, MISS_HANDS, miss=MISS, turnup="5♦"))
    act(deal, "play")  # seat 1 plays
    assert refused(deal, PASS, 1).rule_id == "COMMON-4"  # and cannot pass now
    act(deal, "pass")  # seat 2 passes
    assert refused(deal, STAND, 2).rule_id == "COMMON-4"  # and cannot come back in
    act(deal, "miss")  # seat 3 takes the Miss: he must play
    assert refused(deal, PASS, 3).rule_id == "COMMON-4"
    act(deal, "pass")  # the dealer passes
    assert deal.phase is Phase.PLAY
    assert list(deal.view(None).declarations) == ["pass", "play", "pass", "miss"]
    # The passed seats are never asked again; the two who stayed in play every trick, the Miss taker too.
    asked: set[int] = set()
    while not deal.is_over:
        asked.add(deal.current_player())
        deal.apply(deal.legal_actions()[0])
    assert asked == {1, 3}
    tricks = deal.view(None).tricks
    assert len(tricks) == 3
    assert {c for t in tricks for s, c in t.cards if s == 3} == cards(MISS)  # he played the Miss through


def test_LOO_DECL_9_who_has_exchanged_may_not_pass() -> None:
    deal = Deal(rules_with("five-card"), [100] * 4, 0, seed=5)
    act(deal, "play")
    assert deal.phase is Phase.EXCHANGE and deal.current_player() == 1
    assert PASS not in deal.legal_actions()  # having said "play" he may exchange, never withdraw
    assert refused(deal, PASS).rule_id == "PAM-EXCH-1"
    deal.apply(deal.legal_actions()[-1])
    assert deal.current_player() == 2
    assert refused(deal, PASS, 1).rule_id == "COMMON-4"


# --- LOO-POOL-1 and LOO-POOL-4: shares, and the next pool --------------------------------------------------------

# Diamonds are trumps and nobody holds one. Seat 1 takes the first two tricks with aces, seat 3 the third with the
# A♠; seat 2, if he plays, takes none.
POOL_HANDS = {1: "A♥ A♣ 5♠", 2: "3♥ 3♣ 4♠", 3: "K♥ K♣ A♠"}


def pool_session(opts: dict[str, str], carried: int, seat2: str) -> tuple[Session, Deal]:
    rules = rules_with("three-card", opts)
    session = Session(rules, 5, dealer=0, pool=carried)
    deal = session.new_deal(deck=deck_for_hands(rules, 5, 0, POOL_HANDS, turnup="2♦"))
    act(deal, "play", seat2, "play", "pass", "pass")
    plays = ["A♥", "K♥", "A♣", "K♣", "5♠", "A♠"]
    if seat2 == "play":
        plays = ["A♥", "3♥", "K♥", "A♣", "3♣", "K♣", "5♠", "4♠", "A♠"]
    act(deal, *plays)
    assert winners(deal) == [1, 1, 3]
    return session, deal


def test_LOO_POOL_1_each_trick_takes_an_equal_share() -> None:
    _, deal = pool_session({}, 1, "pass")
    st = settled(deal)
    assert st.pool_before == 16  # 1 carried and five antes of 3
    assert st.rule == "LOO-POOL-1"
    assert st.share == 5  # 16 // 3
    assert list(st.won) == [0, 10, 0, 5, 0]  # two shares and one
    assert list(st.paid) == [0, 0, 0, 0, 0]
    assert st.pool_after == 1  # what does not divide stays (LOO-POOL-2)
    assert list(deal.view(None).stacks) == [97, 107, 97, 102, 97]


@pytest.mark.parametrize("pool", [3, 4, 5, 30])
def test_LOO_POOL_1_the_share_is_the_pool_divided_by_the_tricks_rounded_down(pool: int) -> None:
    rules = rules_with("three-card", {"ante_mode": "dealer"})
    session = Session(rules, 5, dealer=0, pool=pool - 3)
    deal = session.new_deal(deck=deck_for_hands(rules, 5, 0, POOL_HANDS, turnup="2♦"))
    act(deal, "play", "pass", "play", "pass", "pass", "A♥", "K♥", "A♣", "K♣", "5♠", "A♠")
    st = settled(deal)
    assert (st.pool_before, st.share) == (pool, pool // 3)
    assert st.won[1] == 2 * st.share and st.won[3] == st.share
    assert st.pool_after == pool - 3 * st.share


@pytest.mark.parametrize(
    ("opts", "carried", "loo", "next_antes"),
    [
        ({}, 1, 3, 15),  # Limited: a fixed loo of 3; five antes of 3 next
        ({"ante_mode": "dealer"}, 13, 3, 3),  # only the next dealer antes
        ({"loo_penalty": "pool"}, 1, 16, 15),  # Unlimited: the looed player pays the whole pool
    ],
    ids=["limited", "dealer-ante", "unlimited"],
)
def test_LOO_POOL_4_next_pool_is_remainder_plus_loos_plus_next_antes(
    opts: dict[str, str], carried: int, loo: int, next_antes: int
) -> None:
    session, deal = pool_session(opts, carried, "play")
    st = settled(deal)
    assert st.pool_before == 16
    assert list(st.looed) == [2] and st.paid[2] == loo
    assert st.pool_after == 1 + loo  # the remainder stays, the loo joins it
    session.finish_deal()
    assert session.new_deal().view(None).pool == 1 + loo + next_antes


def test_LOO_POOL_4_a_pool_taken_without_play_leaves_nothing() -> None:
    rules = rules_with("three-card")
    session = Session(rules, 5, dealer=0, pool=10)
    deal = session.new_deal(deck=deck_for_hands(rules, 5, 0, POOL_HANDS, turnup="2♦"))
    act(deal, "pass", "pass", "pass", "pass")  # all pass before the dealer (LOO-DECL-3)
    st = settled(deal)
    assert st.won[0] == 25 and st.pool_after == 0
    session.finish_deal()
    assert session.new_deal().view(None).pool == 15  # only the next antes


# --- Lou: LOU-ANTE-1, LOU-PAY-2, LOU-PAY-3 -----------------------------------------------------------------------


def commit(deal: Deal, ins: set[int]) -> None:
    """Every seat commits at once: those in ``ins`` go In, the others Out."""
    assert deal.phase is Phase.COMMIT
    for seat in range(deal.view(None).players):
        deal.apply(STAND if seat in ins else PASS, seat)


def lou_deal(session: Session, hands: dict[int, str]) -> Deal:
    # Clubs are trumps and nobody holds one; a deal that starts a game has its dealer set the ante at 3 (LOU-ANTE-2).
    return set_ante(session.new_deal(deck=deck_for_hands(session.rules, session.n, 0, hands, turnup="2♣")), 3)


def test_LOU_ANTE_1_everyone_antes_when_a_game_starts_and_the_pot_makes_three_piles() -> None:
    session = Session(rules_with("lou", {"ante": 3}), 3, dealer=0, stack=50)
    # Everyone In, and each takes one trick: the game ends (LOU-GAME-1).
    deal = lou_deal(session, {1: "A♥ 3♦ 4♠", 2: "4♥ K♦ 3♠", 0: "5♥ 5♦ K♠"})
    assert list(deal.view(None).stacks) == [47, 47, 47]  # every player antes 3, even one who will go Out
    assert deal.view(None).pool == 9
    commit(deal, {0, 1, 2})
    act(deal, "A♥", "4♥", "5♥", "3♦", "K♦", "5♦", "3♠", "K♠", "4♠")
    st = settled(deal)
    assert st.share == 3  # a pile is the pot divided by three
    assert list(st.won) == [3, 3, 3] and st.game_over
    session.finish_deal()
    assert session.stacks == [50, 50, 50]
    # A new game: everyone antes again.
    again = lou_deal(session, {1: "A♥ A♦ A♠", 2: "4♥ 4♦ 4♠", 0: "5♥ 5♦ 5♠"})
    assert list(again.view(None).stacks) == [47, 47, 47] and again.view(None).pool == 9


def test_LOU_ANTE_1_no_antes_while_a_game_goes_on() -> None:
    session = Session(rules_with("lou", {"ante": 3}), 3, dealer=0, stack=50)
    deal = lou_deal(session, {1: "A♥ A♦ A♠", 2: "4♥ 4♦ 4♠", 0: "5♥ 5♦ 5♠"})
    assert list(deal.view(None).stacks) == [47, 47, 47] and deal.view(None).pool == 9
    commit(deal, {1, 2})  # the dealer stays Out but has anted
    act(deal, "A♥", "4♥", "A♦", "4♦", "A♠", "4♠")
    st = settled(deal)
    assert list(st.won) == [0, 9, 0] and list(st.paid) == [0, 0, 9]  # seat 2 took no trick and matches the pot
    assert not st.game_over
    session.finish_deal()
    stacks = list(session.stacks)
    assert stacks == [47, 56, 38]
    nxt = lou_deal(session, {1: "A♥ 3♦ 4♠", 2: "4♥ K♦ 3♠", 0: "5♥ 5♦ K♠"})
    assert list(nxt.view(None).stacks) == stacks  # nobody antes
    assert nxt.view(None).pool == 9  # the pot is the match


# Five players: seats 1-4 In, the dealer Out. Seat 1 takes two tricks with aces, seat 2 the third with the K♠,
# seats 3 and 4 none. The pot is 30: 15 carried and five antes of 3.
LOU_HANDS = {1: "A♥ A♦ 3♠", 2: "4♥ 4♦ K♠", 3: "5♥ 5♦ 5♠", 4: "6♥ 6♦ 6♠", 0: "7♥ 7♦ 7♠"}
LOU_PLAY = ["A♥", "4♥", "5♥", "6♥", "A♦", "4♦", "5♦", "6♦", "3♠", "K♠", "5♠", "6♠"]


def lou_payout(payout: str) -> Deal:
    session = Session(rules_with("lou", {"lou_payout": payout, "ante": 3}), 5, dealer=0, pool=15)
    deal = lou_deal(session, LOU_HANDS)
    assert deal.view(None).pool == 30
    commit(deal, {1, 2, 3, 4})
    act(deal, *LOU_PLAY)
    assert winners(deal) == [1, 1, 2]
    return deal


def test_LOU_PAY_2_format_b_two_tricks_take_the_pot_every_other_in_player_matches() -> None:
    st = settled(lou_payout("B"))
    assert st.rule == "LOU-PAY-2"
    assert list(st.won) == [0, 30, 0, 0, 0]  # the whole pot, not two piles
    assert list(st.paid) == [0, 0, 30, 30, 30]  # seat 2 matches despite his trick; the Out dealer pays nothing
    assert st.pool_after == 90
    assert not st.game_over


def test_LOU_PAY_3_format_c_two_tricks_take_the_pot_trickless_players_match() -> None:
    st = settled(lou_payout("C"))
    assert st.rule == "LOU-PAY-3"
    assert list(st.won) == [0, 30, 0, 0, 0]
    assert list(st.paid) == [0, 0, 0, 30, 30]  # seat 2 took a trick: he neither pays nor wins
    assert st.pool_after == 60
    assert not st.game_over


# --- Louse: LOUSE-DEAL-1, LOUSE-SCORE-1 --------------------------------------------------------------------------

LOUSE_DECK = parse_cards(" ".join(f"{r}{s}" for s in "♣♠♥♦" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")))


@pytest.mark.parametrize("dealer", [0, 2])
def test_LOUSE_DEAL_1_eight_cards_each_in_packets_of_3_2_3_and_the_left_of_the_dealer_leads(dealer: int) -> None:
    deck = list(LOUSE_DECK)
    random.Random(dealer).shuffle(deck)
    deal = Deal(rules_with("louse"), [100] * 4, dealer, deck=deck)
    # No turn-up, no stake, no declaration: the deal starts with the first lead.
    assert deal.phase is Phase.PLAY
    view = deal.view(None)
    assert view.turnup is None and view.pool == 0 and list(view.stacks) == [100] * 4
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        expected = deck[3 * k : 3 * k + 3] + deck[12 + 2 * k : 14 + 2 * k] + deck[20 + 3 * k : 23 + 3 * k]
        assert sorted(deal.view(seat).hand) == sorted(expected)
    leader = (dealer + 1) % 4
    assert deal.current_player() == leader
    assert set(legal_cards(deal)) == set(deal.view(leader).hand)  # any card may be led


# Seat 1 leads its four jacks and wins each trick (nobody else holds a jack); seat 2 then wins the four club tricks.
LOUSE_HANDS = {
    1: "J♣ J♠ J♥ J♦ 7♣ 8♣ 9♣ Q♥",
    2: "7♠ K♠ 10♠ A♠ A♣ 10♣ K♣ Q♣",
    3: "7♦ 8♦ 9♦ 8♠ K♦ 10♦ A♦ Q♦",
    0: "7♥ 8♥ 9♥ 9♠ K♥ 10♥ A♥ Q♠",
}
LOUSE_TRICKS = [
    "J♣ 7♠ 7♦ 7♥",  # seat 1: 2
    "J♠ K♠ 8♦ 8♥",  # seat 1: 2 + 4
    "J♥ 10♠ 9♦ 9♥",  # seat 1: 2 + 10
    "J♦ A♠ 8♠ 9♠",  # seat 1: 2 + 11
    "7♣ A♣ K♦ K♥",  # seat 2: 11 + 4 + 4
    "10♣ 10♦ 10♥ 8♣",  # seat 2 leads: 10 + 10 + 10
    "K♣ A♦ A♥ 9♣",  # seat 2: 4 + 11 + 11
    "Q♣ Q♦ Q♠ Q♥",  # seat 2: four queens
]


@pytest.mark.parametrize(("queen", "points"), [(2, [0, 33, 83, 0]), (3, [0, 33, 87, 0])])
def test_LOUSE_SCORE_1_card_points_ace_11_ten_10_king_4_queen_2_jack_2(queen: int, points: list[int]) -> None:
    # The ♦Q cancels its taker's queen bonuses (LOUSE-SCORE-3), so seat 2 scores only card points for his queens.
    rules = rules_with("louse", {"diamond_queen": "cancel_own_bonuses", "louse_queen_points": queen})
    deal = Deal(rules, [100] * 4, 0, deck=deck_for_hands(rules, 4, 0, LOUSE_HANDS))
    for trick in LOUSE_TRICKS:
        act(deal, *trick.split())
    assert winners(deal) == [1, 1, 1, 1, 2, 2, 2, 2]
    st = settled(deal)
    assert list(st.points) == points
    assert sum(st.points) == 4 * (11 + 10 + 4 + queen + 2)  # 116 with the queen at 2: the sevens to nines score 0


def test_LOUSE_SCORE_1_the_example_deals_and_plays_every_card_once() -> None:
    """A guard on the example above: the hands are dealt as designed and the tricks hold the whole pack."""
    rules = rules_with("louse")
    deal = Deal(rules, [100] * 4, 0, deck=deck_for_hands(rules, 4, 0, LOUSE_HANDS))
    for seat, hand in LOUSE_HANDS.items():
        assert set(deal.view(seat).hand) == cards(hand)
    assert sorted(c for t in LOUSE_TRICKS for c in parse_cards(t)) == sorted(LOUSE_DECK)
