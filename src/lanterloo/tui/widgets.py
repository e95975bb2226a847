"""The terminal game's look: its style sheet, the list of keys, and the widget of one card in the hand."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from lanterloo.cards import Card
from lanterloo.tui.text import card_style

MAX_CARDS = 10  # three-handed Louse deals ten
SPEEDS = (0.0, 0.15, 0.3, 0.5, 0.8, 1.2, 2.0)
# Buttons for choices the game has no key of its own for (any new kind of decision), by their name.
MAX_CHOICES = 10

# (keys, what they do): the help panel and docs/terminal-game.md list the same keys.
KEY_HELP: tuple[tuple[str, str], ...] = (
    ("1 … 9, 0", "play the card in that position (exchange: mark it to throw away; any other choice: pick it)"),
    ("← →", "move the highlight from card to card"),
    ("space", "play the highlighted card at once (exchange: mark or unmark it)"),
    ("⏎ Enter", "play the highlighted card at once; exchange: throw the marked cards; summary: next deal"),
    ("p", "play: stand on your hand (Lou: In)"),
    ("x", "pass: drop out of this deal (Lou: Out)"),
    ("i / o", "Lou: In / Out (the same as p / x)"),
    ("m", "take the Miss"),
    ("d", "dealer: defend the Miss (Rams Loo)"),
    ("k", "exchange: keep all your cards"),
    ("c / n", "leading the ace of trumps: say “Pam, be civil” / make no call"),
    ("Esc", "cancel a marked exchange or a pending lead"),
    ("?", "hint: what the recommended bot would do, and why (it highlights the card: ⏎ plays it)"),
    ("u", "undo your last move (and the bots' moves after it)"),
    ("f", "fast-forward the bots to the end of this deal"),
    ("+ / -", "bots faster / slower"),
    ("l t h", "side panel: log · session table · these keys"),
    ("v", "the seats round the table (with room) or as a list"),
    ("r", "the rules of this game, on the whole screen (arrows, PgUp/PgDn, Home/End scroll; Esc closes)"),
    ("s", "save the game in your data folder (resume with loo play --resume)"),
    ("e", "export the finished deals as a JSON Lines hand history"),
    ("q", "quit (asks first if anything is unsaved)"),
)

CSS = """
Screen { background: #121212; }
#status { height: 1; background: #262626; color: #d0d0d0; padding: 0 1; }
#body { height: 1fr; }
#left { width: 1fr; min-width: 60; }
#upper { height: 1fr; }
#lower { height: auto; }
#side { width: 46; border-left: tall #303030; }
.-ring #seats { display: none; }
#lesson { display: none; }
.-lesson #lesson { display: block; height: auto; border: round #d7af5f; border-title-color: #d7af5f; padding: 0 1; }
#seats { border: round #4e4e4e; border-title-color: #d7af5f; padding: 0 1; height: auto; }
#info { border: round #4e4e4e; border-title-color: #d7af5f; padding: 0 1; height: auto; }
#felt {
    content-align: center middle; border: round #3a5f3a; border-title-color: #87d75f; padding: 0 1;
    height: 1fr; min-height: 7; background: #14201a;
}
#prompt { height: auto; min-height: 1; padding: 0 1; color: #ffd75f; text-style: bold; }
#stakes { height: auto; padding: 0 1; color: #d0d0d0; }
#feedback { height: auto; min-height: 1; padding: 0 1; }
#feedback.error { color: #ff8787; }
#feedback.hint { color: #87d7ff; }
#feedback.info { color: #87d75f; }
#actions { height: 3; padding: 0 1; }
#actions FlatButton { width: auto; min-width: 8; margin-right: 1; height: 3; }
#actions FlatButton.illegal { opacity: 60%; }
#hand-label { height: 1; padding: 0 1; color: #8a8a8a; }
#hand { height: 6; padding: 0 1; }
CardWidget {
    width: 7; height: 5; margin: 1 1 0 0; padding: 0 0 0 0;
    border: round #585858; background: #1c1c1c;
    border-subtitle-align: center; border-subtitle-color: #8a8a8a;
    border-title-align: center;
}
CardWidget.trump { background: #262018; }
CardWidget.legal { border: round #ffd75f; border-subtitle-color: #ffd75f; }
CardWidget.illegal { border: round #303030; }
CardWidget.selected { border: heavy #ff5f5f; margin: 0 1 1 0; background: #301818; }
CardWidget.cursor { border-subtitle-background: #5fafff; border-subtitle-color: #000000; }
CardWidget:hover { background: #303030; }
#tabs { height: 1; padding: 0 1; }
.tab { height: 1; min-width: 8; border: none; margin-right: 1; background: #262626; color: #8a8a8a; }
.tab.-active { background: #5f5f87; color: #ffffff; text-style: bold; }
#switcher { height: 1fr; }
#switcher > VerticalScroll { padding: 0 1; }
#summary-box { width: 100; max-width: 96%; height: 90%; border: thick #d7af5f; background: #1c1c1c; padding: 0 1; }
#summary-scroll { height: 1fr; }
#summary-buttons { height: 3; align-horizontal: center; }
#summary-buttons FlatButton { margin: 0 1; }
.section { text-style: bold; color: #d7af5f; margin-top: 1; }
#session-over { color: #ff8787; text-style: bold; margin-top: 1; }
SummaryScreen, PathScreen, QuitScreen { align: center middle; background: #000000 60%; }
.dialog { width: 70; height: auto; border: thick #d7af5f; background: #1c1c1c; padding: 1 2; }
.dialog-title { text-style: bold; color: #ffd75f; margin-bottom: 1; }
.dialog-hint { color: #8a8a8a; margin-top: 1; }
.dialog-buttons { height: 3; margin-top: 1; }
.dialog-buttons FlatButton { margin-right: 1; }
Screen.-narrow #side { display: none; }
Screen.-narrow.-side-open #side { display: block; width: 1fr; border-left: none; }
Screen.-narrow.-side-open #left { display: none; }
Screen.-short CardWidget { height: 3; margin: 0 1 0 0; }
Screen.-short CardWidget.selected { margin: 0 1 0 0; }
Screen.-short #feedback { min-height: 0; }
Screen.-short #seats { border: none; padding: 0; }
Screen.-short #info { border: none; padding: 0 1; }
Screen.-short #felt { min-height: 4; border: none; border-top: solid #3a5f3a; padding: 0 1; }
Screen.-short #actions { height: 1; }
Screen.-short #actions FlatButton { height: 1; border: none; min-width: 6; }
Screen.-short #hand { height: auto; }
Screen.-short CardWidget.points { height: 4; }
"""


class CardWidget(Static):
    """One card of the human's hand. Clicking it plays it (or marks it, in an exchange)."""

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__(id=f"card-{index}")
        self.index = index
        self.card: Card | None = None
        self.border_subtitle = "0" if index == 9 else str(index + 1)

    def show(
        self,
        card: Card | None,
        *,
        legal: bool | None,
        selected: bool,
        cursor: bool,
        trump: bool,
        short: bool,
        points: int | None = None,
    ) -> None:
        """Draw ``card`` (None hides the place); ``points``: its penalty points in Louse, shown on its top edge."""
        self.card = card
        self.display = card is not None
        if card is None:
            return
        self.set_class(legal is True, "legal")
        self.set_class(legal is False, "illegal")
        self.set_class(selected, "selected")
        self.set_class(cursor, "cursor")
        self.set_class(trump, "trump")
        self.set_class(points is not None, "points")
        style = card_style(card) + (" dim" if legal is False else "")
        body = Text(f"{card.unicode}\n", style=style)
        if points is not None:  # Louse: the card's penalty points, queen bonus included, under its name
            body.append(f"{points:>5}", style="#ff8787" if points else "#6c6c6c")
        if not short:
            body.append(f"\n{card.suit.symbol:^5}".rstrip(), style=style)
        self.border_title = "✕" if selected else ""
        self.update(body)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.index))


def key_help() -> RenderableType:
    """The Keys panel."""
    t = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    t.add_column(style="bold #ffd75f", no_wrap=True)
    t.add_column()
    for keys, what in KEY_HELP:
        t.add_row(keys, what)
    mouse = Text(
        "\nMouse: click a card to play it (or mark it in an exchange); click the buttons for "
        "declarations and any other choice; click a tab to switch panels.",
        style="dim",
    )
    return Group(Text("Keys", style="bold #d7af5f"), t, mouse)


class Felt(Static):
    """The middle of the table. It says when its size changed: the seats round it are drawn for the room it has,
    which is known only once the layout has placed it (the list of seats hidden, or a resized terminal)."""

    class Resized(Message):
        pass

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized())
