"""Untrusted text made safe to print on a terminal.

Names and session ids come from files and command lines. Printed raw, an escape sequence in one can clear or
retitle the reader's terminal, a bidirectional override can reorder what he sees, and a lone surrogate cannot be
encoded at all. ``escape`` writes each such character as a visible ``\\uXXXX`` escape, which is also a valid JSON
escape for the same character, so escaping JSON text keeps it valid JSON that means the same thing.
"""

from __future__ import annotations


def _code(c: int) -> str:
    return f"\\u{c:04x}"


_UNSAFE = [
    *range(0x00, 0x20),  # C0 controls: ESC starts every escape sequence; BEL, BS, CR rewrite what is shown
    0x7F,  # DEL
    *range(0x80, 0xA0),  # C1 controls: CSI and OSC act alone on many terminals
    0x061C,  # Arabic letter mark
    0x200E,  # left-to-right and right-to-left marks
    0x200F,
    *range(0x202A, 0x202F),  # bidirectional embeddings and overrides
    *range(0x2066, 0x206A),  # bidirectional isolates
    *range(0xD800, 0xE000),  # surrogates: never text on their own
]
_TABLE: dict[int, str] = {c: _code(c) for c in _UNSAFE}
_TABLE_LINES: dict[int, str] = {c: s for c, s in _TABLE.items() if c != 0x0A}


def escape(text: str, *, newlines: bool = False) -> str:
    """``text`` with every control, bidirectional and surrogate character written as ``\\uXXXX``.

    With ``newlines`` a line feed is kept, so a whole multi-line report can be escaped at the point it is printed.
    """
    return text.translate(_TABLE_LINES if newlines else _TABLE)


def is_safe(text: str) -> bool:
    """True when ``escape`` would leave ``text`` as it is."""
    return escape(text) == text
