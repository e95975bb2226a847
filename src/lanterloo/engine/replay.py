"""Rebuilding a deal from its start record and actions, or from its event list (hand histories, tests)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lanterloo.actions import Action
from lanterloo.cards import Card
from lanterloo.engine.events import DealStarted, Event, Reshuffled
from lanterloo.engine.state import Deal
from lanterloo.errors import LooError
from lanterloo.rules import Rules


def replay(rules: Rules, start: dict[str, Any], actions: Sequence[tuple[int, Action]]) -> Deal:
    """Rebuild a deal from its start record and its actions; raises IllegalActionError on an illegal one,
    including an action credited to a seat that was not the one to act."""
    deal = Deal(
        rules,
        start["stacks"],
        start["dealer"],
        pool=start["pool"],
        deck=[Card.parse(c) for c in start["deck"]],
        ante=start.get("ante", True),
        reshuffles=[[Card.parse(c) for c in r] for r in start.get("reshuffles", [])],
    )
    for seat, action in actions:
        deal.apply(action, seat)
    return deal


def replay_events(events: Sequence[Event], rules: Rules) -> Deal:
    """Rebuild a deal from its (uncensored) event list."""
    first = events[0]
    if not isinstance(first, DealStarted) or not first.deck:
        raise LooError("An event list must begin with the (uncensored) deal event.")
    start: dict[str, Any] = {
        "dealer": first.dealer,
        "stacks": list(first.stacks),
        "pool": first.pool,
        "ante": first.ante,
        "deck": [str(c) for c in first.deck],
        "reshuffles": [[str(c) for c in e.order] for e in events if isinstance(e, Reshuffled)],
    }
    acts: list[tuple[int, Action]] = [(e.seat, e.action) for e in events if e.action is not None and e.seat is not None]
    return replay(rules, start, acts)
