"""The hand-history format: records round-trip, and the verifier rejects what the rules do not allow.

A record is written by ``deal_to_record``, serialised with ``dumps``, read back with ``parse_line`` and replayed by
``verify_record``; the replayed deal must be in exactly the state of the original. ``Verifier`` also checks that
the deals of one session follow on from each other (SESSION-1, COMMON-3, LOU-GAME-1, LOUSE-MATCH-1).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from lanterloo import history
from lanterloo.bots import make_bots
from lanterloo.cards import Card
from lanterloo.engine import Deal, Phase
from lanterloo.errors import HistoryError
from lanterloo.rules import PRESET_NAMES, Rules, rules_with
from lanterloo.session import Session
from lanterloo.sim import play_out, seat_names, simulate


def _play(rules: Rules, players: int, seed: int, **kw: Any) -> Deal:
    deal = Deal(rules, [100] * players, seed % players, seed=seed, **kw)
    play_out(deal, make_bots(["random"] * players, seed))
    return deal


def _round_trip(deal: Deal, **kw: Any) -> tuple[dict[str, Any], Deal]:
    text = history.dumps(history.deal_to_record(deal, **kw))
    assert "\n" not in text  # one deal per line
    obj = history.parse_line(text, 1)
    return obj, history.verify_record(obj, 1)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_round_trips_exactly(preset: str) -> None:
    rules = rules_with(preset)
    lo, hi = rules.player_range()
    for players in sorted({lo, hi}):
        for seed in range(25):
            deal = _play(rules, players, seed)
            obj, again = _round_trip(deal, number=seed + 1, names=seat_names(players), seed=seed)
            assert again.state_key() == deal.state_key()
            assert obj["variant"] == preset
            assert obj["rules"] == rules.to_dict()
            assert [s["name"] for s in obj["seats"]] == seat_names(players)
            assert obj["result"]["stacks"] == list(deal.stacks)


def test_an_unfinished_deal_round_trips_without_a_result() -> None:
    rules = rules_with("three-card")
    deal = Deal(rules, [50] * 5, 2, seed=11)
    bots = make_bots(["random"] * 5, 11)
    for _ in range(4):
        seat = deal.current_player()
        deal.apply(bots[seat].decide(deal.view(seat)).action, seat)
    obj, again = _round_trip(deal)
    assert obj["result"] is None
    assert not again.is_over
    assert again.state_key() == deal.state_key()


def test_LOU_DECL_1_coin_declare_actions_round_trip_with_their_seats() -> None:
    rules = rules_with("lou")
    deal = _play(rules, 7, 3)
    obj, again = _round_trip(deal)
    commits = [a for a in obj["actions"] if a[1] in ("play", "pass")]
    assert len(commits) == 7 and {a[0] for a in commits} == set(range(7))
    assert again.state_key() == deal.state_key()


def test_PAM_EXCH_2_reshuffles_are_recorded_and_replayed() -> None:
    rules = rules_with("five-card", {"exchange_shortfall": "reshuffle"})
    found = 0
    for seed in range(200):
        deal = _play(rules, 10, seed)
        obj, again = _round_trip(deal)
        assert again.state_key() == deal.state_key()
        found += bool(obj["reshuffles"])
    assert found > 0, "ten players exchanging at random should run the stock out at least once"


def test_COMMON_1_a_record_must_list_every_rules_option() -> None:
    obj = history.deal_to_record(_play(rules_with("three-card"), 5, 1))
    del obj["rules"]["loo_penalty"]
    with pytest.raises(HistoryError, match=r"lack the option 'loo_penalty'.*\(COMMON-1\)") as e:
        history.verify_record(obj, 4)
    assert e.value.line == 4 and e.value.rule_id == "COMMON-1"


def test_LOO_DEAL_1_a_deck_with_a_card_twice_is_named() -> None:
    obj = history.deal_to_record(_play(rules_with("three-card"), 5, 1))
    lost = obj["deck"][7]
    obj["deck"][7] = obj["deck"][0]
    dup = Card.parse(obj["deck"][0]).unicode
    with pytest.raises(HistoryError) as e:
        history.verify_record(obj, 2)
    msg = str(e.value)
    assert msg.startswith("deal on line 2: ") and msg.endswith("(LOO-DEAL-1)")
    assert f"{dup} appears more than once" in msg and Card.parse(lost).unicode in msg
    assert e.value.rule_id == "LOO-DEAL-1"


def test_LOUSE_DECK_1_a_louse_deck_must_be_the_32_card_pack() -> None:
    obj = history.deal_to_record(_play(rules_with("louse"), 4, 1))
    obj["deck"][3] = "2c"  # no twos in the piquet pack
    with pytest.raises(HistoryError, match=r"2♣ is not in this pack.*\(LOUSE-DECK-1\)"):
        history.verify_record(obj, 1)


def test_a_settlement_that_does_not_match_names_the_field_and_rule() -> None:
    deal = _play(rules_with("three-card"), 5, 2)
    obj = history.deal_to_record(deal)
    obj["result"]["settlement"]["pool_after"] += 1
    with pytest.raises(HistoryError, match=r"settlement's pool_after") as e:
        history.verify_record(obj, 9)
    assert deal.settlement is not None and e.value.rule_id == deal.settlement.rule
    assert str(e.value).endswith(f"({deal.settlement.rule})")


def _session_records(rules: Rules, players: int, deals: int, seed: int) -> list[dict[str, Any]]:
    session = Session(rules, seat_names(players), stack=500, seed=seed, max_deals=deals)
    bots = make_bots(["random"] * players, seed)
    out = []
    while not session.over:
        deal = session.new_deal()
        play_out(deal, bots)
        rec = session.finish_deal()
        out.append(
            history.deal_to_record(
                deal,
                number=rec.number,
                names=session.names,
                seed=rec.seed,
                session="s",
                totals_after=rec.totals_after if rules.game == "louse" else None,
            )
        )
    return out


def _write(tmp_path: Path, records: list[dict[str, Any]]) -> Path:
    path = tmp_path / "h.jsonl"
    with path.open("w", encoding="utf-8") as fp:
        history.write(records, fp)
    return path


def _replace(records: list[dict[str, Any]], i: int, deal: Deal) -> None:
    """Put a different, self-consistent deal in place of record ``i`` (same number, session and names)."""
    old = records[i]
    records[i] = history.deal_to_record(
        deal, number=old["deal"], names=[s["name"] for s in old["seats"]], session=old["session"]
    )


def test_a_whole_session_verifies(tmp_path: Path) -> None:
    for preset in ("three-card", "lou", "louse", "five-card"):
        records = _session_records(rules_with(preset), 4 if preset == "louse" else 5, 30, 5)
        assert history.verify_file(_write(tmp_path, records)) == len(records)


def test_SESSION_1_a_deal_must_start_with_the_stacks_the_last_one_left(tmp_path: Path) -> None:
    rules = rules_with("three-card")
    records = _session_records(rules, 5, 6, 1)
    r = records[3]
    stacks = [s["stack"] for s in r["seats"]]
    stacks[0] += 10
    deal = Deal(rules, stacks, r["dealer"], pool=r["pool"], seed=99)
    play_out(deal, make_bots(["random"] * 5, 99))
    _replace(records, 3, deal)
    with pytest.raises(HistoryError, match=r"deal 4 of session 's' starts with stacks") as e:
        history.verify_file(_write(tmp_path, records))
    assert e.value.line == 4 and e.value.rule_id == "SESSION-1"


def test_SESSION_1_the_pool_is_carried(tmp_path: Path) -> None:
    rules = rules_with("three-card")
    records = _session_records(rules, 5, 6, 1)
    r = records[2]
    deal = Deal(rules, [s["stack"] for s in r["seats"]], r["dealer"], pool=r["pool"] + 7, seed=99)
    play_out(deal, make_bots(["random"] * 5, 99))
    _replace(records, 2, deal)
    with pytest.raises(HistoryError, match="pool of") as e:
        history.verify_file(_write(tmp_path, records))
    assert e.value.line == 3 and e.value.rule_id == "SESSION-1"


def test_COMMON_3_the_deal_passes_to_the_left(tmp_path: Path) -> None:
    rules = rules_with("three-card")
    records = _session_records(rules, 5, 6, 1)
    r = records[2]
    deal = Deal(rules, [s["stack"] for s in r["seats"]], (r["dealer"] + 2) % 5, pool=r["pool"], seed=99)
    play_out(deal, make_bots(["random"] * 5, 99))
    _replace(records, 2, deal)
    with pytest.raises(HistoryError, match="passes to the left") as e:
        history.verify_file(_write(tmp_path, records))
    assert e.value.line == 3 and e.value.rule_id == "COMMON-3"


def test_LOU_GAME_1_antes_only_when_a_game_ends(tmp_path: Path) -> None:
    rules = rules_with("lou")
    records = _session_records(rules, 5, 40, 8)
    # the first deal after a game that went on (no antes due): record it with antes instead
    i = next(i for i in range(1, len(records)) if not records[i]["ante"])
    r = records[i]
    deal = Deal(rules, [s["stack"] for s in r["seats"]], r["dealer"], pool=r["pool"], ante=True, seed=99)
    play_out(deal, make_bots(["random"] * 5, 99))
    _replace(records, i, deal)
    with pytest.raises(HistoryError, match="needs no antes") as e:
        history.verify_file(_write(tmp_path, records[: i + 1]))
    assert e.value.line == i + 1 and e.value.rule_id == "LOU-GAME-1"


def test_LOUSE_MATCH_1_totals_add_up_deal_by_deal(tmp_path: Path) -> None:
    records = _session_records(rules_with("louse"), 4, 10, 2)
    assert records[-1]["result"]["totals"] == [
        sum(r["result"]["settlement"]["points"][s] for r in records) for s in range(4)
    ]
    records[4]["result"]["totals"][1] += 2
    with pytest.raises(HistoryError, match="match totals") as e:
        history.verify_file(_write(tmp_path, records))
    assert e.value.line == 5 and e.value.rule_id == "LOUSE-MATCH-1"


def test_LOUSE_MATCH_1_no_deal_after_the_match_is_lost(tmp_path: Path) -> None:
    rules = rules_with("louse")
    records = _session_records(rules, 4, 1000, 3)  # a match: the session stops when somebody loses
    assert max(records[-1]["result"]["totals"]) >= rules.louse_target
    last = records[-1]
    deal = Deal(rules, [0] * 4, (last["dealer"] + 1) % 4, seed=5)
    play_out(deal, make_bots(["random"] * 4, 5))
    totals = [
        a + b for a, b in zip(last["result"]["totals"], deal.settlement.points if deal.settlement else [], strict=True)
    ]
    extra = history.deal_to_record(deal, number=last["deal"] + 1, names=seat_names(4), session="s", totals_after=totals)
    with pytest.raises(HistoryError, match="after the match was lost") as e:
        history.verify_file(_write(tmp_path, [*records, extra]))
    assert e.value.line == len(records) + 1 and e.value.rule_id == "LOUSE-MATCH-1"


def test_continuity_is_only_checked_within_one_session(tmp_path: Path) -> None:
    rules = rules_with("three-card")
    a = _session_records(rules, 5, 3, 1)
    b = copy.deepcopy(_session_records(rules, 5, 3, 2))
    for r in b:
        r["session"] = "t"
    for r in b:
        r["deal"] += 3  # numbered on from the other session, but a different session: no continuity check
    # a session that starts at deal 4 is a selection of deals: refused unless the reader is told so
    with pytest.raises(HistoryError, match="a session starts with deal 1") as e:
        history.verify_file(_write(tmp_path, a + b))
    assert e.value.line == 4
    assert history.verify_file(_write(tmp_path, a + b), selection=True) == 6


def test_simulate_writes_seed_names_and_louse_totals(tmp_path: Path) -> None:
    path = tmp_path / "louse.jsonl"
    summary = simulate(rules_with("louse"), 4, 20, seed=4, history=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == summary.deals >= 20
    first = json.loads(lines[0])
    assert isinstance(first["seed"], int)
    assert [s["name"] for s in first["seats"]] == seat_names(4)
    assert first["result"]["totals"] == first["result"]["settlement"]["points"]
    # whole matches: the last deal of the file ends a match by the target rule
    last = json.loads(lines[-1])
    assert max(last["result"]["totals"]) >= 1500
    assert history.verify_file(path) == summary.deals


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"format": "pgn", "version": 1}', "not a lanterloo hand history"),
        ('{"format": "lanterloo-hand-history", "version": 99}', "version 99 is not supported"),
    ],
)
def test_malformed_lines_are_named(text: str, needle: str) -> None:
    with pytest.raises(HistoryError, match=needle) as e:
        history.parse_line(text, 12)
    assert str(e.value).startswith("deal on line 12: ")


def test_missing_fields_and_bad_actions_are_named() -> None:
    deal = _play(rules_with("three-card"), 5, 6)
    obj = history.deal_to_record(deal)
    broken = dict(obj)
    del broken["deck"]
    with pytest.raises(HistoryError, match="'deck' is missing"):
        history.verify_record(broken, 1)
    broken = copy.deepcopy(obj)
    broken["actions"][0] = [0, "jump"]
    with pytest.raises(HistoryError, match="action 1: 'jump' is not an action"):
        history.verify_record(broken, 1)
    broken = copy.deepcopy(obj)
    broken["actions"].append(broken["actions"][-1])
    with pytest.raises(HistoryError, match=r"comes after the deal is over \(COMMON-4\)"):
        history.verify_record(broken, 1)


def test_COMMON_4_an_action_by_the_wrong_seat_is_refused() -> None:
    deal = _play(rules_with("three-card"), 5, 6)
    obj = history.deal_to_record(deal)
    seat = obj["actions"][0][0]
    obj["actions"][0][0] = (seat + 1) % 5
    # the record names its players, and so does the message (Seat N is deal_to_record's default name)
    with pytest.raises(
        HistoryError, match=r"by Seat \d \(seat \d\), is out of turn: it is Seat \d's turn \(COMMON-4\)"
    ) as e:
        history.verify_record(obj, 1)
    assert e.value.rule_id == "COMMON-4"


def test_the_coin_declare_accepts_any_pending_seat_order() -> None:
    # Lou's commitments are simultaneous: the record may list them in any order of the pending seats
    rules = rules_with("lou")
    deal = Deal(rules, [100] * 4, 0, seed=3)
    rng = random.Random(1)
    order = [2, 0, 3, 1]
    for seat in order:
        assert deal.phase is Phase.COMMIT
        deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    bots = make_bots(["random"] * 4, 3)
    play_out(deal, bots)
    obj, again = _round_trip(deal)
    assert [a[0] for a in obj["actions"][:4]] == order
    assert again.state_key() == deal.state_key()


DOC = Path(__file__).resolve().parent.parent / "docs" / "hand-history.md"


def test_the_documented_example_line_verifies_under_todays_rules() -> None:
    # docs/hand-history.md shows a real line; if a rules option is added, this fails until the version policy
    # (a new version, and an upgrade of version-1 lines) is followed and the example regenerated
    text = DOC.read_text(encoding="utf-8")
    block = text.split("<!-- example:begin -->", 1)[1].split("<!-- example:end -->", 1)[0]
    line = block.strip().removeprefix("```json").removesuffix("```").strip()
    assert "\n" not in line
    obj = history.parse_line(line, 1)
    deal = history.verify_record(obj, 1)
    assert obj["rules"] == rules_with("three-card").to_dict()
    assert deal.settlement is not None and list(deal.settlement.looed) == [2]
    assert history.dumps(obj) == line  # written exactly as the writer writes


def test_the_documented_dealing_order() -> None:
    # docs/hand-history.md, "Dealing": five players, dealer seat 2, the deck in index order
    deal = Deal(rules_with("three-card"), [100] * 5, 2, deck=list(range(52)), ante=False)
    assert [int(c) for c in deal.hand(3)] == [0, 6, 12]  # the eldest hand gets deck[0], deck[6], deck[12]
    assert [int(c) for c in deal.hand(2)] == [4, 10, 16]  # the dealer is served last in each round
    assert [int(c) for c in deal.hidden().miss] == [5, 11, 17]  # the Miss: one card after each round
    assert deal.view(None).turnup == 18 and deal.hidden().stock[0] == 19


def test_SESSION_2_a_session_that_ends_early_is_followed_by_a_fresh_one(tmp_path: Path) -> None:
    # 17 players of Lou match ever larger pots: somebody soon cannot pay in full, and a new session starts
    path = tmp_path / "lou.jsonl"
    calls: list[tuple[int, int]] = []
    summary = simulate(
        rules_with("lou"), 17, 200, seed=1, history=path, progress=lambda done, total: calls.append((done, total))
    )
    assert summary.deals == 200 and summary.sessions > 1
    assert summary.session_ends.get("a player could not pay in full", 0) == summary.sessions - 1
    assert calls == [(i, 200) for i in range(1, 201)]
    recs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len({r["session"] for r in recs}) == summary.sessions
    assert all(r["seats"][0]["stack"] == 1000 for r in recs if r["deal"] == 1)  # fresh stacks each session
    assert history.verify_file(path) == 200
