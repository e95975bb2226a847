"""``loo play`` arguments: parsed, validated, and turned into a ``Game``. Bad arguments give one sentence and
exit status 2."""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from lanterloo.cli.common import StrictParser, count, seconds, styles, translate
from lanterloo.errors import LooError
from lanterloo.rules import parse_options, variant_names
from lanterloo.termtext import escape
from lanterloo.tui import savefiles
from lanterloo.tui.game import Game, new_settings
from lanterloo.tui.relaunch import loo_command

#: ``--resume`` given with no file: choose one from the list of saves.
PICK = "\x00pick"


class UsageError(Exception):
    """A bad ``loo play`` argument; the message is one sentence."""


class _Parser(StrictParser):  # refuses an empty or `--` value, and words its errors, as every loo command does
    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        # `--resume` may stand alone; given a value, the value must be one (`--resume=--` is no file name)
        if action.nargs == "?" and arg_strings and (len(arg_strings) != 1 or arg_strings[0].strip() in ("", "--")):
            self.error(f"argument {'/'.join(action.option_strings)}: expected one argument")
        return super()._get_values(action, arg_strings)

    def error(self, message: str) -> NoReturn:
        raise UsageError(translate(message, self.prog))


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="loo play",
        allow_abbrev=False,
        description="Play the Loo family at a terminal table against bots. "
        "Keys are listed in the game (h) and in docs/terminal-game.md.",
    )
    p.add_argument(
        "--variant",
        default="three-card",
        metavar="V",
        help=f"the game: {', '.join(variant_names())} (default three-card)",
    )
    p.add_argument(
        "--players",
        type=count("--players", None),
        metavar="N",
        help="seats at the table, you included (default 5, or the variant's nearest count)",
    )
    p.add_argument("--name", default="You", help="your name at the table (default You)")
    p.add_argument(
        "--bots",
        type=styles("--bots"),
        metavar="STYLE,...",
        help="the bots' style: one for all, or one per opponent "
        "(random, heuristic, cautious, balanced, bold, or the search bots easy, medium, hard; default balanced)",
    )
    p.add_argument(
        "--seed",
        type=count("--seed", 0),
        metavar="S",
        help="seed for the deals (default: a random one, shown on screen)",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rules option, repeatable (see `loo rules VARIANT`)",
    )
    p.add_argument(
        "--stack", type=count("--stack", 1), default=100, metavar="N", help="everyone's starting chips (default 100)"
    )
    p.add_argument(
        "--deals",
        type=count("--deals", 1),
        metavar="N",
        help="end the session after N deals, or once the pool is empty after them (SESSION-4)",
    )
    p.add_argument(
        "--resume",
        nargs="?",
        const=PICK,
        metavar="NAME|FILE",
        help="continue a saved game (its settings come from the file); with no name, choose from the list of saves",
    )
    p.add_argument(
        "--list-saves", action="store_true", help="list the saved games, newest first, and exit (no terminal needed)"
    )
    p.add_argument(
        "--delay",
        type=seconds("--delay"),
        default=0.5,
        metavar="SECONDS",
        help="how long each bot move stays on screen (default 0.5; 0 for instant)",
    )
    return p


@dataclass
class Launch:
    game: Game | None  # None: --resume with no file, so the player chooses a save first
    delay: float
    save_path: str | None
    listing: list[str] | None = None  # --list-saves: print this and stop


_SETTING_FLAGS = ("variant", "players", "name", "bots", "seed", "option", "stack", "deals")


def parse(argv: list[str]) -> Launch:
    """Validate the arguments and build the game; raises UsageError with one sentence."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.list_saves:
        folder = savefiles.saves_dir()
        return Launch(None, args.delay, None, savefiles.listing(savefiles.list_saves(folder), folder))
    if args.resume is not None:
        given = [f for f in _SETTING_FLAGS if any(a == f"--{f}" or a.startswith(f"--{f}=") for a in argv)]
        if given:
            raise UsageError(
                f"--resume takes every setting from the save file, so --{given[0]} cannot be given with it."
            )
        if args.resume == PICK:
            if not savefiles.list_saves():
                raise UsageError(
                    f"There are no saved games in {str(savefiles.saves_dir())!r}; "
                    f"`{loo_command()} play` starts a new one."
                )
            return Launch(None, args.delay, None)
        try:
            path = savefiles.find(args.resume)
            game = Game.load(path)
        except LooError as e:
            raise UsageError(str(e)) from None
        return Launch(game, args.delay, os.path.abspath(path))
    try:
        options = parse_options(args.option)
        settings = new_settings(
            args.variant,
            players=args.players,
            name=args.name,
            bots=args.bots,
            seed=args.seed,
            options=options,
            stack=args.stack,
            max_deals=args.deals,
        )
        game = Game(settings)
    except LooError as e:
        raise UsageError(str(e)) from None
    return Launch(game, args.delay, None)


def main(argv: list[str] | None = None) -> int:
    """``loo play ARGS...``: returns the exit status (2 for bad arguments)."""
    try:
        if argv is None:
            argv = sys.argv[1:]
            if argv[:1] == ["play"]:
                argv = argv[1:]
        launch = parse(list(argv))
    except UsageError as e:
        print(f"loo play: {escape(str(e))}", file=sys.stderr)  # it may quote an argument: escape it
        return 2
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    if launch.listing is not None:
        print("\n".join(escape(line) for line in launch.listing))  # file names are anyone's text
        return 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("loo play: the game needs a terminal; run it in a terminal window, not through a pipe.", file=sys.stderr)
        return 2
    if launch.game is None:
        picked = _pick()
        if picked is None:
            return 0
        try:
            launch = Launch(Game.load(picked), launch.delay, os.path.abspath(picked))
        except LooError as e:
            print(f"loo play: {escape(str(e))}", file=sys.stderr)
            return 2
    if not argv:  # no arguments: the start list offers the tutorials before the default game
        from lanterloo.tui.tutorial import PLAY, run_tutorial

        if run_tutorial(None, offer_play=True) != PLAY:
            return 0
    from lanterloo.tui.app import LooApp  # Textual loads only when there is a game to show

    assert launch.game is not None
    app = LooApp(launch.game, delay=launch.delay, save_path=launch.save_path)
    result = app.run()
    return result if isinstance(result, int) else 0


def _pick() -> Path | None:
    """Let the player choose a save from the list (``--resume`` with no file); None when he leaves."""
    from lanterloo.tui.picker import SavePicker

    folder = savefiles.saves_dir()
    return SavePicker(savefiles.list_saves(folder), folder).run()
