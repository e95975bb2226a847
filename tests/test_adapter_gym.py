"""The Gymnasium environment (lanterloo.adapters.gym, docs/adapters.md "Gymnasium"): gymnasium's own checker for
every preset, seeded episodes, observations that hold nothing hidden, illegal actions refused without a change, and
rewards that are the engine's settlement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from lanterloo.actions import PASS, STAND  # noqa: E402
from lanterloo.adapters.envtable import EnvTable  # noqa: E402
from lanterloo.adapters.gym import ENV_ID, LooEnv  # noqa: E402
from lanterloo.bots import worlds  # noqa: E402
from lanterloo.engine import Deal, Phase, deck_for  # noqa: E402
from lanterloo.errors import IllegalActionError, LooError  # noqa: E402

PRESETS = [
    ("three-card", 5),
    ("mississippi", 5),
    ("irish", 5),
    ("rams-loo", 5),
    ("five-card", 4),
    ("lou", 5),
    ("louse", 4),
]


def _episode(env: LooEnv, seed: int, pick: int = 0) -> tuple[list[Any], float, Deal]:
    """Play one episode choosing the legal index ``pick`` places into the mask (wrapping); the observations seen
    and the final reward."""
    obs, info = env.reset(seed=seed)
    seen = [obs]
    while True:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[pick % len(legal)]))
        seen.append(obs)
        assert not truncated
        if terminated:
            assert env.deal is not None
            return seen, float(reward), env.deal
        assert reward == 0


@pytest.mark.parametrize(("variant", "players"), PRESETS)
def test_check_env_every_preset(variant: str, players: int) -> None:
    # check_env steps unmasked random actions, which the default policy refuses with an error: "refuse" answers
    # them with the unchanged state instead
    env = LooEnv(variant=variant, players=players, opponents="balanced", illegal="refuse")
    check_env(env, skip_render_check=True)
    assert env.observation_space.shape == (env.table.size,)
    assert env.action_space.n == env.table.space.size


def test_make_through_the_registry_passes_options() -> None:
    env = gymnasium.make(ENV_ID, variant="three-card", players=4, opponents="random", options={"ante": 2})
    obs, info = env.reset(seed=1)
    assert obs.dtype == np.float32 and info["action_mask"].dtype == np.int8
    assert env.unwrapped.table.rules.ante == 2
    assert env.unwrapped.table.players == 4


@pytest.mark.parametrize(("variant", "players"), PRESETS)
def test_same_seed_same_episode(variant: str, players: int) -> None:
    a = LooEnv(variant=variant, players=players, opponents=["random"] + ["balanced"] * (players - 2), seat=1)
    b = LooEnv(variant=variant, players=players, opponents=["random"] + ["balanced"] * (players - 2), seat=1)
    for seed in (3, 4):
        seen_a, reward_a, deal_a = _episode(a, seed, pick=seed)
        seen_b, reward_b, deal_b = _episode(b, seed, pick=seed)
        assert reward_a == reward_b
        assert deal_a.actions == deal_b.actions
        assert all(np.array_equal(x, y) for x, y in zip(seen_a, seen_b, strict=True))
    # and an unseeded reset continues the seeded stream rather than repeating it
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.reset()[1]["view"] == b.reset()[1]["view"]


@pytest.mark.parametrize(("variant", "players"), PRESETS)
def test_observation_holds_nothing_hidden(variant: str, players: int) -> None:
    # two deals that differ only in the cards of two other seats look the same to seat 0 (VIEW: only its own hand)
    table = EnvTable.of(variant, players, 100, None)
    start = worlds.Start(table.rules, (100,) * players, dealer=players - 1)
    place = worlds.layout(start)
    deck = list(deck_for(table.rules, players))
    swapped = deck.copy()
    for i, j in zip(place.hands[1], place.hands[2], strict=True):
        swapped[i], swapped[j] = deck[j], deck[i]
    one, other = start.deal(deck), start.deal(swapped)
    for deal in (one, other):
        if deal.phase is Phase.ANTE:  # Lou's dealer sets the ante before the cards are dealt (LOU-ANTE-2)
            deal.apply(deal.legal_actions()[0])
    assert one.hand(1) != other.hand(1)
    assert np.array_equal(table.observe(one.view(0)), table.observe(other.view(0)))
    assert not np.array_equal(table.observe(one.view(1)), table.observe(other.view(1)))


def test_lou_commit_is_secret_from_the_learning_seat() -> None:
    # LOU-DECL-1: the others' In or Out is hidden until the reveal, so a seat's observation at its commit is the
    # same whatever the seat before it chose
    table = EnvTable.of("lou", 4, 100, None)
    results = []
    for choice in (PASS, STAND):
        deal = Deal(table.rules, [100] * 4, 0, seed=5)
        while deal.phase is Phase.ANTE:
            deal.apply(deal.legal_actions()[0])
        assert deal.phase is Phase.COMMIT
        first, later = deal.seats_to_act()[0], deal.seats_to_act()[-1]
        deal.apply(choice, first)
        results.append(table.observe(deal.view(later)))
    assert np.array_equal(*results)


def test_illegal_action_one_sentence_and_no_change() -> None:
    env = LooEnv(variant="three-card", players=5, opponents="random")
    _, info = env.reset(seed=11)
    assert env.deal is not None
    before = (env.deal.actions, env.deal.view(0))
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError) as err:
        env.step(illegal)
    text = str(err.value)
    assert text.startswith(f"Action {illegal} (") and "is not legal now: " in text
    assert text.endswith(f"({err.value.rule_id})") and text.count(". ") == 0
    for bad, words in ((999, "is outside 0 to"), (-1, "is outside 0 to"), (1.0, "a whole number"), (True, "whole")):
        with pytest.raises(LooError, match=words):
            env.step(bad)  # type: ignore[arg-type]
    assert (env.deal.actions, env.deal.view(0)) == before
    # the state is the one reset gave: playing on from it gives the same episode as a fresh env with the seed
    assert np.array_equal(env.step(int(np.flatnonzero(info["action_mask"])[0]))[0], _first_step(11))


def _first_step(seed: int) -> Any:
    env = LooEnv(variant="three-card", players=5, opponents="random")
    _, info = env.reset(seed=seed)
    return env.step(int(np.flatnonzero(info["action_mask"])[0]))[0]


def test_illegal_refuse_policy_returns_the_same_state() -> None:
    env = LooEnv(variant="louse", players=4, opponents="random", illegal="refuse")
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, truncated, after = env.step(illegal)
    assert np.array_equal(obs, again) and reward == 0 and not terminated and not truncated
    assert after["illegal"].startswith(f"Action {illegal} ") and after["view"] == info["view"]


def test_a_deal_without_a_decision_is_skipped() -> None:
    # LOO-DECL-3: when the learning seat deals and everyone before it passes, it takes the pool without play and has
    # nothing to decide: reset deals again and reports the skipped deal and its result
    env = LooEnv(variant="three-card", players=3, opponents="random")
    for seed in range(300):
        _, info = env.reset(seed=seed)
        if info["skipped"]:
            break
    else:
        pytest.fail("no deal was skipped in 300 seeds")
    assert info["skipped"] >= 1 and info["skipped_reward"] > 0
    assert info["action_mask"].any() and env.deal is not None and not env.deal.is_over


def test_step_after_the_end_is_refused() -> None:
    env = LooEnv(variant="three-card", players=3, opponents="random")
    with pytest.raises(LooError, match="call reset"):
        env.step(0)
    _episode(env, 5)
    with pytest.raises(LooError, match="call reset"):
        env.step(0)


@pytest.mark.parametrize(("variant", "players"), PRESETS)
def test_reward_is_the_settlement(variant: str, players: int) -> None:
    # LOO-POOL-4, LOU-DECL-2, LOUSE-SCORE-1: the reward is the seat's chips won less its payments and ante
    # (Louse: minus its penalty points); chips are conserved: the seats' results sum to minus what the pool kept
    for seat in range(players):
        env = LooEnv(variant=variant, players=players, opponents="random", seat=seat)
        for seed in range(4):
            _, reward, deal = _episode(env, seed, pick=seed + seat)
            settled = deal.settlement
            assert settled is not None
            if variant == "louse":
                assert reward == -settled.points[seat]
                continue
            ante = deal.started.antes[seat]
            assert reward == settled.net(seat) - ante == deal.stacks[seat] - 100
            assert sum(b - 100 for b in deal.stacks) == -deal.pool


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(LooError, match="played by"):
        LooEnv(variant="louse", players=5)
    with pytest.raises(LooError, match="learning seat"):
        LooEnv(players=3, seat=3)
    with pytest.raises(LooError, match="one bot name for every other seat"):
        LooEnv(players=4, opponents=["random", "bold"])
    with pytest.raises(LooError, match="Unknown bot"):
        LooEnv(opponents="grandmaster")
    with pytest.raises(LooError, match="Unknown variant"):
        LooEnv(variant="whist")
    with pytest.raises(LooError, match="cover the ante"):
        LooEnv(stack=0)
    with pytest.raises(LooError, match="illegal-action policy"):
        LooEnv(illegal="ignore")


def test_house_variant_through_the_registry() -> None:
    from lanterloo.rules.registry import register_variant, unregister_variant

    register_variant("gym-house", base="three-card", options={"loo_penalty": "fixed"})
    try:
        env = LooEnv(variant="gym-house", opponents="random")
        assert env.table.rules.preset == "gym-house" and env.table.rules.loo_penalty == "fixed"
        _episode(env, 1)
    finally:
        unregister_variant("gym-house")


def test_render_ansi() -> None:
    env = LooEnv(variant="three-card", opponents="random", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text is not None and text.startswith("seat 0; ")


def _doc_example(section: str) -> str:
    text = (Path(__file__).resolve().parents[1] / "docs" / "adapters.md").read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return body.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    exec(_doc_example("Gymnasium"), {})
    assert "chips a deal" in capsys.readouterr().out


def test_the_envspeed_bench_runs() -> None:
    # bench/envspeed.py's harness: every kind measured, the report whole (no timing is asserted)
    from bench import envspeed

    results = envspeed.measure(("three-card", "lou"), rounds=1, seconds=0.01)
    for kinds in results.values():
        assert all(rate.steps > 0 and rate.actions >= rate.steps for rates in kinds.values() for rate in rates)
    lines = envspeed.report(results)
    assert len(lines) == 4 and lines[2].startswith("three-card") and lines[3].startswith("lou")
