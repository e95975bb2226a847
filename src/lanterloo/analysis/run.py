"""Running a report: its units in chunks on a backend (lanterloo.workers), merged in order; then its files.

The files are a function of the plan alone: the CSVs and the tables of ``summary.md`` are the same, byte for byte,
for the same plan whatever the backend or the number of workers (only the time taken, which ``summary.md`` does
not print, differs).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanterloo.analysis.base import Plan, Report
from lanterloo.analysis.stats import csv_text
from lanterloo.errors import LooError
from lanterloo.workers import map_chunks


@dataclass
class Outcome:
    plan: Plan
    report: Report
    acc: Any
    deals: int  # deals played (an open-ended report plays whole games: at least plan.deals)
    units: int
    elapsed: float


def _fixed_chunk(args: tuple[Report, Plan], units: range) -> Any:
    report, plan = args
    return report.play(plan, units)


def check(report: Report, plan: Plan) -> None:
    """Refuse, in one sentence, a plan the report cannot play: rules it does not apply to, too many deals."""
    why = report.refusal(plan.rules)
    if why:
        raise LooError(why)
    most = report.most_deals(plan)
    if plan.deals > most:
        raise LooError(
            f"The {report.name} report plays at most {most:,} deals this way, not {plan.deals:,} (with every seat "
            "random the looed report runs more in the compiled core)."
        )


def run(
    report: Report,
    plan: Plan,
    workers: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Outcome:
    """Play the report's units on the backend and merge them; ``progress(deals done, deals asked)`` as chunks
    finish."""
    check(report, plan)
    start = time.perf_counter()
    acc = report.new(plan)
    size = report.chunk_units(plan, workers)
    done = 0
    units = 0
    if not report.open_ended:
        quotas = report.units(plan)
        chunks = [range(i, min(i + size, len(quotas))) for i in range(0, len(quotas), size)]
        target = sum(quotas)
        parts = map_chunks(_fixed_chunk, (report, plan), chunks, workers, backend, ray_address)
        for chunk, part in zip(chunks, parts, strict=True):
            report.merge(acc, part)
            done += sum(quotas[i] for i in chunk)
            units += len(chunk)
            if progress is not None:
                progress(done, target)
    else:
        # whole games in order until the deals reach the target: the units merged, and so the figures, are the
        # same whatever the chunks; the chunks still in flight when the target is reached are cancelled
        endless: Iterator[range] = (range(i, i + size) for i in itertools.count(0, size))
        parts = map_chunks(_fixed_chunk, (report, plan), endless, workers, backend, ray_address)
        try:
            for part in parts:
                for deals, one in part:
                    report.merge(acc, one)
                    done += deals
                    units += 1
                    if done >= plan.deals:
                        break
                if progress is not None:
                    progress(min(done, plan.deals), plan.deals)
                if done >= plan.deals:
                    break
        finally:
            close = getattr(parts, "close", None)
            if close is not None:
                close()
    return Outcome(plan, report, acc, done, units, time.perf_counter() - start)


def write(outcome: Outcome, folder: Path, command: str) -> list[Path]:
    """The report's files in ``folder``: its CSVs, its PNGs and ``summary.md``; returns their paths."""
    report, plan, acc = outcome.report, outcome.plan, outcome.acc
    folder.mkdir(parents=True, exist_ok=True)
    tables = report.tables(plan, acc)
    paths = []
    for t in tables:
        path = folder / t.name
        path.write_text(csv_text(t.header, t.rows), encoding="utf-8")
        paths.append(path)
    pngs = [folder / name for name in report.plot(plan, acc, str(folder))]
    summary = folder / "summary.md"
    summary.write_text(summary_text(outcome, command, tables, [p.name for p in pngs]), encoding="utf-8")
    return [*paths, *pngs, summary]


def summary_text(outcome: Outcome, command: str, tables: list[Any], pngs: list[str]) -> str:
    report, plan = outcome.report, outcome.plan
    bots = sorted(set(plan.bots))
    lines = [
        f"# {report.title}: {plan.rules.preset}, {plan.players} players",
        "",
        "Made by:",
        "",
        "```",
        f"$ {command}",
        "```",
        "",
        f"{outcome.deals:,} deals of {plan.rules.preset} ({report.units_text(plan, outcome.units)}), seed "
        f"{plan.seed}, bots: {', '.join(bots)}"
        + (" (every seat random: random declarations say little about good play)." if bots == ["random"] else ".")
        + " The same command gives the same figures on any backend and any number of workers.",
        "",
    ]
    for line in outcome.report.reading(plan, outcome.acc):
        lines += [line, ""]
    lines.extend(f"![{name}]({name})" for name in pngs)
    lines.append("")
    for t in tables:
        lines.append(f"`{t.name}`" + (f" (the first 40 of {len(t.rows)} rows)" if len(t.rows) > 40 else "") + ":")
        lines.append("")
        lines.append("| " + " | ".join(t.header) + " |")
        lines.append("|" + "---|" * len(t.header))
        lines.extend("| " + " | ".join(row) + " |" for row in t.rows[:40])
        lines.append("")
    return "\n".join(lines)
