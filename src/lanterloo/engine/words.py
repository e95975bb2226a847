"""One vocabulary for every client: what the table calls its pool, a declaration, an action, a loo, a score.

Lou says "pot", "In", "Out" and "match the pot"; Loo says "pool", "plays", "passes" and "looed"; Louse keeps penalty
points and has no pool. The narrator, the terminal game and the web table all take their words from here, so no
client picks a label of its own (and the web page never parses the notation to guess one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lanterloo.actions import Action, Ante, DefendMiss, Discard, Pass, Play, Stand, TakeMiss
from lanterloo.engine.phases import Decl, Phase
from lanterloo.engine.view import View
from lanterloo.rules import Rules

# A bot gives its reasons in the first person ("my only card"); a hint speaks to the player.
_PERSON = (
    (re.compile(r"\bI am\b"), "you are"),
    (re.compile(r"\bI\b"), "you"),
    (re.compile(r"\bmy\b"), "your"),
    (re.compile(r"\bMy\b"), "Your"),
    (re.compile(r"\bme\b"), "you"),
    (re.compile(r"\bmine\b"), "yours"),
)
_SEAT = re.compile(r"\b[Ss]eat (\d+)('s)?")


class Words:
    """The words of one table's game (``rules.game``): built once per table, cheap to keep."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.lou = rules.game == "lou"
        self.louse = rules.game == "louse"
        #: what the chips in the middle are called; Louse has none (``has_pool``)
        self.pot = "pot" if self.lou else "pool"
        self.has_pool = not self.louse
        #: a seat that pays for taking no trick: "looed" in Loo, "matched" (the pot) in Lou
        self.looed = "matched" if self.lou else "looed"
        #: what a deal scores: chips, or Louse's penalty points
        self.unit = "points" if self.louse else "chips"

    def declaration(self, decl: Decl | None) -> str:
        """A seat's declaration as its plate shows it: "plays", "passed", "In", "Out", "took the Miss"."""
        if decl is None:
            return ""
        return {
            Decl.PASS: "Out" if self.lou else "passed",
            Decl.PLAY: "In" if self.lou else "plays",
            Decl.MISS: "took the Miss",
            Decl.DEFEND: "defends the Miss",
        }[decl]

    def action(self, action: Action) -> str:
        """What an action is called on a button or in the log: "Play", "Out", "Keep all", "Q♥"."""
        if isinstance(action, Stand):
            return "In" if self.lou else "Play"
        if isinstance(action, Pass):
            return "Out" if self.lou else "Pass"
        if isinstance(action, TakeMiss):
            return "Take the Miss"
        if isinstance(action, DefendMiss):
            return "Defend the Miss"
        if isinstance(action, Discard):
            return "Discard " + " ".join(c.unicode for c in action.cards) if action.mask else "Keep all"
        if isinstance(action, Play):
            return f"{action.card.unicode}{' (Pam, be civil)' if action.civil else ''}"
        if isinstance(action, Ante):
            return f"Ante {action.amount}"
        return str(action)

    def hint_verb(self, action: Action) -> str:
        """What a hint tells the player to do: "play 8♥", "pass", "go In", "throw 2♣ 8♥"."""
        if isinstance(action, Stand):
            return "go In" if self.lou else "play"
        if isinstance(action, Pass):
            return "stay Out" if self.lou else "pass"
        if isinstance(action, (TakeMiss, DefendMiss)):
            return self.action(action).lower().replace("miss", "Miss")
        if isinstance(action, Discard):
            return "throw " + " ".join(c.unicode for c in action.cards) if action.mask else "keep all your cards"
        if isinstance(action, Play):
            return f"play {self.action(action)}"
        if isinstance(action, Ante):
            return f"set the ante at {action.amount}"
        return str(action)

    def action_json(self, action: Action) -> dict[str, Any]:
        """An action as a client draws it: its ``kind``, the ``card`` or ``cards`` it names, whether a Pam is
        played ``civil``, the notation to send back, and the button's ``label``."""
        out: dict[str, Any] = {"action": action.notation(), "label": self.action(action)}
        if isinstance(action, Play):
            out.update(kind="card", card=str(action.card), civil=action.civil)
        elif isinstance(action, Discard):
            out.update(kind="discard", cards=[str(c) for c in action.cards])
        elif isinstance(action, Stand):
            out["kind"] = "play"
        elif isinstance(action, Pass):
            out["kind"] = "pass"
        elif isinstance(action, TakeMiss):
            out["kind"] = "miss"
        elif isinstance(action, DefendMiss):
            out["kind"] = "defend"
        elif isinstance(action, Ante):
            out.update(kind="ante", amount=action.amount)
        else:
            out["kind"] = "other"
        return out

    def prompt(self, phase: Phase, legal: Sequence[Action], view: View | None = None) -> str | None:
        """What the seat to act is asked, in the game's words ("Your turn: play, pass or take the Miss?"); None
        when it has no choice. With the ``view``, the Irish first lead says that it names trumps."""
        if not legal:
            return None
        if phase is Phase.DECLARE or phase is Phase.COMMIT:
            if self.lou:
                return "Your choice: In or Out?" if phase is Phase.COMMIT else "Your turn: In or Out?"
            names = [self.action(a).lower() for a in legal]
            names = [n.replace("miss", "Miss") for n in names]
            head = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
            return f"Your turn: {head}?"
        if phase is Phase.EXCHANGE:
            what = "draw cards" if self.lou else "exchange cards"
            return f"Your turn: {what}? Choose the cards to throw, or keep all."
        if phase is Phase.PLAY:
            if view is not None and view.trump is None and not view.trick and not view.tricks:
                return "Your lead: the suit of the card you lead becomes trumps."
            return "Your turn: play a card."
        if phase is Phase.ANTE:
            return "Your turn: set the ante."
        return "Your turn."

    def vocabulary(self) -> dict[str, Any]:
        """The table's words in one object, for a client that labels its own panels."""
        return {
            "game": self.rules.game,
            "pot": self.pot,
            "has_pool": self.has_pool,
            "looed": self.looed,
            "unit": self.unit,
            "declared": {d.name.lower(): self.declaration(d) for d in Decl},
        }


def second_person(reason: str, names: Sequence[str], you: int) -> str:
    """A bot's reason told to the player of seat ``you``: "you" for "I", and the players' names for "seat N"."""

    def seat(m: re.Match[str]) -> str:
        k = int(m.group(1))
        if not 0 <= k < len(names):
            return m.group(0)
        if k == you:
            return "your" if m.group(2) else "you"
        return names[k] + (m.group(2) or "")

    out = _SEAT.sub(seat, reason)
    for pattern, word in _PERSON:
        out = pattern.sub(word, out)
    return out[:1].upper() + out[1:]


def hint_sentence(words: Words, action: Action, reason: str, names: Sequence[str], you: int) -> tuple[str, str]:
    """A hint as (what to do, why): ("play 8♥", "Cannot win this trick: throw the lowest heart")."""
    why = second_person(reason, names, you)
    head = words.action(action)
    if why.lower().startswith(head.lower() + ":"):  # "Play: one trump ..." after "play"
        why = why[len(head) + 1 :].strip()
        why = why[:1].upper() + why[1:]
    return words.hint_verb(action), why
