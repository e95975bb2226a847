"""The turn timer and the absent-player hold (issue 10, items 4 and 5), on a fake clock: no test waits on the wall
clock. A test moves the clock, wakes the room's driver (``Room.kick``), and waits for the state that follows; that
nothing is due is checked by one look of the driver (``Room.step``), which answers how long until something is."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lanterloo.bots import make_bot
from lanterloo.web.protocol import STAND_IN
from lanterloo.web.room import Room
from webtools import Msg, Player, client, deal_over, protocols, table


class FakeClock:
    """Seconds that move only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, c: TestClient, seconds: float) -> None:
        """Move the clock, then wake every room's driver to look again (as its own timeout would have)."""
        self.now += seconds
        assert c.portal is not None
        for room in list(c.app.state.hub.rooms.values()):  # type: ignore[attr-defined]
            c.portal.call(room.kick)


def room_of(c: TestClient, tid: str) -> Room:
    room: Room = c.app.state.hub.rooms[tid]  # type: ignore[attr-defined]
    return room


def look(c: TestClient, room: Room) -> float | None:
    """One look by the driver, in the server's loop: None if it acted, else the seconds until something is due."""
    assert c.portal is not None
    return c.portal.call(room.step)


def logged(c: TestClient, tid: str) -> list[tuple[int, int, int, str]]:
    """The table's committed action log: (deal, step, seat, action)."""
    store = c.app.state.hub.store  # type: ignore[attr-defined]
    return [(d.number, step, seat, text) for d in store.deals(tid) for step, seat, text in d.actions]


def turn_of(p: Player, seats: tuple[int, ...] = (0,)) -> Msg:
    """The next state in which one of ``seats`` is to act."""
    return p.until(lambda m: m["type"] == "state" and bool(set(m["view"]["seats_to_act"]) & set(seats)))


def test_a_player_out_of_time_has_the_stand_in_bots_choice_committed_and_told(tmp_path: Path) -> None:
    clock = FakeClock()
    with client(tmp_path / "t.db", clock=clock) as c:
        tid, _host, tokens = table(c, humans=(0,), turn_seconds=5)
        with (
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0,
            c.websocket_connect(f"/ws/tables/{tid}") as ws,
        ):
            me, watcher = Player(w0, 0), Player(ws, None)
            st = turn_of(me)
            assert st["turn_deadline_ms"] == 5000  # a remaining duration: the clock has not moved since the last move
            room = room_of(c, tid)
            deal, step = st["deal"], st["step"]
            bot = make_bot(STAND_IN, random.Random(f"{tid}/0").getrandbits(63))
            expected = bot.decide(room.deal.view(0)).action.notation()  # type: ignore[union-attr]
            before = logged(c, tid)

            clock.advance(c, 4.9)
            assert look(c, room) == pytest.approx(0.1)  # not yet: nothing was done for the player
            assert logged(c, tid) == before

            clock.advance(c, 0.1)
            note = me.until(lambda m: m["type"] == "note")
            assert note == {
                "type": "note",
                "kind": "timeout",
                "seat": 0,
                "deal": deal,
                "step": step,
                "text": "Your time ran out (5 s): the balanced bot chose for you.",
            }
            # committed to the log like any other action: the stand-in bot's choice, one of the legal actions
            assert logged(c, tid)[len(before)] == (deal, step, 0, expected)
            assert expected in [a["action"] for a in st["view"]["legal"]]
            # then broadcast as usual: the events say what was done, as each connection may see it
            told = me.until(lambda m: m["type"] in ("events", "state") and bool(m.get("events")))
            assert told["events"][0]["seat"] == 0
            after = told if told["type"] == "state" else me.until(lambda m: m["type"] == "state")
            assert after["step"] > step
            seen = watcher.until(lambda m: m["type"] == "note")
            assert seen["text"] == "P0's time ran out (5 s): the balanced bot chose for P0."
            assert seen["step"] == step


def test_acting_in_time_restarts_the_timer_for_the_next_seat_to_act(tmp_path: Path) -> None:
    clock = FakeClock()
    with client(tmp_path / "t.db", clock=clock) as c:
        tid, _host, tokens = table(c, humans=(0, 1), turn_seconds=5)
        with (
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0,
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[1])) as w1,
        ):
            players = {0: Player(w0, 0), 1: Player(w1, 1)}
            room = room_of(c, tid)
            st = turn_of(players[0], (0, 1))
            actor = players[0] if 0 in st["view"]["seats_to_act"] else players[1]
            if actor.state is None or actor.state["step"] != st["step"]:
                actor.until(lambda m: m["type"] == "state" and m["step"] == st["step"] and m["deal"] == st["deal"])
            clock.advance(c, 4.0)
            actor.act(actor.state["view"]["legal"][0]["action"])  # type: ignore[index]
            # the next turn of a player (after any bots, who act at once), with the clock where the action left it
            nxt = turn_of(players[0], (0, 1))
            while (nxt["deal"], nxt["step"]) <= (st["deal"], st["step"]):
                nxt = turn_of(players[0], (0, 1))
            assert nxt["turn_deadline_ms"] == 5000
            clock.advance(c, 4.9)  # 8.9 s after the first turn began: the action restarted the count
            assert look(c, room) == pytest.approx(0.1)
            assert room.deal is not None and len(room.deal.actions) == nxt["step"]
            clock.advance(c, 0.1)
            note = players[0].until(lambda m: m["type"] == "note")
            assert note["kind"] == "timeout" and note["seat"] in nxt["view"]["seats_to_act"]
            assert (note["deal"], note["step"]) == (nxt["deal"], nxt["step"])


def test_without_a_timer_the_server_never_acts_for_a_connected_player(tmp_path: Path) -> None:
    clock = FakeClock()
    with client(tmp_path / "t.db", clock=clock, hold_seconds=60.0) as c:
        tid, _host, tokens = table(c, humans=(0,))
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0:
            me = Player(w0, 0)
            st = turn_of(me)
            assert st["turn_deadline_ms"] is None
            room = room_of(c, tid)
            before = logged(c, tid)
            clock.advance(c, 10 * 24 * 3600.0)  # ten days, far past any hold
            assert look(c, room) == float("inf")  # waiting for the player, and nothing else due
            assert logged(c, tid) == before
            me.act(st["view"]["legal"][0]["action"])
            assert me.until(lambda m: m["type"] == "state")["step"] == st["step"] + 1


def test_an_absent_players_seat_is_held_hold_seconds_then_played_by_the_stand_in(tmp_path: Path) -> None:
    clock = FakeClock()
    with client(tmp_path / "t.db", clock=clock, hold_seconds=60.0) as c:
        tid, _host, tokens = table(c, humans=(0, 1))
        room = room_of(c, tid)
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[1])) as w1:
            other = Player(w1, 1)
            with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0:
                Player(w0, 0).recv()  # the welcome: seat 0 is connected
                st = other.play_until(lambda m: m["type"] == "state" and 0 in m["view"]["seats_to_act"])
            other.until(lambda m: m["type"] == "seat" and m["seat"] == 0 and not m["connected"])  # the hold begins
            before = logged(c, tid)
            clock.advance(c, 59.9)
            assert look(c, room) == pytest.approx(0.1)  # the seat is still held
            assert logged(c, tid) == before
            clock.advance(c, 0.1)
            note = other.until(lambda m: m["type"] == "note")
            assert note == {
                "type": "note",
                "kind": "stand_in",
                "seat": 0,
                "deal": st["deal"],
                "step": st["step"],
                "text": "P0 is away: the balanced bot plays for P0 until they come back.",
            }
            assert logged(c, tid)[len(before)][:3] == (st["deal"], st["step"], 0)
            # the stand-in plays on for the absent player, told once: to the end of the next deal, no other note
            other.play_until(deal_over(st["deal"] + 1))
            assert [m for m in other.log if m["type"] == "note"] == [note]
