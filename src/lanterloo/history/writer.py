"""Writing hand histories: one deal as a JSON object, one object per line (docs/hand-history.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from lanterloo.engine import Deal
from lanterloo.errors import LooError
from lanterloo.history.fair import fair_problems, fair_record

FORMAT = "lanterloo-hand-history"
VERSION = 2
#: The options added in version 2 (SESSION-4, LOU-ANTE-2), each with the value that reproduces how a version-1
#: deal was played: a version-1 line lacks them, and is read as if it had these (see ``upgraded_rules``).
ADDED_IN_VERSION_2: dict[str, Any] = {
    "lou_ante_choice": "fixed",
    "lou_ante_min": 3,
    "lou_ante_max": 15,
    "session_end": "exact",
}


def upgraded_rules(obj: dict[str, Any]) -> Any:
    """The ``rules`` of a record as the current version names them: a version-1 line gains the options added
    since, at their old meaning; any other line (or a ``rules`` that is not an object) is returned as it is."""
    rules = obj.get("rules")
    if obj.get("version") == 1 and isinstance(rules, dict):
        return {**ADDED_IN_VERSION_2, **rules}
    return rules


def deal_to_record(
    deal: Deal,
    *,
    number: int = 1,
    names: list[str] | None = None,
    seed: int | None = None,
    session: str | None = None,
    totals_after: list[int] | None = None,
    fair_seed: str | None = None,
) -> dict[str, Any]:
    """The JSON object of one finished (or unfinished) deal.

    ``fair_seed`` is the secret seed the deal's deck came from (``fairdeal.deck_from_seed``), for a deal whose
    commitment was published: the record then carries it, its commitment and the procedure (the ``fair`` field).
    A seed that does not give the deal's deck is refused, so a history never claims a seed it was not dealt from.
    """
    start = deal.start_record()
    names = names or [f"Seat {i}" for i in range(deal.players)]
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "session": session,
        "deal": number,
        "variant": deal.rules.preset,
        "rules": deal.rules.to_dict(),
        "seats": [{"seat": i, "name": names[i], "stack": start["stacks"][i]} for i in range(deal.players)],
        "dealer": start["dealer"],
        "pool": start["pool"],
        "ante": start["ante"],
        "seed": seed,
        "deck": start["deck"],
        "reshuffles": start["reshuffles"],
        "actions": [[seat, a.notation()] for seat, a in deal.actions],
        "result": None,
    }
    if fair_seed is not None:
        fair = fair_record(fair_seed)
        if fair_problems(fair, deal.rules, deal.players, start["deck"]):
            raise LooError("The deal was not dealt from this fair seed: its deck is not the seed's deck.")
        rec["fair"] = fair
    if deal.settlement is not None:
        rec["result"] = {
            "settlement": deal.settlement.to_dict(),
            "antes": list(deal.started.antes),
            "stacks": list(deal.stacks),
            "pool": deal.pool,
        }
        if totals_after is not None:
            rec["result"]["totals"] = list(totals_after)
    return rec


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def write(records: Iterable[dict[str, Any]], fp: IO[str]) -> int:
    count = 0
    for rec in records:
        fp.write(dumps(rec) + "\n")
        count += 1
    return count
