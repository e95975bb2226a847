"""Search bots, the deals they sample, and duplicate tournaments (issue 12, items 1 and 3)."""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lanterloo.actions import STAND, Discard
from lanterloo.bots import make_bot, search, worlds
from lanterloo.bots.search import SearchBot
from lanterloo.bots.style import BALANCED
from lanterloo.cli import main
from lanterloo.engine import Deal, Phase, View, core
from lanterloo.engine.events import Exchanged, Reshuffled
from lanterloo.errors import LooError
from lanterloo.rules import PRESET_INFO, rules_with
from lanterloo.tournament import Plan, run

PRESETS = ("three-card", "irish", "rams-loo", "five-card", "lou", "louse")


def _walk(deal: Deal, rng: random.Random, steps: int) -> Deal:
    """``deal`` after up to ``steps`` random legal actions, each by the first seat to act (fewer if it ends)."""
    for _ in range(steps):
        if deal.is_over:
            break
        seat = deal.seats_to_act()[0]
        deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    return deal


def _deal_at(preset: str, seed: int, steps: int) -> Deal:
    """A deal of ``preset`` after ``steps`` random actions (or over, if it ends first)."""
    rules = rules_with(preset)
    lo, hi = rules.player_range()
    deal = Deal(rules, [100] * min(max(5, lo), hi), seed % 3, seed=seed)
    return _walk(deal, random.Random(seed), steps)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**31), st.integers(0, 50))
def test_a_sampled_deal_never_contradicts_what_the_seat_knows(preset: str, seed: int, steps: int) -> None:
    deal = _deal_at(preset, seed, steps)
    if deal.is_over:
        return
    seat = deal.seats_to_act()[0]
    view = deal.view(seat)
    world = worlds.world(view, random.Random(seed))
    # the same hand, and the same record: the cards played and the voids they showed, the turn-up, who took the
    # Miss, how many cards each seat exchanged, every declaration
    assert worlds.seen(world.view(seat)) == worlds.seen(view)
    assert world.legal_actions(seat) == deal.legal_actions(seat)


@pytest.mark.parametrize("seed", [6, 13, 20, 27, 34])
def test_a_lou_deal_is_sampled_after_a_seat_has_drawn_LOU_DRAW_1_LOU_DECL_1(seed: int) -> None:
    """Regression: once a seat that committed In had drawn, the sampler re-drew its secret In or Out as a discard,
    so no replay was legal and it raised "No deal matching". The reveal makes every seat's In or Out public."""
    deal = _lou_deal_at({"lou_follow_suit": True, "lou_payout": "B", "lou_draw": 1, "lou_match_cap": 20}, 4, seed, 6)
    seat = deal.seats_to_act()[-1]
    view = deal.view(seat)
    assert view.phase is Phase.EXCHANGE and any(x is not None for x in view.exchanged)
    for k in range(3):
        world = worlds.world(view, random.Random(k))
        assert worlds.seen(world.view(seat)) == worlds.seen(view)
        assert world.legal_actions(seat) == deal.legal_actions(seat)


# Lou's draw (LOU-DRAW-1) and the Loo exchange (PAM-EXCH-2) in every way a stock can run: enough, capped at what is
# left, and reshuffled once or twice from the dead cards; In or Out by coin or in turn (LOU-DECL-1)
DRAW_CASES = [
    ("lou", {"lou_draw": 1}, 4),
    ("lou", {"lou_draw": 3, "lou_follow_suit": True}, 6),
    ("lou", {"lou_draw": 3}, 12),  # a short stock caps the draws
    ("lou", {"lou_draw": 3, "exchange_shortfall": "reshuffle"}, 12),
    ("lou", {"lou_draw": 2, "exchange_shortfall": "reshuffle", "declare": "sequential"}, 17),
    ("lou", {"lou_draw": 3, "exchange_shortfall": "reshuffle", "lou_follow_suit": True}, 17),
    ("five-card", {"exchange_shortfall": "reshuffle"}, 10),
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(DRAW_CASES), st.integers(0, 2**31), st.integers(0, 60), st.booleans())
def test_a_sampled_deal_after_draws_and_reshuffles_never_contradicts_the_view_LOU_DRAW_1_PAM_EXCH_2(
    case: tuple[str, dict[str, object], int], seed: int, steps: int, last: bool
) -> None:
    preset, options, players = case
    deal = _walk(
        Deal(rules_with(preset, options), [100] * players, seed % players, seed=seed), random.Random(seed), steps
    )
    if deal.is_over:
        return
    seat = deal.seats_to_act()[-1 if last else 0]  # in the coin declare, any seat yet to commit
    view = deal.view(seat)
    world = worlds.world(view, random.Random(seed))
    assert worlds.seen(world.view(seat)) == worlds.seen(view)
    assert world.legal_actions(seat) == deal.legal_actions(seat)


def test_a_reshuffle_the_seat_saw_is_drawn_afresh_in_each_world_PAM_EXCH_2() -> None:
    """The seat's own discards go into the reshuffled stock: in the sampled worlds they must reach different hands,
    not always the same one (a fixed order of the dead cards would hand them all to the next seat to draw)."""
    rules = rules_with("lou", {"lou_draw": 3, "exchange_shortfall": "reshuffle", "declare": "sequential"})
    deal = Deal(rules, [100] * 12, 0, seed=0)
    rng = random.Random(0)
    mine: Exchanged | None = None  # the first draw of three cards, with the stock yet to be reshuffled
    while deal.phase is not Phase.PLAY:
        seat = deal.seats_to_act()[0]
        legal = deal.legal_actions(seat)
        if deal.phase is Phase.EXCHANGE and mine is None:
            action = max(legal, key=lambda a: a.count if isinstance(a, Discard) else 0)
        else:
            action = STAND if STAND in legal else rng.choice(legal)
        deal.apply(action, seat)
        if mine is None and deal.phase is not Phase.DECLARE:
            mine = next((e for e in deal.view(seat).events if type(e) is Exchanged and e.seat == seat), None)
    assert mine is not None and mine.action is not None and mine.action.count == 3
    view = deal.view(mine.seat)
    assert any(type(e) is Reshuffled for e in view.events)
    holders = set()
    for k in range(30):
        hands = worlds.world(view, random.Random(k)).hidden().hands
        holders.add(tuple(next((s for s in range(12) if c in hands[s]), -1) for c in mine.action.cards))
    assert len(holders) > 3


def test_a_seeded_search_bot_is_deterministic_after_a_reshuffle_LOU_DRAW_1() -> None:
    """The sampled deals replay the reshuffle the seat saw, and a reshuffle in a play-out draws from a seed of the
    bot's own stream: the same seed, the same decision and reason."""
    options = {"lou_draw": 3, "exchange_shortfall": "reshuffle", "lou_follow_suit": True}
    checked = 0
    for seed in range(6):
        deal = _lou_deal_at(options, 17, seed, 24)  # no stock left: every draw reshuffles
        if deal.is_over:
            continue
        seat = deal.seats_to_act()[0]
        view = deal.view(seat)
        if not any(type(e) is Reshuffled for e in view.events):
            continue
        first, again = SearchBot(seed, "medium").decide(view), SearchBot(seed, "medium").decide(view)
        assert first == again and first.action in view.legal
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_search_bot_plays_whole_lou_deals_with_draws_at_every_level_LOU_DRAW_1(level: str) -> None:
    """No sampled deal is missing in Lou's draw, a reshuffle included: the bot finishes every deal legally. The
    bots sit last to draw, so with seventeen seats (no stock left) they decide after reshuffles."""
    cases: list[tuple[int, int, dict[str, object]]] = [
        (4, 1, {"lou_draw": 1, "lou_follow_suit": True}),
        (17, 2, {"lou_draw": 3, "exchange_shortfall": "reshuffle"}),
        (17, 5, {"lou_draw": 3, "exchange_shortfall": "reshuffle"}),
    ]
    after_a_reshuffle = 0
    for players, seed, options in cases:
        deal = _lou_deal_at(options, players, seed, 0)
        bots = {(deal.dealer - k) % players: SearchBot(k, level) for k in range(3)}
        helper = make_bot("random", seed)
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            if seat in bots:
                decision = bots[seat].decide(view)
                after_a_reshuffle += any(type(e) is Reshuffled for e in view.events) and len(view.legal) > 1
            else:
                decision = helper.decide(view)
            assert decision.action in view.legal and "\n" not in decision.reason
            deal.apply(decision.action, seat)
    assert after_a_reshuffle > 0


def test_sampled_deals_vary_the_cards_the_seat_cannot_see() -> None:
    deal = _deal_at("three-card", 4, 1)
    seat = deal.seats_to_act()[0]
    view = deal.view(seat)
    rng = random.Random(1)
    others = {tuple(worlds.world(view, rng).hidden().hands) for _ in range(8)}
    assert len(others) > 1


@pytest.mark.parametrize("preset", PRESETS)
def test_a_search_bot_only_ever_proposes_legal_actions_and_says_why(preset: str) -> None:
    bot = make_bot("easy", 3)
    for seed in range(2):
        deal = _deal_at(preset, seed, 0)
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            decision = bot.decide(view) if seat == 0 else make_bot("random", seed).decide(view)
            assert decision.action in view.legal
            assert decision.reason and "\n" not in decision.reason
            deal.apply(decision.action, seat)


def test_a_seeded_search_bot_is_deterministic() -> None:
    deal = _deal_at("five-card", 8, 2)
    view = deal.view(deal.seats_to_act()[0])
    first = SearchBot(11, "easy").decide(view)
    again = SearchBot(11, "easy").decide(view)
    assert first == again


def test_a_search_bot_refuses_a_view_without_the_record() -> None:
    deal = _deal_at("three-card", 2, 0)
    seat = deal.seats_to_act()[0]
    with pytest.raises(LooError, match="events"):
        SearchBot(1, "easy").decide(deal.view(seat, with_events=False))


def test_a_tournament_gives_the_same_result_in_one_process_or_two() -> None:
    plan = Plan(rules_with("three-card"), 3, ("balanced", "random"), 6, seed=5)
    one, two = run(plan, workers=1), run(plan, workers=2)
    assert [s.samples for s in one.standings] == [s.samples for s in two.standings]


def test_in_a_small_duplicate_tournament_hard_beats_random() -> None:
    result = run(Plan(rules_with("three-card"), 3, ("hard", "random"), 6, seed=2), workers=2)
    hard, rnd = result.standings
    assert hard.label == "hard" and hard.per_100 > rnd.per_100
    (lead,) = result.versus
    # Only the mean, for now: an interval above zero needs far more deals than a test sized to seconds plays (16
    # three-player deals gave +75 [-53, +203] per 100); issue 12 asks for it once hard is stronger and faster.
    assert lead.label == "random" and lead.per_100 > 0


def test_the_duplicate_lineups_seat_every_bot_everywhere() -> None:
    plan = Plan(rules_with("three-card"), 5, ("a", "b"), 1, seed=0)
    lineups = plan.lineups()
    assert len(lineups) == 5
    for seat in range(5):
        assert {lineup[seat] for lineup in lineups} == {0, 1}


def test_louse_tournaments_count_penalty_points_and_a_lead_is_fewer_of_them() -> None:
    result = run(Plan(rules_with("louse"), 4, ("balanced", "random"), 3, seed=1))
    assert result.unit == "penalty points" and result.to_dict()["unit"] == "penalty points"
    balanced, rnd = result.standings
    (lead,) = result.versus
    assert lead.per_100 == pytest.approx(rnd.per_100 - balanced.per_100)  # positive when balanced took fewer


def test_one_deal_gives_no_interval_and_the_json_stays_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "-b", "balanced,random", "-d", "1", "-s", "1", "-w", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out, parse_constant=lambda c: pytest.fail(f"not JSON: {c}"))
    assert out["bots"][0]["ci95"] is None and out["lead"][0]["ci95"] is None
    assert main(["tournament", "-b", "balanced,random", "-d", "1", "-s", "1", "-w", "1"]) == 0
    text = capsys.readouterr().out
    assert "1 deal of three-card" in text and "one deal gives no interval" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "balanced"], "two or more bots"),
        (["--bots", "balanced,nope"], "Unknown bot 'nope'"),
        (["--variant", "louse", "--bots", "a,b,c,d,e"], "Unknown bot 'a'"),
        (["--variant", "louse", "--bots", "random,random,random,random,random"], "5 bots do not fit"),
        (["--bots", "random,random", "--deals", "0"], "--deals must be at least 1"),
    ],
)
def test_bad_tournament_arguments_get_one_sentence(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["tournament", *args])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") <= 2


def test_the_tournament_command_prints_each_bot_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "balanced,random", "--deals", "3", "--seed", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "balanced" in out and "random" in out and "95% confidence interval" in out
    assert PRESET_INFO["three-card"].rules.preset in out


def test_a_tournament_on_a_local_ray_instance_gives_the_local_result() -> None:
    ray = pytest.importorskip("ray")
    plan = Plan(rules_with("three-card"), 3, ("balanced", "random"), 4, seed=9)
    local = run(plan, workers=1)
    try:
        on_ray = run(plan, workers=2, backend="ray")
    finally:
        ray.shutdown()  # the local instance's processes go with the test
    assert [s.samples for s in on_ray.standings] == [s.samples for s in local.standings]


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(LooError, match="Unknown backend 'spark'"):
        run(Plan(rules_with("three-card"), 3, ("balanced", "random"), 1, seed=0), backend="spark")


def test_a_ray_cluster_nobody_answers_at_is_refused_at_once() -> None:
    pytest.importorskip("ray")
    plan = Plan(rules_with("three-card"), 3, ("balanced", "random"), 1, seed=0)
    with pytest.raises(LooError, match=r"Could not reach the Ray cluster at 127\.0\.0\.1:1"):
        run(plan, backend="ray", ray_address="127.0.0.1:1")


def test_a_tournament_refuses_an_ante_no_seat_could_pay_and_an_endless_run() -> None:
    with pytest.raises(LooError, match="less than the ante of 5,000"):
        Plan(rules_with("three-card", {"ante": 5000}), 3, ("balanced", "random"), 2, seed=1)
    with pytest.raises(LooError, match="at most 1,000,000 deals"):
        Plan(rules_with("three-card"), 3, ("balanced", "random"), 10**20, seed=1)


def test_more_workers_than_deals_start_no_more_processes_than_needed() -> None:
    plan = Plan(rules_with("three-card"), 3, ("balanced", "random"), 2, seed=3)
    assert [s.samples for s in run(plan, workers=10_000).standings] == [s.samples for s in run(plan).standings]


# --- the play-outs in C (engine/_core_rollout.pxi) ---

on_core = pytest.mark.skipif(not core.available(), reason="the compiled core is not built here")


def _c_and_python_agree(view: View, seat: int, rng: random.Random, worlds_per: int) -> int:
    """``worlds_per`` sampled worlds of ``view``: each legal action played out by the C policy and by fresh
    HeuristicBots in Python gives the same gain, chip for chip (Louse: penalty points). Returns the actions compared."""
    assert search.c_rollouts(view.rules)
    bot = SearchBot(5, "hard")
    compared = 0
    for _ in range(worlds_per):
        world = worlds.world(view, rng)
        legal = world.legal_actions(seat)
        assert core.ext().rollout(world, seat, legal, BALANCED) == bot.python_gains(world, seat, legal, 0)
        compared += len(legal)
    return compared


@on_core
@pytest.mark.usefixtures("on_the_core")
@pytest.mark.parametrize("preset", ["three-card", "irish", "rams-loo", "mississippi"])
def test_the_c_play_out_gives_the_python_play_outs_result(preset: str) -> None:
    """The same sampled worlds, each action played out by the C policy and by fresh HeuristicBots in Python: the
    same gain, chip for chip."""
    compared = 0
    for seed in range(6):
        deal = _deal_at(preset, seed, seed % 4)
        if deal.is_over:
            continue
        seat = deal.seats_to_act()[0]
        compared += _c_and_python_agree(deal.view(seat), seat, random.Random(seed), 3)
    assert compared > 20


#: Five-card (the exchange at one's own turn or after the declarations, Pam's options, the flush options) and Louse
#: (both packs' orders, every queen-of-diamonds rule, three players with a widow charged to the last trick's winner).
C_PLAY_OUT_RULES = [
    ("five-card", {}, 5),
    ("five-card", {"exchange": "after_declarations", "pam_civil": "ask", "pam_privileged": True}, 4),
    ("five-card", {"flush_exempt": "pam_and_flush_holders", "flush_payers": "all_players", "flush_tie": "split"}, 5),
    ("five-card", {"pam_holder_not_looed": True, "pam_civil_last_card": "loses", "flush_paid_to_holder": True}, 3),
    ("louse", {}, 4),
    ("louse", {"louse_rank": "skat", "louse_jack_order": "clubs_high", "diamond_queen": "cancel_all_queens"}, 4),
    (
        "louse",
        {
            "min_players": 3,
            "louse3_mode": "widow",
            "widow_points": "last_trick_winner",
            "diamond_queen": "collect_all_queens",
        },
        3,
    ),
]


@on_core
@pytest.mark.usefixtures("on_the_core")
@pytest.mark.parametrize(("preset", "options", "players"), C_PLAY_OUT_RULES)
def test_the_c_play_out_of_five_card_and_louse_gives_the_python_play_outs_result(
    preset: str, options: dict[str, object], players: int
) -> None:
    """PAM-EXCH-1, PAM-2, PAM-FLUSH-3, LOUSE-SCORE-3, LOUSE-3P-1: the same sampled worlds, each action played out by
    the C policy and by fresh HeuristicBots in Python, give the same gain (Louse: the same penalty points), at
    declarations, exchanges and cards alike."""
    rules = rules_with(preset, options)
    compared, phases = 0, set()
    for seed in range(10):
        rng = random.Random(seed)  # the walk's stream goes on into the comparison below
        deal = _walk(Deal(rules, [100] * players, seed % players, seed=seed), rng, seed * 3 % 17)
        if deal.is_over:
            continue
        seat = deal.seats_to_act()[0]
        view = deal.view(seat)
        phases.add(view.phase.value)
        compared += _c_and_python_agree(view, seat, rng, 2)
    assert compared > 15
    if preset == "five-card":
        assert {"declare", "exchange", "play"} <= phases or players < 5


@on_core
@pytest.mark.usefixtures("on_the_core")
def test_a_five_card_exchange_searches_every_discard_in_200_worlds_well_under_a_second() -> None:
    """PAM-EXCH-1: with the play-outs in C, `hard` searches its full 200 deals at a five-card exchange, where every
    legal discard (up to 32) is tried in each; counted in CPU time, so a busy machine does not fail it."""
    deal = Deal(rules_with("five-card"), [100] * 5, 0, seed=4)
    bot = SearchBot(4, "hard")
    timed = []
    while not deal.is_over:
        seat = deal.seats_to_act()[0]
        view = deal.view(seat)
        start = time.process_time()
        decision = bot.decide(view)
        if view.phase.value == "exchange" and len(view.legal) > 8:
            timed.append(time.process_time() - start)
            assert "over 200 sampled deals" in decision.reason
        deal.apply(decision.action, seat)
    assert timed and max(timed) < 1.0


@on_core
@pytest.mark.usefixtures("on_the_core")
def test_the_search_in_louse_prefers_the_card_that_takes_fewer_penalty_points() -> None:
    """LOUSE-SCORE-1: Louse's play-outs count penalty points, fewer being better; the search maximises the gain,
    minus the points taken, so its choice is the card that takes fewest, and its reason counts them as taken."""
    rules = rules_with("louse")
    checked = 0
    for seed in range(40):
        deal = _deal_at("louse", seed, 8 + seed % 12)
        if deal.is_over:
            continue
        seat = deal.seats_to_act()[0]
        legal = deal.legal_actions(seat)
        gains = core.ext().rollout(deal, seat, legal, BALANCED)  # on the real cards: no sampling noise
        best, worst = legal[gains.index(max(gains))], legal[gains.index(min(gains))]
        if max(gains) - min(gains) < 10:
            continue  # not clearly better: the cards' choice must cost at least ten penalty points
        taken = {}
        for action in (best, worst):
            trial = deal.copy()
            before = trial.view(seat).points[seat]
            trial.apply(action, seat)
            while not trial.is_over:
                mover = trial.seats_to_act()[0]
                trial.apply(make_bot("balanced").decide(trial.view(mover, with_events=False)).action, mover)
            assert trial.settlement is not None
            taken[action] = trial.settlement.points[seat] - before
        assert taken[best] < taken[worst]
        assert taken[best] == -max(gains) and taken[worst] == -min(gains)
        decision = search.choose(deal.view(seat), legal, [gains], [1.0], None, None)
        assert decision.action == best
        assert f"{best}: {taken[best]:+.1f} penalty points" in decision.reason
        checked += 1
    assert checked >= 3
    assert rules.game == "louse"


@on_core
@pytest.mark.usefixtures("on_the_core")
def test_the_declaration_weights_are_the_same_with_the_c_policy_as_with_heuristic_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal = _deal_at("three-card", 3, 4)  # four declarations made: the weights have something to weigh
    seat = deal.seats_to_act()[0]
    view = deal.view(seat)
    c_bot, py_bot = SearchBot(9, "medium"), SearchBot(9, "medium")
    with_c = [c_bot.weighted_world(worlds.Sampler(view))[1] for _ in range(12)]
    monkeypatch.setattr(search, "c_rollouts", lambda rules: False)
    in_python = [py_bot.weighted_world(worlds.Sampler(view))[1] for _ in range(12)]
    assert with_c == in_python
    assert len(set(with_c)) > 1  # some sampled hands disagree with what their seats declared


@on_core
@pytest.mark.usefixtures("on_the_core")
def test_hard_at_its_fixed_number_of_deals_is_deterministic_and_legal_on_the_c_play_outs() -> None:
    for seed in range(2):
        deal = _deal_at("three-card", seed, 0)
        first, again = SearchBot(seed, "hard"), SearchBot(seed, "hard")
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            decision = first.decide(view)
            assert decision == again.decide(view)
            assert decision.action in view.legal and "\n" not in decision.reason
            deal.apply(decision.action, seat)


def test_the_guard_keeps_the_heuristics_choice_unless_the_search_proves_another() -> None:
    deal = _deal_at("three-card", 1, 0)
    view = deal.view(deal.seats_to_act()[0])
    legal = list(view.legal)
    a, b = legal[0], legal[1]
    noisy = [[0.0, 3.0], [0.0, -2.0], [0.0, 1.0], [0.0, -1.0]]  # b leads by 0.25 with a spread of 2
    assert search.choose(view, [a, b], noisy, [1.0] * 4, a, 1.0).action == a
    steady = [[0.0, 1.0], [0.0, 1.5], [0.0, 0.5], [0.0, 1.0]]  # b leads by 1 deal after deal
    assert search.choose(view, [a, b], steady, [1.0] * 4, a, 1.0).action == b
    assert search.choose(view, [a, b], noisy, [1.0] * 4, None, None).action == b  # no guard: the best mean


def _lou_deal_at(options: dict[str, object], players: int, seed: int, steps: int) -> Deal:
    """A Lou deal under ``options`` after ``steps`` random actions (or over, if it ends first)."""
    deal = Deal(rules_with("lou", options), [100] * players, seed % players, seed=seed)
    return _walk(deal, random.Random(seed), steps)


LOU_CASES = [
    (5, {}),  # the dealer's ante (LOU-ANTE-2), the coin declare (LOU-DECL-1)
    # the draw from a short stock (LOU-DRAW-1; a reshuffle in a sampled world draws from fresh entropy in Python), the
    # declare in turn
    (12, {"declare": "sequential", "lou_draw": 3}),
    (4, {"lou_follow_suit": True, "lou_payout": "B", "lou_draw": 1, "lou_match_cap": 20}),  # LOU-PLAY-1, LOU-PAY-2
]


@on_core
@pytest.mark.usefixtures("on_the_core")
@pytest.mark.parametrize(("players", "options"), LOU_CASES)
def test_the_c_play_out_gives_the_python_play_outs_result_in_lou(players: int, options: dict[str, object]) -> None:
    """Lou's play-outs in C (engine/_core_heur_lou.pxi) against fresh HeuristicBots in Python: chip for chip."""
    compared = 0
    for seed in range(10):
        deal = _lou_deal_at(options, players, seed, seed % 7)
        if deal.is_over:
            continue
        seat = deal.seats_to_act()[-1]  # during the coin declare, not always the first seat yet to commit
        compared += _c_and_python_agree(deal.view(seat), seat, random.Random(seed), 3)
    assert compared > 40


@on_core
@pytest.mark.usefixtures("on_the_core")
def test_a_lou_play_out_that_reshuffles_the_stock_is_deterministic_in_c() -> None:
    """Seventeen seats leave no stock: every draw reshuffles the dead cards (LOU-DRAW-1). The C play-out draws them
    from the core's own stream, so the same world gives the same gains every time."""
    options = {"declare": "sequential", "lou_draw": 3, "exchange_shortfall": "reshuffle"}
    for seed in range(4):
        deal = _lou_deal_at(options, 17, seed, 1 + seed)
        seat = deal.seats_to_act()[0]
        world = worlds.world(deal.view(seat), random.Random(seed))
        legal = world.legal_actions(seat)
        first = core.ext().rollout(world, seat, legal, BALANCED)
        assert all(core.ext().rollout(world, seat, legal, BALANCED) == first for _ in range(5))


@on_core
@pytest.mark.usefixtures("on_the_core")
def test_the_lou_declaration_weights_are_the_same_with_the_c_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = _lou_deal_at({"declare": "sequential", "lou_draw": 2}, 6, 3, 4)  # an ante and three declarations made
    seat = deal.seats_to_act()[0]
    view = deal.view(seat)
    c_bot, py_bot = SearchBot(9, "medium"), SearchBot(9, "medium")
    with_c = [c_bot.weighted_world(worlds.Sampler(view))[1] for _ in range(12)]
    monkeypatch.setattr(search, "c_rollouts", lambda rules: False)
    in_python = [py_bot.weighted_world(worlds.Sampler(view))[1] for _ in range(12)]
    assert with_c == in_python
    assert len(set(with_c)) > 1  # some sampled hands disagree with what their seats declared


def test_a_seat_that_showed_out_of_several_suits_still_gets_a_sampled_deal_louse() -> None:
    # tournament deal 185 of louse, medium against balanced, seed 3: after four tricks the other seats' voids leave
    # exactly one seat able to hold the four hearts still out, which the quick draw failed to find in 500 tries
    from lanterloo.tournament import Plan, play_deal

    plan = Plan(rules_with("louse"), 4, ("medium", "balanced"), 186, 3)
    row = play_deal(plan, 185)
    assert len(row) == 2
