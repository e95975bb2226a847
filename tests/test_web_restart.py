"""Durability (issue 10, item 6): ``loo serve`` on a SQLite file, a deal played to its middle over websockets,
``kill -9``, a restart, the same token again: the deal resumes where it was and ends with every chip accounted for.
"""

from __future__ import annotations

import json
import signal
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

import webtools

Msg = dict[str, Any]
SRC = Path(__file__).resolve().parents[1] / "src"


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    return webtools.start_server(f"sqlite:///{db}", port, "--bot-delay", "0")


@pytest.fixture
def server_dir(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def _until(ws: ClientConnection, pred: Callable[[Msg], bool], act: bool = True, state: Msg | None = None) -> Msg:
    """Read messages, playing (not passing, so the seat stays in) whenever it is seat 0's turn, until ``pred``."""
    pending = False
    while True:
        if act and state is not None and not pending and 0 in state["view"]["seats_to_act"]:
            legal = [a["action"] for a in state["view"]["legal"]]
            choice = next((a for a in legal if a != "pass"), legal[0])
            ws.send(json.dumps({"type": "act", "action": choice, "deal": state["deal"], "step": state["step"]}))
            pending = True
            state = None  # act again only on a newer state
        msg: Msg = json.loads(ws.recv(timeout=120))
        if msg["type"] == "state":
            state = msg
        assert msg["type"] != "error", msg
        if msg["type"] == "state" and any(e["seat"] == 0 for e in msg["events"]):
            pending = False
        if pred(msg):
            return msg


def test_kill_9_in_the_middle_of_a_deal_then_restart_resumes_it(tmp_path: Path) -> None:
    db, port = tmp_path / "loo.db", webtools.free_port()
    proc = start_server(db, port)
    base = f"http://127.0.0.1:{port}"
    try:
        t = httpx.post(f"{base}/api/tables", json={"preset": "three-card", "players": 3, "stack": 50}).json()
        tid = t["table_id"]
        token = httpx.post(f"{base}/api/tables/{tid}/seats/0", json={"name": "Ann"}).json()["token"]
        for s in (1, 2):
            r = httpx.post(
                f"{base}/api/tables/{tid}/seats/{s}/bot", json={"style": "random", "host_token": t["host_token"]}
            )
            assert r.status_code == 200
        url = f"ws://127.0.0.1:{port}/ws/tables/{tid}"
        seat = [Subprotocol(p) for p in webtools.protocols(token)]
        with connect(url, subprotocols=seat) as ws:
            # the middle of a deal: seat 0 has played a card and still holds one, so the bots cannot end the deal
            # without it between this state and the kill (a card in the last trick let them, on a loaded machine)
            mid = _until(
                ws,
                lambda m: (
                    m["type"] == "state"
                    and m["view"]["phase"] == "play"
                    and any(s == 0 for s, _c in m["view"]["trick"])
                    and bool(m["view"]["hand"])
                    and m["view"]["settlement"] is None
                ),
            )
            # killed at once, with the connection still open: closing it first lets a loaded machine spend seconds on
            # the close handshake while the bots play the deal on to its end
            proc.send_signal(signal.SIGKILL)
            proc.wait()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    deal = mid["deal"]
    proc = start_server(db, port)
    try:
        with connect(url, subprotocols=seat) as ws:
            first = _until(ws, lambda m: m["type"] == "state", act=False)
            assert first["deal"] == deal and first["step"] >= mid["step"]
            assert first["commitment"] == mid["commitment"]
            assert set(first["view"]["hand"]) <= set(mid["view"]["hand"])
            after = _until(
                ws, lambda m: m["type"] == "state" and m["deal"] == deal and bool(m["view"]["settlement"]), state=first
            )
            over = _until(ws, lambda m: m["type"] == "deal_over" and m["deal"] == deal, act=False)
        view = after["view"]
        assert sum(view["stacks"]) + view["pool"] == 3 * 50
        assert over["commitment"] == mid["commitment"]
        history = httpx.get(f"{base}/api/tables/{tid}/history").text.splitlines()
        rec = json.loads(history[deal - 1])
        assert rec["deal"] == deal and rec["result"]["stacks"] == view["stacks"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
