"""The phases of a deal, the declarations, and the record of a finished trick: names every engine module shares."""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import NamedTuple

from lanterloo.cards import Card

TERMINAL = -1


class Phase(Enum):
    """The steps of one deal, in order. Players act only in DECLARE, COMMIT, EXCHANGE and PLAY, and Lou's dealer in
    ANTE when he sets the ante.

    The other steps are automatic: ``Deal`` runs them in a loop until a player must act (or the deal is done).
    A step that does not apply passes straight on (Louse has no declaration; Irish has no turn-up).
    """

    ANTE = "ante"  # antes into the pool (LOO-ANTE-1, LOU-ANTE-1)
    DEAL = "deal"  # the packets, the Miss, the widow, the turn-up card and the stock (LOO-DEAL-1/2, LOUSE-DEAL-1)
    TURNUP = "turnup"  # trumps and Pam from the turn-up; forced declarations (Club Law, Bold Stand)
    DECLARE = "declare"  # sequential pass / play / Miss (Loo; Lou sequential)
    COMMIT = "commit"  # Lou's coin declare: secret, revealed together
    EXCHANGE = "exchange"  # five-card / Irish exchange, Lou's draw
    FLUSH_CHECK = "flush_check"  # five-card: a flush or blaze sweeps the pool before play (PAM-FLUSH-1..3)
    PLAY = "play"
    SETTLE = "settle"  # the settlement is computed and applied to the stacks and the pool
    DONE = "done"

    # Members are singletons, so identity hashing is exact; Enum's own __hash__ is Python code, and the phase table
    # is looked up on every action.
    __hash__ = object.__hash__


#: The phases in which a player acts; the others are run by the engine.
PLAYER_PHASES = frozenset({Phase.ANTE, Phase.DECLARE, Phase.COMMIT, Phase.EXCHANGE, Phase.PLAY})
#: Automatic steps that may wait for a player: the ante, when Lou's dealer sets it (LOU-ANTE-2).
WAITING_STEPS = frozenset({Phase.ANTE})


class Decl(StrEnum):
    """A declaration as the deal records it and ``View.declarations`` shows it. Each value is the notation of the
    action that makes it (``TakeMiss.kind == Decl.MISS``), so a record, its action and its text are one encoding."""

    PASS = "pass"
    PLAY = "play"
    MISS = "miss"
    DEFEND = "defend"


class TrickRecord(NamedTuple):
    """A finished trick. Immutable, so views and copies share it (a NamedTuple: one is made per trick)."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int
    civil: bool = False
