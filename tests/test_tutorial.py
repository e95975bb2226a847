"""The tutorial's lessons are checked against the engine (issue 9, item 1): every drill's legal set is the engine's,
its best choice is legal and confirmed (by the adviser bot, by an exhaustive search of the deal, or as the only
legal choice), every choice offered has an explanation, and every guided deal plays to its settlement."""

from __future__ import annotations

import pytest

from lanterloo import Deal, Phase, Play, parse_action
from lanterloo.bots import make_bot
from lanterloo.ruleids import RULES
from lanterloo.rules import PRESET_NAMES
from lanterloo.tutorial import TUTORIALS, Drill, Guided, GuidedPlay, Read, answer, find_tutorial
from lanterloo.tutorial.model import ADVISER, describe

DRILLS = [(t.name, i, d) for t in TUTORIALS.values() for i, d in enumerate(t.steps) if isinstance(d, Drill)]
IDS = [f"{name}-{i}-{d.title}" for name, i, d in DRILLS]


def test_every_preset_has_a_tutorial_with_drills_of_both_kinds_and_a_guided_deal_at_the_end() -> None:
    assert tuple(TUTORIALS) == PRESET_NAMES
    for tut in TUTORIALS.values():
        assert isinstance(tut.steps[-1], Guided), tut.name
        kinds = {d.kind for d in tut.drills()}
        assert kinds == {"legal", "best"}, tut.name
        assert any(isinstance(s, Read) for s in tut.steps)
        for step in tut.steps:
            position = getattr(step, "position", None)
            if position is not None:
                assert position.rules().preset == tut.name, (tut.name, step.title)


def _value(deal: Deal, seat: int) -> int:
    """The most the learner can be sure of from here, whatever the others do: chips in the pool games, minus
    penalty points in Louse. A plain minimax over every legal continuation of the (fully known) fixed deal."""
    if deal.is_over:
        st = deal.settlement
        assert st is not None
        return -st.points[seat] if deal.rules.game == "louse" else deal.stacks[seat]
    acting = deal.seats_to_act()[0]
    values = []
    for action in deal.legal_actions(acting):
        after = deal.copy()
        after.apply(action, acting)
        values.append(_value(after, seat))
    return max(values) if acting == 0 else min(values)


@pytest.mark.parametrize(("name", "index", "drill"), DRILLS, ids=IDS)
def test_a_drill_states_the_engines_legal_set_and_a_confirmed_best_choice(name: str, index: int, drill: Drill) -> None:
    deal = drill.position.deal()
    assert 0 in deal.seats_to_act(), "the learner (seat 0) is to act at a drill"
    engine = set(deal.legal_actions(0))
    offered = drill.choices()
    assert len(set(offered)) == len(offered)
    view = deal.view(0)
    if view.phase is Phase.PLAY:
        assert offered == [Play(c) for c in view.hand] or set(offered) == {Play(c) for c in view.hand}
    elif view.phase is not Phase.EXCHANGE:
        assert engine <= set(offered), "every legal declaration is offered and explained"
    # the lesson's legal set is exactly the engine's, among what is offered
    assert {parse_action(a) for a in drill.legal} == engine & set(offered)
    best = parse_action(drill.best)
    assert best in engine and best in offered
    if drill.kind == "legal":
        pass  # any legal choice is right; ``best`` is only the one the answer leads to
    elif drill.check == "bot":
        assert make_bot(ADVISER, 0).decide(view).action == best
    elif drill.check == "only":
        assert engine == {best}
    else:
        values = {}
        for action in engine:
            after = deal.copy()
            after.apply(action, 0)
            values[action] = _value(after, 0)
        assert values[best] == max(values.values())
        assert sorted(values.values()).count(values[best]) == 1, "the best choice is strictly the best"
    # every explanation is judged as the engine judges the move
    for action in offered:
        said = answer(drill, action)
        assert said.text
        if action not in engine:
            assert not said.right and said.rule is not None
        else:
            assert said.right == (action == best if drill.kind == "best" else True)


def test_a_refused_choice_is_explained_with_the_engines_reason_and_rule() -> None:
    drill = next(d for d in TUTORIALS["three-card"].drills() if d.title == "Follow and head")
    said = answer(drill, parse_action("5♥"))
    assert not said.right and said.rule == "LOO-PLAY-2"
    assert "(LOO-PLAY-2)" in said.text and "the 5♥ is refused" in said.text


def test_lesson_texts_cite_only_catalogued_rule_ids() -> None:
    import re

    for tut in TUTORIALS.values():
        for step in tut.steps:
            texts = [getattr(step, "text", ""), getattr(step, "intro", ""), getattr(step, "prompt", "")]
            texts += list(getattr(step, "explain", {}).values()) + list(getattr(step, "tips", {}).values())
            for text in texts:
                for rule in re.findall(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b", text):
                    assert rule in RULES, (tut.name, step.title, rule)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_guided_deal_plays_to_its_settlement_on_the_advice(name: str) -> None:
    guided = TUTORIALS[name].steps[-1]
    assert isinstance(guided, Guided)
    play = GuidedPlay(guided)
    play.run_bots()
    turns = 0
    while not play.over:
        assert play.to_act()
        tip = play.tip()
        assert any("would choose" in line for line in tip)
        advice = play.advice().action
        assert advice in play.choices(), "the advice is one of the choices on screen"
        said = play.play(advice)
        assert said.right
        turns += 1
    assert turns >= 1
    assert play.result(), "the settlement is told"
    assert play.deal.settlement is not None


def test_a_guided_deal_refuses_an_illegal_card_with_the_engines_reason() -> None:
    guided = TUTORIALS["louse"].steps[-1]
    assert isinstance(guided, Guided)
    play = GuidedPlay(guided)
    play.run_bots()
    while not play.over:
        legal = set(play.deal.legal_actions(0))
        wrong = [a for a in play.choices() if a not in legal]
        if wrong:
            before = play.deal.state_key()
            said = play.play(wrong[0])
            assert not said.right and said.rule is not None and f"({said.rule})" in said.text
            assert play.deal.state_key() == before
            return
        play.play(play.advice().action)
    pytest.fail("no illegal card was ever in the hand")


def test_describe_names_the_stakes_trumps_and_hand_from_the_view() -> None:
    drill = TUTORIALS["lou"].drills()[0]
    lines = describe(drill.position.deal().view(0))
    assert lines[0].startswith("The pot holds 12: three piles of 4") and "match of 12" in lines[0]
    assert any("spades are trumps" in line for line in lines)
    assert lines[-1] == "Your hand: 2♣ 4♦ 7♥."


def test_find_tutorial_takes_aliases_and_refuses_anything_else() -> None:
    assert find_tutorial("loo").name == "three-card"
    assert find_tutorial("pam-loo").name == "five-card"
    with pytest.raises(ValueError, match="no tutorial 'nope'"):
        find_tutorial("nope")


def test_loo_tutorial_list_prints_every_tutorial(capsys: pytest.CaptureFixture[str]) -> None:
    from lanterloo.cli import main

    assert main(["tutorial", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == list(PRESET_NAMES)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["tutorial", "nope"], "There is no tutorial 'nope': choose one of three-card,"),
        (["tutorial", "lou"], "The tutorial needs a terminal"),
        (["tutorial", "--list", "lou"], "takes no variant"),
    ],
)
def test_loo_tutorial_refuses_in_one_sentence_with_status_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from lanterloo.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO())
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and err.rstrip().endswith(".")
