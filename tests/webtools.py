"""Helpers for the web table's tests: an app on a temporary SQLite file, tables set up over the API, a
websocket player that acts from the ``state`` messages it receives (the first legal action, or a chosen one), and a
throwaway PostgreSQL cluster on 127.0.0.1 with ``loo serve`` processes against it."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from bench.pgtemp import free_port as free_port  # one free port finder, shared with `make load`
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from lanterloo.web.app import create_app

Msg = dict[str, Any]


def client(db: str | Path, **kw: Any) -> TestClient:
    """A TestClient (use it as a context manager) on a SQLite file or any SQLAlchemy URL; bots act at once, and the
    per-address limits on new tables and seats are off unless given (every test client has one address)."""
    url = str(db) if "://" in str(db) else f"sqlite:///{db}"
    opts: dict[str, Any] = {
        "bot_delay": 0.0,
        "deal_pause": 0.0,
        "hold_seconds": 3600.0,
        "tables_per_minute": 0,
        "seats_per_minute": 0,
    }
    opts.update(kw)
    return TestClient(create_app(url, **opts))


def protocols(token: str | None = None, invite: str | None = None) -> list[str]:
    """The websocket subprotocols that carry a seat token and an invite code (docs/protocol.md)."""
    out = ["lanterloo"]
    if token is not None:
        out.append(f"lanterloo.token.{token}")
    if invite is not None:
        out.append(f"lanterloo.invite.{invite}")
    return out


def table(
    c: TestClient,
    preset: str = "three-card",
    players: int = 3,
    humans: tuple[int, ...] = (0,),
    bot: str = "random",
    **body: Any,
) -> tuple[str, str, dict[int, str]]:
    """A table with humans in ``humans`` and bots elsewhere (it starts when the last seat is filled). Unless the test
    says otherwise the next deal follows at once (``next_deal`` 0), without waiting for the players' "Next deal"."""
    body.setdefault("next_deal", 0)
    r = c.post("/api/tables", json={"preset": preset, "players": players, **body})
    assert r.status_code == 200, r.text
    tid, host = r.json()["table_id"], r.json()["host_token"]
    tokens = {}
    for s in humans:
        r = c.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"})
        assert r.status_code == 200, r.text
        tokens[s] = r.json()["token"]
    for s in range(players):
        if s not in humans:
            r = c.post(f"/api/tables/{tid}/seats/{s}/bot", json={"style": bot, "host_token": host})
            assert r.status_code == 200, r.text
    return tid, host, tokens


class Player:
    """One websocket, recording every message it receives."""

    def __init__(self, ws: WebSocketTestSession, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.log: list[Msg] = []
        self.state: Msg | None = None
        self.pending = False
        self.fresh = False  # a state arrived since this player last acted

    def recv(self) -> Msg:
        msg: Msg = self.ws.receive_json()
        self.log.append(msg)
        if msg["type"] == "state":
            self.state = msg
            self.fresh = True
            if any(e["seat"] == self.seat for e in msg["events"]):
                self.pending = False
        elif msg["type"] == "error":
            self.pending, self.fresh = False, True  # refused: the state it answered still stands
        return msg

    def until(self, pred: Callable[[Msg], bool], limit: int = 100_000) -> Msg:
        for _ in range(limit):
            msg = self.recv()
            if pred(msg):
                return msg
        raise AssertionError("the awaited message never came")

    def my_turn(self) -> bool:
        st = self.state
        return (
            st is not None
            and not self.pending
            and self.fresh
            and self.seat in st["view"]["seats_to_act"]
            and bool(st["view"]["legal"])
        )

    def act(self, action: str) -> None:
        assert self.state is not None
        self.pending = True
        self.fresh = False
        self.ws.send_json({"type": "act", "action": action, "deal": self.state["deal"], "step": self.state["step"]})

    def play_until(self, pred: Callable[[Msg], bool], choose: Callable[[Msg], str] | None = None) -> Msg:
        """Act whenever it is this seat's turn (the first legal action by default) until ``pred`` holds."""
        while True:
            if self.my_turn():
                assert self.state is not None
                self.act(choose(self.state) if choose else self.state["view"]["legal"][0]["action"])
            msg = self.recv()
            if pred(msg):
                return msg


def deal_over(k: int = 1) -> Callable[[Msg], bool]:
    return lambda m: m["type"] == "deal_over" and m["deal"] == k


def chooser(seed: int) -> Callable[[Msg], str]:
    """A seeded random choice among the legal actions, passing less often than the others (so deals get played)."""
    rng = random.Random(seed)

    def choose(state: Msg) -> str:
        legal: list[str] = [a["action"] for a in state["view"]["legal"]]
        keen = [a for a in legal if a != "pass"]
        pool = keen if keen and rng.random() < 0.7 else legal
        return rng.choice(pool)

    return choose


def play_all(players: list[Player], until: Callable[[Msg], bool], seed: int = 0) -> None:
    """Every player in its own thread, acting by ``chooser`` until ``until`` holds for it."""
    errors: list[BaseException] = []

    def run(p: Player, k: int) -> None:
        try:
            p.play_until(until, chooser(seed * 100 + k))
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=run, args=(p, k), daemon=True) for k, p in enumerate(players)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    assert not errors, errors
    assert not any(t.is_alive() for t in threads), "a player never saw the end"


# --- a throwaway PostgreSQL cluster and real server processes ---

SRC = Path(__file__).resolve().parents[1] / "src"


def start_server(db_url: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``loo serve`` on ``port`` against ``db_url``, once it answers (each try fails fast: a state, not a time)."""
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    cmd = [sys.executable, "-m", "lanterloo.cli", "serve", "--port", str(port), "--db", db_url, *extra]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(1200):
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read().decode() if proc.stderr else "the server exited")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/presets", timeout=5).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server never answered")
