"""Where the terminal game's saves live, what each is called, and the list ``loo play --resume`` offers.

Saves go to a ``saves`` folder in the user's data folder (beside the save key; ``LANTERLOO_DATA_DIR`` names
another), never the current folder, one file per session: ``<variant>-<date>-<short id>.loosave``, the short id
taken from the session's name, so saving the same session again finds its own file. Whose game a file holds is
read from inside it (the session's name is sealed with the rest), so another game's file is never mistaken for
this one's, whatever it is called.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lanterloo.errors import LooError, shown
from lanterloo.rules import PRESET_INFO
from lanterloo.tui import save
from lanterloo.tui.relaunch import loo_command
from lanterloo.tui.save import SaveError

if TYPE_CHECKING:
    from lanterloo.tui.game import Game

SUFFIX = ".loosave"
FOLDER = "saves"
HISTORIES = "histories"
_SESSION = re.compile(r"loo-play-([0-9a-f]{8})")
_SAFE = re.compile(r"[^a-z0-9-]")
#: The path errors a name typed by a user can raise before any file is opened (too long, a stray surrogate).
_PATH_ERRORS = (OSError, ValueError, UnicodeError)


def saves_dir() -> Path:
    return save.data_dir() / FOLDER


def default_export(game: Game) -> Path:
    """Where an export goes unless the player types another path: the data folder's ``histories``, one file per
    session named like its save (never ``loo-history.jsonl`` in whatever folder the game was started from)."""
    s = game.settings
    variant = _SAFE.sub("-", s.variant.lower()) or "game"
    name = f"{variant}-{datetime.date.today().isoformat()}-{short_id(s.session_id)}.jsonl"
    return save.data_dir() / HISTORIES / name


def short_id(session: str) -> str:
    """Eight characters naming a session in its file's name: the random part of the game's own session names."""
    m = _SESSION.fullmatch(session)
    if m is not None:
        return m.group(1)
    return hashlib.sha256(session.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def default_path(game: Game) -> Path:
    """The session's own file: one already in the saves folder under its short id, else a new name dated today."""
    s = game.settings
    short = short_id(s.session_id)
    folder = saves_dir()
    for path in _files(folder):
        if path.stem.endswith(f"-{short}") and session_of(path) == s.session_id:
            return path
    variant = _SAFE.sub("-", s.variant.lower()) or "game"
    return folder / f"{variant}-{datetime.date.today().isoformat()}-{short}{SUFFIX}"


def resolve(text: str) -> Path:
    """Where a name typed in the save dialog goes: a bare name into the saves folder (``.loosave`` added when it
    has no suffix), anything with a folder in it where it says."""
    name = text.strip()
    if not name:
        raise SaveError("A save needs a name.")
    if "/" in name or os.sep in name or name.startswith("~"):
        return _expand(name)
    if name in (".", ".."):
        raise SaveError(f"{name!r} is a folder, not a file name.")
    if not Path(name).suffix:
        name += SUFFIX
    return saves_dir() / name


def find(text: str) -> Path:
    """The save ``loo play --resume NAME|PATH`` means: a path with a folder in it as given; a bare name, the file
    of that name here if there is one, else that name in the saves folder (with or without ``.loosave``)."""
    if not text.strip():
        raise SaveError("--resume needs the name or path of a save, or nothing to choose from the list.")
    given = _expand(text)
    if "/" in text or os.sep in text or text.startswith("~") or exists(given):
        return given  # reading it says what is wrong with it, if anything
    folder = saves_dir()
    for candidate in (folder / text, folder / f"{text}{SUFFIX}"):
        if exists(candidate):
            return candidate
    raise SaveError(
        f"There is no save called {text!r}, here or in {str(saves_dir())!r}; "
        f"`{loo_command()} play --list-saves` lists them."
    )


def exists(path: Path) -> bool:
    """Whether ``path`` exists; False for a name no file can have (too long, a stray surrogate)."""
    try:
        return path.exists()
    except _PATH_ERRORS:
        return False


def _files(folder: Path) -> list[Path]:
    try:
        return [p for p in folder.iterdir() if p.name.endswith(SUFFIX) and p.is_file()]
    except _PATH_ERRORS:
        return []


def session_of(path: Path) -> str | None:
    """The session whose game the file holds; None when it holds none this installation can open."""
    try:
        data = save.unseal(save.read(path))
    except (SaveError, *_PATH_ERRORS):
        return None
    session = data.get("session") if isinstance(data, dict) else None
    return session if isinstance(session, str) else None


def write(game: Game, path: Path) -> None:
    """Save ``game`` to ``path`` (its folder made if need be) without ever leaving half a file: the sealed text goes
    to a file beside it that then takes its name. Raises OSError or SaveError (the caller asks before replacing
    another game's file: ``session_of``)."""
    text = save.seal(save.to_save(game))
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    part = path.with_name(f".{path.name}.part")
    try:
        # readable by the user alone, like the key: sealed, but nobody else's business
        with os.fdopen(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="ascii") as fp:
            fp.write(text)
        os.replace(part, path)
    finally:
        if exists(part):
            part.unlink(missing_ok=True)
    save.saved(game)


def unsaved(game: Game) -> list[str]:
    """What quitting now would lose that the last save does not hold: finished deals, and the deal in progress
    once the player has moved in it (bots' moves alone come back the same from a save: they are seeded)."""
    mark = game.saved_mark
    done = len(game.session.records)
    saved_deals, kept = mark if mark is not None else (0, ())
    lost: list[str] = []
    if game.deal is not None:
        if saved_deals != done or tuple(game.moves[: len(kept)]) != kept:
            kept = ()
        if any(seat == game.human for seat, _ in game.moves[len(kept) :]):
            lost.append("the deal in progress")
    if done > saved_deals:
        n = done - saved_deals
        lost.append(f"{n} finished deal{'s' if n != 1 else ''}")
    return lost


# --- the list of saves ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SaveInfo:
    """One save file as the list shows it. ``problem`` is why it cannot be opened (then the rest is unknown)."""

    path: Path
    modified: float
    title: str = ""
    players: int = 0
    deals: int = 0
    finished: bool = False
    problem: str | None = None

    @property
    def date(self) -> str:
        return datetime.datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")

    @property
    def state(self) -> str:
        played = f"{self.deals} deal{'s' if self.deals != 1 else ''} played"
        return f"{played}, finished" if self.finished else played


def describe(path: Path) -> SaveInfo:
    """What the list says of one file: read from inside the sealed game, without replaying it (``Game.load``
    checks every deal when the save is opened)."""
    try:
        modified = path.stat().st_mtime
    except _PATH_ERRORS:
        modified = 0.0
    try:
        data: Any = save.unseal(save.read(path))
        if not isinstance(data, dict):
            raise SaveError("It is not a lanterloo save file.")
        variant, names, deals = data.get("variant"), data.get("names"), data.get("deals")
        if not isinstance(variant, str) or not isinstance(names, list) or not isinstance(deals, list):
            raise SaveError("It is not a lanterloo save file.")
    except LooError as e:
        return SaveInfo(path, modified, problem=str(e))
    info = PRESET_INFO.get(variant)
    return SaveInfo(
        path,
        modified,
        title=info.display_title if info is not None else variant,
        players=len(names),
        deals=len(deals),
        finished=data.get("finished") is True,
    )


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the saves folder, newest first."""
    files = _files(folder if folder is not None else saves_dir())
    return sorted((describe(p) for p in files), key=lambda i: (-i.modified, i.path.name))


def listing(saves: list[SaveInfo], folder: Path) -> list[str]:
    """The lines ``loo play --list-saves`` prints."""
    if not saves:
        return [f"No saved games in {folder}."]
    width = max(len(i.path.name) for i in saves)
    lines = [f"Saved games in {folder}, newest first:"]
    for i in saves:
        if i.problem is not None:
            lines.append(f"  {i.path.name:<{width}}  {i.date}  cannot be opened: {i.problem}")
            continue
        lines.append(f"  {i.path.name:<{width}}  {i.date}  {i.title}, {i.players} players, {i.state}")
    loo = loo_command()
    lines.append(f"Carry on with one: {loo} play --resume NAME (or {loo} play --resume to choose from a list).")
    return lines


def _expand(text: str) -> Path:
    """``~`` and ``~user`` expanded; a user with no home folder is a sentence, not pathlib's RuntimeError."""
    try:
        return Path(text).expanduser()
    except RuntimeError:
        name = shown(text if len(text) <= 40 else text[:39] + "…")
        raise SaveError(f"{name} names the home folder of a user this system does not know.") from None
