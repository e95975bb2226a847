"""The terminal game's table: the layout, drawing every panel from the View, and pacing the bots.

``Board`` is the half of the app that shows; ``LooApp`` (app.py) adds what the keys, buttons and dialogs do.
Every panel is redrawn from the game state after each change (``refresh_all``), so what is shown can never drift
from the engine, and undo needs no special drawing. Bots are paced by timers; with a delay of zero they move at
once, which is what the tests use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import ContentSwitcher, Footer, Static

from lanterloo.actions import (
    DEFEND_MISS,
    PASS,
    STAND,
    TAKE_MISS,
    Action,
    DefendMiss,
    Discard,
    Pass,
    Play,
    Stand,
    TakeMiss,
)
from lanterloo.cards import Card
from lanterloo.engine import Phase, View, shape_of
from lanterloo.engine.words import Words
from lanterloo.tui import ring, savefiles, sessionpanel, stakes, summary, table, text
from lanterloo.tui.game import Game
from lanterloo.tui.screens import FlatButton, PathScreen, QuitScreen, ReplaceScreen
from lanterloo.tui.widgets import MAX_CARDS, MAX_CHOICES, CardWidget, Felt, key_help

# The actions the table has keys and buttons of its own for; any other legal action is offered by its name.
KNOWN = (Stand, Pass, TakeMiss, DefendMiss, Discard, Play)
DECLARATIONS = (STAND, PASS, TAKE_MISS, DEFEND_MISS)
# The declarations' keys (the Keys panel lists them).
DECLARATION_KEYS = {STAND: "p", PASS: "x", TAKE_MISS: "m", DEFEND_MISS: "d"}


def relabel(button: FlatButton, label: str) -> None:
    """Set a button's label, and its width to fit (Textual does not lay a button out again for a new label)."""
    if str(button.label) != label:
        button.label = label
        button.refresh(layout=True)


def side_width(width: int) -> int:
    """The side panel's width on a terminal ``width`` columns wide (at least 110: narrower ones hide it)."""
    return max(46, min(72, width * 2 // 5))


def key_for(index: int) -> str:
    """The number key of a card or choice in that position."""
    return "0" if index == 9 else str(index + 1)


def _key_of(action: Action, choices: Sequence[Action]) -> str:
    if action in choices:
        return key_for(choices.index(action))
    return DECLARATION_KEYS.get(action, "")


class Board(App[int]):
    """The table of ``loo play``, drawn from ``game.view()``; bots paced by timers."""

    def __init__(
        self, game: Game, *, delay: float = 0.5, save_path: str | None = None, export_path: str | None = None
    ) -> None:
        super().__init__()
        self.game = game
        self.delay = max(0.0, delay)
        self.save_path = save_path  # this session's save file; None until saved (savefiles names it)
        self.export_path = export_path or str(savefiles.default_export(game))
        self.exported: set[str] = set()  # absolute paths this game exported to: rewritten without asking
        self.cursor = -1  # the highlighted place in the hand (Enter and Space play it); -1: none
        self.marked: set[Card] = set()  # cards marked for an exchange
        self._round = True  # the seats round the felt when it has room (v: the list instead)
        self.pending_civil: Card | None = None  # the ace of trumps, waiting for "civil or not"
        self._timer: Timer | None = None
        self.held_ticks = 0  # bot moves put off while a question was open (tests wait on it, not on the clock)
        self._fast = False  # fast-forward this deal
        self._summary_open = False
        self._last_summary: RenderableType | None = None
        self._side_open = False
        self.feedback: tuple[str, RenderableType] = ("", "")
        # The hand in its places: a card keeps its place (and its number key) for the whole deal; a card played
        # leaves a gap (None). Laid out afresh, sorted, only when the hand gains a card (a new deal, the Miss, an
        # exchange), never re-sorted when trumps change or a card goes.
        self.hand_order: list[Card | None] = []
        self._layout: list[Card] = []  # every card the hand held since it was last laid out, in its place
        self._layout_deal = 0
        # the human's legal actions that have no key or button of their own, offered by name (``str(action)``)
        self.choices: list[Action] = []

    # --- layout ------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                # The table scrolls if the terminal is short; the prompt, buttons and hand stay in view.
                with VerticalScroll(id="upper", can_focus=False):
                    yield Static(id="seats")
                    yield Static(id="info")
                    yield Felt(id="felt")
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
        yield Static(id="lesson")  # a tutorial's words for this moment (tui/lessonapp.py); hidden in a game
        yield Static(id="prompt")
        yield Static(id="stakes")
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
            for i in range(MAX_CHOICES):
                yield FlatButton("", id=f"act-choice-{i}", classes="choice")
        yield Static(id="hand-label")
        with Horizontal(id="hand"):
            for i in range(MAX_CARDS):
                yield CardWidget(i)

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Table"
        self.query_one("#info").border_title = text.title(self.game.rules)
        self.query_one("#rules-text", Static).update(text.rules_panel(self.game.rules, self.game.settings.options))
        self.query_one("#help-text", Static).update(key_help())
        self._show_panel("log")
        self._fit(self.size.width, self.size.height)
        self.refresh_all()
        self.call_after_refresh(self.schedule)

    def on_felt_resized(self, _message: Felt.Resized) -> None:
        self.refresh_all()  # the seats round the felt are drawn for the room it now has

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)
        self.call_after_refresh(self.refresh_all)  # the felt draws its cards for the room it now has

    def _fit(self, width: int, height: int) -> None:
        self.screen.set_class(width < 110, "-narrow")
        self.screen.set_class(height < 34, "-short")
        self.query_one(Footer).compact = width < 110
        # A wide terminal gives the side panel two fifths, so the log and the session keep whole names.
        self.query_one("#side").styles.width = side_width(width)

    @property
    def namer(self) -> text.Namer:
        return text.Namer(self.game.names, self.game.human)

    def refresh_all(self) -> None:
        game = self.game
        view = game.view()
        status = Text()
        status.append("lanterloo", style="bold #ffd75f")
        status.append(f"  ·  {text.title(game.rules)}  ·  deal {max(1, game.deal_number)}")
        if game.over:  # the seed names every hidden card: shown only once none is hidden any more
            status.append(f"  ·  seed {game.settings.seed}")
        if view is not None:
            status.append(f"  ·  dealer {self.namer(view.dealer)}")
        status.append(f"  ·  bots {self.delay:g}s" + ("  ·  fast-forward" if self._fast else ""), style="dim")
        self.query_one("#status", Static).update(status)
        if view is None:
            return
        namer = self.namer
        short = self.screen.has_class("-short")
        totals = game.session.totals if view.points else None
        seats = self.query_one("#seats", Static)
        styles = seats.content_size.width == 0 or seats.content_size.width >= 76
        seats.update(table.seat_table(view, namer, game.settings.bots, totals, styles=styles))
        self.query_one("#info", Static).update(self._info(view, short))
        felt = self.query_one("#felt", Static)
        room = felt.content_size
        title, body = table.felt(view, namer, width=room.width, height=room.height, compact=short)
        # with room, the seats sit round the felt as at the web table; a small screen keeps the list
        # the list's rows go to the felt when the seats sit round it: count them before choosing
        extra = 0 if self.screen.has_class("-ring") else seats.outer_size.height
        round_table = self._round and not short and ring.fits(view, namer, room.width, room.height + extra, totals)
        if round_table:
            body = ring.ring(view, namer, room.width, room.height, totals)
        if round_table != self.screen.has_class("-ring"):
            self.screen.set_class(round_table, "-ring")  # the felt grows into the list's room: Felt.Resized
        felt.border_title = Text(title)  # a str would be read as markup, and the title names players
        felt.update(body)
        if short:  # a big table on a short screen: keep the trick in view, the top of the seats may scroll away
            self.call_after_refresh(self.query_one("#upper", VerticalScroll).scroll_end, animate=False)
        mine = game.human_to_act() and view.settlement is None
        legal = view.legal if mine else ()
        self.choices = [a for a in legal if not isinstance(a, KNOWN)]
        self.query_one("#prompt", Static).update(self._prompt(view, legal))
        self.query_one("#stakes", Static).update(self._stakes(view, legal, totals))
        kind, body = self.feedback
        self._show_feedback(kind, body)
        self._draw_actions(view, legal)
        self._draw_hand(view, legal)
        log = Group(text.trick_log(view, namer), Text(""), *text.event_lines(view, namer, max(1, game.deal_number)))
        self.query_one("#log-text", Static).update(log)
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)
        self.query_one("#deals-text", Static).update(self._session_panel())

    def _session_table(self) -> RenderableType:
        """The session table of the deal summary and the final standings: a column per player where the summary's
        box (100 columns at most) holds them, else a row per player, so no name is cut."""
        g = self.game
        deals = [(rec, g.end_view(rec)) for rec in g.session.records]
        louse = shape_of(g.rules).scores_points
        wide = summary.session_table(deals, self.namer.names, g.human, louse)
        box = min(100, self.size.width * 96 // 100) - 4
        if Measurement.get(self.console, self.console.options, wide).maximum <= box:
            return wide
        return sessionpanel.session_panel(deals, self.namer.names, g.human, louse, box)

    def _session_panel(self) -> RenderableType:
        """The Session tab: a row per player, so a narrow panel never cuts a name."""
        g = self.game
        deals = [(rec, g.end_view(rec)) for rec in g.session.records]
        width = self.query_one("#deals-text", Static).content_size.width or 44
        return sessionpanel.session_panel(deals, self.namer.names, g.human, shape_of(g.rules).scores_points, width)

    def _info(self, view: View, short: bool) -> RenderableType:
        """The game panel: the pool and its shares, trumps, the Miss, the stock; two lines on a short screen."""
        miss, stock = table.miss_line(view, self.namer), table.stock_line(view)
        first, second = table.share_line(view), table.trump_line(view)
        # past the agreed deals the session plays on to empty the pool (SESSION-4): say so, or it looks like a bug
        on = self.game.session.settling_line()
        settling = Text(on, style="bold #ffd75f") if on else None
        if not short:
            return Group(first, second, *(line for line in (miss, stock, settling) if line is not None))
        if settling is not None:
            return Group(first, second, settling)
        for line, extra in ((first, miss), (second, stock)):
            if extra is not None:
                line.append("   ")
                line.append_text(extra)
        return Group(first, second)

    def _stakes(self, view: View, legal: Sequence[Action], totals: Sequence[int] | None) -> RenderableType:
        """What each open choice can win or cost now, under the prompt; Louse's queens while they matter."""
        line = stakes.stakes_text(view, legal, totals)
        queens = stakes.queen_note(view) if view.settlement is None else None
        return Group(line, queens) if queens is not None else line

    def _prompt(self, view: View, legal: Sequence[Action]) -> Text:
        g = self.game
        r = g.rules
        if view.settlement is not None:
            out = Text("Deal over: " + text.outcome_sentence(view.settlement, r, self.namer))
            if g.deal is None:
                out.append("  ⏎ " + ("final standings" if g.over else "summary and next deal"), style="#8a8a8a")
            return out
        if not legal:
            waiting = g.bot_to_act()
            if view.phase is Phase.COMMIT:
                return Text("Waiting for the others to commit, in secret…")
            who = self.namer(waiting) if waiting is not None else "the table"
            out = Text(f"{who} is thinking…", style="#8a8a8a")
            if view.phase is Phase.PLAY and not view.in_play[g.human]:
                out = Text("You are out of this deal: f fast-forwards to its end.  ") + out
            return out
        if self.pending_civil is not None:
            return Text(
                f"You lead the {self.pending_civil.unicode}: say “Pam, be civil” (c) or make no call (n)? "
                "Under the call Pam may not be played to this trick (PAM-2)."
            )
        if view.phase is Phase.COMMIT and not self.choices:
            return Text("In or Out? Everyone chooses at once, in secret: i In · o Out. " + stakes.lou_warning(view))
        if not any(isinstance(a, (Play, Discard)) for a in legal):
            keys = [f"{text.action_phrase(a, r)} ({_key_of(a, self.choices)})" for a in legal]
            intro = "Your turn to declare: " if view.phase is Phase.DECLARE else "Your turn: "
            out = Text(intro + " · ".join(keys))
            if shape_of(r).pays_piles and STAND in legal:  # Lou declared in turn
                out.append(". " + stakes.lou_warning(view))
            return out
        if any(isinstance(a, Discard) for a in legal):
            marked = len(self.marked)
            return Text(
                f"Exchange: mark cards to throw (up to {view.exchange_limit}), then ⏎ · {marked} marked · k keeps all"
            )
        if view.trick:
            return Text("Your turn: play a card to the trick (highlighted cards are legal).")
        return Text("Your lead: choose a card (highlighted cards are legal).")

    def _draw_actions(self, view: View, legal: Sequence[Action]) -> None:
        g = self.game
        words = Words(g.rules)
        lou = words.lou
        mine = bool(legal)
        declaring = mine and self.pending_civil is None and any(a in legal for a in DECLARATIONS)
        exchanging = mine and any(isinstance(a, Discard) for a in legal)
        buttons = {
            "act-play": declaring,
            "act-pass": declaring,
            "act-miss": declaring and TAKE_MISS in legal,
            "act-defend": declaring and DEFEND_MISS in legal,
            "act-discard": exchanging,
            "act-keep": exchanging,
            "act-civil": self.pending_civil is not None,
            "act-plain": self.pending_civil is not None,
            "act-cancel": self.pending_civil is not None or (exchanging and bool(self.marked)),
            "act-hint": mine,
            "act-undo": g.undo_available(),
        }
        for bid, shown in buttons.items():
            self.query_one(f"#{bid}", FlatButton).display = shown
        relabel(self.query_one("#act-play", FlatButton), f"{words.action(STAND)}  {'i' if lou else 'p'}")
        relabel(self.query_one("#act-pass", FlatButton), f"{words.action(PASS)}  {'o' if lou else 'x'}")
        self.query_one("#act-pass", FlatButton).set_class(mine and PASS not in legal, "illegal")
        n = len(self.marked)
        relabel(self.query_one("#act-discard", FlatButton), f"Throw {n} marked  ⏎" if n else "Throw none  ⏎")
        by_number = not any(isinstance(a, (Play, Discard)) for a in legal)
        for i in range(MAX_CHOICES):
            b = self.query_one(f"#act-choice-{i}", FlatButton)
            b.display = i < len(self.choices)
            if b.display:
                phrase = text.action_phrase(self.choices[i], g.rules)
                relabel(b, f"{phrase}  {key_for(i)}" if by_number else str(self.choices[i]))

    def lay_out(self, view: View) -> list[Card | None]:
        """The hand in its places for this deal (see ``hand_order``)."""
        held = set(view.hand)
        if self._layout_deal != self.game.deal_number or not held <= set(self._layout):
            self._layout = table.sort_hand(view, view.hand)
            self._layout_deal = self.game.deal_number
        # an undone card comes back to its place
        self.hand_order = [c if c in held else None for c in self._layout]
        return self.hand_order

    def _draw_hand(self, view: View, legal: Sequence[Action]) -> None:
        g = self.game
        places = self.lay_out(view)
        legal_cards = {a.card for a in legal if isinstance(a, Play)}
        playing = bool(legal_cards)
        exchanging = any(isinstance(a, Discard) for a in legal)
        if not (playing or exchanging) or self.pending_civil is not None:
            self.cursor = -1
        elif self.cursor < 0 or self.cursor >= len(places) or places[self.cursor] is None:
            # a first Enter plays (or, in an exchange, marks) the highlighted card: start on a legal one
            choosable = (i for i, c in enumerate(places) if c is not None and (exchanging or c in legal_cards))
            self.cursor = next(choosable, 0)
        trumps = table.trumps_of(view)
        short = self.screen.has_class("-short")
        values = view.stakes.card_points
        for i in range(MAX_CARDS):
            w = self.query_one(f"#card-{i}", CardWidget)
            card = places[i] if i < len(places) else None
            w.show(
                card,
                legal=(card in legal_cards) if playing and card is not None else None,
                selected=exchanging and card in self.marked,
                cursor=i == self.cursor,
                trump=card in trumps,
                short=short,
                points=values[card] if values and card is not None else None,
            )
        hand = [c for c in places if c is not None]
        label = Text("Your hand", style="bold")
        if view.miss_taker == g.human or (view.defended and view.dealer == g.human):
            label.append(" (the Miss)", style="#af87ff")
        if not hand:
            over = view.settlement is not None or view.phase is Phase.PLAY
            label.append(" — no cards" if over else " — out of this deal", style="dim")
        elif playing:
            label.append(f" — {len(legal_cards)} legal: ", style="dim")
            label.append_text(text.cards_text([c for c in hand if c in legal_cards]))
        if playing or exchanging:
            keys = "⏎ plays the highlighted card" if playing else "space marks the highlighted card, ⏎ throws"
            tail = Text(f"  ·  {keys}" + (", red: its penalty points" if values else ""), style="dim")
            room = self.query_one("#hand-label", Static).content_size.width
            if not room or label.cell_len + tail.cell_len <= room:
                label.append_text(tail)
        self.query_one("#hand-label", Static).update(label)

    def say(self, kind: str, message: RenderableType) -> None:
        if isinstance(message, str):
            message = Text(message)  # it may quote a name or a path: never markup
        self.feedback = (kind, message)
        self._show_feedback(kind, message)

    def _show_feedback(self, kind: str, message: RenderableType) -> None:
        fb = self.query_one("#feedback", Static)
        fb.set_classes(kind)
        fb.update(message)
        # a short screen gives the line back to the table while there is nothing to say
        fb.display = bool(message) or not self.screen.has_class("-short")

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
        view = deal.view(g.human, with_events=False)
        pause = self.delay * (2 if not view.trick and view.tricks else 1)
        self._timer = self.set_timer(pause, self._bot_tick)

    def _held(self, tick: Callable[[], None]) -> bool:
        """A question about the game is open (quit, save or export to where, replace a file): the bots wait for its
        answer, so that what it describes (the unsaved deal, the deals to export) stays true while it is read."""
        if isinstance(self.screen, (QuitScreen, PathScreen, ReplaceScreen)):
            self.held_ticks += 1
            self._timer = self.set_timer(max(self.delay, 0.05), tick)
            return True
        return False

    def _bot_tick(self) -> None:
        self._timer = None
        if self._held(self._bot_tick):
            return
        step = self.game.step_bot()
        if step is not None:
            self.refresh_all()
        self.schedule()

    def end_deal(self) -> None:
        """Book the finished deal and show its summary (the app's own)."""
        raise NotImplementedError

    def _end_tick(self) -> None:
        self._timer = None
        if self._held(self._end_tick):
            return
        self.end_deal()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _show_panel(self, which: str) -> None:
        self.query_one("#switcher", ContentSwitcher).current = which
        for tab in self.query(".tab"):
            tab.set_class(tab.id == f"tab-{which}", "-active")

    # --- files -------------------------------------------------------------------------------------------
