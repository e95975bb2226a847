"""The rules engine: one deal as a phase machine, its events, views and settlement.

The modules, each depending only on those listed before it:

* ``phases``: the Phase enum, declarations, the trick record;
* ``tricks``: pure trick legality (follow, lead, which card beats which, the reason for a refusal);
* ``scoring``: the settlement of an ``Outcome``, the stakes; ``events``: one typed record per event kind;
* ``shape``: the ``GameShape`` of Loo, Lou and Louse;
* ``dealing``, ``declare``, ``commit``, ``exchange``, ``play``: the phase handlers; ``view``: the View;
* ``state``: the ``Deal`` and the table of phase handlers, ``replay``.
"""

from lanterloo.engine.handlers import HANDLERS
from lanterloo.engine.phases import TERMINAL, Decl, Phase, TrickRecord
from lanterloo.engine.replay import replay, replay_events
from lanterloo.engine.scoring import Settlement, SettlementKind, Stakes
from lanterloo.engine.shape import GameShape, deck_for, packets, shape_of, stakes, tables_once_led
from lanterloo.engine.state import Deal
from lanterloo.engine.view import Hidden, View

__all__ = [
    "HANDLERS",
    "TERMINAL",
    "Deal",
    "Decl",
    "GameShape",
    "Hidden",
    "Phase",
    "Settlement",
    "SettlementKind",
    "Stakes",
    "TrickRecord",
    "View",
    "deck_for",
    "packets",
    "replay",
    "replay_events",
    "shape_of",
    "stakes",
    "tables_once_led",
]
