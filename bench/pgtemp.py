"""A throwaway PostgreSQL cluster on 127.0.0.1 in a temporary folder, for ``make load``'s second half.

``initdb`` refuses to run as root, so as root the cluster belongs to the ``postgres`` system user (``runuser``);
trust authentication on loopback is enough for a cluster that lives for one run and is deleted after it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

USER = "loo"


def find_bindir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on PATH, else Debian's /usr/lib/postgresql/<version>/bin."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _as_owner(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


def _run(cmd: list[str]) -> None:
    subprocess.run(_as_owner(cmd), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster, yield its SQLAlchemy URL, stop it and delete its folder. ``RuntimeError`` says why not."""
    bindir = find_bindir()
    if bindir is None:
        raise RuntimeError("no initdb found (PATH or /usr/lib/postgresql/*/bin)")
    folder = Path(tempfile.mkdtemp(prefix="loo-pg-"))
    data, port = folder / "data", free_port()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    started = False
    try:
        _run([str(bindir / "initdb"), "-D", str(data), "-U", USER, "-A", "trust", "-E", "UTF8"])
        opts = f"-h 127.0.0.1 -p {port} -k {folder} -c max_connections=200"
        start = [str(bindir / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(folder / "log"), "-w", "start"]
        _run(start)
        started = True
        yield f"postgresql+psycopg://{USER}@127.0.0.1:{port}/postgres"
    except subprocess.CalledProcessError as e:
        why = (e.stderr or b"").decode(errors="replace").strip().splitlines()
        raise RuntimeError(f"{Path(e.cmd[-1] if e.cmd else '?').name}: {why[-1] if why else e}") from None
    finally:
        if started:
            stop = [str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]
            subprocess.run(_as_owner(stop), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(folder, ignore_errors=True)
