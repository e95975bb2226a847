"""``loo replay`` and ``loo watch``: deals told in words, from a hand history or from bots playing now."""

from __future__ import annotations

import argparse
import random
import sys

from lanterloo import history
from lanterloo.bots import make_bots
from lanterloo.cli.common import (
    Failure,
    UsageError,
    progress_bar,
    sentence,
    table_bots,
    table_players,
    table_rules,
    table_stack,
)
from lanterloo.engine import shape_of
from lanterloo.errors import HistoryError, LooError
from lanterloo.history import parallel
from lanterloo.render import render_deal
from lanterloo.session import Session
from lanterloo.sim import play_out, seat_names
from lanterloo.termtext import escape


def cmd_replay(ns: argparse.Namespace) -> int:
    if ns.selection and not ns.verify:
        raise UsageError("--selection changes only what --verify checks: give both, or neither.")
    verifier = history.Verifier(check_results=ns.verify, selection=ns.selection)
    count = 0
    # the bar follows the bytes verified: the number of deals is not known before the file is read
    progress, stop = progress_bar(None, "verifying") if ns.verify else (None, lambda: None)
    try:
        if ns.verify:
            parallel.verify(ns.file, verifier, progress=progress)
        for line, obj, deal in () if ns.verify else history.deals(ns.file, verifier=verifier):
            count += 1
            names = [s["name"] for s in obj["seats"]]
            result = obj["result"]
            totals = result.get("totals") if isinstance(result, dict) else None
            session = obj["session"]
            title = f"Deal {obj['deal']}" + (f" of session {session}" if session else "") + f" (line {line})"
            if count > 1:
                print()
            # printed through EscapedOutput (lanterloo.cli.main): names and sessions cannot reach the terminal raw
            print(render_deal(deal, names, title=title, totals=totals, hands=True))
    except history.EmptyHistory:
        raise Failure(f"{escape(ns.file)} holds no deals.") from None
    except HistoryError as e:
        if e.line is None:  # the file cannot be opened: the argument is wrong (the message names the file)
            raise UsageError(sentence(str(e))) from None
        text = f"{escape(ns.file)}: {e}"  # the file's name as given, not capitalised
        raise Failure(text if text.endswith(".") else text + ".") from None
    finally:
        stop()
    if ns.verify:
        print(f"{escape(ns.file)}: {verifier.verdict()}.")
    return 0


# --- loo watch ------------------------------------------------------------------------------------------------


def cmd_watch(ns: argparse.Namespace) -> int:
    rules = table_rules(ns.variant, ns.option)
    players = table_players(rules, ns.players)
    table_stack(rules, players, ns.stack, given=" (--stack)")
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
    why = "" if played == ns.deals and reason.endswith(("were played", "was played")) else f": {reason}"
    print(f"\nThe session is over after {played} deal{'s' if played != 1 else ''}{why}.")
    left = session.pool_left()
    if left:
        print(left)
    return 0
