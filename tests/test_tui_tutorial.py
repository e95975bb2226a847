"""``loo tutorial`` on screen, driven headless through Textual's pilot: every tutorial is walked to its end by the
keys, answering one drill wrongly first to see its explanation, and the guided deal is played to its settlement.

No test waits for a length of time: each presses keys and lets the app process them (``pilot.pause``).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot

from lanterloo import parse_action
from lanterloo.rules import PRESET_NAMES
from lanterloo.tui.tutorial import GUIDED, PLAY, TutorialApp
from lanterloo.tutorial import TUTORIALS, Drill, Guided, GuidedPlay, Read, answer
from lanterloo.tutorial.table import action_name
from test_tui import feedback, settled, wait_until

SIZE = (100, 40)


def text_of(app: TutorialApp, ident: str) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(app.shown.get(ident, ""))
    return " ".join(out.getvalue().split())


def run(
    app: TutorialApp, script: Callable[[TutorialApp, Pilot[str]], Awaitable[None]], size: tuple[int, int] = SIZE
) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(go())


def key(index: int) -> str:
    return "0" if index == 9 else str(index + 1)


async def walk(app: TutorialApp, pilot: Pilot[str], *, wrong_once: bool = True) -> dict[str, int]:
    """Walk the open tutorial to its end; returns what was seen."""
    tut = app.tutorial
    assert tut is not None
    seen = {"read": 0, "drill": 0, "wrong": 0, "guided": 0}
    for _ in range(400):
        step = app.step
        if step is None:
            break
        assert text_of(app, "#tut-title") == step.title
        if isinstance(step, Read):
            assert step.text.split(".")[0] in text_of(app, "#tut-text")
            seen["read"] += 1
            await pilot.press("enter")
        elif isinstance(step, Drill):
            seen["drill"] += 1
            choices = step.choices()
            assert app.choices == choices
            best = parse_action(step.best)
            wrong = [a for a in choices if not step.is_right(a)]
            if wrong_once and not seen["wrong"] and wrong:
                await pilot.press(key(choices.index(wrong[0])))
                said = answer(step, wrong[0])
                shown = text_of(app, "#tut-feedback")
                assert shown.startswith("✗") and said.text.split(".")[0] in shown
                assert app.step is step, "a wrong answer does not move on"
                seen["wrong"] += 1
            await pilot.press(key(choices.index(best)))
            assert text_of(app, "#tut-feedback").startswith("✓")
            await pilot.press("enter")
        else:
            assert isinstance(step, Guided)
            assert step.intro in text_of(app, "#tut-text")
            assert "play this deal on the game's table" in text_of(app, "#tut-prompt")
            await pilot.press("enter")  # the deal itself is played on the game's screen (LessonApp)
            await pilot.pause()
            assert app.return_value == f"{GUIDED}{tut.name}"
            seen["guided"] += 1
            return seen
        await pilot.pause()
    raise AssertionError("the tutorial has no guided deal")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_tutorial_is_walked_to_the_end_by_its_keys(name: str) -> None:
    tut = TUTORIALS[name]

    async def script(app: TutorialApp, pilot: Pilot[str]) -> None:
        seen = await walk(app, pilot)
        assert seen["read"] == sum(isinstance(s, Read) for s in tut.steps)
        assert seen["drill"] == len(tut.drills()) and seen["wrong"] == 1
        assert seen["guided"] == 1

    app = TutorialApp(tut)
    run(app, script)
    assert app.return_value == f"{GUIDED}{name}"

    async def done(app: TutorialApp, pilot: Pilot[str]) -> None:  # back from the guided deal: the last page
        assert app.finished and app.step is None
        assert f"finished the {tut.title} tutorial" in text_of(app, "#tut-title")
        assert "docs/" not in text_of(app, "#tut-text")  # no path a pip install does not have
        await pilot.press("enter")  # opened on one tutorial: Enter closes it

    back = TutorialApp(tut, done=True)
    run(back, done)
    assert back.return_value == ""


def test_the_list_opens_a_tutorial_and_enter_without_an_answer_shows_it() -> None:
    async def script(app: TutorialApp, pilot: Pilot[str]) -> None:
        assert "Play a game" in text_of(app, "#tut-text")
        for t in TUTORIALS.values():
            assert t.title in text_of(app, "#tut-text")
        await pilot.press(key(list(TUTORIALS).index("lou")))
        await pilot.pause()
        assert app.tutorial is TUTORIALS["lou"]
        while not isinstance(app.step, Drill):
            await pilot.press("enter")
            await pilot.pause()
        drill = app.step
        assert isinstance(drill, Drill)
        await pilot.press("enter")  # no answer yet: the answer is shown, and the drill stays
        await pilot.pause()
        best = action_name(parse_action(drill.best), drill.position.rules())
        assert app.step is drill and text_of(app, "#tut-feedback").startswith(f"The answer: {best}.")
        await pilot.press("left")
        await pilot.pause()
        assert isinstance(app.step, Read)
        await pilot.press("escape")
        await pilot.pause()
        assert app.tutorial is None
        await pilot.press("p")

    app = TutorialApp(None, offer_play=True)
    run(app, script)
    assert app.return_value == PLAY


def test_a_card_can_be_clicked() -> None:
    tut = TUTORIALS["three-card"]

    async def script(app: TutorialApp, pilot: Pilot[str]) -> None:
        drill = next(i for i, s in enumerate(tut.steps) if isinstance(s, Drill) and s.title == "Follow and head")
        app.index = drill
        app.redraw()
        await pilot.pause()
        choices = app.choices
        await pilot.click(f"#card-{choices.index(parse_action('K♥'))}")
        await pilot.pause()
        assert text_of(app, "#tut-feedback").startswith("✓ Right")

    run(TutorialApp(tut), script)


def test_the_tutorial_fits_an_80_by_24_terminal() -> None:
    async def script(app: TutorialApp, pilot: Pilot[str]) -> None:
        await walk(app, pilot, wrong_once=False)

    run(TutorialApp(TUTORIALS["five-card"]), script, size=(80, 24))


@pytest.mark.parametrize(("chosen", "game_runs"), [(PLAY, True), ("", False)])
def test_loo_play_without_arguments_offers_the_tutorials_first(
    monkeypatch: pytest.MonkeyPatch, chosen: str, game_runs: bool
) -> None:
    from lanterloo.tui import command
    from lanterloo.tui.app import LooApp

    ran: list[str] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)

    def start(self: TutorialApp) -> str:
        assert self.offer_play and self.tutorial is None
        ran.append("start")
        return chosen

    def game(self: LooApp) -> int:
        ran.append("game")
        return 0

    monkeypatch.setattr(TutorialApp, "run", start)
    monkeypatch.setattr(LooApp, "run", game)
    assert command.main([]) == 0
    assert ran == (["start", "game"] if game_runs else ["start"])
    ran.clear()
    assert command.main(["--seed", "1"]) == 0
    assert ran == ["game"], "with arguments the game starts at once"


# --- the guided deal on the game's own screen (issue 24, item 2) ------------------------------------------------


def lesson_text(app: Any) -> str:
    from textual.widgets import Static

    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(app.query_one("#lesson", Static).content)
    return " ".join(out.getvalue().split())


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_COMMON_1_the_guided_deal_is_played_on_the_games_screen_with_the_lesson_beside_it(
    name: str, size: tuple[int, int]
) -> None:
    """The lesson's deal on LooApp's own board: the same position as the lesson's GuidedPlay (the same cards, the
    same bots), the lesson's reminder and the adviser's choice in its box at each turn, played by the hints to the
    summary; the lesson's box says so at the end, and q goes back."""
    from lanterloo.tui.lessonapp import LessonApp
    from lanterloo.tui.screens import SummaryScreen

    tut = TUTORIALS[name]
    guided = next(s for s in tut.steps if isinstance(s, Guided))
    reference = GuidedPlay(guided)
    reference.run_bots()
    app = LessonApp(tut, guided, delay=0)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_until(pilot, lambda: settled(app), "the bots have moved up to the learner")
            deal = app.game.deal
            assert deal is not None
            assert sorted(deal.view(0).hand) == sorted(reference.view().hand)  # the lesson's own cards
            assert app.screen.has_class("-lesson")
            said = lesson_text(app)
            assert guided.intro.split(".")[0] in said
            phase = deal.view(0).phase.name.lower()
            if guided.tips.get(phase):
                assert f"Remember: {guided.tips[phase]}".split(".")[0] in said
            assert "Hint:" in said
            for _ in range(40):
                if isinstance(app.screen, SummaryScreen) or app.game.deal is None or app.game.deal.is_over:
                    break
                await wait_until(pilot, lambda: settled(app), "the learner's turn")
                if app.game.deal is None or app.game.deal.is_over:
                    break
                _, decision = app.game.hint()
                assert app.do(decision.action)
                await pilot.pause()
            await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the deal's summary")
            assert app.game.session.deals_played == 1
            assert "The deal is over" in lesson_text(app)
            await pilot.press("enter")  # the summary closed: back to the lesson
            await pilot.pause()

    asyncio.run(go())
    assert app.return_value == 0


def test_a_lesson_deal_is_not_saved_and_q_goes_back_at_once() -> None:
    from lanterloo.tui.lessonapp import LessonApp

    tut = TUTORIALS["three-card"]
    guided = next(s for s in tut.steps if isinstance(s, Guided))
    app = LessonApp(tut, guided, delay=0)

    async def go() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await wait_until(pilot, lambda: settled(app), "the learner's turn")
            await pilot.press("s")
            await pilot.pause()
            assert "not saved" in feedback(app)
            await pilot.press("q")
            await pilot.pause()

    asyncio.run(go())
    assert app.return_value == 0


def test_run_tutorial_plays_the_guided_deal_then_comes_back_to_the_lessons_end(monkeypatch: pytest.MonkeyPatch) -> None:
    from lanterloo.tui import tutorial as tui_tutorial
    from lanterloo.tui.lessonapp import LessonApp

    ran: list[str] = []

    def tutorial_run(self: TutorialApp) -> str:
        assert self.tutorial is not None
        if self.finished:  # back from the deal, on the lesson's last page
            ran.append("done")
            return ""
        ran.append("steps")
        return f"{GUIDED}{self.tutorial.name}"

    def lesson_run(self: LessonApp) -> int:
        ran.append(f"deal of {self.tutorial.name} at {self.guided.title}")
        return 0

    monkeypatch.setattr(TutorialApp, "run", tutorial_run)
    monkeypatch.setattr(LessonApp, "run", lesson_run)
    assert tui_tutorial.run_tutorial(TUTORIALS["lou"]) == ""
    assert ran == ["steps", "deal of lou at A deal of Lou", "done"]
