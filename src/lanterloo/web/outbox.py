"""What a room sends (docs/protocol.md, "Server to client"): the table's summary, each seat's ``state`` with the
events it has not yet seen, the end of a deal, and the finished deals as hand histories.

A connection gets one ``state`` message per change of the deal, carrying both the new events and the resulting
view: half the messages (and websocket frames, compressions and system calls) of sending them apart. Seats that see
the same thing share one message: it is built, narrated and serialised once per distinct seat (every spectator is
seat None), not once per connection (docs/benchmarks.md, "Web table under load").

``Outbox`` is the message half of ``room.Room``, kept in its own module to keep each under the size limit; it reads
the room's state and never changes it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lanterloo.engine import shape_of
from lanterloo.engine.dealrows import deal_rows
from lanterloo.engine.events import Event
from lanterloo.engine.moments import moment_json
from lanterloo.engine.narrate import Narrator
from lanterloo.engine.words import Words
from lanterloo.fairdeal import PROCEDURE
from lanterloo.history.writer import deal_to_record
from lanterloo.web.protocol import Conn, events_json, stakes_json, view_json

if TYPE_CHECKING:
    from lanterloo import Deal, Rules, Session
    from lanterloo.session import DealRecord
    from lanterloo.web.store import SeatSetup, TableSetup


def encode(msg: dict[str, Any]) -> str:
    """A message as the text sent on the websocket."""
    return json.dumps(msg, ensure_ascii=False)


class Outbox:
    """The messages of a room (mixed into ``Room``, which owns every attribute declared here)."""

    setup: TableSetup
    rules: Rules
    words: Words
    seats: dict[int, SeatSetup]
    status: str
    session: Session | None
    deal: Deal | None
    deal_no: int
    seeds: dict[int, tuple[str, str]]
    conns: list[Conn]
    remote: dict[int, set[str]]  # seat -> the other processes it is connected to

    @property
    def names(self) -> list[str]:
        return [self.seats[s].name if s in self.seats else f"Seat {s}" for s in range(self.setup.players)]

    def kind(self, seat: int) -> str:
        s = self.seats.get(seat)
        return "empty" if s is None else s.kind

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and c.alive for c in self.conns) or bool(self.remote.get(seat))

    def turn_deadline(self) -> float | None:
        """Seconds left on the turn timer (the room's clock and timer decide)."""
        raise NotImplementedError

    def next_deal_left(self) -> float | None:
        """Seconds left before the next deal is dealt without waiting for everyone's "Next deal" (None: it waits)."""
        raise NotImplementedError

    def ready_seats(self) -> list[int]:
        """The seats whose players have pressed "Next deal" since the last deal ended."""
        raise NotImplementedError

    # --- the table ---

    def summary(self) -> dict[str, Any]:
        session = self.session
        return {
            "table_id": self.setup.id,
            "title": self.setup.title,
            "preset": self.setup.preset,
            "players": self.setup.players,
            "stack": self.setup.stack,
            "deals": self.setup.max_deals,
            "turn_seconds": self.setup.turn_seconds,
            "next_deal": self.setup.next_deal,
            "words": self.words.vocabulary(),
            "status": self.status,
            "seats": [
                {
                    "seat": s,
                    "name": self.seats[s].name if s in self.seats else None,
                    "kind": self.kind(s),
                    "style": self.seats[s].style if s in self.seats else None,
                    "connected": self.connected(s),
                }
                for s in range(self.setup.players)
            ],
            "seated": len(self.seats),
            "rules": {"options": self.rules.to_dict(), "house": self.rules.differences()},
            "deals_played": session.deals_played if session else 0,
            "stacks": list(session.stacks) if session else [self.setup.stack] * self.setup.players,
            "pool": session.pool if session else 0,
            "end": session.end_reason if session else None,
        }

    def broadcast(self, msg: dict[str, Any]) -> None:
        """The same message to every connection, serialised once."""
        text = encode(msg)
        for c in self.conns:
            c.send_text(text)

    def broadcast_summary(self) -> None:
        self.broadcast({"type": "table", "table": self.summary()})

    def seat_changed(self, seat: int) -> None:
        self.broadcast({"type": "seat", "seat": seat, "connected": self.connected(seat), "kind": self.kind(seat)})

    # --- the deal ---

    def state_msg(self, seat: int | None, events: Sequence[Event] = ()) -> dict[str, Any] | None:
        """``seat``'s state: the deal's ``events`` it may see (censored and narrated for it), then its view."""
        deal = self.deal
        if deal is None:
            return None
        view = deal.view(seat)
        return {
            "type": "state",
            "deal": self.deal_no,
            "step": len(deal.actions),
            "events": events_json(events, seat, Narrator(self.rules, self.names, you=seat, cite=False)),
            "view": view_json(view, self.words),
            "names": self.names,
            "commitment": self.seeds[self.deal_no][1],
            "stakes_lines": stakes_json(view, self.session.totals if self.session else None),
            "prompt": self.words.prompt(view.phase, view.legal, view) if seat is not None else None,
            "turn_deadline_ms": None if (left := self.turn_deadline()) is None else round(left * 1000),
        }

    def send_state(self, conn: Conn) -> None:
        """A joining connection's state: everything of the deal so far that its seat may see, and, between deals,
        the summary of the one that just ended (a page that reloads then still sees it)."""
        if self.deal is not None:
            state = self.state_msg(conn.seat, self.deal.events)
            assert state is not None
            conn.send(state)
            if self.deal.is_over and self.status == "playing":
                over = self.deal_over_msg(conn.seat)
                if over is not None:
                    conn.send(over)

    def broadcast_progress(self, seen: int) -> None:
        """The events from ``seen`` on and the resulting state, in one message per connection, built once per seat."""
        deal = self.deal
        assert deal is not None
        new = deal.events[seen:]
        texts: dict[int | None, str] = {}
        for c in self.conns:
            text = texts.get(c.seat)
            if text is None:
                state = self.state_msg(c.seat, new)
                assert state is not None
                text = texts[c.seat] = encode(state)
            c.send_text(text)

    def deal_over_msg(self, seat: int | None) -> dict[str, Any] | None:
        """The last finished deal for ``seat``: its seed revealed, its settlement, the summary's rows (the engine's
        numbers: ante, shares, loo, stack before → after; Louse's points card by card and the match totals) and
        when the next deal comes. None when no deal has finished in this session."""
        deal, session = self.deal, self.session
        if deal is None or deal.settlement is None or session is None or not session.records:
            return None
        record: DealRecord = session.records[-1]
        if record.deal is not deal:
            return None
        seed, commit = self.seeds[self.deal_no]
        settlement = deal.settlement
        view = deal.view(seat)
        after = record.totals_after if shape_of(self.rules).scores_points else None
        before = [a - p for a, p in zip(after, settlement.points, strict=True)] if after and settlement.points else None
        left = self.next_deal_left()
        return {
            "type": "deal_over",
            "deal": self.deal_no,
            "seed": seed,
            "commitment": commit,
            "procedure": PROCEDURE,
            "settlement": settlement.to_dict(),
            "lines": Narrator(self.rules, self.names, you=seat, cite=False).settlement(settlement, view),
            "summary": deal_rows(view, self.names, you=seat, totals_before=before, totals_after=after),
            "session_over": session.over,
            "session_end": session.end_reason,
            # past the agreed deals: why the next deal comes all the same (SESSION-4); where the pool went at the end
            "session_note": session.pool_left() if session.over else session.settling_line(),
            "moment": moment_json(view, self.names, seat, session.losers if session.over else ()),
            "next_deal": {
                "seconds": self.setup.next_deal,
                "left_ms": None if left is None else round(left * 1000),
                "ready": self.ready_seats(),
            },
        }

    def broadcast_deal_over(self) -> None:
        """The deal's seed revealed and its summary, to every connection (built once per seat)."""
        texts: dict[int | None, str] = {}
        for c in self.conns:
            text = texts.get(c.seat)
            if text is None:
                msg = self.deal_over_msg(c.seat)
                assert msg is not None
                text = texts[c.seat] = encode(msg)
            c.send_text(text)

    # --- history ---

    def history(self) -> list[dict[str, Any]]:
        """The finished deals as hand-history records, each with its revealed seed (never the deal in play)."""
        session = self.session
        if session is None:
            return []
        out = []
        for rec in session.records:
            seed, commit = self.seeds[rec.number]
            obj = deal_to_record(
                rec.deal,
                number=rec.number,
                names=self.names,
                seed=rec.seed,
                session=self.setup.id,
                totals_after=rec.totals_after if shape_of(self.rules).scores_points else None,
            )
            obj["fair"] = {"seed": seed, "commitment": commit, "procedure": PROCEDURE}
            out.append(obj)
        return out
