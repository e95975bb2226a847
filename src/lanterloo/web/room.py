"""One live table: its Session, seats, bots, timers and connections, rebuilt from the store by replaying its log.

Every accepted action goes the same way, whoever sends it (a player, a bot, a bot standing in for an absent player,
the turn timer): the engine checks it (``Deal.check``), the store commits it, and only then is it applied and
broadcast. A refusal changes nothing and is answered to its sender alone.

One task per room, the *driver*, does everything that happens by itself: bots' moves (after ``bot_delay``), the
next deal, a bot taking over a seat whose player has been away ``hold_seconds``, and the turn timer. It sleeps
until the earliest of those is due, or until something changes (``wake``). Every time is read from
``Config.clock``, so a test can run a fake clock: it moves the clock, then ``kick``s the driver to look again.

With PostgreSQL several processes may hold a room for one table (``scale.py``): ``owner`` says whether this one runs
the driver, ``catch_up`` applies what the others wrote, and ``remote`` holds the seats connected to other processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError

from lanterloo import Action, Deal, IllegalActionError, LooError, Rules, Session, parse_action
from lanterloo.bots import Bot, make_bot
from lanterloo.engine.words import Words
from lanterloo.fairdeal import PROCEDURE, commitment, deck_from_seed, new_seed
from lanterloo.web.aside import Aside
from lanterloo.web.protocol import (
    STAND_IN,
    Act,
    BadMessage,
    Conn,
    Hint,
    Ping,
    Ready,
    note_text,
    parse_message,
    stale,
)
from lanterloo.web.store import SeatSetup, Store, TableSetup


class Stale(Exception):
    """Another process stored this step first: the room has caught up, and the caller looks again."""


@dataclass
class Config:
    bot_delay: float = 0.8
    deal_pause: float | None = None  # between deals; bot_delay * 3 when None
    hold_seconds: float = 60.0
    rate: float = 20.0
    burst: float = 40.0
    clock: Callable[[], float] = time.monotonic  # seconds; the tests' fake clock moves only when told


class Room(Aside):
    def __init__(self, store: Store, setup: TableSetup, seats: list[SeatSetup], config: Config) -> None:
        self.store = store
        self.setup = setup
        self.config = config
        self.rules = Rules.from_dict(setup.rules)
        self.words = Words(self.rules)
        self.seats: dict[int, SeatSetup] = {s.seat: s for s in seats}
        self.status = setup.status
        self.session: Session | None = None
        self.deal: Deal | None = None  # the deal in play, or the last one finished
        self.deal_no = 0
        self.seeds: dict[int, tuple[str, str]] = {}  # deal number -> (seed, commitment)
        self.conns: list[Conn] = []
        self.clock = config.clock
        now = self.clock()
        self.away_since: dict[int, float] = {s: now for s in self.seats}  # human seats with no connection
        self.changed = now  # when the deal last moved: bots and the turn timer count from here
        self.bots: dict[int, Bot] = {}
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self.owner = True  # runs the driver: always, with one process
        self.remote: dict[int, set[str]] = {}  # seat -> the other processes it is connected to
        self.on_presence: Callable[[int, bool], None] | None = None  # tells the other processes
        self.standing_in: set[int] = set()  # absent players' seats the stand-in bot has played for (told once)
        self.ready: set[int] = set()  # seats whose players pressed "Next deal" since the last deal ended
        # what the stand-in bot played for each absent player, told to the player on return: (deal, label)
        self.played_for: dict[int, list[tuple[int, str]]] = {}
        if self.status != "waiting":
            self._replay()

    # --- rebuilding ---

    def _new_session(self) -> Session:
        return Session(
            self.rules,
            self.names,
            stack=self.setup.stack,
            seed=self.setup.session_seed,
            max_deals=self.setup.max_deals,
        )

    def _replay(self) -> None:
        """The table as its log left it: every stored deal dealt from its seed, every stored action applied."""
        session = self._new_session()
        self.session = session
        for stored in self.store.deals(self.setup.id):
            try:
                deal = session.new_deal(deck=deck_from_seed(self.rules, self.setup.players, stored.seed))
            except LooError:
                break  # the session ended at this deal's ante: it never started
            for _step, seat, text in stored.actions:
                deal.apply(parse_action(text), seat)
            self.deal, self.deal_no = deal, stored.number
            self.seeds[stored.number] = (stored.seed, stored.commitment)
            if deal.is_over:
                session.finish_deal()
        if session.over and self.status != "over":
            self._set_status("over")

    def _set_status(self, status: str) -> None:
        self.store.set_status(self.setup.id, status)
        self.status = status

    # --- who acts for a seat ---

    def _bot(self, seat: int) -> Bot:
        if seat not in self.bots:
            s = self.seats[seat]
            style = s.style if s.kind == "bot" and s.style else STAND_IN
            self.bots[seat] = make_bot(style, random.Random(f"{self.setup.id}/{seat}").getrandbits(63))
        return self.bots[seat]

    def _due(self, seat: int, now: float) -> float:
        """When the server acts for ``seat``, which is to act now (inf: it waits for its player)."""
        cfg = self.config
        if self.kind(seat) == "bot":
            return self.changed + cfg.bot_delay
        due = float("inf")
        if seat in self.away_since:
            due = max(self.away_since[seat] + cfg.hold_seconds, self.changed + cfg.bot_delay)
        if self.setup.turn_seconds:
            due = min(due, self.changed + self.setup.turn_seconds)
        return due

    # --- the driver ---

    def kick(self) -> None:
        self.wake.set()
        if self.driver is None or self.driver.done():
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def stop(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.driver
        for c in self.conns:
            c.alive = False
            c.queue.put_nowait(None)

    async def step(self) -> float | None:
        """One look by the driver: do what is due (None), else say how long until something is."""
        async with self.lock:
            return await self._step()

    async def _drive(self) -> None:
        while self.status == "playing":
            self.wake.clear()
            wait = await self.step()
            if wait is None:
                await asyncio.sleep(0)  # a table of bots with no delay must not starve the process's other work
                continue
            if wait == float("inf"):
                await self.wake.wait()
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), timeout=wait)

    async def _step(self) -> float | None:
        """Do what is due, if anything (None: something was done, look again); else how long to wait."""
        now = self.clock()
        deal, session = self.deal, self.session
        if session is None or self.status != "playing" or not self.owner:
            return float("inf")
        if deal is None or deal.is_over:
            due = self._next_deal_due() if deal is not None else now
            if now < due:
                return due - now
            self._start_deal()
            return None
        seats = deal.seats_to_act()
        best = min(((self._due(s, now), s) for s in seats), default=(float("inf"), -1))
        if best[0] > now:
            return best[0] - now
        seat = best[1]
        action = self._bot(seat).decide(deal.view(seat)).action
        away = self.kind(seat) == "human" and now >= self.away_since.get(seat, now + 1) + self.config.hold_seconds
        with contextlib.suppress(Stale):
            await self._commit(seat, action, self._why(seat, now))
            if away:
                self.played_for.setdefault(seat, []).append((self.deal_no, self.words.action(action)))
        return None

    def _why(self, seat: int, now: float) -> str | None:
        """Why the server acts for a player's seat now: its player is away past the hold ("stand_in", said once
        per absence), or the turn timer ran out ("timeout"); None for a bot's own seat or a stand-in already told."""
        if self.kind(seat) != "human":
            return None
        away = self.away_since.get(seat)
        if away is not None and now >= away + self.config.hold_seconds:
            if seat in self.standing_in:
                return None
            self.standing_in.add(seat)
            return "stand_in"
        return "timeout"

    def turn_deadline(self) -> float | None:
        """Seconds left before the turn timer acts for the players to act now; None without a timer, between
        deals, or when only bots are to act. Every seat to act shares one deadline: the timer counts from the
        table's last move."""
        deal, turn = self.deal, self.setup.turn_seconds
        if not turn or deal is None or deal.is_over or self.status != "playing":
            return None
        if not any(self.kind(s) == "human" for s in deal.seats_to_act()):
            return None
        return max(0.0, self.changed + turn - self.clock())

    def _note(self, kind: str, seat: int, step: int) -> None:
        """Tell every connection why the server acted for ``seat`` at ``step`` (the events that follow show the
        action as each connection may see it: the note never names it)."""
        for c in self.conns:
            text = note_text(kind, self.names, seat, c.seat, self.setup.turn_seconds)
            c.send({"type": "note", "kind": kind, "seat": seat, "deal": self.deal_no, "step": step, "text": text})

    # --- deals and actions ---

    def start(self) -> None:
        """Start play (every seat is filled)."""
        self.session = self._new_session()
        self._set_status("playing")
        self.changed = self.clock() - 3600.0  # the first deal at once
        self.broadcast_summary()
        self.kick()

    def _start_deal(self) -> None:
        session = self.session
        assert session is not None
        if session.over:
            self._set_status("over")
            self.broadcast_summary()
            return
        seed = new_seed()
        number = self.deal_no + 1
        # The seed and its commitment are stored before the deal starts: a restart deals the same cards.
        try:
            self.store.add_deal(self.setup.id, number, seed, commitment(seed), PROCEDURE)
        except IntegrityError:
            self.catch_up()  # another process dealt it first
            return
        try:
            deal = session.new_deal(deck=deck_from_seed(self.rules, self.setup.players, seed))
        except LooError:
            self.store.drop_deal(self.setup.id, number)
            self._set_status("over")
            self.broadcast_summary()
            return
        self.deal, self.deal_no = deal, number
        self.seeds[number] = (seed, commitment(seed))
        self.changed = self.clock()
        self.ready.clear()
        self.broadcast_progress(0)

    async def _commit(self, seat: int, action: Action, why: str | None = None) -> None:
        """Check, store (committed), apply, broadcast (after a ``note`` saying ``why`` when the server acted for a
        player). Raises IllegalActionError, changing nothing.

        The write may run in a thread (``Store.offload``): the room's lock is held meanwhile, so this table waits for
        its commit, while the event loop serves the other tables."""
        deal = self.deal
        assert deal is not None
        deal.check(action, seat)
        step = len(deal.actions)
        seen = len(deal.events)
        try:
            await self.store.write(self.store.add_action, self.setup.id, self.deal_no, step, seat, action.notation())
        except IntegrityError:
            self.catch_up()
            raise Stale from None
        deal.apply(action, seat)
        self.changed = self.clock()
        if why is not None:
            self._note(why, seat, step)
        self.broadcast_progress(seen)
        if deal.is_over:
            self._deal_over()
        self.wake.set()

    def _deal_over(self) -> None:
        session = self.session
        assert session is not None
        session.finish_deal()  # booked first: the summary carries the match totals after the deal
        self.ready.clear()
        self.broadcast_deal_over()
        if session.over:
            self._set_status("over")
            self.broadcast_summary()

    async def act(self, conn: Conn, msg: Act) -> None:
        for _ in range(3):
            with contextlib.suppress(Stale):
                return await self._act(conn, msg)
        raise BadMessage("The table is busy: try again.")

    async def _act(self, conn: Conn, msg: Act) -> None:
        async with self.lock:
            deal = self.deal
            if conn.seat is None:
                raise BadMessage("Spectators cannot act: take a seat to play.")
            if deal is None or deal.is_over or self.status != "playing":
                raise BadMessage("No deal is in play at this table now.")
            if msg.deal is not None and msg.deal != self.deal_no:
                raise stale("deal", msg.deal, self.deal_no)
            if msg.step is not None and msg.step != len(deal.actions):
                simultaneous = len(deal.seats_to_act()) > 1 and conn.seat in deal.seats_to_act()
                if not simultaneous:
                    raise stale("step", msg.step, len(deal.actions))
            try:
                await self._commit(conn.seat, msg.action)
            except IllegalActionError as e:
                raise BadMessage(e.describe(self.names), e.rule_id) from None
            except LooError as e:
                raise BadMessage(str(e)) from None

    # --- other processes (scale.py) ---

    def catch_up(self) -> None:
        """Apply what other processes stored since this room last looked: seats, the start, deals, actions."""
        now = self.clock()
        if self.status == "waiting":
            seats = self.store.seats(self.setup.id)
            for s in seats:
                if s.seat not in self.seats and s.kind == "human" and not self.connected(s.seat):
                    self.away_since[s.seat] = now
            self.seats = {s.seat: s for s in seats}
            setup = self.store.table(self.setup.id)
            if setup is not None and setup.status == "expired":
                self.status = "expired"
            elif setup is not None and setup.status != "waiting":
                self.session, self.status = self._new_session(), setup.status
                self.changed = now - 3600.0
            self.broadcast_summary()
        session = self.session
        if session is None:
            return
        for stored in self.store.deals(self.setup.id, since=self.deal_no):
            if stored.number > self.deal_no:
                try:
                    fresh = session.new_deal(deck=deck_from_seed(self.rules, self.setup.players, stored.seed))
                except LooError:
                    break  # the session ended at this deal's ante: its owner drops it
                self.deal, self.deal_no, self.changed = fresh, stored.number, now
                self.seeds[stored.number] = (stored.seed, stored.commitment)
                self.broadcast_progress(0)
            deal = self.deal
            if deal is None:
                continue
            for _step, seat, text in stored.actions[len(deal.actions) :]:
                if deal.is_over:
                    break
                seen = len(deal.events)
                deal.apply(parse_action(text), seat)
                self.changed = now
                self.broadcast_progress(seen)
                if deal.is_over:
                    self._deal_over()
        if session.over and self.status != "over":
            self.status = "over"
            self.broadcast_summary()
        self.wake.set()

    def presence(self, proc: str, seat: int, on: bool) -> None:
        """Another process's connections to ``seat`` began (``on``) or all ended."""
        procs = self.remote.setdefault(seat, set())
        if on:
            procs.add(proc)
            self.away_since.pop(seat, None)
            self.standing_in.discard(seat)
        else:
            procs.discard(proc)
            if self.kind(seat) == "human" and not self.connected(seat):
                self.away_since.setdefault(seat, self.clock())
        self.seat_changed(seat)
        self.wake.set()

    # --- connections ---

    async def join(self, conn: Conn, note: str | None = None) -> None:
        """Welcome a connection (then ``note`` as an error, if any) and send it the deal so far."""
        async with self.lock:
            self.conns.append(conn)
            conn.send({"type": "welcome", "seat": conn.seat, "table": self.summary()})
            if note is not None:
                conn.send({"type": "error", "message": note, "rule": None})
            self.send_state(conn)
            self._tell_returned(conn)
            if conn.seat is not None:
                self.away_since.pop(conn.seat, None)
                self.standing_in.discard(conn.seat)
                self.seat_changed(conn.seat)
                if self.on_presence is not None:
                    self.on_presence(conn.seat, True)
        self.kick()

    async def leave(self, conn: Conn) -> None:
        async with self.lock:
            conn.alive = False
            conn.queue.put_nowait(None)
            if conn in self.conns:
                self.conns.remove(conn)
            seat = conn.seat
            if seat is not None and self.kind(seat) == "human" and not self.connected(seat):
                self.away_since[seat] = self.clock()
                self.seat_changed(seat)
            if seat is not None and self.on_presence is not None and not any(c.seat == seat for c in self.conns):
                self.on_presence(seat, False)
        self.kick()

    async def receive(self, conn: Conn, raw: str | bytes) -> None:
        """One client message: answered, or refused in one sentence; the connection stays open either way."""
        if not conn.limiter.allow():
            if not conn.throttled:
                conn.throttled = True
                slow = f"Too many messages: slow down (at most {self.config.rate:g} a second)."
                conn.send({"type": "error", "message": slow, "rule": None})
            return
        conn.throttled = False
        try:
            msg = parse_message(raw)
            if isinstance(msg, Ping):
                conn.send({"type": "pong"})
            elif isinstance(msg, Hint):
                await self.hint(conn)
            elif isinstance(msg, Ready):
                await self.mark_ready(conn, msg)
            else:
                await self.act(conn, msg)
        except BadMessage as e:
            conn.send({"type": "error", "message": str(e), "rule": e.rule})
