"""Play now: one request seats a player with bots at a game's default table and starts it (docs/protocol.md).

``POST /api/play-now {preset, name}`` creates the table as ``POST /api/tables`` does, seats the player at seat 0 as
``POST /api/tables/{id}/seats/0`` does and fills every other seat with a ``balanced`` bot, through the same
functions of ``app.create_app`` (lent here as a ``Maker``), under the same per-address limits: one new table and one
seat taken. Everything is checked before anything is created, so a refused request leaves no table behind.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final

from fastapi import APIRouter, Request

from lanterloo.engine import shape_of
from lanterloo.errors import LooError
from lanterloo.rules import find_variant
from lanterloo.web import names
from lanterloo.web.app import Hub, NewTable, Strict, check_text
from lanterloo.web.guard import AddressLimit, ApiError, address
from lanterloo.web.room import Room
from lanterloo.web.wording import default_players

#: The default table: the stack and the length of the session the lobby's form starts with, against this bot.
STACK: Final = 100
DEALS: Final = 10
BOT: Final = "balanced"

router = APIRouter()


@dataclass(frozen=True)
class Maker:
    """The table-making functions of one app (``create_app``'s): a new table (validated), a seat filled."""

    hub: Hub
    new_table: Callable[[NewTable], dict[str, Any]]
    fill: Callable[[Room, int, str, str, str | None], Awaitable[str | None]]
    creating: AddressLimit
    sitting: AddressLimit


class PlayNow(Strict):
    preset: str = "three-card"
    name: str


@router.post("/api/play-now")
async def play_now(body: PlayNow, request: Request) -> dict[str, Any]:
    """A table of the game's default size, the player at seat 0 and bots elsewhere, dealing at once."""
    maker: Maker = request.app.state.maker
    name = check_text(body.name)
    try:
        name = names.player_name(name, [])
        info = find_variant(body.preset)
    except (LooError, ValueError) as e:
        raise ApiError(400, str(e).split("\n")[0]) from None
    where = address(request)
    maker.creating.check(where)
    maker.sitting.check(where)
    players = default_players(info.name)
    title = f"{name}'s table"
    deals = None if shape_of(info.rules).scores_points else DEALS  # a Louse match ends at its losing total
    made = maker.new_table(NewTable(preset=info.name, players=players, stack=STACK, deals=deals, title=title))
    table_id = made["table_id"]
    room = maker.hub.need(table_id)
    token = await maker.fill(room, 0, name, "human", None)
    for seat in range(1, players):
        await maker.fill(room, seat, names.bot_name(seat, BOT), "bot", BOT)  # the last one starts the table
    return {
        "table_id": table_id,
        "seat": 0,
        "name": room.seats[0].name,
        "token": token,
        "host_token": made["host_token"],
        "players": players,
        "url": f"/t/{table_id}",
    }
