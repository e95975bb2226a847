"""The table of phase handlers: what each ``Phase`` of a deal does (docs/architecture.md).

An automatic step has a ``run`` (antes, deal, turn-up, flush check, settle); a player phase has ``legal``, ``check``
and ``apply``. ``Deal`` (state.py) goes through the handler of the phase it is in; the handlers live in their own
modules and name the ``Deal`` for type checking only, so this table imports nothing that imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lanterloo.actions import Action
from lanterloo.engine import commit, dealing, declare, exchange, play
from lanterloo.engine.events import Event, Settled
from lanterloo.engine.phases import TERMINAL, Phase
from lanterloo.engine.scoring import settle
from lanterloo.errors import IllegalActionError

if TYPE_CHECKING:
    from lanterloo.engine.state import Deal

_new = tuple.__new__


def _not_a_player_phase(deal: Deal, action: Action, seat: int | None) -> Event:
    check_done(deal, action, seat)
    raise AssertionError("unreachable")  # pragma: no cover


def check_done(deal: Deal, action: Action, seat: int | None) -> None:
    raise IllegalActionError("The deal is over; no more actions can be taken", "COMMON-4")


def _no_actions(deal: Deal, seat: int) -> list[Action]:
    return []


def run_settle(deal: Deal) -> None:
    """Phase.SETTLE: the settlement of the outcome moves the chips (SESSION-3), and the deal is done."""
    assert deal._outcome is not None
    st = settle(deal._outcome)
    won, paid = st.won, st.paid
    for s in range(deal._n):
        deal._stacks[s] += won[s] - paid[s]
    deal._pool = st.pool_after
    deal._settlement = st
    deal._phase = Phase.DONE
    deal._is_over = True
    deal._to_act = TERMINAL
    deal._invalidate()
    deal._events.append(_new(Settled, (st,)))


@dataclass(frozen=True, slots=True)
class PhaseHandler:
    """What a phase does: an automatic step ``run``s; a player phase lists, checks and applies actions."""

    run: Callable[[Deal], None] | None = None
    legal: Callable[[Deal, int], list[Action]] = _no_actions
    check: Callable[[Deal, Action, int | None], None] = check_done
    apply: Callable[[Deal, Action, int | None], Event] = _not_a_player_phase


HANDLERS: dict[Phase, PhaseHandler] = {
    Phase.ANTE: PhaseHandler(dealing.run_ante, dealing.legal_ante, dealing.check_ante, dealing.apply_ante),
    Phase.DEAL: PhaseHandler(run=dealing.run_deal),
    Phase.TURNUP: PhaseHandler(run=dealing.run_turnup),
    Phase.DECLARE: PhaseHandler(legal=declare.legal, check=declare.check, apply=declare.apply),
    Phase.COMMIT: PhaseHandler(legal=commit.legal, check=commit.check, apply=commit.apply),
    Phase.EXCHANGE: PhaseHandler(legal=exchange.legal, check=exchange.check, apply=exchange.apply),
    Phase.FLUSH_CHECK: PhaseHandler(run=play.run_flush_check),
    Phase.PLAY: PhaseHandler(legal=play.legal, check=play.check, apply=play.apply),
    Phase.SETTLE: PhaseHandler(run=run_settle),
    Phase.DONE: PhaseHandler(),
}
