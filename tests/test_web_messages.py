"""Bad messages on the websocket: each is answered with one sentence to its sender, nothing changes, and the
connection and the game go on (issue 10, item 7). Test names cite the rule a refusal quotes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from webtools import Msg, Player, client, protocols, table


def _ready(c: TestClient, **kw: Any) -> tuple[str, dict[int, str]]:
    tid, _host, tokens = table(c, players=3, humans=(0, 1), **kw)
    return tid, tokens


def _human_turn(p0: Player, p1: Player) -> tuple[Player, Player, Msg]:
    """Wait until seat 0 or 1 is to act, with both players at that state: (the one to act, the other, its state)."""
    st = p0.until(lambda m: m["type"] == "state" and m["view"]["to_act"] in (0, 1))
    if p1.state is None or p1.state["step"] != st["step"] or p1.state["deal"] != st["deal"]:
        p1.until(lambda m: m["type"] == "state" and m["step"] == st["step"] and m["deal"] == st["deal"])
    me, other = (p0, p1) if st["view"]["to_act"] == 0 else (p1, p0)
    assert me.state is not None
    return me, other, me.state


def _refused(p: Player, raw: str | bytes) -> Msg:
    """Send ``raw``, expect one error and then, for a ping, a pong: no state was broadcast in between."""
    if isinstance(raw, bytes):
        p.ws.send_bytes(raw)
    else:
        p.ws.send_text(raw)
    err = _next(p)
    assert err["type"] == "error", err
    assert err["message"].endswith((".", ")")) and "\n" not in err["message"]
    p.ws.send_json({"type": "ping"})
    assert _next(p) == {"type": "pong"}
    return err


def _next(p: Player) -> Msg:
    """The next message that is not about presence (a seat connecting is not a change of the game)."""
    return p.until(lambda m: m["type"] not in ("seat", "table"))


def test_each_bad_message_gets_one_sentence_and_changes_nothing(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, tokens = _ready(c)
        with (
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0,
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[1])) as w1,
        ):
            p0, p1 = Player(w0, 0), Player(w1, 1)
            me, other, st = _human_turn(p0, p1)
            before = c.get(f"/api/tables/{tid}").json()
            actor = me.seat
            errors = {
                "json": _refused(me, "{not json"),
                "object": _refused(me, "[1, 2]"),
                "type": _refused(me, json.dumps({"type": "fold"})),
                "size": _refused(me, json.dumps({"type": "ping", "pad": "x" * 5000})),
                "notation": _refused(me, json.dumps({"type": "act", "action": "nonsense"})),
                "field": _refused(me, json.dumps({"type": "act", "action": 7})),
                "stale": _refused(me, json.dumps({"type": "act", "action": "pass", "deal": 1, "step": 999})),
                "behind": _refused(me, json.dumps({"type": "act", "action": "pass", "deal": 0})),
                "binary": _refused(me, b"\xff\xfe"),
                "for_another": _refused(me, json.dumps({"type": "act", "action": "pass", "seat": 2})),
                "ping_field": _refused(me, json.dumps({"type": "ping", "x": 1})),
                "long": _refused(me, json.dumps({"type": "act", "action": "z" * 3000})),
            }
            assert 'no field "seat"' in errors["for_another"]["message"]
            assert 'no field "x"' in errors["ping_field"]["message"]
            assert "is not an action" in errors["long"]["message"] and len(errors["long"]["message"]) < 100
            assert "not valid JSON" in errors["json"]["message"]
            assert "5" in errors["size"]["message"] and "4096" in errors["size"]["message"]
            assert "Unknown message type" in errors["type"]["message"]
            assert "step 999" in errors["stale"]["message"] and "ahead of the table" in errors["stale"]["message"]
            assert "deal 0" in errors["behind"]["message"] and "behind the table" in errors["behind"]["message"]
            turn = _refused(other, json.dumps({"type": "act", "action": "pass"}))
            assert turn["rule"] == "COMMON-4" and f"P{actor}'s turn" in turn["message"]
            assert all(e["rule"] is None for e in errors.values())
            after = c.get(f"/api/tables/{tid}").json()
            assert after["stacks"] == before["stacks"] and after["pool"] == before["pool"]
            # the game goes on: the seat to act can still act, and both connections see it
            me.act(st["view"]["legal"][0]["action"])
            moved = me.until(lambda m: m["type"] == "state")
            assert moved["step"] == st["step"] + 1
            assert other.until(lambda m: m["type"] == "state")["step"] >= st["step"] + 1


def test_an_illegal_action_is_refused_with_the_engines_reason_and_rule(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, tokens = _ready(c)
        with (
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0,
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[1])) as w1,
        ):
            p0, p1 = Player(w0, 0), Player(w1, 1)
            me, _other, st = _human_turn(p0, p1)
            # a card during the declaration is not a declaration: the engine says so, with its rule
            err = _refused(me, json.dumps({"type": "act", "action": "play Qh", "step": st["step"]}))
            assert err["rule"] and err["rule"] in err["message"]


def test_a_wrong_token_watches_as_a_spectator_and_cannot_act(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, _tokens = _ready(c)
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols("not-a-token")) as ws:
            p = Player(ws, None)
            assert p.recv()["seat"] is None
            err = p.until(lambda m: m["type"] == "error")
            assert "spectator" in err["message"]
            p.until(lambda m: m["type"] == "state")
            assert p.state is not None and p.state["view"]["hand"] == [] and p.state["view"]["legal"] == []
            assert "Spectators cannot act" in _refused(p, json.dumps({"type": "act", "action": "pass"}))["message"]


def test_flooding_is_refused_once_and_the_connection_survives(tmp_path: Path) -> None:
    with client(tmp_path / "t.db", rate=1e-6, burst=5) as c:
        tid, tokens = _ready(c)
        with (
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0,
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[1])) as w1,
        ):
            p0, p1 = Player(w0, 0), Player(w1, 1)
            actor, flooder, st = _human_turn(p0, p1)
            for _ in range(12):
                flooder.ws.send_json({"type": "ping"})
            got = [flooder.until(lambda m: m["type"] in ("pong", "error")) for _ in range(6)]
            assert [m["type"] for m in got] == ["pong"] * 5 + ["error"]
            assert "Too many messages" in got[-1]["message"]
            # still connected: the other player's move reaches the flooded connection
            actor.act(st["view"]["legal"][0]["action"])
            assert flooder.until(lambda m: m["type"] == "state" and m["step"] > st["step"])


def test_an_unknown_table_is_refused_in_one_sentence(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        missing = "There is no table 'nope' (a private table needs its invite link)."
        assert c.get("/api/tables/nope").json() == {"error": missing}
        with c.websocket_connect("/ws/tables/nope") as ws:
            assert ws.receive_json() == {"type": "error", "message": missing, "rule": None}


def test_bad_table_settings_are_refused_in_one_sentence(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        cases = [
            {"preset": "snap"},
            {"preset": "three-card", "players": 40},
            {"preset": "three-card", "options": {"no_such": 1}},
            {"preset": "three-card", "stack": 0},
            {"preset": "three-card", "players": "many"},
            {"title": "\x00bad"},
        ]
        for body in cases:
            r = c.post("/api/tables", json=body)
            assert r.status_code in (400, 422), body
            msg = r.json()["error"]
            assert msg.endswith(".") and "\n" not in msg, msg
        tid, _host, _tokens = table(c, players=3, humans=(0,), bot="random")
        r = c.post(f"/api/tables/{tid}/seats/0", json={"name": "Eve"})
        assert r.status_code == 409
        r = c.post("/api/tables", json={})
        new = r.json()["table_id"]
        assert c.post(f"/api/tables/{new}/seats/0", json={"name": "a\u0007b"}).status_code == 400
        assert c.post(f"/api/tables/{new}/seats/0", json={"name": "x" * 25}).status_code == 400
        assert c.post(f"/api/tables/{new}/seats/9", json={"name": "Ann"}).status_code == 404
        bad_host = c.post(f"/api/tables/{new}/seats/1/bot", json={"style": "random", "host_token": "x"})
        assert bad_host.status_code == 403
        start = c.post(f"/api/tables/{new}/start", json={"host_token": r.json()["host_token"]})
        assert start.status_code == 409 and "empty" in start.json()["error"]
