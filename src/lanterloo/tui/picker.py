"""``loo play --resume`` with no file: choose a save from the list, newest first. A small Textual app of its own,
run before the game; it returns the chosen file, or None when the player leaves without choosing."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from lanterloo.termtext import escape
from lanterloo.tui.savefiles import SaveInfo


def option_text(info: SaveInfo) -> Text:
    """One save as the list shows it: the game, the table, how far it got, when, and the file's name."""
    name = escape(info.path.name)  # a file's name is anyone's text
    if info.problem is not None:
        return Text(f"{name}  cannot be opened: {escape(info.problem)}", style="dim")
    return Text.assemble(
        (info.title, "bold #ffd75f"),
        f"  {info.players} players · {info.state} · {info.date}",
        ("  " + name, "#8a8a8a"),
    )


class SavePicker(App[Path | None]):
    """The saves, newest first; Enter resumes the highlighted one, Esc (or q) leaves."""

    TITLE = "lanterloo"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { background: #121212; }
    #picker-title { height: auto; padding: 1 2 0 2; color: #ffd75f; text-style: bold; }
    #picker { height: 1fr; margin: 1 2; border: round #4e4e4e; }
    #picker-hint { height: 1; background: #262626; color: #8a8a8a; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "leave", "Leave")]

    def __init__(self, saves: list[SaveInfo], folder: Path) -> None:
        super().__init__()
        self.saves = saves
        self.folder = folder

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Resume a saved game ({self.folder})"), id="picker-title")
        yield OptionList(
            *(
                Option(option_text(info), id=str(i), disabled=info.problem is not None)
                for i, info in enumerate(self.saves)
            ),
            id="picker",
        )
        yield Static("↑ ↓ choose · ⏎ resume · Esc leave", id="picker-hint")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        first = next((i for i, info in enumerate(self.saves) if info.problem is None), None)
        options.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.exit(self.saves[int(event.option.id or 0)].path)

    def action_leave(self) -> None:
        self.exit(None)
