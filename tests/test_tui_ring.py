"""The seats round the table in the terminal game (issue 24, item 4): on a screen with room, each seat is a plate
round the felt as at the web table (the human at the bottom, the next seat on his left, clockwise), with the
dealer's button, the turn marker and each seat's card to the trick in front of it; at 80×24 the list stays."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Static

from lanterloo import STAND, Deal, Phase, rules_with
from lanterloo.tui import Game, new_settings
from lanterloo.tui.app import LooApp
from lanterloo.tui.ring import fits, places, ring
from lanterloo.tui.text import Namer
from test_tui import plain, settled, standers, wait_until

NAMES = ["You", "Ada", "Basil", "Cora", "Dexter", "Edith", "Felix", "Greta"]


def in_play(players: int, seed: int = 3) -> Deal:
    """A three-card deal in its first trick, two cards played."""
    deal = Deal(rules_with("three-card"), [100] * players, seed=seed)
    while deal.phase is Phase.DECLARE:
        deal.apply(STAND if STAND in deal.legal_actions() else deal.legal_actions()[0])
    for _ in range(2):
        deal.apply(deal.legal_actions()[0])
    return deal


def test_COMMON_6_the_seats_go_clockwise_from_the_human_at_the_bottom() -> None:
    at = places(5, 2, 100, 20)
    x, y = at[2]
    assert x == 50 and y == max(yy for _, yy in at.values())  # the human: bottom middle
    assert at[3][0] < 50  # the next seat (the deal and the play pass to the left) on his left
    assert at[1][0] > 50  # the seat before him on his right


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("size", [(76, 15), (94, 24), (140, 30)])
def test_COMMON_1_each_seat_is_shown_whole_with_its_card_in_front(players: int, size: tuple[int, int]) -> None:
    deal = in_play(players)
    namer = Namer(NAMES[:players], 0)
    view = deal.view(0)
    width, height = size
    if not fits(view, namer, width, height):
        return  # the board keeps the list: nothing to draw
    lines = ring(view, namer, width, height).plain.split("\n")
    assert len(lines) == height and all(len(line) == width for line in lines)
    text = "\n".join(lines)
    for s in range(players):
        assert sum(line.count(NAMES[s]) for line in lines) >= 1, NAMES[s]
    for _, card in view.trick:  # the cards on the table, each once
        assert text.count(card.unicode) == 1
    assert "▶" in text and " D" in text  # the seat to act, the dealer's button


def test_COMMON_1_a_board_with_room_lays_the_seats_round_the_felt_a_small_one_keeps_the_list() -> None:
    def run_at(size: tuple[int, int]) -> tuple[bool, str]:
        settings = new_settings("three-card", players=5, seed=4, bots=["random"])
        app = LooApp(Game(settings, bots=standers(5)), delay=0)
        got: list[tuple[bool, str]] = []

        async def go() -> None:
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                await wait_until(pilot, lambda: settled(app), "the bots have moved up to the human")
                for _ in range(3):  # the felt is drawn again once the list's room is its own
                    await pilot.pause()
                felt = plain(app.query_one("#felt", Static).content, size[0])  # type: ignore[arg-type]
                got.append((app.screen.has_class("-ring"), felt))

        asyncio.run(go())
        return got[0]

    wide, felt = run_at((160, 48))
    assert wide and all(name in felt for name in NAMES[:5])
    small, _ = run_at((80, 24))
    assert not small


def test_COMMON_1_v_switches_between_the_ring_and_the_list() -> None:
    settings = new_settings("three-card", players=5, seed=4, bots=["random"])
    app = LooApp(Game(settings, bots=standers(5)), delay=0)

    async def go() -> None:
        async with app.run_test(size=(160, 48)) as pilot:
            await wait_until(pilot, lambda: settled(app) and app.screen.has_class("-ring"), "the seats round the felt")
            await pilot.press("v")
            await wait_until(pilot, lambda: not app.screen.has_class("-ring"), "the list of seats")
            assert app.query_one("#seats").display
            await pilot.press("v")
            await wait_until(pilot, lambda: app.screen.has_class("-ring"), "the seats round the felt again")

    asyncio.run(go())
