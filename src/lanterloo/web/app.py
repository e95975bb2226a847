"""The web table's application: the HTTP API, the websocket, and the rooms (docs/protocol.md).

``create_app`` builds it. The store is migrated at start-up; tables in play are rebuilt from their logs and their
bots resume. Every error is answered as ``{"error": "<one sentence>"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError

from lanterloo.bots.base import bot_names
from lanterloo.errors import LooError
from lanterloo.history.writer import dumps
from lanterloo.rules import PRESET_INFO, find_variant, rules_with
from lanterloo.rules.applies import option_lines
from lanterloo.rules.options import OPTION_HINTS
from lanterloo.web.protocol import Conn, RateLimit
from lanterloo.web.room import Config, Room
from lanterloo.web.scale import Bus
from lanterloo.web.store import Store, default_url

MAX_NAME = 24
MAX_TITLE = 64
MAX_STACK = 1_000_000
MAX_DEALS = 10_000
MAX_TURN_SECONDS = 3600
HERE = Path(__file__).parent


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class NewTable(BaseModel):
    preset: str = "three-card"
    options: dict[str, Any] = {}
    players: int = 5
    stack: int = 100
    deals: int | None = None
    turn_seconds: int | None = None
    title: str | None = None


class TakeSeat(BaseModel):
    name: str


class FillBot(BaseModel):
    style: str = "balanced"
    host_token: str


class HostOnly(BaseModel):
    host_token: str


def check_name(name: str, what: str = "A name", limit: int = MAX_NAME) -> str:
    text = name.strip()
    if not 1 <= len(text) <= limit:
        raise ApiError(400, f"{what} must be 1 to {limit} characters long.")
    if not text.isprintable():
        raise ApiError(400, f"{what} may hold only printable characters.")
    return text


class Hub:
    """The rooms of one server process, loaded from the store on first use; with PostgreSQL, the bus to the other
    processes on the same database (``scale.py``)."""

    def __init__(self, store: Store, config: Config) -> None:
        self.store = store
        self.config = config
        self.rooms: dict[str, Room] = {}
        self.bus = Bus(store.url, self.rooms) if store.shared else None

    def room(self, table_id: str) -> Room | None:
        room = self.rooms.get(table_id)
        if room is None:
            setup = self.store.table(table_id) if len(table_id) <= 32 else None
            if setup is None:
                return None
            room = Room(self.store, setup, self.store.seats(table_id), self.config)
            self.rooms[table_id] = room
            if self.bus is not None:
                self.bus.adopt(room)
            if room.status == "playing":
                with contextlib.suppress(RuntimeError):  # no loop in a sync handler's thread: the driver waits
                    room.kick()
        return room

    def need(self, table_id: str) -> Room:
        room = self.room(table_id)
        if room is None:
            raise ApiError(404, f"There is no table {table_id[:40]!r}.")
        return room

    def resume(self) -> None:
        for setup in self.store.tables(("playing",)):
            self.room(setup.id)

    async def close(self) -> None:
        if self.bus is not None:
            await self.bus.close()
        for room in self.rooms.values():
            await room.stop()


def presets_json() -> dict[str, Any]:
    out = []
    for name, info in PRESET_INFO.items():
        r = info.rules
        options = []
        for line in option_lines(r):
            if line.name in ("preset", "game"):
                continue
            item: dict[str, Any] = {"name": line.name, "default": line.value, "rule": line.rule, "help": line.doc}
            if line.choices is not None:
                item["choices"] = list(line.choices)
            else:
                item["type"] = OPTION_HINTS[line.name].__name__
            options.append(item)
        out.append(
            {
                "name": name,
                "title": info.display_title,
                "summary": info.summary,
                "players": list(r.player_range()),
                "options": options,
            }
        )
    return {"presets": out, "bots": bot_names()}


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.8,
    hold_seconds: float = 60.0,
    deal_pause: float | None = None,
    rate: float = 20.0,
    burst: float = 40.0,
    clock: Callable[[], float] = time.monotonic,
) -> FastAPI:
    """The application. ``db_url``: any SQLAlchemy URL (SQLite in the user's data folder when None). ``clock`` times
    bots, holds and turn timers (tests pass a fake one)."""
    config = Config(
        bot_delay=bot_delay, deal_pause=deal_pause, hold_seconds=hold_seconds, rate=rate, burst=burst, clock=clock
    )
    store = Store(db_url or default_url())
    hub = Hub(store, config)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if hub.bus is not None:
            await hub.bus.start()  # listening before the rooms load: no write falls between
        hub.resume()
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="lanterloo web table", lifespan=lifespan)
    app.state.hub = hub

    @app.exception_handler(ApiError)
    async def api_error(_r: Request, e: ApiError) -> JSONResponse:
        return JSONResponse({"error": str(e)}, status_code=e.status)

    @app.exception_handler(RequestValidationError)
    async def bad_body(_r: Request, e: RequestValidationError) -> JSONResponse:
        errs = e.errors()
        if errs and errs[0].get("type") == "json_invalid":  # its location is a character offset, not a field
            return JSONResponse({"error": "The request's body is not valid JSON."}, status_code=422)
        where = ".".join(str(x) for x in errs[0]["loc"][1:]) if errs else "body"
        why = errs[0]["msg"] if errs else "is not valid"
        return JSONResponse({"error": f"The request's {where or 'body'} is not valid: {why}."}, status_code=422)

    @app.get("/api/presets")
    def presets() -> dict[str, Any]:
        return presets_json()

    @app.post("/api/tables")
    def create_table(body: NewTable) -> dict[str, Any]:
        try:
            info = find_variant(body.preset)
            rules = rules_with(info.name, body.options)
            rules.check_players(body.players)
        except (LooError, TypeError, ValueError) as e:
            raise ApiError(400, str(e).split("\n")[0]) from None
        if not 1 <= body.stack <= MAX_STACK:
            raise ApiError(400, f"The stack must be 1 to {MAX_STACK} chips.")
        if body.deals is not None and not 1 <= body.deals <= MAX_DEALS:
            raise ApiError(400, f"The number of deals must be 1 to {MAX_DEALS}, or null for no limit.")
        if body.turn_seconds is not None and not 5 <= body.turn_seconds <= MAX_TURN_SECONDS:
            raise ApiError(400, f"The turn timer must be 5 to {MAX_TURN_SECONDS} seconds, or null for none.")
        title = check_name(body.title, "The title", MAX_TITLE) if body.title else info.display_title
        table_id, host = store.create_table(
            title=title,
            preset=info.name,
            rules=rules.to_dict(),
            players=body.players,
            stack=body.stack,
            max_deals=body.deals,
            turn_seconds=body.turn_seconds,
        )
        return {"table_id": table_id, "host_token": host, "invite": f"/t/{table_id}"}

    @app.get("/api/tables")
    def list_tables() -> dict[str, Any]:
        out = []
        for setup in store.tables():
            room = hub.rooms.get(setup.id)
            seated = len(room.seats) if room else len(store.seats(setup.id))
            status = room.status if room else setup.status
            out.append(
                {
                    "table_id": setup.id,
                    "title": setup.title,
                    "preset": setup.preset,
                    "players": setup.players,
                    "seated": seated,
                    "status": status,
                }
            )
        return {"tables": out}

    @app.get("/api/tables/{table_id}")
    def table(table_id: str) -> dict[str, Any]:
        return hub.need(table_id).summary()

    def _seat(room: Room, seat: int) -> None:
        if not 0 <= seat < room.setup.players:
            raise ApiError(404, f"There is no seat {seat}: the seats are 0 to {room.setup.players - 1}.")
        if seat in room.seats:
            raise ApiError(409, f"Seat {seat} is taken.")
        if room.status != "waiting":
            raise ApiError(409, "The table has started: its seats are fixed.")

    async def _fill(room: Room, seat: int, name: str, kind: str, style: str | None) -> str | None:
        async with room.lock:
            _seat(room, seat)
            try:
                token = store.take_seat(room.setup.id, seat, name, kind, style)
            except IntegrityError:
                raise ApiError(409, f"Seat {seat} is taken.") from None
            room.seats = {s.seat: s for s in store.seats(room.setup.id)}
            if kind == "human" and not room.connected(seat):
                room.away_since[seat] = room.clock()  # away until the player's page connects
            room.seat_changed(seat)
            room.broadcast_summary()
            if len(room.seats) == room.setup.players:
                room.start()  # the last seat filled starts the table
        return token

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(table_id: str, seat: int, body: TakeSeat) -> dict[str, Any]:
        room = hub.need(table_id)
        name = check_name(body.name)
        token = await _fill(room, seat, name, "human", None)
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def fill_bot(table_id: str, seat: int, body: FillBot) -> dict[str, Any]:
        room = hub.need(table_id)
        if not store.is_host(table_id, body.host_token):
            raise ApiError(403, "Only the table's host can seat a bot: that host token is not this table's.")
        style = body.style.strip().lower()
        if style not in bot_names():
            raise ApiError(400, f"There is no bot style {body.style[:24]!r}: choose one of {', '.join(bot_names())}.")
        taken = {s.name for s in room.seats.values()}
        name = f"{style.title()} bot"
        k = 2
        while name in taken:
            name, k = f"{style.title()} bot {k}", k + 1
        await _fill(room, seat, name, "bot", style)
        return {"seat": seat, "name": name, "kind": "bot", "style": style}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, body: HostOnly) -> dict[str, Any]:
        room = hub.need(table_id)
        if not store.is_host(table_id, body.host_token):
            raise ApiError(403, "Only the table's host can start it: that host token is not this table's.")
        async with room.lock:
            if room.status == "waiting":
                empty = [str(s) for s in range(room.setup.players) if s not in room.seats]
                raise ApiError(409, f"Fill every seat first (a player or a bot): seats {', '.join(empty)} are empty.")
        return room.summary()

    @app.get("/api/tables/{table_id}/history")
    def history(table_id: str) -> Response:
        room = hub.need(table_id)
        text = "".join(dumps(rec) + "\n" for rec in room.history())
        return PlainTextResponse(
            text,
            media_type="application/jsonl",
            headers={"Content-Disposition": f'attachment; filename="lanterloo-{table_id}.jsonl"'},
        )

    @app.websocket("/ws/tables/{table_id}")
    async def ws(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        room = hub.room(table_id)
        if room is None:
            missing = f"There is no table {table_id[:40]!r}."
            await websocket.send_json({"type": "error", "message": missing, "rule": None})
            await websocket.close(code=4404)
            return
        seat = store.seat_of(table_id, token) if token else None
        conn = Conn(websocket, seat, RateLimit(config.rate, config.burst))
        writer = asyncio.get_running_loop().create_task(conn.writer())
        wrong = "That seat token is not this table's: you are watching as a spectator."
        await room.join(conn, wrong if token and seat is None else None)
        try:
            while conn.alive:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                raw = msg.get("text")
                if raw is None:
                    raw = msg.get("bytes") or b""
                await room.receive(conn, raw)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await room.leave(conn)
            with contextlib.suppress(Exception):
                await writer

    # The pages (lobby, table, static files) are the page module's router (helper W3's area), when present.
    try:
        pages = importlib.import_module("lanterloo.web.pages")
    except ImportError:
        pages = None
    if pages is not None:
        app.include_router(pages.router)

    return app
