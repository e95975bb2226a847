"""Whole numbers written as text: one grammar and one bound for every place lanterloo reads them.

A hand history (docs/hand-history.md), a ``KEY=VALUE`` rules option, a house-variant file and every numeric option
of the ``loo`` commands read an integer through ``parse_whole``, so what one accepts the others accept too: a value
``loo simulate -o`` takes is one ``loo replay --verify`` reads back. The grammar is JSON's (an optional minus, ASCII
digits, no leading zero, no sign ``+``, no ``_``, no space, no other script's digits) and the bound is
``MAX_INT_DIGITS`` digits, checked before Python converts the text (a 5,000-digit string never reaches ``int``).
"""

from __future__ import annotations

import re

from lanterloo.errors import NotationError

#: The most digits an integer may have anywhere lanterloo reads one (a seed below 2**128 has 39).
MAX_INT_DIGITS = 40
#: The largest magnitude that fits in MAX_INT_DIGITS digits, plus one.
INT_LIMIT: int = 10**MAX_INT_DIGITS

_GRAMMAR = re.compile(r"-?(?:0|[1-9][0-9]*)")


def too_long(text: str) -> int | None:
    """The number of digits of ``text`` (a JSON integer) when it is over the bound, else None."""
    digits = len(text) - text.startswith("-")
    return digits if digits > MAX_INT_DIGITS else None


def parse_whole(text: str, what: str, signed: bool = True) -> int:
    """``text`` as an int, or NotationError with one sentence naming ``what`` (e.g. "--seed", "Option ante").

    ``signed=False`` for a value that is never negative: the grammar is the same (the caller checks the range and
    says so), but the example in the message shows no minus sign."""
    if not _GRAMMAR.fullmatch(text):
        if not any("0" <= ch <= "9" for ch in text):
            raise NotationError(f"{what} must be a whole number, not {_quote(text)}.")
        like = "like 12 or -3" if signed else "like 12"
        raise NotationError(
            f"{what} must be a whole number in plain digits ({like}: no +, no leading zero, no _ or space), "
            f"not {_quote(text)}."
        )
    digits = too_long(text)
    if digits is not None:
        raise NotationError(f"{what} has {digits:,} digits; the most allowed is {MAX_INT_DIGITS}.")
    return int(text)


def in_bound(value: int) -> bool:
    """Whether an int has at most MAX_INT_DIGITS digits (a value from a TOML file or the API, not from text)."""
    return -INT_LIMIT < value < INT_LIMIT


def _quote(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:39]) + "…"
