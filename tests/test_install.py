"""The install: `make play` installs only what playing needs, a stamp per set of extras, ARGS reach the game, and
the hints the game prints name a command that works after `make play`.

The Makefile is checked with `make -n` (it prints what it would run and runs nothing) in a scratch folder holding a
copy of the Makefile and pyproject.toml and stand-in stamp files, so no test installs anything.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

from lanterloo.tui.relaunch import loo_command

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS: dict[str, list[str]] = PYPROJECT["project"]["optional-dependencies"]


def names(extra: str) -> set[str]:
    return {req.split("==")[0].split("[")[0] for req in EXTRAS[extra]}


def test_the_play_extra_is_the_game_and_nothing_else() -> None:
    assert names("play") == {"textual", "rich", "cryptography", "platformdirs"}
    assert PYPROJECT["project"]["dependencies"] == []  # the engine needs nothing


def test_the_test_tools_and_benchmarks_have_extras_of_their_own() -> None:
    assert {"pytest", "mypy", "ruff", "hypothesis"} <= names("dev")
    assert {"open-spiel", "numpy"} <= names("bench")
    assert not names("play") & (names("dev") | names("bench") | names("rl")) - {"lanterloo", "rich"}


def test_the_licence_is_an_spdx_string_so_setuptools_does_not_warn() -> None:
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["build-system"]["requires"] == ["setuptools>=77", "Cython==3.3.1"]  # Cython: the compiled core


needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def dry_run(tmp_path: Path, target: str, *stamps: str, args: str | None = None) -> str:
    """What `make -n TARGET` would run in a checkout whose venv holds ``stamps``, all newer than pyproject.toml and
    the compiled core's sources (whose change reinstalls, to rebuild the core)."""
    core = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "src/lanterloo/engine").glob("_core*.p*"))]
    for name in ("Makefile", "pyproject.toml", "setup.py", *core):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
        os.utime(tmp_path / name, (1_000_000_000, 1_000_000_000))
    (tmp_path / ".venv" / "bin").mkdir(parents=True, exist_ok=True)
    (tmp_path / ".venv" / "bin" / "python").touch()
    for stamp in stamps:
        (tmp_path / ".venv" / f".installed-{stamp}").touch()
    cmd = ["make", "--no-print-directory", "-n", target] + ([f"ARGS={args}"] if args is not None else [])
    # Under `make test` this make is a sub-make: without the outer make's variables it runs as a user's would.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")}
    return subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, check=True, env=env).stdout


@needs_make
def test_make_play_installs_the_play_extra_only(tmp_path: Path) -> None:
    out = dry_run(tmp_path, "play")
    assert "install -e '.[play]'" in out
    assert "dev" not in out and "bench" not in out


@needs_make
def test_make_play_passes_its_arguments_to_the_game(tmp_path: Path) -> None:
    out = dry_run(tmp_path, "play", "play", args="--variant lou --seed 3")
    assert out.strip().splitlines() == [".venv/bin/loo play --variant lou --seed 3"]


@needs_make
def test_make_test_after_make_play_adds_the_test_tools(tmp_path: Path) -> None:
    assert "install -e '.[dev,bench]'" in dry_run(tmp_path, "test", "play")


@needs_make
def test_make_play_after_make_test_installs_nothing(tmp_path: Path) -> None:
    assert "install" not in dry_run(tmp_path, "play", "test", "play", "bench")


@needs_make
def test_make_bench_installs_the_bench_extra_and_the_test_tools(tmp_path: Path) -> None:
    # the bench extra (OpenSpiel), and pytest for the compiled core's differential test at scale
    out = dry_run(tmp_path, "bench", "play")
    assert "install -e '.[dev,bench]'" in out
    assert "LANTERLOO_DIFF_DEALS=100" in out


@needs_make
def test_make_test_requires_the_core_where_a_compiler_is_present(tmp_path: Path) -> None:
    out = dry_run(tmp_path, "pytest", "test")
    has_cc = shutil.which("cc") is not None or shutil.which("gcc") is not None
    has_headers = Path(sysconfig.get_paths()["include"], "Python.h").exists()
    assert f"LANTERLOO_REQUIRE_CORE={int(has_cc and has_headers)} .venv/bin/pytest -n 2" in out


def script(folder: Path) -> Path:
    path = folder / "loo"
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_the_hint_names_the_running_script_when_loo_is_not_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    venv_bin = tmp_path / "my game" / ".venv" / "bin"  # a space: the path must come out quoted for a shell
    venv_bin.mkdir(parents=True)
    monkeypatch.setattr(sys, "argv", [str(script(venv_bin)), "play"])
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    assert loo_command() == f"'{venv_bin / 'loo'}'"


def test_the_hint_says_loo_when_the_path_finds_the_running_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", [str(script(tmp_path)), "play"])
    monkeypatch.setenv("PATH", str(tmp_path))
    assert loo_command() == "loo"


def test_the_hint_names_the_running_script_when_another_loo_comes_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    running = script(tmp_path / "a")
    script(tmp_path / "b")
    monkeypatch.setattr(sys, "argv", [str(running), "play"])
    monkeypatch.setenv("PATH", str(tmp_path / "b"))
    assert loo_command() == str(running)


def test_the_hint_says_loo_when_not_started_from_the_script(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["/usr/lib/python3/site-packages/pytest/__main__.py"])
    assert loo_command() == "loo"
