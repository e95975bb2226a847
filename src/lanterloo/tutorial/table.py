"""A lesson's position in words, as the learner's seat sees it: what is at stake, trumps, the declarations, the trick
so far and the hand, each line from the ``View`` (so from the rules in force and the deal itself).

``known`` is the set of words the tutorial has taught so far (``Tutorial.known``): a line about an idea not yet
taught is left out (the trumps line before trumps, the pool before the pool), so the description never uses a word
before the lesson has explained it. ``None`` shows everything (the guided deal).
"""

from __future__ import annotations

from collections.abc import Sequence

from lanterloo.actions import DEFEND_MISS, PASS, STAND, TAKE_MISS, Action, Discard, Play
from lanterloo.engine import Decl, Phase, View
from lanterloo.engine.stakewords import stakes_lines as engine_stakes
from lanterloo.rules import Rules
from lanterloo.tutorial import say

#: The names at every tutorial table: the learner is always seat 0, "You".
NAMES = ("You", "Basil", "Cora", "Dexter", "Edna", "Fred")


def _knows(known: frozenset[str] | None, *words: str) -> bool:
    return known is None or all(w in known for w in words)


def describe(view: View, names: Sequence[str] = NAMES, known: frozenset[str] | None = None) -> list[str]:
    """The table as the learner sees it, in a few lines: stakes, trumps, the Miss, the trick, the hand."""
    rules = view.rules
    lines: list[str] = []
    lines.extend(stakes_lines(view, known))
    if _knows(known, "trump"):
        if view.turnup is not None:
            lines.append(f"Turn-up {view.turnup.unicode}: {view.turnup.suit.plural} are trumps.")
        elif rules.trump_mode == "jacks":
            lines.append(f"Trumps: the four jacks, {say.jack_order(rules)}.")
        elif view.trump is not None:
            lines.append(f"Trumps: {view.trump.plural}.")
        elif rules.trump_mode == "first_lead":
            lines.append("No turn-up: the first card led will set trumps.")
    if view.pam is not None and _knows(known, "pam"):
        lines.append(f"Pam, the {view.pam.unicode}, is the highest trump.")
    if rules.miss and view.phase is Phase.DECLARE and view.miss_taker is None and _knows(known, "miss"):
        lines.append(f"The Miss, a spare hand of {say.count(rules.hand_size)}, lies face down.")
    decl = [_declared(names[s], d, rules, known) for s, d in enumerate(view.declarations) if d is not None]
    if decl and _knows(known, "declare"):
        lines.append("Declared: " + ", ".join(decl) + ".")
    if view.trick:
        cards = ", ".join(f"{names[s]} {c.unicode}" for s, c in view.trick)
        best = ""
        if view.best_card is not None and view.best_seat is not None:
            best = f" ({names[view.best_seat]}'s {view.best_card.unicode} is best)"
        where = f"Trick {len(view.tricks) + 1} so far" if _knows(known, "trick") else "On the table"
        lines.append(f"{where}: {cards}{best}.")
    if view.tricks and _knows(known, "trick"):
        won = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.tricks_won) if n)
        lines.append(f"Tricks taken: {won}.")
    if view.hand:
        lines.append("Your hand: " + " ".join(c.unicode for c in view.hand) + ".")
    return lines


# A seat's declaration as the table line shows it, after the seat's name.
_DECLARED = {Decl.PLAY: "plays", Decl.PASS: "passes", Decl.MISS: "took the Miss", Decl.DEFEND: "defends the Miss"}
_YOU = {"plays": "play", "passes": "pass", "defends the Miss": "defend the Miss"}


def _declared(name: str, decl: Decl, rules: Rules, known: frozenset[str] | None) -> str:
    if rules.game == "lou":
        return f"{name} {'In' if decl is Decl.PLAY else 'Out'}"
    word = _DECLARED[decl]
    if decl is Decl.MISS and not _knows(known, "miss"):
        word = "plays"  # true (whoever takes the Miss must play), and the Miss is not taught yet
    if name == NAMES[0]:
        word = _YOU.get(word, word)
    return f"{name} {word}"


def stakes_lines(view: View, known: frozenset[str] | None = None) -> list[str]:
    """What is at stake now, from the View's stakes (the figures the settlement will use), in the words taught."""
    st = view.stakes
    rules = view.rules
    if rules.game == "louse":
        if not _knows(known, "points"):
            return []
        return [say.first_up(say.louse_points(rules)) + "."]
    if rules.game == "lou":
        if not _knows(known, "pot"):
            return []
        line = f"The pot holds {st.pool}, {say.lou_payout(rules, view)}."
        if _knows(known, "match"):
            line += f" {say.lou_match(rules, view)}."
        return [line]
    if not _knows(known, "pool"):
        return []
    line = f"The pool holds {st.pool}: each of the {say.count(rules.tricks)} tricks wins {say.chips(st.share)}."
    if _knows(known, "looed"):
        line += f" Playing and taking no trick (being looed) costs {say.loo_cost(rules, st.pool)}."
    return [line]


def choice_stakes(view: View) -> list[str]:
    """What the choice now can win or cost, from the View's stakes (the table's own stakes line)."""
    lines = engine_stakes(view)
    if view.phase is Phase.EXCHANGE:
        lines.append(f"Exchanging costs nothing: you may throw up to {view.exchange_limit} cards and draw as many.")
    return lines


def action_name(action: Action, rules: Rules) -> str:
    """A choice as the learner reads it on a button."""
    lou = rules.game == "lou"
    if action == STAND:
        return "In" if lou else "Play"
    if action == PASS:
        return "Out" if lou else "Pass"
    if isinstance(action, Discard):
        return "Keep all" if not action.mask else "Throw " + " ".join(c.unicode for c in action.cards)
    if isinstance(action, Play):
        return action.card.unicode + (" (Pam, be civil)" if action.civil else "")
    if action == TAKE_MISS:
        return "Take the Miss"
    if action == DEFEND_MISS:
        return "Defend the Miss"
    return str(action)
