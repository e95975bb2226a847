"""Fair seeds in hand histories (docs/fair-deals.md): the ``fair`` field written, read strictly and verified, the
``loo verify-deal`` command, and the page's own check run against histories the engine wrote."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from lanterloo import Deal, LooError, fairdeal, history, rules_with
from lanterloo.bots import make_bots
from lanterloo.cli import main
from lanterloo.errors import HistoryError, LooTypeError
from lanterloo.rules.registry import PRESETS
from lanterloo.session import Session
from lanterloo.sim import play_out, seat_names

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "fair-deals.md"


def seed_of(k: int) -> str:
    """A fixed seed per deal, so the outputs quoted on the page are reproducible."""
    return hashlib.sha256(f"lanterloo fair deal {k}".encode()).hexdigest()


def fair_lines(preset: str, deals: int, players: int | None = None, *, fair: bool = True) -> list[dict[str, Any]]:
    """A session of bots, each deal dealt from a fair seed, as hand-history records; three-handed Louse (a house
    rule) deals the 30-card pack."""
    rules = rules_with("louse", {"min_players": 3}) if (preset, players) == ("louse", 3) else PRESETS[preset]
    lo, hi = rules.player_range()
    n = players if players is not None else min(max(4, lo), hi)
    names = seat_names(n)
    session = Session(rules, names, seed=5, max_deals=deals)
    bots = make_bots(["random"] * n, 5)
    out = []
    while not session.over:
        deal = session.new_deal(fair_seed=seed_of(session.deals_played + 1) if fair else None)
        play_out(deal, bots)
        rec = session.finish_deal()
        out.append(
            history.deal_to_record(
                rec.deal,
                number=rec.number,
                names=names,
                seed=rec.seed,
                session="table-1",
                totals_after=rec.totals_after if rules.game == "louse" else None,
                fair_seed=rec.fair_seed,
            )
        )
    return out


def write(path: Path, recs: list[dict[str, Any]]) -> Path:
    path.write_text("".join(history.dumps(r) + "\n" for r in recs), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["verify-deal", *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_sentence(err: str) -> bool:
    text = err.strip()
    return "\n" not in text and text.startswith("loo: ") and text.endswith(".")


@pytest.fixture(scope="module")
def table() -> list[dict[str, Any]]:
    return fair_lines("three-card", 3)


# --- the record ---------------------------------------------------------------------------------------------------


def test_a_fair_deal_records_its_seed_commitment_and_procedure(table: list[dict[str, Any]]) -> None:
    rec = table[0]
    assert rec["fair"] == {
        "seed": seed_of(1),
        "commitment": hashlib.sha256(bytes.fromhex(seed_of(1))).hexdigest(),
        "procedure": fairdeal.PROCEDURE,
    }
    assert rec["deck"] == [str(c) for c in fairdeal.deck_from_seed(rules_with("three-card"), 4, seed_of(1))]
    assert rec["version"] == history.VERSION == 2  # an optional field: no new version (docs/hand-history.md)


def test_a_deal_without_a_fair_seed_writes_no_fair_field() -> None:
    assert all("fair" not in r for r in fair_lines("three-card", 2, fair=False))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_fair_history_of_every_preset_verifies(preset: str, tmp_path: Path, capsys: Any) -> None:
    recs = fair_lines(preset, 3)
    path = write(tmp_path / "t.jsonl", recs)
    assert history.verify_file(path) == len(recs)
    code, out, err = run(capsys, str(path))
    assert code == 0 and not err
    assert out.count(": ok: the seed matches its commitment and gives the deck dealt.") == len(recs)


def test_deal_to_record_refuses_a_seed_the_deal_was_not_dealt_from() -> None:
    rules = rules_with("three-card")
    deal = Deal(rules, [50] * 4, 0, deck=fairdeal.deck_from_seed(rules, 4, seed_of(1)))
    assert history.deal_to_record(deal, fair_seed=seed_of(1).upper())["fair"]["seed"] == seed_of(1)
    with pytest.raises(LooError, match="not dealt from this fair seed"):
        history.deal_to_record(deal, fair_seed=seed_of(2))
    with pytest.raises(LooError, match="64 hexadecimal digits"):
        history.deal_to_record(deal, fair_seed="abc")


def test_session_fair_seed_is_refused_with_a_deck_or_in_the_wrong_form() -> None:
    session = Session(rules_with("three-card"), 4, seed=1)
    with pytest.raises(LooError, match="a deck or a fair seed, not both"):
        session.new_deal(deck=list(range(52)), fair_seed=seed_of(1))
    with pytest.raises(LooTypeError, match="must be text"):
        session.new_deal(fair_seed=12)  # type: ignore[arg-type]
    with pytest.raises(LooError, match="64 hexadecimal digits"):
        session.new_deal(fair_seed="zz" * 32)
    assert session.current is None  # a refusal changes nothing
    deal = session.new_deal(fair_seed=seed_of(1))
    assert list(deal.started.deck) == fairdeal.deck_from_seed(session.rules, 4, seed_of(1))


# --- reading and verifying ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fair", "why"),
    [
        ("x", "must be an object"),
        ({"seed": seed_of(1), "commitment": seed_of(1)}, 'must hold "seed", "commitment" and "procedure"'),
        ({"seed": seed_of(1).upper(), "commitment": seed_of(1), "procedure": "p"}, "has a seed that is not 64"),
        ({"seed": seed_of(1), "commitment": 5, "procedure": "p"}, "has a commitment that is not 64"),
        ({"seed": seed_of(1), "commitment": seed_of(1), "procedure": ""}, "has a procedure that is not a name"),
    ],
)
def test_a_fair_field_of_the_wrong_form_is_refused_by_the_reader(
    table: list[dict[str, Any]], fair: Any, why: str, tmp_path: Path, capsys: Any
) -> None:
    path = write(tmp_path / "t.jsonl", [{**table[0], "fair": fair}])
    with pytest.raises(HistoryError, match=re.escape(f"the field 'fair' {why}")):
        history.verify_file(path)
    code, out, err = run(capsys, str(path))
    assert code == 2 and not out and one_sentence(err) and "line 1" in err and "docs/fair-deals.md" in err


def tampered(table: list[dict[str, Any]], how: str) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads(json.dumps(table[1]))
    fair = rec["fair"]
    if how == "seed":
        fair["seed"] = seed_of(99)
    elif how == "commitment":
        fair["commitment"] = hashlib.sha256(b"another").hexdigest()
    elif how == "deck":
        rec["deck"][6], rec["deck"][20] = rec["deck"][20], rec["deck"][6]
    elif how == "seed and commitment":  # a consistent pair, but not the one the deck came from
        fair["seed"] = seed_of(99)
        fair["commitment"] = fairdeal.commitment(seed_of(99))
    elif how == "procedure":
        fair["procedure"] = "sha256-counter-fisher-yates-v9"
    return rec


COMMITMENT_FAILS = "the seed does not match the commitment published before the deal: SHA-256 of the seed is"
DECK_FAILS = "the seed does not give the deck dealt: card "


@pytest.mark.parametrize(
    ("how", "sentences"),
    [
        ("seed", [COMMITMENT_FAILS, DECK_FAILS]),  # the old commitment, and the old deck, are another seed's
        ("commitment", [COMMITMENT_FAILS]),
        ("deck", [DECK_FAILS + "7 of the deck is "]),
        ("seed and commitment", [DECK_FAILS]),
        ("procedure", ["which this version of lanterloo does not know"]),
    ],
)
def test_a_tampered_fair_deal_fails_with_the_check_it_breaks(
    table: list[dict[str, Any]], how: str, sentences: list[str], tmp_path: Path, capsys: Any
) -> None:
    path = write(tmp_path / "t.jsonl", [table[0], tampered(table, how), table[2]])
    code, out, err = run(capsys, str(path))
    assert code == 1 and one_sentence(err) and "1 of 3 deals failed the fair-deal check" in err
    lines = out.splitlines()
    assert lines[0].startswith("Deal 1 (line 1): ok") and lines[2].startswith("Deal 3 (line 3): ok")
    assert lines[1].startswith("Deal 2 (line 2): FAILED: ")
    for s in sentences:
        assert s in lines[1]
    assert lines[1].count("; and ") == len(sentences) - 1
    # loo replay --verify refuses the same deal, with the first of the same sentences
    with pytest.raises(HistoryError, match=re.escape(sentences[0])) as e:
        history.verify_file(path)
    assert e.value.line == 2


def test_a_swapped_card_names_its_position_and_both_cards(table: list[dict[str, Any]], tmp_path: Path) -> None:
    rec = tampered(table, "deck")
    problems = history.fair_problems(rec["fair"], rules_with("three-card"), 4, rec["deck"])
    assert problems == [
        f"{DECK_FAILS}7 of the deck is {table[1]['deck'][6]} by the seed but {rec['deck'][6]} in the history"
    ]


def test_histories_without_fair_seeds_still_verify(tmp_path: Path) -> None:
    plain = fair_lines("three-card", 2, fair=False)
    assert history.verify_file(write(tmp_path / "v2.jsonl", plain)) == len(plain)
    page = (ROOT / "docs" / "hand-history.md").read_text(encoding="utf-8")
    example = page.split("<!-- example:begin -->")[1].split("```json\n")[1].split("\n```")[0]
    assert history.verify_file(write(tmp_path / "one.jsonl", [json.loads(example)]), selection=True) == 1


# --- loo verify-deal ----------------------------------------------------------------------------------------------


def test_verify_deal_checks_one_numbered_deal(table: list[dict[str, Any]], tmp_path: Path, capsys: Any) -> None:
    path = write(tmp_path / "t.jsonl", [table[0], tampered(table, "deck"), table[2]])
    code, out, err = run(capsys, str(path), "--deal", "3")
    assert code == 0 and not err
    assert out.splitlines() == [
        "Deal 3 (line 3): ok: the seed matches its commitment and gives the deck dealt.",
        f"{path}: 1 deal checked: its seed matches its commitment and gives the deck dealt.",
    ]


def test_verify_deal_counts_the_deals_without_a_seed(table: list[dict[str, Any]], tmp_path: Path, capsys: Any) -> None:
    plain = fair_lines("three-card", 2, fair=False)
    path = write(tmp_path / "t.jsonl", [table[0], {**plain[1], "session": None}])
    code, out, err = run(capsys, str(path))
    assert code == 0 and not err
    assert "1 deal with no fair seed was not checked." in out


def test_verify_deal_checks_a_seed_against_a_commitment(capsys: Any) -> None:
    seed = seed_of(1)
    code, out, err = run(capsys, "--seed", seed.upper(), "--commitment", fairdeal.commitment(seed))
    assert code == 0 and out == "ok: the seed matches the commitment (SHA-256 of its 32 bytes).\n" and not err
    code, out, err = run(capsys, "--seed", seed, "--commitment", fairdeal.commitment(seed_of(2)))
    assert code == 1 and out.startswith("FAILED: " + COMMITMENT_FAILS) and one_sentence(err)


def test_verify_deal_bad_input_is_one_sentence_and_exit_2(
    table: list[dict[str, Any]], tmp_path: Path, capsys: Any
) -> None:
    good = write(tmp_path / "good.jsonl", table)
    plain = write(tmp_path / "plain.jsonl", fair_lines("three-card", 2, fair=False))
    (tmp_path / "corrupt.jsonl").write_text(history.dumps(table[0])[:-9] + "\n", encoding="utf-8")
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    unseeded = write(tmp_path / "mixed.jsonl", [table[0], {k: v for k, v in table[1].items() if k != "fair"}])
    cases = {
        (): "needs a hand history, or --seed and --commitment",
        (str(tmp_path / "missing.jsonl"),): "there is no such file",
        (str(tmp_path),): "it is a directory",
        (str(tmp_path / "corrupt.jsonl"),): "deal on line 1: the line ends in the middle of its JSON",
        (str(tmp_path / "empty.jsonl"),): "holds no deals",
        (str(plain),): "records no fair seed: none of its deals was dealt from a published seed",
        (str(good), "--deal", "9"): "has no deal numbered 9",
        (str(unseeded), "--deal", "2"): "Deal 2 of",
        ("--seed", "12ab", "--commitment", seed_of(1)): "--seed must be 64 hexadecimal digits (32 bytes), not '12ab'",
        ("--seed", seed_of(1), "--commitment", "g" * 64): "--commitment must be 64 hexadecimal digits",
        ("--seed", seed_of(1)): "--seed and --commitment go together",
        (str(good), "--seed", seed_of(1), "--commitment", seed_of(1)): "not both",
        ("--deal", "0"): "--deal",
    }
    for args, want in cases.items():
        code, out, err = run(capsys, *args)
        assert code == 2 and one_sentence(err) and want in err, (args, code, err)
        assert not out, args


# --- the page -----------------------------------------------------------------------------------------------------


def page_check() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split("<!-- check:begin -->\n```python\n")[1].split("```\n<!-- check:end -->")[0]


def run_page_check(folder: Path, recs: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    write(folder / "table.jsonl", recs)
    monkeypatch.chdir(folder)
    exec(compile(page_check(), str(PAGE), "exec"), {"__name__": "fair_deals_page"})


@pytest.mark.parametrize(
    ("preset", "players"), [("three-card", 5), ("five-card", 4), ("lou", 3), ("louse", 3), ("louse", 4)]
)
def test_the_pages_check_passes_on_a_history_lanterloo_wrote(
    preset: str, players: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_page_check(tmp_path, fair_lines(preset, 2, players), monkeypatch)


@pytest.mark.parametrize("how", ["seed", "commitment", "deck", "seed and commitment", "procedure"])
def test_the_pages_check_fails_on_a_tampered_history(
    table: list[dict[str, Any]], how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(AssertionError):
        run_page_check(tmp_path, [table[0], tampered(table, how)], monkeypatch)


def test_the_pages_example_output_is_real(table: list[dict[str, Any]], tmp_path: Path, capsys: Any) -> None:
    """The `loo verify-deal table.jsonl` block on the page: a history whose second deal has two cards swapped and
    whose third has another commitment."""
    write(
        tmp_path / "table.jsonl",
        [
            table[0],
            tampered(table, "deck"),
            {**table[2], "fair": {**table[2]["fair"], "commitment": hashlib.sha256(b"another").hexdigest()}},
        ],
    )
    code = main(["verify-deal", str(tmp_path / "table.jsonl")])
    out, err = capsys.readouterr()
    real = out.replace(str(tmp_path / "table.jsonl"), "table.jsonl") + err.replace(
        str(tmp_path / "table.jsonl"), "table.jsonl"
    )
    block = PAGE.read_text(encoding="utf-8").split("$ loo verify-deal table.jsonl\n")[1].split("```")[0]
    assert code == 1 and real == block
