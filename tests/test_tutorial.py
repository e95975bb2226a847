"""The tutorial's lessons are checked against the engine (issue 9, item 1): every drill's legal set is the engine's,
its best choice is legal and confirmed (by the adviser bot, by an exhaustive search of the deal, as the only legal
choice, or as the one card sure to take the trick), every choice offered has an explanation, and every guided deal
plays to its settlement. And the lessons start from nothing (issue 24, item 1): no step uses a word of the game
before the step that teaches it, no lesson text names a rule ID or a command-line option, and what a lesson says
about the rules comes from the rules in force."""

from __future__ import annotations

import re

import pytest

from lanterloo import Deal, Phase, Play, parse_action
from lanterloo.bots import make_bot
from lanterloo.engine import View
from lanterloo.ruleids import RULES
from lanterloo.rules import PRESET_NAMES, Rules
from lanterloo.tutorial import TUTORIALS, Drill, Guided, GuidedPlay, Read, Step, Tutorial, answer, find_tutorial
from lanterloo.tutorial.model import ADVISER
from lanterloo.tutorial.table import action_name, describe

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


def _after(deal: Deal, action: object, seat: int) -> Deal:
    after = deal.copy()
    after.apply(action, seat)  # type: ignore[arg-type]
    return after


def _takes_the_trick(deal: Deal, trick: int) -> bool:
    """Whether the learner takes trick number ``trick`` (from 0) whatever the others play to it (a minimax over the
    rest of that trick only)."""
    done = deal.view(None).tricks
    if len(done) > trick:
        return done[trick].winner == 0
    if deal.is_over:
        return False
    seat = deal.seats_to_act()[0]
    return all(_takes_the_trick(_after(deal, a, seat), trick) for a in deal.legal_actions(seat))


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
    elif drill.check == "wins":
        trick = len(view.tricks)
        sure = {action for action in engine if _takes_the_trick(_after(deal, action, 0), trick)}
        assert sure == {best}, "the best choice alone makes sure the learner takes this trick"
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


def test_a_refused_choice_is_explained_with_the_engines_reason_and_its_rule_kept_apart() -> None:
    drill = next(d for d in TUTORIALS["three-card"].drills() if d.title == "Follow and head")
    said = answer(drill, parse_action("5♥"))
    assert not said.right and said.rule == "LOO-PLAY-2"
    assert said.text.startswith("You must head the trick") and "the 5♥ is refused" in said.text
    assert "LOO-PLAY-2" not in said.text


# --- the lessons start from nothing -------------------------------------------------------------------------------

#: The words of the game a newcomer does not know: each, by its key in a step's ``teaches``, and how it is spotted
#: in a text (case matters for the Miss, the loo and Pam: "Mississippi" and "3-card Loo" are names, not the words).
JARGON: dict[str, re.Pattern[str]] = {
    "trick": re.compile(r"\btricks?\b", re.I),
    "trump": re.compile(r"\b(?:over)?trump(?:s|ed|ing)?\b", re.I),
    "follow": re.compile(r"\bfollow(?:s|ed|ing)?\b", re.I),
    "head": re.compile(r"\bhead(?:s|ed|ing)?\b", re.I),
    "void": re.compile(r"\bvoid\b", re.I),
    "looed": re.compile(r"\blooed\b|\bloos?\b"),
    "miss": re.compile(r"\bMiss\b"),
    "pool": re.compile(r"\bpools?\b", re.I),
    "pot": re.compile(r"\bpots?\b", re.I),
    "lead": re.compile(r"\blead(?:s|ing|er)?\b|\bled\b", re.I),
    "eldest": re.compile(r"\beldest\b", re.I),
    "pam": re.compile(r"\bPam\b(?!-Loo)"),
    "flush": re.compile(r"\bflush(?:es)?\b", re.I),
}
RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+\b")
STEPS = [(t, i) for t in TUTORIALS.values() for i in range(len(t.steps))]
STEP_IDS = [f"{t.name}-{i}-{t.steps[i].title}" for t, i in STEPS]


def shown(tut: Tutorial, index: int) -> list[str]:
    """Every text the learner meets at a step: its title, text, question, choices and their explanations (with
    the engine's reason for a refused one), a guided deal's introduction and tips, and the position's description
    in the words taught so far."""
    step = tut.steps[index]
    texts = [step.title]
    if isinstance(step, Read):
        texts.append(step.text)
    elif isinstance(step, Drill):
        rules = step.position.rules()
        texts += [step.text, step.prompt, *step.explain.values()]
        texts += [action_name(a, rules) for a in step.choices()]
        texts += [answer(step, a).text for a in step.choices()]
    else:
        texts += [step.intro, *step.tips.values()]
    position = getattr(step, "position", None)
    if position is not None:
        texts += describe(position.deal().view(0), known=tut.known(index))
    return texts


def teaches(step: Step) -> set[str]:
    """The words a step defines: those its ``teaches`` names, and those its title names."""
    named = {w for w, pattern in JARGON.items() if pattern.search(step.title)}
    return named | set(getattr(step, "teaches", ()))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_no_step_uses_a_word_of_the_game_before_the_step_that_teaches_it(name: str) -> None:
    tut = TUTORIALS[name]
    known: set[str] = set()
    for index, step in enumerate(tut.steps):
        known |= teaches(step)
        for text in shown(tut, index):
            early = [w for w, pattern in JARGON.items() if w not in known and pattern.search(text)]
            assert not early, (step.title, early, text)


def test_the_lessons_teach_from_a_trick_up() -> None:
    for tut in TUTORIALS.values():
        assert isinstance(tut.steps[0], Read) and not teaches(tut.steps[0]), tut.name
        order = [w for s in tut.steps for w in sorted(teaches(s))]
        assert order[:2] == ["lead", "trick"], (tut.name, order)
        for word in ("follow", "trump"):
            assert word in order, (tut.name, word)
        assert ("pot" if tut.name == "lou" else "points" if tut.name == "louse" else "pool") in order
        assert 8 <= len(tut.steps) <= 16, (tut.name, len(tut.steps))
        for step in tut.steps[1:-1]:
            assert isinstance(step, Drill), (tut.name, step.title, "each idea has its drill")
            assert step.text, (tut.name, step.title, "each drill says the idea it practises")


@pytest.mark.parametrize(("tut", "index"), STEPS, ids=STEP_IDS)
def test_no_lesson_text_names_a_rule_id_or_a_command_line_option(tut: Tutorial, index: int) -> None:
    for text in [tut.title, tut.summary, *shown(tut, index)]:
        assert not RULE_ID.search(text), (tut.steps[index].title, text)
        assert "--option" not in text and not re.search(r"(^|\s)--[a-z]", text), (tut.steps[index].title, text)


def test_the_rule_ids_a_step_stands_on_are_kept_as_data_and_catalogued() -> None:
    for tut in TUTORIALS.values():
        for step in tut.steps:
            for rule in getattr(step, "rules", ()):
                assert rule in RULES, (tut.name, step.title, rule)
        assert any(getattr(s, "rules", ()) for s in tut.steps), tut.name


def test_what_a_lesson_says_about_the_rules_comes_from_the_rules_in_force() -> None:
    from lanterloo.tutorial import basics

    fixed = basics.looed_drill(basics.Table("three-card"))
    unlimited = basics.looed_drill(basics.Table("three-card", options={"loo_penalty": "pool"}))
    assert "pays 3 chips into the pool" in fixed.text
    assert "pays as many chips as the pool held (here 12) into the pool" in unlimited.text
    assert "3 chips" in fixed.explain["play"] and "(here 12)" in unlimited.explain["play"]
    rams = basics.pool_drill(basics.Table("rams-loo", players=5, pool=6))
    assert rams.text.startswith("Before each deal only the dealer antes: he puts 3 chips on the table.")
    assert "the pool holds 9" in rams.text and "here 3 chips" in rams.text
    five = basics.pool_text(*_pool_of("five-card"))
    assert "puts 5 chips" in five and "the pool holds 20" in five and "five tricks" in five
    # the description of a position follows the house rule too
    view = unlimited.position.deal().view(0)
    assert "costs as many chips as the pool held (here 12)" in describe(view)[0]


def _pool_of(preset: str) -> tuple[Rules, View, int, int]:
    from lanterloo.tutorial import basics

    t = basics.Table(preset)
    pos = t.position({0: "A♠ Q♠ 9♥ 4♦ 2♣"}, 3)
    return (t.rules, pos.deal().view(0), t.players, 0)


def test_a_position_is_described_only_in_the_words_taught_so_far() -> None:
    tut = TUTORIALS["three-card"]
    at = next(i for i, s in enumerate(tut.steps) if s.title == "Following suit")
    view = tut.steps[at].position.deal().view(0)  # type: ignore[union-attr]
    early = describe(view, known=tut.known(at))
    assert early == ["Trick 1 so far: Basil 9♥, Cora Q♥, Dexter 2♣ (Cora's Q♥ is best).", "Your hand: A♣ 3♥ 5♥."]
    full = describe(view, known=None)
    assert full[0].startswith("The pool holds 12") and "Turn-up 7♠: spades are trumps." in full
    assert tut.known(len(tut.steps) - 1) is None, "the guided deal shows everything"


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
            assert not said.right and said.rule is not None and said.rule not in said.text and said.text
            assert play.deal.state_key() == before
            return
        play.play(play.advice().action)
    pytest.fail("no illegal card was ever in the hand")


def test_describe_names_the_stakes_trumps_and_hand_from_the_view() -> None:
    drill = next(d for d in TUTORIALS["lou"].drills() if d.title == "Matching the pot")
    lines = describe(drill.position.deal().view(0))
    assert lines[0].startswith("The pot holds 12, in three equal piles of 4") and "here 12" in lines[0]
    assert any("spades are trumps" in line for line in lines)
    assert lines[-1] == "Your hand: 2♣ 4♦ 7♥."
    louse = describe(TUTORIALS["louse"].drills()[0].position.deal().view(0))
    assert louse[0].startswith("Every card you take in a trick scores penalty points: ace 11, ten 10")
    assert "J♣, J♠, J♥ and J♦, the highest" in louse[1]


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


def test_COMMON_1_a_drills_declarations_keep_the_games_button_order_at_every_step() -> None:
    """In before Out, Play before Pass at every step: a number key means the same choice throughout a tutorial."""
    from lanterloo.tutorial.model import BUTTON_ORDER

    for tut in TUTORIALS.values():
        for step in tut.drills():
            choices = step.choices()
            if all(a in BUTTON_ORDER for a in choices):
                assert choices == sorted(choices, key=BUTTON_ORDER.index), (tut.name, step.title)
