"""The hand-history format: JSON Lines, one deal per line (documented in docs/hand-history.md).

A line holds everything needed to re-verify the deal with nothing but the rules: the complete rules (every
option), the seats and their stacks, the dealer, the pool carried in, the deck order, every action in order, and
the settlement. ``verify_record`` replays one deal and compares the result with what was recorded; ``Verifier``
(used by ``verify_file``) also checks that consecutive deals of one session follow on from each other: stacks and
pool carried, the deal passed to the left, Lou's antes, Louse's running totals.

Every HistoryError names the line, and, when a game rule is broken, ends with that rule's ID in brackets.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from lanterloo.actions import Action, parse_action
from lanterloo.cards import Card, fmt_cards
from lanterloo.engine import Deal, deck_for
from lanterloo.errors import HistoryError, IllegalActionError, LooError
from lanterloo.rules import Rules

FORMAT = "lanterloo-hand-history"
VERSION = 1
#: Where a format error (as opposed to a broken game rule) sends the reader.
FORMAT_DOC = "docs/hand-history.md"

_RULE_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))


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


def _require(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], line: int) -> Any:
    if key not in obj:
        raise HistoryError(f"the field {key!r} is missing (see {FORMAT_DOC})", line)
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise HistoryError(f"the field {key!r} has the wrong type (see {FORMAT_DOC})", line)
    return value


def parse_line(text: str, line: int) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise HistoryError(f"it is not valid JSON ({e.msg} at column {e.colno}; see {FORMAT_DOC})", line) from None
    if not isinstance(obj, dict):
        raise HistoryError(f"it is not a JSON object (see {FORMAT_DOC})", line)
    if obj.get("format") != FORMAT:
        raise HistoryError(f"it is not a lanterloo hand history (format must be {FORMAT!r}; see {FORMAT_DOC})", line)
    if obj.get("version") != VERSION:
        raise HistoryError(
            f"version {obj.get('version')!r} is not supported (this reader knows version {VERSION}; see {FORMAT_DOC})",
            line,
        )
    return obj


def _rules(obj: dict[str, Any], line: int) -> Rules:
    rules_d = _require(obj, "rules", dict, line)
    # Every option must be written out: a default filled in here could differ from the one it was played under.
    missing = [k for k in _RULE_FIELDS if k not in rules_d]
    if missing:
        raise HistoryError(
            f"its rules lack the option {missing[0]!r}; a hand history lists every option (COMMON-1)", line, "COMMON-1"
        )
    try:
        rules = Rules.from_dict(rules_d)
    except LooError as e:
        raise HistoryError(f"its rules are not valid: {e} (COMMON-1)", line, "COMMON-1") from None
    variant = obj.get("variant", rules.preset)
    if variant != rules.preset:
        raise HistoryError(
            f"its variant {variant!r} is not the preset {rules.preset!r} its rules name (COMMON-1)", line, "COMMON-1"
        )
    return rules


def _deck(rules: Rules, players: int, raw: list[Any], line: int) -> list[Card]:
    cards = [_card(c, line) for c in raw]
    pack = deck_for(rules, players)
    if sorted(cards) != sorted(pack):
        rid = "LOUSE-DECK-1" if rules.game == "louse" else "LOO-DEAL-1"
        counts = Counter(cards)
        twice = sorted(c for c, k in counts.items() if k > 1)
        foreign = sorted(c for c in counts if c not in set(pack))
        absent = sorted(set(pack) - set(cards))
        what = []
        if twice:
            what.append(f"{fmt_cards(twice, True)} appear{'s' if len(twice) == 1 else ''} more than once")
        if foreign:
            what.append(f"{fmt_cards(foreign, True)} {'is' if len(foreign) == 1 else 'are'} not in this pack")
        if absent:
            what.append(f"{fmt_cards(absent, True)} {'is' if len(absent) == 1 else 'are'} missing")
        raise HistoryError(
            f"the deck must hold each of the {len(pack)} cards of the pack once, but {' and '.join(what)} ({rid})",
            line,
            rid,
        )
    return cards


def rebuild(obj: dict[str, Any], line: int) -> tuple[Deal, list[tuple[int, Action]]]:
    """Replay a parsed record; raises HistoryError naming the action and rule on an illegal action."""
    rules = _rules(obj, line)
    seats = _require(obj, "seats", list, line)
    stacks: list[int] = []
    for i, s in enumerate(seats):
        if not (
            isinstance(s, dict)
            and s.get("seat") == i
            and isinstance(s.get("stack"), int)
            and not isinstance(s.get("stack"), bool)
            and isinstance(s.get("name", ""), str)
        ):
            raise HistoryError(
                f'seat entry {i + 1} must be {{"seat": {i}, "name": text, "stack": a whole number}} (see {FORMAT_DOC})',
                line,
            )
        stacks.append(s["stack"])
    try:
        rules.check_players(len(stacks))
    except LooError as e:
        raise HistoryError(f"{e} (COMMON-2)", line, "COMMON-2") from None
    raw_actions = _require(obj, "actions", list, line)
    actions: list[tuple[int, Action]] = []
    for i, item in enumerate(raw_actions, 1):
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and not isinstance(item[0], bool)
            and isinstance(item[1], str)
        ):
            raise HistoryError(f'action {i} must be [seat, "action"] (see {FORMAT_DOC})', line)
        try:
            actions.append((item[0], parse_action(item[1])))
        except LooError as e:
            raise HistoryError(f"action {i}: {e}", line) from None
    dealer = _require(obj, "dealer", int, line)
    pool = _require(obj, "pool", int, line)
    ante = _require(obj, "ante", bool, line)
    deck = _deck(rules, len(stacks), _require(obj, "deck", list, line), line)
    reshuffles = obj.get("reshuffles", [])
    if not (isinstance(reshuffles, list) and all(isinstance(r, list) for r in reshuffles)):
        raise HistoryError(f"the field 'reshuffles' must be a list of card lists (see {FORMAT_DOC})", line)
    try:
        deal = Deal(
            rules,
            stacks,
            dealer,
            pool=pool,
            ante=ante,
            deck=deck,
            reshuffles=[[_card(c, line) for c in r] for r in reshuffles],
        )
    except HistoryError:
        raise
    except LooError as e:
        raise HistoryError(f"the deal cannot start: {e}", line) from None
    for i, (seat, action) in enumerate(actions, 1):
        expected = deal.seats_to_act()
        if seat not in expected:
            raise HistoryError(
                f"action {i} ({action.notation()!r}) is by seat {seat}, but it is seat "
                f"{deal.current_player()}'s turn (COMMON-4)"
                if expected
                else f"action {i} ({action.notation()!r} by seat {seat}) comes after the deal is over (COMMON-4)",
                line,
                "COMMON-4",
            )
        try:
            deal.apply(action, seat)
        except IllegalActionError as e:
            raise HistoryError(
                f"action {i} ({action.notation()!r} by seat {seat}) is illegal: {e}", line, e.rule_id
            ) from None
        except LooError as e:
            raise HistoryError(f"action {i} ({action.notation()!r} by seat {seat}) failed: {e}", line) from None
    return deal, actions


def _card(text: Any, line: int) -> Card:
    if not isinstance(text, str):
        raise HistoryError(f"{text!r} in the deck is not a card (see {FORMAT_DOC})", line)
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
        raise HistoryError(f"the field 'result' has the wrong type (see {FORMAT_DOC})", line)
    if deal.settlement is None:
        raise HistoryError(
            f"the actions end before the deal is over, but a result is recorded (see {FORMAT_DOC})", line
        )
    rule = deal.settlement.rule
    settlement = deal.settlement.to_dict()
    recorded_st = result.get("settlement")
    if (
        isinstance(recorded_st, dict)
        and not deal.shape.games_span_deals
        and settlement["kind"] == "no_play"
        and recorded_st.get("game_over") is False
    ):
        # Writers before the fix recorded game_over false for a Loo deal nobody played; outside Lou the flag
        # means nothing (every deal is a game), so such a record still verifies.
        settlement["game_over"] = False
    got: dict[str, Any] = {
        "settlement": settlement,
        "antes": list(deal.started.antes),
        "stacks": list(deal.stacks),
        "pool": deal.pool,
    }
    for key, value in got.items():
        recorded = result.get(key)
        if recorded == value:
            continue
        if key == "settlement" and isinstance(recorded, dict):
            # name the first field that differs rather than print two whole settlements
            for k, v in settlement.items():
                if recorded.get(k) != v:
                    raise HistoryError(
                        f"the recorded settlement's {k} {recorded.get(k)!r} does not match the replay's {v!r} ({rule})",
                        line,
                        rule,
                    )
        raise HistoryError(
            f"the recorded {key} {recorded!r} {'does' if key == 'pool' else 'do'} not match the replay's {value!r} "
            f"({rule})",
            line,
            rule,
        )
    totals = result.get("totals")
    if totals is not None and not (
        isinstance(totals, list) and len(totals) == deal.players and all(isinstance(t, int) for t in totals)
    ):
        raise HistoryError(f"the field 'totals' must hold one whole number per seat (see {FORMAT_DOC})", line)
    return deal


class Verifier:
    """Verifies records one after another, and checks that each deal follows on from the one before it.

    Continuity is checked only between consecutive lines of one session (same non-null ``session``, deal numbers
    n and n + 1), so a file may hold several sessions, or a selection of deals.
    """

    def __init__(self, check_results: bool = True) -> None:
        self.check_results = check_results
        self._prev: tuple[dict[str, Any], Deal] | None = None

    def check(self, obj: dict[str, Any], line: int) -> Deal:
        deal = verify_record(obj, line) if self.check_results else rebuild(obj, line)[0]
        if self.check_results:
            prev = self._prev
            if prev is not None and self._follows(prev[0], obj):
                self._continuity(prev[0], prev[1], obj, deal, line)
            elif deal.shape.scores_points and obj.get("deal") == 1:
                self._louse_totals([0] * deal.players, obj, deal, line)
        self._prev = (obj, deal)
        return deal

    @staticmethod
    def _follows(before: dict[str, Any], after: dict[str, Any]) -> bool:
        s = after.get("session")
        n1, n2 = before.get("deal"), after.get("deal")
        return (
            s is not None
            and s == before.get("session")
            and isinstance(n1, int)
            and isinstance(n2, int)
            and n2 == n1 + 1
            and isinstance(before.get("result"), dict)
        )

    def _continuity(self, before: dict[str, Any], prev: Deal, after: dict[str, Any], deal: Deal, line: int) -> None:
        session = after.get("session")
        where = f"deal {after.get('deal')} of session {session!r}"
        if prev.rules != deal.rules:
            raise HistoryError(f"{where} changes the rules within the session (SESSION-1)", line, "SESSION-1")
        if prev.players != deal.players:
            raise HistoryError(f"{where} changes the number of seats within the session (SESSION-1)", line, "SESSION-1")
        st = prev.settlement
        assert st is not None  # _follows requires a recorded (hence verified) result
        if deal.shape.scores_points:
            totals = before["result"].get("totals")
            if (
                isinstance(totals, list)
                and max(totals, default=0) >= deal.rules.louse_target
                and (deal.rules.louse_tie == "highest_total" or totals.count(max(totals)) == 1)
            ):
                raise HistoryError(f"{where} is played after the match was lost (LOUSE-MATCH-1)", line, "LOUSE-MATCH-1")
        elif any(p < o for p, o in zip(st.paid, st.owed, strict=True)):
            raise HistoryError(
                f"{where} is played after a player could not pay in full, which ends the session (SESSION-2)",
                line,
                "SESSION-2",
            )
        if tuple(deal.stacks_before) != prev.stacks:
            raise HistoryError(
                f"{where} starts with stacks {deal.stacks_before}, "
                f"but the deal before left {list(prev.stacks)} (SESSION-1)",
                line,
                "SESSION-1",
            )
        if deal.started.pool != prev.pool:
            raise HistoryError(
                f"{where} starts with a pool of {deal.started.pool}, "
                f"but the deal before carried {prev.pool} (SESSION-1)",
                line,
                "SESSION-1",
            )
        if deal.dealer != (prev.dealer + 1) % deal.players:
            raise HistoryError(
                f"{where} is dealt by seat {deal.dealer}, but the deal passes to the left, to seat "
                f"{(prev.dealer + 1) % deal.players} (COMMON-3)",
                line,
                "COMMON-3",
            )
        if deal.shape.games_span_deals and deal.started.ante != st.game_over:
            want = (
                "antes, because the game before it ended"
                if st.game_over
                else "no antes, because the game before it goes on"
            )
            raise HistoryError(f"{where} needs {want} (LOU-GAME-1)", line, "LOU-GAME-1")
        if deal.shape.scores_points:
            totals = before["result"].get("totals")
            if isinstance(totals, list):
                self._louse_totals(totals, after, deal, line)

    @staticmethod
    def _louse_totals(before: list[int], obj: dict[str, Any], deal: Deal, line: int) -> None:
        result = obj.get("result")
        totals = result.get("totals") if isinstance(result, dict) else None
        if totals is None or deal.settlement is None:
            return
        want = [a + b for a, b in zip(before, deal.settlement.points, strict=True)]
        if totals != want:
            raise HistoryError(
                f"the recorded match totals {totals} are not the totals before ({before}) plus this "
                f"deal's points, {want} (LOUSE-MATCH-1)",
                line,
                "LOUSE-MATCH-1",
            )


def read(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, parsed record) for each non-blank line; raises HistoryError on a bad line."""
    p = Path(path)
    try:
        fp = p.open(encoding="utf-8")
    except OSError as e:
        raise HistoryError(f"cannot open {str(p)!r}: {e.strerror}") from None
    with fp:
        try:
            for i, text in enumerate(fp, 1):
                if text.strip():
                    yield i, parse_line(text, i)
        except UnicodeDecodeError:
            raise HistoryError(f"{str(p)!r} is not a text file (a hand history is UTF-8 JSON Lines)") from None


def deals(path: str | Path, check_results: bool = True) -> Iterator[tuple[int, dict[str, Any], Deal]]:
    """Yield (line number, record, replayed deal) for each deal of a file, verifying as it goes.

    With ``check_results`` false only the actions are checked (each must be legal); the recorded results and
    the continuity between deals are not compared.
    """
    verifier = Verifier(check_results)
    for line, obj in read(path):
        yield line, obj, verifier.check(obj, line)


def verify_file(path: str | Path) -> int:
    """Verify every deal of a file; returns the number of deals. Raises HistoryError at the first bad one."""
    return sum(1 for _ in deals(path))
