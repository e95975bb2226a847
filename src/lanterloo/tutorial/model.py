"""The tutorial's model: lessons as data, checked against the engine, and the guided deal at the end of each.

No Textual here: the terminal screen (``lanterloo.tui.tutorial``) and the tests drive the same objects. A lesson
position is reached through the normal deal: ``setup.deal_from_hands`` builds the deck order that deals the chosen
hands, and the moves before the position are applied through ``Deal.apply``, so a lesson can only show a position
the rules can produce. What may be chosen, and why a choice is refused, always comes from the engine; the lesson's
own claims (its legal set, its best choice) are checked by tests/test_tutorial.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from lanterloo.actions import DEFEND_MISS, PASS, STAND, TAKE_MISS, Action, Play, discard, parse_action
from lanterloo.bots import Bot, Decision, make_bot
from lanterloo.engine import Deal, Phase, View
from lanterloo.engine.narrate import Narrator
from lanterloo.errors import IllegalActionError
from lanterloo.rules import Rules, rules_with
from lanterloo.setup import deal_from_hands
from lanterloo.tutorial.table import NAMES, action_name, choice_stakes

#: The declarations in the order the game's buttons show them (tui/board.py, the web's choice buttons).
BUTTON_ORDER: tuple[Action, ...] = (STAND, PASS, TAKE_MISS, DEFEND_MISS)
#: The bot whose advice the guided deal shows, and whose style plays the other seats.
ADVISER = "balanced"


@dataclass(frozen=True)
class Position:
    """A deal as dealt (the hands that matter, the turn-up, the Miss, the stock) and the moves made since.

    Cards are written as in ``loo``'s notation (``A♦``, ``Ad``, ``10♥``). Seats not given get the cards left over.
    A move is an action in notation applied for the seat to act; ``"2:in"`` names the seat, for Lou's coin
    declare, where several seats may act. The learner is seat 0 and, with the dealer last, the eldest hand.
    """

    preset: str
    hands: Mapping[int, str]
    players: int = 4
    dealer: int = 3
    turnup: str | None = None
    miss: str | None = None
    stock: str | None = None
    pool: int = 0
    stack: int = 100
    moves: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)

    def rules(self) -> Rules:
        return rules_with(self.preset, dict(self.options))

    def deal(self) -> Deal:
        """The deal at this position: dealt, then every move applied (an illegal one raises)."""
        deal = deal_from_hands(
            self.rules(),
            self.hands,
            players=self.players,
            dealer=self.dealer,
            stacks=[self.stack] * self.players,
            pool=self.pool,
            miss=self.miss,
            turnup=self.turnup,
            stock=self.stock,
        )
        for move in self.moves:
            seat, _, text = move.rpartition(":")
            deal.apply(parse_action(text), int(seat) if seat else None)
        return deal


#: The words a step may teach (its ``teaches``): a word a step has not taught yet is not shown in a position's
#: description (``describe``), and tests/test_tutorial.py checks that no lesson text uses a word of the game before
#: the step that teaches it.
Word = str


@dataclass(frozen=True)
class Read:
    """A few sentences with no question (the opening of a tutorial); a position, if given, is shown under the text.

    ``teaches`` names the words this step defines; ``rules`` the rule IDs it stands on (data, never shown in it).
    """

    title: str
    text: str
    position: Position | None = None
    teaches: tuple[Word, ...] = ()
    rules: tuple[str, ...] = ()


DrillKind = Literal["legal", "best"]


@dataclass(frozen=True)
class Drill:
    """A question at a position: "pick a legal card" (any legal choice is right) or "pick the best" (one is).

    ``legal`` is the legal set as the lesson states it, and ``explain`` gives one explanation per choice offered
    (every card in the hand when a card is to be played, every legal action otherwise); tests check both against
    the engine. ``check`` says how the test confirms the best choice: ``bot`` (the adviser bot chooses it),
    ``guarantee`` (it alone guarantees the learner the most tricks whatever the others do), ``only`` (it is
    the only legal choice), or ``wins`` (it alone makes sure the learner takes the trick being played).

    ``text`` is the idea the drill practises, said before the question; ``teaches`` names the words this step
    defines, and ``rules`` the rule IDs it stands on (data, never shown in the lesson).
    """

    title: str
    kind: DrillKind
    position: Position
    prompt: str
    legal: tuple[str, ...]
    best: str
    explain: Mapping[str, str]
    check: Literal["bot", "guarantee", "only", "wins"] = "bot"
    text: str = ""
    teaches: tuple[Word, ...] = ()
    rules: tuple[str, ...] = ()

    def choices(self) -> list[Action]:
        """The choices in the order the game's buttons have them (Play, Pass, Take the Miss, Defend the Miss; In
        before Out), whatever order the lesson explains them in: a key means the same thing at every step."""
        actions = [parse_action(k) for k in self.explain]
        order = {a: i for i, a in enumerate(BUTTON_ORDER)}
        return sorted(actions, key=lambda a: order.get(a, len(order))) if all(a in order for a in actions) else actions

    def is_right(self, action: Action) -> bool:
        if self.kind == "legal":
            return any(parse_action(k) == action for k in self.legal)
        return parse_action(self.best) == action


@dataclass(frozen=True)
class Guided:
    """The full deal that ends a tutorial: the learner plays seat 0 against bots, with a tip at each choice.

    ``tips`` maps a phase (``declare``, ``commit``, ``exchange``, ``play``) to the lesson's reminder for it.
    """

    title: str
    position: Position
    intro: str
    tips: Mapping[str, str] = field(default_factory=dict)


Step = Read | Drill | Guided


@dataclass(frozen=True)
class Tutorial:
    name: str  # the preset it teaches
    title: str
    summary: str
    steps: tuple[Step, ...]

    def drills(self) -> list[Drill]:
        return [s for s in self.steps if isinstance(s, Drill)]

    def known(self, index: int) -> frozenset[Word] | None:
        """The words taught up to step ``index`` and by it; None (every word) at the guided deal."""
        if isinstance(self.steps[index], Guided):
            return None
        return frozenset(w for s in self.steps[: index + 1] if not isinstance(s, Guided) for w in s.teaches)


class Answer(NamedTuple):
    """What the tutorial says about a choice: right or not, and why (the engine's reason for a refused one). The
    text names no rule ID: the rule the engine cites for a refusal is ``rule``, kept apart."""

    right: bool
    text: str
    rule: str | None = None


def answer(drill: Drill, action: Action) -> Answer:
    """Judge a choice in a drill: the lesson's explanation, and the engine's reason when the rules refuse it."""
    deal = drill.position.deal()
    own = next((text for k, text in drill.explain.items() if parse_action(k) == action), "")
    try:
        deal.check(action)
    except IllegalActionError as e:
        refusal = f"{e.describe(NAMES, rule=False)}."
        return Answer(False, f"{refusal} {own}".strip(), e.rule_id)
    return Answer(drill.is_right(action), own)


# --- the guided deal ----------------------------------------------------------------------------------------------


class GuidedPlay:
    """A guided deal in progress: bots play every seat but the learner's, and each choice comes with a tip."""

    def __init__(self, guided: Guided, bots: Mapping[int, Bot] | None = None) -> None:
        self.guided = guided
        self.deal = guided.position.deal()
        self.rules = self.deal.rules
        self.seat = 0
        self.names = NAMES[: self.deal.players]
        self.narrator = Narrator(self.rules, self.names, you=self.seat, cite=False)
        self.bots: dict[int, Bot] = (
            dict(bots) if bots is not None else {s: make_bot(ADVISER, s) for s in range(1, self.deal.players)}
        )
        self._told = 0  # events already told
        self.told: list[str] = []  # everything told so far, in sentences

    @property
    def over(self) -> bool:
        return self.deal.is_over

    def view(self) -> View:
        return self.deal.view(self.seat)

    def to_act(self) -> bool:
        """Whether the learner is to act now."""
        return not self.deal.is_over and self.seat in self.deal.seats_to_act()

    def run_bots(self) -> list[str]:
        """Let the bots move until the learner is to act or the deal is over; returns what happened, told."""
        deal = self.deal
        while not deal.is_over:
            seats = [s for s in deal.seats_to_act() if s != self.seat]
            if not seats or (deal.phase is not Phase.COMMIT and self.seat in deal.seats_to_act()):
                break
            seat = seats[0]
            deal.apply(self.bots[seat].decide(deal.view(seat, with_events=False)).action, seat)
        return self.news()

    def news(self) -> list[str]:
        """The events since the last call, as the learner's seat saw them."""
        events = self.view().events
        told = [self.narrator.event(e) for e in events[self._told :]]
        self._told = len(events)
        news = [t for t in told if t and t != "The cards are dealt."]
        self.told += news
        return news

    def choices(self) -> list[Action]:
        """What the screen offers: every card in hand when a card is to be played (a wrong one is explained),
        otherwise the legal actions (in an exchange: keep all, throw any one card, or the adviser's choice)."""
        view = self.view()
        if view.phase is Phase.PLAY:
            return [Play(c) for c in view.hand]
        if view.phase is Phase.EXCHANGE:
            offered: list[Action] = [discard(0), *(discard(1 << c) for c in view.hand)]
            tip = self.advice().action
            if tip not in offered:
                offered.append(tip)
            return [a for a in offered if a in view.legal]
        return list(view.legal)

    def advice(self) -> Decision:
        """What the adviser bot would do in the learner's place (a fresh bot: it sees only this view)."""
        return make_bot(ADVISER, 0).decide(self.view())

    def tip(self) -> list[str]:
        """What the learner may do now and what it can win or cost, the lesson's reminder, and the advice."""
        view = self.view()
        lines = choice_stakes(view)
        phase = view.phase.name.lower()
        if phase in self.guided.tips:
            lines.append(self.guided.tips[phase])
        if view.phase is Phase.PLAY:
            legal = [a.card.unicode for a in view.legal if isinstance(a, Play)]
            lines.append("Legal now: " + " ".join(dict.fromkeys(legal)) + ".")
        advice = self.advice()
        lines.append(f"The {ADVISER} bot would choose {action_name(advice.action, self.rules)}: {advice.reason}.")
        return lines

    def play(self, action: Action) -> Answer:
        """The learner's move: refused with the engine's reason, or applied and the bots' replies told."""
        try:
            self.deal.check(action, self.seat)
        except IllegalActionError as e:
            return Answer(False, f"{e.describe(self.names, rule=False)}.", e.rule_id)
        self.deal.apply(action, self.seat)
        return Answer(True, " ".join(self.run_bots()))

    def result(self) -> list[str]:
        """The settlement in words, once the deal is over."""
        st = self.deal.settlement
        if st is None:
            return []
        view = self.deal.view(None)
        return [self.narrator.outcome(st), *self.narrator.settlement(st, view)]
