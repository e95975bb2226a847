"""Verification's line path: the lines of a file verified into a ``Verifier``, each given first, as bytes, to the
compiled core's line verifier (``LineVerifier`` in engine/_core_verifyline.pxi).

The core reads a line in one C pass, replays its deal and compares its result, and checks that it follows on the
open session's last deal (stacks, pool, dealer, names, numbering, rules), all without decoding the line or making a
Python object per field. It accepts only such a line of rules the reference path has already read (its rules text
is the key), and answers 0 for anything else: a session that starts, a deal that stands alone, any line it does not
fully understand. That line takes the reference way (``parse_line`` and ``Verifier.check``), after the verifier
has been told where the core's run of lines left the session (``Verifier.went_on``), so its checks and its
sentences are the ones a verifier that read every line itself gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lanterloo.history import quick
from lanterloo.history.reader import Lines, decode, parse_line
from lanterloo.history.sessions import Verifier

#: A blank line, as bytes (reader._BLANK): ASCII spaces, tabs, carriage returns and its line feed.
_BLANK = re.compile(rb"[ \t\r\n]*")

Hook = Callable[[int, dict[str, Any]], None]

#: False: every line takes the reference way (with history.quick's fast paths): for the benchmark and the tests.
ENABLED = True


def line_verifier(v: Verifier) -> Any:
    """The core's line verifier for ``v``, or None where the line path is off (no core, fast paths off, only the
    actions checked)."""
    ext = quick.EXT
    if ext is None or not quick.ENABLED or not ENABLED or not v.check_results or not hasattr(ext, "LineVerifier"):
        return None
    return ext.LineVerifier(quick.CARD_INDEX, quick.CORE_CODES)


def verify_lines(
    v: Verifier,
    lines: Lines,
    *,
    before: Hook | None = None,
    after: Hook | None = None,
    every: Callable[[int], None] | None = None,
) -> int:
    """Verify every line of ``lines`` into ``v``; returns the deals. ``before`` and ``after`` are called around
    ``v.check`` for each line the reference way reads (the core's lines need neither), ``every`` with the count of
    deals after each thousandth."""
    fast = line_verifier(v)
    count = 0
    blank = _BLANK.fullmatch
    try:
        for number, raw in lines.raw():
            if fast is not None:
                got = fast.line(raw, number)
                if got:
                    if got == 2:  # house rules: the verdict names the lines
                        preset, differs = fast.house
                        v.house.setdefault(preset, ([], differs))[0].append(number)
                    count += 1
                    if every is not None and count % 1000 == 0:
                        every(count)
                    continue
                went_on(v, fast)
            if blank(raw):
                continue
            obj = parse_line(decode(raw, number), number)
            if before is not None:
                before(number, obj)
            deal = v.check(obj, number)
            count += 1
            if fast is not None:
                fast.sync(raw, number, deal.rules)
            if after is not None:
                after(number, obj)
            if every is not None and count % 1000 == 0:
                every(count)
    finally:
        if fast is not None:
            went_on(v, fast)
    return count


def went_on(v: Verifier, fast: Any) -> None:
    """Tell ``v`` of the deals the core verified since last told: how many, and the last of them."""
    deals, unfinished, line, raw = fast.take()
    if deals:
        v.went_on(parse_line(raw.decode("utf-8"), line), line, deals, unfinished)
