"""The tutorial's guided deal on the real table page (issue 23, item 5): the lesson table at /tutorial/{name}/deal
draws the same felt, hand, prompt and summary as a table, with the lesson's tip and the adviser's choice beside
it, every move checked by the engine (POST /api/tutorial/{name}/deal). And the words of the game, for newcomers:
each table's "What do the words mean?" panel, from ``rules.glossary``. Browser waits are for states, never times."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from lanterloo.rules import PRESETS, rules_with
from lanterloo.rules.glossary import glossary
from lanterloo.tutorial import TUTORIALS, Guided
from lanterloo.web.app import create_app

RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+\b")


@pytest.fixture
def api(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'lesson.db'}"))


def _deal(api: TestClient, name: str, moves: list[str], seen: int = 0) -> Any:
    r = api.post(f"/api/tutorial/{name}/deal", json={"moves": moves, "seen": seen})
    assert r.status_code == 200, r.text
    return r.json()


def _advised(api: TestClient, name: str) -> tuple[list[str], list[Any]]:
    """The guided deal played to its end by the adviser's choices: the moves and every answer on the way."""
    moves: list[str] = []
    got = [_deal(api, name, moves)]
    while got[-1]["over"] is None:
        moves.append(got[-1]["hint"]["action"]["action"])
        got.append(_deal(api, name, moves, got[-1]["seen"]))
    return moves, got


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_COMMON_1_every_guided_deal_plays_to_its_summary_on_the_lesson_table(api: TestClient, name: str) -> None:
    moves, got = _advised(api, name)
    first = got[0]
    guided = next(s for s in TUTORIALS[name].steps if isinstance(s, Guided))
    assert first["lesson"]["intro"] == guided.intro
    phase = first["state"]["view"]["phase"]
    assert first["lesson"]["tip"] == guided.tips.get(phase)  # the lesson's reminder for this moment
    assert first["state"]["view"]["seat"] == 0 and first["state"]["prompt"]
    # each answer carries only the events the page has not seen; together they are the whole deal, told once
    told = [e["text"] for g in got for e in g["state"]["events"]]
    whole = _deal(api, name, moves)["state"]["events"]
    assert told == [e["text"] for e in whole]
    over = got[-1]["over"]
    assert over["lesson_over"] and over["summary"]["rows"][0]["you"]
    assert "moment" in over  # a flush, a sweep, a loo of the whole pool: null when the deal had none
    assert got[-1]["hint"] is None and got[-1]["lesson"]["tip"] is None
    # a player's sentences carry no rule IDs
    assert [t for t in [*told, over["summary"]["outcome"], *over["lines"]] if RULE_ID.search(t)] == []


def test_COMMON_1_the_same_moves_meet_the_same_bots(api: TestClient) -> None:
    moves, _ = _advised(api, "five-card")
    assert _deal(api, "five-card", moves) == _deal(api, "five-card", moves)


def test_LOO_DECL_1_a_refused_move_names_the_reason_and_changes_nothing(api: TestClient) -> None:
    before = _deal(api, "three-card", [])
    r = api.post("/api/tutorial/three-card/deal", json={"moves": ["Ah"]})
    assert r.status_code == 400
    assert r.json()["error"].startswith("Now is the time to declare: pass, play or take the Miss")
    for bad, says in [
        ({"moves": ["zz"]}, "Move 1 ('zz') is not a move"),
        ({"moves": ["pass", "pass"]}, "Move 2 comes after the deal is over or out of turn"),
        ({"moves": ["play"] * 25}, "at most 24 moves"),
        ({"moves": "play"}, 'The field "moves" is not valid.'),
    ]:
        r = api.post("/api/tutorial/three-card/deal", json=bad)
        assert r.status_code in (400, 422) and says in r.json()["error"], r.text
    assert api.post("/api/tutorial/nope/deal", json={"moves": []}).status_code == 404
    assert _deal(api, "three-card", []) == before  # the move list is the whole state: nothing moved


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_COMMON_1_the_glossary_names_the_games_own_words(preset: str) -> None:
    rules = rules_with(preset)
    terms = {t.term: t.meaning for t in glossary(rules)}
    assert {"Trick", "Trumps", "Follow suit", "Dealer"} <= terms.keys()
    assert ("Looed" in terms) == (rules.game == "loo")
    assert ("Match the pot" in terms) == (rules.game == "lou")
    assert ("Penalty points" in terms) == (rules.game == "louse")
    assert ("The Miss" in terms) == rules.miss
    assert all(m.endswith(".") and not RULE_ID.search(m) for m in terms.values())


def test_LOO_POOL_3_the_glossary_follows_the_house_rules() -> None:
    fixed = {t.term: t.meaning for t in glossary(rules_with("three-card"))}
    unlimited = {t.term: t.meaning for t in glossary(rules_with("three-card", {"loo_penalty": "pool"}))}
    assert "pays 3 chips into the next pool" in fixed["Looed"]
    assert "as many chips as the pool held" in unlimited["Looed"]
    lou_b = {t.term: t.meaning for t in glossary(rules_with("lou", {"lou_payout": "B"}))}
    assert "Two tricks win the whole pot; every other In player matches it." in lou_b["Pot"]


def test_COMMON_1_the_rules_api_sends_the_glossary(api: TestClient) -> None:
    got = api.get("/api/rules/lou").json()
    assert got["glossary"][0]["term"] == "Trick"
    assert {g["term"] for g in got["glossary"]} >= {"Pot", "In or Out", "Match the pot", "Game of Lou"}


def test_COMMON_1_seen_outside_the_deals_events_is_refused_in_a_sentence(api: TestClient) -> None:
    for seen in (-1, 10**9):
        r = api.post("/api/tutorial/three-card/deal", json={"moves": [], "seen": seen})
        assert r.status_code == 400 and r.json()["error"].startswith("seen counts the events the page has drawn")


def test_COMMON_1_the_games_words_are_no_names_and_a_taken_name_is_quoted_as_taken() -> None:
    from lanterloo.web.names import player_name

    for word in ("The Miss", "dealer", "Pool", "trumps"):
        with pytest.raises(ValueError, match="kept for the page's own use"):
            player_name(word, [])
    assert player_name("Miss Marple", []) == "Miss Marple" and player_name("Pam", []) == "Pam"
    with pytest.raises(ValueError, match="already called 'Ann'"):
        player_name("ANN", ["Ann"])


def test_COMMON_1_no_turn_up_before_the_lesson_teaches_trumps(api: TestClient) -> None:
    got = api.get("/api/tutorial/three-card").json()["steps"]
    titles = [s["title"] for s in got]
    tricks, trumps = titles.index("Tricks"), titles.index("Trumps")
    assert got[tricks]["position"]["turnup"] is None and got[tricks]["position"]["trump"] is None
    assert got[trumps]["position"]["turnup"] is not None


def test_LOUSE_PLAY_2_LOUSE_SCORE_3_louses_words_give_the_jacks_order_and_the_queen_of_diamonds() -> None:
    terms = {t.term: t.meaning for t in glossary(rules_with("louse"))}
    assert terms["The jacks"].endswith("J♣, J♠, J♥ and J♦, the highest.")
    assert terms["The queen of diamonds"] == "The Q♦ cancels its taker's queens."
    clubs = {t.term: t.meaning for t in glossary(rules_with("louse", {"louse_jack_order": "clubs_high"}))}
    assert clubs["The jacks"].endswith("J♣, the highest.")


def test_IRISH_TRUMP_1_the_first_leader_is_told_that_the_lead_names_trumps() -> None:
    from lanterloo import STAND, Deal, Phase
    from lanterloo.engine.words import Words

    deal = Deal(rules_with("irish"), [100] * 4, seed=2)
    while deal.phase is Phase.DECLARE:
        deal.apply(STAND if STAND in deal.legal_actions() else deal.legal_actions()[0])
    view = deal.view(deal.seats_to_act()[0])
    words = Words(deal.rules)
    assert words.prompt(view.phase, view.legal, view) == "Your lead: the suit of the card you lead becomes trumps."
    deal.apply(deal.legal_actions()[0])
    after = deal.view(deal.seats_to_act()[0])
    assert words.prompt(after.phase, after.legal, after) == "Your turn: play a card."
