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
    r = deal.rules
    left = deal.stock_left()
    if r.exchange_shortfall == "reshuffle":
        left += deal.dead.bit_count()
    return min(deal.shape.exchange_cap(r, deal.hands[deal.to_act].bit_count()), left)


def pending(deal: Deal) -> list[int]:
    """The seats in play that have not exchanged yet, from the eldest hand on."""
    return [s for s in deal.ring(deal.eldest) if deal.in_play[s] and deal.exchanged[s] is None]


def legal(deal: Deal, seat: int) -> list[Action]:
    hand = deal.hands[deal.to_act]
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
    deal.require_turn(seat)
    rule = deal.shape.exchange_rule
    if not isinstance(action, Discard):
        raise IllegalActionError("Now is the time to exchange: choose the cards to discard (or none)", rule)
    hand = deal.hands[deal.to_act]
    if action.mask & ~hand:
        missing = cards_of(action.mask & ~hand)
        raise IllegalActionError(f"You cannot discard {fmt_cards(missing, True)}: it is not in your hand", "PAM-EXCH-1")
    most = limit(deal)
    if action.count > most:
        rid = "LOU-DRAW-1" if deal.shape.draws else "PAM-EXCH-2"
        raise IllegalActionError(f"You may exchange at most {most} card{'s' if most != 1 else ''} now", rid)


def apply(deal: Deal, action: Action, seat: int | None) -> Event:
    if not deal.known_legal(action, seat):
        check(deal, action, seat)
    assert isinstance(action, Discard)
    deal.invalidate()
    s = deal.to_act
    k = action.count
    if k > deal.stock_left():
        reshuffle(deal, s)
    drawn = deal.stock[deal.stock_pos : deal.stock_pos + k]
    deal.stock_pos += k
    deal.hands[s] = (deal.hands[s] & ~action.mask) | mask_of(drawn)
    deal.dead |= action.mask
    deal.exchanged[s] = k
    deal.actions.append((s, action))
    ev = Exchanged(s, action, k, tuple(drawn))
    deal.events.append(ev)
    if deal.rules.exchange == "own_turn":
        declare.next_declarer(deal)
        return ev
    rest = pending(deal)
    if rest:
        deal.to_act = rest[0]
        if limit(deal) > 0:
            return ev
        for t in rest:
            deal.exchanged[t] = 0
    declare.finish(deal)
    return ev


def reshuffle(deal: Deal, seat: int) -> None:
    """PAM-EXCH-2 (and LOU-DRAW-1), option reshuffle: gather the dead cards, shuffle, and draw on."""
    dead = cards_of(deal.dead)
    if deal.recorded_reshuffles is not None:
        if not deal.recorded_reshuffles:
            raise LooError("The hand history has no record of the reshuffle this exchange needs.")
        order = [Card(c) for c in deal.recorded_reshuffles.pop(0)]
        if sorted(order) != sorted(dead):
            raise LooError("The recorded reshuffle does not hold exactly the discarded cards.")
    else:
        order = list(dead)
        deal.rng.shuffle(order)
    deal.dead = 0
    deal.stock = deal.stock[deal.stock_pos :] + order
    deal.stock_pos = 0
    deal.events.append(Reshuffled(seat, tuple(order)))
