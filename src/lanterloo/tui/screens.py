"""The game's dialogs and pages: the end-of-deal summary, asking for a file name, replacing another game's save,
quitting, and the rules page."""

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

    DEFAULT_CSS = """
    #summary-note { height: auto; color: #87d75f; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,n", "choose('next')", "Next deal"),
        Binding("s", "choose('save')", "Save"),
        Binding("e", "choose('export')", "Export"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('next')", show=False),
    ]

    def __init__(
        self, summary: RenderableType, table: RenderableType, over: str | None, note: RenderableType | None = None
    ) -> None:
        super().__init__()
        self.summary = summary
        self.table = table
        self.over = over
        self.note = note  # what saving or exporting from this summary did: the summary stays open after either

    def compose(self) -> ComposeResult:
        with Vertical(id="summary-box"):
            with VerticalScroll(id="summary-scroll", can_focus=False):
                yield Static(self.summary, id="summary")
                if self.over:
                    yield Static(Text(f"The session is over: {self.over}."), id="session-over")
                yield Static("Session", classes="section")
                yield Static(self.table, id="session-table")
            if self.note is not None:
                yield Static(Text(self.note) if isinstance(self.note, str) else self.note, id="summary-note")
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


class ReplaceScreen(ModalScreen[bool]):
    """The chosen file holds something else (another game's save, a file this game did not write): replace it only
    when told to."""

    DEFAULT_CSS = """
    ReplaceScreen { align: center middle; background: #000000 60%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose(True)", "Replace it"),
        Binding("n,escape", "choose(False)", "Keep it"),
    ]

    def __init__(self, what: str, title: str = "Replace another game's save?") -> None:
        super().__init__()
        self.what = what
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="replace-box", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(Text(self.what), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield FlatButton("Replace it  y", id="replace-yes", variant="error")
                yield FlatButton("Keep it, choose another name  n", id="replace-no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "replace-yes")

    def action_choose(self, replace: bool) -> None:
        self.dismiss(replace)


class RulesScreen(ModalScreen[None]):
    """The rules of the game being played, on the whole screen: the plain sentences of ``loo rules``, then the
    rules and options in force with their IDs. Scrolled from the keyboard; Esc (or r, or q) closes it."""

    DEFAULT_CSS = """
    RulesScreen { background: #121212; }
    #rules-page { height: 1fr; padding: 0 2; scrollbar-gutter: stable; }
    #rules-page-hint { height: 1; background: #262626; color: #8a8a8a; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "scroll('up')", "Up", show=False),
        Binding("down,j", "scroll('down')", "Down", show=False),
        Binding("pageup", "scroll('page_up')", "Page up", show=False),
        Binding("pagedown,space", "scroll('page_down')", "Page down", show=False),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "End", show=False),
        Binding("escape,r,q", "close", "Close"),
    ]

    def __init__(self, page: RenderableType) -> None:
        super().__init__()
        self.page = page

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-page", can_focus=False):
            yield Static(self.page, id="rules-page-text")
        yield Static("↑ ↓ PgUp PgDn Home End scroll · Esc closes", id="rules-page-hint")

    def action_scroll(self, how: str) -> None:
        page = self.query_one("#rules-page", VerticalScroll)
        {
            "up": page.scroll_up,
            "down": page.scroll_down,
            "page_up": page.scroll_page_up,
            "page_down": page.scroll_page_down,
            "home": page.scroll_home,
            "end": page.scroll_end,
        }[how](animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
