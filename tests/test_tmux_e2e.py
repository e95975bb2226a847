"""End to end: the real ``loo play`` in a real terminal (tmux), played by sending keys and reading the screen."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
LOO = Path(sys.executable).with_name("loo")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(TMUX is None, reason="the tmux binary is not installed (CI installs it with apt)"),
]


# A private tmux server (socket) for this test, so no other tmux on the machine can disturb it, nor it them.
SOCKET = f"loo-e2e-{os.getpid()}"


def tmux(*args: str) -> str:
    assert TMUX is not None
    done = subprocess.run([TMUX, "-L", SOCKET, *args], capture_output=True, text=True, check=False)
    return done.stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


def hand_cards(text: str) -> list[str]:
    """The human's cards, left to right, read from the drawn hand (cards are 7 columns wide: ╭─────╮)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "╭─────╮" in line and i + 1 < len(lines):
            return re.findall(r"│(\S+)\s*│", lines[i + 1])
    return []


def legal_cards(text: str) -> list[str]:
    m = re.search(r"Your hand[^\n]*?\d+ legal: ([^\n▊]+)", text)
    return m.group(1).split() if m else []


def test_loo_play_deal_in_tmux(tmp_path: Path) -> None:
    assert LOO.exists(), f"{LOO} is missing: install the project with pip install -e '.[dev]'"
    session = f"loo-e2e-{os.getpid()}"
    status = tmp_path / "status"
    command = f"cd {tmp_path} && {LOO} play --seed 1; echo $? > {status}; sleep 30"
    env_cmd = f"env LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=xterm-256color sh -c '{command}'"
    # Start a shell first and size the window for good (without a client attached, tmux may otherwise fall
    # back to 80x24), then start the game in it.
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40")
    tmux("set-option", "-t", session, "window-size", "manual")
    tmux("resize-window", "-t", session, "-x", "120", "-y", "40")
    tmux("send-keys", "-t", session, env_cmd, "Enter")
    try:
        seen_summary = False
        played = 0
        last = ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            time.sleep(0.4)
            last = screen(session)
            if last != screen(session):
                continue  # caught mid-redraw: read again
            if "Next deal" in last and "Deal 1 ·" in last:
                seen_summary = True
                break
            if "Your turn to declare" in last:
                tmux("send-keys", "-t", session, "p")
            elif "In or Out?" in last:
                tmux("send-keys", "-t", session, "i")
            elif "Exchange: mark" in last:
                tmux("send-keys", "-t", session, "k")
            elif "Your turn: play" in last or "Your lead" in last:
                hand, legal = hand_cards(last), legal_cards(last)
                if not legal or not set(legal) <= set(hand):
                    continue
                tmux("send-keys", "-t", session, str(hand.index(legal[0]) + 1))
                played += 1
                time.sleep(0.3)  # let the screen catch up before reading it again
        assert seen_summary, f"no deal summary appeared; the screen was:\n{last}"
        # the summary names the players, the pool and the chips before and after
        assert "Pool" in last and "→" in last and "You" in last and "Session" in last
        assert played >= 1 or "without play" in last or "Nobody played" in last
        # Next deal, then quit: there is unsaved progress, so the game asks first
        tmux("send-keys", "-t", session, "Enter")
        time.sleep(1.0)
        assert "deal 2" in screen(session)
        tmux("send-keys", "-t", session, "q")
        time.sleep(1.0)
        assert "Quit the game?" in screen(session)
        tmux("send-keys", "-t", session, "q")
        for _ in range(50):
            time.sleep(0.2)
            if status.exists() and status.read_text().strip():
                break
        assert status.read_text().strip() == "0"
    finally:
        tmux("kill-server")
