"""Exact tallies that merge in any order, and the figures a report prints from them.

Every chunk of a report returns whole-number sums (counts, sums, sums of squares, counters of values), so adding
chunks is exact and the same seed gives the same figures, to the last digit, whatever the backend or the number of
workers. Floating point is used only at the end, once, on the merged sums.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


@dataclass
class Tally:
    """The count, sum and sum of squares of whole-number samples."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Tally) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    @property
    def half_width(self) -> float:
        """The half-width of the mean's 95% interval (normal; infinite for fewer than two samples)."""
        if self.n < 2:
            return math.inf
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return Z95 * math.sqrt(max(var, 0.0) / self.n)


def merge_tallies(into: dict[tuple[int, ...], Tally], other: Mapping[tuple[int, ...], Tally]) -> None:
    for key, t in other.items():
        into.setdefault(key, Tally()).merge(t)


def merge_counters(into: dict[tuple[int, ...], Counter[int]], other: Mapping[tuple[int, ...], Counter[int]]) -> None:
    for key, c in other.items():
        into.setdefault(key, Counter()).update(c)


def quantile(counts: Counter[int], q: float) -> int:
    """The lower ``q`` quantile of a counter of values (the smallest value with at least ``q`` of the mass at or
    below it)."""
    total = sum(counts.values())
    if not total:
        return 0
    need = q * total
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= need:
            return value
    return max(counts)


def fmt(x: float, places: int = 4) -> str:
    """A figure for a CSV cell: fixed decimals, so the text is a function of the value alone; empty when
    undefined."""
    if not math.isfinite(x):
        return ""
    text = f"{x:.{places}f}"
    return "0." + "0" * places if text == "-0." + "0" * places else text


def csv_text(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    """CSV with plain cells (no cell holds a comma, a quote or a line break) and ``\\n`` line ends."""
    lines = [",".join(header)]
    lines.extend(",".join(str(c) for c in row) for row in rows)
    return "\n".join(lines) + "\n"
