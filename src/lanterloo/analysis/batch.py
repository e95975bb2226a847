"""The looed report on the compiled core's record loop (engine/_core_records.pxi): every seat random, in C.

When every seat is a ``random`` bot and the core is built, selected and covers the rules, each unit of the looed
report is a block of ``BLOCK`` deals that the C loop plays at one table (the dealer passing, the pool carried, each
stack topped up to ``Plan.stack`` before a deal) and records seat by seat into a buffer; the records are counted
here. Its deals come from splitmix64 as ``_core.batch``'s do, not from the per-action path's streams, so its figures
agree with the per-action path's within their intervals, not to the chip; a seed still gives the same figures on
every backend and any number of workers, since each block's seed is drawn from the plan's.
"""

from __future__ import annotations

from array import array
from collections import Counter
from typing import TYPE_CHECKING

from lanterloo.analysis.base import Plan
from lanterloo.engine import core

if TYPE_CHECKING:
    from lanterloo.analysis.looed import LooedAcc

#: Deals per block: a buffer of a few megabytes, and a few hundredths of a second in C.
BLOCK = 65536
NET = 1 << 40  # the offset of a record's net (R_NET in _core_records.pxi)


def usable(plan: Plan) -> bool:
    """Whether the record loop can play this plan: every seat random, the core selected and covering the rules."""
    ext = core.ext()
    return (
        plan.all_random
        and core.engine() == "core"
        and hasattr(ext, "looed_records")  # an extension built before the loop existed has none
        and core.covers(plan.rules)
        and plan.rules.game == "loo"
        and plan.rules.trump_mode == "turnup"
        and plan.players < 24
    )


def records(plan: Plan, deals: int, seed: int) -> tuple[array[int], array[int]]:
    """The C loop's records of ``deals`` deals from ``seed``: each seat's (``deals * players``), and each deal's
    pool as play began."""
    seats = array("q", bytes(8 * deals * plan.players))
    pools = array("q", bytes(8 * deals))
    core.ext().looed_records(plan.rules, plan.players, deals, seed, plan.stack, memoryview(seats), memoryview(pools))
    return seats, pools


def decode(record: int) -> tuple[int, int, int, int, bool, bool, int]:
    """(hands in play, trumps, top trump code, side aces and kings, played, looed, net) of one seat's record."""
    return (
        record & 31,
        (record >> 5) & 7,
        (record >> 8) & 7,
        (record >> 11) & 7,
        bool((record >> 14) & 1),
        bool((record >> 15) & 1),
        (record >> 16) - NET,
    )


def looed_chunk(plan: Plan, units: range) -> LooedAcc:
    from lanterloo.analysis.looed import Looed, LooedAcc

    acc = LooedAcc()
    quotas = Looed().units(plan)
    for u in units:
        seats, pools = records(plan, quotas[u], plan.seed_of(u, "records"))
        acc.deals += quotas[u]
        acc.pool_total += sum(pools)
        # a record is one integer, so counting equal records is C-speed work; each distinct one is decoded once
        for record, count in Counter(seats).items():
            active, trumps, top, high, played, looed, net = decode(record)
            if played:
                acc.add_many((active, trumps, top, high), net, looed, count)
    return acc
