"""Ray as a backend for long jobs (``loo tournament`` and ``loo analyze`` with ``--backend ray``): the same chunks
of work the local process pool runs (lanterloo.workers), sent to a Ray cluster, their results read back in order.
Ray is an optional extra (``pip install 'lanterloo[ray]'``); nothing imports it until a Ray backend is asked for.

Results do not depend on the backend: every chunk is a pure function of its arguments (the plan, with its seed,
and the deal indices), so a local pool and any Ray cluster give the same figures.
"""

from __future__ import annotations

import re
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any, TypeVar

from lanterloo.errors import LooError

P = TypeVar("P")
C = TypeVar("C")
R = TypeVar("R")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise LooError("The Ray backend needs Ray: pip install 'lanterloo[ray]' (or use --backend local).") from None
    return ray


def _reachable(address: str, timeout: float = 10.0) -> None:
    """Refuse at once an address nobody answers at: Ray itself retries an unreachable cluster for minutes."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # "auto", or a form Ray resolves itself
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise LooError(f"Could not reach the Ray cluster at {address}: {e.strerror or e}.") from None


def _ray_said(message: str, address: str | None) -> str:
    """Ray's reason, first line, as one clause: without the sentence that points at Ray's own flags (``--address``,
    RAY_ADDRESS), which are not loo's; for ``auto`` with no cluster running, loo's own way forward instead."""
    said = message.strip().splitlines()[0] if message.strip() else "no reason given"
    said = re.sub(r"\s*[^.]*`--address`[^.]*\.?", "", said).strip().rstrip(".")
    if address == "auto" and "running Ray instance" in said:
        said += "; start one with `ray start --head`, or give its address with --ray-address host:port"
    return said + "."


def connect(address: str | None, cpus: int | None = None) -> Any:
    """Ray, initialised: on the cluster at ``address`` (``auto``, ``ray://host:10001``), or a local instance of
    ``cpus`` workers when no address is given. An instance already running in this process is reused."""
    ray = _ray()
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
        if address:
            _reachable(address)
            options["address"] = address
        elif cpus:
            options["num_cpus"] = cpus
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError) as e:
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise LooError(f"Could not start or reach {where}: {_ray_said(str(e), address)}") from None
    return ray


def map_ordered(
    fn: Callable[[P, C], R], first: P, chunks: Iterable[C], address: str | None, cpus: int | None = None
) -> Iterator[R]:
    """``fn(first, chunk)`` for every chunk, on Ray, yielded in the order of ``chunks`` as they finish. At most a
    few chunks per CPU are in flight (``chunks`` may be endless: ``loo analyze`` plays whole games until enough
    deals are played), and those not read when the caller stops are cancelled."""
    ray = connect(address, cpus)
    task = ray.remote(fn)
    shared = ray.put(first)
    window = 2 * max(1, int(ray.cluster_resources().get("CPU", cpus or 1)))
    source = iter(chunks)
    refs = deque(task.remote(shared, c) for c in islice(source, window))
    try:
        while refs:
            result = ray.get(refs.popleft())
            for c in islice(source, 1):
                refs.append(task.remote(shared, c))
            yield result
    finally:
        for ref in refs:
            ray.cancel(ref)
