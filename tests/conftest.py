"""Suite-wide setup: the terminal game's save key lives in a temporary folder, never in the user's data folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(autouse=True, scope="session")
def _save_key_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    old = os.environ.get("LANTERLOO_DATA_DIR")
    os.environ["LANTERLOO_DATA_DIR"] = str(tmp_path_factory.mktemp("lanterloo-data"))
    yield
    if old is None:
        os.environ.pop("LANTERLOO_DATA_DIR", None)
    else:
        os.environ["LANTERLOO_DATA_DIR"] = old


@pytest.fixture
def on_the_core() -> Iterator[None]:
    """The test runs with the compiled core selected (even under LANTERLOO_ENGINE=pure), and the choice is restored.
    The core test files use it for every test (``pytest.mark.usefixtures("on_the_core")``)."""
    from lanterloo.engine import core

    was = core.engine()
    core.select("core")
    yield
    core.select(was)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real web-table server process for a browser test module (``bench.webdrive.serve``: SQLite in a temporary
    folder, bots that act almost at once); its base URL. A module that needs another server defines its own."""
    from bench.webdrive import serve

    with serve(tmp_path_factory.mktemp("web") / "loo.db") as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium through Playwright, one per test module (import ``webpage`` first: it skips without them)."""
    from bench.webdrive import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()
