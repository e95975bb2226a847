"""Lou's heuristic policy in the compiled core (engine/_core_heur_lou.pxi) against ``HeuristicBot`` itself, and Lou's
``loo simulate`` loop (engine/_core_sim_lou.pxi) against the per-action path.

Seeded Lou sessions are played through the public API by heuristic bots of every style; at every decision point
(the dealer's ante, LOU-ANTE-2; In or Out, by coin or in turn, LOU-DECL-1; the draw, LOU-DRAW-1; each card,
LOU-PLAY-1) the C policy is asked for its choice and it must be the bot's own, exactly. No test here depends on speed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lanterloo import Session, rules_with, simbatch
from lanterloo.bots import ante, make_bots
from lanterloo.bots.heuristic import HeuristicBot
from lanterloo.engine import core
from lanterloo.errors import RulesError
from lanterloo.rules import Rules
from lanterloo.sim import SimSummary, simulate

pytestmark = [
    pytest.mark.skipif(not core.available(), reason="the compiled core is not built here"),
    pytest.mark.usefixtures("on_the_core"),
]

STYLES = ["cautious", "balanced", "bold"]


def _play(rules: Rules, players: int, deals: int, seed: int, specs: list[str], with_events: bool = True) -> int:
    """Play ``deals`` Lou deals with heuristic bots (each pending seat of the coin declare asked before any of them
    commits, as sim does), comparing the C policy's choice and memory with the bot's at every decision point;
    returns how many decisions were compared."""
    bots = make_bots(specs, seed)
    names = [f"p{s}" for s in range(players)]
    session = Session(rules, names, stack=1000, seed=seed)
    ext = core.ext()
    compared = 0
    for d in range(deals):
        if session.over:  # a player could not pay: a fresh table, the bots keep their memory
            session = Session(rules, names, stack=1000, seed=seed * 1000 + d)
        deal = session.new_deal()
        while not deal.is_over:
            chosen = []
            for seat in deal.seats_to_act():
                bot = bots[seat]
                assert isinstance(bot, HeuristicBot)
                got, seen, stood = ext.heur_decide_lou(deal, bot.style, *bot.memory(), seat, with_events)
                view = deal.view(seat, with_events=with_events)
                want = bot.decide(view).action
                assert got == want, (seat, view)
                watched, stands = bot.memory()
                assert seen == [watched.get(s, 0) for s in range(players)]
                assert stood == [stands.get(s, 0) for s in range(players)]
                chosen.append((seat, want))
                compared += 1
            for seat, action in chosen:
                deal.apply(action, seat)
        session.finish_deal()
    return compared


# Lou's options the policy reads: the ante (fixed or the dealer's, LOU-ANTE-1/2), the declare, the draw and a short
# stock (LOU-DRAW-1), the follow duty (LOU-PLAY-1 or Loo's with lou_follow_suit), the payouts (LOU-PAY-1..4).
CASES = [
    (5, {}),
    (4, {"declare": "sequential"}),
    (5, {"lou_draw": 3, "declare": "sequential", "exchange_shortfall": "reshuffle"}),
    (7, {"lou_draw": 2, "lou_payout": "B", "lou_no_winner": "split_equally"}),
    (6, {"lou_follow_suit": True, "void_trump_duty": "always", "lou_payout": "C", "lou_match_cap": 30}),
    (4, {"lou_follow_suit": True, "void_trump_duty": "only_if_can_head", "lou_draw": 1}),
    (12, {"lou_draw": 3, "exchange_shortfall": "reshuffle"}),  # twelve seats draw more than the stock holds
    (3, {"lou_ante_choice": "fixed", "ante_mode": "everyone_dealer_double", "lou_first_lead": "count_in_players"}),
]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_the_c_policy_makes_the_heuristic_bots_choices_in_lou(players: int, options: dict[str, Any]) -> None:
    rules = rules_with("lou", options)
    compared = 0
    for i, style in enumerate(STYLES):
        compared += _play(rules, players, 40, 11 + i, [style] * players)
    compared += _play(rules, players, 40, 7, [STYLES[s % 3] for s in range(players)], with_events=False)
    assert compared > 1_000


def test_the_c_policy_matches_on_random_lou_option_sets() -> None:
    """A sample of random Lou option sets (LOU-*), each played a few deals by mixed styles."""
    rng = random.Random(2026)
    choices: dict[str, list[Any]] = {
        "declare": ["coin", "sequential"],
        "lou_draw": [0, 1, 2, 3],
        "exchange_shortfall": ["limit", "reshuffle"],
        "lou_follow_suit": [False, True],
        "void_trump_duty": ["always", "only_if_can_head"],
        "lou_payout": ["A", "B", "C"],
        "lou_no_winner": ["carry", "split_by_tricks", "split_equally"],
        "lou_first_lead": ["eldest_in", "count_in_players", "count_all_seats"],
        "lou_later_leads": ["trick_winner", "same_leader"],
        "lou_ante_choice": ["dealer", "fixed"],
        "lou_ante_max": [15, 30],
        "ante_mode": ["everyone", "dealer", "everyone_dealer_double"],
        "lou_match_cap": [0, 0, 20, 60],
        "lou_zero_in": ["carry", "reante"],
        "remainder": ["carry", "first_trick_winner", "last_trick_winner", "most_tricks"],
    }
    compared = played = 0
    for k in range(12):
        options = {name: rng.choice(values) for name, values in choices.items()}
        try:
            rules = rules_with("lou", options)
        except RulesError:  # an option set the rules refuse: not a game to play
            continue
        played += 1
        players = rng.randint(rules.player_range()[0], min(rules.player_range()[1], 7))
        compared += _play(rules, players, 12, 100 + k, [STYLES[(s + k) % 3] for s in range(players)], k % 2 == 0)
    assert played >= 8 and compared > 500


def test_the_lou_policy_has_the_python_constants() -> None:
    assert core.ext().heur_lou_constants() == {"POT_SHARE": ante.POT_SHARE}


def _per_action(monkeypatch: pytest.MonkeyPatch, *args: Any) -> SimSummary:
    with monkeypatch.context() as m:
        m.setattr(simbatch, "usable", lambda *a: False)
        return simulate(*args)


@pytest.mark.parametrize(
    ("players", "bots", "options"),
    [
        (5, ["heuristic"], {}),
        (4, ["bold", "random", "cautious", "balanced"], {"declare": "sequential"}),
        (5, ["random"], {}),  # random Lou runs in the loop too: the ante, the coin, the cards
        # the draw with a reshuffle of the dead cards from the deal's own stream (LOU-DRAW-1)
        (6, ["balanced", "random", "bold"], {"lou_draw": 3, "exchange_shortfall": "reshuffle"}),
        (4, ["random"], {"lou_draw": 3, "exchange_shortfall": "reshuffle", "declare": "sequential"}),
        (12, ["bold", "random", "heuristic"], {"lou_draw": 3, "exchange_shortfall": "reshuffle"}),
        (11, ["random"], {"lou_draw": 3, "exchange_shortfall": "reshuffle", "declare": "sequential"}),
        # short sessions: a match that takes a whole stack ends them (SESSION-3), the last one stops exactly
        (3, ["bold"], {"session_end": "exact", "lou_payout": "B"}),
        (7, ["cautious", "random"], {"lou_follow_suit": True, "lou_zero_in": "reante", "lou_match_cap": 40}),
    ],
)
def test_simulate_lou_gives_the_same_summary_on_the_c_loop(
    monkeypatch: pytest.MonkeyPatch, players: int, bots: list[str], options: dict[str, Any]
) -> None:
    rules = rules_with("lou", options)
    specs = (bots * players)[:players]
    assert simbatch.usable(rules, make_bots(specs, 1), None)
    ran: list[bool] = []
    real = simbatch.run

    def counted(*args: Any) -> None:
        ran.append(True)
        real(*args)

    monkeypatch.setattr(simbatch, "run", counted)
    for seed in (1, 42):
        fast = simulate(rules, players, 150, seed, specs)
        assert ran.pop()
        slow = _per_action(monkeypatch, rules, players, 150, seed, specs)
        fast.elapsed = slow.elapsed = 0.0
        assert fast == slow
        assert fast.to_dict() == slow.to_dict()
