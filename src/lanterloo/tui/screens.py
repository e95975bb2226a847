"""The game's dialogs: the end-of-deal summary, asking for a file name, and quitting."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static


class FlatButton(Button, can_focus=False):
    """A button that never takes the keyboard focus, so the game's keys always reach the game."""


class SummaryScreen(ModalScreen[str]):
    """After each deal: what happened, and the session so far. Dismisses with "next", "save", "export" or
    "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,n", "choose('next')", "Next deal"),
        Binding("s", "choose('save')", "Save"),
        Binding("e", "choose('export')", "Export"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('next')", show=False),
    ]

    def __init__(self, summary: RenderableType, table: RenderableType, over: str | None) -> None:
        super().__init__()
        self.summary = summary
        self.table = table
        self.over = over

    def compose(self) -> ComposeResult:
        with Vertical(id="summary-box"):
            with VerticalScroll(id="summary-scroll", can_focus=False):
                yield Static(self.summary, id="summary")
                if self.over:
                    yield Static(Text(f"The session is over: {self.over}."), id="session-over")
                yield Static("Session", classes="section")
                yield Static(self.table, id="session-table")
            with Horizontal(id="summary-buttons"):
                label = "Finish  ⏎" if self.over else "Next deal  ⏎"
                yield FlatButton(label, id="sum-next", variant="primary")
                yield FlatButton("Save  s", id="sum-save")
                yield FlatButton("Export history  e", id="sum-export")
                yield FlatButton("Quit  q", id="sum-quit", variant="error")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "sum-next").removeprefix("sum-"))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


class PathScreen(ModalScreen[str | None]):
    """Ask for a file name (pre-filled); dismisses with the path, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, default: str) -> None:
        super().__init__()
        self.question = question
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="path-box", classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")
            yield Input(self.default, id="path-input")
            yield Static("⏎ confirm · Esc cancel", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        self.dismiss(value or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Quitting with unsaved progress: dismisses with "save", "quit" or "stay"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('save')", "Save and quit"),
        Binding("q,y", "choose('quit')", "Quit without saving"),
        Binding("escape,n", "choose('stay')", "Keep playing"),
    ]

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box", classes="dialog"):
            yield Static("Quit the game?", classes="dialog-title")
            yield Static(Text(self.what), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield FlatButton("Save and quit  s", id="quit-save", variant="primary")
                yield FlatButton("Quit without saving  q", id="quit-quit", variant="error")
                yield FlatButton("Keep playing  Esc", id="quit-stay")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "quit-stay").removeprefix("quit-"))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
