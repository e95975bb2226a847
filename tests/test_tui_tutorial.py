"""``loo tutorial`` on screen, driven headless through Textual's pilot: every tutorial is walked to its end by the
keys, answering one drill wrongly first to see its explanation, and the guided deal is played to its settlement.

No test waits for a length of time: each presses keys and lets the app process them (``pilot.pause``).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable

import pytest
from rich.console import Console
from textual.pilot import Pilot

from lanterloo import parse_action
from lanterloo.rules import PRESET_NAMES
from lanterloo.tui.tutorial import PLAY, TutorialApp
from lanterloo.tutorial import TUTORIALS, Drill, Guided, Read, answer
from lanterloo.tutorial.table import action_name

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
    seen = {"read": 0, "drill": 0, "wrong": 0, "guided moves": 0}
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
            play = app.play
            assert play is not None
            if play.over:
                assert "The deal is settled" in text_of(app, "#tut-prompt")
                assert play.result()[0] in text_of(app, "#tut-text")
                await pilot.press("enter")
                continue
            assert "would choose" in text_of(app, "#tut-text")
            advice = play.advice().action
            await pilot.press(key(app.choices.index(advice)))
            seen["guided moves"] += 1
        await pilot.pause()
    assert app.finished and app.step is None
    assert f"finished the {tut.title} tutorial" in text_of(app, "#tut-title")
    return seen


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_tutorial_is_walked_to_the_end_by_its_keys(name: str) -> None:
    tut = TUTORIALS[name]

    async def script(app: TutorialApp, pilot: Pilot[str]) -> None:
        seen = await walk(app, pilot)
        assert seen["read"] == sum(isinstance(s, Read) for s in tut.steps)
        assert seen["drill"] == len(tut.drills()) and seen["wrong"] == 1
        assert seen["guided moves"] >= 1
        await pilot.press("enter")  # opened on one tutorial: Enter closes it

    app = TutorialApp(tut)
    run(app, script)
    assert app.return_value == ""


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


def test_a_card_can_be_clicked_and_a_refused_card_in_the_guided_deal_is_explained() -> None:
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

    async def guided(app: TutorialApp, pilot: Pilot[str]) -> None:
        app.index = len(louse.steps) - 1
        app.redraw()
        await pilot.pause()
        play = app.play
        assert play is not None
        for _ in range(20):
            if play.over:
                break
            legal = set(play.deal.legal_actions(0))
            refused = [a for a in app.choices if a not in legal]
            if refused:
                before = play.deal.state_key()
                await pilot.press(key(app.choices.index(refused[0])))
                await pilot.pause()
                assert text_of(app, "#tut-feedback").startswith("✗") and play.deal.state_key() == before
                return
            await pilot.press(key(app.choices.index(play.advice().action)))
            await pilot.pause()
        pytest.fail("the guided deal never offered a refused card")

    run(TutorialApp(tut), script)
    louse = TUTORIALS["louse"]
    run(TutorialApp(louse), guided)


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
