"""``loo analyze``: reports measured over many seeded deals, each written as PNG plots, CSV and ``summary.md``.

One module per report (``looed``, ``miss``, ``pool``, ``loupots``, ``louse``); ``base`` holds the plan and the
report interface, ``stats`` the exact tallies, ``run`` the chunked run (local pool or Ray, lanterloo.workers) and
the files, ``plots`` the only import of matplotlib, ``batch`` the looed report on the compiled core's record loop.
docs/analysis/ shows each report.
"""

from __future__ import annotations

from lanterloo.analysis.base import Plan, Report
from lanterloo.analysis.looed import Looed
from lanterloo.analysis.loupots import LouPots
from lanterloo.analysis.louse import Louse
from lanterloo.analysis.miss import Miss
from lanterloo.analysis.pool import Pool
from lanterloo.analysis.run import Outcome, run, write

#: Every report by its name on the command line.
REPORTS: dict[str, Report] = {r.name: r for r in (Looed(), Miss(), Pool(), LouPots(), Louse())}

__all__ = ["REPORTS", "Outcome", "Plan", "Report", "run", "write"]
