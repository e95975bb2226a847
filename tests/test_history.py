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
from lanterloo.actions import Ante
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


@pytest.mark.parametrize("engine", ["core", "pure"])
def test_PAM_EXCH_2_a_record_without_the_reshuffle_its_deal_needs_is_refused_there(engine: str) -> None:
    from lanterloo.engine import core

    rules = rules_with("five-card", {"exchange_shortfall": "reshuffle"})
    obj = next(
        o for o in (history.deal_to_record(_play(rules, 10, s)) for s in range(200)) if len(o["reshuffles"]) == 1
    )
    lost = copy.deepcopy(obj)
    lost["reshuffles"] = []
    was = core.engine()
    core.select(engine)
    try:
        # on either engine, the exchange that needed it is named: the core must not draw a reshuffle of its own
        with pytest.raises(HistoryError, match=r"no record of the reshuffle this exchange needs.*\(PAM-EXCH-2\)"):
            history.verify_record(lost, 3)
        wrong = copy.deepcopy(obj)
        wrong["reshuffles"][0] = wrong["reshuffles"][0][1:]
        with pytest.raises(HistoryError, match=r"does not hold exactly the dead cards.*\(PAM-EXCH-2\)"):
            history.verify_record(wrong, 3)
        history.verify_record(obj, 3)
    finally:
        core.select(was)


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
        if rec.number == deals:  # exactly this many, whatever SESSION-4 would play on for
            session.stop()
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
        ("{not json", r"not valid JSON \(expecting property name enclosed in double quotes at column 2;"),
        ('{"format": "lanterloo-hand-history", "ver\n', "the line ends in the middle of its JSON, as if the file"),
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
    deal.apply(Ante(6), 0)  # LOU-ANTE-2: the dealer sets the ante first
    rng = random.Random(1)
    order = [2, 0, 3, 1]
    for seat in order:
        assert deal.phase is Phase.COMMIT
        deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    bots = make_bots(["random"] * 4, 3)
    play_out(deal, bots)
    obj, again = _round_trip(deal)
    assert obj["actions"][0] == [0, "ante 6"]
    assert [a[0] for a in obj["actions"][1:5]] == order
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


#: The documented example line as version 1 wrote it, before the options of version 2 existed.
V1_EXAMPLE = (
    '{"format":"lanterloo-hand-history","version":1,"session":"sim-42-1","deal":5,"variant":"three-card",'
    '"rules":{"preset":"three-card","game":"loo","hand_size":3,"miss":true,"trump_mode":"turnup","pam":"n'
    'one","min_players":3,"ante_mode":"everyone","ante":3,"loo_penalty":"fixed","loo_amount":3,"remainder'
    '":"carry","declare":"sequential","bold_stand":"off","bold_stand_withdraw_miss":true,"club_law":false'
    ',"dealer_takes_all_pass":true,"lone_player":"dealer_must_play","defend_miss":"exactly_one","exchange'
    '":"none","exchange_shortfall":"limit","miss_holder_leads":false,"first_lead_forced":true,"forced_lea'
    'd_cards":"ace","first_trump_lead":"two_trumps","trump_lead_highest":"heads_up","equivalent_cards":fa'
    'lse,"later_trump_lead":"off","void_trump_duty":"always","lou_follow_suit":false,"pam_civil":"auto","'
    'pam_civil_only_trump_exception":false,"pam_civil_last_card":"wins","pam_privileged":false,"pam_holde'
    'r_not_looed":false,"flush_tie":"elder_hand","flush_order":"value","flush_exempt":"none","flush_payer'
    's":"active","flush_paid_to_holder":false,"blaze":false,"lou_payout":"A","lou_no_winner":"carry","lou'
    '_first_lead":"eldest_in","lou_later_leads":"trick_winner","lou_draw":0,"lou_zero_in":"carry","lou_ma'
    'tch_cap":0,"louse_rank":"french","louse_jack_order":"diamonds_high","louse_queen_points":2,"diamond_'
    'queen":"cancel_own_queens","louse_target":1500,"louse_tie":"highest_total","louse3_mode":"remove_two'
    '_sevens","widow_points":"none"},"seats":[{"seat":0,"name":"Ann","stack":997},{"seat":1,"name":"Ben",'
    '"stack":994},{"seat":2,"name":"Cat","stack":1009}],"dealer":2,"pool":0,"ante":true,"seed":1422915702'
    '329094695,"deck":["Ad","5d","Th","Qs","2h","Qc","4c","4d","9d","Td","Ah","3d","7h","6c","Kd","5c","2'
    'c","8s","Qh","7d","3c","8h","Jh","Jc","2d","6s","Ac","Kh","8c","Tc","3s","Ts","5h","9s","As","2s","3'
    'h","Kc","6h","7c","Ks","4h","Qd","Js","6d","7s","Jd","4s","9c","9h","5s","8d"],"reshuffles":[],"acti'
    'ons":[[0,"play"],[1,"play"],[2,"miss"],[0,"9d"],[1,"Td"],[2,"4d"],[1,"Qc"],[2,"Qs"],[0,"2h"],[0,"Ad"'
    '],[1,"5d"],[2,"3d"]],"result":{"settlement":{"kind":"tricks","rule":"LOO-POOL-3","pool_before":9,"sh'
    'are":3,"won":[6,3,0],"paid":[0,0,3],"owed":[0,0,3],"looed":[2],"pool_after":3,"tricks":[2,1,0],"winn'
    'ers":[],"points":[],"game_over":true},"antes":[3,3,3],"stacks":[1000,994,1003],"pool":3}}'
)
DATA = Path(__file__).resolve().parent / "data"


def test_a_version_1_line_is_read_with_the_options_it_was_played_under() -> None:
    obj = history.parse_line(V1_EXAMPLE, 1)
    assert obj["version"] == 1 and "session_end" not in obj["rules"]
    deal = history.verify_record(obj, 1)
    assert deal.rules.session_end == "exact" and deal.rules.lou_ante_choice == "fixed"
    assert deal.rules.to_dict() == {**rules_with("three-card").to_dict(), **history.ADDED_IN_VERSION_2}
    # the same line as version 2 writes it: the same deal, with today's rules written out
    new = history.deal_to_record(
        deal, number=5, names=[s["name"] for s in obj["seats"]], seed=obj["seed"], session=obj["session"]
    )
    assert new["version"] == 2 and new["actions"] == obj["actions"] and new["result"] == obj["result"]


def test_LOU_ANTE_2_a_version_1_lou_session_still_verifies_with_its_fixed_ante() -> None:
    # written by lanterloo before LOU-ANTE-2 (loo simulate -v lou -n 4 -d 8 --seed 7): no ante actions
    path = DATA / "lou-v1.jsonl"
    assert history.verify_file(path) == 8
    for _, obj, deal in history.deals(path):
        assert obj["version"] == 1 and not any(a[1].startswith("ante") for a in obj["actions"])
        assert deal.rules.lou_ante_choice == "fixed"
        assert deal.started.antes == ((3,) * 4 if obj["ante"] else (0,) * 4)


def test_LOU_ANTE_2_the_dealers_ante_is_recorded_and_re_verified(tmp_path: Path) -> None:
    records = _session_records(rules_with("lou"), 4, 12, 3)
    started = [r for r in records if r["ante"]]
    assert started and all(
        r["actions"][0][0] == r["dealer"] and r["actions"][0][1].startswith("ante ") for r in started
    )
    assert all(not a[1].startswith("ante") for r in records if not r["ante"] for a in r["actions"])
    for r in started:
        amount = int(r["actions"][0][1].split()[1])
        assert r["result"]["antes"] == [amount] * 4
    assert history.verify_file(_write(tmp_path, records)) == len(records)
    # an ante the dealer may not set is refused with its rule
    bad = copy.deepcopy(records)
    bad[0]["actions"][0][1] = "ante 4"
    with pytest.raises(HistoryError, match=r"multiple of 3.*\(LOU-ANTE-2\)") as e:
        history.verify_file(_write(tmp_path, bad))
    assert e.value.rule_id == "LOU-ANTE-2"
    # and a deal that starts a game without the dealer's choice is refused: the first action is not his to take
    bad = copy.deepcopy(records)
    bad[0]["actions"] = bad[0]["actions"][1:]
    with pytest.raises(HistoryError) as e:
        history.verify_file(_write(tmp_path, bad))
    assert e.value.rule_id in ("COMMON-4", "LOU-ANTE-2")


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
    # the last session may play on past the 200th deal to empty its pot (SESSION-4)
    assert summary.deals >= 200 and summary.asked == 200 and summary.sessions > 1
    assert summary.session_ends.get("a player could not pay in full", 0) >= summary.sessions - 1
    assert calls == [(i, 200) for i in range(1, summary.deals + 1)]
    recs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len({r["session"] for r in recs}) == summary.sessions
    assert all(r["seats"][0]["stack"] == 1000 for r in recs if r["deal"] == 1)  # fresh stacks each session
    assert history.verify_file(path) == summary.deals
