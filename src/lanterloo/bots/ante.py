"""Lou's dealer sets the ante when a game starts (LOU-ANTE-2): how large a pot the bot dares to build.

An In player who takes no trick matches the whole pot (LOU-PAY-1), and the pot only grows until the game ends, so
the ante decides what a match will cost. The bot keeps the pot its ante makes to a share of its own stack that it
could match several times: a quarter for the balanced style, less the more it fears the loo.
"""

from __future__ import annotations

from lanterloo.actions import Ante
from lanterloo.bots.base import Decision
from lanterloo.bots.style import Style
from lanterloo.engine import View

#: The pot a balanced bot builds with its ante, as a share of its own stack: it can match it about four times.
POT_SHARE = 0.25


def decide_ante(view: View, style: Style) -> Decision:
    """The largest legal ante whose pot stays within the bot's share of its stack; the smallest if none does."""
    antes = sorted((a for a in view.legal if isinstance(a, Ante)), key=lambda a: a.amount)
    assert view.seat is not None and antes  # only the dealer is asked, and some ante is always legal
    rules = view.rules
    payers = sum(rules.ante_share(s, view.dealer) for s in range(view.players))
    stack = view.stacks[view.seat]
    limit = POT_SHARE / style.loo_fear * stack
    fits = [a for a in antes if view.pool + payers * a.amount <= limit]
    if not fits:
        low = antes[0]
        pot = view.pool + payers * low.amount
        return Decision(
            low,
            f"Ante {low.amount}, the least allowed: even that makes a pot of {pot}, a big share of my {stack} chips",
        )
    best = fits[-1]
    pot = view.pool + payers * best.amount
    return Decision(
        best,
        f"Ante {best.amount}: a pot of {pot} that I could match {stack // pot} times from my {stack} chips",
    )
