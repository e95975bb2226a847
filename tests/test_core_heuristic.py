"""The heuristic bots' policy in the compiled core (engine/_core_heur*.pxi) against ``HeuristicBot`` itself.

Seeded sessions are played through the public API by heuristic bots of every style; at every decision point the
C policy is asked for its choice from the core deal's state and the bot's memory, and it must be the bot's own
choice, exactly (the floating-point arithmetic is done in the same order, so no ulp may move a choice). Then
``loo simulate`` must give the same summary on the C loop as deal by deal. No test here depends on speed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lanterloo import Session, rules_with, sim, simbatch
from lanterloo.bots import declare, knowledge, louse, make_bots, payoff
from lanterloo.bots.heuristic import PRIOR_WEIGHT, HeuristicBot
from lanterloo.engine import core
from lanterloo.rules import Rules
from lanterloo.sim import SimSummary, simulate
from lanterloo.tables import NO_TRUMP, loo_tables

pytestmark = [
    pytest.mark.skipif(not core.available(), reason="the compiled core is not built here"),
    pytest.mark.usefixtures("on_the_core"),
]

STYLES = ["cautious", "balanced", "bold"]


def _play(rules: Rules, players: int, deals: int, seed: int, specs: list[str], with_events: bool = True) -> int:
    """Play ``deals`` deals with heuristic bots, comparing the C policy's choice with the bot's at every decision
    point; returns how many decisions were compared."""
    bots = make_bots(specs, seed)
    session = Session(rules, [f"p{s}" for s in range(players)], stack=1_000_000, seed=seed)
    ext = core.ext()
    compared = 0
    for _ in range(deals):
        deal = session.new_deal()
        while not deal.is_over:
            seat = deal.current_player()
            bot = bots[seat]
            assert isinstance(bot, HeuristicBot)
            got, seen, stood = ext.heur_decide(deal, bot.style, *bot.memory(), with_events)
            view = deal.view(seat, with_events=with_events)
            want = bot.decide(view).action
            assert got == want, (seat, view)
            watched, stands = bot.memory()
            assert seen == [watched.get(s, 0) for s in range(players)]
            assert stood == [stands.get(s, 0) for s in range(players)]
            deal.apply(want, seat)
            compared += 1
        session.finish_deal()
        if session.over:
            break
    return compared


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("three-card", 5, {}),
        ("three-card", 3, {}),
        ("mississippi", 4, {}),
        ("irish", 5, {}),  # IRISH-TRUMP-1: the first lead names trumps, valued suit by suit
        ("rams-loo", 6, {}),  # the dealer defends the Miss (LOO-DECL-8)
        # a pool-sized loo, the lone player's choice, defending against two, the void-trump duty when lower
        ("three-card", 4, {"loo_penalty": "pool", "lone_player": "wins_pool", "defend_miss": "at_least_one"}),
        ("three-card", 6, {"loo_penalty": "capped", "loo_amount": 7, "void_trump_duty": "only_if_can_head"}),
        # LOO-DECL-6/7: Bold Stand and Club Law force the hands in (no pass, the Miss withdrawn or not)
        ("three-card", 5, {"bold_stand": "everyone", "club_law": True, "ante_mode": "dealer"}),
        ("mississippi", 5, {"bold_stand": "dealer_and_last", "bold_stand_withdraw_miss": True}),
    ],
)
def test_the_c_policy_makes_the_heuristic_bots_choices_in_loo(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    rules = rules_with(preset, options)
    compared = 0
    for i, style in enumerate(STYLES):
        compared += _play(rules, players, 80, 11 + i, [style] * players)
    compared += _play(rules, players, 80, 7, [STYLES[s % 3] for s in range(players)])
    assert compared > 3_000


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("five-card", 5, {}),
        ("five-card", 4, {"pam_civil": "ask", "pam_holder_not_looed": True, "pam_civil_last_card": "loses"}),
        # PAM-1, PAM-EXCH-1, PAM-FLUSH-1..3: Pam the jack of trumps, exchanges after the declarations, flush rules
        ("five-card", 6, {"pam": "jack_of_trump_suit", "exchange": "after_declarations", "flush_tie": "split"}),
        ("five-card", 3, {"pam": "none", "blaze": True, "lone_player": "dealer_must_play"}),
        ("irish", 5, {"exchange": "own_turn"}),  # Irish with the exchange: trumps still named by the first lead
    ],
)
def test_the_c_policy_makes_the_heuristic_bots_choices_with_the_exchange(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    """Five-card: the exchange and the flush draw, Pam and "Pam, be civil". A bot whose view holds the events
    knows its own discards; ``loo simulate`` gives bots views without them, so both are compared."""
    rules = rules_with(preset, options)
    compared = 0
    for i, style in enumerate(STYLES):
        compared += _play(rules, players, 20, 31 + i, [style] * players)
        compared += _play(rules, players, 20, 41 + i, [style] * players, with_events=False)
    assert compared > 2_000


def _play_louse(rules: Rules, players: int, deals: int, seed: int, specs: list[str]) -> int:
    """As ``_play``, in Louse (no declarations, and so no memory of the table)."""
    bots = make_bots(specs, seed)
    ext = core.ext()
    compared = 0
    session = Session(rules, [f"p{s}" for s in range(players)], stack=1000, seed=seed)
    for d in range(deals):
        if session.over:  # a match lost: the next one
            session = Session(rules, [f"p{s}" for s in range(players)], stack=1000, seed=seed + d)
        deal = session.new_deal()
        while not deal.is_over:
            seat = deal.current_player()
            bot = bots[seat]
            assert isinstance(bot, HeuristicBot)
            view = deal.view(seat)
            want = bot.decide(view).action
            assert ext.heur_decide_louse(deal, bot.style) == want, (seat, view)
            deal.apply(want, seat)
            compared += 1
        session.finish_deal()
    return compared


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        # LOUSE-SCORE-3: every rule of the queen of diamonds, and a bigger queen bonus
        (4, {"diamond_queen": "cancel_own_bonuses", "louse_queen_points": 5}),
        (4, {"diamond_queen": "cancel_all_queens", "louse_target": 200}),
        (4, {"diamond_queen": "collect_all_queens"}),
        (4, {"diamond_queen": "none"}),
        # LOUSE-3P-1, LOUSE-DECK-1, LOUSE-PLAY-2: three players (without two sevens, or a widow), Skat's order
        (3, {"min_players": 3, "louse_rank": "skat", "louse_jack_order": "clubs_high"}),
        (3, {"min_players": 3, "louse3_mode": "widow", "widow_points": "last_trick_winner"}),
    ],
)
def test_the_c_policy_makes_the_heuristic_bots_choices_in_louse(players: int, options: dict[str, Any]) -> None:
    rules = rules_with("louse", options)
    compared = _play_louse(rules, players, 40, 5, [STYLES[s % 3] for s in range(players)])
    for i, style in enumerate(STYLES):
        compared += _play_louse(rules, players, 15, 21 + i, [style] * players)
    assert compared > 2_000


def test_the_c_policy_has_the_python_constants_and_tables() -> None:
    got = core.ext().heur_constants()
    assert got["FUTURE_THREAT"] == knowledge.FUTURE_THREAT
    assert got["LINKED"] == payoff.LINKED and got["PRIOR_WEIGHT"] == PRIOR_WEIGHT
    assert got["DECLINED_MISS"] == declare.DECLINED_MISS
    for name in ("RUFF_IF_VOID", "RUFF_OTHERWISE", "OVERRUFF", "SELECTIVITY", "EXCHANGED"):
        assert got[name] == getattr(knowledge, name), name
    for name, value in core.ext().heur_louse_constants().items():
        assert value == getattr(louse, name), name
    for trump in (NO_TRUMP, 0, 1, 2, 3):
        for pam in (-1, 9, trump * 13 + 9):
            if pam < 0 or trump != NO_TRUMP:
                t = loo_tables(trump, pam)
                assert core.ext().heur_tables(trump, pam) == (
                    t.trump,
                    t.pam,
                    t.eff,
                    t.suit_mask,
                    t.power,
                    t.beaten_by,
                    t.trump_mask,
                )


@pytest.mark.parametrize("seed", range(5))
def test_the_c_policy_adds_floats_as_this_interpreters_sum(seed: int) -> None:
    """The Python bots total their chips with sum(), which Python 3.12 made compensated: the C sums follow the
    interpreter they run under, so the choices stay the same on every supported Python."""
    rng = random.Random(seed)
    for size in (2, 3, 5, 9, 40):
        values = [rng.uniform(-1, 1) * 10 ** rng.randint(-3, 6) for _ in range(size)]
        assert core.ext().heur_sum(values) == sum(values)
    assert core.ext().heur_sum([1e16, 1.0, -1e16, 0.5]) == sum([1e16, 1.0, -1e16, 0.5])
    assert core.ext().heur_sum([]) == sum([]) == 0


def _per_action(monkeypatch: pytest.MonkeyPatch, *args: Any) -> SimSummary:
    with monkeypatch.context() as m:
        m.setattr(simbatch, "usable", lambda *a: False)
        return simulate(*args)


@pytest.mark.parametrize(
    ("preset", "players", "bots", "options"),
    [
        ("three-card", 5, ["heuristic"], {}),
        ("irish", 4, ["bold", "cautious", "random", "balanced"], {}),
        ("mississippi", 6, ["cautious", "random", "bold", "heuristic", "random", "balanced"], {}),
        ("rams-loo", 5, ["bold"], {}),
        # short sessions: a looed seat who cannot pay in full ends them (SESSION-3), the last one stops exactly
        ("three-card", 3, ["heuristic"], {"session_end": "exact", "loo_penalty": "fixed", "loo_amount": 200}),
        # five-card: the exchange, Pam, flushes (the looed of a flush, PAM-FLUSH-3), random seats' civil leads
        ("five-card", 5, ["heuristic"], {}),
        ("five-card", 6, ["random", "bold", "cautious", "balanced", "random", "bold"], {"pam_civil": "ask"}),
        ("five-card", 4, ["random"], {"pam_holder_not_looed": True, "flush_payers": "all_players", "ante": 40}),
        ("irish", 5, ["heuristic", "random"], {"exchange": "own_turn"}),
        # Louse: matches to the points target (short ones), a tie played on, three players with a widow
        ("louse", 4, ["heuristic"], {"louse_target": 250}),
        ("louse", 4, ["random", "bold", "cautious", "random"], {"louse_target": 150, "louse_tie": "play_another_deal"}),
        (
            "louse",
            3,
            ["bold"],
            {"min_players": 3, "louse3_mode": "widow", "widow_points": "last_trick_winner", "louse_target": 150},
        ),
        ("louse", 4, ["random"], {"louse_target": 100}),  # random Louse runs in the loop too
    ],
)
def test_simulate_with_heuristic_bots_gives_the_same_summary_on_the_c_loop(
    monkeypatch: pytest.MonkeyPatch, preset: str, players: int, bots: list[str], options: dict[str, Any]
) -> None:
    rules = rules_with(preset, options)
    specs = (bots * players)[:players]
    assert simbatch.usable(rules, make_bots(specs, 1), None)
    ran: list[bool] = []
    real = simbatch.run

    def counted(*args: Any) -> None:
        ran.append(True)
        real(*args)

    monkeypatch.setattr(simbatch, "run", counted)
    # the per-action path's heuristic bots play 60 to 400 deals/s: a few hundred deals each
    deals = {"louse": 60, "five-card": 120}.get(preset, 200)
    for seed in (1, 42):
        fast = simulate(rules, players, deals, seed, specs)
        assert ran.pop()
        slow = _per_action(monkeypatch, rules, players, deals, seed, specs)
        fast.elapsed = slow.elapsed = 0.0
        assert fast == slow
        assert fast.to_dict() == slow.to_dict()


def test_the_c_loop_leaves_each_bot_the_memory_it_would_have(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots' memory of how often each seat stands is read into C and written back: the same as deal by deal."""
    made: list[list[Any]] = []

    def keep(specs: list[str], seed: int | None = None) -> list[Any]:
        made.append(make_bots(specs, seed))
        return made[-1]

    monkeypatch.setattr(sim, "make_bots", keep)
    rules = rules_with("three-card")
    simulate(rules, 5, 200, 3, ["heuristic"])
    _per_action(monkeypatch, rules, 5, 200, 3, ["heuristic"])
    fast, slow = made
    for f, s in zip(fast, slow, strict=True):
        assert f.memory() == s.memory()
    assert any(f.memory()[0] for f in fast)
