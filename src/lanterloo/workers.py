"""Chunks of work played in order on a backend: this process, a local process pool, or Ray (lanterloo.raybackend).

``loo tournament`` and ``loo analyze`` share it. Every chunk is a pure function of its arguments (a plan holding
the seed, and the chunk), so a result never depends on the backend or the number of workers: the results are
yielded in the order of the chunks, whatever order they finish in.

The chunks may be an endless iterator (a report that plays whole games until enough deals are played): at most a
few chunks per worker are in flight, and when the caller stops reading, the chunks not yet started are cancelled.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from typing import TypeVar

from lanterloo.errors import LooError

P = TypeVar("P")
C = TypeVar("C")
R = TypeVar("R")

#: Chunks in flight per worker: enough to keep each busy while the results are read in order.
AHEAD = 2


def map_chunks(
    fn: Callable[[P, C], R],
    first: P,
    chunks: Iterable[C],
    workers: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
) -> Iterator[R]:
    """``fn(first, chunk)`` for every chunk, yielded in the order of ``chunks``: in this process (``workers`` 1),
    in a pool of ``workers`` processes, or on Ray (``backend="ray"``: the cluster at ``ray_address``, else a local
    instance of ``workers`` CPUs)."""
    if backend == "ray":
        from lanterloo.raybackend import map_ordered

        yield from map_ordered(fn, first, chunks, ray_address, workers)
        return
    if backend != "local":
        raise LooError(f"Unknown backend {backend!r}: choose local or ray.")
    if workers <= 1:
        for c in chunks:
            yield fn(first, c)
        return
    known = len(chunks) if isinstance(chunks, (list, tuple, range)) else None
    # no more processes than chunks to play (or than the machine can sensibly run): each one costs a start-up
    size = min(workers, known or workers, 4 * (os.cpu_count() or 1))
    with ProcessPoolExecutor(max_workers=max(1, size)) as pool:
        yield from _windowed(lambda c: pool.submit(fn, first, c), chunks, AHEAD * size)


def _windowed(submit: Callable[[C], Future[R]], chunks: Iterable[C], window: int) -> Iterator[R]:
    """Results in order, with at most ``window`` chunks submitted and not yet read; the rest cancelled on exit."""
    source = iter(chunks)
    pending: deque[Future[R]] = deque(submit(c) for c in islice(source, window))
    try:
        while pending:
            result = pending.popleft().result()
            for c in islice(source, 1):
                pending.append(submit(c))
            yield result
    finally:
        for f in pending:
            f.cancel()
