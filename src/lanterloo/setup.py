"""Building deals from chosen hands: for tests, puzzles, teaching positions and bug reports.

``deck_for_hands`` turns "seat 1 holds A♦ K♣ 2♥, the turn-up is 7♦" into the one deck order that deals exactly
that, so a position is always reached through the normal deal (and can be stored in a hand history).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lanterloo.actions import Ante
from lanterloo.cards import Card, parse_cards
from lanterloo.engine import Deal, Phase, deck_for, packets, shape_of
from lanterloo.errors import LooError
from lanterloo.rules import Rules

Cards = str | Sequence[int]


def _cards(spec: Cards) -> list[Card]:
    return parse_cards(spec) if isinstance(spec, str) else [Card(int(c)) for c in spec]


def deck_for_hands(
    rules: Rules,
    players: int,
    dealer: int,
    hands: Mapping[int, Cards],
    *,
    miss: Cards | None = None,
    turnup: str | int | None = None,
    stock: Cards | None = None,
) -> list[Card]:
    """A deck order that deals ``hands`` (seat -> cards), the Miss, the turn-up and the top of the stock.

    Seats not given get cards from what is left, in canonical order; so does the Miss, and the rest of the stock.
    """
    base = deck_for(rules, players)
    used: set[int] = set()
    fixed: dict[int, list[Card]] = {}
    for seat, spec in hands.items():
        fixed[seat] = _cards(spec)
    miss_cards = _cards(miss) if miss is not None else None
    turn = None if turnup is None else (Card.parse(turnup) if isinstance(turnup, str) else Card(turnup))
    stock_top = _cards(stock) if stock is not None else []
    for group in [*fixed.values(), miss_cards or [], [turn] if turn is not None else [], stock_top]:
        for c in group:
            if c in used:
                raise LooError(f"The {c.unicode} is given twice.")
            if c not in base:
                raise LooError(f"The {c.unicode} is not in this game's pack.")
            used.add(c)
    spare = [c for c in base if c not in used]
    sizes = packets(rules, players)
    per_hand = sum(sizes)

    def take(k: int) -> list[Card]:
        out = spare[:k]
        del spare[:k]
        return out

    seat_cards: dict[int, list[Card]] = {}
    for k in range(players):
        seat = (dealer + 1 + k) % players
        given = fixed.get(seat, [])
        if len(given) > per_hand:
            raise LooError(f"Seat {seat} is given {len(given)} cards, but a hand has {per_hand}.")
        seat_cards[seat] = given + take(per_hand - len(given))
    miss_list = (miss_cards or []) + take(3 - len(miss_cards or [])) if rules.miss else []
    order: list[Card] = []
    pos = [0] * players
    mpos = 0
    for size in sizes:
        for k in range(players):
            seat = (dealer + 1 + k) % players
            order.extend(seat_cards[seat][pos[seat] : pos[seat] + size])
            pos[seat] += size
        if rules.miss:
            order.append(miss_list[mpos])
            mpos += 1
    order.extend(take(shape_of(rules).widow(rules, players)))
    if rules.trump_mode == "turnup":
        order.append(turn if turn is not None else take(1)[0])
    elif turn is not None:
        raise LooError("These rules have no turn-up card.")
    order.extend(stock_top)
    order.extend(spare)
    return order


def deal_from_hands(
    rules: Rules,
    hands: Mapping[int, Cards],
    *,
    players: int,
    dealer: int = 0,
    stacks: Sequence[int] | None = None,
    pool: int = 0,
    miss: Cards | None = None,
    turnup: str | int | None = None,
    stock: Cards | None = None,
    ante: bool = True,
    set_ante: int | None = None,
) -> Deal:
    """A deal with the chosen hands, after the deal. When Lou's dealer sets the ante (LOU-ANTE-2) he has set
    ``set_ante`` (default: ``rules.ante``), since the cards are dealt only after that choice."""
    deck = deck_for_hands(rules, players, dealer, hands, miss=miss, turnup=turnup, stock=stock)
    deal = Deal(
        rules,
        list(stacks) if stacks is not None else [100] * players,
        dealer,
        pool=pool,
        deck=deck,
        ante=ante,
    )
    if deal.phase is Phase.ANTE:
        deal.apply(Ante(rules.ante if set_ante is None else set_ante), dealer)
    return deal
