"""The terminal game's words and cards: card styles, the seats' names, the names of actions, and the log.

Every sentence comes from the narrator (``lanterloo.engine.narrate``); this module only styles it. The panels are
built from the ``View`` alone in ``table`` (the table, the game panel, the felt) and ``summary`` (the end of a deal,
the session table, the final standings); the rules panel is ``rulespanel``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from lanterloo.actions import Action
from lanterloo.cards import Card, Suit
from lanterloo.engine import Decl, Settlement, View, words
from lanterloo.engine.events import (
    Committed,
    DealStarted,
    Dealt,
    Forced,
    PlayBegins,
    Reshuffled,
    Revealed,
    Settled,
    TrickWon,
    TrumpSet,
)
from lanterloo.engine.narrate import Narrator
from lanterloo.engine.words import Words
from lanterloo.rules import Rules
from lanterloo.rules import title as title  # re-exported: the app reads it from here
from lanterloo.termtext import escape
from lanterloo.tui.rulespanel import rules_panel as rules_panel  # re-exported

RED = "bold #ff5f5f"
BLACK = "bold #f0f0f0"
YOU = "bold #ffd75f"


def card_style(card: Card) -> str:
    return RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def card_text(card: Card, style: str = "") -> Text:
    return Text(card.unicode, style=f"{card_style(card)} {style}".strip())


def cards_text(cards: Sequence[Card], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


# --- names and phrases --------------------------------------------------------------------------------------


class Namer:
    """Names seats and conjugates verbs: "You play" for the human, "Basil plays" for the others."""

    def __init__(self, names: Sequence[str], human: int) -> None:
        # names come from the command line and save files: shown with their control characters escaped, and
        # only ever inside Text objects, never as markup
        self.names = [escape(n) for n in names]
        self.human = human

    def __call__(self, seat: int) -> str:
        return self.names[seat]

    def subject(self, seat: int) -> str:
        return "You" if seat == self.human else self.names[seat]

    def say(self, seat: int, verb: str, verb3: str | None = None) -> str:
        """``say(1, "play")`` -> "Basil plays"; for the human "You play"."""
        if seat == self.human:
            return f"You {verb}"
        return f"{self.names[seat]} {verb3 or verb + 's'}"

    def styled(self, seat: int) -> Text:
        return Text(self.names[seat], style=YOU if seat == self.human else "bold")


def rule_ref(rule_id: str) -> str:
    return f"({rule_id})"


def declaration_word(decl: Decl | None, rules: Rules) -> str:
    """A seat's declaration as its plate shows it (the engine's words: ``Words.declaration``)."""
    return Words(rules).declaration(decl)


def action_phrase(action: Action, rules: Rules) -> str:
    """What an action is called on a button or in the log (the engine's words: ``Words.action``)."""
    return Words(rules).action(action)


# --- the hint -----------------------------------------------------------------------------------------------


def second_person(reason: str, namer: Namer) -> str:
    """A bot's reason told to the human: "you" for "I", and the players' names for "seat N"."""
    return words.second_person(reason, namer.names, namer.human)


def hint_text(action: Action, reason: str, rules: Rules, namer: Namer, bot: str) -> Text:
    """The hint line: "Hint: play 8♥ — Cannot win this trick: throw the lowest heart, the 8♥ (balanced bot)"."""
    verb, why = words.hint_sentence(Words(rules), action, reason, namer.names, namer.human)
    out = Text("Hint: ", style="bold")
    out.append(verb, style="bold")
    out.append(" — ")
    out.append_text(styled(why))
    out.append(f" ({bot} bot)", style="dim")
    return out


# --- the log ------------------------------------------------------------------------------------------------


_CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")

# How the log styles each kind of event; the words are the narrator's.
_EVENT_STYLE: dict[type, str] = {
    Forced: "#ffaf00",
    Revealed: "bold",
    Reshuffled: "dim",
    PlayBegins: "bold",
    TrumpSet: "#ffaf00",
    TrickWon: "bold #87d75f",
    Settled: "bold",
}


def narrator(namer: Namer, rules: Rules) -> Narrator:
    """The narrator for this table: the players' names, and "You" for the human."""
    return Narrator(rules, namer.names, you=namer.human, cite=False)  # a player reads it: no rule IDs


def styled(sentence: str, style: str = "") -> Text:
    """A narrator's sentence with its cards in their suit colours."""
    out = Text(sentence, style=style)
    for m in _CARD.finditer(sentence):
        out.stylize(card_style(Card.parse(m.group())), m.start(), m.end())
    return out


def event_lines(view: View, namer: Namer, deal_number: int) -> list[Text]:
    """The deal so far, one line per event, as the human's seat saw it."""
    n = narrator(namer, view.rules)
    lines: list[Text] = []
    for e in view.events:
        if isinstance(e, Dealt):
            continue  # "Deal N: Ada deals." already says it
        said = n.event(e)
        if said is None:
            continue
        style = _EVENT_STYLE.get(type(e), "")
        if isinstance(e, Committed) and e.seat != namer.human:
            style = "dim"
        line = styled(said, style)
        if isinstance(e, DealStarted):
            line = Text.assemble((f"Deal {deal_number}", "bold"), ": ", line)
        lines.append(line)
    return lines


def trick_log(view: View, namer: Namer) -> Group | Text:
    """The finished tricks of this deal: every card in order of play, and who took the trick."""
    if not view.tricks:
        return Text("No trick has been played yet in this deal.", style="dim")
    lines: list[RenderableType] = []
    for i, tr in enumerate(view.tricks, 1):
        head = Text.assemble((f"Trick {i}", "bold"), " → ", namer.styled(tr.winner))
        if tr.civil:
            head.append("  “Pam, be civil”", style="italic dim")
        cells = Text("  ")
        for j, (s, c) in enumerate(tr.cards):
            if j:
                cells.append("  ")
            cells.append(f"{namer(s)} ", style="#8a8a8a")
            cells.append_text(card_text(c, "underline" if s == tr.winner else ""))
        lines += [head, cells]
    return Group(*lines)


def pool_word(rules: Rules) -> str:
    """What the chips in the middle are called: "pot" in Lou, "pool" elsewhere (``Words.pot``)."""
    return Words(rules).pot


def outcome_sentence(st: Settlement, rules: Rules, namer: Namer) -> str:
    """One sentence that says how the deal ended (the narrator's)."""
    return narrator(namer, rules).outcome(st)
