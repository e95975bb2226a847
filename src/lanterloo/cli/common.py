"""What every ``loo`` command shares: the two kinds of failure, argparse's messages as plain sentences, the
table options (variant, players, deals, seed, options, bots) and how they are read."""

from __future__ import annotations

import argparse
import io
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from lanterloo.errors import LooError, NotationError
from lanterloo.history import file_error
from lanterloo.rules import Rules, parse_options, rules_with
from lanterloo.sim import bot_specs
from lanterloo.termtext import escape
from lanterloo.wholetext import parse_whole

WIDTH = 110  # text output is wrapped to this width
#: The longest a progress bar's count goes unchanged while updates arrive, in seconds.
REDRAW = 0.25


class UsageError(Exception):
    """A bad command line: reported as one sentence, exit status 2."""


class Failure(Exception):
    """The command ran but failed (a history that does not verify, a file that cannot be read): exit status 1."""


def shown(text: str, limit: int = 40) -> str:
    """A user's text quoted in a message: escaped for the terminal and cut short."""
    return repr(escape(text) if len(text) <= limit else escape(text[: limit - 1]) + "…")


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "The command line is not valid."
    if not re.match(r"[a-z]+_[a-z_]+\b", text):  # an option's name (hand_size) keeps its spelling
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


def translate(message: str, prog: str = "loo") -> str:
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
        return sentence(m.group(2))
    m = re.fullmatch(r"unrecognized arguments: (.+)", message)
    if m:
        where = "`loo COMMAND --help` lists each command's options" if prog == "loo" else f"`{prog} --help` lists them"
        words = m.group(1).split()  # argparse joins the unknown arguments with spaces; one may be blank
        return f"Unknown argument {(words[0] if words else m.group(1))!r}: {where}."
    return sentence(message)


class StrictParser(argparse.ArgumentParser):
    """An ArgumentParser that refuses an empty value, or ``--``, for any option or argument that takes one.

    argparse strips ``--`` from ``--opt=--`` and hands the action an empty list without calling its type, so the
    check sits here, where every value of every command passes, rather than in each converter.
    """

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        if action.nargs is None:
            rest = list(arg_strings)
            if "--" in rest:
                rest.remove("--")  # the separator, as argparse itself removes it
            if len(rest) != 1 or not rest[0].strip() or rest[0] == "--":
                name = "/".join(action.option_strings) or str(action.metavar or action.dest)
                self.error(f"argument {name}: expected one argument")
        return super()._get_values(action, arg_strings)


class Parser(StrictParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(translate(message, self.prog))


def count(name: str, low: int | None, high: int | None = None) -> Callable[[str], int]:
    """The converter of a whole-number option (``--seed``, ``--players``, ``--deals``, ``--stack``) of every
    command, ``loo play``'s included: the grammar and digit bound of the hand-history reader (lanterloo.wholetext),
    at least ``low`` and at most ``high``. ``low`` None leaves the range to the command: ``--players``, whose least
    depends on the variant (``table_players`` names it)."""

    def parse(text: str) -> int:
        try:
            value = parse_whole(text, name, signed=False)  # none of them is ever negative
        except NotationError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"{name} must be at least {low:,}, not {value:,}.")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{name} must be at most {high:,}, not {value:,}.")
        return value

    return parse


#: The longest a bot move may stay on screen, in seconds (``loo play --delay``).
MAX_DELAY = 60.0
_DECIMAL = re.compile(r"[0-9]{1,4}(?:\.[0-9]{1,6})?")


def seconds(name: str) -> Callable[[str], float]:
    """The converter of a duration option (``loo play --delay``): plain decimal digits, 0 to MAX_DELAY, so NaN,
    infinity, a sign and an exponent are refused rather than reaching a timer."""

    def parse(text: str) -> float:
        if not _DECIMAL.fullmatch(text):
            raise argparse.ArgumentTypeError(
                f"{name} must be a number of seconds written in digits, like 0.5 or 2, not {shown(text)}."
            )
        value = float(text)
        if value > MAX_DELAY:
            raise argparse.ArgumentTypeError(f"{name} must be at most {MAX_DELAY:g} seconds, not {text}.")
        return value

    return parse


def styles(name: str) -> Callable[[str], list[str]]:
    """The converter of ``--bots`` for every command: comma-separated bot styles, none of them empty (whether
    each is a known bot, and how many there must be, is the command's to check)."""

    def parse(text: str) -> list[str]:
        specs = [s.strip().lower() for s in text.split(",")]
        if any(not s for s in specs):
            raise argparse.ArgumentTypeError(
                f"{name} {shown(text)} has an empty name: give styles separated by commas, like random,random."
            )
        return specs

    return parse


def add_table(
    p: argparse.ArgumentParser,
    *,
    deals: int,
    seed_help: str,
    most_deals: int | None = None,
    deals_help: str = "",
    bots_help: str = "one bot per seat, comma-separated, or one for every seat: random, heuristic, cautious, "
    "balanced, bold, or the search bots easy, medium, hard (default random)",
) -> None:
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
        type=count("--players", None),
        metavar="N",
        help="players at the table (default: 5, or the nearest count the variant allows)",
    )
    most = f", at most {most_deals:,}" if most_deals is not None else ""
    p.add_argument(
        "--deals",
        "-d",
        type=count("--deals", 1, most_deals),
        default=deals,
        metavar="K",
        help=f"deals to play (default {deals}{most}){deals_help}",
    )
    p.add_argument("--seed", "-s", type=count("--seed", 0), metavar="S", help=seed_help)
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
        type=styles("--bots"),
        metavar="STYLE,...",
        help=bots_help,
    )


def table_rules(variant: str, options: Sequence[str]) -> Rules:
    try:
        return rules_with(variant, parse_options(list(options)), own_game=True)
    except LooError as e:
        raise UsageError(sentence(str(e))) from None
    except TypeError as e:  # dataclasses.replace on an option that is not an init field
        raise UsageError(sentence(f"The options are not valid: {e}")) from None


def table_players(rules: Rules, given: int | None) -> int:
    lo, hi = rules.player_range()
    if given is None:
        return min(max(5, lo), hi)
    if lo == hi and given != lo:
        more = "; for three-handed Louse add -o min_players=3" if rules.game == "louse" and given == 3 else ""
        raise UsageError(f"{rules.preset} is played by exactly {lo} players, not {given}{more}.")
    try:
        rules.check_players(given)
    except LooError as e:
        raise UsageError(str(e)) from None
    return given


def table_stack(rules: Rules, players: int, stack: int, *, when: str = "", given: str = "") -> None:
    """Refuse, as a usage error, an ante no seat's starting chips can pay: the session would end before its first
    deal (SESSION-2). ``when`` and ``given`` say when the chips are handed out and which option sets them."""
    owed = max(rules.ante_owed(s, 0) for s in range(players))
    if owed > stack:
        raise UsageError(
            f"Every seat starts{when} with {stack:,} chips{given}, less than the ante of {owed:,} it would owe."
        )


def table_bots(specs: list[str] | None, players: int) -> list[str]:
    try:
        return bot_specs(specs, players)
    except LooError as e:
        raise UsageError(str(e)) from None


def out(stream: TextIO | None = None) -> TextIO:
    return stream if stream is not None else sys.stdout


class EscapedOutput(io.TextIOBase):
    """Standard output with untrusted text made safe (lanterloo.termtext), line feeds kept.

    Every command but ``loo play`` prints through it, so a name or session id from a file can never reach the
    terminal as a control sequence, and a character the terminal's encoding lacks is escaped, not fatal.
    """

    def __init__(self, raw: TextIO) -> None:
        super().__init__()
        self.raw = raw
        enc = (getattr(raw, "encoding", None) or "utf-8").lower().replace("-", "").replace("_", "")
        self._recode = None if enc == "utf8" else raw.encoding

    def write(self, s: str) -> int:
        text = escape(s, newlines=True)
        if self._recode:
            text = text.encode(self._recode, "backslashreplace").decode(self._recode)
        self.raw.write(text)
        return len(s)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    def writable(self) -> bool:
        return True


def file_failure(path: str, e: OSError | ValueError, doing: str = "read") -> str:
    """One sentence for a file the command cannot use."""
    return sentence(file_error(path, e, doing))


def progress_bar(
    total: int | None, label: str, quiet: bool = False, clock: Callable[[], float] = time.monotonic
) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A progress bar on stderr for a long command, when stderr is a terminal and the output is not ``--json``
    (``quiet``); nothing otherwise. Returns ``update(done, total)`` (or None) and ``stop()``. ``total`` counts deals;
    None when it is only known as the work goes (a file's bytes: each update brings it, shown as a percentage). The
    bar appears at the first update, so a command too short to report shows none."""
    if quiet or not sys.stderr.isatty():
        return None, lambda: None
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
        )
    except ImportError:
        return None, lambda: None
    bar = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn() if total is not None else TaskProgressColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task(label, total=total)
    step = max(1, (total or 0) // 500)
    mark = 0
    shown_at = 0.0
    started = False

    def update(done: int, target: int) -> None:
        # called after every deal, every 1,024 deals by simulate's batch loop, or as a file is read: the count is
        # passed on about 500 times in all, and at least every REDRAW seconds, so on a run of a billion deals the
        # count still moves while a five-hundredth of it is played
        nonlocal mark, shown_at, started
        if not started:
            bar.start()
            started = True
        now = clock()
        if done >= mark or done >= target or now - shown_at >= REDRAW:
            bar.update(task, completed=done, total=target)
            mark = done + step
            shown_at = now

    def stop() -> None:
        if started:
            bar.stop()

    return update, stop
