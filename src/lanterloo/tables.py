"""Per-trump lookup tables: each card's effective suit, its power, and the bitmask of cards that beat it.

Built once per (game shape, trump) and cached, so legality during play is a handful of mask operations.
Effective suit 4 is Louse's suit of jacks. A card's effective suit is where Pam (a trump wherever it is printed)
and Louse's jacks (never a card of their printed suit) differ from the printed suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from lanterloo.cards import ACE, CARDS, JACK, KING, QUEEN, SEVEN, TEN

JACKS = 4  # the effective suit of Louse's trump jacks
NO_TRUMP = -1


@dataclass(frozen=True, slots=True)
class Tables:
    trump: int  # effective trump suit, NO_TRUMP when trumps are not yet known (Irish first-lead mode)
    pam: int  # Pam's card index, or -1
    eff: tuple[int, ...]  # effective suit of each card index
    suit_mask: tuple[int, ...]  # cards of each effective suit (5 entries; the 5th is Louse's jacks)
    power: tuple[int, ...]  # order within an effective suit (higher beats lower)
    beaten_by: tuple[int, ...]  # mask of the cards that beat each card when it is the best on the table
    trump_mask: int

    def beats(self, card: int, best: int) -> bool:
        return bool((self.beaten_by[best] >> card) & 1)

    def highest(self, mask: int) -> int:
        """The highest-powered card of a non-empty mask of one effective suit."""
        best = -1
        bp = -1
        while mask:
            low = mask & -mask
            c = low.bit_length() - 1
            mask ^= low
            if self.power[c] > bp:
                best, bp = c, self.power[c]
        return best

    def by_power(self, mask: int) -> list[int]:
        """Cards of a mask, highest power first (within the same effective suit)."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        out.sort(key=lambda c: -self.power[c])
        return out


def _build(eff: list[int], power: list[int], present: int, trump: int, pam: int) -> Tables:
    suit_mask = [0] * 5
    for c in range(52):
        if (present >> c) & 1:
            suit_mask[eff[c]] |= 1 << c
    trump_mask = suit_mask[trump] if trump != NO_TRUMP else 0
    beaten_by = [0] * 52
    for c in range(52):
        if not (present >> c) & 1:
            continue
        m = 0
        same = suit_mask[eff[c]]
        while same:
            low = same & -same
            d = low.bit_length() - 1
            same ^= low
            if power[d] > power[c]:
                m |= low
        if eff[c] != trump:
            m |= trump_mask
        beaten_by[c] = m
    return Tables(trump, pam, tuple(eff), tuple(suit_mask), tuple(power), tuple(beaten_by), trump_mask)


@cache
def loo_tables(trump: int, pam: int = -1) -> Tables:
    """52-card tables. ``pam`` is Pam's card index (a trump above the ace) or -1."""
    eff = [c // 13 for c in range(52)]
    power = [c % 13 for c in range(52)]
    if pam >= 0 and trump != NO_TRUMP:
        eff[pam] = trump
        power[pam] = 13
    return _build(eff, power, (1 << 52) - 1, trump, pam)


_FRENCH = {SEVEN: 0, SEVEN + 1: 1, SEVEN + 2: 2, TEN: 3, QUEEN: 4, KING: 5, ACE: 6}
_SKAT = {SEVEN: 0, SEVEN + 1: 1, SEVEN + 2: 2, QUEEN: 3, KING: 4, TEN: 5, ACE: 6}
# Jack power by printed suit (clubs, diamonds, hearts, spades).
_JACKS_DIAMONDS_HIGH = (0, 3, 2, 1)  # ♣ < ♠ < ♥ < ♦
_JACKS_CLUBS_HIGH = (3, 0, 1, 2)  # ♦ < ♥ < ♠ < ♣


@cache
def louse_tables(rank: str = "french", jack_order: str = "diamonds_high", present: int = -1) -> Tables:
    order = _FRENCH if rank == "french" else _SKAT
    jacks = _JACKS_DIAMONDS_HIGH if jack_order == "diamonds_high" else _JACKS_CLUBS_HIGH
    eff = [c // 13 for c in range(52)]
    power = [-1] * 52
    mask = 0
    for c in CARDS:
        if c.rank < SEVEN:
            continue
        mask |= 1 << c
        if c.rank == JACK:
            eff[c] = JACKS
            power[c] = jacks[c.suit]
        else:
            power[c] = order[c.rank]
    if present >= 0:
        mask &= present
    return _build(eff, power, mask, JACKS, -1)
