"""The compiled core against the pure-Python reference: the same deals, the same answers (docs/architecture.md,
"The compiled core").

Both engines are driven from the same seeded random stream: each deal is shuffled by two clones of one generator,
and one chooser picks each action from the legal list. Every legal-action list, every action's event, the seat to
act, the phase, the stacks and the pool are compared after every action, with the hand of the seat that acted (an
action changes no other hand) and every hand when the phase changes; at the end the events (so every trick), the
settlement, every hand, the stacks, the pool and each seat's view. Some deals also try refused actions and
compare the refusal (its sentence and rule ID), and some read a view mid-deal, so the core's shadow is made early.

``LANTERLOO_DIFF_DEALS`` scales the counts (``make bench`` runs a million three-card deals).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from lanterloo import PASS, Deal, Rules, rules_with
from lanterloo.actions import DEFEND_MISS, PLAYS, PLAYS_CIVIL, STAND, TAKE_MISS, Action, Ante, Discard, Play
from lanterloo.cards import Card
from lanterloo.engine import core
from lanterloo.engine.state import PureDeal
from lanterloo.errors import IllegalActionError, RulesError
from lanterloo.history import deal_to_record, dumps, parse_line, quick, verify_record

pytestmark = [
    pytest.mark.skipif(not core.available(), reason="the compiled core is not built here"),
    pytest.mark.usefixtures("on_the_core"),
]


SCALE = float(os.environ.get("LANTERLOO_DIFF_DEALS", "1"))
COVERED_PRESETS = ("three-card", "mississippi", "irish", "rams-loo", "five-card")
#: Every option the core reads, with the values a random option set draws from.
OPTIONS: dict[str, tuple[Any, ...]] = {
    "miss": (True, False),
    "trump_mode": ("turnup", "first_lead"),
    "ante_mode": ("everyone", "dealer", "everyone_dealer_double"),
    "ante": (0, 1, 3, 5),
    "loo_penalty": ("pool", "fixed", "capped"),
    "loo_amount": (1, 3, 7),
    "remainder": ("carry", "first_trick_winner", "last_trick_winner", "most_tricks"),
    "bold_stand": ("off", "everyone", "dealer_and_last"),
    "bold_stand_withdraw_miss": (True, False),
    "club_law": (True, False),
    "dealer_takes_all_pass": (True, False),
    "lone_player": ("dealer_must_play", "wins_pool"),
    "defend_miss": ("exactly_one", "at_least_one", "never"),
    "miss_holder_leads": (True, False),
    "first_lead_forced": (True, False),
    "first_trump_lead": ("none", "two_trumps", "any_trump", "heads_up_only"),
    "trump_lead_highest": ("never", "heads_up", "always"),
    "equivalent_cards": (True, False),
    "later_trump_lead": ("off", "any", "highest", "highest_if_two_active"),
    "void_trump_duty": ("always", "only_if_can_head"),
    # five-card Pam-Loo's, which three-card takes as house rules too: Pam, the exchange, the flushes
    "hand_size": (3, 5),
    "pam": ("none", "jack_of_clubs", "jack_of_trump_suit"),
    "forced_lead_cards": ("ace", "pam_or_ace"),
    "pam_civil": ("auto", "ask"),
    "pam_civil_only_trump_exception": (True, False),
    "pam_civil_last_card": ("wins", "loses"),
    "pam_privileged": (True, False),
    "pam_holder_not_looed": (True, False),
    "exchange": ("none", "own_turn", "after_declarations"),
    "exchange_shortfall": ("limit", "reshuffle"),
    "flush_tie": ("elder_hand", "split"),
    "flush_order": ("value", "elder_hand_only"),
    "flush_exempt": ("none", "pam_and_flush_holders"),
    "flush_payers": ("active", "all_players"),
    "flush_paid_to_holder": (True, False),
    "blaze": (True, False),
}
#: The civil call goes only with a lead of the ace of trumps (PAM-2): the four aces, and one card that is never one.
ALL_ACTIONS: list[Action] = [
    *PLAYS,
    *(PLAYS_CIVIL[c] for c in (12, 25, 38, 51, 0)),
    PASS,
    STAND,
    TAKE_MISS,
    DEFEND_MISS,
    Discard(0),
    # Lou's dealer sets the ante (LOU-ANTE-2): below the least, not a multiple of 3, above the most, far above
    *(Ante(a) for a in (0, 3, 4, 6, 15, 18, 10**30)),
]


def _refusal(deal: Any, action: object, seat: int | None) -> tuple[str, str] | None:
    try:
        deal.check(action, seat)
    except IllegalActionError as e:
        return (e.reason, e.rule_id)
    return None


def _same_step(a: Any, b: PureDeal, seat: int | None = None) -> None:
    """The same state: every hand, or (``seat``) the hand of the seat that just acted, the only one that changed."""
    assert a.current_player() == b.current_player()
    assert a.phase is b.phase
    assert a.is_over == b.is_over
    assert a.seats_to_act() == b.seats_to_act()
    assert a.stacks == b.stacks
    assert a.pool == b.pool
    for s in range(b.players) if seat is None else (seat,):
        assert a.hand(s) == b.hand(s)


def play_both(
    rules: Rules,
    stacks: list[int],
    dealer: int,
    pool: int,
    seed: int,
    probe: bool,
    deck: list[int] | None = None,
    policy: Callable[[Any, list[Action]], Action] | None = None,
    ante: bool = True,
) -> tuple[Any, PureDeal]:
    """One deal on both engines from one seed; ``probe``: also compare refusals and mid-deal views. ``deck`` deals
    a chosen order; ``policy(deal, legal)`` chooses instead of the seeded chooser; ``ante``: Lou's flag, antes
    are taken (a game starts). When several seats may act (Lou's commit), a random one of them acts, by its seat."""
    fast = Deal(rules, stacks, dealer, pool=pool, rng=random.Random(seed), deck=deck, ante=ante)
    ref = PureDeal(rules, stacks, dealer, pool=pool, rng=random.Random(seed), deck=deck, ante=ante)
    assert type(fast).__module__ == "lanterloo.engine._core", "the core should play this deal"
    chooser = random.Random(seed ^ 0x5EED)
    _same_step(fast, ref)
    while not ref.is_over:
        seat, phase = ref.current_player(), ref.phase
        seats = ref.seats_to_act()
        given = None if len(seats) == 1 else seats[int(chooser.random() * len(seats))]
        legal = fast.legal_actions(given)
        assert legal == ref.legal_actions(given)
        if probe:
            probe_refusals(fast, ref, chooser)
        action = legal[int(chooser.random() * len(legal))] if policy is None else policy(ref, legal)
        if probe and chooser.random() < 0.2:
            action = _anew(action)
        assert fast.apply(action, given) == ref.apply(action, given)
        _same_step(fast, ref, (seat if given is None else given) if ref.phase is phase else None)
    _same_step(fast, ref)
    assert fast.legal_actions() == ref.legal_actions() == []
    assert fast.actions == ref.actions
    assert fast.settlement == ref.settlement
    assert fast.events == ref.events
    assert fast.stacks_before == ref.stacks_before
    assert fast.start_record() == ref.start_record()
    if probe:
        for seat in [None, *range(ref.players)]:
            assert fast.view(seat) == ref.view(seat)
    return fast, ref


def _anew(action: Action) -> Action:
    """An equal action built anew, not the interned one the legal list holds."""
    if isinstance(action, Play):
        return Play(action.card, action.civil)
    if isinstance(action, Discard):
        return Discard(action.mask)
    if isinstance(action, Ante):
        return Ante(action.amount)
    return type(action)()


def probe_refusals(fast: Any, ref: PureDeal, chooser: random.Random) -> None:
    """Every action, legal or not, for the seat to act, and a pass by every seat: the same answer and reason."""
    seat = ref.current_player()
    hand = sum(1 << c for c in ref.hand(seat))
    # discards: the whole hand (more than the stock may hold), a card not held, a sub-mask
    discards = [Discard(hand), Discard(hand | (1 << min(set(range(52)) - set(ref.hand(seat))))), Discard(hand & -hand)]
    for action in [*ALL_ACTIONS, *discards]:
        assert fast.is_legal(action) == ref.is_legal(action)
        assert _refusal(fast, action, seat) == _refusal(ref, action, seat)
    for someone in range(ref.players):  # in Lou's commit, every seat yet to commit may act (LOU-DECL-1)
        assert _refusal(fast, PASS, someone) == _refusal(ref, PASS, someone)
        assert fast.legal_actions(someone) == ref.legal_actions(someone)
    assert fast.exchange_limit() == ref.exchange_limit()
    assert fast.stock_left() == ref.stock_left()
    wrong = [a for a in [*ALL_ACTIONS, *discards] if not ref.is_legal(a)]
    if wrong:
        bad = wrong[int(chooser.random() * len(wrong))]
        with pytest.raises(IllegalActionError) as got:
            fast.apply(bad)
        with pytest.raises(IllegalActionError) as want:
            ref.apply(bad)
        assert (got.value.reason, got.value.rule_id) == (want.value.reason, want.value.rule_id)
    if chooser.random() < 0.3:
        viewer = int(chooser.random() * ref.players)
        assert fast.view(viewer) == ref.view(viewer)


#: Deals per preset: 10,000 of the main two; the others share their code paths, and the whole file should run in
#: about 40 s. ``LANTERLOO_DIFF_DEALS`` scales every count.
DEALS = {"three-card": 10_000, "five-card": 10_000}


@pytest.mark.parametrize("preset", COVERED_PRESETS)
def test_core_plays_every_deal_as_the_reference(preset: str) -> None:
    rules = rules_with(preset)
    base = DEALS.get(preset, 1_000)
    count = int(base * SCALE)
    every = 200 if base >= 10_000 else 50  # one deal in this many also probes refusals and views
    lo, hi = rules.player_range()
    for k in range(count):
        n = lo + k % (min(hi, 8) - lo + 1)
        play_both(rules, [100] * n, k % n, 0, k, probe=k % every == 0)


def random_rules(rng: random.Random) -> Rules:
    while True:
        chosen = {name: values[int(rng.random() * len(values))] for name, values in OPTIONS.items()}
        try:
            return rules_with(COVERED_PRESETS[int(rng.random() * len(COVERED_PRESETS))], chosen)
        except RulesError:
            continue


def test_core_plays_random_option_sets_as_the_reference() -> None:
    rng = random.Random(11)
    for k in range(int(200 * SCALE)):
        rules = random_rules(rng)
        assert core.covers(rules)
        lo, hi = rules.player_range()
        n = lo + int(rng.random() * (min(hi, 9) - lo + 1))
        # short stacks cap the antes (SESSION-3); an empty pool brings Bold Stand in
        stacks = [int(rng.random() * 12) for _ in range(n)]
        pool = 0 if rng.random() < 0.5 else int(rng.random() * 20)
        for j in range(8):
            play_both(rules, stacks, j % n, pool, k * 8 + j, probe=j == 0 and k % 2 == 0)


@pytest.mark.parametrize(("preset", "n"), [("three-card", 5), ("louse", 4), ("lou", 5)])
def test_a_copy_goes_on_alone(preset: str, n: int) -> None:
    rules = rules_with(preset)
    for seed in range(200):
        deal = Deal(rules, [100] * n, seed % n, rng=random.Random(seed))
        chooser = random.Random(seed)
        while not deal.is_over:
            twin = deal.copy()
            ref = PureDeal(rules, [100] * n, seed % n, deck=[Card.parse(c) for c in deal.start_record()["deck"]])
            for seat, action in deal.actions:
                ref.apply(action, seat)
            legal = deal.legal_actions()
            action = legal[int(chooser.random() * len(legal))]
            twin.apply(action)
            assert deal.legal_actions() == ref.legal_actions()  # the original did not move
            deal.apply(action)
            assert twin.legal_actions() == deal.legal_actions()
            assert twin.actions == deal.actions
        assert twin.settlement == deal.settlement


@pytest.mark.parametrize(("preset", "n"), [("three-card", 5), ("louse", 4), ("lou", 5)])
def test_hand_histories_written_through_the_core_verify_with_the_reference(preset: str, n: int) -> None:
    rules = rules_with(preset)
    lines = []
    for seed in range(300):
        deal = Deal(rules, [30] * n, seed % n, rng=random.Random(seed))
        chooser = random.Random(seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(legal[int(chooser.random() * len(legal))])
        lines.append(dumps(deal_to_record(deal, number=seed + 1, seed=seed)))
    was, verifying = core.engine(), quick.EXT
    core.select("pure")
    quick.select(False)  # verification replays on the core whatever the default engine: the reference here
    try:
        for i, line in enumerate(lines, 1):
            replayed = verify_record(parse_line(line, i), i)
            assert type(replayed) is Deal
            assert json.loads(line)["result"] is not None
    finally:
        core.select(was)
        quick.EXT = verifying


def test_options_the_core_does_not_cover_fall_back_to_the_reference() -> None:
    # Lou's antes and cap past the core's C fields, and chips whose sum a 64-bit match could overflow
    for options in ({"lou_ante_max": 3 * 2**30}, {"lou_ante_choice": "fixed", "ante": 2**30}, {"lou_match_cap": 2**62}):
        rules = rules_with("lou", options)
        assert not core.covers(rules)
        assert type(Deal(rules, [100] * 4, 0, seed=1)) is Deal
    assert type(Deal(rules_with("lou"), [2**60] * 4, 0, seed=1)) is Deal
    assert type(Deal(rules_with("lou"), [2**58] * 4, 0, seed=1)) is not Deal
    # a replay that brings its recorded reshuffles of the stock (PAM-EXCH-2)
    five = rules_with("five-card", {"exchange_shortfall": "reshuffle"})
    assert type(Deal(five, [100] * 5, 0, seed=1, reshuffles=[[0]])) is Deal
    assert type(Deal(five, [100] * 5, 0, seed=1)) is not Deal
    house = rules_with("irish", {"exchange": "own_turn"})
    assert type(Deal(house, [100] * 5, 0, seed=1)) is not Deal
    assert type(Deal(rules_with("three-card"), [100] * 5, 0, seed=1)) is not Deal


def test_pure_forces_the_reference() -> None:
    was = core.engine()
    core.select("pure")
    try:
        assert core.engine() == "pure"
        assert type(Deal(rules_with("three-card"), [100] * 5, 0, seed=1)) is Deal
    finally:
        core.select(was)
    assert core.engine() == "core"


def test_the_batch_simulator_keeps_every_chip_and_settles_as_the_reference() -> None:
    # every deal of the batch is settled in C; the same settlement in C checks itself against scoring.settle on
    # every core deal above, so here: chips are conserved, and every covered preset runs
    for name in COVERED_PRESETS:
        rules = rules_with(name)
        out = core.ext().batch(rules, 5, 3000, 7)
        assert out["deals"] == 3000 and out["actions"] > 3000 * 5
        assert sum(out["net"]) + out["pool"] == 0
        assert sum(out["tricks"]) <= 3000 * rules.hand_size
    with pytest.raises(ValueError, match="does not cover"):
        core.ext().batch(rules_with("lou", {"lou_ante_max": 3 * 2**30}), 5, 10, 1)


# --- Louse (_core_louse.pxi) -------------------------------------------------------------------------------------

#: Every Louse option, with the values a random option set draws from (LOUSE-DECK-1, LOUSE-PLAY-2, LOUSE-SCORE-1..3,
#: LOUSE-3P-1); the match options (louse_target, louse_tie) belong to the session, not to a deal.
LOUSE_OPTIONS: dict[str, tuple[Any, ...]] = {
    "min_players": (3, 4),
    "louse_rank": ("french", "skat"),
    "louse_jack_order": ("diamonds_high", "clubs_high"),
    "louse_queen_points": (0, 2, 3, 9),
    "diamond_queen": ("cancel_own_queens", "cancel_own_bonuses", "cancel_all_queens", "collect_all_queens", "none"),
    "louse3_mode": ("remove_two_sevens", "widow"),
    "widow_points": ("none", "last_trick_winner"),
}


def test_core_plays_every_louse_deal_as_the_reference() -> None:
    """LOUSE-DEAL-1, LOUSE-PLAY-1/2, LOUSE-SCORE-1..3: four players, the preset. A Louse deal is 32 actions, each
    compared on both engines (about 1.4 ms a deal), so the suite plays 5,000 (LANTERLOO_DIFF_DEALS=2: 10,000), and a
    probed deal, which asks every action's refusal at every step, only one in 250."""
    rules = rules_with("louse")
    for k in range(int(5_000 * SCALE)):
        play_both(rules, [100] * 4, k % 4, 0, k, probe=k % 250 == 0)


def test_core_plays_random_louse_option_sets_as_the_reference() -> None:
    """Every Louse option, three players (LOUSE-3P-1: the black sevens out, or a widow) and four."""
    rng = random.Random(12)
    for k in range(int(100 * SCALE)):
        chosen = {name: values[int(rng.random() * len(values))] for name, values in LOUSE_OPTIONS.items()}
        rules = rules_with("louse", chosen)
        assert core.covers(rules)
        n = 3 + int(rng.random() * (5 - rules.min_players)) if rules.min_players == 3 else 4
        stacks = [int(rng.random() * 12) for _ in range(n)]
        pool = 0 if rng.random() < 0.5 else int(rng.random() * 20)  # Louse moves no chips: the pool is carried
        for j in range(8):
            play_both(rules, stacks, j % n, pool, k * 8 + j, probe=j == 0 and k % 2 == 0)


def test_the_louse_batch_deals_every_card_and_scores_every_deal() -> None:
    for n, opts in ((4, {}), (3, {"min_players": 3}), (3, {"min_players": 3, "louse3_mode": "widow"})):
        out = core.ext().batch(rules_with("louse", opts), n, 2000, 7)
        assert out["deals"] == 2000 and out["actions"] == 2000 * (32 if n == 4 else 30)
        assert sum(out["tricks"]) == 2000 * (8 if n == 4 else 10)
        assert all(p > 0 for p in out["points"])


# --- Lou (_core_lou.pxi, _core_lou_end.pxi) ------------------------------------------------------------------------

#: Every Lou option, with the values a random option set draws from (LOU-ANTE-1/2, LOU-DECL-1/2, LOU-DRAW-1,
#: LOU-LEAD-1/2, LOU-PLAY-1, LOU-PAY-1..4, LOO-PLAY-1..5 with lou_follow_suit, LOO-POOL-2 on the piles).
LOU_OPTIONS: dict[str, tuple[Any, ...]] = {
    "declare": ("coin", "sequential"),
    "min_players": (2, 3),
    "ante_mode": ("everyone", "dealer", "everyone_dealer_double"),
    "ante": (0, 1, 3, 5),
    "remainder": ("carry", "first_trick_winner", "last_trick_winner", "most_tricks"),
    "void_trump_duty": ("always", "only_if_can_head"),
    "lou_follow_suit": (True, False),
    "lou_payout": ("A", "B", "C"),
    "lou_no_winner": ("carry", "split_by_tricks", "split_equally"),
    "lou_first_lead": ("eldest_in", "count_in_players", "count_all_seats"),
    "lou_later_leads": ("trick_winner", "same_leader"),
    "lou_draw": (0, 1, 2, 3),
    "exchange_shortfall": ("limit", "reshuffle"),
    "lou_zero_in": ("carry", "reante"),
    "lou_match_cap": (0, 4, 20),
    "lou_ante_choice": ("dealer", "fixed"),
    "lou_ante_min": (3, 6),
    "lou_ante_max": (6, 15, 30),
}


def play_lou_games(rules: Rules, n: int, stacks: list[int], deals: int, seed: int, probe_every: int) -> int:
    """``deals`` deals on both engines as a session plays them: the dealer moves on, the stacks and the pot are
    carried, and antes are taken only when a game starts (LOU-GAME-1). Returns how many games started."""
    pool, ante, games = 0, True, 0
    for j in range(deals):
        games += ante
        _, ref = play_both(
            rules, stacks, j % n, pool, seed + j, probe=probe_every > 0 and j % probe_every == 0, ante=ante
        )
        assert ref.settlement is not None
        stacks, pool, ante = list(ref.stacks), ref.pool, ref.settlement.game_over
    return games


def test_core_plays_every_lou_deal_as_the_reference() -> None:
    """The lou preset (LOU-ANTE-2, LOU-DECL-1, LOU-PLAY-1, LOU-PAY-1, LOU-GAME-1), 2 to 9 players, in runs of ten
    deals that carry the pot: 10,000 deals, one in 100 probing every refusal and the views."""
    rules = rules_with("lou")
    count = int(10_000 * SCALE)
    games = 0
    for k in range(0, count, 10):
        n = 2 + (k // 10) % 8
        games += play_lou_games(rules, n, [60] * n, min(10, count - k), k, probe_every=100 if k % 100 == 0 else 0)
    assert 0 < games < count  # some games lasted several deals, as matches made the next pot


def test_core_plays_random_lou_option_sets_as_the_reference() -> None:
    rng = random.Random(13)
    for k in range(int(200 * SCALE)):
        while True:
            chosen = {name: values[int(rng.random() * len(values))] for name, values in LOU_OPTIONS.items()}
            try:
                rules = rules_with("lou", chosen)
                break
            except RulesError:
                continue
        assert core.covers(rules)
        lo, hi = rules.player_range()
        # many players leave a short stock for the draw (LOU-DRAW-1); short stacks cap antes and matches (SESSION-3)
        n = lo + int(rng.random() * (hi - lo + 1)) if rng.random() < 0.2 else lo + int(rng.random() * (9 - lo))
        stacks = [int(rng.random() * 40) for _ in range(n)]
        play_lou_games(rules, n, stacks, 8, k * 8, probe_every=8 if k % 2 == 0 else 0)


def test_the_lou_batch_keeps_every_chip() -> None:
    for options in (
        {},
        {"lou_draw": 3, "exchange_shortfall": "reshuffle", "lou_payout": "B"},
        {"declare": "sequential", "lou_payout": "C", "lou_no_winner": "split_equally"},
    ):
        rules = rules_with("lou", options)
        for players in (2, 5, 17):
            out = core.ext().batch(rules, players, 2000, 3)
            assert out["deals"] == 2000 and out["actions"] > 2000 * players
            assert sum(out["net"]) + out["pool"] == 0
            assert sum(out["tricks"]) <= 2000 * 3
            assert 0 < out["games"] < 2000
