"""``loo tutorial``: the lessons of ``lanterloo.tutorial`` on a Textual screen, one step at a time.

A read step shows its text (and the position, described from the View); a drill offers its choices on the number
keys (cards as the game's card widgets, other choices as buttons) and explains each answer, right or wrong; the
guided deal at the end is played against bots with a tip at every choice. Everything said about the rules comes
from the lesson data (checked by tests against the engine) or from the engine itself. The list of tutorials opens
when no variant is given; ``loo play`` with no arguments opens it too, with "play a game" as its first entry.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, VerticalScroll
from textual.widgets import Button, Static

from lanterloo.actions import Action, Play, parse_action
from lanterloo.rules import Rules
from lanterloo.tui.screens import FlatButton
from lanterloo.tui.text import styled
from lanterloo.tui.widgets import CSS as GAME_CSS
from lanterloo.tui.widgets import MAX_CARDS, MAX_CHOICES, CardWidget
from lanterloo.tutorial import TUTORIALS, Drill, Guided, Read, Tutorial, answer
from lanterloo.tutorial.table import action_name, describe

#: What the app returns when the learner chose to play a game from the start list.
PLAY = "play"
#: ... and, followed by the tutorial's name, when the learner is to play its guided deal on the game's screen.
GUIDED = "guided:"

CSS = (
    GAME_CSS
    + """
#tut-status { height: 1; background: #262626; color: #d0d0d0; padding: 0 1; }
#tut-title { height: auto; padding: 1 1 0 1; color: #d7af5f; text-style: bold; }
#tut-body { height: 1fr; padding: 0 1; }
#tut-prompt { height: auto; min-height: 1; padding: 0 1; color: #ffd75f; text-style: bold; }
#tut-feedback { height: auto; min-height: 1; padding: 0 1; }
#tut-feedback.right { color: #87d75f; }
#tut-feedback.wrong { color: #ff8787; }
#tut-choices { layout: grid; grid-size: 4; grid-gutter: 0 1; height: auto; padding: 0 1; }
#tut-choices FlatButton { width: 100%; min-width: 4; height: 1; border: none; }
#tut-keys { height: 1; padding: 0 1; color: #8a8a8a; }
"""
)


def _key(index: int) -> str:
    return "0" if index == 9 else str(index + 1)


class TutorialApp(App[str]):
    """One tutorial, or the list of them (``tutorial=None``). Returns ``PLAY`` if the learner chose a game."""

    TITLE = "lanterloo tutorial"
    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(_key(i), f"choose({i})", show=False) for i in range(MAX_CARDS)),
        Binding("enter,space,right", "next", show=False),
        Binding("left,b", "previous", show=False),
        Binding("p", "play_game", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("escape", "menu", show=False),
        Binding("q,ctrl+q,ctrl+c", "quit_tutorial", show=False, priority=True),
    ]

    def __init__(
        self,
        tutorial: Tutorial | None = None,
        *,
        offer_play: bool = False,
        done: bool = False,
        from_menu: bool | None = None,
    ) -> None:
        """``done``: open on the tutorial's last page (back from its guided deal); ``from_menu``: whether Enter
        there goes back to the list (the default: when no tutorial was given)."""
        super().__init__()
        self.offer_play = offer_play
        self.tutorial = tutorial
        self.from_menu = tutorial is None if from_menu is None else from_menu
        self.index = len(tutorial.steps) - 1 if done and tutorial is not None else 0
        self.solved = False  # the drill on screen has been answered rightly (or its answer shown)
        self.finished = done  # the last step is done
        self.feedback: tuple[str, str] = ("", "")
        self.choices: list[Action] = []
        self.shown: dict[str, RenderableType] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="tut-status")
        yield Static(id="tut-title")
        with VerticalScroll(id="tut-body", can_focus=False):
            yield Static(id="tut-text")
        yield Static(id="tut-prompt")
        with Horizontal(id="hand"):
            for i in range(MAX_CARDS):
                yield CardWidget(i)
        with Container(id="tut-choices"):
            for i in range(MAX_CHOICES):
                yield FlatButton("", id=f"tut-choice-{i}")
        yield Static(id="tut-feedback")
        yield Static(id="tut-keys")

    def on_mount(self) -> None:
        self.redraw()

    # --- what is on screen -------------------------------------------------------------------------------------

    @property
    def step(self) -> Read | Drill | Guided | None:
        if self.tutorial is None or self.finished:
            return None
        return self.tutorial.steps[self.index]

    def redraw(self) -> None:
        tut = self.tutorial
        if tut is None:
            self._put("#tut-status", "lanterloo · tutorials")
            self._show_menu()
            return
        step = self.step
        where = "done" if step is None else f"step {self.index + 1} of {len(tut.steps)}"
        self._put("#tut-status", f"lanterloo tutorial · {tut.title} · {where}")
        if step is None:
            self._show_done(tut)
            return
        self._put("#tut-title", Text(step.title))
        if isinstance(step, Read):
            self._show_read(step)
        elif isinstance(step, Drill):
            self._show_drill(step)
        else:
            self._show_guided(step)
        kind, said = self.feedback
        fb = self.query_one("#tut-feedback", Static)
        fb.set_class(kind == "right", "right")
        fb.set_class(kind == "wrong", "wrong")
        self._put("#tut-feedback", styled(said))

    def _put(self, ident: str, what: RenderableType) -> None:
        """Show ``what`` in a Static, and keep it: the tests read what is on screen from ``shown``."""
        self.shown[ident] = what
        self.query_one(ident, Static).update(what)

    def _body(self, *parts: RenderableType) -> None:
        self._put("#tut-text", Group(*parts))

    def _lines(self, lines: list[str], style: str = "") -> Text:
        out = Text()
        for i, line in enumerate(lines):
            if i:
                out.append("\n")
            out.append_text(styled(line, style))
        return out

    def _show_menu(self) -> None:
        self._put("#tut-title", "Learn a game: a short tutorial for each")
        rows = Text()
        if self.offer_play:
            rows.append("p  ", style="bold #ffd75f")
            rows.append("Play a game of 3-card Loo against bots\n\n")
        for i, t in enumerate(TUTORIALS.values()):
            rows.append(f"{_key(i)}  ", style="bold #ffd75f")
            rows.append(f"{t.title}", style="bold")
            rows.append(f": {t.summary}\n")
        self._body(rows)
        self._put("#tut-prompt", "Choose a tutorial by its number.")
        self._set_choices([])
        self._put("#tut-feedback", "")
        self._keys("1 … 7 choose" + (" · p play" if self.offer_play else "") + " · q quit")

    def _show_done(self, tut: Tutorial) -> None:
        self._put("#tut-title", Text(f"You have finished the {tut.title} tutorial"))
        self._body(
            Text(
                f"To play {tut.title} for real: loo play --variant {tut.name}\nThe rules in full: loo rules {tut.name}."
            )
        )
        self._put("#tut-prompt", "")
        self._set_choices([])
        self._keys(("Enter: back to the list" if self.from_menu else "Enter: close") + " · q quit")

    def _known(self) -> frozenset[str] | None:
        """The words taught so far: a position's description uses no other (``describe``)."""
        return self.tutorial.known(self.index) if self.tutorial is not None else None

    def _show_read(self, step: Read) -> None:
        parts: list[RenderableType] = [Text(step.text)]
        if step.position is not None:
            view = step.position.deal().view(0)
            parts += [Text(""), self._lines(describe(view, known=self._known()), "#87afd7")]
        self._body(*parts)
        self._put("#tut-prompt", "")
        self._set_choices([])
        self._keys("Enter next · ← back" + (" · Esc list" if self.from_menu else "") + " · q quit")

    def _show_drill(self, step: Drill) -> None:
        view = step.position.deal().view(0)
        kind = "Pick a legal card" if step.kind == "legal" else "Pick the best choice"
        lesson: list[RenderableType] = [Text(step.text), Text("")] if step.text else []
        self._body(
            *lesson, Text(kind, style="italic #8a8a8a"), self._lines(describe(view, known=self._known()), "#87afd7")
        )
        self._put("#tut-prompt", Text(step.prompt))
        choices = step.choices()
        self._set_choices(choices, step.position.rules())
        n = len(choices)
        self._keys(f"1 … {_key(n - 1)} answer · Enter " + ("next" if self.solved else "show the answer") + " · ← back")

    def _show_guided(self, step: Guided) -> None:
        """The lesson's last step: what the guided deal is, its reminders, and Enter to play it on the game's own
        table (``LessonApp``), with the lesson beside it."""
        tips = Text()
        for phase, tip in step.tips.items():
            tips.append(f"{phase.capitalize()}: ", style="bold #d7af5f")
            tips.append(f"{tip}\n")
        self._body(Text(step.intro, style="italic"), Text(""), tips)
        self._put("#tut-prompt", "Enter: play this deal on the game's table, with the lesson beside it.")
        self._set_choices([])
        self._keys("Enter play the deal · ← back · q quit")

    def _set_choices(self, choices: list[Action], rules: Rules | None = None, legal: set[Action] | None = None) -> None:
        """The choices on the number keys: cards as card widgets, anything else as buttons."""
        self.choices = choices
        cards = bool(choices) and all(isinstance(a, Play) for a in choices)
        for i, widget in enumerate(self.query(CardWidget)):
            action = choices[i] if cards and i < len(choices) else None
            card = action.card if isinstance(action, Play) else None
            ok = None if legal is None or action is None else action in legal
            widget.show(card, legal=ok, selected=False, cursor=False, trump=False, short=False)
        self.query_one("#hand").display = cards and bool(choices)
        buttons = list(self.query("#tut-choices FlatButton").results(FlatButton))
        for i, button in enumerate(buttons):
            shown = not cards and i < len(choices)
            button.display = shown
            if shown:
                button.label = f"{action_name(choices[i], rules) if rules else str(choices[i])}  {_key(i)}"
        self.query_one("#tut-choices").display = not cards and bool(choices)

    def _keys(self, text: str) -> None:
        self._put("#tut-keys", text)

    # --- keys -------------------------------------------------------------------------------------------------

    def action_choose(self, index: int) -> None:
        if self.tutorial is None:
            names = list(TUTORIALS)
            if index < len(names):
                self._open(TUTORIALS[names[index]])
            return
        step = self.step
        if index >= len(self.choices) or step is None:
            return
        action = self.choices[index]
        if isinstance(step, Drill):
            said = answer(step, action)
            if said.right:
                self.solved = True
            mark = "✓ " if said.right else "✗ "
            more = " Enter: next." if said.right else " Try again."
            self.feedback = ("right" if said.right else "wrong", mark + said.text + more)
        self.redraw()

    def on_card_widget_chosen(self, message: CardWidget.Chosen) -> None:
        self.action_choose(message.index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        ident = event.button.id or ""
        if ident.startswith("tut-choice-"):
            self.action_choose(int(ident.removeprefix("tut-choice-")))

    def action_next(self) -> None:
        tut = self.tutorial
        if tut is None:
            return
        step = self.step
        if step is None:
            if self.from_menu:
                self.tutorial = None
                self.redraw()
            else:
                self.exit("")
            return
        if isinstance(step, Drill) and not self.solved:
            right = answer(step, parse_action(step.best))
            self.solved = True
            self.feedback = (
                "right",
                f"The answer: {action_name(parse_action(step.best), step.position.rules())}. {right.text} Enter: next.",
            )
            self.redraw()
            return
        if isinstance(step, Guided):
            self.exit(f"{GUIDED}{tut.name}")  # run_tutorial plays it on the game's screen, then comes back
            return
        self._advance(1)

    def action_previous(self) -> None:
        if self.tutorial is None or self.finished or self.index == 0:
            return
        self._advance(-1)

    def _advance(self, by: int) -> None:
        assert self.tutorial is not None
        self.index += by
        self.solved = False
        self.feedback = ("", "")
        if self.index >= len(self.tutorial.steps):
            self.index = len(self.tutorial.steps) - 1
            self.finished = True
        self.redraw()

    def _open(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.index = 0
        self.solved = False
        self.finished = False
        self.feedback = ("", "")
        self.redraw()

    def action_scroll(self, lines: int) -> None:
        body = self.query_one("#tut-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + lines, animate=False)

    def action_play_game(self) -> None:
        if self.tutorial is None and self.offer_play:
            self.exit(PLAY)

    def action_menu(self) -> None:
        if self.from_menu and self.tutorial is not None:
            self.tutorial = None
            self.redraw()

    def action_quit_tutorial(self) -> None:
        self.exit("")


def run_tutorial(tutorial: Tutorial | None = None, *, offer_play: bool = False) -> str:
    """The tutorials as ``loo tutorial`` runs them: the lesson's steps, then its guided deal on the game's own
    screen (``LessonApp``), then back to the lesson's last page. Returns ``PLAY`` if the learner chose a game."""
    from lanterloo.tui.lessonapp import LessonApp  # the game's screen loads only for a guided deal

    app = TutorialApp(tutorial, offer_play=offer_play)
    from_menu = tutorial is None
    while True:
        result = app.run() or ""
        if not result.startswith(GUIDED):
            return result
        tut = TUTORIALS[result.removeprefix(GUIDED)]
        guided = next(s for s in tut.steps if isinstance(s, Guided))
        LessonApp(tut, guided).run()
        app = TutorialApp(tut, offer_play=offer_play, done=True, from_menu=from_menu)
