"""The end of a deal at the web table, and the words and help a player gets: the summary's numbers are the engine's
settlement (antes included; Louse itemised), the next deal waits for the players' "Next deal" or the table's
countdown, the hint, what the stand-in bot played for an absent player, structured actions in the table's own
words, and the malformed messages that must cost one sentence, never the connection. On a fake clock (no test
waits on the wall clock)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lanterloo.engine.words import Words
from lanterloo.rules import PRESETS
from test_web_timer import FakeClock, look, room_of
from webtools import Msg, Player, client, deal_over, play_all, protocols, table


def _rows(msg: Msg) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = msg["summary"]["rows"]
    return rows


@pytest.mark.parametrize("preset", ["three-card", "five-card", "lou", "irish"])
def test_loo_pool_1_summary_rows_are_the_settlement_with_the_ante(tmp_path: Path, preset: str) -> None:
    """LOO-POOL-1, LOO-POOL-3: each row's stack before → after is the antes plus what the settlement paid and took,
    so a seat that passed shows the ante it lost and a winner the stack it really gained."""
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, preset=preset, players=4, humans=(0,), bot="balanced")
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            over = [p.play_until(deal_over(k)) for k in (1, 2, 3)]
    for msg in over:
        st = msg["settlement"]
        summary = msg["summary"]
        assert summary["pool_before"] == st["pool_before"] and summary["pool_after"] == st["pool_after"]
        for row in _rows(msg):
            s = row["seat"]
            assert isinstance(s, int)
            assert row["won"] == st["won"][s] and row["paid"] == st["paid"][s]
            assert row["net"] == row["stack_after"] - row["stack_before"]  # type: ignore[operator]
            assert row["net"] == st["won"][s] - st["paid"][s] - row["ante"]
            assert row["tricks_taken"] == st["tricks"][s] == len(row["tricks"])  # type: ignore[arg-type]
            assert row["looed"] == (s in st["looed"])
        assert _rows(msg)[0]["you"] is True and not any(r["you"] for r in _rows(msg)[1:])
    words = Words(PRESETS[preset])
    assert over[0]["summary"]["words"]["pot"] == words.pot
    assert over[0]["summary"]["words"]["looed"] == ("matched" if preset == "lou" else "looed")


def test_louse_score_1_summary_itemises_points_and_match_totals(tmp_path: Path) -> None:
    """LOUSE-SCORE-1/2/3: a Louse row lists the penalty cards the seat took, each with its points, the deal's
    points (the settlement's) and the match total before → after; no chips, no pool."""
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, preset="louse", players=4, humans=(0,), bot="balanced")
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            over = [p.play_until(deal_over(k)) for k in (1, 2)]
    totals = [0, 0, 0, 0]
    for msg in over:
        assert msg["summary"]["words"]["has_pool"] is False
        for row in _rows(msg):
            s = row["seat"]
            assert isinstance(s, int)
            assert "stack_before" not in row and "ante" not in row
            assert row["points"] == msg["settlement"]["points"][s]
            assert row["match_before"] == totals[s]
            assert row["match_after"] == totals[s] + row["points"]  # type: ignore[operator]
            cards = row["penalty_cards"]
            assert isinstance(cards, list) and all(pts > 0 for _card, pts, _cancelled, _counts in cards)
            # what the cards count, the Q♦'s cancellations taken off, is the deal's points (LOUSE-SCORE-3)
            assert sum(counts for *_rest, counts in cards) == row["points"]
            totals[s] = row["match_after"]


def _until_deal(p: Player, k: int) -> Msg:
    return p.until(lambda m: m["type"] == "state" and m["deal"] == k)


def test_session_next_deal_waits_for_every_players_next_deal(tmp_path: Path) -> None:
    """With ``next_deal`` null the table deals on only once every connected player has pressed "Next deal": the
    summary stays on screen however long the clock runs."""
    clock = FakeClock()
    with client(tmp_path / "t.db", clock=clock) as c:
        tid, _host, tokens = table(c, players=3, humans=(0, 1), bot="balanced", next_deal=None)
        with (
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0,
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[1])) as w1,
        ):
            p0, p1 = Player(w0, 0), Player(w1, 1)
            play_all([p0, p1], deal_over(1))
            room = room_of(c, tid)
            first = p0.log[-1]
            assert first["next_deal"]["seconds"] is None and first["next_deal"]["left_ms"] is None
            clock.advance(c, 10_000.0)
            assert look(c, room) == float("inf") and room.deal_no == 1
            w0.send_json({"type": "ready", "deal": 1})
            told = p1.until(lambda m: m["type"] == "ready")
            assert told["seats"] == [0]
            assert look(c, room) == float("inf") and room.deal_no == 1  # seat 1 is still reading
            w1.send_json({"type": "ready"})
            assert _until_deal(p0, 2)["deal"] == 2


def test_session_next_deal_countdown_deals_on_by_itself(tmp_path: Path) -> None:
    """A countdown of 30 s: the summary says how long is left, and the next deal comes when it runs out."""
    clock = FakeClock()
    with client(tmp_path / "t.db", clock=clock) as c:
        tid, _host, tokens = table(c, players=3, humans=(0,), bot="balanced", next_deal=30)
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            over = p.play_until(deal_over(1))
            room = room_of(c, tid)
            assert over["next_deal"]["seconds"] == 30 and 0 < over["next_deal"]["left_ms"] <= 30_000
            wait = look(c, room)
            assert wait is not None and 0 < wait <= 30 and room.deal_no == 1
            clock.advance(c, 31.0)
            assert _until_deal(p, 2)["deal"] == 2


def test_common_4_hint_names_a_legal_choice_with_its_reason(tmp_path: Path) -> None:
    """The hint is the balanced bot's choice for the asking seat, one of its legal actions, with the reason told
    to "you"; asked out of turn it is one sentence (COMMON-4), and nothing changes."""
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, players=3, humans=(0,), bot="balanced")
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            st = p.until(lambda m: m["type"] == "state" and 0 in m["view"]["seats_to_act"] and m["view"]["legal"])
            ws.send_json({"type": "hint"})
            hint = p.until(lambda m: m["type"] == "hint")
            legal = [a["action"] for a in st["view"]["legal"]]
            assert hint["action"]["action"] in legal and hint["step"] == st["step"]
            assert hint["do"] and hint["why"] and hint["bot"] == "balanced"
            assert " I " not in f" {hint['why']} "
    with client(tmp_path / "u.db") as c:
        # seat 1's player never connects and is held its seat: the table waits on seat 1's turn
        tid, _host, tokens = table(c, players=3, humans=(0, 1), bot="balanced")
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            p.play_until(lambda m: m["type"] == "state" and m["view"]["seats_to_act"] == [1])
            ws.send_json({"type": "hint"})
            err = p.until(lambda m: m["type"] == "error")
            assert err["message"] == "It is not your turn, so there is nothing to advise."
        with c.websocket_connect(f"/ws/tables/{tid}") as spectator:
            watcher = Player(spectator, None)
            watcher.until(lambda m: m["type"] == "state")
            spectator.send_json({"type": "hint"})
            assert watcher.until(lambda m: m["type"] == "error")["message"].startswith("Spectators get no hint")


def test_structured_actions_carry_kind_card_and_the_tables_words(tmp_path: Path) -> None:
    """The page receives each legal action structured ({kind, card, civil, label}), and Lou's declaration is
    labelled In/Out by the server (LOU-DECL-1), never guessed by the page."""
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, preset="lou", players=4, humans=(0,), bot="balanced")
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            seen: dict[str, dict[str, object]] = {}
            p.play_until(deal_over(2), choose=lambda st: _note(seen, st))
    assert {"play", "pass"} <= seen.keys() and "card" in seen
    assert seen["play"]["label"] == "In" and seen["pass"]["label"] == "Out"
    assert isinstance(seen["card"]["card"], str) and seen["card"]["civil"] in (True, False)


def test_loo_decl_1_the_prompt_names_every_choice_in_the_games_words(tmp_path: Path) -> None:
    """LOO-DECL-1: the seat to act is asked in words that name each legal declaration; Lou asks In or Out."""
    with client(tmp_path / "t.db") as c:
        for preset, players in (("three-card", 4), ("lou", 4)):
            tid, _host, tokens = table(c, preset=preset, players=players, humans=(0,), bot="balanced")
            with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
                p = Player(ws, 0)
                st = p.until(
                    lambda m: m["type"] == "state" and 0 in m["view"]["seats_to_act"] and bool(m["view"]["legal"])
                )
                assert st["prompt"] is not None and st["prompt"].startswith("Your ")
                kinds = {a["kind"] for a in st["view"]["legal"]}
                if preset == "lou" and kinds & {"play", "pass"}:
                    assert "In or Out?" in st["prompt"]
                elif kinds & {"play", "pass"}:
                    assert all(a["label"].lower() in st["prompt"].lower() for a in st["view"]["legal"])
                watcher = c.websocket_connect(f"/ws/tables/{tid}")
                with watcher as spectator:
                    seen = Player(spectator, None).until(lambda m: m["type"] == "state")
                    assert seen["prompt"] is None


def _note(seen: dict[str, dict[str, object]], st: Msg) -> str:
    for a in st["view"]["legal"]:
        seen.setdefault(a["kind"], a)
    keen = [a for a in st["view"]["legal"] if a["kind"] != "pass"]
    return str((keen or st["view"]["legal"])[0]["action"])


def test_a_returning_player_is_told_what_the_stand_in_played(tmp_path: Path) -> None:
    """A player away past the hold has the stand-in bot play; on return one note lists what it played, by deal."""
    clock = FakeClock()
    with client(tmp_path / "t.db", clock=clock, hold_seconds=60.0) as c:
        tid, _host, tokens = table(c, players=3, humans=(0,), bot="balanced")
        room = room_of(c, tid)
        clock.advance(c, 61.0)
        for _ in range(200):
            if room.played_for.get(0):
                break
            clock.advance(c, 1.0)
        assert room.played_for.get(0), "the stand-in never played"
        played = list(room.played_for[0])
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            note = p.until(lambda m: m["type"] == "note" and m["kind"] == "returned")
    assert note["text"].startswith("While you were away, the balanced bot played for you (deal 1: ")
    assert all(label in note["text"] for _deal, label in played)
    assert not room.played_for.get(0)


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ({"type": ["act"]}, "Unknown message type"),
        ({}, 'A message needs a "type"'),
        ({"type": {"a": 1}}, "Unknown message type"),
        ({"type": "ready", "deal": "1"}, 'The "deal" of a "ready" message'),
        ({"type": "ready", "deal": -1}, "a deal number, 0 or more"),
        ({"type": "act", "action": "pass", "step": 10**3000 // 10**2990}, "That action is for step"),
        ({"type": "hint", "x": 1}, 'no field "x"'),
        ({"type": "ready"}, "No deal has just ended"),
    ],
)
def test_malformed_messages_cost_one_sentence_not_the_connection(tmp_path: Path, raw: Msg, says: str) -> None:
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, players=3, humans=(0,), bot="balanced", next_deal=None)
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            p.until(lambda m: m["type"] == "state")
            ws.send_text(json.dumps(raw))
            err = p.until(lambda m: m["type"] == "error")
            assert says in err["message"], err
            assert "\n" not in err["message"]
            ws.send_json({"type": "ping"})
            p.until(lambda m: m["type"] == "pong")  # still connected


def test_louse_match_1_the_end_of_the_match_says_who_lost_it(tmp_path: Path) -> None:
    """LOUSE-MATCH-1: a Louse match ends when a seat reaches the losing total, and the summary says so (not that
    every agreed deal was played)."""
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(
            c, preset="louse", players=4, humans=(0,), bot="balanced", options={"louse_target": 20}
        )
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as ws:
            p = Player(ws, 0)
            over = p.play_until(lambda m: m["type"] == "deal_over" and m["session_over"])
    assert "penalty points and lost the match" in over["session_end"]
