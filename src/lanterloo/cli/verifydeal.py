"""``loo verify-deal``: check that a hand history's deals were dealt from the seeds published for them
(docs/fair-deals.md).

Exit status: 0 when every seed checked matches its commitment and gives the deck dealt, 1 when one does not (each
deal's line on standard output says which check failed), 2 when there is nothing to check: a bad command line, a
file that cannot be read or is not a hand history, a history with no fair seed, a seed of the wrong form.
"""

from __future__ import annotations

import argparse
import re

from lanterloo import history
from lanterloo.cli.common import Failure, UsageError, sentence, shown
from lanterloo.errors import HistoryError, LooError
from lanterloo.history.fair import fair_problems, seed_mismatch
from lanterloo.termtext import escape

_HEX64 = re.compile(r"[0-9a-fA-F]{64}")
_OK = "ok: the seed matches its commitment and gives the deck dealt"


def _hex(value: str, option: str) -> str:
    """A seed or commitment typed on the command line; either case is read, as a person may paste it."""
    if not _HEX64.fullmatch(value):
        raise UsageError(f"{option} must be 64 hexadecimal digits (32 bytes), not {shown(value)}.")
    return value.lower()


def _pair(ns: argparse.Namespace) -> int:
    if ns.file is not None or ns.deal is not None:
        raise UsageError("Check a hand history or a --seed and --commitment pair, not both.")
    if ns.seed is None or ns.commitment is None:
        raise UsageError("--seed and --commitment go together: give both to check a pair.")
    why = seed_mismatch(_hex(ns.seed, "--seed"), _hex(ns.commitment, "--commitment"))
    if why is not None:
        print(f"FAILED: {why}.")
        raise Failure("The seed does not match the commitment.")
    print("ok: the seed matches the commitment (SHA-256 of its 32 bytes).")
    return 0


def cmd_verify_deal(ns: argparse.Namespace) -> int:
    if ns.seed is not None or ns.commitment is not None:
        return _pair(ns)
    if ns.file is None:
        raise UsageError(
            "`loo verify-deal` needs a hand history, or --seed and --commitment: `loo verify-deal --help` explains it."
        )
    name = escape(ns.file)
    deals = checked = failed = unseeded = 0
    try:
        for line, obj in history.read(ns.file):
            history.check_fields(obj, line)
            if ns.deal is not None and obj["deal"] != ns.deal:
                continue
            deals += 1
            where = f"Deal {obj['deal']} (line {line})"
            if "fair" not in obj:
                unseeded += 1
                continue
            rules = history.record_rules(obj, line)
            try:
                rules.check_players(len(obj["seats"]))
            except LooError as e:
                raise HistoryError(f"{str(e).rstrip('.')} (COMMON-2)", line, "COMMON-2") from None
            problems = fair_problems(obj["fair"], rules, len(obj["seats"]), obj["deck"])
            checked += 1
            if problems:
                failed += 1
                print(f"{where}: FAILED: {'; and '.join(problems)}.")
            else:
                print(f"{where}: {_OK}.")
    except history.EmptyHistory:
        raise UsageError(f"{name} holds no deals.") from None
    except HistoryError as e:
        if e.line is None:  # the file cannot be opened: one sentence naming it
            raise UsageError(sentence(str(e))) from None
        text = f"{name}: {e}"  # the file's name as given, not capitalised
        raise UsageError(text if text.endswith(".") else text + ".") from None
    if ns.deal is not None and not deals:
        raise UsageError(f"{name} has no deal numbered {ns.deal}.")
    if not checked:
        if ns.deal is not None:
            what = f"Deal {ns.deal} of {name} records no fair seed: it was not"
        else:
            what = f"{name} records no fair seed: none of its deals was"
        raise UsageError(f"{what} dealt from a published seed, so there is nothing to check.")
    if unseeded:
        print(f"{_deals(unseeded)} with no fair seed {'was' if unseeded == 1 else 'were'} not checked.")
    if failed:
        raise Failure(f"{name}: {failed} of {_deals(checked)} failed the fair-deal check.")
    each = "its seed matches its" if checked == 1 else "every seed matches its"
    print(f"{name}: {_deals(checked)} checked: {each} commitment and gives the deck dealt.")
    return 0


def _deals(k: int) -> str:
    return f"{k} deal{'s' * (k != 1)}"
