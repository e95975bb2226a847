"""More than one process (issue 10, item 9): two ``loo serve`` processes on one throwaway PostgreSQL cluster play
one table. The table is created on one, players and spectators reach it through both, and a whole deal is played
with the clients split across the processes: every client sees every state, the history is whole and the same from
both, and no chip is made or lost. Skipped, saying why, where PostgreSQL's initdb is absent.
"""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
from bench.pgtemp import cluster as pg_cluster
from bench.pgtemp import find_bindir as pg_bindir
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from lanterloo.web.scale import conninfo
from webtools import free_port, protocols, start_server

Msg = dict[str, Any]
STACK = 50
PLAYERS = 4

pytestmark = pytest.mark.skipif(pg_bindir() is None, reason="PostgreSQL's initdb is not installed")


@pytest.fixture(scope="module")
def pg() -> Iterator[str]:
    try:
        with pg_cluster() as url:
            yield url
    except RuntimeError as e:
        pytest.skip(f"a PostgreSQL cluster could not start: {e}")


@contextlib.contextmanager
def servers(pg: str, hold: str) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    procs: list[tuple[str, subprocess.Popen[bytes]]] = []
    try:
        for _ in range(2):
            port = free_port()
            procs.append((f"http://127.0.0.1:{port}", start_server(pg, port, "--bot-delay", "0", "--hold", hold)))
        yield procs
    finally:
        for _base, p in procs:
            p.send_signal(signal.SIGKILL)
            p.wait()


@pytest.fixture
def two(pg: str) -> Iterator[tuple[str, str]]:
    """Two server processes on the cluster. A hold of 0 s: a seat connected only to the *other* process would be
    stood in for at once by the process running the table's bots, unless the processes tell each other."""
    with servers(pg, "0") as procs:
        yield procs[0][0], procs[1][0]


class Client(threading.Thread):
    """A websocket on one process: records every message; a seated one plays (not passing while it can play)
    whenever its newest state says so, until the first deal is over."""

    def __init__(self, ws_url: str, seat: int | None, token: str | None = None) -> None:
        super().__init__(daemon=True)
        self.ws = connect(ws_url, subprotocols=[Subprotocol(p) for p in protocols(token)])
        self.seat = seat
        self.log: list[Msg] = []
        self.sent = 0
        self.stop_after: int | None = None  # stop reading once it has acted this many times (the socket stays open)
        self.error: BaseException | None = None
        first = json.loads(self.ws.recv(timeout=60))
        assert first["type"] == "welcome", first
        self.log.append(first)

    def run(self) -> None:
        try:
            pending = False
            while self.stop_after is None or self.sent < self.stop_after or pending:
                msg: Msg = json.loads(self.ws.recv(timeout=120))
                self.log.append(msg)
                assert msg["type"] != "error", msg
                if msg["type"] == "state" and any(e["seat"] == self.seat for e in msg["events"]):
                    pending = False
                if msg["type"] == "deal_over" and msg["deal"] == 1:
                    self.ws.close()
                    return
                view = msg.get("view")
                if msg["type"] == "state" and not pending and view and self.seat in view["seats_to_act"]:
                    legal = [a["action"] for a in view["legal"]]
                    choice = next((a for a in legal if a != "pass"), legal[0])
                    act = {"type": "act", "action": choice, "deal": msg["deal"], "step": msg["step"]}
                    self.ws.send(json.dumps(act))
                    self.sent += 1
                    pending = True
        except BaseException as e:
            self.error = e
            self.ws.close()


def _wait_connected(base: str, tid: str, seats: set[int]) -> None:
    """Until ``base``'s process sees every seat in ``seats`` connected (some of them through the other process)."""
    for _ in range(1200):
        table = httpx.get(f"{base}/api/tables/{tid}").json()
        if {s["seat"] for s in table["seats"] if s["connected"]} >= seats:
            return
        time.sleep(0.05)
    raise AssertionError(f"{base} never saw seats {seats} connected")


def test_two_processes_play_one_table_clients_split_across_them(pg: str, two: tuple[str, str]) -> None:
    a, b = two
    t = httpx.post(f"{a}/api/tables", json={"preset": "three-card", "players": PLAYERS, "stack": STACK})
    tid, host = t.json()["table_id"], t.json()["host_token"]
    token0 = httpx.post(f"{a}/api/tables/{tid}/seats/0", json={"name": "Ann"}).json()["token"]
    token1 = httpx.post(f"{b}/api/tables/{tid}/seats/1", json={"name": "Bob"}).json()["token"]
    ws_a, ws_b = a.replace("http", "ws") + f"/ws/tables/{tid}", b.replace("http", "ws") + f"/ws/tables/{tid}"
    clients = [
        Client(ws_a, 0, token0),
        Client(ws_b, 1, token1),
        Client(ws_a, None),
        Client(ws_b, None),
    ]
    for c in clients:
        c.start()
    _wait_connected(a, tid, {0, 1})
    _wait_connected(b, tid, {0, 1})
    # the bots are seated through the second process; the last seat filled starts the table
    for s in (2, 3):
        r = httpx.post(f"{b}/api/tables/{tid}/seats/{s}/bot", json={"style": "random", "host_token": host})
        assert r.status_code == 200, r.text
    for c in clients:
        c.join(timeout=300)
        assert not c.is_alive(), "a client never saw the deal end"
        assert c.error is None, c.error

    states = [[m for m in c.log if m["type"] == "state" and m["deal"] == 1] for c in clients]
    last = max(s["step"] for s in states[0])
    for seen in states:  # every client saw every state of the deal, once and in order
        assert [s["step"] for s in seen] == list(range(last + 1))
    public = [s["view"]["trick"] for s in states[2]]
    assert public == [s["view"]["trick"] for s in states[3]]  # both spectators saw the same table
    overs = [next(m for m in c.log if m["type"] == "deal_over") for c in clients]
    assert len({(o["seed"], o["commitment"]) for o in overs}) == 1
    final = states[0][-1]["view"]
    assert sum(final["stacks"]) + final["pool"] == PLAYERS * STACK  # no chip made or lost

    # the table plays on (a pool left unclaimed makes another deal); the first deal's record is the same from both
    first_a = httpx.get(f"{a}/api/tables/{tid}/history").text.splitlines()[0]
    first_b = httpx.get(f"{b}/api/tables/{tid}/history").text.splitlines()[0]
    assert first_a == first_b
    record = json.loads(first_a)
    assert record["deal"] == 1 and record["result"]["stacks"] == final["stacks"]

    with psycopg.connect(conninfo(pg)) as db:
        rows = db.execute(
            "SELECT seat, step FROM loo_actions WHERE table_id = %s AND deal = 1 ORDER BY step", (tid,)
        ).fetchall()
    assert [step for _seat, step in rows] == list(range(last))  # the log is whole: no step lost or doubled
    # each human's actions are the ones its page sent: nobody stood in for a player connected elsewhere
    for c in clients[:2]:
        assert sum(1 for seat, _ in rows if seat == c.seat) == c.sent


def test_when_the_process_running_the_bots_dies_another_takes_the_table_over(pg: str) -> None:
    with servers(pg, "60") as [(a, proc_a), (b, _proc_b)]:
        # Louse: everyone plays every card, so the deal cannot end before Ann's second card (in Loo it could end
        # uncontested after her first declaration, and the kill would come after the deal)
        t = httpx.post(f"{a}/api/tables", json={"preset": "louse", "players": 4, "stack": STACK}).json()
        tid, host = t["table_id"], t["host_token"]
        token = httpx.post(f"{a}/api/tables/{tid}/seats/0", json={"name": "Ann"}).json()["token"]
        for s in (1, 2, 3):
            r = httpx.post(f"{a}/api/tables/{tid}/seats/{s}/bot", json={"style": "random", "host_token": host})
            assert r.status_code == 200, r.text
        # only the first process holds the table yet, so the first deal is dealt by its driver: it owns the table
        for _ in range(1200):
            if _dealt(pg, tid):
                break
            time.sleep(0.05)
        player = Client(b.replace("http", "ws") + f"/ws/tables/{tid}", 0, token)
        player.stop_after = 2  # plays two of its turns, then stops for the kill
        player.start()
        player.join(timeout=300)
        assert player.error is None, player.error
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait()
        # the second process takes the bots over and the deal goes on to its end, through the same websocket
        player.stop_after = None
        player.run()
        assert player.error is None, player.error
        states = [m for m in player.log if m["type"] == "state" and m["deal"] == 1]
        assert [m["step"] for m in states] == list(range(states[0]["step"], states[-1]["step"] + 1))
        final = states[-1]["view"]
        assert final["settlement"] and sum(final["stacks"]) + final["pool"] == 4 * STACK
        record = json.loads(httpx.get(f"{b}/api/tables/{tid}/history").text.splitlines()[0])
        assert record["deal"] == 1 and record["result"]["stacks"] == final["stacks"]


def _dealt(pg: str, tid: str) -> bool:
    with psycopg.connect(conninfo(pg)) as db:
        row = db.execute("SELECT count(*) FROM loo_deals WHERE table_id = %s", (tid,)).fetchone()
    return row is not None and row[0] > 0
