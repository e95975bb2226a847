"""Actions: what a player chooses, as small frozen records (the events are in ``lanterloo.engine.events``).

Actions are interned where the set is small (there is one ``Play`` object per card), so the hot path of random
play allocates nothing to list the legal moves. Every action has a short text notation, used by the CLI, the
terminal game and the hand-history format:

=============  ==========================================================
``pass``       drop out of the deal (Lou: ``out``)
``play``       stand on one's hand (Lou: ``in``)
``miss``       take the Miss, unseen, and play it
``defend``     (dealer) defend the Miss: play it for the pool
``discard``    exchange: ``discard 4c 7h`` (or just ``discard`` to keep all)
``Ah``         play a card; ``Ah civil`` leads the ace of trumps saying "Pam, be civil"
=============  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lanterloo.cards import CARDS, Card, cards_of, fmt_cards, mask_of, parse_card, parse_cards
from lanterloo.errors import NotationError


class Action:
    """Base class of every player action."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def notation(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Stand(Action):
    """Play the deal on one's own hand ("play" in Loo, "In" in Lou)."""

    kind: ClassVar[str] = "play"

    def __str__(self) -> str:
        return "play"


@dataclass(frozen=True, slots=True)
class TakeMiss(Action):
    kind: ClassVar[str] = "miss"

    def __str__(self) -> str:
        return "take the Miss"


@dataclass(frozen=True, slots=True)
class DefendMiss(Action):
    kind: ClassVar[str] = "defend"

    def __str__(self) -> str:
        return "defend the Miss"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Exchange: throw these cards (a bitmask) and draw as many from the stock. An empty mask keeps the hand."""

    mask: int
    kind: ClassVar[str] = "discard"

    @property
    def cards(self) -> list[Card]:
        return cards_of(self.mask)

    @property
    def count(self) -> int:
        return self.mask.bit_count()

    def notation(self) -> str:
        return ("discard " + fmt_cards(self.cards)).strip()

    def __str__(self) -> str:
        return f"discard {fmt_cards(self.cards, unicode=True)}" if self.mask else "keep all cards"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card. ``civil`` is the "Pam, be civil" call on a lead of the ace of trumps."""

    card: Card
    civil: bool = False
    kind: ClassVar[str] = "card"

    def notation(self) -> str:
        return f"{self.card} civil" if self.civil else str(self.card)

    def __str__(self) -> str:
        return f"{self.card.unicode} (Pam, be civil)" if self.civil else self.card.unicode


PASS = Pass()
STAND = Stand()
TAKE_MISS = TakeMiss()
DEFEND_MISS = DefendMiss()
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
PLAYS_CIVIL: tuple[Play, ...] = tuple(Play(c, True) for c in CARDS)
_DISCARDS: dict[int, Discard] = {}


def discard(mask: int) -> Discard:
    """The Discard of a mask, interned while the cache is small (long five-card simulations meet millions)."""
    d = _DISCARDS.get(mask)
    if d is None:
        d = Discard(mask)
        if len(_DISCARDS) < 100_000:
            _DISCARDS[mask] = d
    return d


_WORDS: dict[str, Action] = {
    "pass": PASS,
    "out": PASS,
    "fold": PASS,
    "play": STAND,
    "in": STAND,
    "stand": STAND,
    "miss": TAKE_MISS,
    "take miss": TAKE_MISS,
    "take the miss": TAKE_MISS,
    "defend": DEFEND_MISS,
    "defend miss": DEFEND_MISS,
    "defend the miss": DEFEND_MISS,
}


def parse_action(text: str) -> Action:
    """Parse an action in the notation above; raises NotationError with one sentence naming the problem."""
    s = " ".join(text.strip().split())
    low = s.lower()
    if low in _WORDS:
        return _WORDS[low]
    if low == "discard" or low.startswith("discard "):
        return discard(mask_of(parse_cards(s[7:])))
    if low.startswith("play "):
        s = s[5:]
        low = low[5:]
    civil = False
    if low.endswith(" civil"):
        civil = True
        s = s[:-6]
    try:
        card = parse_card(s)
    except NotationError:
        raise NotationError(
            f"{text!r} is not an action: write pass, play, miss, defend, discard CARDS, or a card like Th."
        ) from None
    return PLAYS_CIVIL[card] if civil else PLAYS[card]
