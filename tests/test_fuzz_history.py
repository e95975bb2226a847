"""Fuzzing `loo replay --verify` with single mutations of real histories of every preset.

Each example changes one thing in a session file: a value anywhere in one record (replaced by a value of another
type or a nearby number, or deleted), or the lines themselves (dropped, repeated, swapped). The verdict must be one
of two: refused with exit 1 and one sentence naming a line at or after the first line touched; or accepted, and
then the file is truly consistent: every record is exactly the record the rules re-derive from its deck and actions
(re-serialised by ``deal_to_record``), and what changed is only what the format calls informational (the seed, a
top-level field it does not define) or nothing at all. Never a traceback.
"""

from __future__ import annotations

import copy
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import examples, report
from lanterloo import history
from lanterloo.cli import main
from lanterloo.rules import PRESET_NAMES, rules_with
from lanterloo.sim import simulate

_FILES: dict[str, list[dict[str, Any]]] = {}
COUNTS: Counter[str] = Counter()


def _session(preset: str) -> list[dict[str, Any]]:
    if preset not in _FILES:
        rules = rules_with(preset)
        lo, hi = rules.player_range()
        buf = io.StringIO()
        options = {"exchange_shortfall": "reshuffle"} if preset == "five-card" else {}
        simulate(rules_with(preset, options), min(max(4, lo), hi), 6, 11, history=buf)
        _FILES[preset] = [json.loads(line) for line in buf.getvalue().splitlines()]
    return copy.deepcopy(_FILES[preset])


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a record a value sits, depth first."""
    out = [prefix] if prefix else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*prefix, i))
    return out


REPLACEMENTS: list[Any] = [None, True, False, 0, 1, -1, 2, 7, 10**6, "", "x", "Ah", "2c", "pass", [], {}, [0], 3.5]
# What a person may type but a record may not hold: other spellings of words and cards, a discard naming a card
# twice; and lines of white space that is not ASCII (docs/hand-history.md, "Notation", "Reading a line").
REPLACEMENTS += ["fold", "in", "Play", "10h", "ah", "1h", "discard 2c 2c", "Ah civil"]
SPACES = ["\u3000", "\u00a0", "\x0c"]
INFORMATIONAL = {("seed",)}

mutation = st.tuples(
    st.sampled_from(
        ["replace", "nudge", "delete", "drop_line", "repeat_line", "swap_lines", "add_field", "space_line"]
    ),
    st.integers(0, 10**6),
    st.integers(0, 10**6),
    st.sampled_from(REPLACEMENTS),
    st.integers(-3, 3),
)


def _mutate(recs: list[dict[str, Any]], m: tuple[str, int, int, Any, int]) -> tuple[list[Any], int, tuple[Any, ...]]:
    """Apply one mutation; returns the new lines, the first line (1-based) it touched, and the path changed."""
    kind, a, b, value, delta = m
    i = a % len(recs)
    if kind == "drop_line":
        return recs[:i] + recs[i + 1 :], i + 1, ("line",)
    if kind == "repeat_line":
        return [*recs[: i + 1], recs[i], *recs[i + 1 :]], i + 2, ("line",)
    if kind == "swap_lines":
        j = b % len(recs)
        recs[i], recs[j] = recs[j], recs[i]
        return recs, min(i, j) + 1, ("line",)
    if kind == "space_line":
        return [*recs[:i], SPACES[b % len(SPACES)], *recs[i:]], i + 1, ("line",)
    if kind == "add_field":
        recs[i]["zz_extra"] = value
        return recs, i + 1, ("zz_extra",)
    paths = _paths(recs[i])
    path = paths[b % len(paths)]
    parent: Any = recs[i]
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if kind == "delete":
        del parent[last]
    elif kind == "nudge" and type(parent[last]) is int:
        parent[last] += delta
    else:
        parent[last] = value
    return recs, i + 1, path


def _canonical_ok(path: Path) -> None:
    """An accepted file: each record is exactly what the rules re-derive from it."""
    for line, obj in history.read(path):
        deal = history.verify_record(obj, line)
        result = obj["result"]
        again = history.deal_to_record(
            deal,
            number=obj["deal"],
            names=[s["name"] for s in obj["seats"]],
            seed=obj["seed"],
            session=obj["session"],
            totals_after=result.get("totals") if result else None,
        )
        known = {k: v for k, v in obj.items() if k in again}
        assert json.dumps(known, sort_keys=True) == json.dumps(again, sort_keys=True), line


def _verify(path: Path, *extra: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("sys.stdout", out)
        mp.setattr("sys.stderr", err)
        code = main(["replay", str(path), "--verify", *extra])
    return code, out.getvalue(), err.getvalue()


def _kept(recs: list[Any], original: list[dict[str, Any]]) -> bool:
    """Whether ``recs`` is ``original`` with some whole records left out, in order: a selection of its deals."""
    it = iter(original)
    return all(isinstance(r, dict) and any(r == o for o in it) for r in recs)


def _judge(
    original: list[dict[str, Any]], m: tuple[str, int, int, Any, int], path: Path, counts: Counter[str], *extra: str
) -> None:
    """Mutate ``original`` once, verify it, and hold the verdict to the rules in the module's docstring."""
    recs, first, changed = _mutate(copy.deepcopy(original), m)
    path.write_text("".join((r if isinstance(r, str) else history.dumps(r)) + "\n" for r in recs), "utf-8")
    code, out, err = _verify(path, *extra)
    counts["tried"] += 1
    if code == 1:
        assert out == "" and err.count("\n") == 1 and err.startswith("loo: "), err
        line = int(err.split("deal on line ", 1)[1].split(":", 1)[0])
        assert first <= line <= len(recs), (m, err)
        counts["refused"] += 1
        return
    assert code == 0 and err == "", (m, err)
    _canonical_ok(path)
    same = recs == original
    if m[0] == "drop_line" and recs == original[:-1]:
        counts["accepted (last deal dropped: a shorter whole session)"] += 1
        return
    if extra and m[0] == "drop_line" and _kept(recs, original):
        counts["accepted (a deal left out of a selection)"] += 1
        return
    assert same or changed in INFORMATIONAL or changed == ("zz_extra",) or changed[-1] == "name", (m, changed)
    counts["accepted (no change)" if same else "accepted (informational)"] += 1


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_single_mutation_is_refused_with_its_line_or_is_consistent(preset: str, tmp_path: Path) -> None:
    original = _session(preset)
    counts: Counter[str] = Counter()

    @settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(m=mutation)
    def run(m: tuple[str, int, int, Any, int]) -> None:
        _judge(original, m, tmp_path / "m.jsonl", counts)

    run()
    COUNTS.update(counts)
    report(f"history mutations, {preset}", counts)
    assert counts["refused"] > 0


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_mutated_selection_is_refused_with_its_line_or_is_consistent(preset: str, tmp_path: Path) -> None:
    """The same mutations of a selection: the session with one deal in the middle left out, verified with
    --selection, so the checks across a gap are fuzzed too (docs/hand-history.md, "A selection")."""
    whole = _session(preset)
    counts: Counter[str] = Counter()

    @settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(m=mutation, gap=st.integers(1, len(whole) - 2))
    def run(m: tuple[str, int, int, Any, int], gap: int) -> None:
        _judge([*whole[:gap], *whole[gap + 1 :]], m, tmp_path / "s.jsonl", counts, "--selection")

    run()
    report(f"selection mutations, {preset}", counts)
    assert counts["refused"] > 0
