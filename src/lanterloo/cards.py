"""Cards, suits, ranks and card notation.

A card is a small int (0..51): ``suit * 13 + rank`` with rank 0 = two … 12 = ace. Hands and tricks are int
bitmasks over those indices, which keeps the hot paths of the engine to a few integer operations. ``Card`` is an
``int`` subclass with interned instances, so a card prints and parses nicely but still indexes tables directly.

Notation is lenient on input (``10h``, ``Th``, ``T♥``, ``10♥``, ``th``, ``h10``) and has one canonical printed
form (``Th``), plus a unicode form (``10♥``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from operator import index as as_index
from typing import Final, SupportsIndex

from lanterloo.errors import LooError, LooTypeError, NotationError, shown


class Suit(IntEnum):
    """The four French suits, in bridge order (low to high index)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def plural(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    def __str__(self) -> str:
        return self.symbol


RANK_LETTERS: Final = "23456789TJQKA"
RANK_WORDS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES: Final = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)

TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)


class Card(int):
    """One playing card. Instances are interned: ``Card(5) is Card(5)``."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if type(index) is int and 0 <= index < 52:
            return _CARDS[index]
        if type(index) is Card:
            return index
        return card_of(index)

    @property
    def suit(self) -> Suit:
        return Suit(self // 13)

    @property
    def rank(self) -> int:
        """0 for a two … 12 for an ace."""
        return self % 13

    @property
    def bit(self) -> int:
        return 1 << self

    def __str__(self) -> str:
        return RANK_LETTERS[self % 13] + "cdhs"[self // 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def unicode(self) -> str:
        """Human form, e.g. ``10♥``."""
        return RANK_WORDS[self % 13] + "♣♦♥♠"[self // 13]

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self % 13]} of {Suit(self // 13).plural}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card in any common notation: ``Th``, ``10h``, ``T♥``, ``10♥``, ``th``, ``h10``, ``♥10``."""
        return parse_card(text)


_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))
CARDS = _CARDS


def card_of(value: object) -> Card:
    """The Card of ``value``: a Card, or a whole number 0..51 (an int, or any integer type such as numpy's).

    Refuses a bool, a float, text and anything else with ``LooTypeError``, and a number outside 0..51 (``-1`` is
    not the ace of spades) with ``NotationError``.
    """
    if type(value) is Card:
        return value
    if isinstance(value, bool):
        raise LooTypeError(f"A card must be a Card or a whole number from 0 to 51, not the bool {value}.")
    if not isinstance(value, SupportsIndex):
        hint = "; Card.parse reads text like 'Th'" if isinstance(value, str) else ""
        kind = type(value).__name__
        raise LooTypeError(
            f"A card must be a Card or a whole number from 0 to 51, not {shown(value)} (a {kind}){hint}."
        )
    i = as_index(value)
    if not 0 <= i < 52:
        raise NotationError(f"A card index must be a whole number from 0 to 51, not {shown(i)}.")
    return _CARDS[i]


_SUIT_CHARS: Final = {
    "c": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "s": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_RANK_TOKENS: Final = {
    **{RANK_LETTERS[i].lower(): i for i in range(13)},
    "10": TEN,
    "1": ACE,
    "b": JACK,
    "v": JACK,
}


def parse_card(text: str) -> Card:
    if not isinstance(text, str):
        raise LooTypeError(f"A card to parse must be text like 'Th', not {shown(text)} (a {type(text).__name__}).")
    raw = text
    s = text.strip().lower().replace("\ufe0f", "")
    if len(s) < 2:
        raise NotationError(f"{raw!r} is not a card: write a rank and a suit, like Th, 10h or 10♥.")
    if s[-1] in _SUIT_CHARS:
        rank_part, suit_char = s[:-1], s[-1]
    elif s[0] in _SUIT_CHARS:
        rank_part, suit_char = s[1:], s[0]
    else:
        raise NotationError(f"{raw!r} is not a card: it has no suit (c, d, h, s or ♣ ♦ ♥ ♠).")
    rank = _RANK_TOKENS.get(rank_part.strip())
    if rank is None:
        raise NotationError(f"{raw!r} is not a card: {rank_part!r} is not a rank (2-10, J, Q, K, A).")
    return _CARDS[_SUIT_CHARS[suit_char] * 13 + rank]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a space- or comma-separated list of cards (or an iterable of card strings)."""
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    else:
        try:
            tokens = list(text)
        except TypeError:
            raise LooTypeError(
                f"Cards to parse must be text like 'Th 9c' or a list of such texts, not {shown(text)}."
            ) from None
    return [parse_card(t) for t in tokens]


# --- bitmask helpers -------------------------------------------------------------------------------------------

SUIT_MASKS: Final = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK_MASK: Final = (1 << 52) - 1


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of ``cards`` (Cards, or whole numbers 0..51: anything else is refused, not shifted)."""
    m = 0
    try:
        for c in cards:
            m |= 1 << (c if type(c) is Card else card_of(c))
    except TypeError:
        if isinstance(cards, Iterable):
            raise  # card_of's own sentence, or a failure of the caller's iterator
        raise LooTypeError(f"Cards must be given as a list of Cards, not {shown(cards)}.") from None
    return m


def _bad_mask(mask: object) -> LooError:
    if not isinstance(mask, int) or isinstance(mask, bool):
        return LooTypeError(f"A mask of cards must be a whole number, not {shown(mask)} (a {type(mask).__name__}).")
    return NotationError(f"A mask of cards must be a whole number from 0 to 2**52 - 1, not {shown(mask)}.")


def cards_of(mask: int) -> list[Card]:
    """Cards of a bitmask in index order (clubs 2 … spades A)."""
    out: list[Card] = []
    m = mask
    try:  # free when nothing is wrong: a mask out of range runs past the last card, a float has no &
        while m:
            low = m & -m
            out.append(_CARDS[low.bit_length() - 1])
            m ^= low
    except (IndexError, TypeError, AttributeError):
        raise _bad_mask(mask) from None
    return out


def iter_cards(mask: int) -> Iterator[Card]:
    """The cards of a bitmask, lazily, in index order."""
    yield from cards_of(mask)


def fmt_cards(cards: Iterable[int], unicode: bool = False) -> str:
    return " ".join(Card(c).unicode if unicode else str(Card(c)) for c in cards)


def standard_deck() -> list[Card]:
    return list(_CARDS)


def piquet_deck() -> list[Card]:
    """The 32-card German/piquet pack: 7 to ace in each suit."""
    return [c for c in _CARDS if c.rank >= SEVEN]
