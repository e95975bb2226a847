"""Running the web table under uvicorn (``loo serve``; ``make serve``)."""

from __future__ import annotations

import gc
import socket
import sys

import uvicorn
from sqlalchemy.exc import ArgumentError, OperationalError

from lanterloo.web.app import create_app

#: The largest websocket frame the server reads (1 MiB).
WS_MAX_FRAME = 1 << 20


def run(
    host: str, port: int, db: str | None, *, bot_delay: float = 0.8, hold_seconds: float = 60.0, limits: bool = True
) -> int:
    """Serve until interrupted; a database that cannot be opened is one sentence on stderr and status 2.
    ``limits`` False lifts the per-address limits on new tables and seats (``--no-rate-limits``)."""
    try:
        if limits:
            app = create_app(db, bot_delay=bot_delay, hold_seconds=hold_seconds)
        else:
            app = create_app(
                db, bot_delay=bot_delay, hold_seconds=hold_seconds, tables_per_minute=0, seats_per_minute=0
            )
    except (ArgumentError, OperationalError, ImportError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        print(f"loo: the database {db or '(default)'} cannot be opened: {first[:200].rstrip('.')}.", file=sys.stderr)
        return 2
    # A server holds many long-lived objects (rooms, their deals and sessions, a thousand connections), and each of
    # CPython's full collections scans them all: 200 to 330 ms on the event loop with 200 tables, the whole p99 of
    # `make load`. Collecting the young generation 30 times less often makes full collections as much rarer
    # (docs/benchmarks.md, "Web table under load").
    gc.set_threshold(20_000, 10, 10)
    problem = _cannot_listen(host, port)
    if problem is not None:
        print(f"loo: cannot listen on {host}:{port}: {problem}.", file=sys.stderr)
        return 2
    print(f"lanterloo web table on http://{host}:{port}/ (Ctrl-C stops it)", file=sys.stderr, flush=True)
    # Frames up to WS_MAX_FRAME reach the room, which refuses anything over MAX_MESSAGE_BYTES with a sentence and
    # keeps the connection; only a larger frame is closed by the websocket layer itself (1009, message too big).
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_FRAME)
    return 0


def _cannot_listen(host: str, port: int) -> str | None:
    """Why the address cannot be served (port taken, no such host), or None: uvicorn would log it and exit."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as e:
        return f"the host cannot be resolved ({e})"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as e:
            return e.strerror.lower() if e.strerror else str(e)
    return None
