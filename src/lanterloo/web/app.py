"""The web table's application: the HTTP API, the websocket, and the rooms (docs/protocol.md).

``create_app`` builds it. The store is migrated at start-up; tables in play are rebuilt from their logs and their
bots resume. Every error is answered as ``{"error": "<one sentence>"}`` (``guard.py``, with the body-size cap and
the per-address limits); names go through ``names.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict
from sqlalchemy.exc import IntegrityError

from lanterloo.bots.base import bot_names
from lanterloo.engine import shape_of
from lanterloo.errors import LooError
from lanterloo.history.writer import dumps
from lanterloo.rules import PRESET_INFO, find_variant, rules_with
from lanterloo.rules.applies import option_applies
from lanterloo.web import guard, names
from lanterloo.web.guard import AddressLimit, ApiError, address
from lanterloo.web.presets import presets_json
from lanterloo.web.protocol import Conn, RateLimit
from lanterloo.web.room import Config, Room
from lanterloo.web.scale import Bus
from lanterloo.web.store import Store, default_url

MAX_STACK = 1_000_000
MAX_DEALS = 10_000
MAX_TURN_SECONDS = 3600
#: How long a finished deal's summary stays on screen by default, and the longest countdown a table may set.
NEXT_DEAL = 20
MAX_NEXT_DEAL = 600
#: A table nobody has sat down at for this long, and that never started, expires (it leaves the lobby).
WAITING_EXPIRY = 3600.0
#: At most this many tables wait for players at once; past it, creating one is refused until some fill or expire.
MAX_WAITING = 1000
LOBBY_PAGE = 50
#: The websocket subprotocol a client offers (the server answers with it), and the prefixes of the two it may offer
#: beside it to carry its seat token and a private table's invite code: a URL's query is logged, a header is not.
SUBPROTOCOL = "lanterloo"
TOKEN_PROTOCOL = "lanterloo.token."
INVITE_PROTOCOL = "lanterloo.invite."
HERE = Path(__file__).parent


class Strict(BaseModel):
    # JSON's own types only ("5" is not 5, true is not 1), and an unknown field is refused by name.
    model_config = ConfigDict(extra="forbid", strict=True)


class NewTable(Strict):
    preset: str = "three-card"
    options: dict[str, Any] = {}
    players: int = 5
    stack: int = 100
    deals: int | None = None
    turn_seconds: int | None = None
    title: str | None = None
    private: bool = False
    # seconds a finished deal's summary stays before the next deal (sooner once every player pressed "Next
    # deal"); null: the table waits for every player
    next_deal: int | None = NEXT_DEAL


class TakeSeat(Strict):
    name: str
    invite: str | None = None


class FillBot(Strict):
    style: str = "balanced"
    host_token: str


class HostOnly(Strict):
    host_token: str


class SeatToken(Strict):
    token: str


def check_text(text: str, what: str = "A name", limit: int = names.MAX_NAME) -> str:
    try:
        return names.clean(text, what, limit)
    except ValueError as e:
        raise ApiError(400, str(e)) from None


class Hub:
    """The rooms of one server process, loaded from the store on first use; with PostgreSQL, the bus to the other
    processes on the same database (``scale.py``)."""

    def __init__(self, store: Store, config: Config) -> None:
        self.store = store
        self.config = config
        self.rooms: dict[str, Room] = {}
        self.bus = Bus(store.url, self.rooms, store.proc) if store.shared else None

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

    def need(self, table_id: str, invite: str | None = None) -> Room:
        """The table, if it exists and ``invite`` opens it (a private table's code); else 404, saying no more."""
        room = self.room(table_id)
        if room is None or (room.setup.private and not self.store.invited(table_id, invite)):
            raise ApiError(404, f"There is no table {table_id[:40]!r} (a private table needs its invite link).")
        return room

    def expire(self) -> None:
        """Expire the tables that waited too long; their open pages are told."""
        for table_id in self.store.expire(WAITING_EXPIRY):
            room = self.rooms.get(table_id)
            if room is not None and room.status == "waiting":
                room.status = "expired"
                room.broadcast_summary()

    def resume(self) -> None:
        for setup in self.store.tables(("playing",)):
            self.room(setup.id)

    async def close(self) -> None:
        if self.bus is not None:
            await self.bus.close()
        for room in self.rooms.values():
            await room.stop()


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.8,
    hold_seconds: float = 60.0,
    deal_pause: float | None = None,
    rate: float = 20.0,
    burst: float = 40.0,
    tables_per_minute: float = 10.0,
    seats_per_minute: float = 30.0,
    max_waiting: int = MAX_WAITING,
    clock: Callable[[], float] = time.monotonic,
) -> FastAPI:
    """The application. ``db_url``: any SQLAlchemy URL (SQLite in the user's data folder when None).
    ``tables_per_minute`` and ``seats_per_minute`` limit each client address (0: no limit). ``clock`` times bots,
    holds and turn timers (tests pass a fake one)."""
    config = Config(
        bot_delay=bot_delay, deal_pause=deal_pause, hold_seconds=hold_seconds, rate=rate, burst=burst, clock=clock
    )
    store = Store(db_url or default_url())
    hub = Hub(store, config)
    creating = AddressLimit(tables_per_minute, what="new tables")
    sitting = AddressLimit(seats_per_minute, what="seats taken")

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
    guard.install(app)

    @app.get("/api/presets")
    def presets() -> dict[str, Any]:
        return presets_json()

    @app.post("/api/tables")
    def create_table(body: NewTable, request: Request) -> dict[str, Any]:
        where = address(request)
        creating.check(where)
        try:
            return new_table(body)
        except ApiError as e:
            if e.status == 400:  # a mistake in the form: only tables made count against the address
                creating.refund(where)
            raise

    def new_table(body: NewTable) -> dict[str, Any]:
        try:
            info = find_variant(body.preset)
            rules = rules_with(info.name, body.options)
            rules.check_players(body.players)
        except (LooError, TypeError, ValueError) as e:
            raise ApiError(400, str(e).split("\n")[0]) from None
        idle = sorted(k for k in body.options if not option_applies(rules, k))
        if idle:
            raise ApiError(400, f"The option {idle[0]} changes nothing in {info.display_title} with these options.")
        if not 1 <= body.stack <= MAX_STACK:
            raise ApiError(400, f"The stack must be 1 to {MAX_STACK} chips.")
        if shape_of(rules).antes:  # a table nobody can ante at would end before its first deal
            owed = max(rules.ante_owed(s, d) for s in range(body.players) for d in range(body.players))
            if owed > body.stack:
                raise ApiError(
                    400,
                    f"An ante can be {owed} chips, more than the stack of {body.stack}: "
                    "raise the stack or lower the ante.",
                )
        if body.deals is not None and shape_of(rules).scores_points:
            raise ApiError(
                400,
                f"A {info.display_title} match ends when a player reaches {rules.louse_target} penalty points, "
                "not after a number of deals: leave the deals out.",
            )
        if body.deals is not None and not 1 <= body.deals <= MAX_DEALS:
            raise ApiError(400, f"The number of deals must be 1 to {MAX_DEALS}, or null for no limit.")
        if body.turn_seconds is not None and not 5 <= body.turn_seconds <= MAX_TURN_SECONDS:
            raise ApiError(400, f"The turn timer must be 5 to {MAX_TURN_SECONDS} seconds, or null for none.")
        if body.next_deal is not None and not 0 <= body.next_deal <= MAX_NEXT_DEAL:
            raise ApiError(
                400,
                f"The next-deal countdown must be 0 to {MAX_NEXT_DEAL} seconds, or null to wait for every player.",
            )
        title = check_text(body.title, "The title", names.MAX_TITLE) if body.title else info.display_title
        hub.expire()
        if store.waiting() >= max_waiting:
            raise ApiError(
                503,
                "Too many tables are waiting for players: join one from the lobby, or try again later.",
                {"Retry-After": "60"},
            )
        table_id, host, invite = store.create_table(
            title=title,
            preset=info.name,
            rules=rules.to_dict(),
            players=body.players,
            stack=body.stack,
            max_deals=body.deals,
            turn_seconds=body.turn_seconds,
            private=body.private,
            next_deal=body.next_deal,
        )
        if invite is None:
            return {"table_id": table_id, "host_token": host, "invite": f"/t/{table_id}"}
        # The code rides in the link's fragment, which a browser never sends: it stays out of every server's log.
        return {"table_id": table_id, "host_token": host, "invite": f"/t/{table_id}#invite={invite}", "code": invite}

    @app.get("/api/tables")
    def list_tables(
        limit: int = Query(LOBBY_PAGE, ge=1, le=200), offset: int = Query(0, ge=0, le=10**9)
    ) -> dict[str, Any]:
        hub.expire()
        page, total = store.lobby(limit, offset)
        out = []
        for setup in page:
            room = hub.rooms.get(setup.id)
            seated = len(room.seats) if room else len(store.seats(setup.id))
            status = room.status if room else setup.status
            out.append(
                {
                    "table_id": setup.id,
                    "title": setup.title,
                    "preset": setup.preset,
                    "preset_title": PRESET_INFO[setup.preset].display_title
                    if setup.preset in PRESET_INFO
                    else setup.preset,
                    "players": setup.players,
                    "seated": seated,
                    "status": status,
                }
            )
        more = offset + len(page) < total
        return {"tables": out, "total": total, "offset": offset, "next": offset + len(page) if more else None}

    @app.get("/api/tables/{table_id}")
    def table(table_id: str, x_invite: str | None = Header(None)) -> dict[str, Any]:
        return hub.need(table_id, x_invite).summary()

    def _seat(room: Room, seat: int) -> None:
        if not 0 <= seat < room.setup.players:
            raise ApiError(404, f"There is no seat {seat}: the seats are 0 to {room.setup.players - 1}.")
        if seat in room.seats:
            raise ApiError(409, f"Seat {seat} is taken.")
        if room.status == "expired":
            raise ApiError(410, "This table waited an hour without starting and has expired: create a new one.")
        if room.status != "waiting":
            raise ApiError(409, "The table has started: its seats are fixed.")

    async def _fill(room: Room, seat: int, name: str, kind: str, style: str | None) -> str | None:
        async with room.lock:
            _seat(room, seat)
            if kind == "human":
                try:  # checked under the lock: two players cannot both take one name
                    name = names.player_name(name, [s.name for s in room.seats.values()])
                except ValueError as e:
                    raise ApiError(400, str(e)) from None
            try:
                token = store.take_seat(room.setup.id, seat, name, kind, style)
            except IntegrityError:
                raise ApiError(409, f"Seat {seat} is taken.") from None
            room.seats = {s.seat: s for s in store.seats(room.setup.id)}
            store.touch(room.setup.id)
            if kind == "human" and not room.connected(seat):
                room.away_since[seat] = room.clock()  # away until the player's page connects
            room.seat_changed(seat)
            room.broadcast_summary()
            if len(room.seats) == room.setup.players:
                room.start()  # the last seat filled starts the table
        return token

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(table_id: str, seat: int, body: TakeSeat, request: Request) -> dict[str, Any]:
        room = hub.need(table_id, body.invite)
        sitting.check(address(request))
        name = check_text(body.name)
        token = await _fill(room, seat, name, "human", None)
        return {"seat": seat, "name": room.seats[seat].name, "token": token}

    @app.post("/api/tables/{table_id}/seats/{seat}/token")
    async def new_token(table_id: str, seat: int, body: SeatToken) -> dict[str, Any]:
        room = hub.room(table_id) or hub.need(table_id)  # the seat's token is proof enough at a private table
        async with room.lock:
            got = store.new_seat_token(table_id, seat, body.token)
            if got is None:
                if room.setup.private:
                    hub.need(table_id)  # says no more than that there is no such table
                raise ApiError(403, f"That token does not hold seat {seat} at this table.")
            closing = "This seat was given a new key on another page: this page no longer plays it."
            for conn in [c for c in room.conns if c.seat == seat]:
                conn.send({"type": "error", "message": closing, "rule": None})
                conn.send_close()
        return {"seat": seat, "token": got}

    def _hosted(table_id: str, host_token: str, what: str) -> Room:
        """The table, for its host alone (the host token is proof enough at a private table)."""
        room = hub.room(table_id)
        if room is not None and store.is_host(table_id, host_token):
            return room
        if room is None or room.setup.private:
            hub.need(table_id)  # says there is no such table
        raise ApiError(403, f"Only the table's host can {what}: that host token is not this table's.")

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def fill_bot(table_id: str, seat: int, body: FillBot) -> dict[str, Any]:
        room = _hosted(table_id, body.host_token, "seat a bot")
        style = body.style.strip().lower()
        if style not in bot_names():
            raise ApiError(400, f"There is no bot style {body.style[:24]!r}: choose one of {', '.join(bot_names())}.")
        name = names.bot_name(seat, style)
        await _fill(room, seat, name, "bot", style)
        return {"seat": seat, "name": name, "kind": "bot", "style": style}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, body: HostOnly) -> dict[str, Any]:
        room = _hosted(table_id, body.host_token, "start it")
        async with room.lock:
            if room.status == "waiting":
                empty = [str(s) for s in range(room.setup.players) if s not in room.seats]
                which = f"seat {empty[0]} is" if len(empty) == 1 else f"seats {', '.join(empty)} are"
                raise ApiError(409, f"Fill every seat first (a player or a bot): {which} empty.")
        return room.summary()

    @app.get("/api/tables/{table_id}/history")
    def history(table_id: str, x_invite: str | None = Header(None)) -> Response:
        room = hub.need(table_id, x_invite)
        text = "".join(dumps(rec) + "\n" for rec in room.history())
        return PlainTextResponse(
            text,
            media_type="application/jsonl",
            headers={"Content-Disposition": f'attachment; filename="lanterloo-{table_id}.jsonl"'},
        )

    @app.websocket("/ws/tables/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        offered = list(websocket.scope.get("subprotocols") or ())
        token = next((p[len(TOKEN_PROTOCOL) :] for p in offered if p.startswith(TOKEN_PROTOCOL)), None)
        invite = next((p[len(INVITE_PROTOCOL) :] for p in offered if p.startswith(INVITE_PROTOCOL)), None)
        await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        room = hub.room(table_id)
        seat = store.seat_of(table_id, token) if token and room is not None else None
        if room is None or (room.setup.private and seat is None and not store.invited(table_id, invite)):
            missing = f"There is no table {table_id[:40]!r} (a private table needs its invite link)."
            await websocket.send_json({"type": "error", "message": missing, "rule": None})
            await websocket.close(code=4404)
            return
        conn = Conn(websocket, seat, RateLimit(config.rate, config.burst))
        writer = asyncio.get_running_loop().create_task(conn.writer())
        note = None
        if "token" in websocket.query_params:
            note = "Send the seat token as a subprotocol, never in the address (docs/protocol.md): you are watching."
        elif token and seat is None:
            note = "That seat token is not this table's: you are watching as a spectator."
        await room.join(conn, note)
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

    # "Play now" and the tutorial's drills (quick.py, tutorial.py) create tables and seat players as above.
    from lanterloo.web import lessondeal, quick, tutorial

    app.state.maker = quick.Maker(hub, new_table, _fill, creating, sitting)
    app.include_router(quick.router)
    app.include_router(lessondeal.router)  # before the drills' /api/tutorial/{name}/{step}: "deal" is no step
    app.include_router(tutorial.router)

    # The pages (lobby, table, static files) are the page module's router (helper W3's area), when present.
    try:
        pages = importlib.import_module("lanterloo.web.pages")
    except ImportError:
        pages = None
    if pages is not None:
        app.include_router(pages.router)

    return app
