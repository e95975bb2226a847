"""Absent players (issue 10, item 5): a seat whose player is away past ``hold_seconds`` is played by a bot, and its
player gets the full current state back with the token; presence changes reach the others."""

from __future__ import annotations

from pathlib import Path

from webtools import Player, client, deal_over, protocols


def test_an_absent_seat_is_played_by_a_bot_and_its_player_returns_to_the_full_state(tmp_path: Path) -> None:
    with client(tmp_path / "t.db", hold_seconds=0.0) as c:
        made = c.post("/api/tables", json={"preset": "three-card", "players": 3}).json()
        tid = made["table_id"]
        tokens = [c.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in (0, 1)]
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[1])) as w1:
            p1 = Player(w1, 1)
            # the last seat filled starts the table; seat 0's player is away from the start
            bot = {"style": "random", "host_token": made["host_token"]}
            assert c.post(f"/api/tables/{tid}/seats/2/bot", json=bot).status_code == 200
            p1.play_until(deal_over(1))  # seat 0 never came: the stand-in bot played for it
            with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0:
                p0 = Player(w0, 0)
                welcome = p0.recv()
                assert welcome["seat"] == 0 and welcome["table"]["seats"][0]["connected"]
                # one state on joining: the deal's whole log so far, then the view
                state = p0.until(lambda m: m["type"] == "state")
                assert state["deal"] >= 1 and state["events"][0]["kind"] == "deal"
                assert state["view"]["seat"] == 0 and state["names"] == ["P0", "P1", "Bot 3 (random)"]
                back = p1.until(lambda m: m["type"] == "seat" and m["seat"] == 0)
                assert back == {"type": "seat", "seat": 0, "connected": True, "kind": "human"}
            gone = p1.until(lambda m: m["type"] == "seat" and m["seat"] == 0)
            assert gone["connected"] is False
