"""More than one server process on one PostgreSQL database: the notifications and the ownership of tables.

The database is the only shared state. Every write commits with a ``pg_notify`` on the ``lanterloo`` channel
(``store.py``); each process LISTENs, and on a notification for a table it holds a room for, the room catches up
from the action log and sends what is new to its own clients. Two processes that store the same step at once are
told apart by the log's unique (table, deal, step) key: the loser catches up and looks again (``room.Stale``).

Bots, stand-ins, timers and the next deal are run by one process per table: the one holding the table's session
advisory lock on its lock connection. If that process dies, PostgreSQL ends its session and frees the lock, and
another process holding a room for the table takes it at its next try (every ``LEASE_SECONDS``).

Which seats are connected is told process to process (``here`` notifications), so the owner does not stand a bot in
for a player whose page is open on another process.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
from typing import TYPE_CHECKING, Any

import psycopg
from sqlalchemy.engine import make_url

from lanterloo.web.store import CHANNEL

if TYPE_CHECKING:
    from lanterloo.web.room import Room

#: How often a process tries to take the tables that no process runs (a dead owner's).
LEASE_SECONDS = 1.0


def conninfo(url: str) -> str:
    """The libpq address of a SQLAlchemy ``postgresql+psycopg://`` URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def lock_key(table_id: str) -> int:
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


class Bus:
    """One process's link to the others: its listener, its lock connection, and the rooms it owns."""

    def __init__(self, url: str, rooms: dict[str, Room], proc: str | None = None) -> None:
        self.url = conninfo(url)
        self.rooms = rooms
        self.proc = proc or secrets.token_hex(6)  # the store's own (Store.proc), which signs its writes' notifications
        self.listen: psycopg.AsyncConnection[Any] | None = None
        self.locks: psycopg.AsyncConnection[Any] | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.poked = asyncio.Event()
        self.loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        self.listen = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self.listen.execute(f"LISTEN {CHANNEL}")
        self.locks = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._listen()), loop.create_task(self._lease())]
        self.loop = loop
        await self._say({"k": "who", "t": None})

    async def close(self) -> None:
        for t in self.tasks:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        for c in (self.listen, self.locks):
            if c is not None:
                with contextlib.suppress(Exception):
                    await c.close()

    def adopt(self, room: Room) -> None:
        """A room new to this process: not its owner until it holds the lock; its presence told and asked."""
        room.owner = False
        room.on_presence = lambda seat, on: self.tell({"k": "here", "t": room.setup.id, "s": seat, "on": on})
        self.tell({"k": "who", "t": room.setup.id})

    def tell(self, msg: dict[str, Any]) -> None:
        """Send a notification from any thread (the sync HTTP handlers run in a pool)."""
        if self.loop is not None:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._tell_soon, msg)

    def _tell_soon(self, msg: dict[str, Any]) -> None:
        assert self.loop is not None
        self.poked.set()
        self.tasks.append(self.loop.create_task(self._say(msg)))
        self.tasks = [t for t in self.tasks if not t.done()]

    async def _say(self, msg: dict[str, Any]) -> None:
        if self.locks is None:
            return
        payload = json.dumps({**msg, "p": self.proc})
        with contextlib.suppress(psycopg.Error):
            await self.locks.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    async def _listen(self) -> None:
        assert self.listen is not None
        async for note in self.listen.notifies():
            with contextlib.suppress(Exception):
                await self._on(json.loads(note.payload))

    async def _on(self, msg: dict[str, Any]) -> None:
        kind, proc = msg.get("k"), msg.get("p")
        if kind == "who":
            if proc != self.proc:
                await self._announce(msg.get("t"))
            return
        room = self.rooms.get(str(msg.get("t")))
        if room is None:
            return
        if kind == "here":
            if proc != self.proc:
                room.presence(str(proc), int(msg["s"]), bool(msg["on"]))
            return
        if proc == self.proc and kind in ("action", "deal"):
            # This process's own write: its room applied it before broadcasting it. Catching up would read the
            # deal's log back from the database for every action, on the event loop.
            return
        async with room.lock:
            room.catch_up()
        room.kick()

    async def _announce(self, table_id: str | None) -> None:
        """Tell the other processes which seats are connected here (a process that just started asks)."""
        for tid, room in list(self.rooms.items()):
            if table_id is not None and tid != table_id:
                continue
            for seat in {c.seat for c in room.conns if c.seat is not None and c.alive}:
                await self._say({"k": "here", "t": tid, "s": seat, "on": True})

    async def _lease(self) -> None:
        assert self.locks is not None
        while True:
            self.poked.clear()
            for tid, room in list(self.rooms.items()):
                if room.owner or room.status == "over":
                    continue
                cur = await self.locks.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(tid),))
                row = await cur.fetchone()
                if row is not None and row[0]:
                    async with room.lock:
                        room.owner = True
                        room.catch_up()  # what the dead owner stored and never told
                    room.kick()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.poked.wait(), timeout=LEASE_SECONDS)
