"""``loo tutorial [VARIANT]``: a guided first deal of a preset, in the terminal; ``--list`` lists the tutorials.

The lessons (``lanterloo.tutorial``) need nothing but the engine; the screen needs the ``tui`` extra, imported only
when a tutorial is to be shown.
"""

from __future__ import annotations

import argparse
import sys

from lanterloo.cli.common import UsageError, sentence
from lanterloo.errors import LooError
from lanterloo.tutorial import TUTORIALS, find_tutorial


def cmd_tutorial(ns: argparse.Namespace) -> int:
    if ns.list:
        if ns.variant is not None:
            raise UsageError("`loo tutorial --list` takes no variant.")
        for t in TUTORIALS.values():
            print(f"{t.name:<12} {t.title}: {t.summary}.")
        return 0
    tutorial = None
    if ns.variant is not None:
        try:
            tutorial = find_tutorial(ns.variant)
        except LooError as e:
            raise UsageError(sentence(str(e))) from None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError("The tutorial needs a terminal; run it in a terminal window, not through a pipe.")
    try:
        from lanterloo.tui.tutorial import run_tutorial
    except ImportError as e:
        raise UsageError(f"The tutorial needs the terminal game, which is not installed ({e}).") from None
    run_tutorial(tutorial)
    return 0
