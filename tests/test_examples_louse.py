"""Worked examples E37-E41 of the rules research (section 4.6): Louse, the 32-card penalty game of seed 004.

The four jacks are a trump suit of their own (♣J < ♠J < ♥J < ♦J by default) and are never cards of their printed
suit. Play is L3: follow the suit led (a jack lead calls for jacks), otherwise any card; no duty to head or trump.

The examples show two- and three-card hands. To test exactly those hands, ``after_tricks`` reaches a late trick
by legal play: seat 1 (the eldest) holds the top diamonds and leads them, winning each trick, while the others
follow with their low diamonds or throw cards they will not need. The dealer is seat 0.
"""

from __future__ import annotations

from typing import Any

import pytest

from lanterloo import (
    Card,
    Deal,
    Phase,
    Play,
    Session,
    parse_cards,
    rules_with,
)
from lanterloo.cards import JACK, Suit, mask_of
from lanterloo.engine import deck_for
from lanterloo.engine.scoring import louse_points
from lanterloo.setup import deal_from_hands, deck_for_hands
from positions import act, assert_illegal, cards, legal_cards, settled

LOUSE = rules_with("louse")


TOP_DIAMONDS = parse_cards("A♦ K♦ Q♦ 10♦ 9♦ 8♦")


def after_tricks(finals: dict[int, str], tricks: int) -> Deal:
    """A Louse deal played, legally, up to the lead of trick ``tricks + 1``; seat s then holds ``finals[s]``.

    Seat 1 holds the ``tricks`` top diamonds besides its final cards and leads them one by one; every other seat
    holds ``tricks`` more cards, the low diamonds first. The finals must hold all four jacks (a jack thrown on a
    diamond would win the trick) and no diamond outside seat 1.
    """
    final = {s: parse_cards(t) for s, t in finals.items()}
    assert sorted(final) == [0, 1, 2, 3] and all(len(f) == 8 - tricks for f in final.values())
    in_finals = {c for f in final.values() for c in f}
    assert sum(1 for c in in_finals if c.rank == JACK) == 4
    assert not any(c.suit == Suit.DIAMONDS and c.rank != JACK for s in (0, 2, 3) for c in final[s])
    top = TOP_DIAMONDS[:tricks]
    spare = [c for c in deck_for(LOUSE, 4) if c not in in_finals and c not in top]
    spare.sort(key=lambda c: (c.suit != Suit.DIAMONDS, c))  # the low diamonds go to the first followers
    hands: dict[int, list[Card]] = {1: top + final[1]}
    for k, s in enumerate((2, 3, 0)):
        hands[s] = spare[k::3] + final[s]
    deal = deal_from_hands(LOUSE, hands, players=4, dealer=0)
    for lead in top:
        deal.apply(Play(lead))
        for s in (2, 3, 0):
            mine = [c for c in deal.hand(s) if c not in final[s]]
            diamonds = [c for c in mine if c.suit == Suit.DIAMONDS]
            deal.apply(Play((diamonds or mine)[0]))
        assert deal.view(None).tricks[-1].winner == 1
    for s, f in final.items():
        assert set(deal.hand(s)) == set(f)
    assert deal.current_player() == 1
    return deal


# --- L3 legality: E37, E38 ---------------------------------------------------------------------------------------


def test_LOUSE_PLAY_1_E37_jack_is_not_a_heart() -> None:
    deal = after_tricks({1: "7♥ J♣ J♠", 2: "J♥ A♠ 8♣", 3: "J♦ 8♥ 9♥", 0: "K♠ K♣ A♣"}, 5)
    act(deal, "7♥")
    assert legal_cards(deal) == cards("J♥ A♠ 8♣")  # void in hearts: the J♥ is a jack


def test_LOUSE_PLAY_1_E37_follow_hearts_not_with_the_jack() -> None:
    deal = after_tricks({1: "7♥ J♣ J♠", 2: "K♥ J♥ A♠", 3: "J♦ 8♥ 9♥", 0: "K♠ K♣ A♣"}, 5)
    act(deal, "7♥")
    assert legal_cards(deal) == cards("K♥")
    assert_illegal(deal, "J♥", "LOUSE-PLAY-1", "hearts", "a jack is not one of them", "K♥")


def test_LOUSE_PLAY_1_E38_jack_lead_calls_for_jacks() -> None:
    deal = after_tricks({1: "J♠ 7♥ 8♥", 2: "K♥ J♦ J♣", 3: "J♥ 9♥ 10♥", 0: "K♠ K♣ A♣"}, 5)
    act(deal, "J♠")
    assert legal_cards(deal) == cards("J♦ J♣")
    assert_illegal(deal, "K♥", "LOUSE-PLAY-1", "jack", "J♦", "J♣")


def test_LOUSE_PLAY_1_E38_no_jack_any_card() -> None:
    deal = after_tricks({1: "J♠ J♣", 2: "K♥ A♠", 3: "J♦ J♥", 0: "K♠ A♣"}, 6)
    act(deal, "J♠")
    assert legal_cards(deal) == cards("K♥ A♠")  # the A♠ is not a jack


# --- Trick winners: E39 ------------------------------------------------------------------------------------------

E39_PLAIN = {
    1: "7♥ 7♣ 8♣ 9♣ 10♣ Q♣ K♣ A♣",
    2: "A♥ 7♦ 8♦ 9♦ 10♦ Q♦ K♦ A♦",
    3: "J♣ 7♠ 8♠ 9♠ 10♠ Q♠ K♠ A♠",
    0: "K♥ 8♥ 9♥ 10♥ Q♥ J♥ J♦ J♠",
}
E39_JACKS = {
    1: "J♥ 7♣ 8♣ 9♣ 10♣ Q♣ K♣ A♣",
    2: "J♦ 7♥ 8♥ 9♥ 10♥ Q♥ K♥ A♥",
    3: "A♦ 7♠ 8♠ 9♠ 10♠ Q♠ K♠ A♠",
    0: "J♣ J♠ 7♦ 8♦ 9♦ 10♦ Q♦ K♦",
}


@pytest.mark.parametrize(
    ("hands", "trick", "winner"),
    [
        (E39_PLAIN, "7♥ A♥ J♣ K♥", 3),  # a jack takes a plain trick
        (E39_PLAIN, "7♥ A♥ A♠ 10♥", 2),  # the A♠ is off-suit
        (E39_JACKS, "J♥ J♦ A♦ J♣", 2),  # the ♦J is the highest jack
    ],
)
def test_LOUSE_PLAY_2_E39_trick_winners(hands: dict[int, str], trick: str, winner: int) -> None:
    deal = deal_from_hands(LOUSE, hands, players=4, dealer=0)
    assert deal.phase is Phase.PLAY  # Louse has no declaration
    act(deal, *trick.split())
    assert deal.view(None).tricks[0].winner == winner
    assert deal.current_player() == winner


# --- Scoring: E40 ------------------------------------------------------------------------------------------------

E40_X = mask_of(parse_cards("Q♣ A♥ 10♠ J♦ 7♠"))
E40_Y = mask_of(parse_cards("Q♦ Q♠ K♥"))


@pytest.mark.parametrize(
    ("mode", "x", "y"),
    [
        ("cancel_own_queens", 325, 4),
        ("cancel_own_bonuses", 325, 2 + 2 + 4),
        ("none", 325, 2 + 202 + 4),
        ("cancel_all_queens", 23, 4),
        ("collect_all_queens", 23, 2 + 202 + 302 + 4),
    ],
)
def test_LOUSE_SCORE_3_E40_deal_scoring(mode: str, x: int, y: int) -> None:
    assert louse_points([E40_X, E40_Y, 0, 0], mode, 2) == [x, y, 0, 0]


# --- Match end: E41 ----------------------------------------------------------------------------------------------

# A = seat 1, B = seat 2, C = seat 3, D = seat 0 (the dealer). A whole deal, designed so that A takes the ♥Q and
# the ♦Q (cancelled) plus 40 card points, B the ♠Q plus 48, C nothing, and D the ♣Q plus 20.
E41_HANDS = {
    1: "J♦ K♥ K♦ K♣ 9♣ 8♦ K♠ A♦",
    2: "J♣ 9♥ 10♦ 7♣ 10♣ 7♦ A♠ A♣",
    3: "J♠ 8♥ 10♠ 7♥ 10♥ 8♠ Q♠ A♥",
    0: "J♥ Q♥ Q♦ 8♣ Q♣ 9♦ 7♠ 9♠",
}
E41_TRICKS = [
    "J♦ J♣ J♠ J♥",  # A leads the top jack: everyone must play a jack
    "K♥ 9♥ 8♥ Q♥",
    "K♦ 10♦ 10♠ Q♦",  # C, void in diamonds, throws the 10♠
    "K♣ 7♣ 7♥ 8♣",
    "9♣ 10♣ 10♥ Q♣",  # D's ♣Q wins
    "9♦ 8♦ 7♦ 8♠",  # D leads
    "7♠ K♠ A♠ Q♠",  # B's ♠A wins
    "A♣ A♥ 9♠ A♦",  # B leads; the others are void in clubs
]
E41_WINNERS = [1, 1, 1, 1, 0, 0, 2, 2]
E41_POINTS = [322, 40, 250, 0]


def e41_session(before: list[int], opts: dict[str, Any] | None = None) -> tuple[Session, Deal]:
    rules = rules_with("louse", opts)
    session = Session(rules, ["D", "A", "B", "C"], dealer=0)
    # No legal path leads to chosen match totals short of playing many designed deals, so set them directly.
    session.totals = list(before)
    deal = session.new_deal(deck=deck_for_hands(rules, 4, 0, E41_HANDS))
    for trick, winner in zip(E41_TRICKS, E41_WINNERS, strict=True):
        act(deal, *trick.split())
        assert deal.view(None).tricks[-1].winner == winner
    assert list(settled(deal).points) == E41_POINTS
    session.finish_deal()
    return session, deal


def test_LOUSE_MATCH_2_E41_higher_total_loses() -> None:
    session, deal = e41_session([700, 1470, 1300, 900])
    assert settled(deal).rule == "LOUSE-SCORE-3"
    # The 108 card points that are not queens: 40 (A) + 48 (B) + 20 (D); A's queens are cancelled by his ♦Q.
    assert [E41_POINTS[1], E41_POINTS[2] - 202, E41_POINTS[0] - 302] == [40, 48, 20]
    assert session.totals == [1022, 1510, 1550, 900]
    assert session.over
    assert session.losers == [2]  # A and B both crossed 1500; B has the higher total
    assert session.summary()["losers"] == ["B"]


def test_LOUSE_MATCH_2_E41_equal_totals_all_lose() -> None:
    session, _ = e41_session([700, 1510, 1300, 900])
    assert session.totals[1] == session.totals[2] == 1550
    assert session.losers == [1, 2]


def test_LOUSE_MATCH_2_E41_option_play_another_deal() -> None:
    session, _ = e41_session([700, 1510, 1300, 900], {"louse_tie": "play_another_deal"})
    assert not session.over
    assert session.losers == []
    assert session.new_deal().phase is Phase.PLAY  # they play on
