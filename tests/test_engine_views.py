"""Typed events, the frozen View and Settlement, and the stakes a View shows (issue 7, items 2 and 3)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from lanterloo import (
    PASS,
    STAND,
    Deal,
    LooError,
    Phase,
    Settlement,
    SettlementKind,
    rules_with,
)
from lanterloo.cards import Card, parse_card
from lanterloo.engine.events import (
    EVENT_TYPES,
    Committed,
    DealStarted,
    Declared,
    Exchanged,
    Played,
    Reshuffled,
    Settled,
    TrickWon,
)
from lanterloo.engine.scoring import louse_card_values
from lanterloo.engine.shape import stakes
from lanterloo.setup import deal_from_hands
from positions import act, set_ante, settled


def play_out(deal: Deal, seed: int = 0) -> Deal:
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.seats_to_act()[0]
        deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    return deal


def test_every_event_is_a_typed_immutable_record() -> None:
    for preset in ("three-card", "five-card", "lou", "louse", "irish"):
        deal = play_out(Deal(rules_with(preset), [50] * 4, seed=3), seed=3)
        for e in deal.events:
            assert isinstance(e, EVENT_TYPES)
            assert isinstance(e.kind, str) and e.kind
            with pytest.raises(AttributeError):
                e.seat = 0  # type: ignore[misc]
        assert isinstance(deal.events[0], DealStarted)
        assert isinstance(deal.events[-1], Settled) and deal.events[-1].settlement is deal.settlement


def test_played_and_trick_events_name_their_seat_card_and_number() -> None:
    deal = play_out(Deal(rules_with("three-card"), [50] * 4, seed=1), seed=1)
    played = [e for e in deal.events if isinstance(e, Played)]
    assert [(e.seat, e.action.card) for e in played] == [sc for t in deal.view(None).tricks for sc in t.cards]
    won = [e for e in deal.events if isinstance(e, TrickWon)]
    assert [(e.no, e.seat) for e in won] == [(i + 1, t.winner) for i, t in enumerate(deal.view(None).tricks)]


def test_LOO_DECL_2_a_taken_miss_is_shown_to_its_taker_only() -> None:
    deal = deal_from_hands(
        rules_with("three-card"), {1: "2♣ 3♣ 4♣", 2: "5♦ 6♦ 7♦", 0: "8♥ 9♥ T♥"}, players=3, miss="A♠ K♠ Q♠"
    )
    act(deal, "miss")
    ev = deal.events[-1]
    assert isinstance(ev, Declared) and ev.private_to == (1,)
    assert sorted(ev.hand) == sorted(parse_card(c) for c in ("As", "Ks", "Qs"))
    assert deal.view(1).events[-1] is ev
    other = deal.view(2).events[-1]
    assert isinstance(other, Declared) and other.hand == () and other.action == ev.action


def test_LOU_DECL_1_a_commitment_is_hidden_until_revealed() -> None:
    deal = set_ante(Deal(rules_with("lou"), [50] * 4, seed=2))
    deal.apply(STAND, 2)
    ev = deal.events[-1]
    assert isinstance(ev, Committed) and ev.private_to == (2,)
    assert deal.view(2).events[-1] is ev
    for seat in (0, 1, 3, None):
        seen = deal.view(seat).events[-1]
        assert isinstance(seen, Committed) and seen.seat == 2 and seen.action is None


def test_PAM_EXCH_1_others_see_how_many_cards_were_exchanged_not_which() -> None:
    deal = Deal(rules_with("five-card"), [50] * 4, seed=5)
    while deal.phase is not Phase.EXCHANGE:
        deal.apply(STAND)
    limit = deal.view(deal.current_player()).exchange_limit
    assert limit == 5
    seat = deal.current_player()
    deal.apply(next(a for a in deal.legal_actions() if getattr(a, "count", 0) == 2))
    ev = next(e for e in reversed(deal.events) if isinstance(e, Exchanged))
    assert ev.number == 2 and len(ev.drawn) == 2 and ev.action is not None
    hidden = next(e for e in reversed(deal.view((seat + 1) % 4).events) if isinstance(e, Exchanged))
    assert hidden.number == 2 and hidden.drawn == () and hidden.action is None


def test_the_deck_order_is_secret_from_every_seat() -> None:
    deal = Deal(rules_with("three-card"), [50] * 4, seed=4)
    for seat in (0, 1, None):
        start = deal.view(seat).events[0]
        assert isinstance(start, DealStarted) and start.deck == () and start.stacks == (50,) * 4


def test_reshuffle_order_is_secret() -> None:
    assert Reshuffled(1, (Card(3),)).censored(1).order == ()


def test_view_and_settlement_are_frozen_and_share_nothing_mutable() -> None:
    deal = play_out(Deal(rules_with("three-card"), [50] * 5, seed=8), seed=8)
    view = deal.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.pool = 0  # type: ignore[misc]
    st = settled(deal)
    with pytest.raises(AttributeError):
        st.pool_after = 0  # type: ignore[misc]
    for value in [getattr(view, f.name) for f in dataclasses.fields(view)] + [getattr(st, name) for name in st._fields]:
        assert not isinstance(value, (list, dict, set)), value


def test_settlement_kind_is_an_enum_written_as_plain_text() -> None:
    st = settled(play_out(Deal(rules_with("three-card"), [50] * 5, seed=8), seed=8))
    assert isinstance(st.kind, SettlementKind)
    text = json.dumps(st.to_dict())
    assert f'"kind": "{st.kind.value}"' in text
    assert Settlement.from_dict(json.loads(text)) == st


def test_a_seat_out_of_range_has_no_view() -> None:
    deal = Deal(rules_with("three-card"), [50] * 4, seed=4)
    for seat in (-1, 4):
        with pytest.raises(LooError, match=f"There is no seat {seat}"):
            deal.view(seat)


def test_view_shows_pam_best_card_and_who_acts() -> None:
    deal = deal_from_hands(
        rules_with("five-card"),
        {1: "2♣ 3♣ 4♣ 5♣ 7♦", 2: "5♦ 6♦ 8♦ 9♦ T♠", 0: "8♥ 9♥ T♥ 2♠ 3♠"},
        players=3,
        turnup="4♥",
    )
    assert deal.view(None).pam == parse_card("Jc")
    for _ in range(3):
        deal.apply(STAND)
        while deal.phase is Phase.EXCHANGE:
            deal.apply(deal.legal_actions()[0])
    view = deal.view(None)
    assert view.phase is Phase.PLAY and view.best_card is None and view.seats_to_act == (view.to_act,)
    leader = view.to_act
    deal.apply(deal.legal_actions()[0])
    view = deal.view(None)
    assert view.best_seat == leader and view.best_card == view.trick[0][1]


def test_LOO_POOL_1_LOO_POOL_3_stakes_match_the_settlement() -> None:
    rules = rules_with("three-card", {"loo_penalty": "pool"})
    for seed in range(30):
        deal = Deal(rules, [100] * 5, seed=seed)
        while deal.phase is not Phase.PLAY and not deal.is_over:
            deal.apply(STAND)
        if deal.is_over:
            continue
        at_stake = deal.view(None).stakes
        assert at_stake.share == deal.pool // 3 and at_stake.loo == deal.pool
        st = settled(play_out(deal, seed))
        assert st.share == at_stake.share
        assert all(o == at_stake.loo for o in st.owed if o)


def test_LOU_PAY_1_stakes_show_the_piles_and_the_match() -> None:
    rules = rules_with("lou", {"lou_payout": "A"})
    deal = set_ante(Deal(rules, [100] * 4, seed=1))
    for seat in range(4):
        deal.apply(STAND if seat != 0 else PASS, seat)
    at_stake = deal.view(1).stakes
    assert at_stake == stakes(rules, deal.pool)
    assert at_stake.share == deal.pool // 3 and at_stake.match == deal.pool
    st = settled(play_out(deal))
    assert st.share == at_stake.share
    assert all(o == at_stake.match for o in st.owed if o)


def test_LOUSE_SCORE_1_card_values_and_points_so_far() -> None:
    rules = rules_with("louse")
    values = louse_card_values(rules.louse_queen_points)
    assert values[parse_card("Ah")] == 11 and values[parse_card("Tc")] == 10 and values[parse_card("7d")] == 0
    assert values[parse_card("Qc")] == rules.louse_queen_points + 300
    deal = Deal(rules, [0] * 4, seed=2)
    assert deal.view(0).stakes.card_points == values
    while not deal.view(None).tricks:
        deal.apply(deal.legal_actions()[0])
    view = deal.view(0)
    winner = deal.view(None).tricks[0].winner
    taken = sum(values[c] for _, c in deal.view(None).tricks[0].cards)
    assert sum(view.points) == view.points[winner]
    assert view.points[winner] <= taken
