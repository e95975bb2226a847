"""The fair-deal procedure (docs/fair-deals.md): commitment, stream, unbiased draws, and the deck."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from lanterloo import Deal, LooError, rules_with
from lanterloo.engine import deck_for
from lanterloo.fairdeal import below, commitment, deck_from_seed, new_seed, seed_bytes, shuffle, stream

SEED = "00" * 31 + "01"


def test_commitment_is_sha256_of_the_seed_bytes() -> None:
    assert commitment(SEED) == hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    assert commitment(SEED) != commitment("00" * 32)


def test_stream_is_sha256_counter_blocks_split_into_four_big_endian_words() -> None:
    numbers = stream(SEED)
    first = [next(numbers) for _ in range(8)]
    for k in range(2):
        block = hashlib.sha256(bytes.fromhex(SEED) + k.to_bytes(8, "big")).digest()
        words = [int.from_bytes(block[i : i + 8], "big") for i in range(0, 32, 8)]
        assert first[4 * k : 4 * k + 4] == words


def test_below_rejects_the_biased_top_of_the_range() -> None:
    bound = 3
    limit = 2**64 - 2**64 % bound
    assert below(iter([limit, limit + 1, 7]), bound) == 7 % bound  # the two biased words are skipped


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    items = list(range(52))
    a, b = shuffle(items, SEED), shuffle(items, SEED)
    assert a == b and sorted(a) == items and a != items
    assert shuffle(items, new_seed()) != a  # 1 in 52! of failing


def test_shuffle_is_uniform_enough_on_three_items() -> None:
    counts = Counter(tuple(shuffle("abc", f"{s:064x}")) for s in range(6000))
    assert len(counts) == 6
    assert all(800 < c < 1200 for c in counts.values()), counts


@pytest.mark.parametrize("preset", ["three-card", "five-card", "lou", "louse"])
def test_deck_from_seed_deals_the_canonical_pack_in_the_seeds_order(preset: str) -> None:
    rules = rules_with(preset)
    n = 4
    deck = deck_from_seed(rules, n, SEED)
    assert sorted(deck) == sorted(deck_for(rules, n))
    if preset != "lou":  # Lou's dealer sets the ante first; the deck is recorded once the deal starts
        assert list(Deal(rules, [50] * n, 0, deck=deck).started.deck) == deck


@pytest.mark.parametrize("bad", ["", "zz" * 32, "00" * 31, "00" * 33, 12])
def test_a_bad_seed_is_refused_in_one_sentence(bad: object) -> None:
    with pytest.raises(LooError, match="64 hexadecimal digits"):
        seed_bytes(bad)  # type: ignore[arg-type]
