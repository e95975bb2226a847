"""Worked examples E16-E24 of the rules research (section 4.3): five-card Pam-Loo.

Pam is the J♣, a trump wherever it is printed. Flushes are checked after every declaration and exchange; by the
research's Precedence section a flush loos every other player who stayed in (``flush_exempt = none``), and the
exemptions are the option. Every active hand is given in full, so no hand filled from the rest of the pack can
make an accidental flush. The dealer is seat 0, so P1 is seat 1.
"""

from __future__ import annotations

from typing import Any

from lanterloo import (
    Deal,
    Discard,
    Phase,
    Play,
    discard,
    parse_cards,
    rules_with,
)
from lanterloo.cards import mask_of
from lanterloo.setup import deal_from_hands
from positions import act, assert_illegal, cards, legal_cards, phase, settled


def club_lead(p2: str, *, turnup: str = "9♥", opts: dict[str, Any] | None = None) -> Deal:
    """Three players all in; P1 leads the K♣ and P2 holds ``p2``."""
    rules = rules_with("five-card", opts)
    hands = {1: "K♣ 2♣ 3♦ 4♦ 6♠", 2: p2, 0: "10♦ J♦ 10♥ Q♠ K♠"}
    deal = deal_from_hands(rules, hands, players=3, dealer=0, turnup=turnup)
    act(deal, *["play", "discard"] * 3)
    assert phase(deal) is Phase.PLAY
    act(deal, "K♣")
    return deal


# --- Pam's suit (A-06) -------------------------------------------------------------------------------------------


def test_PAM_1_E16_pam_is_a_trump_not_a_club() -> None:
    deal = club_lead("J♣ 5♦ 2♥ 7♠ 8♠")
    assert legal_cards(deal) == cards("J♣ 2♥")
    assert_illegal(deal, "5♦", "LOO-PLAY-3", "clubs", "J♣", "2♥")


def test_LOO_PLAY_1_E17_a_real_club_must_follow() -> None:
    deal = club_lead("J♣ 3♣ 5♦ 7♠ 8♠")
    assert legal_cards(deal) == cards("3♣")
    assert_illegal(deal, "J♣", "LOO-PLAY-1", "clubs", "3♣")


def test_PAM_4_E17_option_pam_privileged() -> None:
    deal = club_lead("J♣ 3♣ 5♦ 7♠ 8♠", opts={"pam_privileged": True})
    assert legal_cards(deal) == cards("3♣ J♣")


def test_LOO_PLAY_2_E18_clubs_trumps_only_pam_heads() -> None:
    deal = club_lead("J♣ 3♣ 5♦ 7♠ 8♠", turnup="9♣")
    assert legal_cards(deal) == cards("J♣")
    assert_illegal(deal, "3♣", "LOO-PLAY-2", "J♣", "K♣")


# --- Pam, be civil (A-07) ----------------------------------------------------------------------------------------


def ace_led(p2: str, *, civil: bool | None = None, opts: dict[str, Any] | None = None) -> Deal:
    """Hearts trumps; P1 leads the A♥. ``civil=None`` leaves the call to the rules (auto: always made)."""
    rules = rules_with("five-card", opts)
    hands = {1: "A♥ 2♣ 3♣ 5♠ 6♠", 2: p2, 0: "10♦ J♦ 10♣ Q♠ 8♦"}
    deal = deal_from_hands(rules, hands, players=3, dealer=0, turnup="9♥")
    act(deal, *["play", "discard"] * 3)
    ace = parse_cards("A♥")[0]
    deal.apply(Play(ace) if civil is None else Play(ace, civil))
    return deal


def test_PAM_2_E19_pam_be_civil() -> None:
    deal = ace_led("J♣ 3♥ K♠ 2♦ 4♦")
    assert deal.view(None).trick_civil  # pam_civil = auto: every lead of the ace of trumps makes the call
    assert legal_cards(deal) == cards("3♥")
    assert_illegal(deal, "J♣", "PAM-2", "Pam, be civil")


def test_PAM_2_E19_without_the_call() -> None:
    deal = ace_led("J♣ 3♥ K♠ 2♦ 4♦", civil=False, opts={"pam_civil": "ask"})
    assert not deal.view(None).trick_civil
    assert legal_cards(deal) == cards("J♣")
    assert_illegal(deal, "3♥", "LOO-PLAY-2", "J♣", "A♥")


def test_PAM_2_E19_asked_call_made() -> None:
    deal = ace_led("J♣ 3♥ K♠ 2♦ 4♦", civil=True, opts={"pam_civil": "ask"})
    assert deal.view(None).trick_civil
    assert legal_cards(deal) == cards("3♥")


def test_PAM_2_E20_civil_pam_only_trump_default() -> None:
    deal = ace_led("J♣ K♠ 2♦ 4♦ 9♣")
    assert legal_cards(deal) == cards("K♠ 2♦ 4♦ 9♣")


def test_PAM_2_E20_option_only_trump_exception() -> None:
    deal = ace_led("J♣ K♠ 2♦ 4♦ 9♣", opts={"pam_civil_only_trump_exception": True})
    assert legal_cards(deal) == cards("J♣")


def test_PAM_1_E21_pam_wins() -> None:
    # pam_civil = ask so that P1 can lead the ace without the call. Five players; the dealer passes.
    rules = rules_with("five-card", {"pam_civil": "ask"})
    hands = {1: "A♠ 2♥ 3♥ 4♦ 5♣", 2: "K♠ 6♥ 7♥ 6♦ 7♣", 3: "J♣ 8♥ 9♥ 8♦ 9♦", 4: "2♠ 10♥ J♥ 10♦ J♦"}
    deal = deal_from_hands(rules, hands, players=5, dealer=0, turnup="3♠")
    act(deal, *["play", "discard"] * 4, "pass")
    ace = parse_cards("A♠")[0]
    assert set(deal.legal_actions()) >= {Play(ace), Play(ace, True)}  # the leader chooses
    deal.apply(Play(ace, False))
    act(deal, "K♠")
    assert legal_cards(deal) == cards("J♣")
    act(deal, "J♣")
    assert legal_cards(deal) == cards("2♠")
    act(deal, "2♠")
    assert deal.view(None).tricks[0].winner == 3
    assert deal.current_player() == 3


# --- Flushes (A-04) ----------------------------------------------------------------------------------------------

E22_HANDS = {1: "A♠ Q♠ 9♠ 5♠ 2♠", 2: "9♥ 8♥ 6♥ 4♥ 3♥", 3: "J♣ K♦ 7♦ 5♦ 3♦", 4: "A♣ K♣ A♦ A♥ K♠"}


def flush_deal(
    hands: dict[int, str],
    declarations: list[str],
    *,
    players: int = 5,
    pool: int = 0,
    opts: dict[str, Any] | None = None,
) -> Deal:
    """Hearts trumps. ``declarations`` per seat from the eldest: "play" (and keep all) or "pass"."""
    deal = deal_from_hands(rules_with("five-card", opts), hands, players=players, dealer=0, turnup="2♥", pool=pool)
    for d in declarations:
        act(deal, *(["play", "discard"] if d == "play" else ["pass"]))
    return deal


def test_PAM_FLUSH_2_E22_pam_flush_sweeps_and_everyone_else_is_looed() -> None:
    deal = flush_deal(E22_HANDS, ["play", "play", "play", "play", "pass"])
    st = settled(deal)
    assert st.kind == "flush"
    assert list(st.winners) == [3]
    assert list(st.won) == [0, 0, 0, 25, 0]  # the whole pool: five antes of 5
    assert deal.view(None).tricks == ()  # no tricks are played
    assert set(dict(deal.view(None).flushes)) == {1, 2, 3}
    # Project default (flush_exempt = none): P1, P2 and P4 are all looed, 5 each, into the next pool.
    assert sorted(st.looed) == [1, 2, 4]
    assert list(st.paid) == [0, 5, 5, 0, 5]
    assert st.pool_after == 15


def test_PAM_FLUSH_3_E22_option_exempt_pam_and_flush_holders() -> None:
    deal = flush_deal(
        E22_HANDS, ["play", "play", "play", "play", "pass"], opts={"flush_exempt": "pam_and_flush_holders"}
    )
    st = settled(deal)
    assert list(st.winners) == [3]
    assert list(st.looed) == [4]
    assert list(st.paid) == [0, 0, 0, 0, 5]


def test_PAM_FLUSH_2_E22_trump_flush_beats_plain_flush() -> None:
    deal = flush_deal(E22_HANDS, ["play", "play", "pass", "play", "pass"])
    st = settled(deal)
    assert list(st.winners) == [2]
    assert sorted(st.looed) == [1, 4]


def test_PAM_FLUSH_2_E23_higher_plain_flush_wins() -> None:
    hands = {1: "K♠ Q♠ 9♠ 5♠ 2♠", 2: "A♣ K♣ A♦ 3♥ J♠", 3: "K♦ J♦ 9♦ 5♦ 2♦"}
    deal = flush_deal(hands, ["play", "play", "play", "pass"], players=4)
    assert list(settled(deal).winners) == [1]


E23_TIE = {1: "K♠ Q♠ 9♠ 5♠ 2♠", 2: "A♣ K♣ A♦ 3♥ J♠", 3: "K♦ Q♦ 9♦ 5♦ 2♦"}


def test_PAM_FLUSH_2_E23_exact_tie_goes_to_elder_hand() -> None:
    deal = flush_deal(E23_TIE, ["play", "play", "play", "pass"], players=4, pool=1)
    st = settled(deal)
    assert list(st.winners) == [1]
    assert list(st.won) == [0, 21, 0, 0]


def test_PAM_FLUSH_2_E23_option_split() -> None:
    deal = flush_deal(E23_TIE, ["play", "play", "play", "pass"], players=4, pool=1, opts={"flush_tie": "split"})
    st = settled(deal)
    assert list(st.winners) == [1, 3]
    assert list(st.won) == [0, 10, 0, 10]  # the pool of 21 halved; the odd chip is carried
    assert list(st.looed) == [2]
    assert st.pool_after == 1 + 5


# --- Stock shortfall (A-05) --------------------------------------------------------------------------------------


def test_PAM_EXCH_2_E24_stock_shortfall_limit() -> None:
    rules = rules_with("five-card")
    hands = {1: "2♣ 3♣ 4♦ 5♦ 6♥", 2: "7♣ 8♦ 9♥ 10♠ J♠", 3: "2♦ 3♥ 4♠ 5♣ 6♦"}
    deal = deal_from_hands(rules, hands, players=9, dealer=0)
    assert deal.stock_left() == 52 - 45 - 1 == 6
    act(deal, "play", "discard 2♣ 3♣ 4♦ 5♦")
    assert deal.stock_left() == 2
    act(deal, "play")
    assert phase(deal) is Phase.EXCHANGE
    # The default, limit: at most the two cards left in the stock.
    counts = {a.count for a in deal.legal_actions() if isinstance(a, Discard)}
    assert counts == {0, 1, 2}
    assert len(deal.legal_actions()) == 1 + 5 + 10
    assert_illegal(deal, discard(mask_of(parse_cards("7♣ 8♦ 9♥"))), "PAM-EXCH-2", "at most 2 cards")
    act(deal, "discard 7♣ 8♦")
    assert deal.stock_left() == 0
    act(deal, "play")  # later players cannot exchange: the turn passes straight on
    assert phase(deal) is Phase.DECLARE
    assert deal.current_player() == 4
