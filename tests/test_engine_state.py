"""The engine package: the phase table, copy and state_key from the slots, the pure trick functions, the game
shapes, and the deal-level fixes of issue 7 (each test named after its rule ID)."""

from __future__ import annotations

import random

import pytest

from lanterloo import (
    PASS,
    STAND,
    Deal,
    HistoryError,
    IllegalActionError,
    LooError,
    Phase,
    history,
    parse_action,
    rules_with,
)
from lanterloo.cards import Suit, mask_of, parse_card, parse_cards
from lanterloo.engine import HANDLERS, declare, replay, shape_of, tricks
from lanterloo.engine.events import Reshuffled
from lanterloo.engine.phases import PLAYER_PHASES, WAITING_STEPS
from lanterloo.engine.state import _KEY_SLOTS, _NOT_IN_KEY, PureDeal
from lanterloo.setup import deal_from_hands
from lanterloo.tables import loo_tables
from positions import act, assert_illegal, set_ante, settled


def play_out(deal: Deal, rng: random.Random) -> Deal:
    while not deal.is_over:
        seat = deal.seats_to_act()[0]
        deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    return deal


def m(text: str) -> int:
    return mask_of(parse_cards(text))


# --- the phase machine ---------------------------------------------------------------------------------------


def test_every_phase_has_one_handler_automatic_or_for_players() -> None:
    assert set(HANDLERS) == set(Phase)
    for phase, handler in HANDLERS.items():
        automatic = handler.run is not None
        assert automatic == (phase not in PLAYER_PHASES | {Phase.DONE} or phase in WAITING_STEPS), phase


@pytest.mark.parametrize("preset", ["three-card", "five-card", "irish", "lou", "louse", "rams-loo"])
def test_the_deal_waits_only_in_player_phases(preset: str) -> None:
    rng = random.Random(5)
    for seed in range(20):
        deal = PureDeal(rules_with(preset), [50] * (4 if preset == "louse" else 5), seed=seed)
        while True:
            assert deal.phase in PLAYER_PHASES or deal.phase is Phase.DONE
            if deal.is_over:
                break
            seat = deal.seats_to_act()[0]
            deal.apply(rng.choice(deal.legal_actions(seat)), seat)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"lone_player": "wins_pool"},
        {"defend_miss": "at_least_one"},
        {"defend_miss": "never", "lone_player": "wins_pool"},
        {"defend_miss": "exactly_one"},
    ],
)
def test_LOO_DECL_1_the_quick_declaration_list_agrees_with_the_table(options: dict[str, str]) -> None:
    """The non-dealer's shortcut and the dealer's memoised list (``declare.legal``) against the table itself."""
    rng = random.Random(3)
    for preset in ("three-card", "mississippi", "rams-loo", "five-card"):
        rules = rules_with(preset, options)
        for seed in range(40):
            deal = PureDeal(rules, [30] * 5, seed=seed)
            while deal.phase is Phase.DECLARE:
                table = [o.action for o in declare.options(deal) if o.refusal is None]
                assert deal.legal_actions() == table
                deal.apply(rng.choice(table))


# --- copy and state_key come from the slots ------------------------------------------------------------------


def test_every_slot_is_in_the_state_key_or_excluded_for_a_reason() -> None:
    slots = set(Deal.__slots__)
    assert set(_NOT_IN_KEY) <= slots, "an exclusion names a slot that no longer exists"
    assert all(reason for reason in _NOT_IN_KEY.values())
    assert set(_KEY_SLOTS) | set(_NOT_IN_KEY) == slots
    assert not set(_KEY_SLOTS) & set(_NOT_IN_KEY)
    deal = PureDeal(rules_with("three-card"), [50] * 4, seed=1)
    assert len(deal.state_key()) == len(_KEY_SLOTS)
    hash(deal.state_key())


def test_copy_shares_nothing_mutable_and_plays_on_alike() -> None:
    deal = PureDeal(rules_with("five-card", {"exchange_shortfall": "reshuffle"}), [50] * 6, seed=2)
    act(deal, "play")
    twin = deal.copy()
    for name in Deal.__slots__:
        a, b = getattr(deal, name), getattr(twin, name)
        if isinstance(a, (list, dict, random.Random)):
            assert a is not b, name
    assert twin.state_key() == deal.state_key()
    play_out(deal, random.Random(9))
    play_out(twin, random.Random(9))
    assert twin.state_key() == deal.state_key()
    assert twin.events == deal.events


# --- the pure trick functions --------------------------------------------------------------------------------


RULES = rules_with("three-card")
LENIENT = rules_with("three-card", {"void_trump_duty": "only_if_can_head"})


def test_LOO_PLAY_1_LOO_PLAY_2_follow_and_head_without_a_deal() -> None:
    t = loo_tables(Suit.HEARTS)
    hand = m("2s 9s 3c")
    c = tricks.loo_follow(hand, Suit.SPADES, parse_card("5s"), t, RULES, False)
    assert (c.allowed, c.rule) == (m("9s"), "LOO-PLAY-2")
    c = tricks.loo_follow(hand, Suit.SPADES, parse_card("Ts"), t, RULES, False)
    assert (c.allowed, c.rule) == (m("2s 9s"), "LOO-PLAY-1")
    reason, rule = tricks.explain_refusal(parse_card("3c"), hand, Suit.SPADES, c, t, False)
    assert rule == "LOO-PLAY-1" and "spades" in reason


def test_LOO_PLAY_3_LOO_PLAY_5_a_void_hand_trumps() -> None:
    t = loo_tables(Suit.HEARTS)
    hand = m("2h 3c")
    assert tricks.loo_follow(hand, Suit.SPADES, parse_card("5s"), t, RULES, False).rule == "LOO-PLAY-3"
    c = tricks.loo_follow(hand, Suit.SPADES, parse_card("9h"), t, RULES, False)
    assert (c.allowed, c.rule) == (m("2h"), "LOO-PLAY-5")
    assert tricks.loo_follow(hand, Suit.SPADES, parse_card("9h"), t, LENIENT, False).allowed == hand
    assert tricks.heads(parse_card("2h"), parse_card("As"), t)
    assert not tricks.heads(parse_card("Ks"), parse_card("As"), t)


def test_LOU_PLAY_1_beat_if_able_without_a_deal() -> None:
    t = loo_tables(Suit.CLUBS)
    c = tricks.beat_if_able(m("5h 2c Ad"), parse_card("Jh"), t)
    assert (c.allowed, c.rule) == (m("2c"), "LOU-PLAY-1")


def test_the_game_shape_is_chosen_once_per_deal() -> None:
    for preset, name in (("three-card", "loo"), ("five-card", "loo"), ("lou", "lou"), ("louse", "louse")):
        deal = PureDeal(rules_with(preset), [50] * 4, seed=1)
        assert deal.shape is shape_of(deal.rules) and deal.shape.name == name


# --- fixes -----------------------------------------------------------------------------------------------------


def lou_draw(shortfall: str) -> Deal:
    """16 players, so the stock holds 3 cards: seats 1 and 2 go In and each wants to draw 3."""
    rules = rules_with("lou", {"lou_draw": 3, "exchange_shortfall": shortfall})
    deal = set_ante(PureDeal(rules, [50] * 16, seed=4))
    for seat in range(16):
        deal.apply(STAND if seat in (1, 2) else PASS, seat)
    return deal


def test_LOU_DRAW_1_out_hands_are_dead_cards() -> None:
    deal = lou_draw("limit")
    assert all(deal._hands[s] == 0 for s in range(16) if s not in (1, 2))
    assert deal._dead.bit_count() == 14 * 3
    assert deal.phase is Phase.EXCHANGE and deal.current_player() == 1 and deal.exchange_limit() == 3


def test_LOU_DRAW_1_a_short_stock_limits_the_draw() -> None:
    deal = lou_draw("limit")
    deal.apply(deal.legal_actions()[-1])  # seat 1 draws the whole stock
    assert deal.stock_left() == 0
    assert deal.phase is Phase.PLAY  # seat 2 can draw nothing, so play begins


def test_LOU_DRAW_1_a_short_stock_is_reshuffled_from_the_dead_cards() -> None:
    deal = lou_draw("reshuffle")
    deal.apply(deal.legal_actions()[-1])
    assert deal.phase is Phase.EXCHANGE and deal.current_player() == 2 and deal.exchange_limit() == 3
    mine = deal._hands[2]
    deal.apply(deal.legal_actions()[-1])
    shuffled = [e for e in deal.events if isinstance(e, Reshuffled)]
    assert len(shuffled) == 1 and not mask_of(shuffled[0].order) & mine
    start = deal.start_record()
    again = replay(deal.rules, start, deal.actions)
    assert again.state_key() == deal.state_key()
    assert deal.rules.option_applies("exchange_shortfall")


def test_LOO_POOL_4_a_loo_deal_nobody_plays_ends_the_game() -> None:
    deal = PureDeal(rules_with("three-card", {"dealer_takes_all_pass": False}), [50] * 4, seed=1)
    for _ in range(4):
        deal.apply(PASS)
    st = settled(deal)
    assert st.kind == "no_play" and st.rule == "LOO-POOL-4" and st.game_over


def test_LOU_DECL_2_a_lou_deal_nobody_plays_goes_on_with_the_game() -> None:
    deal = set_ante(PureDeal(rules_with("lou"), [50] * 4, seed=1))
    for seat in range(4):
        deal.apply(PASS, seat)
    st = settled(deal)
    assert st.kind == "no_play" and st.rule == "LOU-DECL-2" and not st.game_over


@pytest.mark.parametrize("remainder", ["first_trick_winner", "last_trick_winner", "most_tricks", "carry"])
def test_LOO_POOL_2_the_remainder_option_applies_to_lou_piles(remainder: str) -> None:
    rules = rules_with("lou", {"lou_payout": "A", "remainder": remainder})
    assert rules.option_applies("remainder")
    deal = set_ante(PureDeal(rules, [50] * 4, pool=1, seed=3))  # 12 in antes and 1 carried: piles of 4, 1 left over
    for seat in range(4):
        deal.apply(STAND, seat)
    st = settled(play_out(deal, random.Random(1)))
    assert st.pool_before == 13 and st.share == 4
    most = max(st.tricks)
    target = {
        "first_trick_winner": deal._tricks[0].winner,
        "last_trick_winner": deal._tricks[-1].winner,
        "most_tricks": next(t.winner for t in deal._tricks if st.tricks[t.winner] == most),
        "carry": -1,
    }[remainder]
    for s in range(4):
        assert st.won[s] == 4 * st.tricks[s] + (1 if s == target else 0)


def test_COMMON_4_replay_refuses_an_action_credited_to_the_wrong_seat() -> None:
    deal = play_out(PureDeal(rules_with("three-card"), [50] * 4, seed=6), random.Random(6))
    actions = list(deal.actions)
    seat, action = actions[0]
    actions[0] = ((seat + 1) % 4, action)
    with pytest.raises(IllegalActionError) as info:
        replay(deal.rules, deal.start_record(), actions)
    assert info.value.rule_id == "COMMON-4"
    assert replay(deal.rules, deal.start_record(), deal.actions).state_key() == deal.state_key()


def test_COMMON_4_a_seat_out_of_range_has_no_view() -> None:
    deal = PureDeal(rules_with("three-card"), [50] * 4, seed=4)
    for seat in (-1, 4, 17):
        with pytest.raises(LooError):
            deal.view(seat)


def test_LOO_LEAD_4_the_reason_matches_the_situation() -> None:
    four = deal_from_hands(
        rules_with("three-card", {"trump_lead_highest": "always"}), {1: "9♣ 3♣ A♥"}, players=4, turnup="5♣"
    )
    act(four, "play", "play", "play", "play")
    assert len(next(e for e in four.events if e.kind == "play_begins").in_play) == 4
    assert_illegal(four, "3♣", "LOO-LEAD-4", "your highest", "9♣")
    with pytest.raises(IllegalActionError) as info:
        four.check(parse_action("3♣"))
    assert "Only two hands" not in info.value.reason
    two = deal_from_hands(rules_with("three-card"), {1: "9♣ 3♣ A♥"}, players=3, turnup="5♣")
    act(two, "play", "pass", "play")
    assert_illegal(two, "3♣", "LOO-LEAD-4", "Only two hands are in play", "9♣")


def test_LOO_POOL_4_an_older_record_of_a_deal_nobody_played_still_verifies() -> None:
    deal = PureDeal(rules_with("three-card", {"dealer_takes_all_pass": False}), [50] * 4, seed=1)
    for _ in range(4):
        deal.apply(PASS)
    record = history.deal_to_record(deal)
    history.verify_record(record, 1)
    record["result"]["settlement"]["game_over"] = False  # as writers before the fix recorded it
    history.verify_record(record, 1)
    record["result"]["settlement"]["pool_after"] += 1
    with pytest.raises(HistoryError):
        history.verify_record(record, 1)


def test_LOO_DECL_2_the_miss_has_one_encoding_the_view_records_the_declaring_actions_kind() -> None:
    """A declaration is a Decl in the deal and in the View, and its value is the notation of the action that made it."""
    from lanterloo import DEFEND_MISS, PASS, STAND, TAKE_MISS, Decl, parse_action

    for declaring in (PASS, STAND, TAKE_MISS, DEFEND_MISS):
        assert Decl(declaring.kind) == declaring.notation()
        assert parse_action(Decl(declaring.kind)) == declaring
    rng = random.Random(11)
    seen: set[Decl] = set()
    for seed in range(60):
        deal = PureDeal(rules_with("rams-loo", {"defend_miss": "at_least_one"}), [30] * 5, seed=seed)
        while deal.phase is Phase.DECLARE:
            seat, action = deal.seats_to_act()[0], rng.choice(deal.legal_actions())
            deal.apply(action)
            recorded = deal.view(seat).declarations[seat]
            assert type(recorded) is Decl and recorded == action.kind
            seen.add(recorded)
    assert seen == set(Decl)
