"""A reshuffle of the stock as chance nodes in the OpenSpiel adapter (docs/adapters.md).

Under ``exchange_shortfall=reshuffle`` an exchange or Lou's draw that asks for more cards than the stock holds
gathers the dead cards and shuffles them (PAM-EXCH-2, LOU-DRAW-1). The engine draws that order from the deal's own
random stream; OpenSpiel wants it from chance. Nothing of the rule is written here: the action is applied to a copy
of the deal, and a ``Reshuffled`` event in the copy's record says the stock was gathered, and which cards. The state
then waits on chance for the new order one card at a time (``Pending``), and the deal is rebuilt by replay with the
orders recorded (``Deal(..., reshuffles=...)``) and the waiting action, so it goes on from the order chance chose.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lanterloo.actions import Action, Discard
from lanterloo.bots import worlds
from lanterloo.cards import Card
from lanterloo.engine import Deal, Phase
from lanterloo.engine.events import Reshuffled
from lanterloo.errors import LooError


@dataclass
class Pending:
    """A seat's exchange that reshuffles the stock, waiting on chance for the order of the gathered cards."""

    seat: int
    action: Action
    gathered: tuple[Card, ...]  # the dead cards the reshuffle gathers, in card order
    placed: list[Card] = field(default_factory=list)  # the new stock's order so far, first drawn first

    def left(self) -> list[Card]:
        """The gathered cards chance has not placed yet."""
        placed = set(self.placed)
        return [c for c in self.gathered if c not in placed]

    def place(self, card: Card) -> bool:
        """Chance places ``card`` next; True once the order is complete."""
        if card not in self.gathered or card in self.placed:
            raise LooError(f"The chance outcome {card} is not a gathered card left to place in the reshuffled stock.")
        self.placed.append(card)
        return len(self.placed) == len(self.gathered)

    def shown(self, player: int) -> str:
        """What ``player`` knows of the waiting exchange, as the engine's record will show it: the seat's own
        discard to itself, how many cards to the others, and that the stock is reshuffled, never its order."""
        what = self.action.notation() if player == self.seat else f"{count(self.action)} cards"
        return f"seat {self.seat} exchanges {what}; the stock is being reshuffled"

    def copy(self) -> Pending:
        return Pending(self.seat, self.action, self.gathered, list(self.placed))


def count(action: Action) -> int:
    """How many cards an exchange discards."""
    return action.count if isinstance(action, Discard) else 0


def may_reshuffle(deal: Deal) -> bool:
    """Whether an action now may reshuffle the stock: only an exchange or a draw does (the rules option is the
    caller's to check). A cheap filter, so that other actions skip the trial on a copy."""
    return deal.phase is Phase.EXCHANGE


def trial(deal: Deal, action: Action, seat: int, before: int) -> tuple[Deal, Pending | None]:
    """Apply ``action`` to a copy of ``deal``, whose record holds ``before`` reshuffles: the copy, which is the
    deal after the action when it did not reshuffle, and otherwise what waits on chance (the copy's order, drawn
    from its own stream, is thrown away)."""
    after = deal.copy()
    after.apply(action, seat)
    orders = [e.order for e in after.events if type(e) is Reshuffled]
    if len(orders) == before:
        return after, None
    # an exchange draws once, after its discard: one reshuffle at most per action (engine/exchange.py)
    assert len(orders) == before + 1, "one action reshuffled the stock twice"
    return after, Pending(seat, action, tuple(sorted(orders[-1])))


def rebuild(
    start: worlds.Start,
    deck: Sequence[Card],
    reshuffles: Sequence[Sequence[Card]],
    actions: Sequence[tuple[int, Action]],
) -> Deal:
    """The deal ``deck`` and ``actions`` replay to, each reshuffle of the stock taking its order from
    ``reshuffles``; later reshuffles draw from the deal's own stream again (a trial shows them)."""
    deal = start.deal(deck, [[int(c) for c in r] for r in reshuffles] if reshuffles else None)
    for seat, action in actions:
        deal.apply(action, seat)
    if reshuffles:
        deal.draw_freely()
    return deal


def recorded(deal: Deal) -> list[list[Card]]:
    """The order of every reshuffle in the deal's record."""
    return [list(e.order) for e in deal.events if type(e) is Reshuffled]
