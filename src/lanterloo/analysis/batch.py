"""The looed report on the compiled core's record loop (engine/_core_records.pxi): every seat random, in C."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lanterloo.analysis.base import Plan

if TYPE_CHECKING:
    from lanterloo.analysis.looed import LooedAcc


def usable(plan: Plan) -> bool:
    return False


def looed_chunk(plan: Plan, units: range) -> LooedAcc:
    raise NotImplementedError
