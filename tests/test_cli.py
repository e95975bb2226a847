"""The ``loo`` command line, driven through ``main([...])``.

Exit status 0 on success, 2 with one sentence on stderr for every usage error, 1 with one message naming the line,
the action and the rule when a hand history does not verify.
"""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from lanterloo import history
from lanterloo.actions import Play, parse_action
from lanterloo.cards import Card
from lanterloo.cli import main
from lanterloo.engine import Deal
from lanterloo.errors import IllegalActionError
from lanterloo.rules import OPTION_FIELDS, PRESET_INFO, PRESET_NAMES, Rules, rules_with

Run = tuple[int, str, str]
RULE_ID = re.compile(r"\((?:[A-Z]+-)+[0-9]+\)")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> Run:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_sentence(err: str) -> bool:
    text = err.strip()
    return "\n" not in text and text.startswith("loo: ") and text.endswith(".")


@pytest.fixture(scope="module")
def hist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hist") / "h.jsonl"
    assert (
        main(["simulate", "-v", "three-card", "-n", "5", "-d", "60", "--seed", "7", "--history", str(path), "--json"])
        == 0
    )
    return path


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write(path: Path, recs: list[dict[str, Any]]) -> Path:
    path.write_text("".join(history.dumps(r) + "\n" for r in recs), encoding="utf-8")
    return path


# --- loo variants / loo rules -----------------------------------------------------------------------------------


def test_variants_lists_every_preset_with_aliases_range_summary_and_source(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "variants")
    assert code == 0 and err == ""
    for name in PRESET_NAMES:
        info = PRESET_INFO[name]
        lo, hi = info.rules.player_range()
        count = f"{lo} players" if lo == hi else f"{lo}–{hi} players"
        assert re.search(rf"^{re.escape(name)}\s+{count}", out, re.M)
        assert info.summary in out and f"Source: {info.source}" in out
    assert "(also: 3-card, loo)" in out and "pam-loo" in out


def test_variants_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--json")
    assert code == 0
    data = json.loads(out)
    assert [v["name"] for v in data["variants"]] == list(PRESET_NAMES)
    assert data["variants"][-1]["players"] == [4, 4]


def test_COMMON_1_rules_shows_every_option_with_value_rule_and_doc(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "three-card")
    assert code == 0
    rules = rules_with("three-card")
    flat = " ".join(out.split())
    for name, f in OPTION_FIELDS.items():
        if not rules.option_applies(name):
            # options of other games are listed apart, by name
            assert re.search(rf"Options that change nothing in loo as set here: [^.]*\b{name}\b", flat), name
            continue
        line = next(line for line in out.splitlines() if re.match(rf"^[ *] {name} = ", line))
        assert f.metadata["rule"] in line
    assert "Players: 3 to 16" in out and "best 5 or 6" in out
    assert "unchanged" in out and "\n* " not in out


def test_COMMON_1_rules_marks_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "loo", "--option", "loo_penalty=pool", "-o", "club_law=on")
    assert code == 0
    assert re.search(r"^\* loo_penalty = pool\s+LOO-POOL-3", out, re.M)
    assert re.search(r"^\* club_law = true\s+LOO-DECL-7", out, re.M)
    flat = " ".join(out.split())  # the descriptions are wrapped
    assert "(Mixed); choices: pool | fixed | capped; the preset has fixed" in flat
    assert "House rules: loo_penalty=pool, club_law=true" in out


def test_rules_json_and_notes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "irish", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["variant"] == "irish" and data["players"] == [3, 17]
    assert set(data["options"]) == set(OPTION_FIELDS)
    assert data["options"]["trump_mode"] == {
        "value": "first_lead",
        "preset": "first_lead",
        "differs": False,
        "rule": "LOO-TRUMP-1",
        "doc": OPTION_FIELDS["trump_mode"].metadata["doc"],
        "choices": ["turnup", "first_lead", "jacks"],
        "applies": True,
    }
    assert data["options"]["lou_payout"]["applies"] is False
    assert data["notes"]
    code, out, _ = run(capsys, "rules", "irish")
    assert f"Notes: {PRESET_INFO['irish'].notes}" in " ".join(out.split())  # wrapped to the terminal's width


# --- loo simulate -----------------------------------------------------------------------------------------------


def test_simulate_prints_a_readable_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "simulate", "--variant", "five-card", "--players", "6", "--deals", "150", "--seed", "3"
    )
    assert code == 0 and err == ""
    # the last session may play on to empty its pool (SESSION-4), and the summary says so
    head = re.match(r"Simulated (\d+) deals of five-card \(6 players, seed 3\)", out)
    assert head and int(head.group(1)) >= 150
    if int(head.group(1)) > 150:
        assert "150 deals were asked for; the last session played" in out
    for text in (
        "Mean pool at the start of play",
        "players looed per deal",
        "Uncontested deals",
        "Flushes (five-card)",
        "net chips",
        "per 100 deals",
    ):
        assert text in out
    assert re.search(r"^0\s+Ann\s+random\s+[+-]\d+", out, re.M)


def test_simulate_json_is_exactly_one_object_and_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "-v", "rams-loo", "-n", "7", "-d", "120", "--seed", "9", "--json")
    code, out, err = run(capsys, *args)
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    first = json.loads(out)
    assert first["deals"] >= 120 and first["deals_asked"] == 120 and first["players"] == 7 and first["seed"] == 9
    assert len(first["net"]) == 7 and len(first["net_per_100_deals"]) == 7
    assert 0 <= first["loo_deal_share"] <= 1 and first["loo_rate"] >= first["loo_deal_share"]
    assert sum(first["endings"].values()) == first["deals"]
    _, again, _ = run(capsys, *args)
    second = json.loads(again)
    for volatile in ("elapsed_seconds", "deals_per_second"):
        first.pop(volatile)
        second.pop(volatile)
    assert first == second


def test_simulate_louse_plays_whole_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "-v", "louse", "-d", "30", "--seed", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["deals"] >= 30
    assert data["matches"] == len(data["match_losers"]) >= 1
    assert all(losers for losers in data["match_losers"])
    assert sum(data["matches_lost"]) >= data["matches"]
    assert len(data["penalty_points"]) == 4 and sum(data["penalty_points"]) > 0


def test_simulate_louse_says_why_it_played_more_deals_than_asked_LOUSE_MATCH_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "simulate", "-v", "louse", "-d", "7", "--seed", "1")
    played = int(out.split()[1])
    assert code == 0 and played > 7
    assert f"7 deals were asked for; the last match played {played - 7} more to its end (LOUSE-MATCH-1)." in out


def test_simulate_with_one_bot_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "-n", "3", "-d", "10", "--seed", "1", "--bots", "random,random,random", "--json"
    )
    assert code == 0 and json.loads(out)["bots"] == ["random"] * 3
    code, out, _ = run(capsys, "simulate", "-n", "4", "-d", "10", "--seed", "1", "--bots", "RANDOM", "--json")
    assert code == 0 and json.loads(out)["bots"] == ["random"] * 4


def test_simulate_with_house_rules_reports_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "-d", "20", "--seed", "1", "-o", "loo_penalty=pool", "--json")
    assert code == 0 and json.loads(out)["options"] == {"loo_penalty": "pool"}


# --- loo replay -------------------------------------------------------------------------------------------------


def test_replay_verify_accepts_an_honest_history(hist: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(hist), "--verify")
    assert code == 0 and err == ""
    assert f"{len(records(hist))} deals verified" in out


def test_replay_prints_every_deal_readably(hist: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(hist))
    assert code == 0
    assert out.count("Deal ") >= 60 and "Deal 1 of session sim-7-1 (line 1)" in out
    assert "Hands as dealt:" in out and "Turn-up" in out and "Stacks after:" in out
    assert re.search(r"Trick 1: \w+ (10|[2-9JQKA])[♣♦♥♠]", out)


def _expect_failure(capsys: pytest.CaptureFixture[str], path: Path, line: int) -> str:
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1, out
    assert one_sentence(err), err
    assert f"deal on line {line}: " in err
    return err


def test_replay_rejects_a_card_altered_in_the_deck(
    hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records(hist)
    recs[4]["deck"][10] = recs[4]["deck"][20]
    err = _expect_failure(capsys, write(tmp_path / "t.jsonl", recs), 5)
    assert "more than once" in err and err.strip().endswith("(LOO-DEAL-1).")


def test_replay_rejects_two_cards_swapped_in_the_deck(
    hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records(hist)
    # swap a card the eldest hand played with one dealt to nobody (the stock): the deal can no longer be replayed
    r = recs[2]
    played = next(Card.parse(a) for s, a in r["actions"] if isinstance(parse_action(a), Play))
    deck = r["deck"]
    i = deck.index(str(played))
    deck[i], deck[-1] = deck[-1], deck[i]
    err = _expect_failure(capsys, write(tmp_path / "t.jsonl", recs), 3)
    assert RULE_ID.search(err), err


def _altered_action(rec: dict[str, Any]) -> tuple[int, str, str]:
    """An action index, a held-but-illegal card to put there, and the rule that forbids it."""
    rules = Rules.from_dict(rec["rules"])
    deal = Deal(
        rules,
        [s["stack"] for s in rec["seats"]],
        rec["dealer"],
        pool=rec["pool"],
        deck=[Card.parse(c) for c in rec["deck"]],
    )
    for i, (seat, text) in enumerate(rec["actions"]):
        action = parse_action(text)
        if isinstance(action, Play):
            legal = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
            wrong = [c for c in deal.hand(seat) if c not in legal]
            if wrong:
                try:
                    deal.check(Play(wrong[0]), seat)
                except IllegalActionError as e:
                    return i, str(wrong[0]), e.rule_id
        deal.apply(action, seat)
    raise LookupError("no constrained play in this deal")


def test_replay_rejects_an_altered_action_naming_line_action_and_rule(
    hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records(hist)
    for n, rec in enumerate(recs):
        try:
            i, card, rule = _altered_action(rec)
        except LookupError:
            continue
        rec["actions"][i][1] = card
        err = _expect_failure(capsys, write(tmp_path / "t.jsonl", recs), n + 1)
        seat = rec["actions"][i][0]
        assert f"action {i + 1}, '{card}' by {rec['seats'][seat]['name']} (seat {seat}), is illegal" in err
        assert f"({rule})" in err
        return
    pytest.fail("the history has no deal with a constrained play")


def test_replay_rejects_a_wrong_settlement(hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records(hist)
    recs[6]["result"]["settlement"]["won"][0] += 1
    err = _expect_failure(capsys, write(tmp_path / "t.jsonl", recs), 7)
    assert "settlement's won" in err
    assert f"({recs[6]['result']['settlement']['rule']})" in err


def test_replay_rejects_wrong_stacks_after_the_deal(
    hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records(hist)
    recs[1]["result"]["stacks"][2] -= 3
    err = _expect_failure(capsys, write(tmp_path / "t.jsonl", recs), 2)
    assert "recorded stacks" in err and RULE_ID.search(err)


def test_SESSION_1_a_tampered_starting_stack_is_named_not_the_result_it_spoils(
    hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records(hist)
    recs[3]["seats"][1]["stack"] += 5  # the deal's own result no longer adds up either
    err = _expect_failure(capsys, write(tmp_path / "t.jsonl", recs), 4)
    assert "starts with stacks" in err and "but the deal before left" in err and "(SESSION-1)" in err
    assert "recorded stacks" not in err


def test_replay_rejects_malformed_json(hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = hist.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2][:-40]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    err = _expect_failure(capsys, path, 3)
    assert "the line ends in the middle of its JSON" in err and "docs/hand-history.md" in err


def test_replay_rejects_a_wrong_version(hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records(hist)
    recs[3]["version"] = 3
    err = _expect_failure(capsys, write(tmp_path / "t.jsonl", recs), 4)
    assert "version 3 is not supported" in err and "docs/hand-history.md" in err


def test_replay_without_verify_still_refuses_an_illegal_action(
    hist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records(hist)
    recs[0]["actions"].append(recs[0]["actions"][-1])
    path = write(tmp_path / "t.jsonl", recs)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and one_sentence(err) and "(COMMON-4)" in err


def test_replay_of_a_file_that_is_not_text_fails_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bin.jsonl"
    path.write_bytes(b"\xff\xfe\x00garbage\n")
    code, _, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and one_sentence(err)


@pytest.mark.parametrize("text", ["", "\n", "  \n\t\n\r\n"])
@pytest.mark.parametrize("verify", [True, False])
def test_replay_of_a_file_without_deals_fails(
    text: str, verify: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # an empty history proves nothing: it is refused, whether verified or told
    path = tmp_path / "empty.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path), *(["--verify"] if verify else []))
    assert code == 1 and out == "" and one_sentence(err)
    assert err == f"loo: {path} holds no deals.\n"


# --- loo watch / loo play ---------------------------------------------------------------------------------------


def test_watch_tells_each_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "watch", "--variant", "three-card", "--players", "4", "--deals", "3", "--seed", "5")
    assert code == 0
    assert out.startswith("three-card, 4 players: Ann (random), Ben (random), Cat (random), Dan (random)")
    # three deals, and three more until a deal leaves the pool empty (SESSION-4)
    assert out.count("\nDeal ") == 6
    assert "Everyone antes 3 (12 in all)." in out
    assert "Turn-up " in out and "Stacks after:" in out
    assert "Hands as dealt" not in out  # a spectator does not see the hands
    assert out.endswith(
        "The session is over after 6 deals: 3 deals were played, and 3 more to empty the pool.\nAfter the agreed "
        "deals, 3 more deals emptied the pool: every chip paid into it was won back by tricks.\n"
    )
    _, again, _ = run(capsys, "watch", "--variant", "three-card", "--players", "4", "--deals", "3", "--seed", "5")
    assert again == out


def test_SESSION_4_watch_exact_says_what_is_left_in_the_pool(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("watch", "-v", "three-card", "-n", "4", "-d", "3", "--seed", "5", "-o", "session_end=exact")
    code, out, _ = run(capsys, *args)
    assert code == 0 and out.count("\nDeal ") == 3
    assert re.search(
        r"The session is over after 3 deals\.\n\d+ chips? stayed in the pool when the session ended: nobody won "
        r"them, so they are in no player's stack, and the standings leave them out\.\n$",
        out,
    )


def test_watch_lou_and_louse(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "watch", "-v", "lou", "-n", "5", "-d", "2", "--seed", "3", "--hands")
    assert code == 0 and "The coins are shown." in out and "Hands as dealt:" in out
    code, out, _ = run(capsys, "watch", "-v", "louse", "-d", "2", "--seed", "3")
    assert code == 0 and "The four jacks are trumps." in out and "Match totals:" in out
    assert "Penalty points:" in out


def test_watch_five_card_shows_exchanges_as_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "watch", "-v", "five-card", "-n", "4", "-d", "4", "--seed", "1")
    assert code == 0
    assert re.search(r"(exchanges \d cards?|keeps his hand)", out)
    assert "Pam (J♣) is the highest trump" in out


def test_play_delegates_to_the_terminal_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[list[str]] = []

    def fake_main(argv: list[str]) -> int:
        seen.append(argv)
        return 0

    fake = types.ModuleType("lanterloo.tui")
    fake.main = fake_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "lanterloo.tui", fake)
    code, _, _ = run(capsys, "play", "--variant", "lou")
    assert code == 0 and seen == [["--variant", "lou"]]


def test_play_falls_back_to_watch_without_the_terminal_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "lanterloo.tui", types.ModuleType("lanterloo.tui"))
    code, out, err = run(capsys, "play", "-d", "1", "--seed", "2")
    assert code == 0
    assert "not available" in err and "watching bots play instead" in err
    assert "Deal 1 · three-card" in out


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and "simulate" in out and "replay" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("lanterloo ")


# --- usage errors -----------------------------------------------------------------------------------------------

BAD = [
    (["frobnicate"], "Unknown command 'frobnicate'"),
    (["rules"], "needs VARIANT"),
    (["rules", "whist"], "Unknown variant 'whist'"),
    (["rules", "loo", "--option", "colour=red"], "Unknown rules option 'colour'"),
    (["rules", "loo", "--option", "loo_penalty"], "must be written KEY=VALUE"),
    (["rules", "loo", "--option", "loo_penalty=everything"], "must be one of pool, fixed, capped"),
    (["rules", "loo", "--option", "ante=lots"], "must be a whole number"),
    (["rules", "loo", "--option", "club_law=maybe"], "must be true or false"),
    (["rules", "loo", "--option", "preset=lou"], "The preset is not an option to set: choose the variant"),
    (["simulate", "-o", "game=lou"], "The game is not an option to set: choose the variant"),
    (["simulate", "-o", "hand_size=9"], "loo: hand_size must be 3, 5 or 8"),  # an option keeps its spelling
    (["simulate", "--variant", "louse", "--players", "3"], "not 3; for three-handed Louse add -o min_players=3."),
    (["rules", "loo", "--option", "miss=true", "--option", "hand_size=5"], "The Miss belongs to 3-card Loo"),
    (["simulate", "--variant", "euchre"], "Unknown variant 'euchre'"),
    (["simulate", "--players", "2"], "three-card is played by 3 to 16 players, not 2"),
    (["simulate", "--variant", "five-card", "--players", "11"], "played by 3 to 10 players, not 11"),
    (["simulate", "--variant", "louse", "--players", "5"], "exactly 4 players, not 5"),
    (["simulate", "--players", "many"], "--players must be a whole number, not 'many'"),
    (["simulate", "--deals", "0"], "--deals must be at least 1"),
    (["simulate", "--seed", "-3"], "--seed must be at least 0"),
    (["simulate", "--deals"], "needs a value"),
    (["simulate", "--turbo"], "Unknown argument '--turbo' for `loo simulate`"),
    (["simulate", "--bots", "random,genius,random,random,random"], "Unknown bot 'genius'"),
    (["simulate", "--players", "3", "--bots", "random,random"], "Give one bot per seat (3)"),
    (["simulate", "--bots", "random,,random"], "has an empty name"),
    (["simulate", "--history", "/no/such/dir/h.jsonl"], "does not exist"),
    (["replay"], "needs FILE"),
    (["replay", "/no/such/file.jsonl"], "there is no such file"),
    (["replay", "/"], "is a directory"),
    (["watch", "--variant", "lou", "--players", "18"], "lou is played by 2 to 17 players, not 18"),
    (["watch", "--stack", "0"], "--stack must be at least 1"),
    (["variants", "--verbose"], "Unknown argument '--verbose' for `loo variants`"),
]


@pytest.mark.parametrize(("args", "needle"), BAD, ids=[" ".join(a) or "none" for a, _ in BAD])
def test_usage_errors_exit_2_with_one_sentence(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert one_sentence(err), err
    assert needle in err


def test_simulate_refuses_an_ante_nobody_can_pay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "-d", "5", "--option", "ante=5000")
    assert code == 2 and out == ""  # a usage error, as in loo tournament (tests/test_cli_usage.py)
    assert one_sentence(err) and "less than the ante of 5,000 it would owe" in err
