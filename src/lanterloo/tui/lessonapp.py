"""A tutorial's guided deal on the game's own screen: the table you then play on, with the lesson beside it.

``loo tutorial`` opens this app at the end of each lesson (``tui.tutorial.run_tutorial``). It is ``LooApp`` itself,
the same board, keys, hints, stakes and deal summary, dealing one deal from the lesson's position (its hands,
turn-up, Miss and pool) against the bots ``tutorial.GuidedPlay`` uses, so the deal is the one the lesson was
written for. Above the prompt a box holds the lesson's words: what the deal is about, the reminder for the choice in
front of the learner, and what the adviser bot would do and why. A lesson's deal is not saved or exported; q, or
closing its summary, goes back to the lesson.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from lanterloo.bots import make_bot
from lanterloo.rules import rules_with
from lanterloo.setup import deck_for_hands
from lanterloo.tui.app import LooApp
from lanterloo.tui.game import Game, Settings
from lanterloo.tui.text import hint_text
from lanterloo.tutorial import Guided, Tutorial
from lanterloo.tutorial.model import ADVISER
from lanterloo.tutorial.table import NAMES


def lesson_game(tutorial: Tutorial, guided: Guided) -> Game:
    """One deal from the lesson's position, the learner at seat 0 and the adviser's style at every other seat."""
    pos = guided.position
    # exactly one deal: the session does not play on to empty the pool after a lesson
    rules = rules_with(pos.preset, {**pos.options, "session_end": "exact"})
    n = pos.players
    settings = Settings(
        rules=rules,
        names=list(NAMES[:n]),
        bots=[None, *[ADVISER] * (n - 1)],
        seed=0,
        stack=pos.stack,
        first_dealer=pos.dealer,
        max_deals=1,
        session_id=f"loo-tutorial-{tutorial.name}",
        pool=pos.pool,
    )
    deck = deck_for_hands(rules, n, pos.dealer, pos.hands, miss=pos.miss, turnup=pos.turnup, stock=pos.stock)
    # the guided deal's own bots (GuidedPlay's): the same seats make the same replies as in the lesson's checks
    bots = {s: make_bot(ADVISER, s) for s in range(1, n)}
    return Game(settings, bots=bots, decks=[deck])


class LessonApp(LooApp):
    """The guided deal of ``tutorial`` on the game's screen, with the lesson's words above the prompt."""

    TITLE = "lanterloo tutorial"

    def __init__(self, tutorial: Tutorial, guided: Guided, *, delay: float = 0.6) -> None:
        super().__init__(lesson_game(tutorial, guided), delay=delay)
        self.tutorial = tutorial
        self.guided = guided

    def on_mount(self) -> None:
        self.screen.set_class(True, "-lesson")
        self.query_one("#lesson").border_title = f"Lesson · {self.guided.title}"
        super().on_mount()

    def refresh_all(self) -> None:
        super().refresh_all()
        self.query_one("#lesson", Static).update(self.lesson_words())

    def lesson_words(self) -> Group:
        """What the lesson says now: its intro until the learner first acts, the reminder for the phase and the
        adviser's choice when it is the learner's turn, and what to do once the deal is over."""
        g = self.game
        deal = g.deal
        parts: list[Text] = []
        if deal is None or deal.is_over:
            parts.append(Text("The deal is over: its summary says what each trick won. Enter goes back to the lesson."))
            return Group(*parts)
        if not any(seat == g.human for seat, _ in g.moves):
            parts.append(Text(self.guided.intro, style="italic"))
        if g.human_to_act():
            view = deal.view(g.human)
            tip = self.guided.tips.get(view.phase.name.lower())
            if tip:
                parts.append(Text.assemble(("Remember: ", "bold #d7af5f"), tip))
            decision = make_bot(ADVISER, 0).decide(view)
            parts.append(hint_text(decision.action, decision.reason, g.rules, self.namer, ADVISER))
        return Group(*parts)

    # a lesson's deal is the lesson's: nothing to keep, and leaving loses nothing

    def action_save(self) -> None:
        self.say("info", "A lesson's deal is not saved: q goes back to the lesson.")

    def action_export(self) -> None:
        self.say("info", "A lesson's deal is not exported: q goes back to the lesson.")

    def action_quit_game(self) -> None:
        self.exit(0)

    def _after_summary(self, choice: str | None) -> None:
        """The summary closed: the lesson's one deal is done, so back to the lesson (saving is not offered)."""
        self._summary_open = False
        if choice in ("save", "export"):
            self.say("info", "A lesson's deal is not saved or exported.")
            self._back_to_summary()
            return
        self.exit(0)
