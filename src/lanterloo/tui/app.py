"""The terminal game: ``LooApp``, what the keys, buttons and dialogs do, on top of the table (``Board``).

The human's moves go to ``Game.act``; a refused one is explained with the engine's reason and rule ID. A legal
action the table has no key of its own for (a new kind of decision) is offered by its name, on a button and, when
no card can be chosen, on the number keys.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Button, ContentSwitcher

from lanterloo.actions import DEFEND_MISS, PASS, PLAYS, PLAYS_CIVIL, STAND, TAKE_MISS, Action, Discard, Play, discard
from lanterloo.cards import mask_of
from lanterloo.engine import Decl
from lanterloo.engine.moments import big_moment
from lanterloo.errors import IllegalActionError, LooError
from lanterloo.tui import summary, text
from lanterloo.tui.rulespanel import rules_page
from lanterloo.tui.saving import Saving
from lanterloo.tui.screens import RulesScreen, SummaryScreen
from lanterloo.tui.widgets import CSS, MAX_CARDS, SPEEDS, CardWidget

__all__ = ["CardWidget", "LooApp"]


class LooApp(Saving):
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
        Binding("r", "rules_page", "Rules"),
        Binding("t", "panel('deals')", "Session"),
        Binding("f", "fast", "Fast-forward"),
        Binding("v", "layout", show=False),
        Binding("plus,equals_sign", "speed(-1)", show=False),
        Binding("minus", "speed(1)", show=False),
        Binding("ctrl+q,ctrl+c", "quit_game", show=False, priority=True),
    ]

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
        self._last_summary = summary.deal_summary(rec, g.end_view(rec), self.namer.names, g.human, totals_before)
        # a flush, a sweep, a loo of the whole pool, a Louse match lost: one beat of emphasis, never a dialog
        losers = g.session.losers if g.session.over else ()
        moment = big_moment(g.end_view(rec), self.namer.names, g.human, losers)
        if moment is not None:
            self.notify(moment.text, title="★", timeout=4)
            self.say("info", Text("★ " + moment.text, style="bold"))
        self.refresh_all()
        self._open_summary(self._mark_finished() if g.over else None)

    def _open_summary(self, note: RenderableType | None = None) -> None:
        g = self.game
        if self._last_summary is None or self._summary_open:
            return
        self._summary_open = True
        screen = SummaryScreen(self._last_summary, self._session_table(), g.session.end_reason, note)
        self.push_screen(screen, self._after_summary)

    def _after_summary(self, choice: str | None) -> None:
        # Saving or exporting comes back to the summary: only "next" deals the next hand.
        self._summary_open = False
        if choice == "save":
            self._ask_save(lambda _saved: self._back_to_summary())
            return
        if choice == "export":
            self._ask_export(self._back_to_summary)
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

    def _show_final(self, note: RenderableType | None = None) -> None:
        """The session is over: the final standings, with save, export and quit."""
        g = self.game
        if self._summary_open:
            return
        reason = g.session.end_reason or "the session ended"
        self.say("info", f"The session is over: {reason}. Enter shows the final standings; q quits.")
        standings = summary.final_standings(g.session, self.namer.names, g.human, g.settings.stack)

        def done(choice: str | None) -> None:
            self._summary_open = False
            if choice == "save":
                self._ask_save(lambda _saved: self._back_to_summary())
            elif choice == "export":
                self._ask_export(self._back_to_summary)
            else:
                self.action_quit_game()

        self._summary_open = True
        self.push_screen(SummaryScreen(standings, self._session_table(), reason, note), done)

    # --- the human's moves -------------------------------------------------------------------------------

    def _legal(self) -> list[Action]:
        """The human's legal actions now (none when it is not the human's turn)."""
        d = self.game.deal
        return d.legal_actions(self.game.human) if d is not None and self.game.human_to_act() else []

    def _exchanging(self) -> bool:
        return any(isinstance(a, Discard) for a in self._legal())

    def do(self, action: Action) -> bool:
        """Try the human's action: on an illegal one explain why (the engine's reason and rule ID)."""
        try:
            self.game.act(action)
        except IllegalActionError as e:
            self.say("error", Text(e.describe(self.namer.names)))
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
        if not self._playing():
            return
        if self.choices and not any(isinstance(a, (Play, Discard)) for a in self._legal()):
            if index < len(self.choices):  # no card to choose: the number keys pick the other choices
                self.do(self.choices[index])
            return
        card = self.hand_order[index] if index < len(self.hand_order) else None
        if card is None:  # an empty place: the card there has been played
            return
        deal = self.game.deal
        if self._exchanging():
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
        elif bid.startswith("act-choice-"):
            index = int(bid.removeprefix("act-choice-"))
            if self._playing() and index < len(self.choices):
                self.do(self.choices[index])
        elif bid in actions:
            actions[bid]()

    def action_card(self, index: int) -> None:
        self.choose_card(index)

    def action_cursor(self, step: int) -> None:
        """Move the highlight to the next card held (the arrows); it only shows while a card can be chosen."""
        places = [i for i, c in enumerate(self.hand_order) if c is not None]
        if not self._playing() or self.cursor < 0 or not places:
            return
        after = [i for i in places if (i - self.cursor) * step > 0]
        self.cursor = (min(after) if step > 0 else max(after)) if after else (places[0] if step > 0 else places[-1])
        self.refresh_all()

    def action_cursor_card(self) -> None:
        """Space: play the highlighted card at once (in an exchange: mark or unmark it)."""
        if self._playing() and self.cursor >= 0:
            self.choose_card(self.cursor)

    def action_enter(self) -> None:
        if not self._playing():
            return
        deal = self.game.deal
        if self.game.over and deal is None:
            self._show_final()
        elif deal is None:
            self._open_summary()  # between deals (the summary was closed by "keep playing")
        elif self._exchanging():
            self.do(discard(mask_of(self.marked)))
        elif self.pending_civil is not None:
            return
        elif self.cursor >= 0:  # one press: the highlighted card is played at once
            self.choose_card(self.cursor)

    def action_keep_all(self) -> None:
        if self._playing():
            self.marked.clear()
            self.do(discard(0))

    def action_declare(self, what: str) -> None:
        if not self._playing():
            return
        # the key's name is the declaration's notation (Decl), which parse_action reads
        action = {Decl.PLAY: STAND, Decl.PASS: PASS, Decl.MISS: TAKE_MISS, Decl.DEFEND: DEFEND_MISS}[Decl(what)]
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

    def action_layout(self) -> None:
        """v: the seats round the felt (when it has room), or the list of seats."""
        self._round = not self._round
        self.refresh_all()

    def action_hint(self) -> None:
        if not self._playing():
            return
        try:
            bot, decision = self.game.hint()
        except IllegalActionError as e:
            self.say("error", e.describe(self.namer.names))
            return
        action = decision.action
        if isinstance(action, Play) and action.card in self.hand_order:
            self.cursor = self.hand_order.index(action.card)  # then Enter plays it
        msg = text.hint_text(action, decision.reason, self.game.rules, self.namer, bot)
        if isinstance(action, Play):
            msg.append("  (⏎ plays it)", style="dim")
        elif isinstance(action, Discard):
            # the hint marks the cards it throws, so Enter does what it says (not "keep all" by default)
            self.marked = set(action.cards)
            msg.append("  (marked: ⏎ throws them)" if action.mask else "  (⏎ keeps them all)", style="dim")
        self.say("hint", msg)
        self.refresh_all()

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

    def action_rules_page(self) -> None:
        """The rules of this game on the whole screen, scrolled from the keyboard (Esc closes it)."""
        if self._playing():
            self.push_screen(RulesScreen(rules_page(self.game.rules, self.game.settings.options)))
