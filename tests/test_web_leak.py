"""No message to a client ever holds another seat's hidden cards (issue 10, item 7), and Lou's coin commitments
stay secret until all are in (LOU-COMMIT-1).

A client per seat, and a spectator, record every message over whole deals of every preset. Then each deal is
replayed from the downloaded hand history; a card is *hidden from* a seat when another seat held it (or it lay in
the Miss, the widow or the stock) and it never showed in the public view. No such card may appear in that seat's
messages, neither as ``Qh`` nor as ``Q♥``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lanterloo import PRESET_NAMES, Card, Rules, parse_action, replay, rules_with
from lanterloo.engine.words import Words
from lanterloo.web.protocol import view_json
from webtools import Msg, Player, client, deal_over, play_all, protocols, table

DEALS = 2


def _players(preset: str) -> int:
    lo, hi = rules_with(preset).player_range()
    return max(lo, min(4, hi))


def _secrets(rec: dict[str, Any]) -> list[set[Card]]:
    """For each seat, the cards of this deal hidden from it from start to end."""
    rules = Rules.from_dict(rec["rules"])
    n = len(rec["seats"])
    start = {k: rec[k] for k in ("dealer", "pool", "ante", "deck", "reshuffles")}
    start["stacks"] = [s["stack"] for s in rec["seats"]]
    deal = replay(rules, start, [])
    held: list[set[Card]] = [set() for _ in range(n)]
    public: set[str] = set()

    def look() -> None:
        for s in range(n):
            held[s].update(deal.hand(s))
        public.update(json.dumps(view_json(deal.view(None), Words(deal.rules))).split('"'))

    look()
    for seat, text in rec["actions"]:
        deal.apply(parse_action(text), seat)
        look()
    pack = {Card.parse(c) for c in rec["deck"]}
    return [{c for c in pack - held[s] if str(c) not in public} for s in range(n)]


def _leaks(messages: list[Msg], deal: int, hidden: set[Card]) -> list[str]:
    text = "\n".join(json.dumps(m, ensure_ascii=False) for m in messages if m.get("deal") == deal)
    return [str(c) for c in hidden if f'"{c}"' in text or c.unicode in text]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_client_ever_receives_another_seats_hidden_cards(tmp_path: Path, preset: str) -> None:
    n = _players(preset)
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, preset=preset, players=n, humans=tuple(range(n)))
        sockets = [c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[s])) for s in range(n)]
        spectator_ws = c.websocket_connect(f"/ws/tables/{tid}")
        players = [Player(ws.__enter__(), s) for s, ws in enumerate(sockets)]
        spectator = Player(spectator_ws.__enter__(), None)
        try:
            play_all([*players, spectator], deal_over(DEALS), seed=len(preset))
        finally:
            for ws in [*sockets, spectator_ws]:
                ws.__exit__(None, None, None)
        history = [json.loads(line) for line in c.get(f"/api/tables/{tid}/history").text.splitlines()]
    assert [r["deal"] for r in history] == list(range(1, DEALS + 1))
    for rec in history:
        secret = _secrets(rec)
        for p in players:
            assert p.seat is not None
            assert not _leaks(p.log, rec["deal"], secret[p.seat]), (preset, rec["deal"], p.seat)
        # a card hidden from any seat was in a hand, the Miss, the widow or the stock, and never shown: private
        assert not _leaks(spectator.log, rec["deal"], set().union(*secret)), preset
        # the check has teeth: each seat's own hand shows up in its own messages
        for p in players:
            assert p.seat is not None
            hands = [m["view"]["hand"] for m in p.log if m["type"] == "state" and m["deal"] == rec["deal"]]
            assert any(hands), (preset, p.seat)


def test_lou_commitments_stay_secret_until_all_are_in(tmp_path: Path) -> None:
    """LOU-COMMIT-1: another seat's state and events during the commit say only *that* a seat committed."""
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, preset="lou", players=4, humans=(0, 1, 2, 3))
        sockets = [c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[s])) for s in range(4)]
        players = [Player(ws.__enter__(), s) for s, ws in enumerate(sockets)]
        try:
            play_all(players, deal_over(1), seed=5)
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    seen_commit = False
    for p in players:
        for m in p.log:
            if m["type"] == "state" and m["view"]["phase"] == "commit":
                v = m["view"]
                for s in range(4):
                    if s != p.seat and v["committed"][s]:
                        seen_commit = True
                        assert v["declarations"][s] is None and not v["in_play"][s]
            if m["type"] == "state":
                for e in m["events"]:
                    if e["kind"] == "committed" and e["seat"] != p.seat:
                        assert e["text"].endswith("commits, in secret."), e
    assert seen_commit


@pytest.mark.parametrize(("preset", "options"), [("five-card", {}), ("lou", {"lou_draw": 3})])
def test_pam_exch_1_a_seat_is_told_the_cards_it_drew_and_nobody_else_is(
    tmp_path: Path, preset: str, options: dict[str, Any]
) -> None:
    """PAM-EXCH-1, LOU-DRAW-1: a seat's view names the cards it drew (``drawn``), all still in its hand, until it plays
    its first card; another seat's draw is never named to it, and a spectator is told of none."""
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, preset=preset, players=4, humans=(0, 1, 2, 3), options=options)
        sockets = [c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[s])) for s in range(4)]
        spectator_ws = c.websocket_connect(f"/ws/tables/{tid}")
        players = [Player(ws.__enter__(), s) for s, ws in enumerate(sockets)]
        spectator = Player(spectator_ws.__enter__(), None)
        try:
            play_all([*players, spectator], deal_over(DEALS), seed=11)
        finally:
            for ws in [*sockets, spectator_ws]:
                ws.__exit__(None, None, None)
    told = 0
    for p in players:
        played: set[int] = set()  # the deals in which this seat has played a card
        for m in p.log:
            if m["type"] != "state":
                continue
            v = m["view"]
            assert set(v["drawn"]) <= set(v["hand"]), (preset, p.seat, v["drawn"], v["hand"])
            drew = [e for e in m["events"] if e["kind"] == "exchanged" and e["seat"] == p.seat]
            if any(e["kind"] == "played" and e["seat"] == p.seat for e in m["events"]):
                played.add(m["deal"])
            if m["deal"] in played:
                assert v["drawn"] == [], (preset, p.seat)  # marked only until the seat's first card
            told += bool(v["drawn"]) and not drew  # told again in the states after the draw, not only once
    assert told, preset  # the check has teeth: some seat drew and was told
    assert all(m["view"]["drawn"] == [] for m in spectator.log if m["type"] == "state")
