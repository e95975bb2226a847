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
from typing import Final

from lanterloo.errors import NotationError


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
        try:
            return _CARDS[index]
        except (IndexError, NameError, TypeError):
            if not isinstance(index, int) or not 0 <= index < 52:
                raise NotationError(f"A card index must be a whole number from 0 to 51, not {index!r}.") from None
            return int.__new__(cls, index)

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
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


# --- bitmask helpers -------------------------------------------------------------------------------------------

SUIT_MASKS: Final = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK_MASK: Final = (1 << 52) - 1


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """Cards of a bitmask in index order (clubs 2 … spades A)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def iter_cards(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield _CARDS[low.bit_length() - 1]
        mask ^= low


def fmt_cards(cards: Iterable[int], unicode: bool = False) -> str:
    return " ".join(Card(c).unicode if unicode else str(Card(c)) for c in cards)


def standard_deck() -> list[Card]:
    return list(_CARDS)


def piquet_deck() -> list[Card]:
    """The 32-card German/piquet pack: 7 to ace in each suit."""
    return [c for c in _CARDS if c.rank >= SEVEN]
