"""Driving the web table in a real browser: a server subprocess, tables set up over the API, and a page brought to a
given state (your turn to declare, to play, a deal's summary). Shared by the browser tests (tests/test_web_*.py) and
bench/screenshots.py, which re-makes the pictures in docs/web-table/.

Every wait is for a state of the page (a data attribute the page sets from the server's messages), never for a
length of time.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.pgtemp import free_port

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SRC = Path(__file__).resolve().parents[1] / "src"
# Generous: the 2-core machine runs other work beside these; nothing waits this long when all is well.
STATE_MS = 60_000
SERVE = """
import sys, uvicorn
from lanterloo.web.app import create_app
app = create_app(sys.argv[1], bot_delay=0.02, deal_pause=0.0, hold_seconds=3600.0,
                 tables_per_minute=0, seats_per_minute=0)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
# The four screens every control must fit on (width, height): two laptops and two phones.
SIZES: list[tuple[int, int]] = [(1280, 800), (1366, 768), (390, 844), (360, 740)]


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def post_json(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


@contextmanager
def serve(db: Path) -> Iterator[str]:
    """A server on a free loopback port with a SQLite file, bots that act almost at once; yields its base URL."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, f"sqlite:///{db}", str(port)], env=env, stderr=subprocess.PIPE, text=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        while True:  # until the server answers (or dies): a state, not a time
            if proc.poll() is not None:
                raise RuntimeError(f"the server did not start: {proc.stderr.read() if proc.stderr else ''}")
            try:
                get_json(f"{base}/api/presets")
                break
            except OSError:
                with socket.socket() as s:  # block briefly on the port rather than spin
                    s.settimeout(0.2)
                    s.connect_ex(("127.0.0.1", port))
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def table_with_bots(
    base: str, preset: str, players: int, name: str = "Ann", title: str = "Friday Loo", **extra: Any
) -> tuple[str, dict[str, Any]]:
    """A table where seat 0 is a person (sat over the API) and every other seat a bot, so it starts at once.
    Returns the table id and the localStorage entries that make a page that seat's (see :func:`as_seat`). Unless
    ``next_deal`` is given, the table waits at a deal's summary until the page presses "Next deal" (a countdown
    would move a slow test's page on to the next deal)."""
    extra.setdefault("next_deal", None)
    made = post_json(f"{base}/api/tables", {"preset": preset, "players": players, "title": title, **extra})
    tid = made["table_id"]
    got = post_json(f"{base}/api/tables/{tid}/seats/0", {"name": name})
    for seat in range(1, players):
        style = ("balanced", "bold", "cautious")[seat % 3]
        post_json(f"{base}/api/tables/{tid}/seats/{seat}/bot", {"style": style, "host_token": made["host_token"]})
    return tid, {f"lanterloo.seat.{tid}": {"seat": got["seat"], "token": got["token"]}}


def as_seat(context: Any, stored: dict[str, Any]) -> None:
    """Every page of this browser context holds the seat (the page keeps its token in localStorage)."""
    lines = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});" for k, v in stored.items())
    context.add_init_script(lines)


def act_once(page: Any) -> None:
    """Take one turn: the first legal card, else "play" (or In), else "keep all cards", else the first choice; then
    wait until the server has moved on (the page's deal:step key changes)."""
    key = page.evaluate("document.body.dataset.turnKey")
    phase = page.evaluate("document.body.dataset.phase")
    if phase == "play":
        page.locator("#hand .card.legal").first.click()
    elif page.locator("#choices button[data-action=play]").count():
        page.locator("#choices button[data-action=play]").click()
    elif page.locator("#choices button[data-action=discard]").count():
        page.locator("#choices button[data-action=discard]").click()
    else:
        page.locator("#choices button:not([disabled])").first.click()
    page.wait_for_selector(f"body:not([data-turn-key='{key}'])", state="attached", timeout=STATE_MS)


def my_turn(page: Any) -> str:
    """Waits until it is this page's turn (or its first deal is over); returns the phase, or "over"."""
    page.wait_for_selector("body[data-my-turn=yes], body[data-deals-over]", state="attached", timeout=STATE_MS)
    if page.locator("body[data-deals-over]").count():
        return "over"
    return str(page.evaluate("document.body.dataset.phase"))


def next_deal(page: Any) -> None:
    """Press "Next deal" on the summary and wait for the next deal's first state; the page then counts as in a
    fresh deal (``my_turn`` no longer answers "over")."""
    number = int(page.evaluate("document.body.dataset.deal"))
    page.locator("#next-deal").click()
    page.wait_for_selector(f"body[data-deal='{number + 1}']", state="attached", timeout=STATE_MS)
    page.evaluate("delete document.body.dataset.dealsOver")


def play_until(page: Any, want: Callable[[str], bool], limit: int = 400) -> str:
    """Plays this page's turns until ``want(phase)`` holds on its turn (phase "over" once a deal has ended)."""
    for _ in range(limit):
        phase = my_turn(page)
        if want(phase):
            return phase
        if phase == "over":
            raise AssertionError("the deal ended before the state wanted")
        act_once(page)
    raise AssertionError("the state wanted never came")
