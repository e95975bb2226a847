"""LOU-ANTE-2: when a Lou game starts, the dealer sets the ante, a multiple of 3 within the table's limits and no
more than the poorest player can pay (SESSION-3); bots choose it too, with a reason."""

from __future__ import annotations

import pytest

from lanterloo import PASS, STAND, Deal, IllegalActionError, LooError, Phase, Session, rules_with
from lanterloo.actions import Ante, parse_action
from lanterloo.bots import make_bot
from lanterloo.engine import replay
from lanterloo.engine.events import AnteSet, DealStarted
from positions import assert_illegal

LOU = rules_with("lou")


def test_LOU_ANTE_2_the_dealer_sets_the_ante_before_the_cards_are_dealt() -> None:
    deal = Deal(LOU, [100] * 4, 2, seed=1)
    assert deal.phase is Phase.ANTE and deal.current_player() == 2 and deal.seats_to_act() == [2]
    assert not deal.events and deal.stacks == (100,) * 4 and deal.pool == 0  # nothing paid
    assert deal.view(None).hand_sizes == (0,) * 4 and deal.stacks_before == [100] * 4  # nothing dealt
    assert [a.notation() for a in deal.legal_actions()] == ["ante 3", "ante 6", "ante 9", "ante 12", "ante 15"]
    assert deal.legal_actions(0) == []  # only the dealer chooses
    view = deal.view(2)
    assert view.phase is Phase.ANTE and view.legal == tuple(Ante(a) for a in (3, 6, 9, 12, 15))
    ev = deal.apply(Ante(9), 2)
    assert isinstance(ev, AnteSet) and ev.seat == 2 and ev.action == Ante(9)
    assert isinstance(deal.events[0], DealStarted) and deal.events[1] == ev  # equal: a core deal logs its own copy
    assert deal.started.antes == (9,) * 4 and deal.pool == 36 and deal.stacks == (91,) * 4
    assert deal.view(None).phase is Phase.COMMIT and deal.view(None).hand_sizes == (3,) * 4
    assert deal.actions == ((2, Ante(9)),) and deal.stacks_before == [100] * 4


def test_LOU_ANTE_2_refusals_say_why_with_the_rule() -> None:
    deal = Deal(LOU, [100, 100, 10, 100], 1, seed=3)
    assert_illegal(deal, Ante(4), "LOU-ANTE-2", "multiple of 3", "three equal piles")
    assert_illegal(deal, Ante(18), "LOU-ANTE-2", "from 3 to 15")
    assert_illegal(deal, Ante(0), "LOU-ANTE-2", "from 3 to 15")
    assert_illegal(deal, STAND, "LOU-ANTE-2", "sets the ante", "ante 3 to ante 9")
    # the poorest player has 10 chips: 12 would price him out (table stakes)
    assert [a.amount for a in deal.legal_actions() if isinstance(a, Ante)] == [3, 6, 9]
    with pytest.raises(IllegalActionError) as info:
        deal.apply(Ante(12), 1)
    err = info.value
    assert err.rule_id == "SESSION-3" and err.seats == {"seat": 2}
    assert err.describe(["Ann", "Ben", "Cat", "Dan"]) == (
        "The ante may be at most 9: Cat has only 10 chips, and nobody may be made to ante more than he has (SESSION-3)"
    )
    with pytest.raises(IllegalActionError) as info:
        deal.apply(Ante(6), 0)  # not the dealer
    assert info.value.rule_id == "COMMON-4"
    assert deal.phase is Phase.ANTE and deal.events == ()


def test_LOU_ANTE_2_the_least_ante_is_always_allowed_and_a_short_stack_pays_what_it_has() -> None:
    deal = Deal(LOU, [100, 2, 100], 0, seed=1)
    assert deal.legal_actions() == [Ante(3)]
    deal.apply(Ante(3), 0)
    assert deal.started.antes == (3, 2, 3) and deal.stacks[1] == 0


def test_LOU_ANTE_2_the_dealer_double_and_dealer_only_antes_follow_ante_mode() -> None:
    double = Deal(rules_with("lou", {"ante_mode": "everyone_dealer_double"}), [100, 100, 20], 2, seed=1)
    assert max(a.amount for a in double.legal_actions() if isinstance(a, Ante)) == 9  # the dealer pays 2 x 9 of 20
    double.apply(Ante(6), 2)
    assert double.started.antes == (6, 6, 12)
    alone = Deal(rules_with("lou", {"ante_mode": "dealer"}), [100, 1, 100], 0, seed=1)
    assert max(a.amount for a in alone.legal_actions() if isinstance(a, Ante)) == 15  # seat 1 pays nothing
    alone.apply(Ante(15), 0)
    assert alone.started.antes == (15, 0, 0)


def test_LOU_ANTE_2_only_a_deal_that_starts_a_game_asks_for_the_ante() -> None:
    going_on = Deal(LOU, [100] * 4, 0, pool=24, ante=False, seed=2)
    assert going_on.phase is Phase.COMMIT and going_on.actions == () and going_on.started.antes == (0,) * 4
    s = Session(LOU, 4, stack=1000, seed=5, max_deals=12)
    while not s.over:
        deal = s.new_deal()
        assert (deal.phase is Phase.ANTE) == s.ante_due
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            legal = deal.legal_actions(seat)
            deal.apply(STAND if STAND in legal else PASS if PASS in legal else legal[0], seat)
        s.finish_deal()
    assert any(not r.deal.started.ante for r in s.records)


def test_LOU_ANTE_2_the_choice_replays_and_copies_exactly() -> None:
    deal = Deal(LOU, [60] * 5, 3, seed=8)
    twin = deal.copy()
    deal.apply(Ante(12), 3)
    assert twin.phase is Phase.ANTE and twin.state_key() != deal.state_key()
    twin.apply(Ante(12), 3)
    assert twin.state_key() == deal.state_key()
    again = replay(LOU, deal.start_record(), deal.actions)
    assert again.state_key() == deal.state_key()
    assert deal.start_record()["stacks"] == [60] * 5  # the stacks before the antes


def test_LOU_ANTE_2_the_notation_is_ante_and_a_number() -> None:
    assert parse_action("ante 6") == Ante(6) and Ante(6).notation() == "ante 6" and str(Ante(6)) == "ante 6"
    assert parse_action("  ANTE   12 ") == Ante(12)
    with pytest.raises(ValueError, match="An ante must be a whole number"):
        parse_action("ante six")


@pytest.mark.parametrize("style", ["cautious", "balanced", "bold"])
def test_LOU_ANTE_2_bots_set_a_legal_ante_with_a_reason(style: str) -> None:
    bot = make_bot(style, seed=1)
    chosen = {}
    for stack in (30, 100, 400):
        deal = Deal(LOU, [stack] * 4, 0, seed=1)
        decision = bot.decide(deal.view(0))
        assert decision.action in deal.legal_actions()
        assert isinstance(decision.action, Ante) and decision.reason.startswith(f"Ante {decision.action.amount}")
        chosen[stack] = decision.action.amount
    assert chosen[30] <= chosen[100] <= chosen[400]  # the more chips, the larger the pot it dares
    assert chosen[30] == 3 and chosen[400] == 15


def test_LOU_ANTE_2_a_cautious_bot_builds_a_smaller_pot_than_a_bold_one() -> None:
    deal = Deal(LOU, [100] * 4, 0, seed=1)
    cautious = make_bot("cautious", seed=1).decide(deal.view(0)).action
    bold = make_bot("bold", seed=1).decide(deal.view(0)).action
    assert isinstance(cautious, Ante) and isinstance(bold, Ante) and cautious.amount < bold.amount


def test_LOU_ANTE_2_fixed_keeps_the_old_behaviour() -> None:
    deal = Deal(rules_with("lou", {"lou_ante_choice": "fixed"}), [100] * 4, 0, seed=1)
    assert deal.phase is Phase.COMMIT and deal.started.antes == (3,) * 4 and deal.actions == ()
    assert not rules_with("lou").option_applies("ante")
    assert rules_with("lou", {"lou_ante_choice": "fixed"}).option_applies("ante")
    assert not rules_with("lou", {"lou_ante_choice": "fixed"}).option_applies("lou_ante_max")


def test_LOU_ANTE_2_before_the_ante_the_deal_has_not_started() -> None:
    deal = Deal(LOU, [100] * 4, 1, seed=4)
    with pytest.raises(LooError, match="has not started"):
        deal.started  # noqa: B018
    assert deal.start_record()["stacks"] == [100] * 4 and deal.view(1).events == ()
    deal.apply(Ante(3), 1)
    assert deal.started.antes == (3,) * 4
