"""The heuristic bots: legal, deterministic, explained, and sensible in chosen positions."""

from __future__ import annotations

from typing import Any

import pytest

from lanterloo.actions import DEFEND_MISS, PASS, PLAYS, STAND, TAKE_MISS, Action, Discard, Play
from lanterloo.bots.base import Bot, RandomBot, bot_names, make_bot, make_bots
from lanterloo.bots.heuristic import HeuristicBot
from lanterloo.cards import Card, mask_of, parse_cards
from lanterloo.engine import Deal, Phase
from lanterloo.rules import PRESET_NAMES, PRESETS, rules_with
from lanterloo.session import Session
from lanterloo.setup import deal_from_hands

HEURISTICS = ["heuristic", "cautious", "balanced", "bold"]


def C(text: str) -> Card:
    return Card.parse(text)


def play_session(
    rules_name: str,
    specs: list[str],
    deals: int,
    seed: int,
    options: dict[str, Any] | None = None,
) -> list[tuple[int, Action, str]]:
    """Play ``deals`` deals with one bot per seat; check every choice; return (seat, action, reason) in order."""
    rules = rules_with(rules_name, options)
    bots = make_bots(specs, seed)
    session = Session(rules, len(specs), stack=10**9, seed=seed)
    log: list[tuple[int, Action, str]] = []
    played = 0
    while played < deals:
        if session.over:  # a Louse match ended: start the next one
            session = Session(rules, len(specs), stack=10**9, seed=seed + played)
        deal = session.new_deal()
        while not deal.is_over:
            for seat in deal.seats_to_act():
                view = deal.view(seat)
                decision = bots[seat].decide(view)
                assert decision.action in view.legal, f"{specs[seat]} chose {decision.action} outside view.legal"
                assert deal.is_legal(decision.action, seat)
                assert isinstance(decision.reason, str) and decision.reason.strip(), "every choice has a reason"
                deal.apply(decision.action, seat)
                log.append((seat, decision.action, decision.reason))
        session.finish_deal()
        session.stacks = [10**9] * len(specs)
        played += 1
    return log


def test_registry_knows_every_style() -> None:
    names = bot_names()
    for name in HEURISTICS:
        assert name in names
        bot = make_bot(name, 3)
        assert isinstance(bot, HeuristicBot)
    assert make_bot("heuristic").name == "heuristic"
    assert make_bot("HEURISTIC").name == "heuristic"  # names are case-insensitive


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("name", HEURISTICS)
def test_COMMON_4_every_bot_plays_whole_deals_of_every_preset_legally(preset: str, name: str) -> None:
    n = 4 if PRESETS[preset].game == "louse" else 5
    # One table of this bot alone, and one with random players, whose odd choices reach odd positions.
    play_session(preset, [name] * n, 6, seed=11)
    play_session(preset, [name] + ["random"] * (n - 1), 6, seed=12)


@pytest.mark.parametrize(
    ("preset", "options", "players"),
    [
        ("three-card", {"loo_penalty": "pool"}, 6),
        ("three-card", {"bold_stand": "everyone", "club_law": True}, 4),
        ("three-card", {"defend_miss": "at_least_one", "miss_holder_leads": True}, 5),
        ("rams-loo", {"trump_lead_highest": "always", "equivalent_cards": True}, 7),
        ("irish", {"trump_mode": "turnup", "exchange": "own_turn", "defend_miss": "never"}, 5),
        ("five-card", {"pam_civil": "ask", "pam_privileged": True, "blaze": True}, 4),
        ("five-card", {"exchange": "after_declarations", "exchange_shortfall": "reshuffle"}, 8),
        ("lou", {"lou_draw": 3, "lou_payout": "B"}, 6),
        ("lou", {"lou_payout": "C", "lou_follow_suit": True, "lou_first_lead": "count_all_seats"}, 4),
        ("lou", {"declare": "sequential", "lou_match_cap": 20}, 3),
        ("louse", {"louse_rank": "skat", "diamond_queen": "collect_all_queens"}, 4),
        ("louse", {"louse3_mode": "widow", "widow_points": "last_trick_winner", "min_players": 3}, 3),
        ("louse", {"min_players": 3}, 3),
    ],
)
def test_bots_handle_rule_options_legally(preset: str, options: dict[str, Any], players: int) -> None:
    play_session(preset, ["heuristic", "cautious", "bold"] + ["random"] * (players - 3), 8, seed=5, options=options)


@pytest.mark.parametrize("preset", ["three-card", "five-card", "lou", "louse"])
def test_bots_are_deterministic_under_a_seed(preset: str) -> None:
    n = 4 if preset == "louse" else 5
    specs = ["heuristic", "bold", "cautious", "random", "balanced"][:n]
    first = play_session(preset, specs, 10, seed=21)
    again = play_session(preset, specs, 10, seed=21)
    assert first == again


def test_bot_sees_only_its_view() -> None:
    """Two deals that differ only in cards the seat cannot see get the same decision from it."""
    rules = PRESETS["three-card"]
    mine = {1: "Ks 9h 4c"}
    a = deal_from_hands(rules, {**mine, 2: "As Qs Jh", 3: "2c 3c 4d"}, players=5, dealer=0, turnup="2s")
    b = deal_from_hands(rules, {**mine, 2: "2c 3c 4d", 3: "As Qs Jh"}, players=5, dealer=0, turnup="2s")
    for name in HEURISTICS:
        assert make_bot(name).decide(a.view(1)) == make_bot(name).decide(b.view(1))


# --- chosen positions ---------------------------------------------------------------------------------------


def test_LOO_PLAY_2_takes_the_trick_with_the_lowest_winning_card() -> None:
    # Spades are trumps and nobody holds one; the bot plays last to a heart trick and must head the 9♥.
    d = deal_from_hands(
        PRESETS["three-card"], {1: "5h 2c 3d", 2: "9h 4c 4d", 0: "Qh Ah 3c"}, players=3, dealer=0, turnup="2s"
    )
    for action in (STAND, STAND, STAND, PLAYS[C("5h")], PLAYS[C("9h")]):
        d.apply(action)
    decision = make_bot("heuristic").decide(d.view(0))
    assert decision.action == PLAYS[C("Qh")]
    assert decision.reason == "Lowest card that still wins the trick"


def test_LOU_PLAY_1_beats_cheaply() -> None:
    # Lou: the bot plays last and must beat the 9♥; the Q♥ does it as well as the A♥.
    d = deal_from_hands(PRESETS["lou"], {1: "5h 2c 3d", 2: "9h 4c 4d", 0: "Qh Ah 3c"}, players=3, dealer=0, turnup="2s")
    for seat in (1, 2, 0):
        d.apply(STAND, seat)
    d.apply(PLAYS[C("5h")])
    d.apply(PLAYS[C("9h")])
    assert make_bot("heuristic").decide(d.view(0)).action == PLAYS[C("Qh")]


def test_LOO_PLAY_1_throws_the_lowest_card_when_it_cannot_win() -> None:
    # Hearts are trumps; the bot has neither spades nor trumps, cannot beat the A♠ led, keeps its K♦ and
    # throws its lowest card.
    d = deal_from_hands(
        PRESETS["three-card"], {1: "As 4c 3d", 2: "5s 6c 7d", 0: "2c Kd 8c"}, players=3, dealer=0, turnup="3h"
    )
    for action in (STAND, STAND, STAND, PLAYS[C("As")], PLAYS[C("5s")]):
        d.apply(action)
    decision = make_bot("heuristic").decide(d.view(0))
    assert decision.action == PLAYS[C("2c")]
    assert decision.reason.startswith("Cannot win this trick: throw the lowest club")


def test_LOO_LEAD_2_leads_the_ace_of_trumps_when_forced() -> None:
    d = deal_from_hands(
        PRESETS["three-card"], {1: "As 2c 3d", 2: "9h 4c 4d", 0: "Qh Ah 3c"}, players=3, dealer=0, turnup="2s"
    )
    for action in (STAND, STAND, STAND):
        d.apply(action)
    view = d.view(1)
    assert view.legal == (PLAYS[C("As")],)
    decision = make_bot("heuristic").decide(view)
    assert decision.action == PLAYS[C("As")]
    assert "forced" in decision.reason


@pytest.mark.parametrize("preset", ["three-card", "mississippi", "rams-loo", "lou"])
@pytest.mark.parametrize("name", HEURISTICS)
def test_LOO_DECL_1_stands_on_three_top_trumps(preset: str, name: str) -> None:
    d = deal_from_hands(PRESETS[preset], {1: "As Ks Qs"}, players=5, dealer=0, turnup="2s")
    decision = make_bot(name).decide(d.view(1))
    assert decision.action == STAND
    assert "three trumps" in decision.reason


@pytest.mark.parametrize("name", HEURISTICS)
@pytest.mark.parametrize("dealer", range(5))
def test_LOO_DECL_2_a_hopeless_hand_passes_or_takes_the_miss(name: str, dealer: int) -> None:
    seat = (dealer + 1) % 5
    d = deal_from_hands(PRESETS["three-card"], {seat: "2c 3d 4h"}, players=5, dealer=dealer, turnup="5s")
    decision = make_bot(name).decide(d.view(seat))
    assert decision.action in (PASS, TAKE_MISS)
    assert "no trump, no ace" in decision.reason


def test_LOO_DECL_6_dealer_with_a_hopeless_hand_does_not_play_it_against_a_lone_player() -> None:
    d = deal_from_hands(PRESETS["three-card"], {0: "2c 3d 4h", 1: "As Ks 2d"}, players=5, dealer=0, turnup="5s")
    for action in (STAND, PASS, PASS, PASS):
        d.apply(action)
    view = d.view(0)
    assert PASS not in view.legal  # LOO-DECL-5: the dealer may not leave a lone player the pool
    assert make_bot("heuristic").decide(view).action in (TAKE_MISS, DEFEND_MISS)


def test_PAM_EXCH_1_draws_to_a_flush_with_four_of_a_suit() -> None:
    d = deal_from_hands(PRESETS["five-card"], {1: "2h 5h 9h Kh 3c"}, players=5, dealer=0, turnup="7s")
    bot = make_bot("heuristic")
    declare = bot.decide(d.view(1))
    assert declare.action == STAND
    assert "flush" in declare.reason
    d.apply(declare.action)
    assert d.phase is Phase.EXCHANGE
    exchange = bot.decide(d.view(1))
    assert isinstance(exchange.action, Discard)
    assert exchange.action.mask == mask_of([C("3c")])
    assert "flush" in exchange.reason


def test_PAM_FLUSH_1_keeps_a_made_flush() -> None:
    d = deal_from_hands(PRESETS["five-card"], {1: "2h 5h 9h Kh 3h"}, players=5, dealer=0, turnup="7s")
    bot = make_bot("heuristic")
    d.apply(bot.decide(d.view(1)).action)
    decision = bot.decide(d.view(1))
    assert decision.action == Discard(0)
    assert "flush" in decision.reason


def test_PAM_EXCH_1_discards_low_cards_and_keeps_trumps() -> None:
    # Spades are trumps: keep Pam (J♣), the A♠ and the K♠; throw the small off-suit cards.
    d = deal_from_hands(PRESETS["five-card"], {1: "Jc As Ks 3d 4h"}, players=5, dealer=0, turnup="7s")
    bot = make_bot("heuristic")
    d.apply(bot.decide(d.view(1)).action)
    decision = bot.decide(d.view(1))
    assert isinstance(decision.action, Discard)
    kept = mask_of(parse_cards("Jc As Ks"))
    assert decision.action.mask & kept == 0
    assert decision.action.mask == mask_of(parse_cards("3d 4h"))


def test_LOUSE_SCORE_2_ducks_under_the_queen_of_clubs() -> None:
    d = deal_from_hands(
        PRESETS["louse"], {1: "Tc", 2: "Qc", 3: "7c", 0: "Kc 8c 7d 8d 9d 7s 8s 9s"}, players=4, dealer=0
    )
    for card in ("Tc", "Qc", "7c"):
        d.apply(PLAYS[C(card)])
    decision = make_bot("heuristic").decide(d.view(0))
    assert decision.action == PLAYS[C("8c")]
    assert "Duck" in decision.reason


def test_LOUSE_SCORE_2_throws_the_queen_of_clubs_onto_a_trick_another_wins() -> None:
    d = deal_from_hands(
        PRESETS["louse"], {1: "7h", 2: "Kh", 3: "8h", 0: "Qc 7c 8c 9c 7d 8d 9d 7s"}, players=4, dealer=0
    )
    for card in ("7h", "Kh", "8h"):
        d.apply(PLAYS[C(card)])
    decision = make_bot("heuristic").decide(d.view(0))
    assert decision.action == PLAYS[C("Qc")]
    assert "302 points" in decision.reason


def _diamond_queen_position(options: dict[str, Any] | None = None) -> Deal:
    """The bot (seat 0) took the Q♣ in trick 1; now the Q♦ leads trick 3 and the bot plays last (K♦ or 9♦)."""
    rules = rules_with("louse", options)
    d = deal_from_hands(
        rules, {1: "7c As Qd", 2: "Qc 8s 7d", 3: "8c 9s 8d", 0: "Ac 7s Kd 9d 8h 9h Th 7h"}, players=4, dealer=0
    )
    for card in ("7c", "Qc", "8c", "Ac", "7s", "As", "8s", "9s", "Qd", "7d", "8d"):
        d.apply(PLAYS[C(card)])
    assert d.current_player() == 0
    return d


def test_LOUSE_SCORE_3_takes_the_diamond_queen_to_cancel_its_own_queens() -> None:
    decision = make_bot("heuristic").decide(_diamond_queen_position().view(0))
    assert decision.action == PLAYS[C("Kd")]
    assert "cancels" in decision.reason


def test_LOUSE_SCORE_3_ducks_the_diamond_queen_when_it_collects_every_queen() -> None:
    # Seat 3 took the Q♣ in trick 1. Under collect_all_queens the taker of the Q♦ is charged every queen taken.
    rules = rules_with("louse", {"diamond_queen": "collect_all_queens"})
    d = deal_from_hands(
        rules, {1: "7c As Qd", 2: "Qc 8s 7d", 3: "Ac 9s 8d", 0: "8c 7s Kd 9d 8h 9h Th 7h"}, players=4, dealer=0
    )
    for card in ("7c", "Qc", "Ac", "8c", "9s", "7s", "As", "8s", "Qd", "7d", "8d"):
        d.apply(PLAYS[C(card)])
    assert d.current_player() == 0
    assert make_bot("heuristic").decide(d.view(0)).action == PLAYS[C("9d")]


def test_PAM_2_leads_the_ace_of_trumps_with_the_civil_call_when_asked() -> None:
    rules = rules_with("five-card", {"pam_civil": "ask"})
    d = deal_from_hands(
        rules, {1: "As 2d 3d 4h 5h", 2: "Jc 5c 6c 9h Th", 0: "2c 3c 4d 5d 6h"}, players=3, dealer=0, turnup="7s"
    )
    for action in (STAND, Discard(0), STAND, Discard(0), STAND, Discard(0)):
        d.apply(action)
    view = d.view(1)
    assert Play(C("As"), civil=True) in view.legal and Play(C("As")) in view.legal
    decision = make_bot("heuristic").decide(view)
    assert decision.action == Play(C("As"), civil=True)
    assert "Pam, be civil" in decision.reason


def test_styles_differ_on_a_marginal_hand() -> None:
    """Cautious folds more than bold: over many hands it stands less often."""
    rules = PRESETS["three-card"]
    stands = {name: 0 for name in ("cautious", "bold")}
    for seed in range(60):
        d = Deal(rules, [100] * 5, 0, seed=seed)
        view = d.view(1)
        for name in stands:
            if make_bot(name).decide(view).action in (STAND, TAKE_MISS):
                stands[name] += 1
    assert stands["cautious"] < stands["bold"]


def test_random_bot_is_still_available() -> None:
    bot: Bot = make_bot("random", 1)
    assert isinstance(bot, RandomBot)
