"""The View: what one seat may know, and everything a client needs to draw and explain the table.

``build`` is the one censoring function: the seat's own hand, the public state, its legal actions, the event list
censored for that seat, and the stakes. Bots, the terminal game and any later client get a ``View`` and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from lanterloo.actions import Action
from lanterloo.cards import CARDS, Card, Suit, cards_of
from lanterloo.engine.events import Event
from lanterloo.engine.phases import Decl, Phase, TrickRecord
from lanterloo.engine.scoring import Settlement, Stakes, louse_points
from lanterloo.errors import LooError
from lanterloo.rules import Rules
from lanterloo.tables import Tables

if TYPE_CHECKING:
    from lanterloo.engine.state import Deal

# Enum attribute access is slow in Python 3.11; views are built for every bot decision.
_SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know, and all a client needs to draw and explain the table. ``seat=None`` is a spectator.

    Built only by ``Deal.view``. Immutable, and it holds tuples and frozen records only, so it shares nothing that
    could change with the deal: a bot may keep it, and cannot alter the game through it.
    """

    rules: Rules
    seat: int | None
    players: int
    dealer: int
    phase: Phase
    to_act: int  # the seat to act next (TERMINAL when the deal is over)
    seats_to_act: tuple[int, ...]  # every seat that may act now (several during Lou's secret commit)
    stacks: tuple[int, ...]
    pool: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    turnup: Card | None
    trump: Suit | None
    pam: Card | None  # the card that is Pam this deal, if any (PAM-1)
    tables: Tables  # each card's effective suit and power, and what beats it, for these trumps and Pam (shared)
    declarations: tuple[Decl | None, ...]
    committed: tuple[bool, ...]
    in_play: tuple[bool, ...]
    order: tuple[int, ...]  # the seats in play, in playing order from the eldest hand (empty before play)
    miss_taker: int | None
    miss_withdrawn: bool
    defended: bool
    stock_size: int
    exchange_limit: int  # how many cards the seat to act may exchange or draw now (0 outside the exchange)
    trick: tuple[tuple[int, Card], ...]
    trick_civil: bool
    best_card: Card | None  # the card heading the trick so far, and its seat
    best_seat: int | None
    tricks: tuple[TrickRecord, ...]
    tricks_won: tuple[int, ...]
    exchanged: tuple[int | None, ...]
    flushes: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards) of each flush shown (PAM-FLUSH-1)
    points: tuple[int, ...]  # Louse: penalty points taken so far by each seat (empty in other games)
    stakes: Stakes  # what each open choice can win or cost now, as the settlement will count it
    legal: tuple[Action, ...]
    settlement: Settlement | None
    events: tuple[Event, ...] = ()


class Hidden(NamedTuple):
    """What no seat may see, for the referee only (a transcript, a replay told with the hands): every hand now, the
    Miss, the widow and the stock still to be drawn, in drawing order. Built only by ``Deal.hidden``."""

    hands: tuple[tuple[Card, ...], ...]
    miss: tuple[Card, ...]
    widow: tuple[Card, ...]
    stock: tuple[Card, ...]


def hidden(deal: Deal) -> Hidden:
    return Hidden(
        tuple(tuple(cards_of(h)) for h in deal._hands),
        tuple(cards_of(deal._miss)),
        tuple(cards_of(deal._widow)),
        tuple(deal._stock[deal._stock_pos :]),
    )


def build(deal: Deal, seat: int | None, with_events: bool) -> View:
    r = deal._rules
    if seat is not None and not 0 <= seat < deal._n:
        raise LooError(f"There is no seat {seat}: the seats are 0 to {deal._n - 1}.")
    playing = deal._phase is Phase.PLAY and bool(deal._trick)
    return View(
        rules=r,
        seat=seat,
        players=deal._n,
        dealer=deal._dealer,
        phase=deal._phase,
        to_act=deal._to_act,
        seats_to_act=tuple(deal.seats_to_act()),
        stacks=tuple(deal._stacks),
        pool=deal._pool,
        hand=tuple(cards_of(deal._hands[seat])) if seat is not None else (),
        hand_sizes=tuple(h.bit_count() for h in deal._hands),
        turnup=deal._turnup,
        trump=_SUITS[deal._trump] if 0 <= deal._trump < 4 else None,
        pam=CARDS[deal._pam] if deal._pam >= 0 else None,
        tables=deal._tables,
        declarations=tuple(deal._decl),
        committed=tuple(c is not None for c in deal._commits),
        in_play=tuple(deal._in_play),
        order=tuple(deal._order),
        miss_taker=deal._miss_taker,
        miss_withdrawn=deal._miss_withdrawn,
        defended=deal._defended,
        stock_size=deal.stock_left(),
        exchange_limit=deal.exchange_limit(),
        trick=tuple(deal._trick),
        trick_civil=deal._trick_civil,
        best_card=CARDS[deal._best_card] if playing else None,
        best_seat=deal._best_seat if playing else None,
        tricks=tuple(deal._tricks),
        tricks_won=tuple(deal._tricks_won),
        exchanged=tuple(deal._exchanged),
        flushes=tuple((k, tuple(v)) for k, v in deal._flushes.items()),
        points=tuple(louse_points(deal._taken, r.diamond_queen, r.louse_queen_points))
        if deal._shape.scores_points
        else (),
        stakes=deal._shape.stakes(r, deal._pool),
        legal=tuple(deal.legal_actions(seat)) if seat is not None else (),
        settlement=deal._settlement,
        events=tuple(e.censored(seat) for e in deal._events) if with_events else (),
    )
