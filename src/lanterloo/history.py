"""The hand-history format: JSON Lines, one deal per line (documented in docs/hand-history.md).

A line holds everything needed to re-verify the deal with nothing but the rules: the complete rules (every
option), the seats and their stacks, the dealer, the pool carried in, the deck order, every action in order, and
the settlement. ``verify_line`` replays the deal and compares the result with what was recorded.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from lanterloo.actions import Action, parse_action
from lanterloo.cards import Card
from lanterloo.deal import Deal
from lanterloo.errors import HistoryError, IllegalActionError, LooError
from lanterloo.rules import Rules

FORMAT = "lanterloo-hand-history"
VERSION = 1


def deal_to_record(deal: Deal, *, number: int = 1, names: list[str] | None = None, seed: int | None = None,
                   session: str | None = None, totals_after: list[int] | None = None) -> dict[str, Any]:
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


def _require(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], line: int) -> Any:
    if key not in obj:
        raise HistoryError(f"the field {key!r} is missing", line)
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise HistoryError(f"the field {key!r} has the wrong type", line)
    return value


def parse_line(text: str, line: int) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise HistoryError(f"it is not valid JSON ({e.msg} at column {e.colno})", line) from None
    if not isinstance(obj, dict):
        raise HistoryError("it is not a JSON object", line)
    if obj.get("format") != FORMAT:
        raise HistoryError(f"it is not a lanterloo hand history (format must be {FORMAT!r})", line)
    if obj.get("version") != VERSION:
        raise HistoryError(f"version {obj.get('version')!r} is not supported (this reader knows {VERSION})", line)
    return obj


def rebuild(obj: dict[str, Any], line: int) -> tuple[Deal, list[tuple[int, Action]]]:
    """Replay a parsed record; raises HistoryError naming the action and rule on an illegal action."""
    rules_d = _require(obj, "rules", dict, line)
    try:
        rules = Rules.from_dict(rules_d)
    except LooError as e:
        raise HistoryError(f"its rules are not valid: {e}", line) from None
    seats = _require(obj, "seats", list, line)
    try:
        stacks = [int(s["stack"]) for s in seats]
    except (TypeError, KeyError, ValueError):
        raise HistoryError("every seat needs a whole-number stack", line) from None
    raw_actions = _require(obj, "actions", list, line)
    actions: list[tuple[int, Action]] = []
    for i, item in enumerate(raw_actions, 1):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)
                and isinstance(item[1], str)):
            raise HistoryError(f"action {i} must be [seat, \"action\"]", line)
        try:
            actions.append((item[0], parse_action(item[1])))
        except LooError as e:
            raise HistoryError(f"action {i}: {e}", line) from None
    start = {
        "dealer": _require(obj, "dealer", int, line),
        "pool": _require(obj, "pool", int, line),
        "ante": _require(obj, "ante", bool, line),
        "deck": _require(obj, "deck", list, line),
        "reshuffles": obj.get("reshuffles", []),
        "stacks": stacks,
    }
    try:
        deal = Deal(rules, stacks, start["dealer"], pool=start["pool"], ante=start["ante"],
                    deck=[_card(c, line) for c in start["deck"]],
                    reshuffles=[[_card(c, line) for c in r] for r in start["reshuffles"]])
    except HistoryError:
        raise
    except LooError as e:
        raise HistoryError(f"the deal cannot start: {e}", line) from None
    for i, (seat, action) in enumerate(actions, 1):
        expected = deal.seats_to_act()
        if seat not in expected:
            raise HistoryError(
                f"action {i} ({action.notation()!r}) is by seat {seat}, but it is seat "
                f"{deal.current_player()}'s turn" if expected else
                f"action {i} ({action.notation()!r}) comes after the deal is over", line, "COMMON-4")
        try:
            deal.apply(action, seat)
        except IllegalActionError as e:
            raise HistoryError(f"action {i} ({action.notation()!r} by seat {seat}) is illegal: {e}", line,
                               e.rule_id) from None
        except LooError as e:
            raise HistoryError(f"action {i} ({action.notation()!r} by seat {seat}) failed: {e}", line) from None
    return deal, actions


def _card(text: Any, line: int) -> Card:
    if not isinstance(text, str):
        raise HistoryError(f"{text!r} in the deck is not a card", line)
    try:
        return Card.parse(text)
    except LooError as e:
        raise HistoryError(f"the deck holds a bad card: {e}", line) from None


def verify_record(obj: dict[str, Any], line: int) -> Deal:
    """Replay one record and check that its recorded result is what the rules give."""
    deal, _ = rebuild(obj, line)
    result = obj.get("result")
    if result is None:
        return deal
    if not isinstance(result, dict):
        raise HistoryError("the field 'result' has the wrong type", line)
    if deal.settlement is None:
        raise HistoryError("the actions end before the deal is over, but a result is recorded", line)
    got = {"settlement": deal.settlement.to_dict(), "antes": list(deal.antes), "stacks": list(deal.stacks),
           "pool": deal.pool}
    for key, value in got.items():
        if result.get(key) != value:
            raise HistoryError(f"the recorded {key} {result.get(key)!r} does not match the replay's {value!r}",
                               line, deal.settlement.rule)
    return deal


def read(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, parsed record) for each non-blank line; raises HistoryError on a bad line."""
    p = Path(path)
    try:
        fp = p.open(encoding="utf-8")
    except OSError as e:
        raise HistoryError(f"cannot open {str(p)!r}: {e.strerror}") from None
    with fp:
        for i, text in enumerate(fp, 1):
            if text.strip():
                yield i, parse_line(text, i)


def verify_file(path: str | Path) -> int:
    """Verify every deal of a file; returns the number of deals. Raises HistoryError at the first bad one."""
    count = 0
    for line, obj in read(path):
        verify_record(obj, line)
        count += 1
    return count
