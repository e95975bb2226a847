"""The View: what one seat may know, and everything a client needs to draw and explain the table.

``build`` is the one censoring function: the seat's own hand, the public state, its legal actions, the event list
censored for that seat, and the stakes. Bots, the terminal game and any later client get a ``View`` and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lanterloo.actions import Action
from lanterloo.cards import CARDS, Card, Suit, cards_of
from lanterloo.engine.events import Event
from lanterloo.engine.phases import Decl, Phase, TrickRecord
from lanterloo.engine.scoring import Settlement, Stakes, louse_points
from lanterloo.errors import LooError
from lanterloo.rules import Rules

if TYPE_CHECKING:
    from lanterloo.engine.state import Deal

# Enum attribute access is slow in Python 3.11; views are built for every bot decision.
_DECL_TEXT: dict[Decl | None, str | None] = {None: None, **{d: d.value for d in Decl}}
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
    declarations: tuple[str | None, ...]
    committed: tuple[bool, ...]
    in_play: tuple[bool, ...]
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


def build(deal: Deal, seat: int | None, with_events: bool) -> View:
    r = deal.rules
    if seat is not None and not 0 <= seat < deal.n:
        raise LooError(f"There is no seat {seat}: the seats are 0 to {deal.n - 1}.")
    playing = deal.phase is Phase.PLAY and bool(deal.trick)
    return View(
        rules=r,
        seat=seat,
        players=deal.n,
        dealer=deal.dealer,
        phase=deal.phase,
        to_act=deal.to_act,
        seats_to_act=tuple(deal.seats_to_act()),
        stacks=tuple(deal.stacks),
        pool=deal.pool,
        hand=tuple(cards_of(deal.hands[seat])) if seat is not None else (),
        hand_sizes=tuple(h.bit_count() for h in deal.hands),
        turnup=deal.turnup,
        trump=_SUITS[deal.trump] if 0 <= deal.trump < 4 else None,
        pam=CARDS[deal.pam] if deal.pam >= 0 else None,
        declarations=tuple(_DECL_TEXT[d] for d in deal.decl),
        committed=tuple(c is not None for c in deal.commits),
        in_play=tuple(deal.in_play),
        miss_taker=deal.miss_taker,
        miss_withdrawn=deal.miss_withdrawn,
        defended=deal.defended,
        stock_size=deal.stock_left(),
        exchange_limit=deal.exchange_limit(),
        trick=tuple(deal.trick),
        trick_civil=deal.trick_civil,
        best_card=CARDS[deal.best_card] if playing else None,
        best_seat=deal.best_seat if playing else None,
        tricks=tuple(deal.tricks),
        tricks_won=tuple(deal.tricks_won),
        exchanged=tuple(deal.exchanged),
        flushes=tuple((k, tuple(v)) for k, v in deal.flushes.items()),
        points=tuple(louse_points(deal.taken, r.diamond_queen, r.louse_queen_points))
        if deal.shape.scores_points
        else (),
        stakes=deal.shape.stakes(r, deal.pool),
        legal=tuple(deal.legal_actions(seat)) if seat is not None else (),
        settlement=deal.settlement,
        events=tuple(e.censored(seat) for e in deal.events) if with_events else (),
    )
