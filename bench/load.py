"""The web table under load (issue 10, "Measured"): ``make load`` runs this file.

It starts ``loo serve`` on 127.0.0.1 (or is pointed at one with ``--url``), creates ``--tables`` tables of 5 seats
through the HTTP API, and seats a websocket client in every seat. Each client is a bot that knows only the public
protocol (docs/protocol.md): on a ``state`` that lists its seat to act, it thinks for ``--think`` seconds (jittered
by ``--jitter``), chooses among the state's ``legal`` actions (seeded, playing rather than passing 7 times in 10) and
sends an ``act``. The latency of an action runs from sending it to receiving the broadcast ``state`` whose
``events`` include it (the server sends it to every seat after committing the action).

It stops by itself after ``--seconds``, or when every table has played its ``--deals``. While it runs it prints a
line every ``--every`` seconds; at the end, the report (``--json`` also writes it as JSON).

Only loopback: the server it starts listens on 127.0.0.1, and ``--url`` must name 127.0.0.1 or localhost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import gc
import json
import math
import multiprocessing as mp
import os
import queue as queue_mod
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException
from websockets.typing import Subprotocol

SRC = Path(__file__).resolve().parents[1] / "src"
Seat = tuple[str, int, str, float]  # table id, seat, seat token, seconds before its client connects


@dataclass
class Options:
    url: str | None = None
    db: str | None = None  # SQLAlchemy URL for the server this tool starts; SQLite in a temp folder when None
    tables: int = 200
    players: int = 5
    preset: str = "three-card"
    stack: int = 10_000  # large, so no table ends early because a player went broke
    deals: int | None = None  # deals each table's clients play, then leave; None: until --seconds
    seconds: float = 60.0
    # The tables' players arrive over this many seconds, as people sit down, rather than all at once: tables that
    # all start at one moment stay in step for minutes, every deal ending and starting in the same second.
    ramp: float = 20.0
    think: float = 1.0
    jitter: float = 0.5  # the think time is uniform in think * [1 - jitter, 1 + jitter]
    deal_pause: float = 0.8  # the server's --bot-delay, which also sets its pause between deals (3x)
    deflate: bool = True  # offer permessage-deflate, as browsers do (the server then compresses every message)
    procs: int = 2  # client processes: one process of 1000 clients adds its own queueing to the latency
    seed: int = 1
    every: float = 5.0
    quiet: bool = False
    profile: str | None = None  # write the server's cProfile here


@dataclass
class Stats:
    """What the clients counted; merged across client processes."""

    actions: int = 0
    errors: int = 0
    deals: int = 0
    disconnects: int = 0
    latencies: list[float] = field(default_factory=list)
    error_samples: list[str] = field(default_factory=list)
    tables_over: int = 0
    connected: int = 0

    def merge(self, other: Stats) -> None:
        self.actions += other.actions
        self.errors += other.errors
        self.deals += other.deals
        self.disconnects += other.disconnects
        self.latencies += other.latencies
        self.tables_over += other.tables_over
        self.connected += other.connected
        self.error_samples += other.error_samples[: max(0, 5 - len(self.error_samples))]

    def take(self) -> Stats:
        """These counts, leaving this object empty (what a client process sends to the main one)."""
        out = copy.copy(self)
        vars(self).update(vars(Stats()))
        return out


def percentile(values: Sequence[float], q: float) -> float | None:
    """The nearest-rank percentile (q in 0..100), or None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


@dataclass
class Report:
    db: str
    tables: int
    clients: int
    think: float
    ramp: float
    deflate: bool
    connect_s: float | None  # until every client was welcomed; the figures below are from then on
    seconds: float
    actions: int
    actions_all: int  # the connecting phase's too: every action the server confirmed
    actions_per_s: float
    p50_ms: float | None
    p99_ms: float | None
    max_ms: float | None
    errors: int
    disconnects: int
    deals_finished: int
    tables_done: int
    server_cpu_s: float | None
    server_wait_s: float | None  # runnable but waiting for a CPU: the machine's other work, not the server's
    client_cpu_s: float
    load_average: tuple[float, float]  # the machine's 1-minute load average before and after
    error_samples: list[str]

    def lines(self) -> list[str]:
        def ms(v: float | None) -> str:
            return "-" if v is None else f"{v:.1f} ms"

        srv = self.server_cpu_s
        per = f", {1000 * srv / self.actions:.1f} ms an action" if srv is not None and self.actions else ""
        cpu = "-" if srv is None else f"{srv:.1f} s ({srv / self.seconds:.0%} of a core{per})"
        out = [
            f"database        {self.db}",
            f"tables          {self.tables} of {self.clients // max(1, self.tables)} seats ({self.clients} clients), "
            f"think {self.think:g} s, {'with' if self.deflate else 'without'} permessage-deflate",
            f"connected in    {'-' if self.connect_s is None else f'{self.connect_s:.1f} s'} "
            f"(the players arriving over {self.ramp:g} s)",
            f"measured        {self.seconds:.1f} s from then",
            f"actions         {self.actions} ({self.actions_per_s:.1f}/s; {self.actions_all} with the connecting)",
            f"latency         p50 {ms(self.p50_ms)}, p99 {ms(self.p99_ms)}, max {ms(self.max_ms)}",
            f"errors          {self.errors} (disconnects {self.disconnects})",
            f"deals finished  {self.deals_finished} (tables done: {self.tables_done})",
            f"cpu             server {cpu}; clients {self.client_cpu_s:.1f} s in all "
            f"({self.client_cpu_s / self.seconds:.0%}); load average {self.load_average[0]:.1f} then "
            f"{self.load_average[1]:.1f} on {os.cpu_count()} cores",
        ]
        if self.server_wait_s is not None:
            out.append(f"server waited   {self.server_wait_s:.1f} s for a CPU while runnable (other processes)")
        out += [f"  error: {e}" for e in self.error_samples]
        return out


# --- one client ---


class Client:
    """One seat's websocket bot: acts on its turns, counts its actions, their latency, and refusals."""

    def __init__(self, base: str, seat: Seat, opts: Options, stats: Stats, stop: asyncio.Event) -> None:
        self.base, (self.table, self.seat, self.token, self.delay) = base, seat
        self.opts, self.stats, self.stop = opts, stats, stop
        self.rng = random.Random(f"{opts.seed}/{self.table}/{self.seat}")
        self.state: dict[str, Any] | None = None
        self.sent_at: float | None = None  # an action is in flight since then
        self.thinking = False
        self.deals = 0

    def my_turn(self) -> bool:
        st = self.state
        return (
            st is not None
            and self.sent_at is None
            and self.seat in st["view"]["seats_to_act"]
            and bool(st["view"]["legal"])
        )

    def choose(self, legal: list[str]) -> str:
        keen = [a for a in legal if a != "pass"]
        return self.rng.choice(keen if keen and self.rng.random() < 0.7 else legal)

    async def think_then_act(self, ws: Any) -> None:
        try:
            o = self.opts
            if o.think > 0:
                await asyncio.sleep(o.think * self.rng.uniform(1 - o.jitter, 1 + o.jitter))
            if self.stop.is_set() or not self.my_turn():
                return
            st = self.state
            assert st is not None
            action = self.choose([a["action"] for a in st["view"]["legal"]])
            msg = json.dumps({"type": "act", "action": action, "deal": st["deal"], "step": st["step"]})
            self.sent_at = time.perf_counter()
            await ws.send(msg)
        finally:
            self.thinking = False

    def maybe_act(self, ws: Any) -> None:
        if not self.thinking and self.my_turn() and not self.stop.is_set():
            self.thinking = True
            asyncio.get_running_loop().create_task(self.think_then_act(ws))

    async def run(self) -> None:
        ws_base = self.base.replace("http", "ws", 1)
        url = f"{ws_base}/ws/tables/{self.table}"
        seat = [Subprotocol("lanterloo"), Subprotocol(f"lanterloo.token.{self.token}")]  # never in the URL
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop.wait(), timeout=self.delay)
        if self.stop.is_set():
            return
        try:
            deflate = "deflate" if self.opts.deflate else None
            async with connect(
                url, subprotocols=seat, max_size=2**20, ping_interval=None, open_timeout=60, compression=deflate
            ) as ws:
                reader = asyncio.get_running_loop().create_task(self.read(ws))
                stopper = asyncio.get_running_loop().create_task(self.stop.wait())
                await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
                for t in (reader, stopper):
                    t.cancel()
                    with contextlib.suppress(asyncio.CancelledError, WebSocketException, OSError):
                        await t
        except (WebSocketException, OSError, TimeoutError) as e:
            if not self.stop.is_set():
                self.stats.disconnects += 1
                if len(self.stats.error_samples) < 5:
                    self.stats.error_samples.append(f"seat {self.seat} of {self.table}: {type(e).__name__}: {e}")

    async def read(self, ws: Any) -> None:
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "welcome":
                self.stats.connected += 1
            elif kind == "state":
                if self.sent_at is not None and any(e["seat"] == self.seat for e in msg["events"]):
                    self.stats.latencies.append(time.perf_counter() - self.sent_at)
                    self.stats.actions += 1
                    self.sent_at = None
                self.state = msg
                self.maybe_act(ws)
            elif kind == "error":
                self.stats.errors += 1
                if len(self.stats.error_samples) < 5:
                    self.stats.error_samples.append(f"seat {self.seat} of {self.table}: {msg['message']}")
                self.sent_at = None  # refused: the state it answered still stands, so decide again
                self.maybe_act(ws)
            elif kind == "deal_over":
                self.deals += 1
                if self.seat == 0:
                    self.stats.deals += 1
                if self.deals == self.opts.deals:
                    # every seat sees the same deal_over, so the whole table leaves together
                    self.stats.tables_over += self.seat == 0
                    return
            elif kind == "table" and msg["table"]["status"] == "over":
                self.stats.tables_over += self.seat == 0
                return


async def play(base: str, seats: Sequence[Seat], opts: Options, stats: Stats, stop: asyncio.Event) -> None:
    """Every seat's client until ``stop`` is set or every table is done."""
    clients = [Client(base, s, opts, stats, stop) for s in seats]
    await asyncio.wait([asyncio.get_running_loop().create_task(c.run()) for c in clients])


def worker(base: str, seats: list[Seat], opts: Options, out: Any, halt: Any) -> None:
    """A client process: plays its seats until ``halt`` (a multiprocessing Event), sending its counts to the main
    process twice a second."""
    # as the server does (web/serve.py): a full collection over 500 connections' objects would add its pause to
    # every latency measured in this process
    gc.set_threshold(20_000, 10, 10)

    async def main() -> None:
        stats, stop = Stats(), asyncio.Event()
        task = asyncio.get_running_loop().create_task(play(base, seats, opts, stats, stop))
        while not task.done():
            await asyncio.wait({task}, timeout=0.5)
            if halt.is_set():
                stop.set()
            out.put(("stats", stats.take()))
        out.put(("stats", stats.take()))

    asyncio.run(main())
    out.put(("cpu", time.process_time()))
    out.put(("done", None))


# --- the server and its tables ---


def check_loopback(url: str) -> str:
    host = urlsplit(url).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"load: --url must be a loopback address (127.0.0.1), not {host!r}.")
    return url.rstrip("/")


@contextlib.contextmanager
def server(opts: Options, folder: Path) -> Iterator[tuple[str, int | None]]:
    """The server to load: ``--url`` as given, or ``loo serve`` started here; yields (base URL, pid or None)."""
    if opts.url is not None:
        yield check_loopback(opts.url), None
        return
    from bench.pgtemp import free_port

    port = free_port()
    db = opts.db or f"sqlite:///{folder / 'load.sqlite3'}"
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    prof = ["-m", "cProfile", "-o", opts.profile] if opts.profile else []
    cmd = [sys.executable, *prof, "-m", "lanterloo.cli", "serve", "--port", str(port), "--db", db]
    cmd += ["--bot-delay", str(opts.deal_pause), "--no-rate-limits"]
    log = open(folder / "server.log", "wb")  # noqa: SIM115 (closed below, after the server has stopped)
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(1200):  # until it answers (each try fails fast while it starts)
            if proc.poll() is not None:
                raise SystemExit(f"load: the server exited: {(folder / 'server.log').read_text()[-2000:]}")
            try:
                if httpx.get(f"{base}/api/presets", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        else:
            raise SystemExit("load: the server never answered")
        yield base, proc.pid
    finally:
        proc.send_signal(2)  # SIGINT: uvicorn shuts down cleanly, so cProfile writes its file
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU time of a process so far (Linux /proc), or None."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_wait(pid: int | None) -> float | None:
    """Seconds the process's main thread has waited, runnable, for a CPU (Linux /proc/PID/schedstat), or None."""
    if pid is None:
        return None
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def make_tables(base: str, opts: Options) -> list[Seat]:
    """The tables, every seat taken by a named player (the last one taken starts the table)."""
    seats: list[Seat] = []
    with httpx.Client(base_url=base, timeout=60) as http:
        for t in range(opts.tables):
            body = {"preset": opts.preset, "players": opts.players, "stack": opts.stack}
            r = http.post("/api/tables", json={**body, "title": f"Load {t}"})
            r.raise_for_status()
            tid = r.json()["table_id"]
            for s in range(opts.players):
                r = http.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"L{t}-{s}"})
                r.raise_for_status()
                seats.append((tid, s, r.json()["token"], opts.ramp * t / opts.tables))
    return seats


def raise_fd_limit(need: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(need, hard) if hard > 0 else need, hard))


class Meter:
    """The main process's view of the counts: all of them, the steady part (once every client is connected, the
    clock starts) and the window since the last live line."""

    def __init__(self, opts: Options, clients: int, out: Any, pid: int | None) -> None:
        self.opts, self.clients, self.out, self.pid = opts, clients, out, pid
        self.cpu0: float | None = None  # the server's CPU seconds when the clock started
        self.wait0: float | None = None  # and its seconds of waiting for a CPU
        self.all, self.steady, self.window = Stats(), Stats(), Stats()
        self.t0 = time.monotonic()
        self.ready: float | None = None  # when the last client was welcomed
        self.last = self.t0

    def add(self, s: Stats) -> None:
        self.all.merge(s)
        if self.ready is None and self.all.connected >= self.clients:
            self.ready = time.monotonic()
            self.cpu0 = cpu_seconds(self.pid)
            self.wait0 = run_queue_wait(self.pid)
            self.line(f"all {self.clients} clients connected in {self.ready - self.t0:.1f} s; measuring")
            self.last = self.ready
            return  # what came before is the connecting phase, not the steady load
        if self.ready is not None:
            self.steady.merge(s)
            self.window.merge(s)

    def line(self, text: str) -> None:
        if not self.opts.quiet:
            print(text, file=self.out, flush=True)

    def tick(self, final: bool = False) -> None:
        now = time.monotonic()
        if self.ready is None or (not final and now - self.last < self.opts.every):
            return
        w, span = self.window, max(1e-9, now - self.last)
        p50, p99 = percentile(w.latencies, 50), percentile(w.latencies, 99)
        show = "-" if p50 is None or p99 is None else f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"
        s = self.steady
        self.line(
            f"  {now - self.ready:6.1f} s  actions {s.actions:7d} ({w.actions / span:6.1f}/s)  {show}  "
            f"errors {s.errors}  deals {s.deals}"
        )
        self.last, self.window = now, Stats()

    def done(self) -> bool:
        """Time is up (counted from the moment every client is connected, or from the start if that never comes)."""
        since = self.ready if self.ready is not None else self.t0 + self.opts.ramp + 120.0
        return time.monotonic() - since >= self.opts.seconds


def run(opts: Options, out: Any = None) -> Report:
    """The whole load test; the live lines go to ``out`` (stdout when None)."""
    out = out or sys.stdout
    raise_fd_limit(4 * opts.tables * opts.players + 256)
    with tempfile.TemporaryDirectory(prefix="loo-load-") as tmp, server(opts, Path(tmp)) as (base, pid):
        seats = make_tables(base, opts)
        db = opts.db or ("(the server's own)" if opts.url else "sqlite (temp file)")
        load0 = os.getloadavg()[0]
        meter = Meter(opts, len(seats), out, pid)
        meter.line(f"load: {opts.tables} tables, {len(seats)} clients on {base}, db {db}")
        client_cpu = 0.0
        if opts.procs <= 1:

            async def main() -> None:
                local, stop = Stats(), asyncio.Event()
                task = asyncio.get_running_loop().create_task(play(base, seats, opts, local, stop))
                while not task.done():
                    await asyncio.wait({task}, timeout=0.5)
                    meter.add(local.take())
                    meter.tick()
                    if meter.done():
                        stop.set()
                meter.add(local.take())

            cpu_start = time.process_time()
            asyncio.run(main())
            client_cpu = time.process_time() - cpu_start
        else:
            ctx = mp.get_context("spawn")
            queue, halt = ctx.Queue(), ctx.Event()
            tables = {t: k for k, t in enumerate(dict.fromkeys(s[0] for s in seats))}
            shares = [[s for s in seats if tables[s[0]] % opts.procs == k] for k in range(opts.procs)]
            procs = [ctx.Process(target=worker, args=(base, sh, opts, queue, halt)) for sh in shares]
            for p in procs:
                p.start()
            running = len(procs)
            while running:
                with contextlib.suppress(queue_mod.Empty):
                    kind, value = queue.get(timeout=0.5)
                    if kind == "stats":
                        meter.add(value)
                    elif kind == "cpu":
                        client_cpu += value
                    else:
                        running -= 1
                meter.tick()
                if meter.done():
                    halt.set()
            for p in procs:
                p.join()
        end = time.monotonic()
        meter.tick(final=True)
        cpu1, wait1 = cpu_seconds(pid), run_queue_wait(pid)
        load1 = os.getloadavg()[0]
    st = meter.steady
    elapsed = end - (meter.ready if meter.ready is not None else meter.t0)
    ms = [v * 1000 for v in st.latencies]
    return Report(
        db=db,
        tables=opts.tables,
        clients=len(seats),
        think=opts.think,
        ramp=opts.ramp,
        deflate=opts.deflate,
        connect_s=None if meter.ready is None else meter.ready - meter.t0,
        seconds=elapsed,
        actions=st.actions,
        actions_all=meter.all.actions,
        actions_per_s=st.actions / elapsed if elapsed > 0 else 0.0,
        p50_ms=percentile(ms, 50),
        p99_ms=percentile(ms, 99),
        max_ms=max(ms) if ms else None,
        errors=meter.all.errors,
        disconnects=meter.all.disconnects,
        deals_finished=meter.all.deals,
        tables_done=meter.all.tables_over,
        server_cpu_s=None if meter.cpu0 is None or cpu1 is None else cpu1 - meter.cpu0,
        server_wait_s=None if meter.wait0 is None or wait1 is None else wait1 - meter.wait0,
        client_cpu_s=client_cpu,
        load_average=(load0, load1),
        error_samples=meter.all.error_samples,
    )


def parse(argv: Sequence[str] | None = None) -> tuple[Options, str | None]:
    d = Options()
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--url", help="a running server on loopback, e.g. http://127.0.0.1:8000 (default: start one)")
    p.add_argument("--db", help="the started server's database URL; temp-postgresql: a throwaway cluster")
    p.add_argument("--tables", type=int, default=d.tables, help=f"tables of 5 seats ({d.tables})")
    p.add_argument("--seconds", type=float, default=d.seconds, help=f"stop after this long ({d.seconds:g})")
    p.add_argument("--deals", type=int, default=None, help="deals per table, then its clients leave")
    p.add_argument("--ramp", type=float, default=d.ramp, help=f"seconds over which tables' players arrive ({d.ramp:g})")
    p.add_argument("--think", type=float, default=d.think, help=f"seconds a client thinks per decision ({d.think:g})")
    p.add_argument("--jitter", type=float, default=d.jitter, help=f"think time spread, 0..1 ({d.jitter:g})")
    p.add_argument("--deal-pause", type=float, default=d.deal_pause, help="the started server's --bot-delay")
    p.add_argument("--preset", default=d.preset)
    p.add_argument("--no-deflate", action="store_true", help="do not offer permessage-deflate (browsers do)")
    p.add_argument("--procs", type=int, default=d.procs, help=f"client processes ({d.procs})")
    p.add_argument("--seed", type=int, default=d.seed)
    p.add_argument("--every", type=float, default=d.every, help="seconds between live lines")
    p.add_argument("--profile", help="run the started server under cProfile, writing this file")
    p.add_argument("--json", help="also write the report as JSON to this file")
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args(argv)
    if not 0 <= a.jitter <= 1 or a.tables < 1 or a.seconds <= 0 or min(a.think, a.ramp) < 0 or a.procs < 1:
        p.error(
            "--tables and --procs must be at least 1, --seconds above 0, --think and --ramp 0 or more, --jitter 0..1"
        )
    opts = Options(
        url=a.url,
        db=a.db,
        tables=a.tables,
        seconds=a.seconds,
        deals=a.deals,
        think=a.think,
        ramp=a.ramp,
        deflate=not a.no_deflate,
        jitter=a.jitter,
        deal_pause=a.deal_pause,
        preset=a.preset,
        procs=a.procs,
        seed=a.seed,
        every=a.every,
        quiet=a.quiet,
        profile=a.profile,
    )
    return opts, a.json


def main(argv: Sequence[str] | None = None) -> int:
    opts, json_path = parse(argv)
    if opts.db == "temp-postgresql":
        from bench.pgtemp import cluster

        with contextlib.ExitStack() as stack:
            try:
                opts.db = stack.enter_context(cluster())
            except RuntimeError as e:
                print(f"load: the PostgreSQL half is skipped: {e}.", flush=True)
                return 0
            report = run(opts)
    else:
        report = run(opts)
    print("\n".join(report.lines()), flush=True)
    if json_path:
        Path(json_path).write_text(json.dumps(asdict(report), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/ is a package beside src/
    raise SystemExit(main())
