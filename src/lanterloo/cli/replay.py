"""``loo replay`` and ``loo watch``: deals told in words, from a hand history or from bots playing now."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from lanterloo import history
from lanterloo.bots import make_bots
from lanterloo.cli.common import Failure, UsageError, sentence, table_bots, table_players, table_rules
from lanterloo.engine import shape_of
from lanterloo.errors import HistoryError, LooError
from lanterloo.render import render_deal
from lanterloo.session import Session
from lanterloo.sim import play_out, seat_names


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
        text = f"{ns.file}: {e}" if e.line is not None else sentence(str(e))
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
    rules = table_rules(ns.variant, ns.option)
    players = table_players(rules, ns.players)
    specs = table_bots(ns.bots, players)
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(2**31)
    names = seat_names(players)
    bots = make_bots(specs, seed)
    session = Session(rules, names, stack=ns.stack, seed=seed, max_deals=ns.deals)
    who = ", ".join(f"{names[i]} ({specs[i]})" for i in range(players))
    points = shape_of(rules).scores_points
    chips = "" if points else f", {ns.stack} chips each"
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
                totals=rec.totals_after if points else None,
                hands=ns.hands,
            )
        )
        sys.stdout.flush()
    played = len(session.records)
    reason = session.end_reason or ""
    why = "" if played >= ns.deals and reason.endswith("were played") else f": {reason}"
    print(f"\nThe session is over after {played} deal{'s' if played != 1 else ''}{why}.")
    return 0
