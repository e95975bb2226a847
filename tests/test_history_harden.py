"""The attacker findings that remained after issue 8's verify work (S2-B): each is refused with exit 1 (2 for a bad
command line) and one sentence, naming the line for a history file.

The helpers come from test_history_proof: a real session written by `loo simulate`, edited, then verified by the
command line in process.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lanterloo import history
from lanterloo.actions import PASS, STAND, parse_action
from lanterloo.cli import main
from lanterloo.errors import HistoryError, RulesError
from lanterloo.history.reader import parse_line
from lanterloo.rules import PRESET_NAMES, parse_option_value, rules_with
from lanterloo.sim import simulate
from lanterloo.wholetext import MAX_INT_DIGITS, parse_whole
from test_history_proof import records, refused, verify, write

# --- 1. a selection: what a gap still lets the verifier check ------------------------------------------------------


def test_SESSION_1_across_a_gap_the_rules_must_stay_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    for r in recs[4:]:
        r["rules"]["pam_civil"] = "ask"  # no Pam in three-card: each deal still verifies on its own
    path = write(tmp_path, [*recs[:2], *recs[4:]])
    refused(
        capsys, path, 3, "deal 5 of session 'sim-3-1' changes the rules within the session (SESSION-1)", "--selection"
    )


def test_SESSION_1_across_a_gap_the_names_must_stay_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    for r in recs[4:]:
        r["seats"][0]["name"] = "Zed"
    path = write(tmp_path, [*recs[:2], *recs[4:]])
    refused(capsys, path, 3, "changes the players' names within the session (SESSION-1)", "--selection")


def test_SESSION_1_across_a_gap_the_seat_count_must_stay_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    five, four = records("three-card", 5), records("three-card", 4)
    assert five[0]["session"] == four[0]["session"]  # both 'sim-3-1'
    path = write(tmp_path, [*five[:2], *four[5:]])
    refused(capsys, path, 3, "changes the number of seats within the session (SESSION-1)", "--selection")


def test_COMMON_3_across_a_gap_the_dealer_has_moved_one_seat_per_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    kept = [*recs[:2], *recs[4:]]
    for r in kept[2:]:
        r["deal"] += 1  # deals 5..8 claim to be 6..9: the dealers give it away
    err = refused(capsys, write(tmp_path, kept), 3, "the deal passes one seat to the left each deal", "--selection")
    assert "(COMMON-3)" in err and "but deal 2 was dealt by" in err


def test_SESSION_1_across_a_gap_no_chip_is_made_or_lost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    # 5 more chips before and after deal 5: the deal verifies alone, but the table holds 5 chips it never had
    recs[4]["seats"][0]["stack"] += 5
    recs[4]["result"]["stacks"][0] += 5
    path = write(tmp_path, [*recs[:2], *recs[4:]])
    err = refused(capsys, path, 3, "chips on the table (stacks and pool), but deal 2 left", "--selection")
    assert err.rstrip().endswith("no deal makes or loses a chip (SESSION-1).")


def test_LOUSE_MATCH_1_across_a_gap_the_totals_never_fall(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records("louse", 4, 8)
    assert len(recs) >= 6 and any(recs[1]["result"]["totals"])
    recs[4]["result"]["totals"] = list(recs[4]["result"]["settlement"]["points"])  # as if the match began at deal 5
    path = write(tmp_path, [*recs[:2], *recs[4:]])
    refused(capsys, path, 3, "penalty points only ever add up (LOUSE-MATCH-1)", "--selection")
    # a selection that starts late: the totals before its first deal are no lower than a match's start
    late = records("louse", 4, 8)[3:]
    late[0]["result"]["totals"] = [-1, *late[0]["result"]["totals"][1:]]
    with pytest.raises(HistoryError):
        history.verify_file(write(tmp_path, late, "late.jsonl"), selection=True)


def test_the_verdict_of_a_selection_says_what_was_checked_and_what_was_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    code, out, err = verify(capsys, write(tmp_path, [*recs[:2], *recs[4:]]), "--selection")
    assert code == 0 and err == ""
    assert (
        "The file is a selection with 1 gap (session 'sim-3-1' from deal 2 to deal 5): across it the rules, the "
        "seats, the names, the dealer and the chips on the table were checked, but not each seat's stack, the pool, "
        "Lou's antes or the exact Louse totals, which depend on the deals left out." in out
    )


# --- 2. a file without deals -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n\n", " \t\r\n"])
def test_a_file_without_deals_does_not_verify(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "none.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = verify(capsys, path)
    assert (code, out, err) == (1, "", f"loo: {path} holds no deals.\n")
    with pytest.raises(history.EmptyHistory, match=r"holds no deals$"):
        history.verify_file(path)


# --- 3. a deal that stands alone among a session's deals -------------------------------------------------------


def test_SESSION_1_a_deal_standing_alone_cannot_interrupt_a_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    recs[3]["session"] = None  # deal 4 now stands alone: deal 5 resumes a session that it closed
    refused(capsys, write(tmp_path, recs), 5, "session 'sim-3-1' was on lines 1 to 3")


def test_deals_standing_alone_may_come_before_between_and_after_whole_sessions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = records(), records()
    for r in b:
        r["session"] = "other"
    alone = records()[0]
    alone["session"] = None
    code, out, err = verify(capsys, write(tmp_path, [alone, *a, alone, *b, alone]))
    assert code == 0 and err == "", err
    assert "19 deals verified" in out and "(3 deals stand alone)" in out


# --- 4. the record is read in the writer's notation only ------------------------------------------------------


def _first(recs: list[dict[str, Any]], test: Any) -> tuple[int, int]:
    for n, rec in enumerate(recs):
        for i, (_, text) in enumerate(rec["actions"]):
            if test(text):
                return n, i
    raise LookupError


@pytest.mark.parametrize(
    ("canon", "written"),
    [("pass", "fold"), ("pass", "out"), ("pass", "Pass"), ("play", "in"), ("play", "stand"), ("play", " play")],
)
def test_a_word_in_another_spelling_is_refused(
    canon: str, written: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    n, i = _first(recs, lambda t: t == canon)
    recs[n]["actions"][i][1] = written
    err = refused(capsys, write(tmp_path, recs), n + 1, f"but a hand history writes it '{canon}'")
    assert f"action {i + 1} is written {json.dumps(written)}" in err


@pytest.mark.parametrize("spell", [lambda c: c.lower(), lambda c: "1" + c[1] if c[0] == "A" else "10" + c[1]])
def test_a_card_in_another_spelling_is_refused(spell: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    n, i = _first(recs, lambda t: t[:1] in "AT" and len(t) == 2)
    card = recs[n]["actions"][i][1]
    recs[n]["actions"][i][1] = spell(card)
    refused(capsys, write(tmp_path, recs), n + 1, f"but a hand history writes it '{card}'")


def test_a_deck_card_in_another_spelling_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    k = recs[2]["deck"].index("Th")
    recs[2]["deck"][k] = "10h"
    err = refused(capsys, write(tmp_path, recs), 3, 'the deck holds "10h", which is not a card as a hand history')
    assert "so write 'Th'" in err


def test_PAM_EXCH_1_a_discard_naming_a_card_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records("five-card", 5, 8)
    n, i = _first(recs, lambda t: t.startswith("discard "))
    text = recs[n]["actions"][i][1]
    first = text.split()[1]
    recs[n]["actions"][i][1] = f"{text} {first}"
    refused(capsys, write(tmp_path, recs), n + 1, "more than once: a discard lists each card once")


def test_PAM_EXCH_1_a_discard_out_of_index_order_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records("five-card", 5, 8)
    n, i = _first(recs, lambda t: t.startswith("discard ") and len(t.split()) >= 3)
    words = recs[n]["actions"][i][1].split()
    recs[n]["actions"][i][1] = " ".join([words[0], *reversed(words[1:])])
    refused(capsys, write(tmp_path, recs), n + 1, "a discard's cards in index order")


def test_what_a_person_types_stays_lenient() -> None:
    # the terminal game and the CLI read people: their parser keeps its shorthand; only the record is strict
    assert parse_action("fold") is PASS and parse_action(" In ") is STAND
    assert parse_action("discard 4c 4c").notation() == "discard 4c"
    assert parse_action("10h").notation() == "Th"


# --- 5. only ASCII blank lines are blank -------------------------------------------------------------------------


@pytest.mark.parametrize("space", ["\u3000", "\u00a0", "\u2028", "\x0b", "\x0c"])
def test_a_line_of_other_white_space_is_not_blank(
    space: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    path = write(tmp_path, [recs[0], space, *recs[1:]])
    refused(capsys, path, 2, "it is not valid JSON")


def test_spaces_tabs_and_carriage_returns_make_a_blank_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    code, out, _ = verify(capsys, write(tmp_path, [recs[0], " \t\r", "", *recs[1:]]))
    assert code == 0 and "8 deals verified" in out


# --- 6. one grammar and bound for whole numbers ------------------------------------------------------------------

# (white space around a JSON number is JSON's, not the number's: an option refuses " 5", tested below)
TEXTS = ["5", "0", "-0", "-3", "05", "+5", "1_000", "٣", "1e3", "5.0", "0x10", "9" * 40, "9" * 41, "-" + "9" * 40]


@pytest.mark.parametrize("text", TEXTS)
def test_an_option_value_is_read_as_the_history_reader_reads_an_integer(text: str) -> None:
    line = '{"format":"lanterloo-hand-history","version":1,"x":' + text + "}"
    try:
        read = parse_line(line, 1)["x"]
    except HistoryError:
        read = None
    try:
        typed = parse_option_value("ante", text)
    except RulesError:
        typed = None
    assert typed == read
    assert (read is not None) == bool(re.fullmatch(r"-?(0|[1-9][0-9]*)", text) and len(text.lstrip("-")) <= 40)


def test_a_value_simulate_accepts_is_one_verify_reads_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.jsonl"
    big = "9" * MAX_INT_DIGITS
    code = main(["simulate", "-d", "2", "-s", "1", "-o", f"loo_amount={big}", "--history", str(path)])
    assert code == 0
    capsys.readouterr()
    code, out, _ = verify(capsys, path)
    assert code == 0 and "2 deals verified" in out
    for bad, needle in [("1_000", "in plain digits"), ("9" * 41, "has 41 digits; the most allowed is 40")]:
        assert main(["simulate", "-d", "2", "-o", f"loo_amount={bad}"]) == 2
        assert needle in capsys.readouterr().err


def test_parse_whole_refuses_in_one_sentence() -> None:
    assert parse_whole("-12", "x") == -12
    for text in ["", "x", "1.5", "0x10", "1 2", " 5", "5\n", "9" * 5000]:
        with pytest.raises(ValueError, match=r"^x (must be|has) .*\.$"):
            parse_whole(text, "x")


# --- 7. a Louse match is bounded -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"louse_target": 10_001}, "Option louse_target must be at most 10,000, not 10001."),
        ({"louse_target": 10**39}, "Option louse_target must be at most 10,000, not a number of about 40 digits."),
        ({"louse_queen_points": -1}, "Option louse_queen_points must be from 0 to 100, not -1"),
        ({"louse_queen_points": 101}, "Option louse_queen_points must be from 0 to 100, not 101"),
    ],
)
def test_LOUSE_MATCH_1_the_louse_options_are_bounded(options: dict[str, int], message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        rules_with("louse", options)


def test_LOUSE_MATCH_1_the_longest_match_ends_within_the_documented_bound() -> None:
    # the highest target, the fewest points a deal can hand out per player: one match, at most 466 deals
    rules = rules_with("louse", {"louse_target": 10_000, "diamond_queen": "cancel_all_queens", "louse_queen_points": 0})
    summary = simulate(rules, 4, 1, seed=5)
    assert summary.sessions == 1 and 10_000 // 108 <= summary.deals <= 466


def test_simulate_refuses_an_unbounded_louse_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "-v", "louse", "-n", "4", "-d", "1", "-o", "louse_target=" + "9" * 30]) == 2
    assert capsys.readouterr().err.startswith("loo: Option louse_target must be at most 10,000")


# --- 8. house-variant files are read within bounds -----------------------------------------------------------


def _variants(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], path: str) -> str:
    monkeypatch.setenv("LANTERLOO_VARIANTS", path)
    code = main(["variants"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and err.rstrip().endswith("."), err
    return err


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ('[x]\nbase = "three-card"\naliases = ' + "[" * 3000 + "]" * 3000, "nests tables or arrays deeper"),
        ('[x]\nbase = "three-card"\nnotes = ' + "{a=" * 3000 + "1" + "}" * 3000, "nests tables or arrays deeper"),
        ('[x]\nbase = "three-card"\n[x.options.a.b]\nc = 1', "nests tables or arrays deeper"),
        ('[x]\nbase = "three-card"\n[x.options]\nante = 1' + "0" * 5000, "holds an integer far too long"),
        ('[x]\nbase = "three-card"\n[x.options]\nante = 1' + "0" * 40, "option ante must have at most 40 digits"),
        ('[x]\nbase = "three-card"\n[x.options]\nante = "1_000"', "option ante must be a whole number in plain"),
        ('[x]\nbase = "louse"\n[x.options]\nlouse_target = 100000', "option louse_target must be at most 10,000"),
        ('[x]\nbase = "three-card"\n[x.options]\nante = 2.5', "option ante must be a whole number, not 2.5"),
        ("#" * (64 * 1024 + 1), "is longer than 65,536 bytes"),
        ('[x]\nbase = "three-\xff"', "is not UTF-8 text"),
    ],
)
def test_a_bad_house_file_is_one_sentence(
    body: str, needle: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(body.encode("utf-8").replace("\xff".encode(), b"\xff"))
    assert needle in _variants(monkeypatch, capsys, str(path))


@pytest.mark.parametrize("kind", ["directory", "fifo", "device"])
def test_a_house_file_that_is_not_a_regular_file_is_refused_without_blocking(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = {"directory": str(tmp_path), "device": "/dev/zero", "fifo": str(tmp_path / "fifo")}[kind]
    if kind == "fifo":
        os.mkfifo(path)  # nobody writes to it: a blocking open would wait for ever
    assert "is not a regular file" in _variants(monkeypatch, capsys, path)


# --- 9. every command converts seed, delay, bots and players alike ------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--seed", "-1", "--seed must be at least 0, not -1."),
        ("--seed", "1_000", "--seed must be a whole number in plain digits"),
        ("--players", "0", "three-card is played by 3 to 16 players, not 0."),
        ("--players", "٣", "--players must be a whole number, not '٣'."),
        ("--players", "+3", "--players must be a whole number in plain digits"),
        ("--bots", "random,,random", "--bots 'random,,random' has an empty name"),
        ("--deals", "9" * 41, "--deals has 41 digits; the most allowed is 40."),
    ],
)
@pytest.mark.parametrize("command", ["simulate", "watch", "play"])
def test_every_command_shares_one_converter(
    command: str, option: str, value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, f"{option}={value}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


# --- 10. every verifier message reads as one sentence ----------------------------------------------------------


def _mutations(recs: list[dict[str, Any]]) -> Iterator[list[Any]]:
    """Many single changes to a session: every 7th place in every record, each given a few wrong values."""

    def places(obj: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
        if at:
            yield at
        items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
        for k, v in items:
            yield from places(v, (*at, k))

    for n in range(len(recs)):
        for p, place in enumerate(places(recs[n])):
            if p % 7:
                continue
            values: tuple[Any, ...] = (None, -1, 1, "x", "Ah", [], "discard 2c 2c", 10**6)
            for value in values:
                copy = json.loads(json.dumps(recs))
                parent = copy[n]
                for key in place[:-1]:
                    parent = parent[key]
                parent[place[-1]] = value
                yield copy
    yield [recs[0], '{"format":"lanterloo-hand-history","version":1,"x":"unterminated}']
    yield [recs[0], "\u3000"]


DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_verifier_message_is_one_grammatical_sentence(preset: str, tmp_path: Path) -> None:
    lo, hi = rules_with(preset).player_range()
    recs = records(preset, min(max(4, lo), hi), 4)
    messages = set()
    path = tmp_path / "m.jsonl"
    for lines in _mutations(recs):
        write(tmp_path, lines, "m.jsonl")
        try:
            history.verify_file(path)
        except HistoryError as e:
            messages.add(str(e))
    assert len(messages) > 30
    for m in messages:
        bare = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]", "''", m)  # quoted values may repeat a word
        assert "\n" not in m and not m.endswith(".."), m
        assert not DOUBLED.search(bare), m  # "at at column"
        assert not re.search(r"[a-z]\. [A-Z]|\.\s*\(", bare), m  # one sentence, the rule ID inside it
        assert not re.search(r"\b(settlement|pool|result|deck|seat) \S+ do not\b", m), m
        assert m.count("(") == m.count(")"), m


# --- 11. a variant's name with other rules -----------------------------------------------------------------------


def test_COMMON_1_a_known_variant_name_with_other_rules_is_noted_in_the_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "h.jsonl"
    assert main(["simulate", "-d", "3", "-s", "2", "-o", "loo_penalty=pool", "--history", str(path)]) == 0
    capsys.readouterr()
    code, out, _ = verify(capsys, path)
    assert code == 0
    assert out.endswith(
        "Note: 3 deals, from line 1, name the variant 'three-card' but are played with house rules "
        "(loo_penalty=pool): what was verified is the recorded rules, not the variant's.\n"
    )
    code, out, _ = verify(capsys, write(tmp_path, records()))
    assert "Note" not in out


# --- 12. the players are named ---------------------------------------------------------------------------------


def test_COMMON_4_the_verifier_names_the_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    names = [s["name"] for s in recs[0]["seats"]]
    seat = recs[0]["actions"][0][0]
    other = (seat + 1) % 5
    recs[0]["actions"][0][0] = other
    err = refused(capsys, write(tmp_path, recs), 1, f"by {names[other]} (seat {other}), is out of turn")
    assert f"it is {names[seat]}'s turn (COMMON-4)" in err
