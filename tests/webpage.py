"""What every browser test module needs first: importing this module skips the importing module, saying why, where
chromium or Playwright is missing. The fixtures (``server``, ``browser``) are in conftest.py."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from bench.webdrive import CHROMIUM, STATE_MS

if not CHROMIUM.exists():
    pytest.skip(
        "Debian's chromium (/usr/bin/chromium) is not installed: apt-get install chromium", allow_module_level=True
    )

from playwright.sync_api import expect

# every expect() without its own timeout waits for a state as long as the rest (Playwright's 5 s is a wall-clock
# assumption a busy machine breaks)
expect.set_options(timeout=STATE_MS)
