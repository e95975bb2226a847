"""The PettingZoo AEC environments (lanterloo.adapters.pettingzoo, docs/adapters.md "PettingZoo"): PettingZoo's own
api_test and seed_test for every preset, seeded deals, observations that hold only the seat's view, illegal
actions (the raw env refuses them unchanged, the wrapper ends the deal), and rewards that are the settlement."""

from __future__ import annotations

import pickle
import warnings
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from lanterloo.adapters import pettingzoo as lp  # noqa: E402
from lanterloo.engine import Deal  # noqa: E402
from lanterloo.errors import IllegalActionError, LooError  # noqa: E402

PRESETS = list(lp.PRESETS)


def _play(env: Any, seed: int) -> dict[str, float]:
    """Play one deal with seeded random legal actions; every agent's final reward (the wrapped or raw env)."""
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = float(reward)
            env.step(None)
            continue
        assert reward == 0
        env.step(env.action_space(agent).sample(observation["action_mask"]))
    return final


@pytest.mark.parametrize("preset", PRESETS)
def test_api_and_seed_tests(preset: str) -> None:
    module = lp.ENVIRONMENTS[preset]
    assert module.__name__.endswith(lp.env_name(preset))
    with warnings.catch_warnings():
        # PettingZoo's checker warns of any dict observation, the classic games' convention included
        warnings.filterwarnings("ignore", message="Observation")
        api_test(module.env(), num_cycles=100)
        seed_test(module.env, num_cycles=100)
    assert module.env().unwrapped.metadata["name"] == lp.env_name(preset)


@pytest.mark.parametrize("preset", PRESETS)
def test_same_seed_same_deal(preset: str) -> None:
    one, other = lp.ENVIRONMENTS[preset].raw_env(), lp.ENVIRONMENTS[preset].raw_env()
    assert _play(one, 7) == _play(other, 7)
    assert one.deal.actions == other.deal.actions and one.deal.started == other.deal.started
    _play(one, 8)
    assert one.deal.started != other.deal.started


@pytest.mark.parametrize("preset", PRESETS)
def test_observation_holds_only_the_seats_view(preset: str) -> None:
    # the same deal with two other seats' hands exchanged looks the same to player_0 (VIEW: its own hand only)
    env = lp.ENVIRONMENTS[preset].raw_env()
    env.reset(seed=3)
    if env.deal.phase.value == "ante":  # Lou: the dealer sets the ante before the cards are dealt
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    deal = env.deal
    started, n = deal.started, env.table.players
    hands = [deal.hand(s) for s in range(n)]
    a, b = 1, 2
    deck = list(started.deck)
    where = {c: i for i, c in enumerate(deck)}
    for x, y in zip(hands[a], hands[b], strict=True):
        deck[where[x]], deck[where[y]] = y, x
    first = env.observe("player_0")
    env.deal = Deal(env.table.rules, list(started.stacks), started.dealer, deck=deck)
    for seat, action in deal.actions:
        env.deal.apply(action, seat)
    assert env.deal.hand(a) == hands[b]
    second = env.observe("player_0")
    assert np.array_equal(first["observation"], second["observation"])
    assert not np.array_equal(first["observation"], env.observe(f"player_{a}")["observation"])


def test_lou_secret_commit_one_seat_at_a_time() -> None:
    # LOU-DECL-1: the seats commit one at a time in the AEC order, each seeing only that the others committed
    seen = []
    for choice in ("pass", "play"):
        env = lp.loo_lou_v0.raw_env(players=4)
        env.reset(seed=1)
        while env.deal.phase.value == "ante":
            env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
        assert env.deal.phase.value == "commit" and len(env.deal.seats_to_act()) > 1
        space = env.table.space
        first = env.agent_selection
        env.step(space.first_declaration + (0 if choice == "pass" else 1))
        assert env.agent_selection != first
        seen.append(env.observe(env.agent_selection))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = lp.loo_five_card_v0.raw_env()
    env.reset(seed=4)
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == env.agent_selection)


def test_raw_env_refuses_an_illegal_action_unchanged() -> None:
    env = lp.loo_three_card_v0.raw_env()
    env.reset(seed=5)
    agent = env.agent_selection
    before = (env.deal.actions, env.observe(agent)["observation"])
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"^Action {illegal} \(.+\) is not legal now: .+ \(LOO-[A-Z]+-\d+\)$"):
        env.step(illegal)
    with pytest.raises(LooError, match="outside 0 to"):
        env.step(env.table.space.size)
    assert env.agent_selection == agent and env.deal.actions == before[0]
    assert np.array_equal(env.observe(agent)["observation"], before[1])


def test_wrapped_env_ends_the_deal_on_an_illegal_action() -> None:
    env = lp.loo_three_card_v0.env()
    env.reset(seed=5)
    agent = env.agent_selection
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -100 and all(r == 0 for a, r in env.rewards.items() if a != agent)
    with pytest.raises(AssertionError):
        fresh = lp.loo_three_card_v0.env()
        fresh.reset(seed=5)
        fresh.step(999)  # outside the action space: AssertOutOfBoundsWrapper
    louse = lp.loo_louse_v0.env(illegal_reward=-7)
    louse.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        louse.step(int(np.flatnonzero(louse.last()[0]["action_mask"] == 0)[0]))
    assert min(louse.rewards.values()) == -7
    assert lp.loo_louse_v0.raw_env().table.worst < -100  # every penalty point of the pack


@pytest.mark.parametrize("preset", PRESETS)
def test_rewards_are_the_settlement(preset: str) -> None:
    # LOO-POOL-4, LOU-DECL-2, LOUSE-SCORE-1: each seat's reward is its chips won less what it paid and its ante
    # (Louse: minus its penalty points); chips are conserved, the rewards summing to minus what the pool kept
    env = lp.ENVIRONMENTS[preset].raw_env()
    for seed in range(5):
        final = _play(env, seed)
        deal, settled = env.deal, env.deal.settlement
        rewards = [final[f"player_{s}"] for s in range(env.table.players)]
        if preset == "louse":
            assert rewards == [-p for p in settled.points]
            continue
        assert rewards == [settled.net(s) - deal.started.antes[s] for s in range(env.table.players)]
        assert sum(rewards) == -deal.pool == -settled.pool_after


def test_house_variant_through_the_registry() -> None:
    from lanterloo.rules.registry import register_variant, unregister_variant

    register_variant("pz-house", base="five-card", options={"pam": "none"})
    try:
        env = lp.env("pz-house", players=4)
        assert env.unwrapped.metadata["name"] == "loo_pz_house_v0"
        assert env.unwrapped.table.rules.pam == "none"
        assert lp.make_env(variant="pz-house").unwrapped.table.space.civil == -1
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Observation")
            api_test(env, num_cycles=50)
    finally:
        unregister_variant("pz-house")


def test_options_and_table_pass_through_and_pickle() -> None:
    raw = lp.loo_three_card_v0.raw_env(players=3, stack=20, options={"ante": 2}, render_mode="ansi")
    assert raw.table.players == 3 and raw.table.stack == 20 and raw.table.rules.ante == 2
    again = pickle.loads(pickle.dumps(raw))
    assert type(again) is type(raw) and again.table == raw.table
    raw.reset(seed=0)
    text = raw.render()
    assert text is not None and "to act player_" in text
    with pytest.raises(LooError, match="played by"):
        lp.loo_louse_v0.raw_env(players=5)
    with pytest.raises(TypeError):
        lp.loo_louse_v0.raw_env(variant="lou")


def test_the_docs_example_runs() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "adapters.md").read_text(encoding="utf-8")
    body = text.split("\n## PettingZoo\n", 1)[1].split("\n## ", 1)[0]
    scope: dict[str, Any] = {}
    exec(body.split("```python\n", 1)[1].split("```", 1)[0], scope)
    assert not scope["env"].agents  # every agent stepped out at the end of the deal
