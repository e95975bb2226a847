"""The web table's store: SQLAlchemy 2 models and the repository the rooms use.

The store is event-sourced: a table's rows say how it was set up (rules, seats, the session's seed) and what
happened (each deal's secret seed, every accepted action, in order). A table's live state is never stored; it is
rebuilt by replaying the actions through ``lanterloo.Session`` (``room.py``), so no rule lives here.

Tokens are kept only as their SHA256: a leaked database does not let anyone take a seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"
#: The LISTEN/NOTIFY channel of the processes sharing one PostgreSQL database (``scale.py``).
CHANNEL = "lanterloo"
#: Seconds between SQLite checkpoints (Store._checkpoints).
CHECKPOINT_EVERY = 1.0

P = ParamSpec("P")


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "loo_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    title: Mapped[str] = mapped_column(String(64))
    preset: Mapped[str] = mapped_column(String(64))
    rules: Mapped[str] = mapped_column(Text)  # Rules.to_dict() as JSON: the complete rules, house options included
    players: Mapped[int] = mapped_column(Integer)
    stack: Mapped[int] = mapped_column(Integer)
    max_deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The Session's own seed: it chooses the first dealer and seeds the mid-deal reshuffles, so a replay repeats them.
    session_seed: Mapped[int] = mapped_column(BigInteger)
    host_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    created: Mapped[float] = mapped_column(Float)
    # A private table is not in the lobby, and its seats and its game need its invite code (kept as its SHA-256).
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # When a waiting table last moved (created, a seat taken): one idle past WAITING_EXPIRY expires.
    touched: Mapped[float | None] = mapped_column(Float, nullable=True)
    # Seconds a finished deal's summary stays (less once all press "Next deal"); NULL waits for all (migration 0003).
    next_deal: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SeatRow(Base):
    __tablename__ = "loo_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("loo_tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(8))  # human | bot
    style: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class DealRow(Base):
    __tablename__ = "loo_deals"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("loo_tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(64))  # secret until the deal is over
    commitment: Mapped[str] = mapped_column(String(64))
    procedure: Mapped[str] = mapped_column(String(64))


class ActionRow(Base):
    __tablename__ = "loo_actions"
    __table_args__ = (UniqueConstraint("table_id", "deal", "step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("loo_tables.id", ondelete="CASCADE"), index=True)
    deal: Mapped[int] = mapped_column(Integer)
    step: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))  # notation, as lanterloo.actions.parse_action reads it


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def default_url() -> str:
    """SQLite in the user's data folder (platformdirs), created if missing."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("lanterloo", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'web.sqlite3'}"


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(eng, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            # WAL keeps readers off the writer's back. With WAL, synchronous=NORMAL makes a commit durable against a
            # crash of the process (kill -9: the commit is in the WAL file, in the operating system's hands), which
            # is what the web table promises (issue 10, item 6); only a crash of the whole machine could lose the
            # last commits, never corrupt the file. FULL also waits for an fsync at every commit, on the event loop:
            # 1 to 5 ms of every action on this machine's disk (docs/benchmarks.md, "Web table under load").
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            # No checkpoint inside a commit: one copies the WAL into the database and fsyncs it, a pause of a
            # hundred milliseconds or more on the event loop every thousand pages; the Store's own thread does it.
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return eng
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic, with the package's own script location)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass(frozen=True)
class TableSetup:
    id: str
    title: str
    preset: str
    rules: dict[str, Any]
    players: int
    stack: int
    max_deals: int | None
    turn_seconds: int | None
    session_seed: int
    status: str
    private: bool = False
    next_deal: int | None = 0


@dataclass(frozen=True)
class SeatSetup:
    seat: int
    name: str
    kind: str
    style: str | None


@dataclass(frozen=True)
class StoredDeal:
    number: int
    seed: str
    commitment: str
    procedure: str
    actions: tuple[tuple[int, int, str], ...]  # (step, seat, action), in step order


def _setup(row: TableRow) -> TableSetup:
    return TableSetup(
        row.id,
        row.title,
        row.preset,
        json.loads(row.rules),
        row.players,
        row.stack,
        row.max_deals,
        row.turn_seconds,
        row.session_seed,
        row.status,
        bool(row.private),
        row.next_deal,
    )


class Store:
    """The repository: every write commits before it returns, so the caller may acknowledge it."""

    def __init__(self, url: str, *, offload: bool = False) -> None:
        self.url = url
        self.engine = make_engine(url)
        migrate(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # PostgreSQL: every write also notifies the other processes, in its own transaction, so a notification is
        # sent exactly when the write commits. SQLite is one process: nobody else to tell.
        self.shared = self.engine.dialect.name == "postgresql"
        # Signs this process's notifications, so that its Bus can skip its own writes (scale.py).
        self.proc = secrets.token_hex(6)
        self._sql: dict[tuple[str, str], tuple[tuple[str, tuple[str, ...] | None], ...]] = {}
        # Whether ``write`` runs an action's write in a thread, so that the event loop serves the other tables during
        # a PostgreSQL commit's round trip. Off by default: measured at 100 tables, the thread's hand-over cost more
        # CPU per action (9.2 against 5.9 ms) than the wait it saved, and CPU is what limits one process
        # (docs/benchmarks.md, "Web table under load"). SQLite's commit (synchronous=NORMAL) is CPU, not waiting.
        self.offload = offload
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.engine.dialect.name == "sqlite":
            self._checkpointer = threading.Thread(target=self._checkpoints, name="wal-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        """SQLite's WAL copied back into the database about once a second, off the event loop (the sqlite3 module
        lets go of the GIL while SQLite works). PASSIVE: it never waits for, nor blocks, a writer."""
        while not self._stop.wait(CHECKPOINT_EVERY):
            with contextlib.suppress(Exception), self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _notify(self, s: Session | Connection, table_id: str, kind: str) -> None:
        if self.shared:
            payload = json.dumps({"t": table_id, "k": kind, "p": self.proc})
            s.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})

    async def write(self, fn: Callable[P, None], *args: P.args, **kwargs: P.kwargs) -> None:
        """``fn(*args)``, one of this store's writes, committed when this returns: in a thread if ``offload``."""
        if self.offload:
            await asyncio.to_thread(fn, *args, **kwargs)
        else:
            fn(*args, **kwargs)

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join()
        self.engine.dispose()

    def _s(self) -> Session:
        return self.sessions()

    # --- tables ---

    def create_table(
        self,
        *,
        title: str,
        preset: str,
        rules: dict[str, Any],
        players: int,
        stack: int,
        max_deals: int | None,
        turn_seconds: int | None,
        private: bool = False,
        next_deal: int | None = 0,
    ) -> tuple[str, str, str | None]:
        """A new table; returns its id, the host's token and, for a private table, its invite code."""
        table_id = secrets.token_urlsafe(9)
        host = new_token()
        invite = new_token() if private else None
        now = time.time()
        with self._s() as s, s.begin():
            s.add(
                TableRow(
                    id=table_id,
                    title=title,
                    preset=preset,
                    rules=json.dumps(rules),
                    players=players,
                    stack=stack,
                    max_deals=max_deals,
                    turn_seconds=turn_seconds,
                    session_seed=secrets.randbits(62),
                    host_hash=token_hash(host),
                    status="waiting",
                    created=now,
                    private=private,
                    invite_hash=token_hash(invite) if invite else None,
                    touched=now,
                    next_deal=next_deal,
                )
            )
        return table_id, host, invite

    def table(self, table_id: str) -> TableSetup | None:
        with self._s() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else _setup(row)

    def tables(self, statuses: tuple[str, ...] = ("waiting", "playing")) -> list[TableSetup]:
        """Every table in one of ``statuses``, newest first (the server's own use: it resumes those in play)."""
        with self._s() as s:
            q = select(TableRow).where(TableRow.status.in_(statuses)).order_by(TableRow.created.desc())
            return [_setup(r) for r in s.scalars(q)]

    def lobby(self, limit: int, offset: int) -> tuple[list[TableSetup], int]:
        """One page of the public tables waiting or in play, newest first, and how many there are in all."""
        where = (TableRow.status.in_(("waiting", "playing")), TableRow.private.is_(False))
        with self._s() as s:
            q = (
                select(TableRow)
                .where(*where)
                .order_by(TableRow.created.desc(), TableRow.id)
                .limit(limit)
                .offset(offset)
            )
            rows = [_setup(r) for r in s.scalars(q)]
            total = s.scalar(select(func.count()).select_from(TableRow).where(*where)) or 0
        return rows, total

    def waiting(self) -> int:
        """How many tables wait for players."""
        with self._s() as s:
            q = select(func.count()).select_from(TableRow).where(TableRow.status == "waiting")
            return s.scalar(q) or 0

    def touch(self, table_id: str) -> None:
        with self._s() as s, s.begin():
            s.execute(update(TableRow).where(TableRow.id == table_id).values(touched=time.time()))

    def expire(self, idle: float) -> list[str]:
        """Mark ``expired`` the tables still waiting after ``idle`` seconds without a seat taken; their ids."""
        cutoff = time.time() - idle
        stale = (TableRow.status == "waiting", func.coalesce(TableRow.touched, TableRow.created) < cutoff)
        with self._s() as s, s.begin():
            ids = list(s.scalars(select(TableRow.id).where(*stale)))
            if ids:
                s.execute(update(TableRow).where(TableRow.id.in_(ids), *stale).values(status="expired"))
                for table_id in ids:
                    self._notify(s, table_id, "status")
        return ids

    def invited(self, table_id: str, code: str | None) -> bool:
        """Whether ``code`` opens the table: any code (or none) for a public table, its own for a private one."""
        with self._s() as s:
            row = s.get(TableRow, table_id)
            if row is None or not row.private:
                return row is not None
            return code is not None and secrets.compare_digest(row.invite_hash or "", token_hash(code))

    def is_host(self, table_id: str, token: str) -> bool:
        with self._s() as s:
            row = s.get(TableRow, table_id)
            return row is not None and secrets.compare_digest(row.host_hash, token_hash(token))

    def set_status(self, table_id: str, status: str) -> None:
        with self._s() as s, s.begin():
            s.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))
            self._notify(s, table_id, "status")

    # --- seats ---

    def seats(self, table_id: str) -> list[SeatSetup]:
        with self._s() as s:
            q = select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            return [SeatSetup(r.seat, r.name, r.kind, r.style) for r in s.scalars(q)]

    def take_seat(self, table_id: str, seat: int, name: str, kind: str, style: str | None) -> str | None:
        """Fill an empty seat; returns the seat's token for a human (None for a bot). The unique constraint decides
        a race between two takers: the loser's insert fails and it is told the seat is taken."""
        token = new_token() if kind == "human" else None
        with self._s() as s, s.begin():
            s.add(
                SeatRow(
                    table_id=table_id,
                    seat=seat,
                    name=name,
                    kind=kind,
                    style=style,
                    token_hash=token_hash(token) if token else None,
                )
            )
            s.flush()
            self._notify(s, table_id, "seat")
        return token

    def new_seat_token(self, table_id: str, seat: int, token: str) -> str | None:
        """Replace a human seat's token, given its current one: the new token, or None (nothing changed) if ``token``
        does not hold ``seat`` here. The old token stops working when this returns."""
        fresh = new_token()
        with self._s() as s, s.begin():
            done = s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.token_hash == token_hash(token))
                .values(token_hash=token_hash(fresh))
            )
            if not done.rowcount:  # type: ignore[attr-defined]  # a CursorResult for an UPDATE
                return None
            self._notify(s, table_id, "seat")
        return fresh

    def seat_of(self, table_id: str, token: str) -> int | None:
        h = token_hash(token)
        with self._s() as s:
            q = select(SeatRow.seat).where(SeatRow.table_id == table_id, SeatRow.token_hash == h)
            return s.scalar(q)

    # --- deals and actions ---

    # The two writes of every deal and every action go straight to the driver, with SQL compiled once for the
    # database's dialect: the same committed row for 0.12 ms of CPU, against 0.2 with SQLAlchemy Core and 0.9 with
    # an ORM unit of work, at every action (docs/benchmarks.md, "Web table under load").

    def _driver_sql(self, stmt: Any) -> tuple[str, tuple[str, ...] | None]:
        """``stmt`` as the driver's SQL, and the order of its parameters if the driver takes them by position."""
        compiled = stmt.compile(dialect=self.engine.dialect)
        return str(compiled), tuple(compiled.positiontup) if compiled.positional else None

    def _insert(self, table: Any, row: dict[str, Any], table_id: str, kind: str) -> None:
        """One row inserted (and the other processes notified) in one committed transaction; a duplicate key is
        SQLAlchemy's ``IntegrityError``, as from any other write."""
        key = (table.name, kind)
        if key not in self._sql:
            stmt = insert(table).values({name: bindparam(name) for name in row})
            note = select(func.pg_notify(bindparam("c"), bindparam("p")))
            self._sql[key] = (self._driver_sql(stmt), self._driver_sql(note))
        (sql, order), (note_sql, note_order) = self._sql[key]
        raw = self.engine.raw_connection()
        try:
            cur = raw.cursor()
            try:
                cur.execute(sql, row if order is None else tuple(row[k] for k in order))
                if self.shared:
                    p = {"c": CHANNEL, "p": json.dumps({"t": table_id, "k": kind, "p": self.proc})}
                    cur.execute(note_sql, p if note_order is None else tuple(p[k] for k in note_order))
                raw.commit()
            except self.engine.dialect.loaded_dbapi.IntegrityError as e:
                raw.rollback()
                raise IntegrityError(sql, row, e) from e
            except BaseException:
                raw.rollback()
                raise
            finally:
                cur.close()
        finally:
            raw.close()

    def add_deal(self, table_id: str, number: int, seed: str, commitment: str, procedure: str) -> None:
        row = {"table_id": table_id, "number": number, "seed": seed, "commitment": commitment, "procedure": procedure}
        self._insert(DealRow.__table__, row, table_id, "deal")

    def drop_deal(self, table_id: str, number: int) -> None:
        """Forget a deal that could not start (the session ended at its ante): it has no action."""
        with self._s() as s, s.begin():
            s.execute(delete(DealRow).where(DealRow.table_id == table_id, DealRow.number == number))

    def add_action(self, table_id: str, deal: int, step: int, seat: int, action: str) -> None:
        row = {"table_id": table_id, "deal": deal, "step": step, "seat": seat, "action": action}
        self._insert(ActionRow.__table__, row, table_id, "action")

    def deals(self, table_id: str, since: int = 0) -> list[StoredDeal]:
        """The table's deals numbered ``since`` or later, each with its actions."""
        with self._s() as s:
            q = select(DealRow).where(DealRow.table_id == table_id, DealRow.number >= since).order_by(DealRow.number)
            rows = list(s.scalars(q))
            acts = list(
                s.scalars(
                    select(ActionRow)
                    .where(ActionRow.table_id == table_id, ActionRow.deal >= since)
                    .order_by(ActionRow.deal, ActionRow.step)
                )
            )
        by_deal: dict[int, list[tuple[int, int, str]]] = {}
        for a in acts:
            by_deal.setdefault(a.deal, []).append((a.step, a.seat, a.action))
        return [StoredDeal(r.number, r.seed, r.commitment, r.procedure, tuple(by_deal.get(r.number, ()))) for r in rows]
