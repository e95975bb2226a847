"""Sources are named as a reader can find them: by title and key, all listed in docs/sources.md.

No user-facing text (``loo variants`` and ``loo rules`` for every variant, as text and JSON, the rule catalogue, the
docs, the README, the golden playthroughs) names a seed file, cites the research by its internal file or entry
names, or cites a source key or reading that docs/sources.md does not list.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lanterloo.cli import main
from lanterloo.ruleids import RULES
from lanterloo.rules import PRESET_INFO, variant_names

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")

# What a reader cannot look up: a seed file's name, "seed 001", "research A-12", the research file itself.
INTERNAL = re.compile(r"\d{3}_[0-9a-f]{16}|\bseeds? 0\d\d|\bseed-0\d\d|research A-|research E\d|RULES-RESEARCH", re.I)
SOURCE_KEY = re.compile(r"\[([A-Z]+-RULES)\]")
READING = re.compile(r"\b[Rr]eading (A-(?:BG-)?\d+)")


def listed_keys() -> set[str]:
    return set(re.findall(r"^\| \[([A-Z0-9-]+)\] \|", SOURCES, re.M))


def listed_readings() -> set[str]:
    return set(re.findall(r"^\| (A-(?:BG-)?\d+) \|", SOURCES, re.M))


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def user_texts(capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    texts = {"loo variants": cli(capsys, "variants"), "loo variants --json": cli(capsys, "variants", "--json")}
    for name in variant_names():
        texts[f"loo rules {name}"] = cli(capsys, "rules", name)
        texts[f"loo rules {name} --json"] = cli(capsys, "rules", name, "--json")
    texts["the rule catalogue"] = "\n".join(f"{rid}: {info.title} ({info.source})" for rid, info in RULES.items())
    for path in [
        ROOT / "README.md",
        *sorted((ROOT / "docs").rglob("*.md")),
        *sorted((ROOT / "tests" / "golden").glob("*.txt")),
    ]:
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return texts


def test_the_bibliography_lists_every_rules_text_and_the_projects_readings() -> None:
    assert {"LOO-RULES", "LOU-RULES", "RAMS-RULES", "LOUSE-RULES", "READING"} <= listed_keys()
    for title in ("How to Play Loo (Lanterloo)", "Lou Card Game Rules", "3-Card Loo, a Rams card game", "Louse"):
        assert f"*{title}*" in SOURCES
    assert {f"A-{n:02d}" for n in range(1, 29)} | {f"A-BG-{n}" for n in range(1, 5)} == listed_readings()
    # the Bulgarian text is cited by rows: the translation has every row the docs cite, 1 to 43
    assert re.findall(r"^\| (\d+) \|", SOURCES, re.M) == [str(n) for n in range(1, 44)]


def test_every_preset_names_its_source_by_title_and_key() -> None:
    for name in variant_names():
        (key,) = SOURCE_KEY.findall(PRESET_INFO[name].source)
        assert key in listed_keys() and len(PRESET_INFO[name].source) > len(key) + 3, name


def test_no_user_facing_text_names_a_seed_file_or_an_internal_reference(capsys: pytest.CaptureFixture[str]) -> None:
    for where, text in user_texts(capsys).items():
        found = INTERNAL.findall(text)
        assert not found, f"{where} says {found}"


def test_every_source_and_reading_cited_is_in_the_bibliography(capsys: pytest.CaptureFixture[str]) -> None:
    texts = user_texts(capsys)
    texts["presets"] = "\n".join(p.source + p.recommended + p.notes for p in PRESET_INFO.values())
    for where, text in texts.items():
        assert set(SOURCE_KEY.findall(text)) <= listed_keys(), where
        assert set(READING.findall(text)) <= listed_readings(), where
