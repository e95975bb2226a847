"""The command that starts ``loo`` again, for the hints the game prints (resume a save, replay a seed).

After ``make play`` the ``loo`` script sits in the project's ``.venv/bin``, which is not on the PATH: a hint that
said ``loo play --resume ...`` would then fail. So the hint names the script that is running, by its full path,
unless the PATH finds that same script as ``loo``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys


def loo_command() -> str:
    """``loo`` when the PATH finds the running ``loo`` script under that name, else the script's full path; ``loo``
    when the game was not started from the script (``python -m``, a test)."""
    argv0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(argv0) not in ("loo", "loo.exe"):
        return "loo"
    here = os.path.abspath(argv0)
    found = shutil.which("loo")
    if found is not None and os.path.samefile(found, here):
        return "loo"
    return shlex.quote(here)
