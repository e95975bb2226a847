"""Verification's fast path: one record replayed and compared with as little work as the record allows.

``verify_record`` asks ``replay`` first. It answers a deal when everything the record carries checks out, and None
for anything else: then the reference path (``verifier``) verifies the record from the start and gives the one
sentence a refusal needs. So the fast path decides only acceptances, and every check the reference makes is made
here too, in a cheaper form: the cards and actions through tables of their exact spellings (a spelling the table
lacks goes to the reference), the deal on the compiled core where it is built and covers the rules (one C loop,
with no shadow reference deal: no events, no views), and the result compared field by field, type included,
against the replay's settlement rather than through a whole canonical record.
"""

from __future__ import annotations

import os
from itertools import chain
from typing import Any

from lanterloo.actions import DEFEND_MISS, PASS, PLAYS, STAND, TAKE_MISS, Action
from lanterloo.cards import CARDS, Card
from lanterloo.engine import Deal, deck_for
from lanterloo.engine import core as _core
from lanterloo.engine.events import Reshuffled
from lanterloo.rules import Rules

#: Each card as the format writes it, and its index.
CARD_INDEX: dict[str, int] = {str(c): int(c) for c in CARDS}
#: Each card as the format writes it.
CARD: dict[str, Card] = {str(c): c for c in CARDS}
#: The core's action codes (a card, or 52 + a declaration) by the format's spelling of the action.
CORE_CODES: dict[str, int] = {
    **{p.notation(): int(p.card) for p in PLAYS},
    **{a.notation(): 52 + i for i, a in enumerate((PASS, STAND, TAKE_MISS, DEFEND_MISS))},
}
#: Actions already read in the format's exact spelling (``verifier._action`` accepted them): text -> action.
ACTIONS: dict[str, Action] = {}
_MAX_ACTIONS = 100_000
#: (rules, players) -> the pack, sorted: what a deck must be a permutation of.
_PACKS: dict[tuple[Rules, int], list[Card]] = {}
#: (rules, players, dealer) -> the ante each seat owes.
_OWED: dict[tuple[Rules, int, int], list[int]] = {}


def core_enabled() -> bool:
    """Whether verification replays on the compiled core: wherever it is built, unless ``LANTERLOO_ENGINE=pure``
    forces the reference (the core is chosen here explicitly, whatever engine new deals default to)."""
    return _core.available() and os.environ.get("LANTERLOO_ENGINE", "").strip().lower() != "pure"


#: False: every record goes the reference way (the tests compare the two ways on the same input).
ENABLED = True
#: The compiled core's module when verification uses it (its line scanner and its replay), else None.
EXT = _core.ext() if core_enabled() else None


def select(on: bool) -> None:
    """Replay on the core (when built) or not: for tests and the benchmark, which compare both paths."""
    global EXT
    EXT = _core.ext() if on and _core.available() else None


def owed(rules: Rules, players: int, dealer: int) -> list[int]:
    key = (rules, players, dealer)
    got = _OWED.get(key)
    if got is None:
        got = _OWED[key] = [rules.ante_owed(s, dealer) for s in range(players)]
        if len(_OWED) > 10_000:
            _OWED.clear()
    return got


def _pack(rules: Rules, players: int) -> list[Card]:
    key = (rules, players)
    got = _PACKS.get(key)
    if got is None:
        got = _PACKS[key] = sorted(deck_for(rules, players))
        if len(_PACKS) > 10_000:
            _PACKS.clear()
    return got


def replay(obj: dict[str, Any], rules: Rules) -> Any:
    """The replayed deal of a record whose fields are checked (``check_fields``) and whose rules are ``rules``, when
    the record is right in every respect; None when the reference path must decide."""
    if not ENABLED or rules.game != "loo" or "fair" in obj or not obj["ante"]:
        return None
    seats = obj["seats"]
    n = len(seats)
    lo, hi = rules.player_range()
    if not lo <= n <= hi:
        return None
    stacks = [s["stack"] for s in seats]
    dealer = obj["dealer"]
    for have, want in zip(stacks, owed(rules, n, dealer), strict=True):
        if have < want:
            return None
    deal = _replay_core(obj, rules, stacks) if EXT is not None else None
    if deal is None:
        deal = _replay_reference(obj, rules, stacks)
        if deal is None:
            return None
        if obj["reshuffles"] or rules.exchange != "none":
            used = sum(1 for e in deal.events if isinstance(e, Reshuffled))
            if used != len(obj["reshuffles"]):
                return None
        antes = list(deal.started.antes)
    else:
        if obj["reshuffles"]:
            return None
        antes = None
    return deal if _result_matches(obj["result"], deal, antes) else None


def _replay_core(obj: dict[str, Any], rules: Rules, stacks: list[int]) -> Any:
    assert EXT is not None
    try:
        return EXT.replay_record(
            rules, stacks, obj["dealer"], obj["pool"], obj["ante"], obj["deck"], CARD_INDEX, obj["actions"], CORE_CODES
        )
    except (TypeError, OverflowError):  # an unhashable action text, or chips past C integers: the reference decides
        return None


def _replay_reference(obj: dict[str, Any], rules: Rules, stacks: list[int]) -> Deal | None:
    given = obj["actions"]
    # with the core built, check_fields left each action's form to the replay: [seat, text], exactly those types
    if type(given) is not list or not all(
        type(a) is list and len(a) == 2 and type(a[0]) is int and type(a[1]) is str for a in given
    ):
        return None
    try:
        deck = [CARD[c] for c in obj["deck"]]
        reshuffles = [[CARD[c] for c in r] for r in obj["reshuffles"]]
        actions = [(seat, ACTIONS[text]) for seat, text in given]
    except (KeyError, TypeError, ValueError):
        return None
    if sorted(deck) != _pack(rules, len(stacks)):
        return None
    try:
        deal = Deal(rules, stacks, obj["dealer"], pool=obj["pool"], ante=obj["ante"], deck=deck, reshuffles=reshuffles)
        for seat, action in actions:
            if deal.seats_to_act() != [seat]:
                return None
            deal.apply(action, seat)
    except Exception:  # any refusal, or anything unexpected: the reference path tells it
        return None
    return deal


def remember_action(text: str, action: Action) -> None:
    """An action the reference path read in the format's exact spelling, for the fast path to look up."""
    if len(ACTIONS) >= _MAX_ACTIONS:
        ACTIONS.clear()
    ACTIONS[text] = action


_LISTS = ("won", "paid", "owed", "looed", "tricks", "winners", "points")


def _ints(values: Any) -> bool:
    return type(values) is list and set(map(type, values)) <= {int}


def _result_matches(result: Any, deal: Any, antes: list[int] | None) -> bool:
    """Whether the recorded result is the replay's, exactly, type included (1, 1.0 and true differ)."""
    if not deal.is_over:
        return result is None
    if type(result) is not dict or "totals" in result:
        return False
    st = deal.settlement
    recorded = result["settlement"]
    if type(recorded) is not dict or recorded != st.to_dict():
        return False
    # equal to the replay's, so of its shape; but 1 == 1.0 == True: the types are checked apart
    if not (
        type(recorded["kind"]) is str
        and type(recorded["rule"]) is str
        and type(recorded["pool_before"]) is int
        and type(recorded["share"]) is int
        and type(recorded["pool_after"]) is int
        and type(recorded["game_over"]) is bool
        and set(map(type, chain.from_iterable(map(recorded.__getitem__, _LISTS)))) <= {int}
    ):
        return False
    stacks = list(deal.stacks)
    if antes is None:
        # the core keeps no ante list: what each seat anted is what its stack lost beyond the settlement
        before = deal.stacks_before
        antes = [b - s + w - p for b, s, w, p in zip(before, stacks, st.won, st.paid, strict=True)]
    pool = result["pool"]
    return (
        _ints(result["antes"])
        and result["antes"] == antes
        and _ints(result["stacks"])
        and result["stacks"] == stacks
        and type(pool) is int
        and pool == deal.pool
    )
