"""`loo replay --verify` is a proof: every tampering found by the issue-8 attack is refused with exit 1 and one
sentence naming the line, and no input, however malformed or large, produces a traceback.

Each test edits a real history written by `loo simulate` and runs the command line in-process.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from lanterloo import history
from lanterloo.cli import main
from lanterloo.cli.common import EscapedOutput
from lanterloo.engine import Deal
from lanterloo.errors import HistoryError
from lanterloo.rules import rules_with
from lanterloo.sim import simulate
from lanterloo.termtext import escape

_CACHE: dict[tuple[str, int, int], list[dict[str, Any]]] = {}


def records(variant: str = "three-card", players: int = 5, deals: int = 8, seed: int = 3) -> list[dict[str, Any]]:
    """A session's records, as `loo simulate --history` writes them (a fresh copy each call)."""
    key = (variant, players, deals)
    if key not in _CACHE:
        buf = io.StringIO()
        simulate(rules_with(variant), players, deals, seed, history=buf)
        _CACHE[key] = [json.loads(line) for line in buf.getvalue().splitlines()]
    return copy.deepcopy(_CACHE[key])


def write(tmp_path: Path, recs: list[Any], name: str = "h.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join((r if isinstance(r, str) else history.dumps(r)) + "\n" for r in recs), encoding="utf-8")
    return path


def verify(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> tuple[int, str, str]:
    code = main(["replay", str(path), "--verify", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], path: Path, line: int, needle: str, *extra: str) -> str:
    code, out, err = verify(capsys, path, *extra)
    assert code == 1, (out, err)
    assert out == "" and err.count("\n") == 1 and err.startswith("loo: "), err
    assert f"deal on line {line}: " in err, err
    assert needle in err, err
    return err


def test_a_history_written_by_the_current_code_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = verify(capsys, write(tmp_path, records()))
    assert code == 0 and err == ""
    assert out.endswith(
        "8 deals verified: every action is legal, every settlement matches the rules, and each "
        "session is in order and follows on from deal to deal.\n"
    )


# --- results ------------------------------------------------------------------------------------------------------


def test_a_finished_deal_with_a_null_result_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    recs[1]["result"] = None
    # the attack: with deal 2 nulled, 5,000 chips added to deal 3 went through
    recs[2]["seats"][0]["stack"] += 5000
    recs[2]["result"]["stacks"][0] += 5000
    refused(capsys, write(tmp_path, recs), 2, "the actions finish the deal, but its result is null")


def test_a_deal_without_a_result_field_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    del recs[4]["result"]
    refused(capsys, write(tmp_path, recs), 5, "'result' is missing")


def test_an_unfinished_deal_must_be_the_last_of_its_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    rec = recs[3]
    rec["actions"] = rec["actions"][:2]
    rec["result"] = None
    refused(capsys, write(tmp_path, recs[:5]), 5, "which is unfinished")
    code, out, _ = verify(capsys, write(tmp_path, recs[:4]))
    assert code == 0 and "1 is unfinished" in out


# --- order and numbering --------------------------------------------------------------------------------------------


def test_SESSION_1_deals_in_reverse_order_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, write(tmp_path, records()[::-1]), 1, "a session starts with deal 1")


def test_SESSION_1_a_duplicated_deal_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    refused(capsys, write(tmp_path, [*recs[:4], recs[3], *recs[4:]]), 5, "each once (SESSION-1)")


def test_SESSION_1_two_swapped_deals_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    recs[2], recs[3] = recs[3], recs[2]
    refused(capsys, write(tmp_path, recs), 3, "comes after deal 2: deals are numbered on without gaps")


def test_SESSION_1_a_renumbered_deal_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    recs[5]["deal"] = 9
    refused(capsys, write(tmp_path, recs), 6, "without gaps")
    # with --selection the jump is a gap, but the dealer gives it away: it passes one seat per deal (COMMON-3)
    refused(capsys, write(tmp_path, recs), 6, "passes one seat to the left each deal", "--selection")


def test_SESSION_1_a_gap_needs_selection_and_the_verdict_names_what_was_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    path = write(tmp_path, [*recs[:2], *recs[4:]])
    refused(capsys, path, 3, "deal 5 of session 'sim-3-1' comes after deal 2")
    code, out, err = verify(capsys, path, "--selection")
    assert code == 0 and err == ""
    assert "6 deals verified" in out and "from deal 2 to deal 5" in out
    assert "the dealer and the chips on the table were checked, but not each seat's stack" in out
    # a selection may start late, and the verdict says so
    code, out, _ = verify(capsys, write(tmp_path, recs[3:]), "--selection")
    assert code == 0 and "before deal 4" in out


def test_SESSION_1_a_session_split_across_the_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = records()
    b = records("three-card", 5, 8, 3)
    for r in b:
        r["session"] = "other"
    path = write(tmp_path, [*a[:3], *b[:2], *a[3:]])
    refused(capsys, path, 6, "was on lines 1 to 3")


def test_selection_alone_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(write(tmp_path, records())), "--selection"]) == 2
    assert "--selection changes only what --verify checks" in capsys.readouterr().err


# --- rules the verifier had not enforced ---------------------------------------------------------------------------


def test_PAM_EXCH_2_a_reshuffle_that_never_happened_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    recs[2]["reshuffles"] = [["2c", "3c"]]  # three-card Loo has no exchange at all
    refused(capsys, write(tmp_path, recs), 3, "the record lists 1 reshuffle, but the deal needed 0")


def test_SESSION_2_a_deal_a_seat_cannot_ante_for_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_with("three-card")
    deal = Deal(rules, [100, 100, 2, 100, 100], 0, seed=1)  # seat 2 owes an ante of 3
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    rec = history.deal_to_record(deal)
    refused(capsys, write(tmp_path, [rec]), 1, "less than the ante of 3 owed")
    with pytest.raises(HistoryError) as e:
        history.verify_record(rec, 1)
    assert e.value.rule_id == "SESSION-2"


@pytest.mark.parametrize("variant", ["three-card", "five-card", "louse"])
def test_LOO_ANTE_1_ante_false_where_antes_are_always_due_is_refused(
    variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records(variant, 4, 3)
    recs[0]["ante"] = False
    refused(capsys, write(tmp_path, recs), 1, "'ante' is false")


def test_LOU_GAME_1_a_session_starts_with_antes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records("lou", 5, 12)
    i = next(i for i, r in enumerate(recs) if not r["ante"])
    path = write(tmp_path, recs[i:])
    code, out, _ = verify(capsys, path, "--selection")
    assert code == 0, out  # a selection may start in the middle of a game


def test_LOUSE_MATCH_1_louse_totals_cannot_be_removed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records("louse", 4, 6)
    del recs[3]["result"]["totals"]
    refused(capsys, write(tmp_path, recs), 4, "lacks 'totals'")


def test_totals_outside_louse_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    recs[0]["result"]["totals"] = [0, 0, 0, 0, 0]
    refused(capsys, write(tmp_path, recs), 1, "only Louse records")


# --- strict types -------------------------------------------------------------------------------------------------

LAX: list[tuple[str, Any, str]] = [
    ("version", "1.0", "every number in a hand history is a whole number"),
    ("version", "true", "version true is not supported"),
    ("deal", '"3"', "'deal' must be a whole number from 1"),
    ("deal", "0", "'deal' must be a whole number from 1"),
    ("deal", "3.0", "whole number"),
    ("session", "5", "'session' must be non-empty text or null"),
    ("session", '""', "'session' must be non-empty text or null"),
    ("pool", "true", "'pool' must be a whole number from 0"),
    ("pool", "-1", "'pool' must be a whole number from 0"),
    ("dealer", "false", "'dealer' must be a seat"),
    ("ante", "1", "'ante' must be true or false"),
    ("seed", '"42"', "'seed' must be a whole number from 0, or null"),
    ("seed", "1e3", "whole number"),
]


@pytest.mark.parametrize(("field", "value", "needle"), LAX, ids=[f"{f}={v}" for f, v, _ in LAX])
def test_lax_types_are_refused(
    field: str, value: str, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs: list[Any] = records()
    text = history.dumps(recs[2])
    old = json.dumps(recs[2][field], separators=(",", ":"))
    recs[2] = text.replace(f'"{field}":{old}', f'"{field}":{value}', 1)
    assert recs[2] != text
    refused(capsys, write(tmp_path, recs), 3, needle)


@pytest.mark.parametrize("field", ["variant", "seed", "deal", "session", "reshuffles"])
def test_a_missing_field_is_refused(field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    del recs[2][field]
    refused(capsys, write(tmp_path, recs), 3, f"the field {field!r} is missing")


def test_a_seat_without_a_name_or_with_a_boolean_stack_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = records()
    del recs[1]["seats"][2]["name"]
    refused(capsys, write(tmp_path, recs), 2, "seat entry 3 must be")
    recs = records()
    recs[1]["seats"][0]["stack"] = True
    refused(capsys, write(tmp_path, recs), 2, "seat entry 1 must be")


def test_booleans_in_a_settlement_are_not_integers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    won = recs[0]["result"]["settlement"]["won"]
    i = next((i for i, w in enumerate(won) if w in (0, 1)), None)
    assert i is not None
    won[i] = bool(won[i])
    refused(capsys, write(tmp_path, recs), 1, "settlement's won")


def test_a_rules_option_of_the_wrong_type_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    recs[0]["rules"]["miss"] = 1
    refused(capsys, write(tmp_path, recs), 1, "option 'miss' must be true or false")


def test_a_field_named_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs: list[Any] = records()
    recs[0] = history.dumps(recs[0])[:-1] + ',"deal":1}'
    refused(capsys, write(tmp_path, recs), 1, 'names the field "deal" twice')


# --- bounded input ------------------------------------------------------------------------------------------------


def test_an_overlong_line_is_refused_without_reading_it_all(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"x" * (history.MAX_LINE_BYTES * 4))
    refused(capsys, path, 1, f"longer than {history.MAX_LINE_BYTES:,} bytes")


def test_dev_zero_stops_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    refused(capsys, Path("/dev/zero"), 1, "longer than")


def test_a_huge_integer_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs: list[Any] = records()
    recs[1] = history.dumps(recs[1]).replace('"pool":', '"pool":' + "9" * 5000 + ',"x":', 1)
    refused(capsys, write(tmp_path, recs), 2, "an integer of 5,000 digits")


def test_deep_nesting_is_refused_without_recursion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs: list[Any] = records()
    recs[1] = history.dumps(recs[1])[:-1] + ',"x":' + "[" * 100_000 + "]" * 100_000 + "}"
    refused(capsys, write(tmp_path, recs), 2, "deeper than the format needs")
    recs[1] = history.dumps(records()[1])[:-1] + ',"x":[[[[]]]]}'
    refused(capsys, write(tmp_path, recs), 2, "deeper than the format needs (4 levels")


def test_invalid_utf8_and_lone_surrogates_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records()
    path = tmp_path / "bad.jsonl"
    path.write_bytes(history.dumps(recs[0]).encode() + b"\n" + history.dumps(recs[1]).encode()[:-2] + b"\xff}\n")
    refused(capsys, path, 2, "not UTF-8 text")
    text = history.dumps(recs[0]).replace('"name":"', '"name":"\\ud800', 1)
    refused(capsys, write(tmp_path, [text]), 1, "lone surrogate")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_numbers_are_refused(constant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = history.dumps(records()[0]).replace('"pool":0', f'"pool":{constant}', 1)
    refused(capsys, write(tmp_path, [text]), 1, "not a number a hand history can hold")


# --- untrusted text on the terminal -------------------------------------------------------------------------------


def test_names_and_sessions_cannot_reach_the_terminal_raw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    nasty = "\x1b]0;pwned\x07\x1b[2J\u202eevil\x9b"
    recs = records(deals=2)
    for r in recs:
        r["seats"][0]["name"] = nasty
        r["session"] = "s" + nasty
    path = write(tmp_path, recs)
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "pwned" in out
    assert not any(c in out for c in "\x1b\x07\u202e\x9b")
    assert "\\u001b]0;pwned\\u0007" in out
    # the verdict and error messages are escaped too
    assert main(["replay", str(path), "--verify"]) == 0
    recs[1]["deal"] = 7
    assert main(["replay", str(write(tmp_path, recs)), "--verify"]) == 1
    out, err = capsys.readouterr()
    assert not any(c in out + err for c in "\x1b\x07\u202e\x9b")


def test_a_lone_surrogate_is_escaped_at_the_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a file cannot carry one any more (the reader refuses it), but a command-line argument can: Python decodes
    # undecodable argv bytes to lone surrogates, and the old narrative crashed printing them
    sink = io.StringIO()
    EscapedOutput(sink).write("Ann\udcff \x1b[2J\n")
    assert sink.getvalue() == "Ann\\udcff \\u001b[2J\n"
    # a short relative name: a long path is shortened in the message, which could cut the escape in two
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "\udcff\x1b[2J.jsonl"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\udcff" in err and err.count("\n") == 1


def test_escape_keeps_ordinary_text_and_json_validity() -> None:
    assert escape("Ann ♥ Zoë 10♦") == "Ann ♥ Zoë 10♦"
    assert escape("a\nb") == "a\\u000ab" and escape("a\nb", newlines=True) == "a\nb"
    raw = json.dumps({"n": "x\u202ey\x85\udcff"}, ensure_ascii=False)
    assert json.loads(escape(raw)) == {"n": "x\u202ey\x85\udcff"}
