"""Helpers shared by the example and option tests: reading legal cards, applying moves, and asserting refusals."""

from __future__ import annotations

import pytest

from lanterloo import Action, Card, Deal, IllegalActionError, Phase, Play, Settlement, parse_action, parse_cards
from lanterloo.actions import Ante
from lanterloo.cards import mask_of
from lanterloo.engine.events import Forced


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


def legal_cards(deal: Deal) -> set[Card]:
    return {a.card for a in deal.legal_actions() if isinstance(a, Play)}


def set_ante(deal: Deal, amount: int = 3) -> Deal:
    """Lou's dealer sets the ante, as he must first when a game starts (LOU-ANTE-2); any other deal is left as is."""
    if deal.phase is Phase.ANTE:
        deal.apply(Ante(amount), deal.dealer)
    return deal


def act(deal: Deal, *moves: str) -> None:
    """Apply moves in notation (``play``, ``pass``, ``miss``, ``defend``, ``discard ...``, a card)."""
    for move in moves:
        deal.apply(parse_action(move))


def assert_illegal(deal: Deal, move: str | Action, rule_id: str, *named: str) -> None:
    """The move is refused with ``rule_id``, its reason names ``named``, and the deal is left as it was."""
    action = parse_action(move) if isinstance(move, str) else move
    before = deal.state_key()
    assert not deal.is_legal(action)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action)
    assert info.value.rule_id == rule_id
    for text in named:
        assert text in info.value.reason, info.value.reason
    assert deal.state_key() == before


def settled(deal: Deal) -> Settlement:
    assert deal.is_over
    assert deal.settlement is not None
    return deal.settlement


def phase(deal: Deal) -> Phase:
    """The deal's phase, read through a call so that successive asserts are not narrowed away by mypy."""
    return deal.phase


def forced(deal: Deal) -> bool:
    """Whether everyone must play this deal (Club Law, Bold Stand): the deal says so with a ``forced`` event."""
    return any(isinstance(e, Forced) for e in deal.events)


def taken(deal: Deal) -> list[int]:
    """Louse: the cards each seat has taken in tricks, as masks, read from the finished tricks."""
    out = [0] * deal.players
    for tr in deal.view(None).tricks:
        out[tr.winner] |= mask_of(c for _, c in tr.cards)
    return out
