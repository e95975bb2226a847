"""The save file of the terminal game: sealed with this installation's key, written from a ``Game``, read back by
replaying it through the hand-history module (docs/terminal-game.md describes the format and what it protects).

On disk a save is one header line and a Fernet token (``cryptography``): the game's JSON object, encrypted and
authenticated with a key kept in the user's data folder. So the file shows no card, hand, Miss, stock or seed, and
changing, cutting or re-sealing any byte of it with another key is refused before anything is read. Inside, every
deal, finished or in progress, is a hand-history record that ``lanterloo.history.Verifier`` checks as it checks a
hand-history file, and the finished deals form a chain of keyed hashes, each covering the one before, so a payload
that lost its last deal is refused even where the envelope is not the check (a payload handed to ``from_save``).
The game then re-applies the verified actions to the session's own deals, so the session (stacks, pool, dealer,
its random state) goes on exactly as the uninterrupted game would have.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lanterloo import history
from lanterloo.actions import Action, parse_action
from lanterloo.bots import Bot
from lanterloo.bots.base import bot_names
from lanterloo.cards import Card
from lanterloo.errors import HistoryError, LooError
from lanterloo.rules import Rules

if TYPE_CHECKING:
    from lanterloo.tui.game import Game

SAVE_FORMAT = "lanterloo-play-save"
SAVE_VERSION = 2
#: The first line of a save file, in clear: the rest is the sealed game.
HEADER = f"{SAVE_FORMAT} {SAVE_VERSION}"
#: The largest save read, in bytes. A deal takes under 8 KiB, sealed about 11: room for thousands of deals.
MAX_SAVE_BYTES = 32 * 1024 * 1024
#: The folder of the save key; unset, the user's data folder (platformdirs).
DATA_DIR_ENV = "LANTERLOO_DATA_DIR"
KEY_FILE = "save.key"
_MAX_DIGITS = 40  # a seed below 2**128 has 39
_MAX_DEPTH = 8  # save, deals, record, result, settlement and its lists
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_TOKEN = re.compile(rb"[A-Za-z0-9_-]+={0,2}")
_NOT_BRACKET = re.compile(r"[^\[\]{}]")


class SaveError(LooError):
    """A save file cannot be read or does not rebuild."""


# --- the key ---------------------------------------------------------------------------------------------------


def data_dir() -> Path:
    """Where this installation keeps its save key: $LANTERLOO_DATA_DIR, else the user's data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs  # the tui extra

    return Path(platformdirs.user_data_dir("lanterloo"))


def key_path() -> Path:
    return data_dir() / KEY_FILE


def save_key(*, create: bool) -> bytes:
    """This installation's Fernet key; made (readable by the user alone) on the first save."""
    from cryptography.fernet import Fernet

    path = key_path()
    if create and not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            # O_EXCL: two games saving at once must not each write a key and lose one
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        except OSError as e:
            raise SaveError(f"Cannot create the save key {str(path)!r}: {e.strerror or e}.") from None
        else:
            with os.fdopen(fd, "wb") as fp:
                fp.write(Fernet.generate_key() + b"\n")
    try:
        with path.open("rb") as fp:
            key = fp.read(200).strip()
    except FileNotFoundError:
        raise SaveError(
            f"This installation has no save key ({str(path)!r}), so it cannot open a save written elsewhere."
        ) from None
    except OSError as e:
        raise SaveError(f"Cannot read the save key {str(path)!r}: {e.strerror or e}.") from None
    try:
        Fernet(key)
    except ValueError:
        raise SaveError(f"The save key {str(path)!r} is damaged; delete it to make a new one.") from None
    return key


def _chain_key(key: bytes) -> bytes:
    return hmac.new(key, b"lanterloo deal chain", hashlib.sha256).digest()


def deal_chain(records: list[Any], session: str, key: bytes) -> list[str]:
    """One keyed hash per finished deal, each covering the deal and the hash before it (the first: the session)."""
    ck = _chain_key(key)
    link = hmac.new(ck, session.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()
    out: list[str] = []
    for rec in records:
        body = json.dumps(rec, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        link = hmac.new(ck, (link + body).encode("ascii"), hashlib.sha256).hexdigest()
        out.append(link)
    return out


# --- writing ---------------------------------------------------------------------------------------------------


def to_save(game: Game) -> dict[str, Any]:
    """The save file's JSON object (sealed before it is written)."""
    s = game.settings
    deals = game.history_records()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "variant": s.variant,
        "options": dict(s.options),
        "rules": s.rules.to_dict(),
        "names": list(s.names),
        "bots": list(s.bots),
        "human": s.human,
        "seed": s.seed,
        "stack": s.stack,
        "first_dealer": s.first_dealer,
        "max_deals": s.max_deals,
        "session": s.session_id,
        "deals": deals,
        "chain": deal_chain(deals, s.session_id, save_key(create=True)),
        "current": game.current_record(),
        "finished": game.over,
    }


def seal(data: dict[str, Any]) -> str:
    """The text of a save file holding ``data``."""
    from cryptography.fernet import Fernet

    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
    return f"{HEADER}\n{Fernet(save_key(create=True)).encrypt(body).decode('ascii')}\n"


def saved(game: Game) -> None:
    """Note that the game as it stands is in a save: what the quit question counts as unsaved starts here."""
    game.dirty = False
    game.saved_mark = (len(game.session.records), tuple(game.moves) if game.deal is not None else ())


# --- reading ---------------------------------------------------------------------------------------------------


def load(path: str | Path, *, bots: Mapping[int, Bot] | None = None) -> Game:
    return from_save(unseal(read(path)), bots=bots)


def read(path: str | Path) -> bytes:
    """The bytes of a save file, at most MAX_SAVE_BYTES of them: an endless file stops with a sentence."""
    p = Path(path)
    try:
        # Without blocking, and only a regular file: a named pipe with no writer would hang the game forever.
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as fp:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveError(
                    f"{str(p)!r} is not a save file: it is not a regular file (a folder, a device or a pipe)."
                )
            raw = fp.read(MAX_SAVE_BYTES + 1)
    except OSError as e:
        raise SaveError(f"Cannot read the save file {str(p)!r}: {e.strerror or e}.") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"The save file {str(p)!r} is larger than {MAX_SAVE_BYTES:,} bytes, so it is no save.")
    return raw


def unseal(raw: bytes) -> Any:
    """The game object sealed in a save file's bytes; SaveError if it is not one, or not sealed with this key."""
    from cryptography.fernet import Fernet, InvalidToken

    head, _, rest = raw.partition(b"\n")
    if head.strip() != HEADER.encode("ascii"):
        if raw.lstrip().startswith(b"{") and b'"' + SAVE_FORMAT.encode("ascii") + b'"' in raw:
            raise SaveError(
                "This save was written by an older version of the game, in clear text that anyone could edit, "
                "so it cannot be resumed."
            )
        raise SaveError(f"It is not a lanterloo save file (its first line must be {HEADER!r}).")
    token = rest[:-1] if rest.endswith(b"\n") else rest
    # base64 decoding skips stray characters and padding: only the token exactly as written is accepted
    if not token or not _TOKEN.fullmatch(token) or base64.urlsafe_b64encode(_b64(token)) != token:
        raise SaveError("The save file has been changed or cut short: it is not one sealed game.")
    try:
        body = Fernet(save_key(create=False)).decrypt(token)
    except InvalidToken:
        raise SaveError(
            "The save file has been changed or cut short, or was written with another installation's key."
        ) from None
    return _parse(body)


def _b64(token: bytes) -> bytes:
    try:
        return base64.urlsafe_b64decode(token)
    except ValueError:
        return b""


def _parse(body: bytes) -> Any:
    """Bounded JSON: the payload is authenticated, but a key can leak, so nothing in it may take the reader down."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("The sealed game is not text.") from None
    depth = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth += 1 if ch in "[{" else -1
        if depth > _MAX_DEPTH:
            raise SaveError("The sealed game nests deeper than a save can.")

    def number(s: str) -> int:
        if len(s.lstrip("-")) > _MAX_DIGITS:
            raise ValueError("an over-long integer")
        return int(s)

    def no_float(s: str) -> Any:
        raise ValueError("a fraction")

    try:
        return json.loads(text, parse_int=number, parse_float=no_float, parse_constant=no_float)
    except ValueError as e:  # JSONDecodeError is one
        raise SaveError(f"The sealed game is not a valid save ({e}).") from None


def from_save(data: Any, *, bots: Mapping[int, Bot] | None = None) -> Game:
    """Rebuild a saved game by replaying every deal; raises SaveError naming the first problem."""
    from lanterloo.tui.game import Game, Settings, check_name  # the game imports this module

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"It is not a lanterloo save file (the format must be {SAVE_FORMAT!r}).")
    if data.get("version") != SAVE_VERSION or type(data.get("version")) is not int:
        raise SaveError(f"Save version {data.get('version')!r} is not supported (this game reads {SAVE_VERSION}).")
    rules = _rules(data)
    names = _field(data, "names", list)
    seats = _field(data, "bots", list)
    if len(seats) != len(names) or not all(isinstance(n, str) for n in names):
        raise SaveError("It needs one name and one bot entry per seat.")
    human = _field(data, "human", int)
    # the game always seats the human at 0: any other seat is an edited file
    if human != 0 or seats[0] is not None:
        raise SaveError("Its human player must sit in seat 0, whose bot entry is null.")
    try:
        check_name(names[0])
    except LooError as e:
        raise SaveError(f"Its player's name is not valid: {e}") from None
    known = bot_names()
    for s, spec in enumerate(seats[1:], 1):
        if not isinstance(spec, str) or spec not in known:
            raise SaveError(f"Seat {s} has the unknown bot style {str(spec)[:20]!r}.")
    stack = _field(data, "stack", int)
    if stack <= 0:
        raise SaveError("Its starting stack must be a positive number of chips.")
    first_dealer = _optional(data, "first_dealer")
    if first_dealer is not None and not 0 <= first_dealer < len(names):
        raise SaveError("Its first dealer is not a seat at the table.")
    max_deals = _optional(data, "max_deals")
    options = _field(data, "options", dict)
    if not all(isinstance(v, str) for v in options.values()):
        raise SaveError("Its options must be text, as typed on the command line.")
    session_id = _field(data, "session", str)
    settings = Settings(
        rules=rules,
        names=list(names),
        bots=list(seats),
        seed=_field(data, "seed", int),
        stack=stack,
        human=human,
        options=dict(options),
        first_dealer=first_dealer,
        max_deals=max_deals,
        session_id=session_id,
    )
    try:
        game = Game(settings, bots=bots, start=False)
    except LooError as e:
        raise SaveError(f"Its table cannot be set up: {e}") from None
    deals = _field(data, "deals", list)
    chain = _field(data, "chain", list)
    want = deal_chain(deals, session_id, save_key(create=False))
    verifier = history.Verifier()
    for i, rec in enumerate(deals, 1):
        if not isinstance(rec, dict):
            raise SaveError(f"Deal {i} is not a JSON object.")
        if not isinstance(rec.get("result"), dict):
            raise SaveError(f"Deal {i} is recorded as finished, but it has no result.")
        _restore(game, i, rec, verifier)
        deal = game.deal
        if deal is None or not deal.is_over:
            raise SaveError(f"Deal {i} is recorded as finished, but its actions do not finish it.")
        if i > len(chain) or not hmac.compare_digest(str(chain[i - 1]), want[i - 1]):
            raise SaveError(f"Deal {i} is not the deal this session saved (its link in the deal chain differs).")
        booked = game.finish()
        if "seed" in rec and rec["seed"] != booked.seed:
            raise SaveError(f"Deal {i} was not dealt from this session's seed.")
    if len(chain) != len(deals):
        raise SaveError(
            f"The deal chain has {len(chain)} links for {len(deals)} finished deals: finished deals were removed."
        )
    if "current" not in data:
        raise SaveError("The field 'current' is missing.")
    current = data["current"]
    if current is not None:
        if not isinstance(current, dict):
            raise SaveError("The deal in progress is not a JSON object.")
        _restore(game, len(game.session.records) + 1, current, verifier)
    elif not game.over and game.last_record is None:
        game.start_deal()
    finished = data.get("finished", game.over)  # saves from before the field was written lack it
    if finished is not game.over:
        raise SaveError("It says the session is over when it is not, or the other way round.")
    saved(game)
    return game


def _rules(data: dict[str, Any]) -> Rules:
    """The rules, every option named: a missing one is refused rather than filled in with its default (a five-card
    save without its ``preset`` must not come back as three-card)."""
    raw = _field(data, "rules", dict)
    if not any(k in raw for k in history.ADDED_IN_VERSION_2):
        # saved before those options existed: the game goes on as it was played (its deals are version-1 records)
        raw = {**history.ADDED_IN_VERSION_2, **raw}
    try:
        rules = Rules.from_dict(raw)
    except (LooError, TypeError, ValueError) as e:
        raise SaveError(f"Its rules are not valid: {e}") from None
    full = rules.to_dict()
    missing = [k for k in full if k not in raw]
    if missing:
        raise SaveError(f"Its rules lack the option {missing[0]!r}; a save names every option.")
    extra = [k for k in raw if k not in full]
    if extra or any(type(raw[k]) is not type(full[k]) or raw[k] != full[k] for k in full):
        raise SaveError("Its rules are not the rules of any game this version plays.")
    if _field(data, "variant", str) != rules.preset:
        raise SaveError(f"Its variant {str(data['variant'])[:20]!r} is not the preset its rules name.")
    return rules


def _restore(game: Game, number: int, rec: dict[str, Any], verifier: history.Verifier) -> None:
    """Deal deal ``number`` from its recorded deck, verify its record, and re-apply its actions."""
    deck, raw = rec.get("deck"), rec.get("actions")
    if not isinstance(deck, list) or not isinstance(raw, list):
        raise SaveError(f"Deal {number} needs a deck and a list of actions.")
    try:
        cards = [Card.parse(str(c)) for c in deck]
        fresh = game.start_deal(cards)  # the session's random state advances as it did in the saved game
    except LooError as e:
        raise SaveError(f"Deal {number} does not replay: {e}") from None
    if fresh is None:
        raise SaveError(f"The session ended before deal {number}: {game.session.end_reason}.")
    if "format" not in rec:
        # A save written before the deal in progress became a hand-history record holds only its deck and
        # actions: replay them, then verify the record of the result like any other.
        _replay(game, number, _actions(raw, number))
        deal = game.deal
        assert deal is not None
        rec = history.deal_to_record(deal, number=number, names=game.names, session=game.settings.session_id)
        _verify(verifier, rec, number)
        return
    _verify(verifier, rec, number)
    start = fresh.start_record()
    seats = rec.get("seats")
    recorded = {
        "dealer": rec.get("dealer"),
        "stacks": [s.get("stack") for s in seats] if isinstance(seats, list) else None,
        "pool": rec.get("pool"),
        "ante": rec.get("ante"),
    }
    if any(start[k] != v for k, v in recorded.items()):
        raise SaveError(f"Deal {number} does not start where the session left the table (dealer, stacks or pool).")
    if [seat.get("name") for seat in seats] != game.names:  # type: ignore[union-attr]  # checked by the verifier
        raise SaveError(f"Deal {number} names other players than the save does.")
    _replay(game, number, _actions(raw, number))
    deal = game.deal
    assert deal is not None
    # The session's deal draws any reshuffle from its own random state: it must be the one recorded.
    if deal.start_record() != {**start, "reshuffles": rec.get("reshuffles", [])}:
        raise SaveError(f"Deal {number} does not replay to its recorded result.")


def _verify(verifier: history.Verifier, rec: dict[str, Any], number: int) -> None:
    try:
        verifier.check(rec, number)
    except HistoryError as e:
        raise SaveError(f"Deal {number} does not replay: {_unline(e)}") from None


def _actions(raw: list[Any], number: int) -> list[tuple[int, Action]]:
    out: list[tuple[int, Action]] = []
    for k, item in enumerate(raw, 1):
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and not isinstance(item[0], bool)
            and isinstance(item[1], str)
        ):
            raise SaveError(f'Deal {number}, action {k} must be [seat, "action"].')
        try:
            out.append((item[0], parse_action(item[1])))
        except LooError as e:
            raise SaveError(f"Deal {number}, action {k}: {e}") from None
    return out


def _replay(game: Game, number: int, actions: list[tuple[int, Action]]) -> None:
    try:
        game.replay(actions)
    except LooError as e:
        raise SaveError(f"Deal {number} does not replay: {e}") from None


def _unline(e: HistoryError) -> str:
    """The verifier's sentence without its "deal on line N: " (the save file has no lines; the deal is named)."""
    text = str(e)
    prefix = f"deal on line {e.line}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


def _optional(data: dict[str, Any], key: str) -> int | None:
    """A field that is an integer or null, and present."""
    if key not in data:
        raise SaveError(f"The field {key!r} is missing.")
    value = data[key]
    if value is not None and type(value) is not int:
        raise SaveError(f"The field {key!r} has the wrong type.")
    return value


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise SaveError(f"The field {key!r} is missing.")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"The field {key!r} has the wrong type.")
    return value
