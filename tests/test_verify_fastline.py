"""`loo replay --verify`'s line path (history.fastline, the core's LineVerifier) is exactly as strict as the
reference path: on valid histories of every Loo preset it gives the same verdict while reading almost every line
itself, and no edit of a line (a byte, a number, a card, a key, a type, white space, a field added or cut) makes it
accept what the reference refuses; a refusal keeps the reference's sentence.

Each file is verified twice: as `loo replay --verify` verifies it, and with every fast path off.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import examples
from lanterloo import history
from lanterloo.engine import core
from lanterloo.errors import HistoryError
from lanterloo.history import parallel, quick
from lanterloo.rules import rules_with
from lanterloo.sim import simulate

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built")

_CACHE: dict[tuple[Any, ...], list[str]] = {}


def lines(variant: str = "three-card", players: int = 5, deals: int = 40, seed: int = 5, **options: Any) -> list[str]:
    """The lines `loo simulate --history` writes (a new session whenever a player cannot pay)."""
    key = (variant, players, deals, seed, tuple(sorted(options.items())))
    if key not in _CACHE:
        buf = io.StringIO()
        simulate(rules_with(variant, options), players, deals, seed, history=buf)
        _CACHE[key] = buf.getvalue().splitlines()
    return list(_CACHE[key])


class Counting(history.Verifier):
    """A Verifier that counts the lines the reference way reads (``check``)."""

    slow = 0

    def check(self, obj: dict[str, Any], line: int) -> Any:
        self.slow += 1
        return super().check(obj, line)


def outcome(path: Path, *, fast: bool = True, selection: bool = False) -> tuple[str, int]:
    """The verdict or the refusal's sentence, and how many lines the reference way read."""
    saved = quick.ENABLED
    quick.ENABLED = fast
    v = Counting(True, selection)
    try:
        parallel.verify(path, v, jobs=1)
        said = v.verdict()
    except HistoryError as e:
        said = f"refused: {e}"
    finally:
        quick.ENABLED = saved
    return said, v.slow


def write(tmp_path: Path, text_lines: list[str] | list[bytes], name: str = "h.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(b"".join((x if isinstance(x, bytes) else x.encode("utf-8")) + b"\n" for x in text_lines))
    return path


def same(tmp_path: Path, text_lines: list[str] | list[bytes], *, selection: bool = False) -> tuple[str, int]:
    """Verify both ways, assert the same outcome, and return the fast one."""
    path = write(tmp_path, text_lines)
    fast = outcome(path, selection=selection)
    slow = outcome(path, fast=False, selection=selection)
    assert fast[0] == slow[0], (text_lines, fast, slow)
    return fast


# --- valid histories ---------------------------------------------------------------------------------------------


def test_COMMON_1_the_line_path_reads_each_line_that_goes_on_a_session(tmp_path: Path) -> None:
    source = lines("three-card", 5, 300, 11)
    said, slow = same(tmp_path, source)
    assert said.startswith(f"{len(source)} deals verified")
    sessions = len({json.loads(x)["session"] for x in source})
    assert slow == sessions  # only the first deal of each session takes the reference way


@pytest.mark.parametrize(
    ("variant", "players"),
    [("three-card", 3), ("three-card", 7), ("mississippi", 4), ("irish", 5), ("rams-loo", 6), ("five-card", 4)],
)
def test_COMMON_1_valid_histories_of_every_loo_preset_get_the_reference_verdict(
    tmp_path: Path, variant: str, players: int
) -> None:
    source = lines(variant, players, 60, 3)
    said, slow = same(tmp_path, source)
    assert said.startswith(f"{len(source)} deals verified")
    if variant != "five-card":  # five-card's exchanges take the reference way
        assert slow < 10


def test_SESSION_1_sessions_standalone_deals_house_rules_and_selections_get_the_reference_verdict(
    tmp_path: Path,
) -> None:
    three = lines("three-card", 4, 30, 8)
    house = lines("three-card", 5, 20, 9, ante=2, loo_amount=5)
    alone = json.loads(three[4])
    alone["session"] = None
    mixed = [*three[:10], history.dumps(alone), *house, *lines("irish", 4, 10, 1), *three[10:]]
    said, _ = same(tmp_path, mixed)
    assert "refused" in said  # three-card's session reappears after others: SESSION-1
    said, _ = same(tmp_path, [*house, history.dumps(alone), *lines("irish", 4, 10, 1)])
    assert "house rules" in said and "stands alone" in said
    said, slow = same(tmp_path, three[::2], selection=True)
    assert "gap" in said and slow == len(three[::2])  # across a gap the reference way decides
    said, slow = same(tmp_path, three[:15] + three[16:], selection=True)
    assert "gap" in said and slow < 5


def test_SESSION_1_the_pool_with_the_line_path_gives_the_serial_verdict(tmp_path: Path) -> None:
    source = lines("three-card", 5, 120, 4) + lines("mississippi", 4, 30, 2)
    path = write(tmp_path, source)
    for k in (7, 61, 130):
        bad = json.loads(source[k])
        bad["result"]["stacks"][0] += 1
        edited = [*source[:k], history.dumps(bad), *source[k + 1 :]]
        path = write(tmp_path, edited)
        serial = outcome(path)[0]
        v = history.Verifier(True)
        try:
            parallel.verify_parallel(path, v, jobs=2, chunk_bytes=20_000, min_bytes=0)
            pooled = v.verdict()
        except HistoryError as e:
            pooled = f"refused: {e}"
        assert pooled == serial == outcome(path, fast=False)[0]


# --- edited lines ------------------------------------------------------------------------------------------------

_NUMBER = re.compile(rb"(?<=[:\[,])\d+(?=[,\]}])")
_STRING = re.compile(rb'"[^"\\]*"')


def _numbers(raw: bytes) -> list[re.Match[bytes]]:
    return list(_NUMBER.finditer(raw))


def number_edits(rng: random.Random, raw: bytes) -> Iterator[bytes]:
    """Each way of spelling a number differently, or another number, at a few places."""
    found = _numbers(raw)
    for m in rng.sample(found, 12):
        a, b = m.span()
        x = int(m.group())
        for new in (
            x + 1,
            max(x - 1, 0),
            f"{x}.0",
            f"{x}e0",
            "true" if x == 1 else "false",
            f"-{x}",
            f"0{x}",
            "1" + "0" * 40,
            "null",
            f'"{x}"',
            f"{x} ",
            f" {x}",
        ):
            yield raw[:a] + str(new).encode() + raw[b:]


def string_edits(rng: random.Random, raw: bytes) -> Iterator[bytes]:
    """Strings spelled with an escape, past ASCII, empty, with a control character, or another string."""
    found = list(_STRING.finditer(raw))
    for m in rng.sample(found, 12):
        a, b = m.span()
        text = m.group()[1:-1]
        for new in (
            b"\\u00" + f"{text[0]:02x}".encode() + text[1:] if text else b"\\u0041",
            text + "é".encode(),
            b"",
            text + b"\\n",
            text + b"\t",
            text.upper(),
            text + b"x",
            text[:-1],
            b"\\ud800" + text,
        ):
            yield raw[: a + 1] + new + raw[b - 1 :]


def structure_edits(rng: random.Random, text: str) -> Iterator[str]:
    """Valid JSON with another content: keys twice, reordered, added or dropped; cards and actions moved."""
    obj = json.loads(text)
    dumps = history.dumps
    yield text.replace("{", '{"pool":0,', 1)
    yield text.replace('"seed":', '"seed":1,"seed":', 1)
    yield text.replace('"kind":', '"share":0,"kind":', 1)
    yield text.replace('"seat":0,', '"seat":0,"seat":0,', 1)
    yield text.replace('"antes":', '"pool":0,"antes":', 1)
    yield text[:-1] + ',"extra":1}'
    yield text.replace('"settlement":', '"totals":[0,0,0,0,0],"settlement":', 1)
    yield text.replace('"game_over":', '"x":0,"game_over":', 1)
    yield text.replace('"stack":', '"x":0,"stack":', 1)
    yield text.replace('"reshuffles":[]', '"reshuffles":[[]]', 1)
    yield text.replace('"reshuffles":[]', '"fair":{}', 1)
    yield text.replace('"rules":{', '"rules":{"x":1,', 1)
    yield text.replace('"rules":{', '"rules":{"preset":"three-card",', 1)
    for key in list(obj):
        cut = dict(obj)
        del cut[key]
        yield dumps(cut)
    shuffled = dict(rng.sample(list(obj.items()), len(obj)))
    yield dumps(shuffled)
    if obj["result"] is not None:
        res = json.loads(text)
        res["result"] = dict(reversed(list(res["result"].items())))
        res["result"]["settlement"] = dict(reversed(list(res["result"]["settlement"].items())))
        yield dumps(res)
        for key, value in (("game_over", False), ("kind", "no_play"), ("rule", "LOO-POOL-1"), ("winners", [0])):
            res = json.loads(text)
            res["result"]["settlement"][key] = value
            yield dumps(res)
        res = json.loads(text)
        res["result"]["settlement"]["looed"].reverse()
        yield dumps(res)
        res = json.loads(text)
        res["result"] = None
        yield dumps(res)
    seats = json.loads(text)
    seats["seats"] = [dict(reversed(list(s.items()))) for s in seats["seats"]]
    yield dumps(seats)
    for _ in range(4):
        swap = json.loads(text)
        i, j = rng.sample(range(len(swap["deck"])), 2)
        swap["deck"][i], swap["deck"][j] = swap["deck"][j], swap["deck"][i]
        yield dumps(swap)
        acts = json.loads(text)
        if len(acts["actions"]) > 1:
            i, j = rng.sample(range(len(acts["actions"])), 2)
            acts["actions"][i], acts["actions"][j] = acts["actions"][j], acts["actions"][i]
            yield dumps(acts)
            acts = json.loads(text)
            k = rng.randrange(len(acts["actions"]))
            acts["actions"][k][0] = (acts["actions"][k][0] + 1) % len(acts["seats"])
            yield dumps(acts)
            acts = json.loads(text)
            del acts["actions"][-1]
            yield dumps(acts)
            acts = json.loads(text)
            acts["actions"].append(acts["actions"][-1])
            yield dumps(acts)
    top: list[tuple[str, Any]] = [
        ("ante", False),
        ("seed", None),
        ("deal", 0),
        ("version", 1),
        ("session", None),
        ("session", ""),
        ("variant", "mississippi"),
        ("format", "x"),
        ("dealer", 0),
    ]
    for key, new in top:
        other = json.loads(text)
        other[key] = new
        yield dumps(other)
    spaced = json.dumps(obj, separators=(" , ", " : "))
    yield spaced
    yield "\t" + text + " \r"
    yield json.dumps(obj, indent=None).replace(", ", ",\t")


def byte_edits(rng: random.Random, raw: bytes) -> Iterator[bytes]:
    for _ in range(30):
        i = rng.randrange(len(raw))
        kind = rng.randrange(4)
        if kind == 0:
            yield raw[:i] + bytes([rng.choice(b'0123456789,:"[]{}tfn -.eE\\u\xff\x00 ')]) + raw[i + 1 :]
        elif kind == 1:
            yield raw[:i] + raw[i + 1 :]
        elif kind == 2:
            yield raw[:i] + raw[i : i + 1] + raw[i:]
        else:
            yield raw[:i]


def _in_context(tmp_path: Path, source: list[str], k: int, edited: bytes) -> tuple[str, int]:
    """The outcome of ``source`` with line ``k`` edited (the lines around it go on the session)."""
    text_lines: list[bytes] = [x.encode() for x in source]
    text_lines[k] = edited
    return same(tmp_path, text_lines)


EDITS: dict[str, Callable[[random.Random, str], Iterator[bytes]]] = {
    "numbers": lambda rng, text: number_edits(rng, text.encode()),
    "strings": lambda rng, text: string_edits(rng, text.encode()),
    "structure": lambda rng, text: (x.encode() for x in structure_edits(rng, text)),
    "bytes": lambda rng, text: byte_edits(rng, text.encode()),
}


@pytest.mark.parametrize("family", list(EDITS))
def test_COMMON_1_no_edited_line_is_accepted_that_the_reference_refuses(tmp_path: Path, family: str) -> None:
    rng = random.Random(family)
    source = lines("three-card", 5, 6, 21)
    verdicts: list[str] = []
    for k in (2, 4):
        for edited in EDITS[family](rng, source[k]):
            verdicts.append(_in_context(tmp_path, source, k, edited)[0])
    assert any(v.startswith("refused") for v in verdicts)
    if family == "structure":
        assert any(not v.startswith("refused") for v in verdicts)  # some edits keep the line valid


def test_COMMON_1_valid_edits_of_the_form_stay_on_the_line_path(tmp_path: Path) -> None:
    source = lines("three-card", 5, 6, 21)
    obj = json.loads(source[3])
    for edited, reads in (
        (history.dumps(dict(reversed(list(obj.items())))), 1),
        ("  " + source[3] + "\t\r", 1),
        # its rules in a text not read before: the reference reads them once, then the line path goes on
        (json.dumps(obj, separators=(" , ", " : ")), 2),
    ):
        said, slow = same(tmp_path, [*source[:3], edited, *source[4:]])
        assert said.startswith(f"{len(source)} deals verified") and slow <= reads  # the text may be known already


def test_COMMON_1_names_past_ascii_take_the_reference_way_and_verify(tmp_path: Path) -> None:
    source = [x.replace('"Ann"', '"Änne"').replace('"Ben"', '"B\\u00e9n"') for x in lines("three-card", 5, 8, 2)]
    said, slow = same(tmp_path, source)
    assert said.startswith(f"{len(source)} deals verified") and slow == len(source)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_COMMON_1_any_byte_replaced_gets_the_reference_outcome(tmp_path: Path, data: st.DataObject) -> None:
    source = lines("mississippi", 4, 5, 6)
    k = data.draw(st.integers(1, 4))
    raw = source[k].encode()
    i = data.draw(st.integers(0, len(raw) - 1))
    new = data.draw(st.binary(min_size=0, max_size=3))
    _in_context(tmp_path, source, k, raw[:i] + new + raw[i + 1 :])


def test_SESSION_2_the_line_path_stops_where_a_player_could_not_pay(tmp_path: Path) -> None:
    source = lines("three-card", 3, 400, 1, ante=20, loo_amount=200)
    ended = [i for i, x in enumerate(source) if json.loads(x)["deal"] == 1][1:]
    assert ended, "the history should hold more than one session"
    k = ended[0]
    follow = json.loads(source[k - 1])
    follow["session"] = json.loads(source[k - 2])["session"]
    follow["deal"] = json.loads(source[k - 2])["deal"] + 1
    said, _ = same(tmp_path, [*source[: k - 1], source[k - 1], history.dumps(follow)])
    assert said.startswith("refused")
