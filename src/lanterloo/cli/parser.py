"""The ``loo`` argument parser: one sub-parser per command."""

from __future__ import annotations

import argparse
import re

from lanterloo.cli.common import Parser, add_table, count, seconds
from lanterloo.sim import MOST_DEALS as MOST_SIM_DEALS

#: What ``--deals`` counts in a session (loo watch; loo simulate adds Louse's match): the deals asked for, then the
#: deals the session-end rule adds, whatever the bots (a session of search bots is no different).
_PLAYS_ON = (
    "; then the session plays on until its pool is empty (SESSION-4; Lou: until its game ends), so it may play "
    "more; -o session_end=exact stops at K"
)

#: The reports of ``loo analyze`` (lanterloo.analysis.REPORTS, named here so ``loo --help`` imports no report).
REPORT_NAMES = ("looed", "miss", "pool", "lou-pots", "louse")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
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
    add_table(
        p,
        deals=1000,
        most_deals=MOST_SIM_DEALS,
        deals_help=_PLAYS_ON + "; Louse plays whole matches, the last one to its end",
        seed_help="random seed (default: a random one, which the summary reports)",
    )
    p.add_argument("--history", metavar="FILE", help="write every deal to this hand history (JSON Lines)")
    p.add_argument("--json", action="store_true", help="print exactly one JSON object")

    p = sub.add_parser(
        "tournament",
        help="a duplicate tournament between bots, with confidence intervals",
        allow_abbrev=False,
        description="Deal seeded deals and play each once per rotation of the bots round the table, so the luck of "
        "the cards cancels; report each bot's chips (Louse: penalty points) per 100 deals with a 95% interval.",
    )
    add_table(
        p,
        deals=200,
        seed_help="random seed (default: a random one, which the report gives)",
        bots_help="two or more bots, comma-separated, e.g. hard,balanced (random, heuristic, cautious, balanced, bold, "
        "easy, medium, hard)",
    )
    add_workers(p)
    p.add_argument("--json", action="store_true", help="print exactly one JSON object")

    p = sub.add_parser(
        "analyze",
        help="a report over many deals: plots (PNG), CSV and a Markdown summary",
        allow_abbrev=False,
        description="Play seeded deals between bots and write a report into a folder: its plots (PNG, needs the "
        "plots extra), its figures as CSV and summary.md (the command, the table and a reading). Reports: looed (the "
        "chance of being looed and the net, by hand class and hands in play), miss (taking the Miss against playing "
        "and passing, on the same cards), pool (pool growth under Unlimited and Limited Loo), lou-pots (Lou pots over "
        "a game), louse (Louse penalty points per seat and match length). docs/analysis/ shows each.",
    )
    p.add_argument("report", metavar="REPORT", choices=REPORT_NAMES, help=", ".join(REPORT_NAMES))
    add_table(
        p,
        deals=2000,
        seed_help="random seed (default: a random one, which the summary gives)",
        bots_help="one bot style per seat, comma-separated, or one for every seat (default balanced: random "
        "declarations say little about play; with every seat random the looed report runs in the compiled core)",
    )
    p.add_argument("--out", metavar="DIR", help="the folder to write into (default: analysis-REPORT-VARIANT-BOTS-SEED)")
    add_workers(p)
    quiet = p.add_mutually_exclusive_group()
    quiet.add_argument("--json", action="store_true", help="print exactly one JSON object")
    quiet.add_argument("--quiet", "-q", action="store_true", help="print nothing but errors (no progress bar)")

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
    p.add_argument(
        "--selection",
        action="store_true",
        help="with --verify: the file holds a selection of deals, so a session may skip deals (the verdict names "
        "the continuity checks this leaves out)",
    )

    p = sub.add_parser(
        "verify-deal",
        help="check that a hand history's deals were dealt from their published seeds",
        allow_abbrev=False,
        description="For every deal of a hand history that records a fair seed, check that the seed matches the "
        "commitment published before the deal (SHA-256) and that it gives exactly the deck dealt "
        "(docs/fair-deals.md). Or check one seed against one commitment, with no file. Exit status 1 when a check "
        "fails, 2 when there is nothing to check.",
    )
    p.add_argument("file", nargs="?", metavar="HISTORY", help="a hand history (JSON Lines), such as a web table's")
    p.add_argument("--deal", type=count("--deal", 1), metavar="N", help="check only the deals numbered N")
    p.add_argument("--seed", metavar="HEX", help="a revealed seed, 64 hexadecimal digits (with --commitment)")
    p.add_argument("--commitment", metavar="HEX", help="the commitment published for it, 64 hexadecimal digits")

    p = sub.add_parser(
        "watch",
        help="watch bots play a seeded session, deal by deal",
        allow_abbrev=False,
        description="Bots play a seeded session; every deal is printed as it happened.",
    )
    add_table(p, deals=3, deals_help=_PLAYS_ON, seed_help="random seed (default: a random one, printed first)")
    p.add_argument(
        "--stack",
        type=count("--stack", 1),
        default=100,
        metavar="CHIPS",
        help="chips each player starts with (default 100)",
    )
    p.add_argument("--hands", action="store_true", help="also show the hands as dealt and the cards exchanged")

    p = sub.add_parser(
        "tutorial",
        help="learn a variant: lessons, drills and a guided deal in the terminal",
        allow_abbrev=False,
        description="A guided first deal of a variant: one idea at a time, drills with an explanation after each "
        "answer, and a full deal against bots with a tip at every choice. Without VARIANT, a list to choose from.",
    )
    p.add_argument("variant", nargs="?", metavar="VARIANT", help="a preset or alias (`loo tutorial --list`)")
    p.add_argument("--list", action="store_true", help="list the tutorials and what each teaches")

    sub.add_parser("play", help="play against bots in the terminal (the Textual game)", add_help=False)

    p = sub.add_parser(
        "serve",
        help="run the web table (needs the web extra: make serve)",
        allow_abbrev=False,
        description="Run the web table: a lobby, tables with players and bots, persisted in a database "
        "(docs/protocol.md).",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=count("The port", 1), default=8000, help="the port (default 8000)")
    p.add_argument(
        "--db",
        metavar="URL",
        default=None,
        help="a SQLAlchemy database URL, e.g. postgresql+psycopg://user:pw@host/db (default: SQLite in the "
        "user's data folder)",
    )
    p.add_argument("--bot-delay", type=seconds("The bot delay"), default=0.8, help="seconds a bot waits (0.8)")
    p.add_argument("--hold", type=seconds("The hold"), default=60.0, help="seconds an absent player's seat is held")
    p.add_argument(
        "--no-rate-limits",
        action="store_true",
        help="no per-address limit on new tables and seats taken (for a load test on loopback)",
    )
    return parser


def _version() -> str:
    from lanterloo import __version__

    return __version__


def add_workers(p: argparse.ArgumentParser) -> None:
    """Where a long command plays: ``--workers``, ``--backend`` and ``--ray-address`` (tournament, analyze)."""
    p.add_argument(
        "--workers",
        "-w",
        type=count("--workers", 1),
        metavar="W",
        help="processes to play in (default: one per CPU core; with --backend ray and no address, the CPUs of the "
        "local Ray instance)",
    )
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local: a process pool on this machine (default); ray: Ray (the ray extra), the same results",
    )
    p.add_argument(
        "--ray-address",
        type=ray_address,
        metavar="ADDR",
        help="with --backend ray: a Ray cluster (auto, host:port, ray://host:10001)",
    )


#: The forms of a Ray cluster's address that Ray itself takes: host:port (a head's GCS), ray://host:port (Ray
#: Client), or auto (the cluster this machine belongs to).
_RAY_ADDRESS = re.compile(r"(?:ray://)?[A-Za-z0-9._\-\[\]:]*[A-Za-z0-9.\]_\-]:[0-9]{1,5}")


def ray_address(text: str) -> str:
    """The converter of ``--ray-address``: a malformed address is a usage error (exit 2) here, before Ray starts."""
    if text == "auto" or (_RAY_ADDRESS.fullmatch(text) and 0 < int(text.rpartition(":")[2]) < 65536):
        return text
    raise argparse.ArgumentTypeError(
        f"--ray-address must be auto, host:port or ray://host:port (a port from 1 to 65535), not {text!r}."
    )
