"""The web table against bad input and careless users (issue 10, items 2 and 7): every refusal is one sentence
that names the problem, and nothing changes (no table made, no seat taken, no chip moved)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lanterloo.web import names
from lanterloo.web.store import Store
from webtools import Player, client, protocols, table


def _error(r: Any, status: int) -> str:
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert list(body) == ["error"], body
    text: str = body["error"]
    assert text.endswith(".") and "\n" not in text, text
    return text


def _nothing_made(c: TestClient) -> None:
    assert c.get("/api/tables").json()["tables"] == []


# --- item 1: size and unknown fields


def test_a_body_over_64_kib_is_refused_with_413_before_it_is_read(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        big = json.dumps({"title": "x" * (70 * 1024)})
        text = _error(c.post("/api/tables", content=big, headers={"content-type": "application/json"}), 413)
        assert "64 KiB" in text

        def chunks() -> Any:  # no Content-Length: counted as it streams, refused past the limit
            for _ in range(50):
                yield b" " * 4096

        r = c.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        assert "64 KiB" in _error(r, 413)
        _nothing_made(c)


def test_an_unknown_field_is_refused_by_name(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        text = _error(c.post("/api/tables", json={"players": 4, "colour": "red"}), 422)
        assert '"colour"' in text
        table(c, players=3, humans=())  # all bots: it starts
        r = c.post("/api/tables", json={})
        new = r.json()["table_id"]
        assert '"admin"' in _error(c.post(f"/api/tables/{new}/seats/0", json={"name": "Ann", "admin": True}), 422)
        assert c.get(f"/api/tables/{new}").json()["seated"] == 0


# --- item 2: strict types and one error shape


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"players": True}, '"players" must be a whole number'),
        ({"players": "5"}, '"players" must be a whole number'),
        ({"players": 1e300}, '"players" must be a whole number'),
        ({"stack": 5.5}, '"stack" must be a whole number'),
        ({"deals": "3"}, '"deals" must be a whole number'),
        ({"title": 7}, '"title" must be text'),
        ({"options": []}, '"options" must be a JSON object'),
        ({"private": 1}, '"private" must be true or false'),
    ],
)
def test_loose_numbers_and_wrong_types_are_refused_naming_the_field(tmp_path: Path, body: Any, words: str) -> None:
    with client(tmp_path / "t.db") as c:
        assert words in _error(c.post("/api/tables", json=body), 422)
        _nothing_made(c)


def test_every_refusal_has_the_error_shape_never_detail(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        deep = "[" * 100_000 + "]" * 100_000
        r = c.post("/api/tables", content=deep, headers={"content-type": "application/json"})
        assert r.status_code in (400, 413, 422)
        assert "error" in r.json() and "detail" not in r.json()
        nested = "[" * 5000 + "]" * 5000
        r = c.post("/api/tables", content=nested, headers={"content-type": "application/json"})
        assert r.status_code in (400, 422) and list(r.json()) == ["error"], r.text
        text = _error(c.post("/api/tables", content='{"players": 4}', headers={"content-type": "text/plain"}), 415)
        assert "application/json" in text and "text/plain" in text
        assert "no such page" in _error(c.get("/api/nothing-here"), 404)
        assert "not allowed" in _error(c.delete("/api/tables"), 405)
        assert "seat in the address must be a whole number" in _error(
            c.post("/api/tables/abc/seats/x", json={"name": "Ann"}), 422
        )
        assert "missing" in _error(c.post("/api/tables", headers={"content-type": "application/json"}), 422)
        _nothing_made(c)


# --- item 3: rate limits, the waiting cap, expiry, the lobby's pages


def test_creating_tables_and_taking_seats_are_rate_limited_per_address(tmp_path: Path) -> None:
    with client(tmp_path / "t.db", tables_per_minute=3, seats_per_minute=2) as c:
        made = [c.post("/api/tables", json={"players": 3}) for _ in range(3)]
        assert all(r.status_code == 200 for r in made)
        r = c.post("/api/tables", json={"players": 3})
        assert "Too many new tables" in _error(r, 429)
        assert int(r.headers["retry-after"]) >= 1
        tid = made[0].json()["table_id"]
        assert c.post(f"/api/tables/{tid}/seats/0", json={"name": "Ann"}).status_code == 200
        assert c.post(f"/api/tables/{tid}/seats/1", json={"name": "Bob"}).status_code == 200
        r = c.post(f"/api/tables/{tid}/seats/2", json={"name": "Cy"})
        assert "Too many seats taken" in _error(r, 429) and "retry-after" in r.headers
        assert c.get("/api/tables").json()["total"] == 3
        assert c.get(f"/api/tables/{tid}").json()["seated"] == 2


def test_a_refused_table_does_not_count_against_the_address(tmp_path: Path) -> None:
    """A mistake in the lobby's form is answered in one sentence and costs nothing of the address's allowance."""
    with client(tmp_path / "t.db", tables_per_minute=2) as c:
        for body in ({"next_deal": -1}, {"players": 0}, {"stack": -5}, {"options": {"colour": 1}}) * 3:
            assert c.post("/api/tables", json=body).status_code in (400, 422)
        assert all(c.post("/api/tables", json={"players": 3}).status_code == 200 for _ in range(2))
        assert "Too many new tables" in _error(c.post("/api/tables", json={"players": 3}), 429)


def test_the_number_of_waiting_tables_is_capped(tmp_path: Path) -> None:
    with client(tmp_path / "t.db", max_waiting=2) as c:
        for _ in range(2):
            assert c.post("/api/tables", json={}).status_code == 200
        assert "Too many tables are waiting" in _error(c.post("/api/tables", json={}), 503)


def test_a_table_idle_an_hour_without_starting_expires(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with client(tmp_path / "t.db") as c:
        old = c.post("/api/tables", json={"title": "Old"}).json()["table_id"]
        started, _host, _tokens = table(c, players=3, humans=())
        later = time.time() + 3601
        monkeypatch.setattr(time, "time", lambda: later)
        fresh = c.post("/api/tables", json={"title": "Fresh"}).json()["table_id"]
        listed = {t["table_id"] for t in c.get("/api/tables").json()["tables"]}
        assert listed == {fresh, started}  # the table in play never expires
        assert c.get(f"/api/tables/{old}").json()["status"] == "expired"
        assert "expired" in _error(c.post(f"/api/tables/{old}/seats/0", json={"name": "Ann"}), 410)


def test_the_lobby_is_paged(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        ids = [c.post("/api/tables", json={"title": f"T{k}"}).json()["table_id"] for k in range(5)]
        first = c.get("/api/tables?limit=2").json()
        assert first["total"] == 5 and len(first["tables"]) == 2 and first["next"] == 2
        second = c.get("/api/tables?limit=2&offset=2").json()
        last = c.get("/api/tables?limit=2&offset=4").json()
        assert last["next"] is None
        seen = [t["table_id"] for page in (first, second, last) for t in page["tables"]]
        assert sorted(seen) == sorted(ids) and len(set(seen)) == 5
        assert _error(c.get("/api/tables?limit=0"), 422) == 'The query parameter "limit" must be at least 1.'
        assert _error(c.get("/api/tables?limit=500"), 422) == 'The query parameter "limit" must be at most 200.'
        assert "limit" in _error(c.get("/api/tables?limit=lots"), 422)


# --- item 4: private tables


def test_a_private_table_is_unlisted_and_needs_its_invite_code(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        made = c.post("/api/tables", json={"players": 3, "private": True}).json()
        tid, code, host = made["table_id"], made["code"], made["host_token"]
        assert made["invite"] == f"/t/{tid}#invite={code}" and len(code) >= 40
        assert c.get("/api/tables").json()["tables"] == []
        assert "invite" in _error(c.get(f"/api/tables/{tid}"), 404)
        assert c.get(f"/api/tables/{tid}", headers={"x-invite": code}).status_code == 200
        assert _error(c.post(f"/api/tables/{tid}/seats/0", json={"name": "Eve"}), 404)
        assert _error(c.post(f"/api/tables/{tid}/seats/0", json={"name": "Eve", "invite": "guess"}), 404)
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:  # a spectator without the code
            assert "invite" in ws.receive_json()["message"]
        r = c.post(f"/api/tables/{tid}/seats/0", json={"name": "Ann", "invite": code})
        assert r.status_code == 200
        token = r.json()["token"]
        for s in (1, 2):  # the host needs no code: the host token is its own proof
            bot = {"style": "random", "host_token": host}
            assert c.post(f"/api/tables/{tid}/seats/{s}/bot", json=bot).status_code == 200
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(token)) as ws:
            assert Player(ws, 0).recv()["seat"] == 0
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(invite=code)) as ws:
            p = Player(ws, None)
            assert p.recv()["type"] == "welcome"
            assert p.until(lambda m: m["type"] == "state")["view"]["hand"] == []


# --- item 5: names


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "cannot be empty"),
        ("   ", "cannot be empty"),
        ("x" * 25, "at most 24 characters"),
        ("a\u0007b", "U+0007"),
        ("An\u202ene", "U+202E"),  # a right-to-left override
        ("Z\u200bed", "U+200B"),  # a zero-width space
        ("Ann\nBob", "U+000A"),
        ("Z" + "\u0301" * 8, "combining marks"),
        ("\u0301Ann", "cannot begin with a combining mark"),
        ("You", "kept for the page"),
        ("you", "kept for the page"),
        ("Balanced bot", "kept for the page"),
        ("Bot 2 (balanced)", "kept for the page"),
        ("Seat 3", "kept for the page"),
        ("\uff39\uff4f\uff55", "kept for the page"),  # fullwidth "You": read as "You" on another player's page
        ("Balanced \uff42\uff4f\uff54", "kept for the page"),
        ("Y\u043eu", "letters of different alphabets"),  # a Cyrillic о in "You"
        ("\u0412ot 2 (balanced)", "letters of different alphabets"),  # a Cyrillic В in a bot's name
        ("\u0410nn", "letters of different alphabets"),  # "Аnn", to sit beside "Ann"
        ("B0t 2 (balanced)", "kept for the page"),  # a zero for the o
        ("Y0u", "kept for the page"),
    ],
)
def test_a_bad_name_is_refused_in_one_sentence(tmp_path: Path, name: str, words: str) -> None:
    with client(tmp_path / "t.db") as c:
        tid = c.post("/api/tables", json={}).json()["table_id"]
        assert words in _error(c.post(f"/api/tables/{tid}/seats/0", json={"name": name}), 400)
        assert c.get(f"/api/tables/{tid}").json()["seated"] == 0


def test_names_are_normalised_and_unique_per_table_ignoring_case(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid = c.post("/api/tables", json={}).json()["table_id"]
        r = c.post(f"/api/tables/{tid}/seats/0", json={"name": "  Zoe\u0301  "})  # e + combining acute
        assert r.json()["name"] == "Zoé" and len(r.json()["name"]) == 3  # NFC: one character
        assert "already called" in _error(c.post(f"/api/tables/{tid}/seats/1", json={"name": "ZOÉ"}), 400)
        assert "already called" in _error(c.post(f"/api/tables/{tid}/seats/1", json={"name": "zoe\u0301"}), 400)
        assert "already called" in _error(
            c.post(f"/api/tables/{tid}/seats/1", json={"name": "\uff3a\uff4f\u00e9"}), 400
        )
        assert c.post(f"/api/tables/{tid}/seats/1", json={"name": "Robot Rita"}).status_code == 200
        # one alphabet, accents and all, is a name; a pasted no-break space is a space
        assert c.post(f"/api/tables/{tid}/seats/2", json={"name": "\u0418\u0432\u0430\u0301\u043d"}).status_code == 200
        assert c.post(f"/api/tables/{tid}/seats/3", json={"name": "Ann\u00a0Lee"}).json()["name"] == "Ann Lee"
        accents = "Ṩ\u0323\u0307"  # two marks on a letter: a real name in some scripts
        assert names.clean(accents) == names.clean(accents)


def test_bot_names_read_distinctly_from_their_first_characters(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, _host, _tokens = table(c, players=4, humans=(), bot="balanced")
        seats = c.get(f"/api/tables/{tid}").json()["seats"]
        assert [s["name"] for s in seats] == [f"Bot {k} (balanced)" for k in (1, 2, 3, 4)]


def test_a_table_whose_ante_is_more_than_the_stack_is_refused_at_creation(tmp_path: Path) -> None:
    """LOO-ANTE: a table nobody can ante at would end before its first deal; it is refused, naming both numbers."""
    with client(tmp_path / "t.db") as c:
        text = _error(c.post("/api/tables", json={"players": 3, "stack": 50, "options": {"ante": 999999}}), 400)
        assert "999999" in text and "50" in text
        _nothing_made(c)
        assert c.post("/api/tables", json={"players": 3, "stack": 50, "options": {"ante": 50}}).status_code == 200


def test_an_option_that_changes_nothing_in_the_game_is_neither_offered_nor_taken(tmp_path: Path) -> None:
    """LOUSE-MATCH-1's target means nothing at three-card Loo: the lobby does not offer it and the API refuses it,
    while an option that applies only once another is on (Bold Stand's withdrawal of the Miss) is offered."""
    with client(tmp_path / "t.db") as c:
        presets = {p["name"]: p for p in c.get("/api/presets").json()["presets"]}
        offered = {o["name"] for o in presets["three-card"]["options"]}
        assert "louse_target" not in offered and "lou_draw" not in offered
        assert {"miss", "bold_stand", "bold_stand_withdraw_miss", "club_law"} <= offered
        assert "louse_target" in {o["name"] for o in presets["louse"]["options"]}
        r = c.post("/api/tables", json={"preset": "three-card", "options": {"louse_target": "500"}})
        assert "louse_target changes nothing in" in _error(r, 400)
        _nothing_made(c)


def test_a_body_that_is_not_utf8_or_has_a_huge_number_is_told_so(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        json_type = {"content-type": "application/json"}
        r = c.post("/api/tables", content=b'{"title": "\xff\xfe"}', headers=json_type)
        assert "UTF-8" in _error(r, 400)
        r = c.post("/api/tables", content=b'{"players": ' + b"1" * 5000 + b"}", headers=json_type)
        assert "too many digits" in _error(r, 400)
        _nothing_made(c)


def test_starting_with_one_seat_empty_names_that_seat(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        made = c.post("/api/tables", json={"players": 3}).json()
        tid, host = made["table_id"], made["host_token"]
        for seat in (0, 1):
            c.post(f"/api/tables/{tid}/seats/{seat}/bot", json={"style": "random", "host_token": host})
        r = c.post(f"/api/tables/{tid}/start", json={"host_token": host})
        assert "seat 2 is empty" in _error(r, 409)


# --- item 9: tokens


def test_a_token_in_the_url_is_not_taken(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, players=3, humans=(0,))
        with c.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws:
            p = Player(ws, None)
            assert p.recv()["seat"] is None
            assert "subprotocol" in p.until(lambda m: m["type"] == "error")["message"]


def test_a_seat_token_can_be_reset_and_the_old_one_stops_working(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, players=3, humans=(0, 1))
        old = tokens[0]
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(old)) as ws:
            p = Player(ws, 0)
            assert p.recv()["seat"] == 0
            assert "does not hold seat 1" in _error(
                c.post(f"/api/tables/{tid}/seats/1/token", json={"token": old}), 403
            )
            r = c.post(f"/api/tables/{tid}/seats/0/token", json={"token": old})
            assert r.status_code == 200 and r.json()["seat"] == 0
            new = r.json()["token"]
            assert new != old
            told = p.until(lambda m: m["type"] == "error")
            assert "given a new key on another page" in told["message"]
        assert c.post(f"/api/tables/{tid}/seats/0/token", json={"token": old}).status_code == 403
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(old)) as ws:
            assert ws.receive_json()["seat"] is None
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(new)) as ws:
            assert ws.receive_json()["seat"] == 0


def test_two_tabs_with_one_token_both_stay_connected_and_both_see_the_game(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, players=3, humans=(0,))
        with (
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as a,
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as b,
        ):
            pa, pb = Player(a, 0), Player(b, 0)
            sa = pa.until(lambda m: m["type"] == "state" and 0 in m["view"]["seats_to_act"])
            sb = pb.until(lambda m: m["type"] == "state" and m["step"] == sa["step"] and m["deal"] == sa["deal"])
            assert sa["view"]["hand"] == sb["view"]["hand"] != []
            pa.act(sa["view"]["legal"][0]["action"])
            assert pb.until(lambda m: m["type"] == "state" and m["step"] > sa["step"])


def test_a_database_of_the_first_schema_is_migrated_and_its_tables_stay_public(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    from lanterloo.web.store import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(
            text(
                "INSERT INTO loo_tables VALUES ('old1', 'Old', 'three-card', '{}', 3, 10, NULL, NULL, 1, 'h', "
                "'waiting', :t)"
            ),
            {"t": time.time()},
        )
    engine.dispose()
    store = Store(url)
    try:
        setup = store.table("old1")
        assert setup is not None and not setup.private and store.invited("old1", None)
        assert [t.id for t in store.lobby(10, 0)[0]] == ["old1"]
    finally:
        store.close()
