"""The web table's HTTP API and a first whole deal over the websocket (issue 10, items 2 and 3)."""

from __future__ import annotations

from pathlib import Path

from webtools import Player, client, deal_over, protocols, table


def test_presets_list_every_variant_with_its_options_and_bot_styles(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        body = c.get("/api/presets").json()
    names = [p["name"] for p in body["presets"]]
    assert "three-card" in names and "lou" in names and "louse" in names
    three = next(p for p in body["presets"] if p["name"] == "three-card")
    assert three["game"] == "loo" and next(p for p in body["presets"] if p["name"] == "louse")["game"] == "louse"
    assert three["players"][0] == 3
    loo = next(o for o in three["options"] if o["name"] == "loo_penalty")
    assert loo["rule"] and loo["help"] and "pool" in loo["choices"]
    assert "balanced" in body["bots"]


def test_one_human_plays_a_whole_deal_against_bots(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, players=4)
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "playing"
        assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot", "bot"]
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            welcome = p.recv()
            assert welcome["type"] == "welcome" and welcome["seat"] == 0
            over = p.play_until(deal_over(1))
        assert len(over["seed"]) == 64 and len(over["commitment"]) == 64
        lines = c.get(f"/api/tables/{tid}/history").text.splitlines()
        assert len(lines) >= 1


def test_a_bad_request_body_is_one_sentence_that_names_the_problem(tmp_path: Path) -> None:
    bodies = {
        "{": "The request's body is not valid JSON.",
        "[]": "The request's body must be a JSON object.",
        '{"preset": "nope"}': "Unknown variant 'nope'",
        '{"preset": "three-card", "options": {"club_law": "maybe"}}': "Option club_law must be true or false",
    }
    with client(tmp_path / "t.db") as c:
        for body, expected in bodies.items():
            r = c.post("/api/tables", content=body, headers={"content-type": "application/json"})
            assert r.status_code in (400, 422), (body, r.status_code)
            assert r.json()["error"].startswith(expected), (body, r.json())
        assert c.get("/api/tables").json()["tables"] == []  # nothing was created


def test_the_lobby_names_each_tables_game_in_words(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        made = c.post("/api/tables", json={"preset": "five-card", "players": 4, "title": "Friday"}).json()
        listed = c.get("/api/tables").json()["tables"]
    row = next(t for t in listed if t["table_id"] == made["table_id"])
    assert (row["title"], row["preset"], row["preset_title"]) == ("Friday", "five-card", "5-card Pam-Loo")


def test_louse_match_1_a_louse_table_takes_no_number_of_deals(tmp_path: Path) -> None:
    """LOUSE-MATCH-1: a Louse match ends at its losing total. /api/presets says its form asks neither chips nor a
    number of deals, a table with a number of deals is refused in one sentence, and Play now makes one without."""
    with client(tmp_path / "t.db") as c:
        presets = {p["name"]: p for p in c.get("/api/presets").json()["presets"]}
        assert (presets["louse"]["asks_deals"], presets["louse"]["asks_stack"]) == (False, False)
        assert all(p["asks_deals"] and p["asks_stack"] for name, p in presets.items() if p["game"] != "louse")
        r = c.post("/api/tables", json={"preset": "louse", "players": 4, "deals": 10})
        assert r.status_code == 400 and "penalty points, not after a number of deals" in r.json()["error"]
        made = c.post("/api/tables", json={"preset": "louse", "players": 4}).json()
        assert c.get(f"/api/tables/{made['table_id']}").json()["deals"] is None
        quick = c.post("/api/play-now", json={"preset": "louse", "name": "Ann"}).json()
        assert c.get(f"/api/tables/{quick['table_id']}").json()["deals"] is None
        loo = c.post("/api/play-now", json={"preset": "three-card", "name": "Ann"}).json()
        assert c.get(f"/api/tables/{loo['table_id']}").json()["deals"] == 10
