"""The rules documentation covers every rule ID, every preset and every option.

docs/rules/ gives each rule ID in ``lanterloo.ruleids.RULES`` exactly one section whose heading starts with the ID,
has the page each registered preset names (``Preset.docs``), and mentions every option field of ``Rules``.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

import pytest

from lanterloo.ruleids import RULES
from lanterloo.rules import PRESET_INFO, Rules

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"

# A Markdown heading whose text starts with something shaped like a rule ID ("### LOO-PLAY-2 — Head the trick").
HEADING_ID = re.compile(r"^#{1,6}[ \t]+([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)(?![A-Za-z0-9-])", re.MULTILINE)

# Fields that describe the preset rather than select a rule; they cannot be set with --option.
NOT_OPTIONS = frozenset({"preset", "game"})


def doc_pages() -> list[Path]:
    return sorted(DOCS.glob("*.md"))


def heading_ids() -> Counter[str]:
    found: Counter[str] = Counter()
    for page in doc_pages():
        found.update(HEADING_ID.findall(page.read_text(encoding="utf-8")))
    return found


def all_text() -> str:
    return "\n".join(page.read_text(encoding="utf-8") for page in doc_pages())


def option_names() -> list[str]:
    return [f.name for f in dataclasses.fields(Rules) if f.name not in NOT_OPTIONS]


def test_docs_directory_exists() -> None:
    assert DOCS.is_dir(), f"{DOCS} is missing"
    assert (DOCS / "README.md").is_file(), "docs/rules/README.md (the index) is missing"


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_id_has_exactly_one_section(rule_id: str) -> None:
    count = heading_ids()[rule_id]
    assert count == 1, f"{rule_id} has {count} headings in docs/rules/*.md; it needs exactly one"


def test_no_section_for_an_unknown_rule_id() -> None:
    unknown = sorted(set(heading_ids()) - set(RULES))
    assert not unknown, f"docs/rules/ has sections for rule IDs missing from lanterloo.ruleids: {unknown}"


@pytest.mark.parametrize("preset", [name for name, p in PRESET_INFO.items() if not p.is_house])
def test_preset_has_a_page(preset: str) -> None:
    docs = PRESET_INFO[preset].docs
    assert docs, f"the preset {preset} names no docs page"
    page = ROOT / docs
    assert page.parent == DOCS and page.is_file(), f"{docs} (the page the {preset} preset names) is missing"


@pytest.mark.parametrize("option", option_names())
def test_option_is_documented(option: str) -> None:
    assert re.search(rf"(?<![A-Za-z0-9_]){re.escape(option)}(?![A-Za-z0-9_])", all_text()), (
        f"option {option} is not mentioned in docs/rules/"
    )


def test_COMMON_1_a_docs_page_is_named_only_where_it_exists() -> None:
    """After ``pip install`` there is no docs/ folder: the rules panel and ``loo rules`` name the page only when
    this installation has it, as a path that opens."""
    info = PRESET_INFO["three-card"]
    here = info.docs_here()
    assert here is not None and Path(here).is_file() and here.endswith("docs/rules/preset-three-card.md")
    gone = dataclasses.replace(info, docs="docs/rules/no-such-page.md")
    assert gone.docs_here() is None
