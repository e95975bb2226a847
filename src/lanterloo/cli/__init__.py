"""The ``loo`` command line: variants, rules, simulate, tournament, analyze, replay, verify-deal, watch, tutorial
and play (one module per command group).

Exit status: 0 on success, 1 when a hand history does not verify (or cannot be read), 2 on a usage error
(``loo verify-deal``: 1 when a seed fails its check, 2 when there is nothing to check). Every
error is one sentence on stderr. House variants listed in the TOML files named by ``LANTERLOO_VARIANTS`` are
registered first, so every command can use them (docs/adding-a-variant.md).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TextIO, cast

from lanterloo.cli.analyze import cmd_analyze
from lanterloo.cli.common import EscapedOutput, Failure, UsageError, sentence
from lanterloo.cli.parser import build_parser
from lanterloo.cli.replay import cmd_replay, cmd_watch
from lanterloo.cli.rulescmd import cmd_rules, cmd_variants
from lanterloo.cli.serve import cmd_serve
from lanterloo.cli.simulate import cmd_simulate, format_summary
from lanterloo.cli.tournament import cmd_tournament
from lanterloo.cli.tutorial import cmd_tutorial
from lanterloo.cli.verifydeal import cmd_verify_deal
from lanterloo.errors import LooError
from lanterloo.rules.housefile import load_variants
from lanterloo.termtext import escape

COMMANDS = (
    "variants",
    "rules",
    "simulate",
    "tournament",
    "analyze",
    "replay",
    "verify-deal",
    "watch",
    "tutorial",
    "play",
    "serve",
)
#: The environment variable naming TOML files of house variants (separated like PATH).
VARIANTS_ENV = "LANTERLOO_VARIANTS"


def cmd_play(argv: list[str]) -> int:
    """The Textual game lives in lanterloo.tui (imported only now: it needs the ``play`` extra)."""
    try:
        tui = importlib.import_module("lanterloo.tui")
        why = "lanterloo.tui has no main()"
    except ImportError as e:
        tui, why = None, str(e)
    run = getattr(tui, "main", None)
    if not callable(run):
        print(
            f"loo: the terminal game is not available ({why}; install the play extra: pip install 'lanterloo[play]', "
            "or make play in a checkout); watching bots play instead.",
            file=sys.stderr,
        )
        return _dispatch(["watch", *argv])
    code = run(argv)
    return code if isinstance(code, int) else 0


# --- entry point ----------------------------------------------------------------------------------------------

_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "variants": cmd_variants,
    "rules": cmd_rules,
    "simulate": cmd_simulate,
    "tournament": cmd_tournament,
    "analyze": cmd_analyze,
    "replay": cmd_replay,
    "verify-deal": cmd_verify_deal,
    "watch": cmd_watch,
    "tutorial": cmd_tutorial,
    "serve": cmd_serve,
}


def _dispatch(argv: list[str]) -> int:
    if argv and argv[0] == "play":
        return cmd_play(argv[1:])
    parser = build_parser()
    ns, extra = parser.parse_known_args(argv)
    if ns.command is None:
        if extra:
            raise UsageError(f"Unknown argument {extra[0]!r}: choose a command, one of {', '.join(COMMANDS)}.")
        parser.print_help()
        return 0
    if extra:
        raise UsageError(
            f"Unknown argument {extra[0]!r} for `loo {ns.command}`: `loo {ns.command} --help` lists its options."
        )
    return _HANDLERS[ns.command](ns)


def _house_variants() -> None:
    """Register the house variants of every file named by LANTERLOO_VARIANTS."""
    for path in filter(None, os.environ.get(VARIANTS_ENV, "").split(os.pathsep)):
        try:
            load_variants(path)
        except LooError as e:
            raise UsageError(f"{VARIANTS_ENV}: {sentence(str(e))}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``loo`` command line; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["play"] or (args[:1] == ["tutorial"] and "--list" not in args):
        return _run(args)  # the terminal game owns the screen; it escapes what it shows itself
    real = sys.stdout
    sys.stdout = cast(TextIO, EscapedOutput(real))
    try:
        return _run(args)
    finally:
        sys.stdout = real


def _say(message: str) -> None:
    """An error as one line on stderr, escaped: it may quote a file's name or a session's."""
    print(f"loo: {escape(message)}", file=sys.stderr)


def _run(args: list[str]) -> int:
    try:
        _house_variants()
        code = _dispatch(args)
        sys.stdout.flush()  # a full disk shows here, not at exit
        return code
    except UsageError as e:
        _say(str(e))
        return 2
    except Failure as e:
        _say(str(e))
        return 1
    except SystemExit as e:  # --help and --version
        return e.code if isinstance(e.code, int) else 0
    except KeyboardInterrupt:
        _say("interrupted.")
        return 130
    except BrokenPipeError:
        # the reader (``| head``) went away: not an error; keep Python from complaining at exit
        _silence_stdout()
        return 0
    except OSError as e:  # standard output on a full disk (/dev/full), or closed
        _silence_stdout()
        _say(sentence(f"the output cannot be written: {(e.strerror or 'the system refused').lower()}"))
        return 1


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so what is still buffered cannot fail again at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
    except (OSError, ValueError):
        pass
    finally:
        os.close(devnull)


__all__ = [
    "COMMANDS",
    "VARIANTS_ENV",
    "Failure",
    "UsageError",
    "build_parser",
    "cmd_play",
    "cmd_replay",
    "cmd_rules",
    "cmd_simulate",
    "cmd_tutorial",
    "cmd_variants",
    "cmd_verify_deal",
    "cmd_watch",
    "format_summary",
    "main",
]
