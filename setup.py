"""The optional compiled core (docs/architecture.md, "The compiled core").

Everything else is in pyproject.toml. The extension is built where a C compiler is present; where the build fails
(no compiler, no Python headers), the package installs anyway and runs on the pure-Python engine, and one line
says so. ``LANTERLOO_NO_CORE=1`` skips the build.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NOTICE = "lanterloo: the compiled core was not built ({}); the pure-Python engine will be used."


class OptionalBuildExt(build_ext):
    """build_ext that turns a failed compile into a one-line notice instead of a failed install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # any failure of the optional build leaves the pure engine
            self._skip(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._skip(exc)

    def _skip(self, exc: BaseException) -> None:
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        print(NOTICE.format(reason[:200]), file=sys.stderr)


def extensions() -> list[Extension]:
    if os.environ.get("LANTERLOO_NO_CORE"):
        print(NOTICE.format("LANTERLOO_NO_CORE is set"), file=sys.stderr)
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print(NOTICE.format("Cython is not installed"), file=sys.stderr)
        return []
    # optional: setuptools then skips what was not built when it copies extensions into place (pip install -e)
    # the .pxi files are parts of _core.pyx (each module under about 500 lines): a change to one rebuilds it, and
    # an sdist carries them
    parts = sorted(str(p) for p in Path("src/lanterloo/engine").glob("_core_*.pxi"))
    ext = Extension(
        "lanterloo.engine._core",
        ["src/lanterloo/engine/_core.pyx"],
        depends=parts,
        extra_compile_args=["-O2"],
        optional=True,
    )
    return cythonize([ext], language_level=3, quiet=True)


if __name__ == "__main__":  # setuptools runs this file as __main__; a test imports it for OptionalBuildExt
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
