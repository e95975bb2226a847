"""End to end: the real ``loo play`` in a real terminal (tmux), played by sending keys and reading the screen.

The test never assumes the game draws within some time: after each key it polls the screen until the state it
expects appears. The one clock is ``HANG``, which only stops a game that never gets there from hanging the suite.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
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
    """The human's cards, left to right, read from the drawn hand under "Your hand" (cards are 7 columns wide:
    ╭─────╮; the felt above draws cards of the same width)."""
    lines = text.splitlines()
    below = next((i for i, line in enumerate(lines) if "Your hand" in line), len(lines))
    for i in range(below, len(lines) - 1):
        if "╭─────╮" in lines[i]:
            return re.findall(r"│(\S+)\s*│", lines[i + 1])
    return []


def legal_cards(text: str) -> list[str]:
    m = re.search(r"Your hand[^\n]*?\d+ legal: ([^\n▊·]+)", text)
    return m.group(1).split() if m else []


# A guard against a hung game, not a speed requirement: a deal takes about two seconds on an idle machine.
HANG = 600.0
POLL = 0.2


def wait_for(session: str, what: str, ready: Callable[[str], bool]) -> str:
    """Poll the screen until ``ready`` holds for a screen read twice alike (not caught mid-redraw); returns it."""
    deadline = time.monotonic() + HANG
    last = ""
    while time.monotonic() < deadline:
        last = screen(session)
        if last == screen(session) and ready(last):
            return last
        time.sleep(POLL)
    pytest.fail(f"the game never showed {what}; the screen was:\n{last}")


def differs_from(before: str) -> Callable[[str], bool]:
    return lambda text: text != before


def start(session: str, width: int, height: int, folder: Path, args: str) -> None:
    """``loo ARGS`` in a tmux window of the size given; its exit status is written to ``folder/status``."""
    status = folder / "status"
    command = f"cd {folder} && {LOO} {args}; echo $? > {status}.tmp && mv {status}.tmp {status}; sleep 600"
    env = f"LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=xterm-256color LANTERLOO_DATA_DIR={folder}"
    # Start a shell first and size the window for good (without a client attached, tmux may otherwise fall
    # back to 80x24), then start the game in it.
    tmux("new-session", "-d", "-s", session, "-x", str(width), "-y", str(height))
    tmux("set-option", "-t", session, "window-size", "manual")
    tmux("resize-window", "-t", session, "-x", str(width), "-y", str(height))
    tmux("send-keys", "-t", session, f"env {env} sh -c '{command}'", "Enter")


# Seed 3 at five seats: the human plays on, and follows to a trick with two cards on it, under "★ best".
SEED = 3


@pytest.mark.parametrize(("width", "height"), [(80, 24), (160, 48)])
def test_loo_play_deal_in_tmux(tmp_path: Path, width: int, height: int) -> None:
    """A whole deal at the smallest terminal and a large one: the stakes beside every choice and the best card of
    the trick are on the screen, and one Enter plays the highlighted card."""
    assert LOO.exists(), f"{LOO} is missing: install the project with pip install -e '.[dev]'"
    session = f"loo-e2e-{os.getpid()}-{width}"
    status = tmp_path / "status"
    start(session, width, height, tmp_path, f"play --seed {SEED}")
    try:
        played = 0
        stakes: list[str] = []  # the stakes line of each question answered
        best = False  # "★ best" was under a card of the trick when the human was to play to it

        def summary(text: str) -> bool:
            return "Next deal" in text and "Deal 1 ·" in text

        def playable(text: str) -> bool:
            legal = legal_cards(text)
            return bool(legal) and set(legal) <= set(hand_cards(text))

        def to_answer(text: str) -> bool:
            if "Your turn: play" in text or "Your lead" in text:
                return playable(text)  # the hand and its legal cards are drawn too
            return summary(text) or any(q in text for q in ("Your turn to declare", "In or Out?", "Exchange: mark"))

        # Each answer waits for the screen to show a question, and after the key for that screen to change, so
        # a slow redraw is never read as the same question again.
        for _ in range(40):
            last = wait_for(session, "a question for the human or the deal summary", to_answer)
            if summary(last):
                break
            stakes += re.findall(r"^ ((?:Play|Each trick): [^\n▊]*)", last, re.MULTILINE)
            if "Your turn to declare" in last:
                tmux("send-keys", "-t", session, "p")
            elif "In or Out?" in last:
                tmux("send-keys", "-t", session, "i")
            elif "Exchange: mark" in last:
                tmux("send-keys", "-t", session, "k")
            else:
                best = best or "★ best" in last
                tmux("send-keys", "-t", session, "Enter")  # one press plays the highlighted card
                played += 1
            wait_for(session, "the answer taken", differs_from(last))
        assert summary(last), f"no deal summary appeared; the screen was:\n{last}"
        # the summary names the players, the pool and the chips before and after
        assert "Pool" in last and "→" in last and "You" in last and "Session" in last
        assert played >= 1 or "without play" in last or "Nobody played" in last
        # the stakes were beside the declaration and every card played: what a trick wins, what a loo costs
        assert any(line.startswith("Play: each trick wins") and "looed, pay" in line for line in stakes), stakes
        assert sum(line.startswith("Each trick: wins") for line in stakes) == played, stakes
        assert best, "the best card of a trick was marked on the table"
        # Next deal, then quit: there is unsaved progress, so the game asks first
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "deal 2", lambda text: "deal 2" in text and not summary(text))
        tmux("send-keys", "-t", session, "q")
        wait_for(session, "the quit question", lambda text: "Quit the game?" in text)
        tmux("send-keys", "-t", session, "q")
        wait_for(session, "the game's exit", lambda _: status.exists())
        assert status.read_text().strip() == "0"
    finally:
        tmux("kill-server")


@pytest.mark.parametrize(("width", "height"), [(80, 24), (160, 48)])
def test_loo_tutorial_in_tmux_ends_with_its_deal_on_the_games_screen(tmp_path: Path, width: int, height: int) -> None:
    """The real ``loo tutorial three-card``: every step by Enter (a drill's first Enter shows its answer), then the
    guided deal on the game's own screen with the lesson's box beside the table, played by the hints to its
    summary, then back on the lesson's last page (issue 24, item 2)."""
    assert LOO.exists(), f"{LOO} is missing: install the project with pip install -e '.[dev]'"
    session = f"loo-tut-{os.getpid()}-{width}"
    status = tmp_path / "status"
    start(session, width, height, tmp_path, "tutorial three-card")
    try:
        last = wait_for(session, "the tutorial's first step", lambda text: "step 1 of" in text)
        for _ in range(60):  # the steps, to the guided deal
            if "play this deal on the game's table" in last:
                break
            tmux("send-keys", "-t", session, "Enter")
            last = wait_for(session, "the next screen of the tutorial", differs_from(last))
        assert "play this deal on the game's table" in last, last
        assert not re.search(r"\b[A-Z]+(?:-[A-Z]+)*-\d+\b", last), "a lesson shows no rule IDs"
        tmux("send-keys", "-t", session, "Enter")
        last = wait_for(session, "the game's screen with the lesson", lambda text: "Lesson · A deal of" in text)
        assert "Remember:" in last and "Hint:" in last

        def summary(text: str) -> bool:
            return "Deal 1 ·" in text and ("Finish" in text or "Next deal" in text)

        def question(text: str) -> bool:
            return (
                summary(text)
                or "Your turn to declare" in text
                or "Your turn: play" in text
                or ("Your lead" in text and bool(legal_cards(text)))
            )

        for _ in range(12):
            last = wait_for(session, "the learner's turn or the summary", question)
            if summary(last):
                break
            if "Your turn to declare" in last:
                tmux("send-keys", "-t", session, "p")
            else:
                tmux("send-keys", "-t", session, "?")  # the hint moves the cursor to its card ...
                wait_for(session, "the hint", lambda text: "(⏎ plays" in text)
                tmux("send-keys", "-t", session, "Enter")  # ... and Enter plays it
            wait_for(session, "the move taken", differs_from(last))
        assert summary(last), last
        assert not re.search(r"\b[A-Z]+(?:-[A-Z]+)*-\d+\b", last), "a player's summary shows no rule IDs"
        tmux("send-keys", "-t", session, "Enter")  # the summary closed: back to the lesson
        wait_for(session, "the lesson's last page", lambda text: "You have finished the 3-card Loo tutorial" in text)
        tmux("send-keys", "-t", session, "Enter")
        wait_for(session, "the tutorial's exit", lambda _: status.exists())
        assert status.read_text().strip() == "0"
    finally:
        tmux("kill-session", "-t", session)
