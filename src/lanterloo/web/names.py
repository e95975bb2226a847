"""Players' names and tables' titles as the web table takes them: normalised to NFC and stripped, limited in
characters and in combining marks, free of control and format characters, unique at a table (ignoring case), and
never a word the page uses for someone else ("You", a bot's name, an empty seat's "Seat 3").

Each refusal is a ``ValueError`` whose text is the one sentence the client is sent.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import confusables

MAX_NAME = 24
MAX_TITLE = 64
#: More combining marks than this on one base character is a flood ("Zalgo"), not a name in any script.
MAX_MARKS = 3

# Unicode categories a name may not hold: controls, format characters (bidi overrides, zero-width joiners), line
# and paragraph separators, private use, surrogates and unassigned code points.
_BANNED = {"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"}
# The words the page and the narrator use for others: "You" is the reader, "Seat 3" an empty seat, bots are named
# "Bot 2 (balanced)" by the server; a player taking one of them would be mistaken for someone else.
_RESERVED = re.compile(
    r"(you|seat\s*\d*|bot(\s*\d+)?(\s*\(.*\))?|.*\bbot(\s*\d+)?|spectator|nobody|server"
    # the game's own words, which the table's sentences would read as play: "The Miss takes the Miss"
    r"|(the\s+)?(miss|dealer|eldest|pool|pot|trumps?|turn-up))",
    re.I,
)


def clean(text: str, what: str = "A name", limit: int = MAX_NAME) -> str:
    """``text`` normalised (NFC, stripped, runs of spaces made one), or ``ValueError`` saying what is wrong."""
    # a no-break space (pasted from a page or a document) is a space to a reader
    text = text.replace("\u00a0", " ").replace("\u202f", " ")
    name = re.sub(r" {2,}", " ", unicodedata.normalize("NFC", text).strip())
    if not name:
        raise ValueError(f"{what} cannot be empty.")
    for ch in name:
        if unicodedata.category(ch) in _BANNED or (ch.isspace() and ch != " "):
            raise ValueError(f"{what} may not hold the invisible or control character U+{ord(ch):04X}.")
    if len(name) > limit:
        raise ValueError(f"{what} must be at most {limit} characters long; this one has {len(name)}.")
    marks = 0
    for k, ch in enumerate(name):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            if k == 0:
                raise ValueError(f"{what} cannot begin with a combining mark.")
            marks += 1
            if marks > MAX_MARKS:
                raise ValueError(f"{what} has more than {MAX_MARKS} combining marks on one letter.")
        else:
            marks = 0
    return name


# Digits read as letters ("B0t" for "Bot", "Y0u"): a reserved word is also looked for with these read back.
_LOOKALIKE_DIGITS = str.maketrans({"0": "o", "1": "l", "3": "e", "5": "s", "8": "b"})


def mixes_lookalikes(name: str) -> bool:
    """Whether ``name`` mixes scripts with letters that look alike (a Cyrillic "о" in a Latin "You", "Аnn" beside
    "Ann"): Unicode's confusables data, through ``confusable_homoglyphs``. Accents and other combining marks are set
    aside first, so "Ива́н" with its stress mark is one script, as it is to a reader."""
    bare = "".join(ch for ch in unicodedata.normalize("NFD", name) if not unicodedata.combining(ch))
    return bool(confusables.is_dangerous(bare))


def fold(name: str) -> str:
    """What a reader takes a name to be: compatibility forms folded (fullwidth "Ｙｏｕ" is "you", a ligature its
    letters), and case ignored. Reserved words and duplicates are compared in this form."""
    return unicodedata.normalize("NFKC", name).casefold()


def player_name(text: str, taken: Iterable[str]) -> str:
    """A player's name for a seat at a table whose other seats have the names ``taken``."""
    name = clean(text)
    folded = fold(name)
    if mixes_lookalikes(name):
        raise ValueError(
            f"The name {name!r} mixes letters of different alphabets that look alike, so it could pass for another "
            "name: write it in one alphabet."
        )
    if _RESERVED.fullmatch(folded) or _RESERVED.fullmatch(folded.translate(_LOOKALIKE_DIGITS)):
        raise ValueError(
            f"The name {name!r} is kept for the page's own use (you, bots, empty seats, the game's words): choose "
            "another."
        )
    same = next((other for other in taken if folded == fold(other)), None)
    if same is not None:
        raise ValueError(f"Someone at this table is already called {same!r}: choose another name.")
    return name


def bot_name(seat: int, style: str) -> str:
    """A bot's name: distinct at its table from its first characters, so a narrow seat plate still tells them apart
    (players number seats from 1, as the page shows them)."""
    return f"Bot {seat + 1} ({style})"
