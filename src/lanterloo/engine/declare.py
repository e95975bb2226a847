"""Phase.DECLARE: pass, play, take or defend the Miss, in turn from the eldest hand (LOO-DECL-1..8).

``options`` is the one table of declarations: every declaration with the rule that grants or bars it and, when it
is barred, the reason. ``legal`` lists the open ones and ``check`` raises the reason of a barred one, so the two
cannot disagree. ``finish`` ends the declarations for the commit and the exchange too: it starts the exchange,
settles a deal that nobody (or one player alone) plays, or goes on to the flush check and play.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from lanterloo.actions import (
    DEFEND_MISS,
    PASS,
    STAND,
    TAKE_MISS,
    Action,
    DefendMiss,
    Pass,
    Stand,
    TakeMiss,
)
from lanterloo.cards import Card, Suit, cards_of
from lanterloo.engine import exchange
from lanterloo.engine.events import DealerTakesPool, Declared, Event
from lanterloo.engine.phases import Decl, Phase
from lanterloo.engine.scoring import SettlementKind
from lanterloo.errors import IllegalActionError

if TYPE_CHECKING:
    from lanterloo.engine.state import Deal

_new = tuple.__new__  # one Declared per declaration: skip NamedTuple's Python-level __new__
DECL_OF: dict[type[Action], Decl] = {t: Decl(t.kind) for t in (Pass, Stand, TakeMiss, DefendMiss)}
# Module constants: in 3.11 every ``Decl.X`` or ``Phase.X`` goes through EnumType.__getattr__, and each declaration
# read several.
_PASS, _PLAY, _MISS, _DEFEND = Decl.PASS, Decl.PLAY, Decl.MISS, Decl.DEFEND
_DECLARE, _EXCHANGE, _FLUSH_CHECK = Phase.DECLARE, Phase.EXCHANGE, Phase.FLUSH_CHECK


# The usual lists, shared by every deal (read-only: legal_actions hands out copies).
_WITH_MISS: list[Action] = [PASS, STAND, TAKE_MISS]
_WITHOUT_MISS: list[Action] = [PASS, STAND]


class Option(NamedTuple):
    """A declaration, the rule that grants or bars it, and why it is barred (None: it is open)."""

    action: Action
    rule: str
    refusal: str | None = None
    #: seats the refusal names, as ``IllegalActionError.seats`` (a client renders them with the players' names)
    seats: tuple[tuple[str, int], ...] = ()


def miss_free(deal: Deal) -> bool:
    """The Miss is there to be taken: not taken, not defended, not set aside (LOO-DECL-2)."""
    return deal._rules.miss and deal._miss_taker is None and not deal._miss_withdrawn and not deal._defended


def options(deal: Deal) -> list[Option]:
    """Every declaration for the seat to act, open or barred, with its rule (the one table)."""
    r = deal._rules
    s = deal._to_act
    free = miss_free(deal)
    loo = deal._shape.loo_declarations
    club = r.club_law and deal._trump == Suit.CLUBS
    forced_rule = "LOO-DECL-7" if club else "LOO-DECL-8"

    # pass (LOO-DECL-1), unless everyone must play (LOO-DECL-7/8) or the dealer must play (LOO-DECL-5, -8)
    pass_refusal: str | None = None
    pass_rule = "LOO-DECL-1"
    standing = list(compress(range(deal._n), deal._in_play))
    lone = len(standing) == 1 and standing[0] != deal._miss_taker  # one stands on his own hand
    if deal._forced_all:
        pass_rule = forced_rule
        pass_refusal = (
            "Clubs are trumps, so under Club Law everyone must play"
            if club
            else "Bold Stand: nobody may pass a pool of nothing but this deal's antes"
        )
    elif loo and (_bold_stand_binds(deal) or (s == deal._dealer and lone and r.lone_player == "dealer_must_play")):
        if s == deal._dealer and r.lone_player == "dealer_must_play":
            pass_rule = "LOO-DECL-5"
            pass_refusal = (
                "Only one player stands on his own hand, so the dealer may not pass: play, take the Miss or defend it"
                if r.miss
                else "Only one player stands, so the dealer may not pass: he must play"
            )
        else:
            pass_rule = "LOO-DECL-8"
            pass_refusal = "Bold Stand: you and the dealer must play a pool of nothing but antes"

    # take the Miss (LOO-DECL-2)
    miss_rule, miss_refusal = "LOO-DECL-2", None
    miss_seats: tuple[tuple[str, int], ...] = ()
    if not r.miss:
        miss_rule, miss_refusal = "LOO-DEAL-2", f"There is no Miss in {r.preset}"
    elif deal._miss_withdrawn:
        miss_rule, miss_refusal = forced_rule, "The Miss has been set aside this deal"
    elif not free:
        taker = deal._miss_taker
        if taker is not None:
            miss_refusal, miss_seats = "{taker} has already taken the Miss", (("taker", taker),)
        else:
            miss_refusal = "The dealer is defending the Miss"

    # defend the Miss (LOO-DECL-6): the dealer only, when the option's condition holds
    defend_refusal: str | None = None
    defend_ok = False
    if loo and s == deal._dealer and not deal._forced_all:
        if lone:
            defend_ok = r.miss and free and r.defend_miss != "never"
        elif len(standing) >= 2 and r.defend_miss == "at_least_one" and free:
            defend_ok = True
    if not defend_ok:
        if s != deal._dealer:
            defend_refusal = "Only the dealer may defend the Miss"
        elif not r.miss or r.defend_miss == "never":
            defend_refusal = f"Defending the Miss is not part of {r.preset}"
        elif deal._miss_taker is not None:
            defend_refusal = "The Miss has been taken, so it cannot be defended"
        elif deal._forced_all:
            defend_refusal = "The Miss has been set aside this deal"
        else:
            need = "exactly one player" if r.defend_miss == "exactly_one" else "at least one player"
            defend_refusal = f"The dealer may defend the Miss only when {need} stands on his own hand"

    # (action, rule, refusal, seats), built with tuple.__new__: the dealer's table is built in every deal
    return [
        _new(Option, (PASS, pass_rule, pass_refusal, ())),
        _new(Option, (STAND, forced_rule if deal._forced_all else "LOO-DECL-1", None, ())),
        _new(Option, (TAKE_MISS, miss_rule, miss_refusal, miss_seats)),
        _new(Option, (DEFEND_MISS, "LOO-DECL-6", defend_refusal, ())),
    ]


def _bold_stand_binds(deal: Deal) -> bool:
    """LOO-DECL-8, option dealer_and_last: the last hand and the dealer may not pass an all-pass pool of antes."""
    r = deal._rules
    if r.bold_stand != "dealer_and_last" or deal._carried != 0:
        return False
    n = deal._n
    if deal._to_act not in ((deal._dealer - 1) % n, deal._dealer):
        return False
    return all(deal._decl[(deal._eldest + k) % n] is Decl.PASS for k in range(n - 2))


# The dealer's open declarations, memoised from the table: (rules, Miss taker, Miss set aside, Miss defended, who
# stands) -> (rules, list). Those are all the table reads on the path that uses it; the rules are held so that their
# id is not reused while the entry lives. Bounded: simulations of random option sets make many rules.
_DEALER_LISTS: dict[tuple[object, ...], tuple[object, list[Action]]] = {}


def legal(deal: Deal, seat: int) -> list[Action]:
    r = deal._rules
    if deal._forced_all or r.bold_stand == "dealer_and_last":
        return [o.action for o in options(deal) if o.refusal is None]
    if deal._to_act != deal._dealer:
        # The common case, decided without building the table (a test checks it agrees with the table).
        return _WITH_MISS if miss_free(deal) else _WITHOUT_MISS
    key = (id(r), deal._miss_taker, deal._miss_withdrawn, deal._defended, *deal._in_play)
    hit = _DEALER_LISTS.get(key)
    if hit is not None and hit[0] is r:
        return hit[1]
    listed = [o.action for o in options(deal) if o.refusal is None]
    if len(_DEALER_LISTS) >= 10_000:
        _DEALER_LISTS.clear()
    _DEALER_LISTS[key] = (r, listed)
    return listed


def check(deal: Deal, action: Action, seat: int | None) -> None:
    deal._require_turn(seat)
    for option in options(deal):
        if option.action == action:
            if option.refusal is not None:
                raise IllegalActionError(option.refusal, option.rule, dict(option.seats))
            return
    raise IllegalActionError(
        "Now is the time to declare: pass, play or take the Miss"
        if deal._rules.miss
        else "Now is the time to declare: pass or play",
        "LOO-DECL-1",
    )


def apply(deal: Deal, action: Action, seat: int | None) -> Event:
    cache = deal._legal_cache  # a list already computed for this state is the same legality path, memoised
    if cache is None or (seat is not None and seat != deal._to_act) or not _listed(action, cache):
        check(deal, action, seat)
    deal._legal_cache = None  # deal._invalidate(), spelled out: once per declaration
    deal._play_mask = -1
    s = deal._to_act
    d = DECL_OF[type(action)]
    deal._decl[s] = d
    deal._actions.append((s, action))
    shown: tuple[Card, ...] = ()
    if d is _MISS or d is _DEFEND:
        # Taking the Miss and defending it both swap the hand, unseen, for the Miss (LOO-DECL-2, LOO-DECL-6).
        deal._dead |= deal._hands[s]
        deal._hands[s] = deal._miss
        deal._miss = 0
        if d is _MISS:
            deal._miss_taker = s
        else:
            deal._defended = True
        shown = tuple(cards_of(deal._hands[s]))
    if d is _PASS:
        deal._dead |= deal._hands[s]
        deal._hands[s] = 0
    else:
        deal._in_play[s] = True
    ev = _new(Declared, (s, action, shown))
    deal._events.append(ev)
    if (d is _PLAY or d is _MISS) and deal._rules.exchange == "own_turn" and exchange.limit(deal) > 0:
        deal._phase = _EXCHANGE
        return ev
    next_declarer(deal)
    return ev


def _listed(action: Action, cache: list[Action]) -> bool:
    """Whether ``action`` is one of the listed constants. By identity: ``in`` would run a dataclass ``__eq__`` (Python
    code) against every entry before it; an equal action built anew is not found, and simply takes the full check."""
    for a in cache:  # noqa: SIM110 (any() over a generator costs more than this loop)
        if a is action:
            return True
    return False


def next_declarer(deal: Deal) -> None:
    deal._phase = _DECLARE
    deal._to_act = (deal._to_act + 1) % deal._n
    if deal._to_act == deal._eldest:
        finish(deal)
    elif deal._to_act == deal._dealer:
        prepare(deal)


def prepare(deal: Deal) -> None:
    """Everyone before the dealer passed: he takes the pool without declaring (LOO-DECL-3)."""
    r = deal._rules
    s = deal._to_act
    if (
        s == deal._dealer
        and deal._shape.loo_declarations
        and r.dealer_takes_all_pass
        and not deal._forced_all
        and not any(deal._in_play)
    ):
        deal._decl[s] = _PLAY
        deal._in_play[s] = True
        deal._events.append(DealerTakesPool(s, "LOO-DECL-3"))
        deal._end(SettlementKind.UNCONTESTED, "LOO-DECL-3", (s,))


def finish(deal: Deal) -> None:
    """After the last declaration: the exchange in turn, a settlement without play, or the flush check."""
    deal._invalidate()
    if deal._shape.exchange_after_declarations(deal._rules):
        pending = exchange.pending(deal)
        if pending and sum(deal._in_play) >= 2:
            deal._to_act = pending[0]
            if exchange.limit(deal) > 0:
                deal._phase = _EXCHANGE
                return
            for s in pending:
                deal._exchanged[s] = 0
    standing = list(compress(range(deal._n), deal._in_play))  # the seats in play
    if not standing:
        deal._end(SettlementKind.NO_PLAY, deal._shape.no_play_rule)
    elif len(standing) == 1 and not deal._defended:
        deal._end(SettlementKind.UNCONTESTED, deal._shape.uncontested_rule, (standing[0],))
    else:
        deal._phase = _FLUSH_CHECK
