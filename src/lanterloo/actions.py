"""Actions: what a player chooses, as small frozen records (the events are in ``lanterloo.engine.events``).

Actions are interned where the set is small (there is one ``Play`` object per card), so the hot path of random
play allocates nothing to list the legal moves. Every action has a short text notation, used by the CLI, the
terminal game and the hand-history format:

=============  ==========================================================
``pass``       drop out of the deal (Lou: ``out``)
``play``       stand on one's hand (Lou: ``in``)
``miss``       take the Miss, unseen, and play it
``defend``     (dealer) defend the Miss: play it for the pool
``ante 6``     (Lou's dealer, when a game starts) set the ante each player pays
``discard``    exchange: ``discard 4c 7h`` (or just ``discard`` to keep all)
``Ah``         play a card; ``Ah civil`` leads the ace of trumps saying "Pam, be civil"
=============  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lanterloo.cards import CARDS, FULL_DECK_MASK, Card, card_of, cards_of, fmt_cards, mask_of, parse_card, parse_cards
from lanterloo.errors import LooTypeError, NotationError, shown
from lanterloo.wholetext import MAX_INT_DIGITS, in_bound, parse_whole


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
class Ante(Action):
    """Lou's dealer sets the ante when a game starts (LOU-ANTE-2): ``amount`` chips from each player who antes."""

    amount: int
    kind: ClassVar[str] = "ante"

    def __post_init__(self) -> None:
        # An int and nothing else: a float or a bool would flow into every stack and the pool (chips are whole).
        if type(self.amount) is not int:
            raise LooTypeError(f"An ante is a whole number of chips, not {shown(self.amount)}.")
        if not in_bound(self.amount):
            raise NotationError(f"An ante has at most {MAX_INT_DIGITS} digits.")

    def notation(self) -> str:
        return f"ante {self.amount}"

    def __str__(self) -> str:
        return f"ante {self.amount}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Exchange: throw these cards (a bitmask) and draw as many from the stock. An empty mask keeps the hand."""

    mask: int
    kind: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        check_mask(self.mask)

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

    def __post_init__(self) -> None:
        # A plain int becomes its Card, so the action prints, records and re-verifies as one the engine made.
        if type(self.card) is not Card:
            object.__setattr__(self, "card", card_of(self.card))
        if type(self.civil) is not bool:
            raise LooTypeError(f"Play's civil must be True or False, not {shown(self.civil)}.")

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
_new_action = object.__new__
_set = object.__setattr__


def check_mask(mask: object) -> None:
    """Refuse what is not a mask of cards: a bool or a Card (``True == 1`` is the two of clubs' bit), a float, a
    number outside the 52 bits of the pack."""
    if type(mask) is not int and (isinstance(mask, (bool, Card)) or not isinstance(mask, int)):
        hint = ": give a mask, like mask_of([card])" if isinstance(mask, Card) else ""
        raise LooTypeError(
            f"A discard is a mask of cards (a whole number), not {shown(mask)} (a {type(mask).__name__}){hint}."
        )
    if not 0 <= mask <= FULL_DECK_MASK:
        raise NotationError(f"A discard mask must be a whole number from 0 to 2**52 - 1, not {shown(mask)}.")


def discard(mask: int) -> Discard:
    """The Discard of a mask, interned while the cache is small (long five-card simulations meet millions)."""
    if type(mask) is not int:  # True would find the cached Discard(1)
        check_mask(mask)
    d = _DISCARDS.get(mask)
    if d is None:
        if not 0 <= mask <= FULL_DECK_MASK:
            check_mask(mask)
        # checked: skip Discard.__post_init__, since every exchange lists up to 32 masks, most of them new
        d = _new_action(Discard)
        _set(d, "mask", mask)
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
    if not isinstance(text, str):
        raise LooTypeError(f"An action to parse must be text like 'pass' or 'Th', not {shown(text)}.")
    s = " ".join(text.strip().split())
    low = s.lower()
    if low in _WORDS:
        return _WORDS[low]
    if low.startswith("ante "):
        return Ante(parse_whole(low[5:], "An ante"))  # one grammar and bound for every whole number read
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
            f"{text!r} is not an action: write pass, play, miss, defend, ante N, discard CARDS, or a card like Th."
        ) from None
    return PLAYS_CIVIL[card] if civil else PLAYS[card]
