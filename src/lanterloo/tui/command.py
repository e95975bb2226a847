"""``loo play`` arguments: parsed, validated, and turned into a ``Game``. Bad arguments give one sentence and
exit status 2."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import NoReturn

from lanterloo.cli.common import StrictParser, count, seconds, styles, translate
from lanterloo.errors import LooError
from lanterloo.rules import parse_options, variant_names
from lanterloo.termtext import escape
from lanterloo.tui.game import Game, new_settings


class UsageError(Exception):
    """A bad ``loo play`` argument; the message is one sentence."""


class _Parser(StrictParser):  # refuses an empty or `--` value, and words its errors, as every loo command does
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
        type=count("--players", 1),
        metavar="N",
        help="seats at the table, you included (default 5, or the variant's nearest count)",
    )
    p.add_argument("--name", default="You", help="your name at the table (default You)")
    p.add_argument(
        "--bots",
        type=styles("--bots"),
        metavar="STYLE,...",
        help="the bots' style: one for all, or one per opponent "
        "(random, heuristic, cautious, balanced, bold; default balanced)",
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
    p.add_argument("--deals", type=count("--deals", 1), metavar="N", help="end the session after N deals")
    p.add_argument("--resume", metavar="FILE", help="continue a saved game (its settings come from the file)")
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
    game: Game
    delay: float
    save_path: str | None


_SETTING_FLAGS = ("variant", "players", "name", "bots", "seed", "option", "stack", "deals")


def parse(argv: list[str]) -> Launch:
    """Validate the arguments and build the game; raises UsageError with one sentence."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.resume is not None:
        given = [f for f in _SETTING_FLAGS if any(a == f"--{f}" or a.startswith(f"--{f}=") for a in argv)]
        if given:
            raise UsageError(
                f"--resume takes every setting from the save file, so --{given[0]} cannot be given with it."
            )
        try:
            game = Game.load(args.resume)
        except LooError as e:
            raise UsageError(str(e)) from None
        return Launch(game, args.delay, args.resume)
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
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("loo play: the game needs a terminal; run it in a terminal window, not through a pipe.", file=sys.stderr)
        return 2
    if not argv:  # no arguments: the start list offers the tutorials before the default game
        from lanterloo.tui.tutorial import PLAY, TutorialApp

        if TutorialApp(None, offer_play=True).run() != PLAY:
            return 0
    from lanterloo.tui.app import LooApp  # Textual loads only when there is a game to show

    app = LooApp(launch.game, delay=launch.delay, save_path=launch.save_path)
    result = app.run()
    return result if isinstance(result, int) else 0
