"""The web table's onboarding over the API: the house rules in words (/api/presets), Play now (POST /api/play-now),
the table's house rules said in words (/api/rules), and the tutorial's drills judged by the engine (/api/tutorial)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from lanterloo.actions import parse_action
from lanterloo.rules import PRESET_INFO, option_choices, rules_with
from lanterloo.rules.optionwords import GROUPS, said
from lanterloo.tutorial import TUTORIALS, Drill
from webtools import Player, client, protocols


def test_every_option_the_lobby_offers_for_every_preset_has_a_group_a_label_and_words(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        body = c.get("/api/presets").json()
    assert [g["name"] for g in body["groups"]] == list(GROUPS)
    assert {p["name"] for p in body["presets"]} == set(PRESET_INFO)
    for preset in body["presets"]:
        lo, hi = preset["players"]
        assert lo <= preset["default_players"] <= hi
        for opt in preset["options"]:
            where = (preset["name"], opt["name"])
            assert opt["group"] in GROUPS, where
            assert opt["label"] and opt["line"], where
            # the engine's own fields are still there
            assert opt["rule"] and opt["help"] and "default" in opt, where
            choices = option_choices(opt["name"]) or ((True, False) if isinstance(opt["default"], bool) else ())
            if choices and "words" in opt:
                words = {w["value"]: w["text"] for w in opt["words"]}
                # the choices the engine accepts for this game, each in words; never one it would refuse
                offered = set(opt.get("choices", choices))
                assert set(words) == offered and offered <= set(choices), where
                for value in offered:
                    rules_with(preset["name"], {opt["name"]: str(value).lower() if isinstance(value, bool) else value})
                assert len(offered) > 1, where  # one value only would change nothing
                assert all(text and "_" not in text for text in words.values()), where
            else:
                assert "{}" in opt["amount"], where


def test_loo_pool_3_a_house_rule_chosen_by_its_words_creates_the_table_and_is_said_in_words(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        three = next(p for p in c.get("/api/presets").json()["presets"] if p["name"] == "three-card")
        loo = next(o for o in three["options"] if o["name"] == "loo_penalty")
        assert loo["group"] == "stakes"
        pool = next(w["value"] for w in loo["words"] if "whole pool" in w["text"])
        made = c.post("/api/tables", json={"preset": "three-card", "players": 4, "options": {"loo_penalty": pool}})
        assert made.status_code == 200, made.text
        summary = c.get(f"/api/tables/{made.json()['table_id']}").json()
        assert summary["rules"]["house"] == {"loo_penalty": "pool"}
        words = c.get("/api/rules/three-card", params={"options": '{"loo_penalty": "pool"}'}).json()["house_rules"]
        assert words == [said("loo_penalty", "pool")]
        assert c.get("/api/rules/three-card").json()["house_rules"] == []


def test_play_now_seats_the_player_with_balanced_bots_and_deals_at_once(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        r = c.post("/api/play-now", json={"preset": "five-card", "name": "Ann"})
        assert r.status_code == 200, r.text
        got = r.json()
        assert (got["seat"], got["name"], got["players"]) == (0, "Ann", 5)
        assert got["url"] == f"/t/{got['table_id']}"
        summary = c.get(f"/api/tables/{got['table_id']}").json()
        assert summary["status"] == "playing" and summary["preset"] == "five-card"
        assert summary["stack"] == 100 and summary["rules"]["house"] == {}
        assert summary["title"] == "Ann's table"
        assert [s["kind"] for s in summary["seats"]] == ["human"] + ["bot"] * 4
        assert {s["style"] for s in summary["seats"][1:]} == {"balanced"}
        with c.websocket_connect(f"/ws/tables/{got['table_id']}", subprotocols=protocols(got["token"])) as ws:
            p = Player(ws, 0)
            assert p.recv()["seat"] == 0  # the token holds seat 0
            state = p.until(lambda m: m["type"] == "state")
            assert state["deal"] == 1  # dealt already


def test_play_now_uses_the_games_default_player_count(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        louse = c.post("/api/play-now", json={"preset": "louse", "name": "Ann"}).json()
        assert louse["players"] == 4  # Louse is played by four
        loo = c.post("/api/play-now", json={"name": "Ann"}).json()
        assert c.get(f"/api/tables/{loo['table_id']}").json()["preset"] == "three-card"
        assert loo["players"] == 5


@pytest.mark.parametrize(
    "body, error",
    [
        ({"preset": "nope", "name": "Ann"}, "Unknown variant 'nope'"),
        ({"preset": "three-card", "name": "  "}, "A name cannot be empty."),
        ({"preset": "three-card", "name": "You"}, "The name 'You' is kept"),
        ({"preset": "three-card"}, 'The field "name" is missing.'),
    ],
)
def test_play_now_refuses_bad_input_in_one_sentence_and_creates_nothing(
    tmp_path: Path, body: dict[str, str], error: str
) -> None:
    with client(tmp_path / "t.db") as c:
        r = c.post("/api/play-now", json=body)
        assert r.status_code in (400, 422), r.text
        assert r.json()["error"].startswith(error), r.json()
        assert c.get("/api/tables").json()["tables"] == []


def test_play_now_obeys_the_per_address_limit_on_new_tables(tmp_path: Path) -> None:
    with client(tmp_path / "t.db", tables_per_minute=2) as c:
        for _ in range(2):
            assert c.post("/api/play-now", json={"name": "Ann"}).status_code == 200
        r = c.post("/api/play-now", json={"name": "Ann"})
        assert r.status_code == 429 and r.json()["error"].startswith("Too many new tables")
        assert c.get("/api/tables").json()["total"] == 2


def _drill(name: str, title: str) -> int:
    return next(i for i, s in enumerate(TUTORIALS[name].steps) if isinstance(s, Drill) and s.title == title)


def test_the_tutorial_steps_carry_the_cards_and_no_answer(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        for name, tut in TUTORIALS.items():
            got = c.get(f"/api/tutorial/{name}").json()
            assert [s["title"] for s in got["steps"]] == [s.title for s in tut.steps]
            for step, data in zip(tut.steps, got["steps"], strict=True):
                if isinstance(step, Drill):
                    # every choice the lesson explains, in the game's button order (Drill.choices)
                    assert [parse_action(ch["action"]) for ch in data["choices"]] == step.choices()
                    text = str(data)
                    assert not any(why in text for why in step.explain.values()), (name, step.title)
        step = c.get("/api/tutorial/three-card").json()["steps"][_drill("three-card", "Follow and head")]
        pos = step["position"]
        assert sorted(pos["hand"]) == ["5H", "AC", "KH"] and pos["turnup"] == "7S"
        assert [(t["name"], t["card"]) for t in pos["trick"]] == [("Basil", "9H"), ("Cora", "QH"), ("Dexter", "2C")]
        assert {ch["card"] for ch in step["choices"]} == {"KH", "5H", "AC"}
        assert c.get("/api/tutorial/nonsense").status_code == 404


def test_loo_play_2_a_tutorial_drill_refuses_a_card_that_does_not_head_and_accepts_the_one_that_does(
    tmp_path: Path,
) -> None:
    at = _drill("three-card", "Follow and head")
    with client(tmp_path / "t.db") as c:
        wrong = c.post(f"/api/tutorial/three-card/{at}", json={"action": "5♥"}).json()
        assert wrong["right"] is False and wrong["rule"] == "LOO-PLAY-2"
        assert "head the trick" in wrong["text"]
        right = c.post(f"/api/tutorial/three-card/{at}", json={"action": "Kh"}).json()  # any notation
        assert right["right"] is True and right["action"] == "K♥" and right["text"].startswith("Right")


def test_a_best_drill_says_why_a_legal_choice_is_not_the_best(tmp_path: Path) -> None:
    at = _drill("three-card", "Play or pass?")
    with client(tmp_path / "t.db") as c:
        timid = c.post(f"/api/tutorial/three-card/{at}", json={"action": "pass"}).json()
        assert timid["right"] is False and timid["rule"] is None and timid["text"].startswith("Too timid")
        assert c.post(f"/api/tutorial/three-card/{at}", json={"action": "play"}).json()["right"] is True


@pytest.mark.parametrize(
    "step, action, status, error",
    [
        (0, "play", 400, "Step 0 of 3-card Loo is not a drill"),
        (99, "play", 404, "There is no step 99"),
        ("drill", "Q♠", 400, "Choose one of this drill's choices"),
        ("drill", "nonsense", 400, "Choose one of this drill's choices"),
    ],
)
def test_a_tutorial_choice_that_is_not_one_is_refused_in_one_sentence(
    tmp_path: Path, step: int | str, action: str, status: int, error: str
) -> None:
    at = _drill("three-card", "Follow and head") if step == "drill" else step
    with client(tmp_path / "t.db") as c:
        r = c.post(f"/api/tutorial/three-card/{at}", json={"action": action})
    assert r.status_code == status and r.json()["error"].startswith(error), r.json()
    assert r.json()["error"].endswith(".")


def test_the_tutorial_page_lists_the_steps_and_holds_no_drills_answer(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        for name, tut in TUTORIALS.items():
            page = c.get(f"/tutorial/{name}").text
            assert f'data-tutorial="{name}"' in page and 'id="lesson-next"' in page
            for step in tut.drills():
                assert not any(why.replace("'", "&#39;") in page for why in step.explain.values()), step.title
