"""Writing hand histories: one deal as a JSON object, one object per line (docs/hand-history.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from lanterloo.engine import Deal

FORMAT = "lanterloo-hand-history"
VERSION = 1


def deal_to_record(
    deal: Deal,
    *,
    number: int = 1,
    names: list[str] | None = None,
    seed: int | None = None,
    session: str | None = None,
    totals_after: list[int] | None = None,
) -> dict[str, Any]:
    """The JSON object of one finished (or unfinished) deal."""
    start = deal.start_record()
    names = names or [f"Seat {i}" for i in range(deal.n)]
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "session": session,
        "deal": number,
        "variant": deal.rules.preset,
        "rules": deal.rules.to_dict(),
        "seats": [{"seat": i, "name": names[i], "stack": start["stacks"][i]} for i in range(deal.n)],
        "dealer": start["dealer"],
        "pool": start["pool"],
        "ante": start["ante"],
        "seed": seed,
        "deck": start["deck"],
        "reshuffles": start["reshuffles"],
        "actions": [[seat, a.notation()] for seat, a in deal.actions],
        "result": None,
    }
    if deal.settlement is not None:
        rec["result"] = {
            "settlement": deal.settlement.to_dict(),
            "antes": list(deal.antes),
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
