"""The web table fits the screen: at two laptop and two phone sizes, for 3, 5, 8 and 16 seats, the hand, the choice
buttons, the turn prompt and the stakes lie inside the viewport while declaring and in play, and no two seat plates
overlap (a big table on a narrow screen shows its seats as a list). The five-card exchange and Louse's eight-card
hand too. The turn-up is labelled in words, and in Irish Loo the page says trumps are set by the first lead.

One page per table is resized through the four sizes; every wait is for a state of the page (the seat layout
records the width it was chosen for), never for a length of time.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from bench.webdrive import (
    SIZES,
    STATE_MS,
    act_once,
    as_seat,
    my_turn,
    play_until,
    table_with_bots,
)
from playwright.sync_api import Browser, FloatRect, Page, expect

import webpage  # noqa: F401  (skips this module without chromium or Playwright)

pytestmark = pytest.mark.slow
expect.set_options(timeout=STATE_MS)

NEEDED = ("#hand .card", "#choices button", "#turn", "#stakes .stake")


def open_seat(browser: Browser, server: str, preset: str, players: int) -> tuple[Page, Any]:
    tid, stored = table_with_bots(server, preset, players)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
    as_seat(ctx, stored)
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    return page, ctx


def resize(page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        "w => document.getElementById('felt').dataset.fitWidth === String(w)", arg=width, timeout=STATE_MS
    )


def overlap(a: FloatRect, b: FloatRect) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


def assert_fits(page: Page, width: int, height: int, what: str) -> str:
    """Every control a player needs is inside the viewport, and no two seat plates overlap; returns the layout."""
    found = 0
    for sel in NEEDED:
        items = page.locator(sel)
        for i in range(items.count()):
            box = items.nth(i).bounding_box()
            assert box is not None, (what, sel, i)
            inside = box["x"] >= -0.5 and box["y"] >= -0.5
            inside = inside and box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5
            assert inside, f"{what}: {sel} #{i} is outside the {width}x{height} viewport: {box}"
            found += 1
    assert page.locator("#hand .card").count() >= 1 and page.locator("#choices button, #hand .card.legal").count()
    assert found
    plates = [b for b in (p.bounding_box() for p in page.locator("#seats .seat").all()) if b is not None]
    for i, a in enumerate(plates):
        assert a["x"] >= -0.5 and a["x"] + a["width"] <= width + 0.5, f"{what}: plate {i} leaves the screen: {a}"
        for j in range(i + 1, len(plates)):
            assert not overlap(a, plates[j]), f"{what}: seat plates {i} and {j} overlap: {a} {plates[j]}"
    width_px = page.evaluate("document.documentElement.scrollWidth")
    assert width_px <= width, f"{what}: the page scrolls sideways ({width_px} px)"
    return str(page.locator("#felt").get_attribute("data-layout"))


@pytest.mark.parametrize("players", [3, 5, 8, 16])
def test_every_control_is_on_screen_at_four_sizes(server: str, browser: Browser, players: int) -> None:
    page, ctx = open_seat(browser, server, "three-card", players)
    layouts: dict[tuple[str, int], str] = {}
    assert my_turn(page) == "declare"
    for phase in ("declare", "play"):
        if phase == "play":
            play_until(page, lambda ph: ph == "play")
        for w, h in SIZES:
            resize(page, w, h)
            layouts[phase, w] = assert_fits(page, w, h, f"{players} seats, {phase}, {w}x{h}")
    if players <= 5:
        assert set(layouts.values()) == {"oval"}, layouts  # a small table is always drawn around the oval
    if players == 16:
        assert layouts["play", 360] == "list"  # sixteen plates cannot sit around a phone's oval
        # in the list each card on the felt says whose it is: on a turn with a card on the felt (this seat may have
        # led the first trick, which leaves the felt empty on its turn; it leads again only by winning, and the deal
        # can end so, with no such turn: then there is no trick of others to label)
        trick = page.locator("#trick .played")
        if play_until(page, lambda ph: ph == "over" or (ph == "play" and trick.count() > 0)) == "play":
            expect(page.locator("#felt")).to_have_attribute("data-layout", "list")
            expect(page.locator("#trick .played .who").first).to_be_visible()
    ctx.close()


def test_the_five_card_exchange_and_a_louse_hand_fit(server: str, browser: Browser) -> None:
    page, ctx = open_seat(browser, server, "five-card", 5)
    play_until(page, lambda ph: ph == "exchange")
    page.locator("#hand .card").first.click()  # a card chosen to throw: the throw button says how many
    expect(page.locator("#throw")).to_be_enabled()
    for w, h in SIZES:
        resize(page, w, h)
        assert_fits(page, w, h, f"five-card exchange, {w}x{h}")
    ctx.close()
    page, ctx = open_seat(browser, server, "louse", 4)
    assert my_turn(page) == "play"
    assert page.locator("#hand .card").count() == 8
    for w, h in SIZES:
        resize(page, w, h)
        assert_fits(page, w, h, f"Louse, {w}x{h}")
    expect(page.locator("#trumps")).to_have_text("Trumps: the four jacks")
    ctx.close()


def test_the_turn_up_is_large_and_in_words_and_irish_trumps_wait_for_the_lead(server: str, browser: Browser) -> None:
    page, ctx = open_seat(browser, server, "three-card", 4)
    my_turn(page)
    trump = page.locator("#trumps").get_attribute("data-trump")
    assert trump in ("clubs", "diamonds", "hearts", "spades")
    expect(page.locator("#trumps")).to_have_text(re.compile(rf"^Trumps: [♣♦♥♠] {trump}$"))
    img = page.locator("#turnup img")
    expect(img).to_have_attribute("alt", re.compile(r"^The turn-up: "))
    box = img.bounding_box()
    assert box is not None and box["width"] >= 48  # larger than a seat's text, at 1280 px
    ctx.close()
    page, ctx = open_seat(browser, server, "irish", 4)
    assert my_turn(page) == "declare"
    expect(page.locator("#trumps")).to_have_text("Trumps: set by the first lead")
    expect(page.locator("#turnup")).to_be_hidden()  # Irish Loo turns no card up
    # once a card is led, its suit is trumps, and the page says which
    play_until(page, lambda ph: ph == "play")
    if not page.locator("#trick .played").count():
        expect(page.locator("#trumps")).to_have_text("Trumps: set by the first lead")  # this seat leads
        act_once(page)
    expect(page.locator("#trumps")).to_have_text(re.compile(r"^Trumps: [♣♦♥♠] (clubs|diamonds|hearts|spades)$"))
    ctx.close()
