"""Reading hand histories strictly and within bounds: the line, the JSON, and the type of every field.

Nothing here trusts its input. A line is read with a size cap (so ``/dev/zero`` stops with a sentence), decoded as
strict UTF-8, checked for nesting depth by a loop rather than a recursion, and parsed with hooks that refuse
fractions, NaN, over-long integers, repeated keys and lone surrogates. Every field then has the exact JSON type
docs/hand-history.md gives it (``1.0`` and ``true`` are not the integer 1). Every refusal is a HistoryError: one
sentence naming the line.
"""

from __future__ import annotations

import errno
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

from lanterloo.errors import HistoryError
from lanterloo.history import quick
from lanterloo.history.fair import FAIR_DOC, fair_form_error
from lanterloo.history.writer import FORMAT, VERSION
from lanterloo.wholetext import MAX_INT_DIGITS, too_long

#: Where a format error (as opposed to a broken game rule) sends the reader.
FORMAT_DOC = "docs/hand-history.md"
#: The longest line read, in bytes, its newline included. A real deal takes under 8 KiB.
MAX_LINE_BYTES = 256 * 1024
#: The deepest nesting the format needs: record, result, settlement, and its lists.
MAX_DEPTH = 4

_TOP_FIELDS = (
    "format",
    "version",
    "session",
    "deal",
    "variant",
    "rules",
    "seats",
    "dealer",
    "pool",
    "ante",
    "seed",
    "deck",
    "reshuffles",
    "actions",
    "result",
)
_RESULT_FIELDS = ("settlement", "antes", "stacks", "pool")
_SEAT_FIELDS = ("seat", "name", "stack")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]")


def shown(value: Any, limit: int = 40) -> str:
    """A value as JSON, cut short: error messages quote what they refuse, never all of it."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _fail(message: str, line: int) -> NoReturn:
    raise HistoryError(message, line)


def _depth_ok(text: str) -> bool:
    """True when no array or object nests deeper than MAX_DEPTH; a loop, so deep input cannot recurse."""
    depth = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        else:
            depth -= 1
    return True


def _int(text: str) -> int:
    # json has matched the grammar already; the bound is the one every reader of whole numbers shares
    digits = too_long(text)
    if digits is not None:
        raise _Refused(f"it holds an integer of {digits:,} digits; the most allowed is {MAX_INT_DIGITS}")
    return int(text)


def _float(text: str) -> float:
    raise _Refused(f"it holds the number {shown(text)[1:-1]}, but every number in a hand history is a whole number")


def _constant(text: str) -> float:
    raise _Refused(f"it holds {text}, which is not a number a hand history can hold")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _Refused(f"an object names the field {shown(twice)} twice")
    return obj


class EmptyHistory(HistoryError):
    """A file without a single deal (empty, or only blank lines): it proves nothing, so it does not verify."""


class _Refused(Exception):
    """Raised inside the JSON hooks; turned into a HistoryError with the line number."""


def parse_line(text: str, line: int) -> dict[str, Any]:
    """Parse one line of a hand history (its fields are checked by ``check_fields``); raises HistoryError."""
    obj = _quick_parse(text)
    if obj is None:
        obj = _strict_parse(text, line)
    if obj.get("format") != FORMAT:
        _fail(f"it is not a lanterloo hand history (format must be {FORMAT!r}; see {FORMAT_DOC})", line)
    version = obj.get("version")
    if type(version) is not int or version not in (1, VERSION):
        _fail(
            f"version {shown(version)} is not supported (this reader knows versions 1 and {VERSION}; see {FORMAT_DOC})",
            line,
        )
    return obj


#: Rules objects already read, by their exact text: a history repeats one on every line (about half its bytes).
#: Only an object of plain values (text, whole numbers, true, false) is kept, read by the strict path once.
_RULES_TEXT: dict[str, dict[str, Any]] = {}


def _quick_parse(text: str) -> dict[str, Any] | None:
    """The line's object when the compiled core's one-pass scan shows it needs none of the strict path's hooks but
    the ones json calls only when they refuse (a fraction, NaN, a repeated field); None when the strict path must
    read it (and give the sentence). The top-level ``rules`` object, when its text is one already read, is not
    parsed again: a placeholder stands in for it and its value is filled in after (``scan_line`` found where it
    is, as a lexer does, and a whole JSON value read at that place ends where the placeholder ends, so the rest of
    the line reads the same)."""
    ext = quick.EXT
    if ext is None or not quick.ENABLED:
        return None
    plain, start, end = ext.scan_line(text)
    if not plain:
        return None
    given = None
    if start >= 0:
        rules_text = text[start:end]
        given = _RULES_TEXT.get(rules_text)
        if given is None:
            given = _plain_object(rules_text)
            if given is not None:
                if len(_RULES_TEXT) >= 100:
                    _RULES_TEXT.clear()
                _RULES_TEXT[rules_text] = given
        if given is not None:
            text = text[:start] + "0" + text[end:]
    try:
        obj, end = _SCAN_ONCE(text, 0)
    except (_Refused, ValueError, RecursionError, StopIteration):
        return None
    if type(obj) is not dict or text[end:].strip(" \t\n\r"):  # json's white space, and nothing else, may follow
        return None
    if given is not None:
        obj["rules"] = dict(given)  # each record its own copy: a caller may change one
    return obj


#: json's own C scanner with the hooks that only ever refuse: one value at an index, no Python wrapper per line.
_SCAN_ONCE: Any = json.JSONDecoder(  # scan_once is json's, undeclared in its stubs
    parse_float=_float, parse_constant=_constant, object_pairs_hook=_pairs
).scan_once  # type: ignore[attr-defined]


def _plain_object(text: str) -> dict[str, Any] | None:
    try:
        obj = _strict_parse(text, 0)
    except HistoryError:
        return None
    if all(type(v) in (str, int, bool) for v in obj.values()):
        return obj
    return None


def _strict_parse(text: str, line: int) -> dict[str, Any]:
    if not _depth_ok(text):
        _fail(f"it nests arrays or objects deeper than the format needs ({MAX_DEPTH} levels; see {FORMAT_DOC})", line)
    try:
        obj = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant, object_pairs_hook=_pairs)
    except _Refused as e:
        _fail(f"{e} (see {FORMAT_DOC})", line)
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()) and text.strip():
            # json points past a line's end (at its newline: column 1 of a next line) when the line was cut short
            _fail(f"the line ends in the middle of its JSON, as if the file were cut short (see {FORMAT_DOC})", line)
        # some of json's messages end in "at" ("Unterminated string starting at"): the column completes them
        what = e.msg.removesuffix(" at")
        _fail(f"it is not valid JSON ({what[:1].lower()}{what[1:]} at column {e.pos + 1}; see {FORMAT_DOC})", line)
    try:
        # a JSON escape can spell half a surrogate pair, which is no character at all
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        _fail(f"it holds a lone surrogate (\\ud800 to \\udfff), which is not text (see {FORMAT_DOC})", line)
    if not isinstance(obj, dict):
        _fail(f"it is not a JSON object (see {FORMAT_DOC})", line)
    return obj


def _is_int(value: Any, low: int | None = 0) -> bool:
    return type(value) is int and (low is None or value >= low)


def _need(obj: dict[str, Any], key: str, line: int, where: str = "the field") -> Any:
    if key not in obj:
        _fail(f"{where} {key!r} is missing (see {FORMAT_DOC})", line)
    return obj[key]


def _wrong(key: str, want: str, value: Any, line: int) -> NoReturn:
    _fail(f"the field {key!r} must be {want}, not {shown(value)} (see {FORMAT_DOC})", line)


def check_fields(obj: dict[str, Any], line: int, *, actions: bool = True) -> None:
    """Check that every field is present with its documented JSON type (the rules are checked when built).

    With ``actions`` false the form of each action is left to the caller (the core's replay checks it as it
    applies them), unless a later field is refused: then the actions are checked first, as they come first."""
    for key in _TOP_FIELDS:
        _need(obj, key, line)
    session = obj["session"]
    if session is not None and not (isinstance(session, str) and session):
        _wrong("session", "non-empty text or null", session, line)
    if not _is_int(obj["deal"], 1):
        _wrong("deal", "a whole number from 1", obj["deal"], line)
    if not isinstance(obj["variant"], str):
        _wrong("variant", "text", obj["variant"], line)
    if not isinstance(obj["rules"], dict):
        _wrong("rules", "an object", obj["rules"], line)
    seats = obj["seats"]
    if not (isinstance(seats, list) and seats):
        _wrong("seats", "a non-empty array", seats, line)
    n = len(seats)
    for i, s in enumerate(seats):
        if not (
            isinstance(s, dict)
            and sorted(s) == sorted(_SEAT_FIELDS)
            and _is_int(s["seat"])
            and s["seat"] == i
            and isinstance(s["name"], str)
            and _is_int(s["stack"])
        ):
            _fail(
                f'seat entry {i + 1} must be {{"seat": {i}, "name": text, "stack": a whole number from 0}} and '
                f"nothing else, not {shown(s)} (see {FORMAT_DOC})",
                line,
            )
    if not (_is_int(obj["dealer"]) and obj["dealer"] < n):
        _wrong("dealer", f"a seat from 0 to {n - 1}", obj["dealer"], line)
    if not _is_int(obj["pool"]):
        _wrong("pool", "a whole number from 0", obj["pool"], line)
    if type(obj["ante"]) is not bool:
        _wrong("ante", "true or false", obj["ante"], line)
    if obj["seed"] is not None and not _is_int(obj["seed"]):
        _wrong("seed", "a whole number from 0, or null", obj["seed"], line)
    deck = obj["deck"]
    if not (isinstance(deck, list) and (set(map(type, deck)) <= {str} or all(isinstance(c, str) for c in deck))):
        _wrong("deck", "an array of cards", obj["deck"], line)
    if "fair" in obj:  # the one optional field: only a deal dealt from a published seed has it
        why = fair_form_error(obj["fair"])
        if why is not None:
            _fail(f"the field 'fair' {why}, not {shown(obj['fair'])} (see {FAIR_DOC})", line)
    rs = obj["reshuffles"]
    if not (isinstance(rs, list) and all(isinstance(r, list) and all(isinstance(c, str) for c in r) for r in rs)):
        _wrong("reshuffles", "an array of arrays of cards", rs, line)
    if actions:
        _check_actions(obj["actions"], n, line)
    try:
        _check_result(obj["result"], n, line)
    except HistoryError:
        if not actions:  # the actions come first, as when they are checked here
            _check_actions(obj["actions"], n, line)
        raise


def _check_actions(actions: Any, n: int, line: int) -> None:
    if not isinstance(actions, list):
        _wrong("actions", "an array", actions, line)
    for i, item in enumerate(actions, 1):
        if not (isinstance(item, list) and len(item) == 2 and _is_int(item[0]) and isinstance(item[1], str)):
            _fail(f'action {i} must be [seat, "action"], not {shown(item)} (see {FORMAT_DOC})', line)
        if item[0] >= n:
            _fail(f"action {i} is by seat {item[0]}, but the seats are 0 to {n - 1} (see {FORMAT_DOC})", line)


def _check_result(result: Any, n: int, line: int) -> None:
    if result is None:
        return
    if not isinstance(result, dict):
        _wrong("result", "an object or null", result, line)
    for key in _RESULT_FIELDS:
        _need(result, key, line, "the result's field")
    unknown = sorted(set(result) - {*_RESULT_FIELDS, "totals"})
    if unknown:
        _fail(f"the result has a field {unknown[0]!r} the format does not define (see {FORMAT_DOC})", line)
    totals = result.get("totals")
    if "totals" in result and not (isinstance(totals, list) and len(totals) == n and all(_is_int(t) for t in totals)):
        _wrong("totals", "an array of one whole number from 0 per seat", totals, line)


# --- files --------------------------------------------------------------------------------------------------------

_WHY = {
    errno.ENOENT: "there is no such file",
    errno.EISDIR: "it is a directory, not a file",
    errno.EACCES: "permission is denied",
    errno.EPERM: "permission is denied",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOTDIR: "a part of the path is not a directory",
    errno.ELOOP: "the path has too many symbolic links",
}


def file_error(path: str | Path, e: OSError | ValueError, doing: str = "read") -> str:
    """One sentence for a file that cannot be opened, read or written."""
    if isinstance(e, ValueError):  # an embedded NUL byte
        why = "the name holds a NUL character"
    else:
        why = _WHY.get(e.errno or 0) or (e.strerror or "the system refused").rstrip(".").lower()
    return f"cannot {doing} {shown(str(path), 80)}: {why}"


class Lines:
    """The lines of a file, or of its bytes ``start:stop`` (which begin at a line's start), numbered from 1, each
    read with the size cap and decoded as strict UTF-8; ``count`` is how many have been read."""

    def __init__(self, path: Path, start: int = 0, stop: int | None = None) -> None:
        self.path, self.start, self.stop, self.count = path, start, stop, 0
        #: the byte offset in the file after the last line read
        self.position = start

    def __iter__(self) -> Iterator[tuple[int, str]]:
        for number, raw in self.raw():
            yield number, decode(raw, number)

    def raw(self) -> Iterator[tuple[int, bytes]]:
        """The lines as bytes, not decoded (``decode`` gives the text, or the sentence for bad UTF-8)."""
        path = self.path
        try:
            fp = path.open("rb", buffering=1 << 16)  # lines of about 2.5 KB: a bigger buffer halves readline's cost
        except (OSError, ValueError) as e:
            raise HistoryError(file_error(path, e)) from None
        with fp:
            at = self.start
            if at:
                fp.seek(at)
            readline = fp.readline
            while self.stop is None or at < self.stop:
                self.count += 1
                number = self.count
                try:
                    raw = readline(MAX_LINE_BYTES + 1)
                except OSError as e:
                    raise HistoryError(file_error(path, e)) from None
                if not raw:
                    self.count -= 1
                    return
                at += len(raw)
                self.position = at
                if len(raw) > MAX_LINE_BYTES:
                    _fail(
                        f"it is longer than {MAX_LINE_BYTES:,} bytes, the most a line may hold (see {FORMAT_DOC})",
                        number,
                    )
                yield number, raw


def decode(raw: bytes, number: int) -> str:
    """A line's bytes as strict UTF-8 text; raises HistoryError naming the line."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        _fail(f"it is not UTF-8 text (a bad byte at column {e.start + 1}; see {FORMAT_DOC})", number)


#: What a blank line may hold: ASCII spaces, tabs and carriage returns, and its line feed. A line of other white
#: space (U+3000, U+00A0) is not blank: it is refused, as JSON refuses it.
_BLANK = re.compile(r"[ \t\r\n]*")


def read(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, parsed record) for each non-blank line; raises HistoryError on a bad line, and when the
    file holds no deal at all."""
    empty = True
    for number, obj in records(Lines(Path(path))):
        empty = False
        yield number, obj
    if empty:
        raise EmptyHistory(f"{shown(str(path), 80)} holds no deals")


def records(lines: Iterator[tuple[int, str]] | Lines) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, parsed record) for each line that is not blank."""
    blank = _BLANK.fullmatch
    for number, text in lines:
        if not blank(text):
            yield number, parse_line(text, number)
