"""The OpenSpiel adapter (issue 12, item 4): every preset a pyspiel game that passes OpenSpiel's own random
simulation test, with the options as game parameters, a fixed action space, and resampling that never contradicts
what the seat knows."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from lanterloo.adapters import openspiel as adapter  # noqa: E402
from lanterloo.adapters.spaces import ActionSpace  # noqa: E402
from lanterloo.errors import LooError  # noqa: E402
from lanterloo.rules import rules_with  # noqa: E402


@pytest.mark.parametrize("name", adapter.GAMES)
def test_every_preset_passes_openspiels_random_simulation_test(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=4, serialize=True, verbose=False)


def test_options_are_game_parameters_with_the_presets_values_as_defaults() -> None:
    plain = pyspiel.load_game("lanterloo_three_card")
    assert plain.get_parameters()["loo_penalty"] == rules_with("three-card").loo_penalty
    changed = pyspiel.load_game("lanterloo_three_card(players=4,loo_penalty=fixed,loo_amount=7)")
    table = adapter.table_of(changed)
    assert (table.players, table.rules.loo_penalty, table.rules.loo_amount) == (4, "fixed", 7)
    pyspiel.random_sim_test(changed, num_sims=2, serialize=False, verbose=False)


def test_a_bad_option_value_is_refused_with_a_sentence_that_names_it() -> None:
    with pytest.raises(LooError, match="loo_penalty"):
        pyspiel.load_game("lanterloo_three_card(loo_penalty=sometimes)")
    with pytest.raises(LooError, match="players"):
        pyspiel.load_game("lanterloo_louse(players=9)")


def _random_state(name: str, rng: random.Random, steps: int) -> adapter.LooState:
    state: adapter.LooState = pyspiel.load_game(name).new_initial_state()
    while not state.is_terminal() and (state.is_chance_node() or steps > 0):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            steps -= 1
    return state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(adapter.GAMES), st.integers(0, 2**32), st.integers(0, 45))
def test_a_resampled_state_is_one_the_seat_cannot_tell_from_the_real_one(name: str, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = _random_state(name, rng, steps)
    if state.is_terminal():
        return
    seat = state.current_player()
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.observation_tensor(seat) == state.observation_tensor(seat)
    assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert world.legal_actions() == state.legal_actions()
    assert world.current_player() == seat


def test_resampling_varies_the_cards_the_seat_cannot_see() -> None:
    state = _random_state("lanterloo_three_card", random.Random(3), 2)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = {tuple(str(world)) for world in (state.resample_from_infostate(seat, sampler) for _ in range(10))}
    assert len(others) > 1  # the other hands are drawn anew


@pytest.mark.parametrize("preset", adapter.PRESETS)
def test_every_legal_action_has_an_index_that_maps_back_to_it(preset: str) -> None:
    game = pyspiel.load_game(adapter.game_name(preset))
    space = adapter.table_of(game).space
    rng = random.Random(5)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            seat = state.current_player()
            view = state.deal.view(seat, with_events=False)
            indices = state.legal_actions()
            assert [space.action(i, view) for i in indices] == sorted(
                view.legal, key=lambda a: space.index(a, view.hand)
            )
            assert all(0 <= i < space.size for i in indices)
            state.apply_action(rng.choice(indices))


def test_the_action_space_layout_is_fixed_per_rules_and_described() -> None:
    space = ActionSpace(rules_with("five-card"))
    rows = space.describe()
    assert rows[0][:2] == (0, 52) and space.civil == 52
    assert space.discards == 2**5 and space.size == sum(count for _, count, _ in rows)
    assert ActionSpace(rules_with("louse")).size == 32  # 32 cards, no declarations


def test_openspiels_ismcts_plays_a_deal_through_the_adapter() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("lanterloo_three_card(players=3)")
    rng = random.Random(1)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state=None)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=None)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == 3


def test_a_chance_outcome_that_is_no_card_left_is_refused_and_changes_nothing() -> None:
    state = pyspiel.load_game("lanterloo_three_card(players=3)").new_initial_state()
    state.apply_action(5)
    with pytest.raises(LooError, match="not a card left to deal"):
        state.apply_action(5)
    assert state.history() == [5] and len(state.chance_outcomes()) == 51


def test_a_stack_that_cannot_pay_the_ante_is_refused() -> None:
    with pytest.raises(LooError, match="cover the ante"):
        pyspiel.load_game("lanterloo_three_card(players=3,ante=5000)")
    with pytest.raises(LooError, match="at least 1 chip"):
        pyspiel.load_game("lanterloo_three_card(players=3,stack=0)")


@pytest.mark.parametrize("name", ["lanterloo_three_card(players=4)", "lanterloo_five_card(players=4)"])
def test_a_state_built_from_a_seats_view_has_that_seats_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(7)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            p = state.current_player()
            built = adapter.state_from_view(game, state.deal.view(p), rng, state.dealt(p))
            assert built.information_state_string(p) == state.information_state_string(p)
            assert built.legal_actions() == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_view_of_a_deal_at_another_table_is_refused() -> None:
    from lanterloo.engine import Deal

    deal = Deal(rules_with("three-card"), [1000] * 4, 0, seed=1)
    game = pyspiel.load_game("lanterloo_three_card(players=4)")  # stacks of 100, not 1000
    with pytest.raises(LooError, match="does not start as this game's table"):
        adapter.state_from_view(game, deal.view(deal.seats_to_act()[0]), random.Random(1))
