"""The compiled core is optional: a failed build is a one-line notice, and without it the pure engine plays.

The build itself is setup.py's ``OptionalBuildExt`` (docs/architecture.md, "The compiled core"). These tests stay
cheap: the failed build is a compiler that does not exist, so nothing is compiled.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from setuptools import Distribution, Extension

from lanterloo.engine import core

ROOT = Path(__file__).resolve().parent.parent


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lanterloo_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not as __main__: setup() is not called
    return module


def test_a_build_without_a_compiler_is_one_line_and_no_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "probe.c"
    source.write_text("int probe(void) { return 1; }\n", encoding="utf-8")
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    monkeypatch.chdir(tmp_path)
    setup = _setup_module()
    ext = Extension("probe", [str(source)], optional=True)
    dist = Distribution({"name": "probe", "ext_modules": [ext]})
    cmd = setup.OptionalBuildExt(dist)
    cmd.build_lib = str(tmp_path / "lib")
    cmd.build_temp = str(tmp_path / "temp")
    cmd.ensure_finalized()
    cmd.run()  # no exception: the package installs without the core
    notices = [line for line in capfd.readouterr().err.splitlines() if line.startswith("lanterloo:")]
    assert len(notices) == 1
    assert "the pure-Python engine will be used" in notices[0]


def test_without_the_extension_the_pure_engine_plays_every_deal() -> None:
    script = (
        "import sys\n"
        "sys.modules['lanterloo.engine._core'] = None  # as if it had not been built\n"
        "from lanterloo import Deal, rules_with\n"
        "from lanterloo.engine import core\n"
        "assert not core.available() and core.engine() == 'pure'\n"
        "deal = Deal(rules_with('three-card'), [100] * 5, 0, seed=3)\n"
        "assert type(deal) is Deal\n"
        "while not deal.is_over:\n"
        "    deal.apply(deal.legal_actions()[0])\n"
        "print(sum(deal.stacks) + deal.pool)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "500"


@pytest.mark.parametrize(
    ("setting", "engine"),
    [("pure", "pure"), (" Pure ", "pure"), (None, "core"), ("", "core"), ("core", "core"), ("fast", "core")],
)
def test_the_engine_is_chosen_by_the_environment(setting: str | None, engine: str) -> None:
    # the core is the default where it is built; only LANTERLOO_ENGINE=pure forces the reference
    if engine == "core" and not core.available():
        pytest.skip("the compiled core is not built here")
    script = "from lanterloo.engine import core; print(core.engine())"
    env = {k: v for k, v in os.environ.items() if k != "LANTERLOO_ENGINE"}
    env["PYTHONPATH"] = str(ROOT / "src")
    if setting is not None:
        env["LANTERLOO_ENGINE"] = setting
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == engine


@pytest.mark.skipif(
    os.environ.get("LANTERLOO_REQUIRE_CORE") != "1", reason="make test sets LANTERLOO_REQUIRE_CORE where cc exists"
)
def test_the_core_is_built_and_imported_where_a_compiler_is_present() -> None:
    assert shutil.which("cc") or shutil.which("gcc")
    assert core.available(), "the compiled core was not built: reinstall with pip install -e . (make test does)"
