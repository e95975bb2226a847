"""The rule-ID catalogue (``lanterloo.ruleids``) is the one list of rule IDs, and everything else agrees with it.

- every rule ID cited anywhere in ``src/lanterloo/`` (every module of every package, found by scanning the string
  literals and the comments, so a module that moves is still scanned) is in the catalogue;
- every ID cited in the documentation is in the catalogue (that each catalogue ID has its section in
  ``docs/rules/`` is checked by test_docs_rules.py);
- every catalogue ID has a test named after it, and no test is named after an ID the catalogue lacks.
"""

from __future__ import annotations

import ast
import functools
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from lanterloo.ruleids import RULES

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "lanterloo"
TESTS = ROOT / "tests"
DOCS = ROOT / "docs"

# A rule ID: a family of two or more capitals, optional parts, a number ("LOO-PLAY-1", "PAM-EXCH-2", "PAM-1").
# Shorthands cite several: "LOO-DECL-3/4" and "LOUSE-SCORE-1..3" (also with an en dash) are expanded.
RULE_ID = re.compile(
    r"(?<![A-Za-z0-9-])([A-Z][A-Z0-9]+(?:-[A-Z0-9]*[A-Z][A-Z0-9]*)*)"  # the family and its parts ("LOUSE-3P")
    r"-(\d+)((?:/\d+)*)(?:(?:\.\.|–)(\d+))?"  # the number, "/4" more, or "..3" a range
)
# Tokens of that shape that are not rule IDs. The research's "A-25" has a one-letter family, so it never matches.
NOT_RULE_IDS = frozenset({"UTF-8", "SHA-256"})  # an encoding and a hash, not rules
# A literal that ends in the start of a rule ID, as in f"LOO-PLAY-{n}": an ID built at run time cannot be checked.
PARTIAL_ID = re.compile(r"(?<![A-Za-z0-9-])[A-Z][A-Z0-9]+(?:-[A-Z0-9]*[A-Z][A-Z0-9]*)*-$")
# A test named after a rule: the ID with underscores ("test_LOO_PLAY_2_...", "..._COMMON_4_SESSION_3").
TEST_RULE_ID = re.compile(r"(?<![A-Za-z0-9])([A-Z][A-Z0-9]+(?:_[A-Z0-9]*[A-Z][A-Z0-9]*)*)_(\d+)(?![0-9])")


def rule_ids_in(text: str) -> list[str]:
    """The rule IDs cited in ``text``, shorthands expanded, in order."""
    found: list[str] = []
    for m in RULE_ID.finditer(text):
        family, first, slashes, last = m.group(1), int(m.group(2)), m.group(3), m.group(4)
        numbers = [first, *(int(n) for n in slashes.split("/")[1:])]
        if last is not None:
            numbers += range(numbers[-1] + 1, int(last) + 1)
        found.extend(f"{family}-{n}" for n in numbers)
    return [rid for rid in found if rid not in NOT_RULE_IDS]


def modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def string_literals(path: Path) -> Iterator[tuple[int, str, bool]]:
    """Every string constant of a module (docstrings and f-string parts included): line, text, and whether it is
    followed by a formatted value in an f-string."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    before_value: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for part, nxt in zip(node.values, node.values[1:], strict=False):
                if isinstance(part, ast.Constant) and isinstance(nxt, ast.FormattedValue):
                    before_value.add(id(part))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value, id(node) in before_value


def comments(path: Path) -> Iterator[tuple[int, str]]:
    with path.open("rb") as f:
        for tok in tokenize.tokenize(f.readline):
            if tok.type == tokenize.COMMENT:
                yield tok.start[0], tok.string


def cited_in_source() -> dict[str, list[str]]:
    """Rule ID -> where the source cites it ("module.py:line"), in its strings (what the engine says) and its
    comments (what a reader is told)."""
    cited: dict[str, list[str]] = {}
    for path in modules():
        texts = [(line, text) for line, text, _ in string_literals(path)]
        for line, text in [*texts, *comments(path)]:
            for rid in rule_ids_in(text):
                cited.setdefault(rid, []).append(f"{path.relative_to(SRC)}:{line}")
    return cited


def test_the_scan_finds_every_module_and_the_ids_they_cite() -> None:
    names = {p.relative_to(SRC).as_posix() for p in modules()}
    assert "ruleids.py" in names and any("/" in n for n in names), "the scan must reach the subpackages"
    cited = cited_in_source()
    # The scan has teeth: it sees the IDs the legality code and the options cite.
    for rid in ("LOO-PLAY-1", "PAM-EXCH-2", "LOU-DRAW-1", "LOUSE-PLAY-1", "COMMON-4"):
        assert rid in cited, f"{rid} was not found in src/lanterloo: is the scan still reading string literals?"


def test_rule_id_shapes_and_shorthands() -> None:
    assert rule_ids_in('raise IllegalActionError("...", "LOO-PLAY-1")') == ["LOO-PLAY-1"]
    assert rule_ids_in("settled (LOO-DECL-3/4) and LOUSE-SCORE-1..3, PAM-FLUSH-1–2") == [
        "LOO-DECL-3",
        "LOO-DECL-4",
        "LOUSE-SCORE-1",
        "LOUSE-SCORE-2",
        "LOUSE-SCORE-3",
        "PAM-FLUSH-1",
        "PAM-FLUSH-2",
    ]
    assert rule_ids_in("PAM-1, research A-25, UTF-8, xLOO-PLAY-1, LOO-PLAY-1x") == ["PAM-1", "LOO-PLAY-1"]
    assert rule_ids_in("a typo: LOO-PALY-1") == ["LOO-PALY-1"]  # found, so the catalogue check refuses it
    assert [m.group(0) for m in TEST_RULE_ID.finditer("test_keeps_every_invariant_COMMON_4_SESSION_3")] == [
        "COMMON_4",
        "SESSION_3",
    ]


def test_every_rule_id_the_engine_cites_is_in_the_catalogue() -> None:
    unknown = {rid: where for rid, where in cited_in_source().items() if rid not in RULES}
    assert not unknown, f"rule IDs cited in src/lanterloo but missing from lanterloo.ruleids.RULES: {unknown}"


def test_rule_ids_are_written_out_whole() -> None:
    """An ID assembled at run time (f"LOO-PLAY-{n}") would escape the check above."""
    built = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for path in modules()
        for line, text, before_value in string_literals(path)
        if before_value and PARTIAL_ID.search(text)
    ]
    assert not built, f"rule IDs built from parts: {built}"


def test_every_rule_id_in_the_docs_is_in_the_catalogue() -> None:
    pages = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
    unknown = sorted(
        {
            f"{rid} ({page.relative_to(ROOT)})"
            for page in pages
            for rid in rule_ids_in(page.read_text(encoding="utf-8"))
            if rid not in RULES
        }
    )
    assert not unknown, f"the docs cite rule IDs missing from lanterloo.ruleids.RULES: {unknown}"


@functools.cache
def named_tests() -> frozenset[str]:
    """The names of every test function under tests/."""
    names: set[str] = set()
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                names.add(node.name)
    return frozenset(names)


def rule_ids_in_test_names() -> set[str]:
    return {f"{m.group(1).replace('_', '-')}-{m.group(2)}" for n in named_tests() for m in TEST_RULE_ID.finditer(n)}


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_id_has_a_test_named_after_it(rule_id: str) -> None:
    assert rule_id in rule_ids_in_test_names(), (
        f"no test is named after {rule_id}: name one test_{rule_id.replace('-', '_')}_..."
    )


def test_no_test_is_named_after_an_unknown_rule_id() -> None:
    unknown = sorted(rule_ids_in_test_names() - set(RULES))
    assert not unknown, f"tests are named after rule IDs missing from lanterloo.ruleids.RULES: {unknown}"
