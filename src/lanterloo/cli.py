"""The ``loo`` command line: variants, rules, simulate, replay, watch and play.

Exit status: 0 on success, 1 when a hand history does not verify (or cannot be read), 2 on a usage error. Every
error is one sentence on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from lanterloo import history
from lanterloo.bots import make_bots
from lanterloo.errors import HistoryError, LooError
from lanterloo.render import render_deal
from lanterloo.rules import (
    ALIASES,
    OPTION_FIELDS,
    PRESET_INFO,
    PRESET_NAMES,
    PRESETS,
    Rules,
    option_choices,
    parse_options,
    resolve_preset,
    rules_with,
)
from lanterloo.session import Session
from lanterloo.sim import SimSummary, bot_specs, play_out, seat_names, simulate

_WIDTH = 110  # text output is wrapped to this width
COMMANDS = ("variants", "rules", "simulate", "replay", "watch", "play")


class UsageError(Exception):
    """A bad command line: reported as one sentence, exit status 2."""


class Failure(Exception):
    """The command ran but failed (a history that does not verify, a file that cannot be read): exit status 1."""


# --- argument parsing -----------------------------------------------------------------------------------------


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "The command line is not valid."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


def _translate(message: str, prog: str = "loo") -> str:
    """argparse's terse messages as one plain sentence each."""
    m = re.fullmatch(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)", message)
    if m:
        what = "command" if m.group(1) in ("COMMAND", "command") else m.group(1)
        choices = m.group(3).replace("'", "")
        return f"Unknown {what} {m.group(2)!r}: choose one of {choices}."
    m = re.fullmatch(r"argument (\S+): invalid (\w+) value: '(.*)'", message)
    if m:
        kind = {"int": "a whole number", "float": "a number"}.get(m.group(2), f"a valid {m.group(2)}")
        return f"{m.group(1)} must be {kind}, not {m.group(3)!r}."
    m = re.fullmatch(r"argument (\S+): expected one argument", message)
    if m:
        return f"{m.group(1)} needs a value."
    m = re.fullmatch(r"the following arguments are required: (.+)", message)
    if m:
        return f"`{prog}` needs {m.group(1)}: `{prog} --help` explains it."
    m = re.fullmatch(r"argument (\S+): (.+)", message)
    if m:
        return _sentence(m.group(2))
    m = re.fullmatch(r"unrecognized arguments: (.+)", message)
    if m:
        return f"Unknown argument {m.group(1).split()[0]!r}: `loo COMMAND --help` lists each command's options."
    return _sentence(message)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(_translate(message, self.prog))


def _count(name: str, low: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}.") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{name} must be at least {low}, not {value}.")
        return value

    return parse


def _add_table(p: argparse.ArgumentParser, *, deals: int, seed_help: str) -> None:
    p.add_argument(
        "--variant",
        "-v",
        default="three-card",
        metavar="V",
        help="a preset or alias (`loo variants` lists them); default three-card",
    )
    p.add_argument(
        "--players",
        "-n",
        type=_count("--players", 1),
        metavar="N",
        help="players at the table (default: 5, or the nearest count the variant allows)",
    )
    p.add_argument(
        "--deals", "-d", type=_count("--deals", 1), default=deals, metavar="K", help=f"deals to play (default {deals})"
    )
    p.add_argument("--seed", "-s", type=_count("--seed", 0), metavar="S", help=seed_help)
    p.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="change a rules option (repeatable); `loo rules VARIANT` lists them",
    )
    p.add_argument(
        "--bots",
        "-b",
        metavar="STYLE,...",
        help="one bot style per seat, comma-separated, or one style for every seat (default random)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="loo",
        allow_abbrev=False,
        description="Rules, simulator and hand histories for the Loo family of card games.",
    )
    parser.add_argument("--version", action="version", version=f"lanterloo {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser(
        "variants",
        help="list the presets",
        allow_abbrev=False,
        description="List every preset with its aliases, player range, summary and seed file.",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser(
        "rules",
        help="show the rules of a variant as they will be played",
        allow_abbrev=False,
        description="Show every rules option of a variant, with its value, rule ID and meaning.",
    )
    p.add_argument("variant", metavar="VARIANT", help="a preset or alias (`loo variants` lists them)")
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE", help="change a rules option (repeatable)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser(
        "simulate",
        help="play many deals between bots and summarise them",
        allow_abbrev=False,
        description="Play seeded deals between bots; optionally write every deal to a hand history.",
    )
    _add_table(p, deals=1000, seed_help="random seed (default: a random one, which the summary reports)")
    p.add_argument("--history", metavar="FILE", help="write every deal to this hand history (JSON Lines)")
    p.add_argument("--json", action="store_true", help="print exactly one JSON object")

    p = sub.add_parser(
        "replay",
        help="replay (and verify) a hand history",
        allow_abbrev=False,
        description="Re-apply every action of every deal of a hand history. With --verify, check "
        "every settlement too and print only the verdict.",
    )
    p.add_argument("file", metavar="FILE", help="a hand history written by `loo simulate --history`")
    p.add_argument(
        "--verify", action="store_true", help="check every action and settlement, and the continuity of each session"
    )

    p = sub.add_parser(
        "watch",
        help="watch bots play a seeded session, deal by deal",
        allow_abbrev=False,
        description="Bots play a seeded session; every deal is printed as it happened.",
    )
    _add_table(p, deals=3, seed_help="random seed (default: a random one, printed first)")
    p.add_argument(
        "--stack",
        type=_count("--stack", 1),
        default=100,
        metavar="CHIPS",
        help="chips each player starts with (default 100)",
    )
    p.add_argument("--hands", action="store_true", help="also show the hands as dealt and the cards exchanged")

    sub.add_parser("play", help="play against bots in the terminal (the Textual game)", add_help=False)
    return parser


def _version() -> str:
    from lanterloo import __version__

    return __version__


# --- shared helpers -------------------------------------------------------------------------------------------


def _rules(variant: str, options: Sequence[str]) -> Rules:
    try:
        return rules_with(variant, parse_options(list(options)))
    except LooError as e:
        raise UsageError(_sentence(str(e))) from None
    except TypeError as e:  # dataclasses.replace on an option that is not an init field
        raise UsageError(_sentence(f"The options are not valid: {e}")) from None


def _players(rules: Rules, given: int | None) -> int:
    lo, hi = rules.player_range()
    if given is None:
        return min(max(5, lo), hi)
    if lo == hi and given != lo:
        raise UsageError(f"{rules.preset} is played by exactly {lo} players, not {given}.")
    try:
        rules.check_players(given)
    except LooError as e:
        raise UsageError(str(e)) from None
    return given


def _bots(text: str | None, players: int) -> list[str]:
    specs = [s for s in text.split(",")] if text else None
    if specs is not None and any(not s.strip() for s in specs):
        raise UsageError(f"--bots {text!r} has an empty name: give styles separated by commas, like random,random.")
    try:
        return bot_specs(specs, players)
    except LooError as e:
        raise UsageError(str(e)) from None


def _out(stream: TextIO | None = None) -> TextIO:
    return stream if stream is not None else sys.stdout


# --- loo variants ---------------------------------------------------------------------------------------------


def cmd_variants(ns: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for name in PRESET_NAMES:
        info = PRESET_INFO[name]
        lo, hi = info.rules.player_range()
        aliases = sorted(a for a, target in ALIASES.items() if target == name)
        rows.append(
            {
                "name": name,
                "aliases": aliases,
                "players": [lo, hi],
                "summary": info.summary,
                "recommended": info.recommended,
                "seed": info.seed,
            }
        )
    if ns.json:
        print(json.dumps({"variants": rows}, ensure_ascii=False))
        return 0
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        also = f"  (also: {', '.join(r['aliases'])})" if r["aliases"] else ""
        lo, hi = r["players"]
        count = f"{lo} players" if lo == hi else f"{lo}–{hi} players"
        print(f"{r['name']:<{width}}  {count}{also}")
        print(f"{'':<{width}}  {r['summary']}")
        print(f"{'':<{width}}  seed {r['seed']}")
    print("\n`loo rules VARIANT` shows every option of a variant.")
    return 0


# --- loo rules ------------------------------------------------------------------------------------------------


def _value_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def cmd_rules(ns: argparse.Namespace) -> int:
    try:
        name = resolve_preset(ns.variant)
    except LooError as e:
        raise UsageError(str(e)) from None
    rules = _rules(name, ns.option)
    info = PRESET_INFO[name]
    base = PRESETS[name]
    diff = rules.differences()
    lo, hi = rules.player_range()
    options: dict[str, Any] = {}
    for key, f in OPTION_FIELDS.items():
        choices = option_choices(key)
        options[key] = {
            "value": getattr(rules, key),
            "preset": getattr(base, key),
            "differs": key in diff,
            "rule": f.metadata["rule"],
            "doc": f.metadata["doc"],
            "choices": list(choices) if choices is not None else None,
            "applies": rules.option_applies(key),
        }
    if ns.json:
        print(
            json.dumps(
                {
                    "variant": name,
                    "summary": info.summary,
                    "seed": info.seed,
                    "players": [lo, hi],
                    "recommended": info.recommended,
                    "notes": info.notes,
                    "differences": diff,
                    "options": options,
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(f"{name}: {info.summary}")
    print(f"Seed: {info.seed}")
    print(f"Players: {lo} to {hi} (the most the pack allows); the seed recommends {info.recommended}.")
    if info.notes:
        print(f"Notes: {info.notes}")
    if diff:
        print(
            "House rules: "
            + ", ".join(f"{k}={_value_text(v)}" for k, v in diff.items())
            + f" (marked *; the {name} preset has {', '.join(_value_text(getattr(base, k)) for k in diff)})."
        )
    else:
        print(f"These are the {name} preset's rules, unchanged.")
    print()
    width = max(len(k) + 3 + len(_value_text(o["value"])) for k, o in options.items())
    indent = " " * (2 + width + 2 + 14)
    unused = [k for k in options if not rules.option_applies(k)]
    for key, o in options.items():
        if key in unused:
            continue
        mark = "*" if o["differs"] else " "
        setting = f"{key} = {_value_text(o['value'])}"
        text = o["doc"]
        if o["choices"] is not None:
            text += "; choices: " + " | ".join(_value_text(c) for c in o["choices"])
        if o["differs"]:
            text += f"; the preset has {_value_text(o['preset'])}"
        print(
            textwrap.fill(
                text,
                width=max(_WIDTH, len(indent) + 40),
                initial_indent=f"{mark} {setting:<{width}}  {o['rule']:<13} ",
                subsequent_indent=indent,
                break_on_hyphens=False,
            )
        )
    if unused:
        print()
        print(
            textwrap.fill(
                f"Options that change nothing in {rules.game} as set here: " + ", ".join(unused) + ".",
                width=_WIDTH,
                break_on_hyphens=False,
            )
        )
    print("\nChange an option with --option KEY=VALUE (preset and game describe the preset and cannot be set).")
    return 0


# --- loo simulate ---------------------------------------------------------------------------------------------


def _progress_bar(total: int) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A live count on stderr when it is a terminal; nothing otherwise."""
    if not sys.stderr.isatty():
        return None, lambda: None
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    except ImportError:
        return None, lambda: None
    bar = Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task("deals", total=total)
    bar.start()
    step = max(1, total // 500)

    def update(done: int, target: int) -> None:
        if done % step == 0 or done >= target:
            bar.update(task, completed=done)

    return update, bar.stop


def _history_path(text: str) -> Path:
    path = Path(text)
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise UsageError(f"--history {text!r} is a directory: give a file name.")
    if not parent.is_dir():
        raise UsageError(f"--history {text!r} cannot be written: the directory {str(parent)!r} does not exist.")
    return path


def cmd_simulate(ns: argparse.Namespace) -> int:
    rules = _rules(ns.variant, ns.option)
    players = _players(rules, ns.players)
    specs = _bots(ns.bots, players)
    path = _history_path(ns.history) if ns.history else None
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(2**31)
    progress, stop = _progress_bar(ns.deals)
    try:
        summary = simulate(rules, players, ns.deals, seed, bots=specs, history=path, progress=progress)
    except LooError as e:
        raise Failure(str(e)) from None
    finally:
        stop()
    if ns.json:
        print(json.dumps(summary.to_dict(), ensure_ascii=False))
    else:
        print(format_summary(summary, rules))
    return 0


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def format_summary(s: SimSummary, rules: Rules) -> str:
    """The readable ``loo simulate`` report."""
    lines = [
        f"Simulated {s.deals:,} deals of {s.variant} ({s.players} players, seed {s.seed}) in "
        f"{s.elapsed:.2f} s: {s.deals_per_second:,.0f} deals/s."
    ]
    if s.differences:
        lines.append("House rules: " + ", ".join(f"{k}={_value_text(v)}" for k, v in s.differences.items()) + ".")
    ends = "; ".join(f"{why}: {k}" for why, k in s.session_ends.items())
    if s.is_louse:
        lines.append(f"Matches: {s.sessions} ({ends}).")
    else:
        lines.append(f"Sessions: {s.sessions} ({ends}); each player starts a session with 1000 chips.")
        pot = "pot" if rules.game == "lou" else "pool"
        looed = "players matched the pot" if rules.game == "lou" else "players looed"
        lines.append(f"Mean {pot} at the start of play: {s.mean_pool:.2f}.")
        lines.append(f"Loos: {s.loo_rate:.3f} {looed} per deal; {_pct(s.loo_deal_share)} of deals had one.")
        lines.append(f"Uncontested deals: {_pct(s.uncontested_rate)}.")
        if rules.game == "loo" and rules.hand_size == 5:
            lines.append(f"Flushes (five-card): {s.flushes}.")
    lines.append(
        "How deals ended: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(s.kinds.items())) + "."
    )
    lines.append("")
    if s.is_louse:
        header = ["seat", "name", "bot", "penalty points", "per deal", "matches lost"]
        rows = [
            [str(i), s.names[i], s.bots[i], str(s.points[i]), f"{s.points[i] / s.deals:.1f}", str(s.matches_lost[i])]
            for i in range(s.players)
        ]
    else:
        header = ["seat", "name", "bot", "net chips", "per 100 deals"]
        rows = [[str(i), s.names[i], s.bots[i], f"{s.net[i]:+d}", f"{s.net_per_100[i]:+.2f}"] for i in range(s.players)]
    widths = [max(len(r[c]) for r in [header, *rows]) for c in range(len(header))]
    for r in [header, *rows]:
        lines.append(
            "  ".join(cell.ljust(widths[c]) if c < 3 else cell.rjust(widths[c]) for c, cell in enumerate(r)).rstrip()
        )
    if s.is_louse and s.match_losers:
        shown = s.match_losers[:20]
        losers = "; ".join(" and ".join(s.names[x] for x in m) for m in shown)
        more = f"; … ({len(s.match_losers) - len(shown)} more)" if len(s.match_losers) > len(shown) else ""
        lines.append(f"\nMatch losers in order: {losers}{more}.")
    if s.history_path:
        lines.append(
            f"\nHand history: {s.history_path} ({s.deals:,} deals). Check it with: loo replay {s.history_path} --verify"
        )
    return "\n".join(lines)


# --- loo replay -----------------------------------------------------------------------------------------------


def _existing_file(text: str) -> Path:
    path = Path(text)
    if not path.exists():
        raise UsageError(f"There is no file {text!r}.")
    if path.is_dir():
        raise UsageError(f"{text!r} is a directory, not a hand-history file.")
    return path


def cmd_replay(ns: argparse.Namespace) -> int:
    path = _existing_file(ns.file)
    count = 0
    try:
        for line, obj, deal in history.deals(path, check_results=ns.verify):
            count += 1
            if ns.verify:
                continue
            names = [str(s.get("name", f"Seat {i}")) for i, s in enumerate(obj["seats"])]
            result = obj.get("result")
            totals = result.get("totals") if isinstance(result, dict) else None
            session = obj.get("session")
            title = f"Deal {obj.get('deal')}" + (f" of session {session}" if session else "") + f" (line {line})"
            if count > 1:
                print()
            print(render_deal(deal, names, title=title, totals=totals, hands=True))
    except HistoryError as e:
        # a line-less error (the file cannot be read) already names the file
        text = f"{ns.file}: {e}" if e.line is not None else _sentence(str(e))
        raise Failure(text if text.endswith(".") else text + ".") from None
    if ns.verify:
        print(
            f"{ns.file}: {count:,} deal{'s' if count != 1 else ''} verified: every action is legal, every "
            "settlement matches the rules, and each session follows on from deal to deal."
        )
    elif count == 0:
        print(f"{ns.file} holds no deals.")
    return 0


# --- loo watch ------------------------------------------------------------------------------------------------


def cmd_watch(ns: argparse.Namespace) -> int:
    rules = _rules(ns.variant, ns.option)
    players = _players(rules, ns.players)
    specs = _bots(ns.bots, players)
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(2**31)
    names = seat_names(players)
    bots = make_bots(specs, seed)
    session = Session(rules, names, stack=ns.stack, seed=seed, max_deals=ns.deals)
    who = ", ".join(f"{names[i]} ({specs[i]})" for i in range(players))
    chips = "" if rules.game == "louse" else f", {ns.stack} chips each"
    print(f"{rules.preset}, {players} players: {who}{chips}. Seed {seed}.")
    while not session.over:
        try:
            deal = session.new_deal()
        except LooError:
            if session.over:
                break
            raise
        play_out(deal, bots)
        rec = session.finish_deal()
        print()
        print(
            render_deal(
                deal,
                names,
                number=rec.number,
                totals=rec.totals_after if rules.game == "louse" else None,
                hands=ns.hands,
            )
        )
        sys.stdout.flush()
    played = len(session.records)
    reason = session.end_reason or ""
    why = "" if played >= ns.deals and reason.endswith("were played") else f": {reason}"
    print(f"\nThe session is over after {played} deal{'s' if played != 1 else ''}{why}.")
    return 0


# --- loo play -------------------------------------------------------------------------------------------------


def cmd_play(argv: list[str]) -> int:
    """The Textual game lives in lanterloo.tui (imported only now: it needs the ``tui`` extra)."""
    try:
        tui = importlib.import_module("lanterloo.tui")
        why = "lanterloo.tui has no main()"
    except ImportError as e:
        tui, why = None, str(e)
    run = getattr(tui, "main", None)
    if not callable(run):
        print(f"loo: the terminal game is not available ({why}); watching bots play instead.", file=sys.stderr)
        return _dispatch(["watch", *argv])
    code = run(argv)
    return code if isinstance(code, int) else 0


# --- entry point ----------------------------------------------------------------------------------------------

_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "variants": cmd_variants,
    "rules": cmd_rules,
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    "watch": cmd_watch,
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``loo`` command line; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(args)
    except UsageError as e:
        print(f"loo: {e}", file=sys.stderr)
        return 2
    except Failure as e:
        print(f"loo: {e}", file=sys.stderr)
        return 1
    except SystemExit as e:  # --help and --version
        return e.code if isinstance(e.code, int) else 0
    except KeyboardInterrupt:
        print("loo: interrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader (``| head``) went away: not an error; keep Python from complaining at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
