"""The websocket protocol (docs/protocol.md): reading a client's message, and one seat's JSON of a View and events.

Nothing here re-derives a rule. Legal actions come from ``View.legal``, refusals from the engine's
``IllegalActionError``, sentences from ``engine.narrate``, stakes from ``View.stakes`` and their words from
``engine.stakewords``; a card is written as ``Card.__str__`` writes it ("Qh", "Ts") and shown as ``Card.unicode``
("Q♥", "10♠").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lanterloo import Action, Card, Settlement, View, parse_action
from lanterloo.engine.events import Event, Exchanged, Played, TrickWon, TurnedUp
from lanterloo.engine.narrate import Narrator
from lanterloo.engine.phases import Phase
from lanterloo.engine.stakewords import stakes_lines
from lanterloo.engine.words import Words
from lanterloo.errors import LooError

if TYPE_CHECKING:
    from fastapi import WebSocket

MAX_MESSAGE_BYTES = 4096
RATE_PER_SECOND = 20.0
BURST = 40.0


class BadMessage(Exception):
    """A client message the server cannot take; ``str`` is the one sentence sent back."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Act:
    action: Action
    deal: int | None
    step: int | None


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Hint:
    """What the hint bot would do in the sender's place now (its reasons and the stakes)."""


@dataclass(frozen=True)
class Ready:
    """The sender has read the deal's summary: deal the next one (once every player has said so)."""

    deal: int | None


#: The fields each message type may hold.
_FIELDS: dict[str, tuple[str, ...]] = {
    "ping": ("type",),
    "act": ("type", "action", "deal", "step"),
    "hint": ("type",),
    "ready": ("type", "deal"),
}
#: The types a client may send, as the refusal of an unknown one lists them.
_TYPES_TEXT = ", ".join(f'"{k}"' for k in _FIELDS)


def parse_message(raw: str | bytes) -> Act | Ping | Hint | Ready:
    """One client message, checked for size, JSON, type and fields; ``BadMessage`` says what is wrong."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise BadMessage(f"That message is {size} bytes; the most allowed is {MAX_MESSAGE_BYTES}.")
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("That message is not valid JSON.") from None
    if not isinstance(obj, dict):
        raise BadMessage('A message must be a JSON object with a "type", like {"type": "ping"}.')
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        if "type" not in obj:
            raise BadMessage(f'A message needs a "type": one of {_TYPES_TEXT}.')
        shown = json.dumps(kind)[:40]
        raise BadMessage(f"Unknown message type {shown}: send one of {_TYPES_TEXT}.")
    # a field the server does not read is refused, not ignored: {"type": "act", "seat": 2} must not look as if it
    # acted for seat 2 (it would act for the sender's own seat)
    unknown = sorted(k for k in obj if k not in _FIELDS[kind])
    if unknown:
        shown = json.dumps(unknown[0])[:40]
        allowed = ", ".join(f'"{k}"' for k in _FIELDS[kind])
        raise BadMessage(f'That "{kind}" message has no field {shown}: it may hold {allowed}.')
    if kind == "ping":
        return Ping()
    if kind == "hint":
        return Hint()
    if kind == "ready":
        deal = obj.get("deal")
        if deal is not None and (type(deal) is not int or deal < 0):
            raise BadMessage('The "deal" of a "ready" message must be a deal number, 0 or more, or left out.')
        return Ready(deal)
    text = obj.get("action")
    if not isinstance(text, str):
        raise BadMessage('An "act" message needs an "action" as text, like "pass" or "Qh".')
    deal, step = obj.get("deal"), obj.get("step")
    for key, value in (("deal", deal), ("step", step)):
        if value is not None and (type(value) is not int or value < 0):
            raise BadMessage(f'The "{key}" of an "act" message must be a {key} number, 0 or more, or left out.')
    try:
        action = parse_action(text)
    except LooError as e:
        if len(text) > 40:  # the sentence names the action; a long one is not echoed whole
            raise BadMessage(f'{json.dumps(text[:40])[:-1]}..." is not an action.') from None
        raise BadMessage(str(e)) from None
    return Act(action, deal, step)


def stale(what: str, sent: int, now: int, message: str = "action") -> BadMessage:
    """The refusal of a ``message`` ("action", "Next deal") meant for another ``what`` ("deal" or "step") than the
    table's: ahead of the table (a client's mistake, or a state it has not received yet) or behind it (the table
    moved on: a double click). A number too long to read is not echoed whole."""
    shown = str(sent) if len(str(sent)) <= 12 else str(sent)[:12] + "…"
    head = f"That {message} is for {what} {shown}, but the table is at {what} {now}"
    if sent > now:
        return BadMessage(f"{head}: it is ahead of the table, so wait for the next state.")
    return BadMessage(f"{head}: it is behind the table, which has moved on since.")


class RateLimit:
    """A token bucket per connection: ``rate`` messages a second, bursts of ``burst``."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def card(c: Card | None) -> str | None:
    return None if c is None else str(c)


def settlement_json(st: Settlement | None) -> dict[str, Any] | None:
    return None if st is None else st.to_dict()


def drawn_cards(v: View) -> list[str]:
    """The cards the View's seat drew in the exchange or Lou's draw (PAM-EXCH-1, LOU-DRAW-1) and still holds, until it
    plays its first card (or the deal ends without play: a flush): the page marks them in the hand. Only the seat's
    own record says what it drew (``Exchanged.censored``), so a spectator's list, and anything about another seat, is
    empty."""
    if v.seat is None or v.phase is Phase.DONE:
        return []
    drawn: list[Card] = []
    for e in v.events:
        if isinstance(e, Exchanged) and e.seat == v.seat:
            drawn.extend(e.drawn)
        elif isinstance(e, Played) and e.seat == v.seat:
            return []
    held = set(v.hand)
    return [str(c) for c in drawn if c in held]


def view_json(v: View, words: Words) -> dict[str, Any]:
    """A View as JSON for the seat it was built for: only what ``Deal.view`` put in it. Each legal action comes
    structured (``Words.action_json``: its kind, card, civil call and label), each declaration in the table's word,
    so the page parses no notation and picks no label."""
    s = v.stakes
    return {
        "seat": v.seat,
        "players": v.players,
        "phase": v.phase.name.lower(),
        "dealer": v.dealer,
        "to_act": v.to_act if v.to_act >= 0 else None,
        "seats_to_act": list(v.seats_to_act),
        "stacks": list(v.stacks),
        "pool": v.pool,
        "hand": [str(c) for c in v.hand],
        "drawn": drawn_cards(v),
        "hand_sizes": list(v.hand_sizes),
        "turnup": card(v.turnup),
        "trump": None if v.trump is None else v.trump.name.lower(),
        "pam": card(v.pam),
        "declarations": list(v.declarations),
        "declared": [words.declaration(d) for d in v.declarations],
        "committed": list(v.committed),
        "in_play": list(v.in_play),
        "order": list(v.order),
        "miss_taker": v.miss_taker,
        "defended": v.defended,
        "stock_size": v.stock_size,
        "trick": [[seat, str(c)] for seat, c in v.trick],
        "best_card": card(v.best_card),
        "best_seat": v.best_seat,
        "tricks": [
            {"leader": t.leader, "cards": [[seat, str(c)] for seat, c in t.cards], "winner": t.winner} for t in v.tricks
        ],
        "tricks_won": list(v.tricks_won),
        "exchanged": list(v.exchanged),
        "points": list(v.points),
        "exchange_limit": v.exchange_limit,
        "legal": [words.action_json(a) for a in v.legal],
        "stakes": {
            "pool": s.pool,
            "share": s.share,
            "loo": s.loo,
            "match": s.match,
            "card_points": list(s.card_points),
        },
        "settlement": settlement_json(v.settlement),
    }


def stakes_json(v: View, totals: Sequence[int] | None) -> list[str] | None:
    """What each choice open to the View's seat can win or cost, in the engine's words (``engine.stakewords``, as
    the terminal game says them); None when the seat has no choice now. ``totals``: Louse's match totals so far."""
    if v.seat is None or not v.legal:
        return None
    return stakes_lines(v, totals=totals if v.points else None)


def event_json(ev: Event, narrator: Narrator) -> dict[str, Any]:
    """One (already censored) event: its kind, seat, sentence, and the public card it shows, if any."""
    out: dict[str, Any] = {"kind": ev.kind, "seat": ev.seat, "text": narrator.event(ev)}
    if isinstance(ev, Played):
        out["card"] = str(ev.action.card)
    elif isinstance(ev, TurnedUp):
        out["card"] = str(ev.card)
    elif isinstance(ev, TrickWon):
        out["no"] = ev.no
    return out


#: The style of the bot that stands in for an absent player, or chooses for a player whose turn timer ran out.
STAND_IN = "balanced"


def note_text(kind: str, names: Sequence[str], seat: int, reader: int | None, turn_seconds: int | None) -> str:
    """The ``note`` saying why the server acted for a player's ``seat``, as ``reader``'s page shows it: the turn
    timer ran out (``timeout``), or the player is away past the hold (``stand_in``)."""
    you = reader == seat
    name = names[seat]
    if kind == "timeout":
        who, whom = ("Your", "you") if you else (f"{name}'s", name)
        return f"{who} time ran out ({turn_seconds} s): the {STAND_IN} bot chose for {whom}."
    if you:
        return f"You are away: the {STAND_IN} bot plays for you until you come back."
    return f"{name} is away: the {STAND_IN} bot plays for {name} until they come back."


def events_json(events: Sequence[Event], seat: int | None, narrator: Narrator) -> list[dict[str, Any]]:
    """The events ``seat`` may see, each censored for it by the engine (``Event.censored``), in order."""
    return [event_json(e.censored(seat), narrator) for e in events]


#: Messages queued for a client that does not read; past this it is dropped rather than let the server's memory grow.
MAX_QUEUE = 2000


@dataclass
class Conn:
    """One websocket: its seat (None for a spectator), its outgoing queue and its rate limit."""

    ws: WebSocket
    seat: int | None
    limiter: RateLimit
    # Messages already serialised: a broadcast encodes each distinct message once, not once per connection.
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    throttled: bool = False
    alive: bool = True

    def send(self, msg: dict[str, Any]) -> None:
        self.send_text(json.dumps(msg, ensure_ascii=False))

    def send_text(self, text: str) -> None:
        if not self.alive:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.alive = False
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    def send_close(self) -> None:
        """Close the connection once what is queued has been sent (the last of it says why)."""
        if self.alive:
            self.alive = False
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        """Send the queue in order; a dead client ends only its own writer, never a broadcast."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
        except Exception:
            pass
        finally:
            self.alive = False
            with contextlib.suppress(Exception):
                await self.ws.close()
