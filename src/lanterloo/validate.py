"""The argument contract of the public API, checked at the boundary.

``Deal`` and ``Session`` call these at the top of their public methods, so a bad value is refused before it
reaches the engine, in one sentence, with the library's own errors: ``LooTypeError`` (a ``LooError`` and a
``TypeError``) for a wrong type, ``LooError`` for a value out of range. Nothing is changed by a refusal.

Counts (stacks, the pool, seats, the dealer) are whole numbers: an ``int`` or any integer type (numpy's), never a
bool, a float (``nan``, ``inf``, ``2.0``) or text. The hot path pays only a ``type(x) is int`` test; everything
else is converted or refused here.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Sequence
from operator import index as as_index
from typing import SupportsIndex

from lanterloo.actions import Action
from lanterloo.cards import Card, card_of
from lanterloo.errors import LooError, LooTypeError, shown
from lanterloo.rules import Rules

#: The longest player name a Session takes, in characters: room for any real name, never a screenful.
MAX_NAME = 64


def whole(value: object, what: str) -> int:
    """``value`` as an int, refusing a bool, a float, text and anything else that is not an integer."""
    if type(value) is int:
        return value
    if isinstance(value, SupportsIndex) and not isinstance(value, bool):
        return as_index(value)
    raise LooTypeError(f"{what} must be a whole number, not {shown(value)} (a {type(value).__name__}).")


def count(value: object, what: str) -> int:
    """A non-negative whole number: a stack, the pool."""
    if type(value) is int and value >= 0:
        return value
    v = whole(value, what)
    if v < 0:
        raise LooError(f"{what} cannot be negative, not {shown(v)}.")
    return v


def seat(value: object, n: int, what: str = "A seat") -> int:
    """One of the ``n`` seats, 0 to n - 1."""
    v = value if type(value) is int else whole(value, what)
    if not 0 <= v < n:
        if what != "A seat":
            raise LooError(f"{what} must be a seat from 0 to {n - 1}, not {shown(v)}.")
        raise LooError(f"There is no seat {shown(v)}: the seats are 0 to {n - 1}.")
    return v


def seat_or_none(value: object, n: int) -> int | None:
    return None if value is None else seat(value, n)


def items(value: object, what: str) -> list[object]:
    """The items of a list or tuple (or any sized iterable but text, bytes and mappings, which would be read
    one character or key at a time)."""
    if type(value) is list or type(value) is tuple:  # the usual case, without the slower ABC test
        return list(value)
    if isinstance(value, (str, bytes, bytearray, dict)) or not isinstance(value, Iterable):
        raise LooTypeError(f"{what} must be a list, not {shown(value)} (a {type(value).__name__}).")
    return list(value)


def counts(value: object, what: str, each: str) -> list[int]:
    if type(value) is not list and type(value) is not tuple:  # a list or tuple is read as it is, without a copy
        value = items(value, what)
    return [v if type(v) is int and v >= 0 else count(v, each) for v in value]


def rules(value: object) -> Rules:
    if not isinstance(value, Rules):
        raise LooTypeError(
            f"The rules must be a Rules, such as rules_with('three-card'), not {shown(value)} "
            f"(a {type(value).__name__})."
        )
    return value


def flag(value: object, what: str) -> bool:
    if type(value) is not bool:
        raise LooTypeError(f"{what} must be True or False, not {shown(value)}.")
    return value


def seed(value: object) -> int | None:
    """A seed is a whole number (as the hand history records it) or None."""
    return None if value is None else whole(value, "The seed")


def cards(value: object, what: str) -> list[Card]:
    return [card_of(c) for c in items(value, what)]


def action(value: object) -> Action:
    if not isinstance(value, Action):
        raise LooTypeError(
            f"An action must be an Action, such as PASS or Play(card), not {shown(value)} "
            f"(a {type(value).__name__}); parse_action reads text."
        )
    return value


#: The Rules object and player count last found to agree: a session deals again and again with the same (frozen)
#: Rules, and asking it its player range takes four calls.
_players_ok: list[object] = [None, 0]


def deal_arguments(
    r: object,
    stacks: object,
    dealer: object,
    pool: object,
    deck: object,
    seed_: object,
    rng: object,
    ante: object,
    reshuffles: object,
) -> tuple[Rules, list[int], int, int, list[Card] | None, int | None, list[list[Card]] | None]:
    """The arguments of ``Deal(...)``, checked and normalised: rules, stacks, dealer, pool, deck, seed, reshuffles."""
    if type(r) is not Rules:
        r = rules(r)
    stack_list = counts(stacks, "The stacks", "A stack")
    n = len(stack_list)
    if r is not _players_ok[0] or n != _players_ok[1]:
        r.check_players(n)
        _players_ok[:] = (r, n)
    # the usual values pass with a type test; anything else is converted or refused by seat() and count()
    d = dealer if type(dealer) is int and 0 <= dealer < n else seat(dealer, n, "The dealer")
    p = pool if type(pool) is int and pool >= 0 else count(pool, "The pool")
    order = None if deck is None else cards(deck, "The deck")
    if seed_ is not None and type(seed_) is not int:
        seed_ = seed(seed_)  # numpy's int64, say: random.Random takes only an int
    if rng is not None and not isinstance(rng, random.Random):
        raise LooTypeError(f"The rng must be a random.Random, not {shown(rng)}.")
    if type(ante) is not bool:
        flag(ante, "The ante flag")
    again = None if reshuffles is None else [cards(x, "A reshuffle") for x in items(reshuffles, "The reshuffles")]
    return r, stack_list, d, p, order, seed_, again


def name(value: object) -> str:
    """A player's name: text, not blank, at most MAX_NAME characters, no control character or lone surrogate."""
    if not isinstance(value, str):
        raise LooTypeError(f"A player's name must be text, not {shown(value)} (a {type(value).__name__}).")
    if not value.strip():
        raise LooError("A player's name cannot be empty.")
    if len(value) > MAX_NAME:
        raise LooError(f"A player's name can have at most {MAX_NAME} characters, not {len(value)}.")
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in value):
        # a control character could clear or retitle a terminal; a lone surrogate cannot even be written out
        raise LooError(f"A player's name cannot hold control characters or lone surrogates: {shown(value)}.")
    return value


def players(r: Rules, value: object) -> list[str]:
    """The names of a Session's players: a number of players (named Seat 0, Seat 1, ...) or a list of names."""
    if isinstance(value, str):
        raise LooTypeError(
            f"The players must be given as a number or a list of names, not the text {shown(value)}: "
            "write [name] for one name."
        )
    if not isinstance(value, Sequence):
        n = whole(value, "The number of players")
        if n.bit_length() > 16:  # the rules' own refusal would print all its digits
            raise LooError(f"{r.preset} cannot be played by {shown(n)} players.")
        r.check_players(n)  # before making the names: a huge count is refused, not allocated
        return [f"Seat {i}" for i in range(n)]
    names = [name(v) for v in value]
    r.check_players(len(names))
    return names


def stacks_for(value: object, n: int) -> list[int]:
    """One stack for everyone, or one per seat."""
    if isinstance(value, int) or not isinstance(value, Iterable) or isinstance(value, (str, bytes)):
        return [count(value, "The stack")] * n
    out = counts(value, "The stacks", "A stack")
    if len(out) != n:
        raise LooError(f"Give one stack per seat: {n} seats but {len(out)} stacks.")
    return out


def optional(value: object, what: str, positive: bool = False) -> int | None:
    if value is None:
        return None
    v = count(value, what)
    if positive and v == 0:
        raise LooError(f"{what} must be at least 1, or None.")
    return v


def callable_(value: object, what: str) -> None:
    if not callable(value):
        raise LooTypeError(f"{what} must be callable, not {shown(value)} (a {type(value).__name__}).")
