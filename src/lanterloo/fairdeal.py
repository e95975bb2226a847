"""Provably fair deals: a secret seed, a public commitment, and a deck any language can re-derive from the seed.

Before a deal the server publishes ``commitment(seed)``; after it, the seed itself. Anyone can then check that the
seed hashes to the commitment and that ``deck_from_seed`` yields exactly the cards dealt. The procedure
(docs/fair-deals.md) uses nothing but SHA-256, so it can be repeated without Python:

1. The seed is 32 bytes, written as 64 lower-case hex digits. The commitment is ``SHA-256(seed bytes)`` in hex.
2. The stream: block ``k`` (k = 0, 1, 2, ...) is ``SHA-256(seed bytes || k as 8 bytes big-endian)``; each block gives
   four 64-bit unsigned integers, big-endian, in order.
3. A uniform integer below ``bound``: take the next integer ``x`` of the stream; reject it while
   ``x >= 2**64 - 2**64 % bound``; the result is ``x % bound`` (no modulo bias).
4. Fisher-Yates on the preset's canonical pack (``engine.deck_for``): for ``i`` from ``len - 1`` down to 1, swap
   positions ``i`` and ``j``, ``j`` uniform below ``i + 1``. Position 0 is the top card, dealt first.

Python's ``random`` is never used here: its generator is not specified outside CPython.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator, Sequence
from typing import TypeVar

from lanterloo.cards import Card
from lanterloo.engine import deck_for
from lanterloo.errors import LooError
from lanterloo.rules import Rules

T = TypeVar("T")

SEED_BYTES = 32
PROCEDURE = "sha256-counter-fisher-yates-v1"  # recorded beside every seed, so a later procedure can be told apart
_SPAN = 1 << 64


def new_seed() -> str:
    """A fresh secret seed from the operating system's generator, as 64 hex digits."""
    return secrets.token_hex(SEED_BYTES)


def seed_bytes(seed: str) -> bytes:
    """The seed's 32 bytes; a seed that is not 64 hex digits is refused in one sentence."""
    if not isinstance(seed, str) or len(seed) != 2 * SEED_BYTES:
        raise LooError(f"A deal seed must be {2 * SEED_BYTES} hexadecimal digits.")
    try:
        return bytes.fromhex(seed)
    except ValueError:
        raise LooError(f"A deal seed must be {2 * SEED_BYTES} hexadecimal digits.") from None


def commitment(seed: str) -> str:
    """What is published before the deal: SHA-256 of the seed's bytes, in hex."""
    return hashlib.sha256(seed_bytes(seed)).hexdigest()


def stream(seed: str) -> Iterator[int]:
    """The seed's endless stream of 64-bit integers (step 2 of the procedure)."""
    key = seed_bytes(seed)
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        for k in range(0, 32, 8):
            yield int.from_bytes(block[k : k + 8], "big")
        counter += 1


def below(numbers: Iterator[int], bound: int) -> int:
    """A uniform integer in ``range(bound)`` from the stream, by rejection (step 3)."""
    limit = _SPAN - _SPAN % bound
    while True:
        x = next(numbers)
        if x < limit:
            return x % bound


def shuffle(items: Sequence[T], seed: str) -> list[T]:
    """``items`` in the order the seed gives them (step 4), top first; ``items`` itself is not changed."""
    out = list(items)
    numbers = stream(seed)
    for i in range(len(out) - 1, 0, -1):
        j = below(numbers, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deck_from_seed(rules: Rules, players: int, seed: str) -> list[Card]:
    """The deck of a deal of ``rules`` for ``players`` from ``seed``, top card first: pass it as ``Deal(deck=...)``."""
    return shuffle(deck_for(rules, players), seed)
