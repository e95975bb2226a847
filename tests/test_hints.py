"""Following the hints plays as well as the bot that gives them (issue 24, item 6): in every preset a seat that
always does what the hint says, deal after deal, against balanced bots, ends about where a balanced bot in its seat
ends, on the same cards, and far ahead of a seat playing at random. The hint is a fresh balanced bot asked in the
player's place (``tui.game.HINT_BOT``, ``web.aside.HINT_BOT``), so it lacks only the bot's memory of the table."""

from __future__ import annotations

import random
from typing import Literal

import pytest

from lanterloo import Session, rules_with
from lanterloo.bots import make_bot
from lanterloo.rules import PRESETS
from lanterloo.tui.game import HINT_BOT
from lanterloo.web.aside import HINT_BOT as WEB_HINT_BOT

Mode = Literal["hint", "bot", "random"]


def seat0_result(preset: str, mode: Mode, sessions: int = 20, deals: int = 4) -> int:
    """Seat 0's chips won over ``sessions`` seeded sessions (Louse: penalty points taken, negated)."""
    rules = rules_with(preset, {"session_end": "exact"})
    lo, hi = rules.player_range()
    n = min(max(4, lo), hi)
    total = 0
    for seed in range(sessions):
        s = Session(rules, n, stack=10**6, seed=seed, max_deals=deals)
        others = {k: make_bot("balanced", k) for k in range(1, n)}
        mine = make_bot("balanced", 0)
        rng = random.Random(seed)
        start = s.stacks[0]
        while not s.over:
            deal = s.new_deal()
            while not deal.is_over:
                seat = deal.seats_to_act()[0]
                view = deal.view(seat)
                if seat:
                    action = others[seat].decide(view).action
                elif mode == "hint":
                    action = make_bot(HINT_BOT, 0).decide(view).action  # what the hint says, asked afresh
                elif mode == "bot":
                    action = mine.decide(view).action
                else:
                    action = view.legal[int(rng.random() * len(view.legal))]
                deal.apply(action, seat)
            s.finish_deal()
        total += -s.totals[0] if rules.game == "louse" else s.stacks[0] - start
    return total


def test_the_terminal_and_the_web_hint_with_the_same_bot() -> None:
    assert HINT_BOT == WEB_HINT_BOT == "balanced"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_COMMON_1_following_every_hint_does_as_well_as_the_balanced_bot(preset: str) -> None:
    hint, bot, rand = (seat0_result(preset, m) for m in ("hint", "bot", "random"))
    assert bot > rand  # the sample is big enough to tell play from chance
    # within a tenth of the gap between the bot and chance: the hint gives the bot's play
    assert hint >= bot - 0.1 * (bot - rand), (hint, bot, rand)
