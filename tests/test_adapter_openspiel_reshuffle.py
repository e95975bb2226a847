"""The OpenSpiel adapter under exchange_shortfall=reshuffle (issue 12, item 4): a reshuffle of the stock in a
five-card exchange (PAM-EXCH-2) or Lou's draw (LOU-DRAW-1) is chance nodes, one gathered card at a time, and the deal
goes on from the order chance chose; clones, pickles and resampled states carry the orders."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from lanterloo.adapters import openspiel as adapter  # noqa: E402
from lanterloo.adapters.osreshuffle import count  # noqa: E402
from lanterloo.engine import Deal  # noqa: E402
from lanterloo.engine.events import Exchanged, Reshuffled  # noqa: E402
from lanterloo.errors import LooError  # noqa: E402

FIVE = "lanterloo_five_card(players=10,exchange_shortfall=reshuffle)"
LOU = "lanterloo_lou(players=16,lou_draw=3,exchange_shortfall=reshuffle)"
IRISH = "lanterloo_irish(players=15,exchange=own_turn,exchange_shortfall=reshuffle)"


def _step(state: adapter.LooState, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _at_reshuffle(name: str, seed: int = 0, gathered: int = 1) -> adapter.LooState:
    """A state waiting on chance for the first card of a reshuffled stock of at least ``gathered`` cards, reached
    by random play."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    while True:
        state: adapter.LooState = game.new_initial_state()
        while not state.is_terminal():
            _step(state, rng)
            if state.held.pending is not None and len(state.held.pending.gathered) >= gathered:
                return state
            if state.held.pending is not None:
                break


def _deal(state: adapter.LooState) -> Deal:
    assert state.deal is not None
    return state.deal


def _through(state: adapter.LooState, rng: random.Random) -> adapter.LooState:
    """Play on until the reshuffle ``state`` waits on is done and a seat is to act (or the deal is over)."""
    state = state.clone()
    while state.held.pending is not None or (state.is_chance_node() and not state.is_terminal()):
        _step(state, rng)
    return state


@pytest.mark.parametrize("name", [FIVE, LOU, IRISH])
def test_random_simulation_passes_with_reshuffles_that_happen_pam_exch_2_lou_draw_1(name: str) -> None:
    reshuffles = 0

    def count(state: adapter.LooState) -> None:
        nonlocal reshuffles
        if state.held.pending is not None and not state.held.pending.placed:
            reshuffles += 1

    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False, state_checker_fn=count)
    assert reshuffles > 0  # the test went through reshuffles, not around them


@pytest.mark.parametrize("name", [FIVE, LOU])
def test_a_reshuffles_chance_outcomes_are_the_gathered_cards_alike_pam_exch_2(name: str) -> None:
    state = _at_reshuffle(name, 1, gathered=3)
    pending = state.held.pending
    assert pending is not None and state.current_player() == pyspiel.PlayerId.CHANCE
    # the engine is the judge of which cards are gathered: the same exchange on a copy of the deal
    deal = _deal(state).copy()
    deal.apply(pending.action, pending.seat)
    gathered = [e.order for e in deal.events if type(e) is Reshuffled][-1]
    rng = random.Random(2)
    chosen = []
    while state.held.pending is not None:
        outcomes = state.chance_outcomes()
        assert sorted(a for a, _ in outcomes) == sorted(int(c) for c in gathered if int(c) not in chosen)
        assert {p for _, p in outcomes} == {1.0 / len(outcomes)}
        chosen.append(rng.choice([a for a, _ in outcomes]))
        state.apply_action(chosen[-1])
    # the deal went on from chance's order: its record's reshuffle is that order, and the exchange drew from it
    assert [int(c) for c in [e.order for e in _deal(state).events if type(e) is Reshuffled][-1]] == chosen
    last = [e for e in _deal(state).events if type(e) is Exchanged][-1]
    assert last.seat == pending.seat and last.action == pending.action
    assert set(map(int, last.drawn)) & set(chosen)


def test_a_chance_outcome_that_is_no_gathered_card_left_is_refused_and_changes_nothing() -> None:
    state = _at_reshuffle(FIVE, 3, gathered=2)
    outcome = state.chance_outcomes()[0][0]
    state.apply_action(outcome)
    history, left = state.history(), state.chance_outcomes()
    pending = state.held.pending
    assert pending is not None
    stranger = next(c for c in range(52) if c not in map(int, pending.gathered))
    for bad in (outcome, stranger):  # placed already, or never gathered
        with pytest.raises(LooError, match="not a gathered card left to place"):
            state.apply_action(bad)
        assert state.history() == history and state.chance_outcomes() == left


def test_the_strings_at_a_reshuffle_show_the_exchange_not_the_order() -> None:
    state = _at_reshuffle(FIVE, 4, gathered=2)
    pending = state.held.pending
    assert pending is not None
    n = state.table.players
    infos = [state.information_state_string(p) for p in range(n)]
    observed = [state.observation_string(p) for p in range(n)]
    assert pending.action.notation() in infos[pending.seat]
    assert all(f"exchanges {count(pending.action)} cards" in infos[p] for p in range(n) if p != pending.seat)
    # the stock in card order, and reversed: once the exchange is done, only the seat that drew sees a difference
    ordered = []
    for pick in (0, -1):
        done = state.clone()
        while done.held.pending is not None:
            done.apply_action(done.chance_outcomes()[pick][0])
            if done.held.pending is not None:  # every card placed but the last: no seat sees where
                assert [done.information_state_string(p) for p in range(n)] == infos
                assert [done.observation_string(p) for p in range(n)] == observed
        ordered.append(done)
    first, last = ordered
    assert first.held.reshuffles != last.held.reshuffles
    for p in range(n):
        if p != pending.seat:
            assert first.information_state_string(p) == last.information_state_string(p)
            assert first.observation_string(p) == last.observation_string(p)


@pytest.mark.parametrize("name", [FIVE, LOU])
def test_a_state_through_a_reshuffle_pickles_and_clones_to_the_same_state(name: str) -> None:
    game = pyspiel.load_game(name)
    waiting = _at_reshuffle(name, 6, gathered=2)
    waiting.apply_action(waiting.chance_outcomes()[0][0])  # half-way through the order
    after = _through(waiting, random.Random(7))
    for state in (waiting, after):
        n = state.table.players
        copies = [
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
            pickle.loads(pickle.dumps(state)),
            state.clone(),
        ]
        for copy in copies:
            assert str(copy) == str(state) and copy.history() == state.history()
            assert copy.held.reshuffles == state.held.reshuffles
            assert [copy.information_state_string(p) for p in range(n)] == [
                state.information_state_string(p) for p in range(n)
            ]
        # and each plays on as the original does, through any later reshuffle
        assert len({_play_out(s, random.Random(8)) for s in [*copies, state]}) == 1


def _play_out(state: adapter.LooState, rng: random.Random) -> tuple[str, ...]:
    seen = [str(state)]
    while not state.is_terminal():
        _step(state, rng)
        seen.append(str(state))
    return (*seen, str(state.returns()))


@pytest.mark.parametrize("name", [FIVE, LOU])
def test_resampling_after_a_reshuffle_the_seat_saw_keeps_its_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for seed in range(3):
        state = _through(_at_reshuffle(name, 10 + seed), random.Random(seed))
        if state.is_terminal():
            continue
        checked += 1
        seat = state.current_player()
        for _ in range(3):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.legal_actions() == state.legal_actions()
            # a state the replay machinery agrees with: its deck, the reshuffles in its record, and its pickle
            assert list(_deal(world).started.deck) == world.order
            assert world.held.reshuffles == [list(e.order) for e in _deal(world).events if type(e) is Reshuffled]
            assert len(world.held.reshuffles) == len(state.held.reshuffles)
            again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, world))[1]
            assert str(again) == str(world)
            rng = random.Random(seed)
            while not world.is_terminal():
                _step(world, rng)  # it plays on, through any later reshuffle
    assert checked


def test_resampling_while_a_reshuffle_waits_keeps_the_seats_information_state() -> None:
    state = _at_reshuffle(FIVE, 20)
    pending = state.held.pending
    assert pending is not None
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in {pending.seat, (pending.seat + 1) % state.table.players}:
        world = state.resample_from_infostate(seat, sampler)
        assert world.held.pending is not None and world.is_chance_node()
        assert world.information_state_string(seat) == state.information_state_string(seat)
