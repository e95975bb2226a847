"""What a room does beside the play: the players' "Next deal" between deals (or the table's countdown), the hint,
and telling a player back from a drop what the stand-in bot played for them.

``Aside`` is mixed into ``room.Room``, which owns every attribute declared here; it is kept apart to keep each
module under the size limit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from lanterloo.bots import make_bot
from lanterloo.engine.words import hint_sentence
from lanterloo.web.outbox import Outbox
from lanterloo.web.protocol import STAND_IN, BadMessage, Conn, Ready, stakes_json, stale

if TYPE_CHECKING:
    from lanterloo.web.room import Config

#: The bot whose choice the hint shows (the terminal game's hint key asks the same one).
HINT_BOT = "balanced"


class Aside(Outbox):
    """The between-deals and help half of a room."""

    config: Config
    clock: Callable[[], float]
    changed: float
    lock: asyncio.Lock
    ready: set[int]
    played_for: dict[int, list[tuple[int, str]]]

    def kick(self) -> None:
        raise NotImplementedError

    def _next_deal_due(self) -> float:
        """When the next deal is dealt: after the pause once every connected player has pressed "Next deal" (a
        table of bots, or of absent players, deals on after the pause alone); else after the table's countdown, or
        never (inf) when the table waits for them all."""
        pause = self.config.deal_pause if self.config.deal_pause is not None else 3 * self.config.bot_delay
        base = self.changed + pause
        waiting = [
            s
            for s in range(self.setup.players)
            if self.kind(s) == "human" and self.connected(s) and s not in self.ready
        ]
        if not waiting:
            return base
        if self.setup.next_deal is None:
            return float("inf")
        return max(base, self.changed + self.setup.next_deal)

    def next_deal_left(self) -> float | None:
        deal = self.deal
        if deal is None or not deal.is_over or self.status != "playing":
            return None
        due = self._next_deal_due()
        return None if due == float("inf") else max(0.0, due - self.clock())

    def ready_seats(self) -> list[int]:
        return sorted(self.ready)

    async def mark_ready(self, conn: Conn, msg: Ready) -> None:
        """The sender's player has read the summary; the next deal comes once every player has."""
        async with self.lock:
            deal = self.deal
            if conn.seat is None:
                raise BadMessage('Spectators do not deal on: the players\' "Next deal" does.')
            if deal is None or not deal.is_over or self.status != "playing":
                raise BadMessage("No deal has just ended at this table: there is nothing to deal on from.")
            if msg.deal is not None and msg.deal != self.deal_no:
                raise stale("deal", msg.deal, self.deal_no, "Next deal")
            self.ready.add(conn.seat)
            left = self.next_deal_left()
            self.broadcast(
                {
                    "type": "ready",
                    "deal": self.deal_no,
                    "seats": self.ready_seats(),
                    "left_ms": None if left is None else round(left * 1000),
                }
            )
        self.kick()

    async def hint(self, conn: Conn) -> None:
        """What the hint bot would do in the sender's place, with its reasons in the second person and the stakes of
        every choice: sent to the sender alone, and nothing changes."""
        async with self.lock:
            deal = self.deal
            seat = conn.seat
            if seat is None:
                raise BadMessage("Spectators get no hint: take a seat to play.")
            if deal is None or deal.is_over or seat not in deal.seats_to_act():
                raise BadMessage("It is not your turn, so there is nothing to advise.")
            view = deal.view(seat)
            decision = make_bot(HINT_BOT, 0).decide(view)
            do, why = hint_sentence(self.words, decision.action, decision.reason, self.names, seat)
            conn.send(
                {
                    "type": "hint",
                    "deal": self.deal_no,
                    "step": len(deal.actions),
                    "action": self.words.action_json(decision.action),
                    "do": do,
                    "why": why,
                    "bot": HINT_BOT,
                    "stakes": stakes_json(view, self.session.totals if self.session else None),
                }
            )

    def _tell_returned(self, conn: Conn) -> None:
        """A player back from a drop is told what the stand-in bot played in their place, deal by deal."""
        seat = conn.seat
        if seat is None or not self.played_for.get(seat):
            return
        played = self.played_for.pop(seat)
        by_deal: dict[int, list[str]] = {}
        for number, label in played:
            by_deal.setdefault(number, []).append(label)
        parts = [f"deal {number}: {', '.join(labels)}" for number, labels in by_deal.items()]
        text = f"While you were away, the {STAND_IN} bot played for you ({'; '.join(parts)})."
        conn.send({"type": "note", "kind": "returned", "seat": seat, "deal": self.deal_no, "text": text})
