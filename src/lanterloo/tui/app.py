"""The terminal game: a Textual app over ``Game``.

Every panel is redrawn from the game state after each change (``refresh_all``), so what is shown can never drift
from the engine, and undo needs no special drawing. Bots are paced by timers; with a delay of zero they move at
once, which is what the tests use.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Button, ContentSwitcher, Footer, Static

from lanterloo.actions import (
    DEFEND_MISS,
    PASS,
    PLAYS,
    PLAYS_CIVIL,
    STAND,
    TAKE_MISS,
    Action,
    Discard,
    Play,
    discard,
)
from lanterloo.cards import Card, mask_of
from lanterloo.engine import Deal, Phase, View
from lanterloo.errors import IllegalActionError, LooError
from lanterloo.tui import text
from lanterloo.tui.game import Game
from lanterloo.tui.screens import FlatButton, PathScreen, QuitScreen, SummaryScreen

MAX_CARDS = 10  # three-handed Louse deals ten
SPEEDS = (0.0, 0.15, 0.3, 0.5, 0.8, 1.2, 2.0)

# (keys, what they do): the help panel and docs/terminal-game.md list the same keys.
KEY_HELP: tuple[tuple[str, str], ...] = (
    ("1 … 9, 0", "play the card in that position (exchange: mark it to throw away)"),
    ("← →", "move the card cursor"),
    ("space", "play the card under the cursor (exchange: mark or unmark it)"),
    ("⏎ Enter", "play the card under the cursor; exchange: throw the marked cards; summary: next deal"),
    ("p", "play: stand on your hand (Lou: In)"),
    ("x", "pass: drop out of this deal (Lou: Out)"),
    ("i / o", "Lou: In / Out (the same as p / x)"),
    ("m", "take the Miss"),
    ("d", "dealer: defend the Miss (Rams Loo)"),
    ("k", "exchange: keep all your cards"),
    ("c / n", "leading the ace of trumps: say “Pam, be civil” / make no call"),
    ("Esc", "cancel a marked exchange or a pending lead"),
    ("?", "hint: what the recommended bot would do, and why"),
    ("u", "undo your last move (and the bots' moves after it)"),
    ("f", "fast-forward the bots to the end of this deal"),
    ("+ / -", "bots faster / slower"),
    ("l r t h", "side panel: log · rules · session table · these keys"),
    ("s", "save the game (resume with loo play --resume FILE)"),
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
#seats { border: round #4e4e4e; border-title-color: #d7af5f; padding: 0 1; height: auto; }
#info { border: round #4e4e4e; border-title-color: #d7af5f; padding: 0 1; height: auto; }
#felt {
    content-align: center middle; border: round #3a5f3a; border-title-color: #87d75f; padding: 0 1;
    height: 1fr; min-height: 7; background: #14201a;
}
#prompt { height: auto; min-height: 1; padding: 0 1; color: #ffd75f; text-style: bold; }
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
Screen.-short CardWidget { height: 3; }
Screen.-short #seats { border: none; padding: 0; }
Screen.-short #info { border: none; padding: 0 1; }
Screen.-short #felt { min-height: 6; border: none; border-top: solid #3a5f3a; padding: 0 1; }
Screen.-short #actions { height: 1; }
Screen.-short #actions FlatButton { height: 1; border: none; min-width: 6; }
Screen.-short #hand { height: 4; }
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
        self, card: Card | None, *, legal: bool | None, selected: bool, cursor: bool, trump: bool, short: bool
    ) -> None:
        self.card = card
        self.display = card is not None
        if card is None:
            return
        self.set_class(legal is True, "legal")
        self.set_class(legal is False, "illegal")
        self.set_class(selected, "selected")
        self.set_class(cursor, "cursor")
        self.set_class(trump, "trump")
        style = text.card_style(card) + (" dim" if legal is False else "")
        word = card.unicode
        body = Text(f"{word}\n", style=style)
        if not short:
            body.append(f"\n{card.suit.symbol:^5}".rstrip(), style=style)
        self.border_title = "✕" if selected else ""
        self.update(body)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.index))


class LooApp(App[int]):
    """``loo play``: one human against bots, deal after deal."""

    TITLE = "lanterloo"
    CSS = CSS
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str((i + 1) % 10), f"card({i})", show=False) for i in range(MAX_CARDS)),
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("space", "cursor_card", show=False),
        Binding("enter", "enter", show=False),
        Binding("p,i", "declare('play')", show=False),
        Binding("x,o", "declare('pass')", show=False),
        Binding("m", "declare('miss')", show=False),
        Binding("d", "declare('defend')", show=False),
        Binding("k", "keep_all", show=False),
        Binding("c", "civil(True)", show=False),
        Binding("n", "civil(False)", show=False),
        Binding("escape", "cancel", show=False),
        Binding("question_mark", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("q", "quit_game", "Quit"),
        Binding("h,f1", "panel('help')", "Keys"),
        Binding("e", "export", "Export"),
        Binding("l", "panel('log')", "Log"),
        Binding("r", "panel('rules')", "Rules"),
        Binding("t", "panel('deals')", "Session"),
        Binding("f", "fast", "Fast-forward"),
        Binding("plus,equals_sign", "speed(-1)", show=False),
        Binding("minus", "speed(1)", show=False),
        Binding("ctrl+q,ctrl+c", "quit_game", show=False, priority=True),
    ]

    def __init__(
        self, game: Game, *, delay: float = 0.5, save_path: str | None = None, export_path: str | None = None
    ) -> None:
        super().__init__()
        self.game = game
        self.delay = max(0.0, delay)
        self.save_path = save_path or "loo-save.json"
        self.export_path = export_path or "loo-history.jsonl"
        self.cursor = -1  # index into the sorted hand; -1 until the arrows are used
        self.marked: set[Card] = set()  # cards marked for an exchange
        self.pending_civil: Card | None = None  # the ace of trumps, waiting for "civil or not"
        self._timer: Timer | None = None
        self._fast = False  # fast-forward this deal
        self._summary_open = False
        self._last_summary: RenderableType | None = None
        self._side_open = False
        self.feedback: tuple[str, RenderableType] = ("", "")
        self.hand_order: list[Card] = []

    # --- layout ------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                # The table scrolls if the terminal is short; the prompt, buttons and hand stay in view.
                with VerticalScroll(id="upper", can_focus=False):
                    yield Static(id="seats")
                    yield Static(id="info")
                    yield Static(id="felt")
                with Vertical(id="lower"):
                    yield from self._lower()
            with Vertical(id="side"):
                with Horizontal(id="tabs"):
                    yield FlatButton("Log l", id="tab-log", classes="tab")
                    yield FlatButton("Rules r", id="tab-rules", classes="tab")
                    yield FlatButton("Session t", id="tab-deals", classes="tab")
                    yield FlatButton("Keys h", id="tab-help", classes="tab")
                with ContentSwitcher(id="switcher", initial="log"):
                    with VerticalScroll(id="log", can_focus=False):
                        yield Static(id="log-text")
                    with VerticalScroll(id="rules", can_focus=False):
                        yield Static(id="rules-text")
                    with VerticalScroll(id="deals", can_focus=False):
                        yield Static(id="deals-text")
                    with VerticalScroll(id="help", can_focus=False):
                        yield Static(id="help-text")
        yield Footer()

    def _lower(self) -> ComposeResult:
        yield Static(id="prompt")
        yield Static(id="feedback")
        with Horizontal(id="actions"):
            yield FlatButton("Play  p", id="act-play", variant="success")
            yield FlatButton("Pass  x", id="act-pass", variant="warning")
            yield FlatButton("Take the Miss  m", id="act-miss", variant="primary")
            yield FlatButton("Defend the Miss  d", id="act-defend", variant="primary")
            yield FlatButton("Throw marked  ⏎", id="act-discard", variant="success")
            yield FlatButton("Keep all  k", id="act-keep")
            yield FlatButton("Say “Pam, be civil”  c", id="act-civil", variant="success")
            yield FlatButton("No call  n", id="act-plain")
            yield FlatButton("Cancel  Esc", id="act-cancel")
            yield FlatButton("Hint  ?", id="act-hint")
            yield FlatButton("Undo  u", id="act-undo")
        yield Static(id="hand-label")
        with Horizontal(id="hand"):
            for i in range(MAX_CARDS):
                yield CardWidget(i)

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Table"
        self.query_one("#info").border_title = text.title(self.game.rules)
        self.query_one("#rules-text", Static).update(text.rules_panel(self.game.rules, self.game.settings.options))
        self.query_one("#help-text", Static).update(self._help())
        self._show_panel("log")
        self._fit(self.size.width, self.size.height)
        self.refresh_all()
        self.call_after_refresh(self.schedule)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.screen.set_class(width < 110, "-narrow")
        self.screen.set_class(height < 34, "-short")
        self.query_one(Footer).compact = width < 110

    def _help(self) -> RenderableType:
        t = Table(box=None, padding=(0, 1), show_header=False, expand=True)
        t.add_column(style="bold #ffd75f", no_wrap=True)
        t.add_column()
        for keys, what in KEY_HELP:
            t.add_row(keys, what)
        mouse = Text(
            "\nMouse: click a card to play it (or mark it in an exchange); click the buttons for "
            "declarations; click a tab to switch panels.",
            style="dim",
        )
        return Group(Text("Keys", style="bold #d7af5f"), t, mouse)

    # --- drawing -----------------------------------------------------------------------------------------

    @property
    def namer(self) -> text.Namer:
        return text.Namer(self.game.names, self.game.human)

    def refresh_all(self) -> None:
        game = self.game
        deal = game.shown
        view = game.view()
        status = Text()
        status.append("lanterloo", style="bold #ffd75f")
        status.append(
            f"  ·  {text.title(game.rules)}  ·  deal {max(1, game.deal_number)}  ·  seed {game.settings.seed}"
        )
        if view is not None:
            status.append(f"  ·  dealer {game.names[view.dealer]}")
        status.append(f"  ·  bots {self.delay:g}s" + ("  ·  fast-forward" if self._fast else ""), style="dim")
        self.query_one("#status", Static).update(status)
        if deal is None or view is None:
            return
        namer = self.namer
        totals = game.session.totals if game.rules.game == "louse" else None
        self.query_one("#seats", Static).update(text.seat_table(view, deal, namer, game.settings.bots, totals))
        self.query_one("#info", Static).update(self._info(view, deal))
        felt = self.query_one("#felt", Static)
        felt.border_title, body = text.felt(view, deal, namer)
        felt.update(body)
        self.query_one("#prompt", Static).update(self._prompt(view, deal))
        fb = self.query_one("#feedback", Static)
        kind, body = self.feedback
        fb.set_classes(kind)
        fb.update(body)
        self._draw_actions(view, deal)
        self._draw_hand(view, deal)
        log = Group(text.trick_log(view, namer), Text(""), *text.event_lines(view, namer, max(1, game.deal_number)))
        self.query_one("#log-text", Static).update(log)
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)
        self.query_one("#deals-text", Static).update(self._session_table())

    def _session_table(self) -> RenderableType:
        g = self.game
        return text.session_table(g.session.records, g.names, g.human, g.rules.game == "louse")

    def _info(self, view: View, deal: Deal) -> RenderableType:
        lines: list[RenderableType] = [text.share_line(view), text.trump_line(view, deal)]
        for extra in (text.miss_line(view, self.namer), text.stock_line(view)):
            if extra is not None:
                lines.append(extra)
        return Group(*lines)

    def _prompt(self, view: View, deal: Deal) -> Text:
        g = self.game
        r = g.rules
        if deal.is_over:
            st = deal.settlement
            assert st is not None
            out = Text("Deal over: " + text.outcome_sentence(st, r, self.namer))
            if g.deal is None:
                out.append("  ⏎ " + ("final standings" if g.over else "summary and next deal"), style="#8a8a8a")
            return out
        if not g.human_to_act():
            waiting = g.bot_to_act()
            if view.phase is Phase.COMMIT:
                return Text("Waiting for the others to commit, in secret…")
            who = g.names[waiting] if waiting is not None else "the table"
            out = Text(f"{who} is thinking…", style="#8a8a8a")
            if view.phase is Phase.PLAY and not view.in_play[g.human]:
                out = Text("You are out of this deal: f fast-forwards to its end.  ") + out
            return out
        if self.pending_civil is not None:
            return Text(
                f"You lead the {self.pending_civil.unicode}: say “Pam, be civil” (c) or make no call (n)? "
                "Under the call Pam may not be played to this trick (PAM-2)."
            )
        phase = view.phase
        if phase is Phase.COMMIT:
            return Text("In or Out? Everyone chooses at once, in secret: i In · o Out")
        if phase is Phase.DECLARE:
            keys = [f"{text.action_phrase(a, r)} ({_key_of(a)})" for a in view.legal]
            return Text("Your turn to declare: " + " · ".join(keys))
        if phase is Phase.EXCHANGE:
            limit = max((a.count for a in view.legal if isinstance(a, Discard)), default=0)
            marked = len(self.marked)
            return Text(f"Exchange: mark cards to throw (up to {limit}), then ⏎ · {marked} marked · k keeps all")
        if view.trick:
            return Text("Your turn: play a card to the trick (highlighted cards are legal).")
        return Text("Your lead: choose a card (highlighted cards are legal).")

    def _draw_actions(self, view: View, deal: Deal) -> None:
        g = self.game
        r = g.rules
        mine = g.human_to_act() and not deal.is_over
        phase = view.phase
        legal = set(view.legal) if mine else set()
        declaring = mine and phase in (Phase.DECLARE, Phase.COMMIT) and self.pending_civil is None
        buttons = {
            "act-play": declaring,
            "act-pass": declaring and (phase is Phase.COMMIT or r.game != "louse"),
            "act-miss": declaring and r.miss and phase is Phase.DECLARE and TAKE_MISS in legal,
            "act-defend": declaring and DEFEND_MISS in legal,
            "act-discard": mine and phase is Phase.EXCHANGE,
            "act-keep": mine and phase is Phase.EXCHANGE,
            "act-civil": self.pending_civil is not None,
            "act-plain": self.pending_civil is not None,
            "act-cancel": self.pending_civil is not None or (phase is Phase.EXCHANGE and bool(self.marked)),
            "act-hint": mine,
            "act-undo": g.undo_available(),
        }
        lou = r.game == "lou"
        for bid, shown in buttons.items():
            b = self.query_one(f"#{bid}", FlatButton)
            b.display = shown
        self.query_one("#act-play", FlatButton).label = "In  i" if lou else "Play  p"
        self.query_one("#act-pass", FlatButton).label = "Out  o" if lou else "Pass  x"
        self.query_one("#act-pass", FlatButton).set_class(mine and PASS not in legal, "illegal")
        n = len(self.marked)
        self.query_one("#act-discard", FlatButton).label = f"Throw {n} marked  ⏎" if n else "Throw none  ⏎"

    def _draw_hand(self, view: View, deal: Deal) -> None:
        g = self.game
        hand = text.sort_hand(deal, view.hand)
        self.hand_order = hand
        if self.cursor >= len(hand):
            self.cursor = len(hand) - 1
        playing = g.human_to_act() and view.phase is Phase.PLAY and not deal.is_over
        legal_cards = {a.card for a in view.legal if isinstance(a, Play)} if playing else set()
        exchanging = g.human_to_act() and view.phase is Phase.EXCHANGE
        short = self.screen.has_class("-short")
        for i in range(MAX_CARDS):
            w = self.query_one(f"#card-{i}", CardWidget)
            card = hand[i] if i < len(hand) else None
            legal = (card in legal_cards) if playing and card is not None else None
            w.show(
                card,
                legal=legal,
                selected=exchanging and card in self.marked,
                cursor=i == self.cursor,
                trump=card is not None and text.is_trump(deal, card),
                short=short,
            )
        label = Text("Your hand", style="bold")
        if view.miss_taker == g.human or (view.defended and view.dealer == g.human):
            label.append(" (the Miss)", style="#af87ff")
        if not hand:
            label.append(
                " — no cards" if deal.is_over or view.phase is Phase.PLAY else " — out of this deal", style="dim"
            )
        elif playing:
            label.append(f" — {len(legal_cards)} legal: ", style="dim")
            label.append_text(text.cards_text([c for c in hand if c in legal_cards]))
        self.query_one("#hand-label", Static).update(label)

    def say(self, kind: str, message: RenderableType) -> None:
        self.feedback = (kind, message)
        fb = self.query_one("#feedback", Static)
        fb.set_classes(kind)
        fb.update(message)

    # --- pacing the bots ---------------------------------------------------------------------------------

    def schedule(self) -> None:
        """Arrange the next automatic step: a bot move, or the end of the deal."""
        if self._timer is not None or self._summary_open:
            return
        g = self.game
        deal = g.deal
        if deal is None:
            return
        if deal.is_over:
            pause = 0.0 if (self.delay == 0 or self._fast) else max(1.5, 3 * self.delay)
            if pause == 0:
                self.end_deal()
            else:
                self._timer = self.set_timer(pause, self._end_tick)
            return
        if g.bot_to_act() is None:
            return
        if self.delay == 0 or self._fast:
            g.run_bots()
            self.refresh_all()
            self.schedule()
            return
        # A finished trick stays on the table a little longer, so it can be read.
        v = deal.view(None, with_events=False)
        pause = self.delay * (2 if not v.trick and v.tricks else 1)
        self._timer = self.set_timer(pause, self._bot_tick)

    def _bot_tick(self) -> None:
        self._timer = None
        step = self.game.step_bot()
        if step is not None:
            self.refresh_all()
        self.schedule()

    def _end_tick(self) -> None:
        self._timer = None
        self.end_deal()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def end_deal(self) -> None:
        g = self.game
        if g.deal is None or not g.deal.is_over:
            return
        totals_before = list(g.session.totals)
        rec = g.finish()
        self._fast = False
        self.marked.clear()
        self.pending_civil = None
        self.cursor = -1
        self._last_summary = text.deal_summary(rec, g.names, g.human, totals_before)
        self.refresh_all()
        self._open_summary()

    def _open_summary(self) -> None:
        g = self.game
        if self._last_summary is None or self._summary_open:
            return
        self._summary_open = True
        screen = SummaryScreen(self._last_summary, self._session_table(), g.session.end_reason)
        self.push_screen(screen, self._after_summary)

    def _after_summary(self, choice: str | None) -> None:
        self._summary_open = False
        if choice == "save":
            self._ask_save(then=self._next_deal)
            return
        if choice == "export":
            self._ask_export(then=self._next_deal)
            return
        if choice == "quit":
            self.action_quit_game()
            return
        self._next_deal()

    def _next_deal(self) -> None:
        g = self.game
        if not g.over:
            try:
                g.start_deal()
            except LooError as e:
                self.say("error", str(e))
        if g.deal is None:
            self.refresh_all()
            self._show_final()
            return
        if self.feedback[0] != "info":  # keep "Saved to ..." from the summary
            self.say("", "")
        self.refresh_all()
        self.schedule()

    def _show_final(self) -> None:
        """The session is over: the final standings, with save, export and quit."""
        g = self.game
        reason = g.session.end_reason or "the session ended"
        self.say("info", f"The session is over: {reason}. Enter shows the final standings; q quits.")
        standings = text.final_standings(g.session, g.names, g.human, g.settings.stack)

        def done(choice: str | None) -> None:
            self._summary_open = False
            if choice == "save":
                self._ask_save(then=self._show_final)
            elif choice == "export":
                self._ask_export(then=self._show_final)
            else:
                self.action_quit_game()

        self._summary_open = True
        self.push_screen(SummaryScreen(standings, self._session_table(), reason), done)

    # --- the human's moves -------------------------------------------------------------------------------

    def _playing(self) -> bool:
        """Game keys act only on the table, not under a dialog."""
        return not isinstance(self.screen, ModalScreen)

    def do(self, action: Action) -> bool:
        """Try the human's action: on an illegal one explain why (the engine's reason and rule ID)."""
        try:
            self.game.act(action)
        except IllegalActionError as e:
            self.say("error", Text(e.describe(self.game.names)))
            self.refresh_all()
            return False
        self.marked.clear()
        self.pending_civil = None
        self.cursor = -1
        self.say("", "")
        self.refresh_all()
        self.schedule()
        return True

    def choose_card(self, index: int) -> None:
        """A card was chosen by number, click or cursor: play it, or mark it in an exchange."""
        if not self._playing() or index >= len(self.hand_order):
            return
        card = self.hand_order[index]
        deal = self.game.deal
        if deal is not None and deal.phase is Phase.EXCHANGE and self.game.human_to_act():
            self.marked.symmetric_difference_update({card})
            self.cursor = index
            self.say("", "")
            self.refresh_all()
            return
        if deal is not None and self.game.human_to_act() and PLAYS_CIVIL[card] in deal.legal_actions(self.game.human):
            self.pending_civil = card
            self.cursor = index
            self.say("", "")
            self.refresh_all()
            return
        self.do(PLAYS[card])

    def on_card_widget_chosen(self, message: CardWidget.Chosen) -> None:
        self.choose_card(message.index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        actions = {
            "act-play": lambda: self.action_declare("play"),
            "act-pass": lambda: self.action_declare("pass"),
            "act-miss": lambda: self.action_declare("miss"),
            "act-defend": lambda: self.action_declare("defend"),
            "act-discard": self.action_enter,
            "act-keep": self.action_keep_all,
            "act-civil": lambda: self.action_civil(True),
            "act-plain": lambda: self.action_civil(False),
            "act-cancel": self.action_cancel,
            "act-hint": self.action_hint,
            "act-undo": self.action_undo,
        }
        if bid.startswith("tab-"):
            self.action_panel(bid.removeprefix("tab-"))
        elif bid in actions:
            actions[bid]()

    def action_card(self, index: int) -> None:
        self.choose_card(index)

    def action_cursor(self, step: int) -> None:
        if not self._playing() or not self.hand_order:
            return
        if self.cursor < 0:
            view = self.game.view()
            legal = {a.card for a in view.legal if isinstance(a, Play)} if view else set()
            first = next((i for i, c in enumerate(self.hand_order) if c in legal), 0)
            self.cursor = first
        else:
            self.cursor = (self.cursor + step) % len(self.hand_order)
        self.refresh_all()

    def action_cursor_card(self) -> None:
        if self.cursor >= 0:
            self.choose_card(self.cursor)
        else:
            self.action_cursor(0)

    def action_enter(self) -> None:
        if not self._playing():
            return
        deal = self.game.deal
        if self.game.over and deal is None:
            self._show_final()
        elif deal is None:
            self._open_summary()  # between deals (the summary was closed by "keep playing")
        elif deal is not None and deal.phase is Phase.EXCHANGE and self.game.human_to_act():
            self.do(discard(mask_of(self.marked)))
        elif self.pending_civil is not None:
            return
        elif self.cursor >= 0:
            self.choose_card(self.cursor)
        elif self.game.human_to_act() and deal is not None and deal.phase is Phase.PLAY:
            self.action_cursor(0)

    def action_keep_all(self) -> None:
        if self._playing():
            self.marked.clear()
            self.do(discard(0))

    def action_declare(self, what: str) -> None:
        if not self._playing():
            return
        action = {"play": STAND, "pass": PASS, "miss": TAKE_MISS, "defend": DEFEND_MISS}[what]
        self.do(action)

    def action_civil(self, civil: bool) -> None:
        if not self._playing() or self.pending_civil is None:
            return
        card = self.pending_civil
        self.do(PLAYS_CIVIL[card] if civil else PLAYS[card])

    def action_cancel(self) -> None:
        if not self._playing():
            return
        if self._side_open:
            self._side_open = False
            self.screen.set_class(False, "-side-open")
            return
        self.pending_civil = None
        self.marked.clear()
        self.cursor = -1
        self.say("", "")
        self.refresh_all()

    def action_hint(self) -> None:
        if not self._playing():
            return
        try:
            bot, decision = self.game.hint()
        except IllegalActionError as e:
            self.say("error", e.describe(self.game.names))
            return
        r = self.game.rules
        phrase = text.action_phrase(decision.action, r)
        msg = Text(f"Hint ({bot} bot): ", style="bold")
        if not decision.reason.lower().startswith(phrase.lower()):
            msg.append(f"{phrase} — ", style="bold")
        msg.append(decision.reason)
        self.say("hint", msg)

    def action_undo(self) -> None:
        if not self._playing():
            return
        g = self.game
        if g.deal is None:
            self.say("error", "The deal is over and booked; undo works within a deal.")
            return
        try:
            g.undo()
        except LooError as e:
            self.say("error", str(e))
            return
        self._cancel_timer()
        self._fast = False
        self.marked.clear()
        self.pending_civil = None
        self.cursor = -1
        self.say("info", "Undone: your last move and the moves after it are taken back.")
        self.refresh_all()
        self.schedule()

    def action_fast(self) -> None:
        if not self._playing() or self.game.deal is None:
            return
        self._fast = True
        self._cancel_timer()
        self.refresh_all()
        self.schedule()

    def action_speed(self, step: int) -> None:
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - self.delay))
        self.delay = SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))]
        self.say("info", f"Bots now take {self.delay:g} s a move.")
        self.refresh_all()

    # --- panels ------------------------------------------------------------------------------------------

    def action_panel(self, which: str) -> None:
        if not self._playing():
            return
        narrow = self.screen.has_class("-narrow")
        current = self.query_one("#switcher", ContentSwitcher).current
        if narrow:
            if self._side_open and current == which:
                self._side_open = False
            else:
                self._side_open = True
            self.screen.set_class(self._side_open, "-side-open")
        self._show_panel(which)

    def _show_panel(self, which: str) -> None:
        self.query_one("#switcher", ContentSwitcher).current = which
        for tab in self.query(".tab"):
            tab.set_class(tab.id == f"tab-{which}", "-active")

    # --- files -------------------------------------------------------------------------------------------

    def action_save(self) -> None:
        if self._playing():
            self._ask_save()

    def _ask_save(self, then: object = None) -> None:
        def done(path: str | None) -> None:
            if path:
                try:
                    self.game.save(path)
                except OSError as e:
                    self.say("error", f"Could not save to {path}: {e.strerror or e}.")
                else:
                    self.save_path = path
                    self.say("info", f"Saved to {path}. Resume with: loo play --resume {path}")
            if callable(then):
                then()

        self.push_screen(PathScreen("Save the game to:", self.save_path), done)

    def action_export(self) -> None:
        if self._playing():
            self._ask_export()

    def _ask_export(self, then: object = None) -> None:
        def done(path: str | None) -> None:
            if path:
                try:
                    n = self.game.export_history(path)
                except OSError as e:
                    self.say("error", f"Could not write {path}: {e.strerror or e}.")
                else:
                    self.export_path = path
                    self.say(
                        "info", f"Wrote {n} finished deal{'s' if n != 1 else ''} to {path} (JSON Lines hand history)."
                    )
            if callable(then):
                then()

        self.push_screen(PathScreen("Export the hand histories of the finished deals to:", self.export_path), done)

    def action_quit_game(self) -> None:
        if isinstance(self.screen, (PathScreen, QuitScreen)):
            return
        if not self.game.dirty:
            self.exit(0)
            return
        g = self.game
        lost = []
        if g.deal is not None and g.deal.actions:
            lost.append("the deal in progress")
        if g.session.records:
            lost.append(f"{len(g.session.records)} finished deal{'s' if len(g.session.records) != 1 else ''}")
        what = "Unsaved: " + " and ".join(lost) + "." if lost else "The game has not been saved."

        def done(choice: str | None) -> None:
            if choice == "quit":
                self.exit(0)
            elif choice == "save":

                def saved(path: str | None) -> None:
                    if path is None:
                        return
                    try:
                        self.game.save(path)
                    except OSError as e:
                        self.say("error", f"Could not save to {path}: {e.strerror or e}.")
                        return
                    self.exit(0)

                self.push_screen(PathScreen("Save the game to:", self.save_path), saved)

        self.push_screen(QuitScreen(what), done)


def _key_of(action: Action) -> str:
    return {"pass": "x", "play": "p", "miss": "m", "defend": "d"}.get(action.kind, "")
