"""The save file of the terminal game: written from a ``Game``, read back by replaying it through the hand-history
module (docs/terminal-game.md describes the format).

Every deal of the file, finished or in progress, is a hand-history record, and ``lanterloo.history.Verifier``
checks them as it checks a hand-history file: every action legal, every recorded result the one the rules give,
each deal following on from the one before. The game then re-applies the verified actions to the session's own
deals, so the session (stacks, pool, dealer, its random state) goes on exactly as the uninterrupted game would have.

Everything about the file lives here, so that authenticating it later is a change to this module alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lanterloo import history
from lanterloo.actions import Action, parse_action
from lanterloo.bots import Bot
from lanterloo.cards import Card
from lanterloo.errors import HistoryError, LooError
from lanterloo.rules import Rules

if TYPE_CHECKING:
    from lanterloo.tui.game import Game

SAVE_FORMAT = "lanterloo-play-save"
SAVE_VERSION = 1


class SaveError(LooError):
    """A save file cannot be read or does not rebuild."""


def to_save(game: Game) -> dict[str, Any]:
    """The save file's JSON object."""
    s = game.settings
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
        "deals": game.history_records(),
        "current": game.current_record(),
    }


def save(game: Game, path: str | Path) -> None:
    text = json.dumps(to_save(game), ensure_ascii=False, indent=1)
    Path(path).write_text(text + "\n", encoding="utf-8")
    game.dirty = False


def load(path: str | Path, *, bots: Mapping[int, Bot] | None = None) -> Game:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"Cannot read the save file {str(p)!r}: {e.strerror or e}.") from None
    except UnicodeDecodeError:
        raise SaveError(f"The save file {str(p)!r} is not text.") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"The save file {str(p)!r} is not valid JSON ({e.msg} at line {e.lineno}).") from None
    return from_save(data, bots=bots)


def from_save(data: Any, *, bots: Mapping[int, Bot] | None = None) -> Game:
    """Rebuild a saved game by replaying every deal; raises SaveError naming the first problem."""
    from lanterloo.tui.game import Game, Settings  # the game imports this module

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"It is not a lanterloo save file (the format must be {SAVE_FORMAT!r}).")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"Save version {data.get('version')!r} is not supported (this game reads {SAVE_VERSION}).")
    try:
        rules = Rules.from_dict(_field(data, "rules", dict))
    except (LooError, TypeError) as e:
        raise SaveError(f"Its rules are not valid: {e}") from None
    names = _field(data, "names", list)
    seats = _field(data, "bots", list)
    if len(seats) != len(names) or not all(isinstance(n, str) for n in names):
        raise SaveError("It needs one name and one bot entry per seat.")
    human = _field(data, "human", int)
    if not 0 <= human < len(names) or seats[human] is not None:
        raise SaveError("Its human seat must be a seat whose bot entry is null.")
    first_dealer = data.get("first_dealer")
    max_deals = data.get("max_deals")
    settings = Settings(
        rules=rules,
        names=list(names),
        bots=list(seats),
        seed=_field(data, "seed", int),
        stack=_field(data, "stack", int),
        human=human,
        options={str(k): str(v) for k, v in dict(data.get("options") or {}).items()},
        first_dealer=first_dealer if isinstance(first_dealer, int) else None,
        max_deals=max_deals if isinstance(max_deals, int) else None,
        session_id=str(data.get("session") or ""),
    )
    try:
        game = Game(settings, bots=bots, start=False)
    except LooError as e:
        raise SaveError(f"Its table cannot be set up: {e}") from None
    verifier = history.Verifier()
    for i, rec in enumerate(_field(data, "deals", list), 1):
        if not isinstance(rec, dict):
            raise SaveError(f"Deal {i} is not a JSON object.")
        if not isinstance(rec.get("result"), dict):
            raise SaveError(f"Deal {i} is recorded as finished, but it has no result.")
        _restore(game, i, rec, verifier)
        deal = game.deal
        if deal is None or not deal.is_over:
            raise SaveError(f"Deal {i} is recorded as finished, but its actions do not finish it.")
        game.finish()
    current = data.get("current")
    if current is not None:
        if not isinstance(current, dict):
            raise SaveError("The deal in progress is not a JSON object.")
        _restore(game, len(game.session.records) + 1, current, verifier)
    elif not game.over and game.last_record is None:
        game.start_deal()
    game.dirty = False
    return game


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


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise SaveError(f"The field {key!r} is missing.")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"The field {key!r} has the wrong type.")
    return value
