"""Phase.COMMIT: Lou's coin declare. Every seat commits In or Out in secret; when all have, they are revealed together
(LOU-DECL-1). Several seats may act in this phase, so its handlers take the seat.

The hands of the Out players become dead cards at the reveal, as a passed hand does in Loo: Lou's draw may reshuffle
them into the stock (LOU-DRAW-1, reading A-16 with A-05).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lanterloo.actions import PASS, STAND, Action, Pass, Stand
from lanterloo.engine import declare
from lanterloo.engine.events import Committed, Event, Revealed
from lanterloo.engine.phases import Decl
from lanterloo.errors import IllegalActionError

if TYPE_CHECKING:
    from lanterloo.engine.state import Deal


def waiting(deal: Deal) -> list[int]:
    """The seats that have not committed yet, from the eldest hand on."""
    return [s for s in deal._ring(deal._eldest) if deal._commits[s] is None]


def legal(deal: Deal, seat: int) -> list[Action]:
    return [STAND, PASS] if 0 <= seat < deal._n and deal._commits[seat] is None else []


def check(deal: Deal, action: Action, seat: int | None) -> None:
    if seat is None:
        seat = deal._to_act
    if not 0 <= seat < deal._n or deal._commits[seat] is not None:
        raise IllegalActionError("{seat} has already committed", "LOU-DECL-1", {"seat": seat})
    if not isinstance(action, (Stand, Pass)):
        raise IllegalActionError("Now each player commits In or Out, in secret", "LOU-DECL-1")


def apply(deal: Deal, action: Action, seat: int | None) -> Event:
    check(deal, action, seat)
    assert isinstance(action, (Stand, Pass))  # check() let nothing else through
    seat = deal._to_act if seat is None else seat
    deal._invalidate()
    deal._commits[seat] = Decl.PLAY if isinstance(action, Stand) else Decl.PASS
    deal._actions.append((seat, action))
    ev = Committed(seat, action)
    deal._events.append(ev)
    pending = waiting(deal)
    if pending:
        deal._to_act = pending[0]
        return ev
    for s in range(deal._n):
        deal._decl[s] = deal._commits[s]
        deal._in_play[s] = deal._commits[s] is Decl.PLAY
        if not deal._in_play[s]:
            deal._dead |= deal._hands[s]
            deal._hands[s] = 0
    deal._events.append(Revealed(tuple(deal._in_play)))
    declare.finish(deal)
    return ev
