"""The README's examples are real: every ``$ loo ...`` block is run, in order and in one folder (the replay reads
the history the simulation wrote), and each line it shows must appear in the real output, in the same order. A
``...`` line stands for lines left out; the simulation's speed is the only figure allowed to differ."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from lanterloo.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SPEED = re.compile(r"in [\d.,]+ s: [\d,]+ deals/s")


def examples() -> list[tuple[list[str], list[str]]]:
    """Each ``$ loo`` block of the README: the command's arguments and the lines shown under it."""
    blocks: list[list[str]] = []
    inside = False
    for line in README.read_text(encoding="utf-8").split("\n"):
        if line.startswith("```"):
            inside = not inside
            if inside:
                blocks.append([])
        elif inside:
            blocks[-1].append(line)
    return [(shlex.split(b[0])[2:], b[1:]) for b in blocks if b and b[0].startswith("$ loo ")]


def shown_in_order(shown: list[str], real: list[str]) -> None:
    """Every shown line but ``...`` is a real line, in order; lines between two shown lines need a ``...``."""
    at = 0
    gap = False
    for line in shown:
        if line == "...":
            gap = True
            continue
        want = SPEED.sub("in T s: N deals/s", line)
        rest = [SPEED.sub("in T s: N deals/s", r) for r in real[at:]]
        assert want in rest, f"the README shows a line the command does not print: {line!r}"
        skip = rest.index(want)
        assert gap or skip == 0, f"the README leaves out lines before {line!r} without a '...'"
        at += skip + 1
        gap = False


def test_the_readme_has_its_examples() -> None:
    commands = [args[0] for args, _ in examples()]
    assert commands == ["variants", "rules", "simulate", "replay", "watch", "tournament", "analyze"]


def test_every_readme_example_prints_what_the_readme_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for args, shown in examples():
        code = main(args)
        real = capsys.readouterr().out.rstrip("\n").split("\n")
        assert code == 0, args
        shown_in_order(shown, real)
