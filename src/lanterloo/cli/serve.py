"""``loo serve``: the web table (lanterloo.web, imported only now: it needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import importlib

from lanterloo.cli.common import UsageError


def cmd_serve(ns: argparse.Namespace) -> int:
    if ns.port > 65535:
        raise UsageError(f"The port must be 1 to 65535, not {ns.port}.")
    if ns.db is not None and "://" not in ns.db:
        raise UsageError(
            f"--db takes a database URL like sqlite:///path/to/file.db or postgresql+psycopg://user@host/db, "
            f"not {ns.db[:60]!r}."
        )
    return start(ns)


def start(ns: argparse.Namespace) -> int:
    """Run the server until it is stopped (a test replaces this to check the arguments alone)."""
    try:
        serve = importlib.import_module("lanterloo.web.serve")
    except ImportError as e:
        raise UsageError(
            f"The web table is not installed ({e}): install the web extra, pip install 'lanterloo[web]', "
            "or run make serve in a checkout."
        ) from None
    limits = not getattr(ns, "no_rate_limits", False)
    code: int = serve.run(ns.host, ns.port, ns.db, bot_delay=ns.bot_delay, hold_seconds=ns.hold, limits=limits)
    return code
