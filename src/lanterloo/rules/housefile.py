"""House variants written in a TOML file, one table per variant, registered with ``load_variants(path)``::

    [friday]
    base = "three-card"            # a registered variant or alias (required)
    title = "Friday Loo"           # optional; so are summary, notes, source and aliases
    aliases = ["fri"]

    [friday.options]               # the house rules, as `loo rules` names them
    loo_penalty = "pool"
    club_law = true

The ``loo`` command reads the files named by the environment variable ``LANTERLOO_VARIANTS``.
"""

from __future__ import annotations

import errno
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from lanterloo.errors import RulesError
from lanterloo.rules.registry import Preset, register_variant

_KEYS = {"base", "title", "summary", "notes", "source", "aliases", "options"}
#: The largest variants file read, in bytes; reading stops there, so /dev/zero or a huge file ends in a sentence.
MAX_FILE_BYTES = 64 * 1024
#: The deepest the file nests: the file, a variant's table, its options table (or aliases list), a value.
MAX_DEPTH = 3
_WHY = {
    errno.ENOENT: "there is no such file",
    errno.EACCES: "permission is denied",
    errno.EPERM: "permission is denied",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOTDIR: "a part of the path is not a directory",
    errno.ELOOP: "the path has too many symbolic links",
}


def _text(table: dict[str, Any], key: str, name: str) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise RulesError(f"In variant {name!r}, {key} must be text.")
    return value


def _shown(path: str | Path) -> str:
    text = str(path)
    return repr(text) if len(text) <= 80 else repr(text[:79]) + "…"


def _read(path: str | Path) -> str:
    """The file's text, refusing what is not a regular file (a directory, a device such as /dev/zero, a FIFO,
    opened without blocking so an unwritten FIFO cannot hang us) and reading at most MAX_FILE_BYTES + 1 bytes."""
    where = f"The variants file {_shown(path)}"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except ValueError:
        raise RulesError(f"{where} cannot be read: the name holds a NUL character.") from None
    except OSError as e:
        why = _WHY.get(e.errno or 0) or (e.strerror or "the system refused").lower()
        raise RulesError(f"{where} cannot be read: {why}.") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RulesError(f"{where} is not a regular file (a directory, a device or a pipe).")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise RulesError(f"{where} cannot be read: {(e.strerror or 'the system refused').lower()}.") from None
    finally:
        os.close(fd)
    if size > MAX_FILE_BYTES:
        raise RulesError(f"{where} is longer than {MAX_FILE_BYTES:,} bytes, the most a variants file may hold.")
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as e:
        raise RulesError(f"{where} is not UTF-8 text (a bad byte at offset {e.start}).") from None


def _parse(path: str | Path) -> dict[str, Any]:
    where = f"The variants file {_shown(path)}"
    text = _read(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesError(f"{where} is not valid TOML ({e}).") from None
    except RecursionError:  # tomllib parses nested arrays and inline tables by recursion
        data = None
    except ValueError:  # an integer beyond Python's conversion limit of 4,300 digits
        raise RulesError(f"{where} holds an integer far too long for any option.") from None
    if data is None or not _depth_ok(data):
        raise RulesError(f"{where} nests tables or arrays deeper than a variant needs ({MAX_DEPTH} levels).")
    return data


def _depth_ok(data: dict[str, Any]) -> bool:
    """True when no table or array nests deeper than MAX_DEPTH; a loop, so deep data cannot recurse."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return False
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return True


def load_variants(path: str | Path) -> list[Preset]:
    """Register every house variant of the TOML file at ``path``, in file order; returns them."""
    data = _parse(path)
    out: list[Preset] = []
    for name, table in data.items():
        if not isinstance(table, dict):
            raise RulesError(f'In {str(path)!r}, {name!r} must be a table: [{name}] with base = "...".')
        unknown = sorted(set(table) - _KEYS)
        if unknown:
            raise RulesError(f"Variant {name!r} has an unknown key {unknown[0]!r}; keys: {', '.join(sorted(_KEYS))}.")
        if "base" not in table:
            raise RulesError(f"Variant {name!r} needs a base, the variant it is built on.")
        options = table.get("options", {})
        aliases = table.get("aliases", [])
        if not isinstance(options, dict):
            raise RulesError(f"In variant {name!r}, options must be a table: [{name}.options].")
        if not (isinstance(aliases, list) and all(isinstance(a, str) for a in aliases)):
            raise RulesError(f"In variant {name!r}, aliases must be a list of names.")
        try:
            variant = register_variant(
                name,
                base=_text(table, "base", name),
                options=options,
                title=_text(table, "title", name),
                summary=_text(table, "summary", name),
                notes=_text(table, "notes", name),
                source=_text(table, "source", name),
                aliases=tuple(aliases),
            )
        except TypeError as e:  # a value of a type no option has (a table), caught by dataclasses.replace
            raise RulesError(f"Variant {name!r} of {_shown(path)} has an option that is not valid: {e}.") from None
        except RulesError as e:
            why = str(e)
            raise RulesError(f"Variant {name!r} of {_shown(path)}: {why[:1].lower()}{why[1:]}") from None
        out.append(variant)
    return out
