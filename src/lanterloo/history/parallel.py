"""Verifying a big hand history on several processes, with the verdict and the first error a single process gives.

The file is cut into chunks of whole lines. Each worker verifies its chunk's deals (``verify_record``) and the
continuity *inside* each run of one session's consecutive lines (a segment), which depends on nothing outside the
chunk. What does depend on earlier lines, how a segment starts (the session new, reappearing, or going on from the
chunk before), the parent decides, in file order, with the serial ``Verifier``'s own code, from the first and last
record of each segment. A chunk stops at its first error; the parent reports the first error in file order, and at
one line a deal's own error before its session's (as ``Verifier.check`` does).
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanterloo.errors import HistoryError
from lanterloo.history import quick
from lanterloo.history.fastline import verify_lines
from lanterloo.history.reader import MAX_LINE_BYTES, EmptyHistory, Lines, shown
from lanterloo.history.sessions import Verifier, _Open
from lanterloo.rules import Rules

#: Below this size a file is verified in one process: starting workers costs more than it saves (one process reads
#: about 250 MB/s of a written history on the core's line path, history.fastline).
MIN_BYTES = 32 << 20
#: About how many bytes each chunk holds: small enough for a live count and an even share, large enough that a
#: chunk's fixed costs (its first line on the reference path, the result sent back) stay small.
CHUNK_BYTES = 16 << 20
#: The fields of a record that the continuity between deals reads (sessions.Verifier).
_KEPT = ("session", "deal", "seats", "dealer", "pool", "ante", "result")


def _kept(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: obj[k] for k in _KEPT}


@dataclass
class Segment:
    """A run of consecutive records of one session in a chunk (``name`` None: records that stand alone)."""

    name: str | None
    first_line: int
    first: dict[str, Any]
    first_rules: Rules | None
    last_line: int = 0
    last: dict[str, Any] = field(default_factory=dict)
    last_rules: Rules | None = None
    ended: tuple[str, str] | None = None
    #: the gaps (with a selection) that the worker found inside the segment, in order
    unchecked: list[str] = field(default_factory=list)


@dataclass
class Chunk:
    """What a worker found in its chunk; line numbers are counted from the chunk's first line (1)."""

    lines: int = 0
    deals: int = 0
    unfinished: int = 0
    standalone: int = 0
    house: dict[str, tuple[list[int], dict[str, Any]]] = field(default_factory=dict)
    segments: list[Segment] = field(default_factory=list)
    error: tuple[int | None, str, str | None] | None = None  # (line, message without its line, rule ID)
    #: The chunk's first record, when the error is its own: whether it follows on is for the parent to say first.
    first_record: dict[str, Any] | None = None


class _ChunkVerifier(Verifier):
    """``Verifier`` inside one chunk: every deal, and each segment's continuity after its first deal."""

    def __init__(self, selection: bool) -> None:
        super().__init__(True, selection)
        self.segments: list[Segment] = []

    def _in_session(self, name: str, obj: dict[str, Any], rules: Rules, line: int) -> None:
        seg = self.segments[-1] if self.segments else None
        if seg is None or seg.name != name or self._open is None:
            # how a segment starts depends on the lines before the chunk: the parent decides it
            self._open = _Open(name, line, obj, rules)
            self.segments.append(Segment(name, line, _kept(obj), rules))
            self._after(self._open, obj, rules)
        else:
            before = len(self.unchecked)
            super()._in_session(name, obj, rules, line)
            seg.unchecked.extend(self.unchecked[before:])
        seg = self.segments[-1]
        seg.last_line, seg.last, seg.last_rules, seg.ended = line, _kept(obj), rules, self._open.ended

    def _close(self) -> None:
        self._open = None

    def went_on(self, obj: dict[str, Any], line: int, deals: int, unfinished: int) -> None:
        super().went_on(obj, line, deals, unfinished)
        seg = self.segments[-1]
        assert self._open is not None
        seg.last_line, seg.last, seg.last_rules, seg.ended = line, _kept(obj), self._open.rules, self._open.ended

    def standalone_record(self, line: int) -> None:
        seg = self.segments[-1] if self.segments else None
        if seg is None or seg.name is not None:
            self.segments.append(Segment(None, line, {}, None))
        self.segments[-1].last_line = line


def _verify_chunk(task: tuple[str, int, int, bool, bool]) -> Chunk:
    path, start, stop, selection, core = task
    quick.select(core)
    out = Chunk()
    v = _ChunkVerifier(selection)
    lines = Lines(Path(path), start, stop)
    first: tuple[int, dict[str, Any]] | None = None

    def before(line: int, obj: dict[str, Any]) -> None:
        nonlocal first
        first = first or (line, obj)

    def after(line: int, obj: dict[str, Any]) -> None:
        if obj["session"] is None:
            v.standalone_record(line)

    try:
        verify_lines(v, lines, before=before, after=after)
    except HistoryError as e:
        where = e.line
        text = str(e)
        out.error = (where, text.removeprefix(f"deal on line {where}: ") if where is not None else text, e.rule_id)
        if first is not None and where == first[0] and e.rule_id is not None:
            out.first_record = first[1]
    out.lines = lines.count
    out.deals, out.unfinished, out.standalone = v.deals, v.unfinished, v.standalone
    out.house, out.segments = v.house, v.segments
    return out


def _chunks(path: Path, size: int, chunk_bytes: int) -> list[tuple[int, int]] | None:
    """Byte ranges of whole lines, or None when a cut would fall in a line longer than a line may be."""
    cuts = [0]
    with path.open("rb") as fp:
        at = chunk_bytes
        while at < size:
            fp.seek(at)
            tail = fp.read(MAX_LINE_BYTES + 1)
            nl = tail.find(b"\n")
            if nl < 0:
                return None
            cut = at + nl + 1
            if cut >= size:
                break
            cuts.append(cut)
            at = cut + chunk_bytes
    cuts.append(size)
    return list(itertools.pairwise(cuts))


def verify(
    path: str | Path,
    verifier: Verifier,
    *,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Verify a file into ``verifier``: on several processes when it is big (``verify_parallel``), else here; returns
    the number of deals. ``progress`` is called now and then with the bytes verified and the file's size."""
    done = verify_parallel(path, verifier, jobs=jobs, progress=progress)
    if done is not None:
        return done
    lines = Lines(Path(path))
    try:
        size = Path(path).stat().st_size
    except (OSError, ValueError):
        size = 0

    def every(_: int) -> None:
        if progress is not None:
            progress(lines.position, max(size, lines.position))

    count = verify_lines(verifier, lines, every=every if progress is not None else None)
    if count == 0:
        raise EmptyHistory(f"{shown(str(path), 80)} holds no deals")
    return count


def workers() -> int:
    """The processes a big file is verified on: the CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def verify_parallel(
    path: str | Path,
    verifier: Verifier,
    *,
    jobs: int | None = None,
    chunk_bytes: int = CHUNK_BYTES,
    min_bytes: int = MIN_BYTES,
    progress: Callable[[int, int], None] | None = None,
) -> int | None:
    """Verify a file on ``jobs`` processes (default: ``workers()``) into ``verifier`` (which then gives the same
    verdict as if it had read every line), and return the number of deals; raises the HistoryError a single process
    raises. None when the file is better read in one process (small, not a regular file, one CPU)."""
    p = Path(path)
    jobs = jobs if jobs is not None else workers()
    try:
        size = p.stat().st_size if p.is_file() else -1
    except (OSError, ValueError):
        return None
    if jobs < 2 or size < max(min_bytes, 1):
        return None
    try:
        ranges = _chunks(p, size, chunk_bytes)
    except OSError:
        return None
    if ranges is None or len(ranges) < 2:
        return None
    tasks = [(str(p), a, b, verifier.selection, quick.EXT is not None) for a, b in ranges]
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with context.Pool(min(jobs, len(tasks))) as pool:
        return _merge(pool.imap(_verify_chunk, tasks), verifier, ranges, progress, path)


def _merge(
    chunks: Iterator[Chunk],
    v: Verifier,
    ranges: list[tuple[int, int]],
    progress: Callable[[int, int], None] | None,
    path: str | Path,
) -> int:
    offset = 0
    total = ranges[-1][1]
    for (_, stop), chunk in zip(ranges, chunks, strict=True):
        if chunk.error is not None and chunk.error[0] is None:  # the file went away
            raise HistoryError(chunk.error[1])
        first_error = chunk.error[0] if chunk.error is not None else None
        for seg in chunk.segments:
            if first_error is not None and seg.first_line >= first_error:
                break
            _start_segment(v, seg, offset)
        if chunk.error is not None and first_error is not None:
            if chunk.first_record is not None:  # as Verifier.check does: a start that does not follow on first
                v.carried_in(chunk.first_record, first_error + offset)
            raise HistoryError(chunk.error[1], first_error + offset, chunk.error[2])
        v.add_counts(chunk.deals, chunk.unfinished, chunk.standalone, chunk.house, offset)
        offset += chunk.lines
        if progress is not None:
            progress(stop, total)
    if v.deals == 0:
        raise EmptyHistory(f"{shown(str(path), 80)} holds no deals")
    return v.deals


def _start_segment(v: Verifier, seg: Segment, offset: int) -> None:
    v.join(
        seg.name,
        (seg.first_line + offset, seg.first, seg.first_rules),
        (seg.last_line + offset, seg.last, seg.last_rules),
        seg.ended,
        seg.unchecked,
    )
