"""Fuzzing the command line: random argument vectors for every command end with exit 0, 1 or 2 and, on failure,
one sentence on stderr; never a traceback.

A vector is a command, then tokens drawn from that command's own options and from values chosen to break
things: empty strings, ``--``, ``-``, ``=`` forms, numbers too long for any option, escape sequences, undecodable
argv bytes (lone surrogates), paths that are directories, full, missing or too long. `loo simulate` and `loo watch`
get ``--deals 2`` first, which a drawn ``--deals`` overrides, so no vector asks for a long simulation; the drawn
numbers are small, or beyond the 40-digit limit.
"""

from __future__ import annotations

import argparse
import io
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import examples, report
from lanterloo.cli import COMMANDS, build_parser, main
from lanterloo.rules import rules_with
from lanterloo.sim import simulate


def _actions(command: str) -> list[argparse.Action]:
    if command == "play":
        from lanterloo.tui.command import build_parser as play_parser

        parser: argparse.ArgumentParser = play_parser()
    else:
        # argparse lists a parser's options only in its private _actions; the fuzz reads them to cover every option
        top = build_parser()._actions  # noqa: SLF001
        sub = next(a for a in top if isinstance(a, argparse._SubParsersAction))  # noqa: SLF001
        parser = sub.choices[command]
    return list(parser._actions)  # noqa: SLF001


def _options(command: str) -> list[str]:
    return [s for a in _actions(command) for s in a.option_strings]


VALUES = [
    "",
    "--",
    "-",
    " ",
    "=",
    "0",
    "1",
    "2",
    "3",
    "-1",
    "+2",
    "1e3",
    "1_000",
    "007",
    "nan",
    "inf",
    "0.5",
    "random,,random",
    "louse_target=99999",
    "٣",
    "9" * 41,
    "9" * 5000,
    "three-card",
    "lou",
    "louse",
    "five-card",
    "nope",
    "random",
    "random,random",
    ",",
    "ante=5",
    "miss=false",
    "ante=",
    "=x",
    "bogus=1",
    "\x1b]0;t\x07",
    "\u202e",
    "\udcff",
    "[b]x[/]",
    "h.jsonl",
    "good.jsonl",
    "bad.jsonl",
    "/",
    "/dev/full",
    "/dev/zero",
    "/no/such/dir/x",
    "x" * 300,
]


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    buf = io.StringIO()
    simulate(rules_with("three-card"), 4, 2, 5, history=buf)
    (tmp_path / "good.jsonl").write_text(buf.getvalue(), encoding="utf-8")
    (tmp_path / "bad.jsonl").write_text(buf.getvalue().replace('"pool":0', '"pool":1', 1), encoding="utf-8")
    return tmp_path


def _vector(command: str) -> st.SearchStrategy[list[str]]:
    opts = _options(command)
    token = st.one_of(
        st.sampled_from(opts),
        st.sampled_from(VALUES),
        st.builds(
            lambda o, v: f"{o}={v}",
            st.sampled_from([o for o in opts if o.startswith("--")] or ["--x"]),
            st.sampled_from(VALUES),
        ),
    )
    return st.lists(token, max_size=6)


@pytest.mark.parametrize("command", COMMANDS)
def test_random_argument_vectors_end_in_one_sentence(command: str, files: Path) -> None:
    counts: Counter[str] = Counter()
    prefix = ["--deals", "2"] if command in ("simulate", "watch", "analyze") else []

    @settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(tokens=_vector(command))
    def run(tokens: list[str]) -> None:
        argv = [command, *prefix, *tokens]
        out, err = io.StringIO(), io.StringIO()
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr("sys.stdout", out)
            mp.setattr("sys.stderr", err)
            mp.setattr("sys.stdin", io.StringIO())  # `loo play` must see no terminal and stop
            if command == "serve":
                # everything up to the server: the arguments, the database and the address, but never a server that
                # blocks the test; the data folder and relative SQLite paths land in the test's folder
                mp.setattr("lanterloo.web.serve.uvicorn.run", lambda *a, **k: None)
                mp.setenv("XDG_DATA_HOME", str(files))
                mp.chdir(files)
            code = main(argv)
        text = err.getvalue()
        counts["tried"] += 1
        counts[f"exit {code}"] += 1
        assert code in (0, 1, 2), (argv, code, text)
        if code != 0:
            assert text.count("\n") == 1 and text.startswith("loo"), (argv, text)
            assert "Traceback" not in text and "\x1b" not in text, (argv, text)
            assert text.rstrip().endswith((".", "?", "!")), (argv, text)

    run()
    report(f"CLI vectors, loo {command}", counts)


def test_every_option_of_every_command_refuses_an_empty_or_dash_value(files: Path, capsys: Any) -> None:
    tried = 0
    for command in COMMANDS:
        for action in _actions(command):
            if action.nargs is not None:
                continue  # flags take no value
            name = action.option_strings[-1] if action.option_strings else None
            vectors = [[f"{name}=--"], [f"{name}="], [name, ""], [name, " "]] if name else [[""], ["--", "--"]]
            for rest in vectors:
                code = main([command, *rest])
                _, err = capsys.readouterr()
                assert code == 2 and err.count("\n") == 1 and ("needs a value" in err or "expected one" in err), (
                    command,
                    rest,
                    code,
                    err,
                )
                tried += 1
    assert tried > 60
