"""The order and continuity of a file's sessions: each session's deals appear on consecutive lines, in order,
numbered 1, 2, 3 …, and each follows on from the one before (docs/hand-history.md, "Between deals").

A file given as a selection (``Verifier(selection=True)``, ``loo replay --verify --selection``) may skip deals: a
session may start after deal 1 and its numbers may jump. Across such a gap the continuity cannot be checked, and
``Verifier.unchecked`` says so; everything else (order, no repeats, no deal after the session ended) still is.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanterloo.engine import Deal
from lanterloo.errors import HistoryError
from lanterloo.history.reader import read
from lanterloo.history.verifier import rebuild, verify_record, who
from lanterloo.rules import Rules


def _quoted(name: str) -> str:
    """A session's name in quotes, escaped as Python escapes it, and cut short."""
    return repr(name) if len(name) <= 60 else repr(name[:59]) + "…"


@dataclass
class _Open:
    """The session being read: its last verified record, and why it ended (if it did)."""

    name: str
    first_line: int
    last: dict[str, Any]
    rules: Rules
    ended: tuple[str, str] | None = None  # (why, rule ID)


@dataclass
class Verifier:
    """Verifies records one after another, and checks that each session's deals are in order and follow on."""

    check_results: bool = True
    selection: bool = False
    deals: int = 0
    sessions: int = 0
    standalone: int = 0
    unfinished: int = 0
    #: With ``selection``: the continuity checks that a gap in the numbering kept the verifier from making.
    unchecked: list[str] = field(default_factory=list)
    _open: _Open | None = None
    _closed: dict[str, tuple[int, int]] = field(default_factory=dict)
    _last_line: int = 0
    #: variant name -> (lines, options that differ from the registered variant of that name), for the verdict
    house: dict[str, tuple[list[int], dict[str, Any]]] = field(default_factory=dict)
    _last_rules: Rules | None = None
    _last_differs: dict[str, Any] = field(default_factory=dict)

    def check(self, obj: dict[str, Any], line: int) -> Deal:
        if not self.check_results:
            return rebuild(obj, line)[0]
        try:
            deal = verify_record(obj, line)
        except HistoryError as e:
            # A starting stack or pool that does not follow from the deal before also spoils this deal's result:
            # name that cause, not the result it spoiled (a malformed field, with no rule ID, is named as it is).
            if e.rule_id is not None:
                self.carried_in(obj, line)
            raise
        self.deals += 1
        self.unfinished += obj["result"] is None
        if deal.rules is not self._last_rules:  # one options record for a whole file, usually
            self._last_rules, self._last_differs = deal.rules, deal.rules.differences()
        differs = self._last_differs
        if differs:
            self.house.setdefault(deal.rules.preset, ([], differs))[0].append(line)
        session = obj["session"]
        if session is None:
            # A deal that stands alone is a whole session of its own: the session it interrupts cannot go on.
            self._close()
            self.standalone += 1
            if deal.rules.game == "louse" and obj["deal"] == 1:
                self._louse_totals([0] * deal.players, obj, line)
        else:
            self._in_session(session, obj, deal.rules, line)
        self._last_line = line
        return deal

    # --- a file verified in chunks (history.parallel) ----------------------------------------------------------

    def join(
        self,
        name: str | None,
        first: tuple[int, dict[str, Any], Rules | None],
        last: tuple[int, dict[str, Any], Rules | None],
        ended: tuple[str, str] | None,
        unchecked: list[str],
    ) -> None:
        """Take a run of consecutive deals of session ``name`` (None: deals that stand alone) whose deals, and whose
        continuity after its first deal, another Verifier checked: check here, as ``check`` would, how the run
        starts, which depends on the lines before it; then go on as if every deal of it had been read here.
        ``first`` and ``last`` are (line, record, rules) of its first and last deal."""
        if name is None:
            self._close()
        else:
            line, obj, rules = first
            assert rules is not None and last[2] is not None
            self._in_session(name, obj, rules, line)
            cur = self._open
            assert cur is not None
            cur.last, cur.rules, cur.ended = last[1], last[2], ended
            self.unchecked.extend(unchecked)
        self._last_line = last[0]

    def went_on(self, obj: dict[str, Any], line: int, deals: int, unfinished: int) -> None:
        """``deals`` more deals (``unfinished`` of them unfinished) that go on the open session one after another,
        which the compiled core verified as ``check`` would (history.fastline), the last of them ``obj`` on
        ``line``: go on as if every one had been read here."""
        cur = self._open
        assert cur is not None and cur.name == obj["session"]
        self.deals += deals
        self.unfinished += unfinished
        cur.last = obj
        self._after(cur, obj, cur.rules)
        self._last_line = line

    def add_counts(self, deals: int, unfinished: int, standalone: int, house: dict[str, Any], offset: int) -> None:
        """Count deals another Verifier checked; ``offset`` is added to the line numbers of its notes."""
        self.deals += deals
        self.unfinished += unfinished
        self.standalone += standalone
        for variant, (lines, differs) in house.items():
            self.house.setdefault(variant, ([], differs))[0].extend(x + offset for x in lines)

    # --- order and numbering -------------------------------------------------------------------------------------

    def _in_session(self, name: str, obj: dict[str, Any], rules: Rules, line: int) -> None:
        number: int = obj["deal"]
        where = f"deal {number} of session {_quoted(name)}"
        cur = self._open
        if cur is None or cur.name != name:
            self._close()
            if name in self._closed:
                a, b = self._closed[name]
                raise HistoryError(
                    f"{where} comes after other deals, but session {_quoted(name)} was on lines {a} to {b}: a "
                    "session's deals are on consecutive lines (SESSION-1)",
                    line,
                    "SESSION-1",
                )
            self.sessions += 1
            self._open = _Open(name, line, obj, rules)
            if number != 1:
                if not self.selection:
                    raise HistoryError(
                        f"{where} is the first of its session in the file, but a session starts with deal 1 "
                        "(a file holding a selection of deals is verified with --selection) (SESSION-1)",
                        line,
                        "SESSION-1",
                    )
                self.unchecked.append(f"session {_quoted(name)} before deal {number}")
                if rules.game == "louse":
                    self._louse_rising(None, where, obj, line)
            else:
                self._first_deal(where, obj, rules, line)
            self._after(self._open, obj, rules)
            return
        before: int = cur.last["deal"]
        if number <= before:
            raise HistoryError(
                f"{where} comes after deal {before}: a session's deals appear in order, each once (SESSION-1)",
                line,
                "SESSION-1",
            )
        if cur.last["result"] is None:
            raise HistoryError(
                f"{where} comes after deal {before}, which is unfinished: only a session's last deal may be "
                "unfinished (SESSION-1)",
                line,
                "SESSION-1",
            )
        if cur.ended is not None:
            raise HistoryError(f"{where} is played after {cur.ended[0]} ({cur.ended[1]})", line, cur.ended[1])
        if number != before + 1:
            if not self.selection:
                raise HistoryError(
                    f"{where} comes after deal {before}: deals are numbered on without gaps (a file holding a "
                    "selection of deals is verified with --selection) (SESSION-1)",
                    line,
                    "SESSION-1",
                )
            self.unchecked.append(f"session {_quoted(name)} from deal {before} to deal {number}")
            self._across_gap(where, cur, obj, rules, line)
        else:
            self._follows(where, cur, obj, rules, line)
        cur.last, cur.rules = obj, rules
        self._after(cur, obj, rules)

    # --- continuity ----------------------------------------------------------------------------------------------

    def _first_deal(self, where: str, obj: dict[str, Any], rules: Rules, line: int) -> None:
        if rules.game == "lou" and not obj["ante"]:
            raise HistoryError(
                f"{where} needs antes, because it starts the first game (LOU-GAME-1)", line, "LOU-GAME-1"
            )
        if rules.game == "louse":
            self._louse_totals([0] * len(obj["seats"]), obj, line)

    def _close(self) -> None:
        """The open session ends here: a later deal of it is out of place."""
        if self._open is not None:
            self._closed[self._open.name] = (self._open.first_line, self._last_line)
            self._open = None

    @staticmethod
    def _same_table(where: str, cur: _Open, obj: dict[str, Any], rules: Rules, line: int) -> None:
        """What holds for the whole of a session, so across a gap too: the rules, the seats and the names."""
        prev = cur.last
        if rules is not cur.rules and rules != cur.rules:
            raise HistoryError(f"{where} changes the rules within the session (SESSION-1)", line, "SESSION-1")
        if len(obj["seats"]) != len(prev["seats"]):
            raise HistoryError(f"{where} changes the number of seats within the session (SESSION-1)", line, "SESSION-1")
        if [s["name"] for s in obj["seats"]] != [s["name"] for s in prev["seats"]]:
            raise HistoryError(f"{where} changes the players' names within the session (SESSION-1)", line, "SESSION-1")

    def _across_gap(self, where: str, cur: _Open, obj: dict[str, Any], rules: Rules, line: int) -> None:
        """The continuity a gap leaves checkable: the table, the dealer (the deal passes one seat per deal), the
        chips on the table (stacks and pool together: no deal makes or loses a chip), and Louse totals that never
        fall. Each seat's stack, the pool alone, Lou's antes and the exact totals depend on the deals left out."""
        self._same_table(where, cur, obj, rules, line)
        prev = cur.last
        result = prev["result"]
        n = len(obj["seats"])
        dealer = (prev["dealer"] + obj["deal"] - prev["deal"]) % n
        if obj["dealer"] != dealer:
            names = [s["name"] for s in obj["seats"]]
            raise HistoryError(
                f"{where} is dealt by {who(names, obj['dealer'])}, but deal {prev['deal']} was dealt by "
                f"{who(names, prev['dealer'])} and the deal passes one seat to the left each deal, so "
                f"{who(names, dealer)} deals this one (COMMON-3)",
                line,
                "COMMON-3",
            )
        chips = sum(s["stack"] for s in obj["seats"]) + obj["pool"]
        left = sum(result["stacks"]) + result["pool"]
        if chips != left:
            raise HistoryError(
                f"{where} starts with {chips:,} chips on the table (stacks and pool), but deal {prev['deal']} left "
                f"{left:,}, and no deal makes or loses a chip (SESSION-1)",
                line,
                "SESSION-1",
            )
        if rules.game == "louse":
            self._louse_rising(result["totals"], where, obj, line)

    @staticmethod
    def _louse_rising(before: list[int] | None, where: str, obj: dict[str, Any], line: int) -> None:
        """Across a gap: the totals before this deal (its totals less its points) are no lower than the last
        known totals (none known: no lower than 0), since penalty points only ever add up (LOUSE-MATCH-1)."""
        result = obj["result"]
        totals = result.get("totals") if result is not None else None
        if totals is None:
            return
        start = [t - p for t, p in zip(totals, result["settlement"]["points"], strict=True)]
        floor = before if before is not None else [0] * len(start)
        if any(a < b for a, b in zip(start, floor, strict=True)):
            raise HistoryError(
                f"{where} has match totals {totals} after scoring {result['settlement']['points']}, so the totals "
                f"before it were {start}, below the {floor} "
                + ("an earlier deal left" if before is not None else "a match starts from")
                + ": penalty points only ever add up (LOUSE-MATCH-1)",
                line,
                "LOUSE-MATCH-1",
            )

    def carried_in(self, obj: dict[str, Any], line: int) -> None:
        """Raise the continuity error, if any, of a record that comes straight after the open session's last deal
        (``check`` and ``history.parallel`` call it when the record itself failed to verify)."""
        cur, name = self._open, obj.get("session")
        if cur is None or cur.name != name or cur.ended is not None or cur.last["result"] is None:
            return
        if obj.get("deal") != cur.last["deal"] + 1 or type(obj.get("pool")) is not int:
            return
        seats = obj.get("seats")
        if not isinstance(seats, list) or len(seats) != len(cur.last["seats"]):
            return
        if not all(isinstance(s, dict) and type(s.get("stack")) is int for s in seats):
            return  # a malformed record: the reader's own error names it
        self._stacks_and_pool(f"deal {obj['deal']} of session {_quoted(name)}", cur.last["result"], obj, line)

    def _follows(self, where: str, cur: _Open, obj: dict[str, Any], rules: Rules, line: int) -> None:
        self._same_table(where, cur, obj, rules, line)
        prev = cur.last
        result = prev["result"]
        n = len(obj["seats"])
        names = [s["name"] for s in obj["seats"]]
        self._stacks_and_pool(where, result, obj, line)
        if obj["dealer"] != (prev["dealer"] + 1) % n:
            raise HistoryError(
                f"{where} is dealt by {who(names, obj['dealer'])}, but the deal passes to the left, to "
                f"{who(names, (prev['dealer'] + 1) % n)} (COMMON-3)",
                line,
                "COMMON-3",
            )
        game_over = result["settlement"]["game_over"]
        if rules.game == "lou" and obj["ante"] != game_over:
            want = (
                "antes, because the game before it ended"
                if game_over
                else "no antes, because the game before it goes on"
            )
            raise HistoryError(f"{where} needs {want} (LOU-GAME-1)", line, "LOU-GAME-1")
        if rules.game == "louse":
            self._louse_totals(result["totals"], obj, line)

    @staticmethod
    def _stacks_and_pool(where: str, result: dict[str, Any], obj: dict[str, Any], line: int) -> None:
        stacks = [s["stack"] for s in obj["seats"]]
        if stacks != result["stacks"]:
            raise HistoryError(
                f"{where} starts with stacks {stacks}, but the deal before left {result['stacks']} (SESSION-1)",
                line,
                "SESSION-1",
            )
        if obj["pool"] != result["pool"]:
            raise HistoryError(
                f"{where} starts with a pool of {obj['pool']}, but the deal before carried {result['pool']} "
                "(SESSION-1)",
                line,
                "SESSION-1",
            )

    @staticmethod
    def _louse_totals(before: list[int], obj: dict[str, Any], line: int) -> None:
        result = obj["result"]
        totals = result.get("totals") if result is not None else None
        if totals is None:
            return
        want = [a + b for a, b in zip(before, result["settlement"]["points"], strict=True)]
        if totals != want:
            raise HistoryError(
                f"the recorded match totals {totals} are not the totals before ({before}) plus this "
                f"deal's points, {want} (LOUSE-MATCH-1)",
                line,
                "LOUSE-MATCH-1",
            )

    @staticmethod
    def _after(cur: _Open, obj: dict[str, Any], rules: Rules) -> None:
        """Whether this deal ended the session, which no later deal of it can then undo, gap or not."""
        result = obj["result"]
        if result is None:
            return
        st = result["settlement"]
        if rules.game == "louse":
            totals: list[int] = result["totals"]
            top = max(totals, default=0)
            if top >= rules.louse_target and (rules.louse_tie == "highest_total" or totals.count(top) == 1):
                cur.ended = ("the match was lost", "LOUSE-MATCH-1")
        elif any(p < o for p, o in zip(st["paid"], st["owed"], strict=True)):
            cur.ended = ("a player could not pay in full, which ends the session", "SESSION-2")

    def verdict(self) -> str:
        """What was checked, in words; with a selection, also what could not be."""
        if self.deals == 0:
            return "it holds no deals"
        s = "s" if self.deals != 1 else ""
        text = f"{self.deals:,} deal{s} verified: every action is legal, every settlement matches the rules"
        if self.sessions:
            text += ", and each session is in order and follows on " + (
                "where its deals are consecutive" if self.unchecked else "from deal to deal"
            )
        parts = []
        if self.standalone:
            parts.append(f"{self.standalone:,} deal{'s stand' if self.standalone != 1 else ' stands'} alone")
        if self.unfinished:
            parts.append(f"{self.unfinished:,} {'is' if self.unfinished == 1 else 'are'} unfinished")
        if parts:
            text += f" ({'; '.join(parts)})"
        if self.unchecked:
            k = len(self.unchecked)
            shown_gaps = ", ".join(self.unchecked[:3]) + (f" and {k - 3:,} more" if k > 3 else "")
            text += (
                f". The file is a selection with {k:,} gap{'s' if k != 1 else ''} ({shown_gaps}): across "
                f"{'them' if k != 1 else 'it'} the rules, the seats, the names, the dealer and the chips on the table "
                "were checked, but not each seat's stack, the pool, Lou's antes or the exact Louse totals, which "
                "depend on the deals left out"
            )
        for variant, (lines, differs) in list(self.house.items())[:3]:
            changed = ", ".join(f"{k}={_value(v)}" for k, v in list(differs.items())[:4])
            more = f" and {len(differs) - 4} more" if len(differs) > 4 else ""
            where = (
                f"the deal on line {lines[0]}" if len(lines) == 1 else f"{len(lines):,} deals, from line {lines[0]},"
            )
            one = len(lines) == 1
            text += (
                f". Note: {where} name{'s' if one else ''} the variant {_quoted(variant)} but {'is' if one else 'are'} "
                f"played with house rules ({changed}{more}): what was verified is the recorded rules, not the "
                "variant's"
            )
        return text


def _value(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def deals(
    path: str | Path, check_results: bool = True, *, verifier: Verifier | None = None
) -> Iterator[tuple[int, dict[str, Any], Deal]]:
    """Yield (line number, record, replayed deal) for each deal of a file, verifying as it goes.

    With ``check_results`` false only the actions are checked (each must be legal); the recorded results and
    the continuity between deals are not compared.
    """
    v = verifier if verifier is not None else Verifier(check_results)
    for line, obj in read(path):
        yield line, obj, v.check(obj, line)


def verify_file(path: str | Path, *, selection: bool = False) -> int:
    """Verify every deal of a file; returns the number of deals. Raises HistoryError at the first bad one."""
    return sum(1 for _ in deals(path, verifier=Verifier(True, selection)))
