"""`loo replay --verify`'s fast paths are exactly as strict as the reference path: the fast reader and the fast
replay (history.quick: cached rules, card and action tables, the core's one C loop), and the process pool over
chunks of a big file (history.parallel) refuse what the reference refuses, with the same sentence, and accept
what it accepts, with the same verdict.

Each comparison runs the same input twice: once as `loo replay --verify` runs it, once with every fast path
switched off (the reference reader and verifier alone).
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from lanterloo import history
from lanterloo.engine import core
from lanterloo.errors import HistoryError
from lanterloo.history import parallel, quick
from lanterloo.rules import rules_with
from lanterloo.sim import simulate

_CACHE: dict[tuple[Any, ...], str] = {}


def lines(variant: str = "three-card", players: int = 5, deals: int = 60, seed: int = 5) -> list[str]:
    """The lines `loo simulate --history` writes: one session, named after the seed."""
    key = (variant, players, deals, seed)
    if key not in _CACHE:
        buf = io.StringIO()
        simulate(rules_with(variant), players, deals, seed, history=buf)
        _CACHE[key] = buf.getvalue()
    return _CACHE[key].splitlines()


@pytest.fixture
def reference(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call it to switch every fast path off until the test ends."""
    return lambda: monkeypatch.setattr(quick, "ENABLED", False)


def outcome(path: Path, *, selection: bool = False, pool: bool = False) -> str:
    """The verdict, or the refusal's sentence, of verifying ``path`` (on the pool, in small chunks, if ``pool``)."""
    v = history.Verifier(True, selection)
    try:
        if pool:
            done = parallel.verify_parallel(path, v, jobs=2, chunk_bytes=3000, min_bytes=0)
            assert done is not None, "the pool was not used"
        else:
            parallel.verify(path, v, jobs=1)
    except HistoryError as e:
        return f"refused: {e}"
    return v.verdict()


def write(tmp_path: Path, text_lines: list[str], name: str = "h.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in text_lines), encoding="utf-8")
    return path


def mutate(rng: random.Random, text: str) -> str:
    """One small edit of a line's text: a character replaced, removed or doubled."""
    i = rng.randrange(len(text))
    kind = rng.randrange(3)
    if kind == 0:
        return text[:i] + rng.choice('0123456789,:"[]{}tfn -.eE\\u') + text[i + 1 :]
    if kind == 1:
        return text[:i] + text[i + 1 :]
    return text[:i] + text[i] + text[i:]


def verdict_of_line(text: str) -> str:
    try:
        obj = history.parse_line(text, 1)
        history.verify_record(obj, 1)
    except HistoryError as e:
        return f"refused: {e}"
    return "verified"


def test_COMMON_1_every_edited_line_gets_the_reference_verdict(reference: Callable[[], None]) -> None:
    rng = random.Random(11)
    source = lines() + lines("mississippi", 4, 10, 2)
    edited = [mutate(rng, rng.choice(source)) for _ in range(400)]
    fast = [verdict_of_line(t) for t in edited]
    reference()
    slow = [verdict_of_line(t) for t in edited]
    assert fast == slow
    assert sum(v == "verified" for v in slow) < len(slow)  # the edits did break lines


def test_LOO_PLAY_1_an_edited_action_or_result_gets_the_reference_sentence(reference: Callable[[], None]) -> None:
    edited: list[str] = []
    for text in lines()[:20]:
        obj = json.loads(text)
        for i in range(len(obj["actions"])):
            for replacement in ("pass", "play", "miss", "Ah", "2c", "Td"):
                changed = json.loads(text)
                changed["actions"][i][1] = replacement
                edited.append(history.dumps(changed))
        if obj["result"] is not None:
            for key in ("won", "paid", "owed", "tricks", "looed"):
                changed = json.loads(text)
                st = changed["result"]["settlement"]
                st[key] = [True if x == 1 else x for x in st[key]] if 1 in st[key] else [*st[key], 0]
                edited.append(history.dumps(changed))
            changed = json.loads(text)
            changed["result"]["settlement"]["game_over"] = 1
            edited.append(history.dumps(changed))
    fast = [verdict_of_line(t) for t in edited]
    reference()
    assert fast == [verdict_of_line(t) for t in edited]
    assert "verified" in fast and any(v.startswith("refused") for v in fast)


def test_COMMON_1_rules_are_cached_per_options_record_and_type() -> None:
    # two deals that stand alone, under different options, one after the other, then the first options again
    base = json.loads(lines()[0])
    base["session"] = None
    other = json.loads(lines("three-card", 5, 60, 9)[0])
    other["session"] = None
    simulated = io.StringIO()
    simulate(rules_with("three-card", {"loo_penalty": "pool"}), 5, 30, 4, history=simulated)
    pool_lines = simulated.getvalue().splitlines()
    house = json.loads(pool_lines[0])
    house["session"] = None
    for rec in (base, other, house, base):
        history.verify_record(rec, 1)
    # the same options, one of them written 1 for true: the cached rules must not answer for it
    typed = json.loads(history.dumps(base))
    typed["rules"]["miss"] = 1
    with pytest.raises(HistoryError, match="its rules option 'miss' must be true or false"):
        history.verify_record(typed, 1)
    # a line whose options differ from the previous line's is verified under its own options, not the cached ones
    looed = next(json.loads(t) for t in pool_lines if json.loads(t)["result"]["settlement"]["looed"])
    looed["session"] = None
    history.verify_record(looed, 1)
    looed["rules"]["loo_penalty"] = "fixed"
    with pytest.raises(HistoryError, match="does not match the replay's"):
        history.verify_record(looed, 1)


def test_COMMON_1_the_fast_reader_refuses_a_second_rules_field(reference: Callable[[], None]) -> None:
    text = lines()[0]
    start = text.index('"rules":')
    end = text.index("}", start) + 1
    twice = text[:end] + "," + text[start:end] + text[end:]
    nested = text[:start] + '"rules":0,"x":{' + text[start:end] + "}" + text[end:]
    cases = [text, twice, nested]
    history.parse_line(text, 1)  # the rules object's text is read once, then recognised
    fast = [verdict_of_line(t) for t in cases]
    reference()
    assert fast == [verdict_of_line(t) for t in cases]
    assert fast[0] == "verified"
    assert 'names the field "rules" twice' in fast[1], fast[1]
    assert "the field 'rules' must be an object" in fast[2], fast[2]


def test_every_fast_path_off_with_the_pure_engine() -> None:
    saved, engine = quick.EXT, core.engine()
    try:
        quick.select(False)
        core.select("pure")  # what LANTERLOO_ENGINE=pure does for the whole process
        assert quick.EXT is None
        for text in lines()[:10]:
            deal = history.verify_record(history.parse_line(text, 1), 1)
            assert type(deal).__module__ == "lanterloo.engine.state"
    finally:
        quick.EXT = saved
        core.select(engine)


@pytest.mark.skipif(not core.available(), reason="the compiled core is not built")
def test_the_core_replays_a_covered_deal_without_its_shadow() -> None:
    saved = quick.EXT
    try:
        quick.select(True)
        deal = history.verify_record(history.parse_line(lines()[3], 4), 4)
        assert type(deal).__name__ == "Core"
        assert deal.settlement is not None  # settled by the reference's own settle, no shadow deal needed
    finally:
        quick.EXT = saved


# --- the process pool -------------------------------------------------------------------------------------------


def session_lines() -> list[str]:
    """Several sessions of several games, so that chunks cut sessions and sessions cross chunks."""
    return (
        lines("three-card", 3, 25, 8)
        + lines("lou", 4, 12, 3)
        + lines("three-card", 5, 20, 9)
        + lines("mississippi", 4, 8, 2)
    )


def edits(text_lines: list[str]) -> Iterator[tuple[str, list[str]]]:
    n = len(text_lines)
    yield "as written", text_lines
    yield "a line removed", text_lines[:20] + text_lines[21:]
    yield "two lines swapped", [*text_lines[:30], text_lines[31], text_lines[30], *text_lines[32:]]
    yield "a line repeated", [*text_lines[:12], text_lines[11], *text_lines[12:]]
    yield "a session cut short", text_lines[: n // 2]
    yield "a session that reappears", text_lines[:5] + text_lines[40:44] + text_lines[5:]
    alone = json.loads(text_lines[7])
    alone["session"] = None
    yield "a deal that stands alone inside a session", [*text_lines[:25], history.dumps(alone), *text_lines[25:]]
    yield "blank lines", [text_lines[0], "", *text_lines[1:17], "  ", *text_lines[17:]]
    bad = json.loads(text_lines[33])
    bad["result"]["pool"] += 1
    yield "a wrong pool", [*text_lines[:33], history.dumps(bad), *text_lines[34:]]
    bad = json.loads(text_lines[44])
    bad["seats"][0]["stack"] += 5
    yield "stacks that do not follow on", [*text_lines[:44], history.dumps(bad), *text_lines[45:]]
    yield "a line that is not JSON", [*text_lines[:38], "{nope", *text_lines[39:]]
    yield "every other line", text_lines[::2]


@pytest.mark.parametrize("selection", [False, True])
def test_SESSION_1_the_pool_gives_the_serial_verdict_and_first_error(tmp_path: Path, selection: bool) -> None:
    source = session_lines() + lines()[:40]
    for what, text_lines in edits(source):
        path = write(tmp_path, text_lines)
        serial = outcome(path, selection=selection)
        pooled = outcome(path, selection=selection, pool=True)
        assert pooled == serial, what
    assert outcome(write(tmp_path, source), pool=True).startswith(f"{len(source):,} deals verified")


def test_SESSION_1_the_pool_reports_the_first_error_in_file_order(tmp_path: Path) -> None:
    source = session_lines()
    broken = list(source)
    for i in (9, 45):  # errors in two chunks: the earlier one is reported
        bad = json.loads(broken[i])
        bad["result"]["stacks"][0] += 1
        broken[i] = history.dumps(bad)
    pooled = outcome(write(tmp_path, broken), pool=True)
    assert pooled.startswith("refused: deal on line 10: "), pooled


def test_the_pool_is_not_used_for_a_small_file_or_one_cpu(tmp_path: Path) -> None:
    path = write(tmp_path, lines()[:5])
    assert parallel.verify_parallel(path, history.Verifier(True)) is None
    assert parallel.verify_parallel(path, history.Verifier(True), jobs=1, min_bytes=0, chunk_bytes=100) is None


def test_an_empty_file_is_still_refused_on_the_pool_path(tmp_path: Path) -> None:
    path = write(tmp_path, ["", " "])
    with pytest.raises(history.EmptyHistory):
        parallel.verify(path, history.Verifier(True), jobs=2)


def test_progress_is_reported_in_bytes_up_to_the_file_size(tmp_path: Path) -> None:
    alone = json.loads(lines()[0])
    alone["session"] = None  # a deal that stands alone may be repeated
    path = write(tmp_path, [history.dumps(alone)] * 2_000)
    size = path.stat().st_size
    for jobs in (1, 2):
        seen: list[tuple[int, int]] = []

        def note(done: int, total: int, seen: list[tuple[int, int]] = seen) -> None:
            seen.append((done, total))

        v = history.Verifier(True)
        if jobs == 1:
            assert parallel.verify(path, v, jobs=1, progress=note) == 2_000
        else:
            assert parallel.verify_parallel(path, v, jobs=2, chunk_bytes=size // 5, min_bytes=0, progress=note) == 2_000
        assert seen and all(t == size for _, t in seen)
        assert [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1][0] <= size
        assert v.verdict().startswith("2,000 deals verified") and "2,000 deals stand alone" in v.verdict()


@pytest.mark.parametrize("variant", ["three-card", "five-card", "lou"])
def test_COMMON_4_an_action_whose_seat_is_not_a_whole_number_is_refused_on_every_path(
    variant: str, reference: Callable[[], None]
) -> None:
    edited = []
    for text in lines(variant, 4, 4, 1):
        obj = json.loads(text)
        for i, (seat, _) in enumerate(obj["actions"][:6]):
            for wrong in (seat == 1, float(seat), str(seat), [seat]):
                changed = json.loads(text)
                changed["actions"][i][0] = wrong
                edited.append(json.dumps(changed))
    fast = [verdict_of_line(t) for t in edited]
    assert all(v.startswith("refused") for v in fast)
    reference()
    assert fast == [verdict_of_line(t) for t in edited]
