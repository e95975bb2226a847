"""``loo serve`` refuses an address it cannot listen on in one sentence, before any server starts."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from lanterloo.cli import main


def test_a_port_already_taken_is_one_sentence_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'web.db'}"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"loo: cannot listen on 127.0.0.1:{port}: address already in use.\n"


def test_an_unknown_host_is_one_sentence_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["serve", "--host", "no-such-host.invalid", "--db", f"sqlite:///{tmp_path / 'web.db'}"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("loo: cannot listen on no-such-host.invalid:8000: the host cannot be resolved")
    assert err.count("\n") == 1
