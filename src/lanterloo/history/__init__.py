"""The hand-history format: JSON Lines, one deal per line (documented in docs/hand-history.md).

A line holds everything needed to re-verify the deal with nothing but the rules: the complete rules (every
option), the seats and their stacks, the dealer, the pool carried in, the deck order, every action in order, and
the settlement. The package is split by job: ``writer`` (a deal as a record), ``reader`` (a line as a strictly
typed record, within documented bounds), ``verifier`` (one deal replayed and compared with the rules) and
``sessions`` (the order and continuity of a file's sessions); ``fair`` checks a deal's published seed.
"""

from __future__ import annotations

from lanterloo.history.fair import FAIR_DOC, FAIR_FIELDS, fair_problems, fair_record
from lanterloo.history.reader import (
    FORMAT_DOC,
    MAX_DEPTH,
    MAX_LINE_BYTES,
    EmptyHistory,
    check_fields,
    file_error,
    parse_line,
    read,
)
from lanterloo.history.sessions import Verifier, deals, verify_file
from lanterloo.history.verifier import rebuild, record_rules, verify_record
from lanterloo.history.writer import ADDED_IN_VERSION_2, FORMAT, VERSION, deal_to_record, dumps, upgraded_rules, write
from lanterloo.wholetext import MAX_INT_DIGITS

__all__ = [
    "ADDED_IN_VERSION_2",
    "FAIR_DOC",
    "FAIR_FIELDS",
    "FORMAT",
    "FORMAT_DOC",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_LINE_BYTES",
    "VERSION",
    "EmptyHistory",
    "Verifier",
    "check_fields",
    "deal_to_record",
    "deals",
    "dumps",
    "fair_problems",
    "fair_record",
    "file_error",
    "parse_line",
    "read",
    "rebuild",
    "record_rules",
    "upgraded_rules",
    "verify_file",
    "verify_record",
    "write",
]
