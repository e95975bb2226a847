"""Phase.EXCHANGE: the five-card and Irish exchange (PAM-EXCH-1/2) and Lou's draw (LOU-DRAW-1).

A seat in play discards cards (a mask; none keeps the hand) and draws as many from the stock. When the stock is
short, ``exchange_shortfall`` decides: ``limit`` caps the discard at what is left, ``reshuffle`` shuffles the dead
cards (passed and Out hands, earlier discards; never the asker's own) into a new stock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lanterloo.actions import Action, Discard, discard
from lanterloo.cards import Card, cards_of, fmt_cards, mask_of
from lanterloo.engine import declare
from lanterloo.engine.events import Event, Exchanged, Reshuffled
from lanterloo.errors import IllegalActionError, LooError

if TYPE_CHECKING:
    from lanterloo.engine.state import Deal


def limit(deal: Deal) -> int:
    """How many cards the seat to act may exchange now (PAM-EXCH-2; Lou: at most ``lou_draw``, LOU-DRAW-1)."""
    r = deal._rules
    left = deal.stock_left()
    if r.exchange_shortfall == "reshuffle":
        left += deal._dead.bit_count()
    return min(deal._shape.exchange_cap(r, deal._hands[deal._to_act].bit_count()), left)


def pending(deal: Deal) -> list[int]:
    """The seats in play that have not exchanged yet, from the eldest hand on."""
    return [s for s in deal._ring(deal._eldest) if deal._in_play[s] and deal._exchanged[s] is None]


def legal(deal: Deal, seat: int) -> list[Action]:
    hand = deal._hands[deal._to_act]
    most = limit(deal)
    out: list[Action] = []
    sub = hand
    while True:  # every sub-mask of the hand, the whole hand first
        if sub.bit_count() <= most:
            out.append(discard(sub))
        if sub == 0:
            break
        sub = (sub - 1) & hand
    out.reverse()
    return out


def check(deal: Deal, action: Action, seat: int | None) -> None:
    deal._require_turn(seat)
    rule = deal._shape.exchange_rule
    if not isinstance(action, Discard):
        raise IllegalActionError("Now is the time to exchange: choose the cards to discard (or none)", rule)
    hand = deal._hands[deal._to_act]
    if action.mask & ~hand:
        missing = cards_of(action.mask & ~hand)
        raise IllegalActionError(f"You cannot discard {fmt_cards(missing, True)}: it is not in your hand", "PAM-EXCH-1")
    most = limit(deal)
    if action.count > most:
        rid = "LOU-DRAW-1" if deal._shape.draws else "PAM-EXCH-2"
        raise IllegalActionError(f"You may exchange at most {most} card{'s' if most != 1 else ''} now", rid)


def apply(deal: Deal, action: Action, seat: int | None) -> Event:
    if not deal._known_legal(action, seat):
        check(deal, action, seat)
    assert isinstance(action, Discard)
    deal._invalidate()
    s = deal._to_act
    k = action.count
    if k > deal.stock_left():
        reshuffle(deal, s)
    drawn = deal._stock[deal._stock_pos : deal._stock_pos + k]
    deal._stock_pos += k
    deal._hands[s] = (deal._hands[s] & ~action.mask) | mask_of(drawn)
    deal._dead |= action.mask
    deal._exchanged[s] = k
    deal._actions.append((s, action))
    ev = Exchanged(s, action, k, tuple(drawn))
    deal._events.append(ev)
    if deal._rules.exchange == "own_turn":
        declare.next_declarer(deal)
        return ev
    rest = pending(deal)
    if rest:
        deal._to_act = rest[0]
        if limit(deal) > 0:
            return ev
        for t in rest:
            deal._exchanged[t] = 0
    declare.finish(deal)
    return ev


def reshuffle(deal: Deal, seat: int) -> None:
    """PAM-EXCH-2 (and LOU-DRAW-1), option reshuffle: gather the dead cards, shuffle, and draw on."""
    dead = cards_of(deal._dead)
    if deal._recorded_reshuffles is not None:
        if not deal._recorded_reshuffles:
            raise LooError(
                "The hand history has no record of the reshuffle this exchange needs: the stock ran short and the "
                "rules reshuffle the dead cards (PAM-EXCH-2)."
            )
        order = [Card(c) for c in deal._recorded_reshuffles.pop(0)]
        if sorted(order) != sorted(dead):
            raise LooError(
                "The recorded reshuffle does not hold exactly the dead cards (passed hands, earlier discards, a hand "
                "given up for the Miss) (PAM-EXCH-2)."
            )
    else:
        order = list(dead)
        deal._rng.shuffle(order)
    deal._dead = 0
    deal._stock = deal._stock[deal._stock_pos :] + order
    deal._stock_pos = 0
    deal._events.append(Reshuffled(seat, tuple(order)))
