"""End to end: ``loo simulate --history`` then ``loo replay --verify`` round-trips 1,000 deals of every preset.

Each preset is played at its smallest and its largest player count (Louse only has one). The replay re-applies
every action under the rules recorded in the file and compares every settlement, and the continuity of each
session, with what was written. A history with one altered card must be rejected, naming the deal.

The whole file takes about 9 s on one core (measured: 13 configurations of 1,000 deals each, written and
verified, plus the altered-card check).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lanterloo.cli import main
from lanterloo.rules import PRESET_NAMES, PRESETS

DEALS = 1000
CASES = [(preset, n) for preset in PRESET_NAMES for n in sorted(set(PRESETS[preset].player_range()))]


@pytest.mark.parametrize(("preset", "players"), CASES, ids=[f"{p}-{n}" for p, n in CASES])
def test_simulate_then_replay_verify_round_trips(
    preset: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{preset}-{players}.jsonl"
    code = main(
        [
            "simulate",
            "--variant",
            preset,
            "--players",
            str(players),
            "--deals",
            str(DEALS),
            "--seed",
            "2024",
            "--history",
            str(path),
            "--json",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    summary = json.loads(out)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == summary["deals"]
    if preset == "louse":  # whole matches: at least the target, and the last match ends by the target rule
        assert summary["deals"] >= DEALS
        assert max(json.loads(lines[-1])["result"]["totals"]) >= PRESETS["louse"].louse_target
    else:  # SESSION-4: the last session plays on until its pool is empty
        assert summary["deals"] >= DEALS and summary["deals_asked"] == DEALS
        last = json.loads(lines[-1])["result"]
        # a pool is left only by a session cut short (a player could not pay) or one that gave up emptying it
        # (a big table of random players loos someone nearly every deal), and the summary counts it
        assert last["pool"] <= summary["pool_left"]
        assert last["pool"] == 0 or any(
            ("could not pay" in why or "never emptied" in why) for why in summary["session_ends"]
        )
    first = json.loads(lines[0])
    assert first["variant"] == preset and len(first["seats"]) == players

    code = main(["replay", str(path), "--verify"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert f"{summary['deals']:,} deals verified" in out


def test_a_history_with_one_altered_card_is_rejected_naming_the_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "h.jsonl"
    assert (
        main(["simulate", "-v", "three-card", "-n", "6", "-d", "200", "--seed", "5", "--history", str(path), "--json"])
        == 0
    )
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").splitlines()
    rec = json.loads(lines[137])
    # the turn-up of a 6-player deal is card 6*3 + 3 = 21 of the deck: replace it with the ace of that suit
    # (or the king, if it is the ace), so the pack holds one card twice
    deck = rec["deck"]
    turnup = deck[21]
    other = ("K" if turnup[0] == "A" else "A") + turnup[1]
    deck[21] = other
    lines[137] = json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    code = main(["replay", str(path), "--verify"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "deal on line 138:" in err
    assert "more than once" in err and "(LOO-DEAL-1)" in err
