"""Your turn, beyond the gold ring: the tab's title, a beep that is an option (off until chosen, remembered), the
words in a polite live region; the whole deal played from the keyboard; the four-colour deck, remembered. Every wait
is for a state of the page, never for a length of time."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from bench.webdrive import (
    STATE_MS,
    act_once,
    as_seat,
    my_turn,
    next_deal,
    play_until,
    table_with_bots,
)
from playwright.sync_api import Browser, Page, expect

import webpage  # noqa: F401  (skips this module without chromium or Playwright)

pytestmark = pytest.mark.slow
expect.set_options(timeout=STATE_MS)
TURN_TITLE = "● Your turn — Friday Loo"
IDLE_TITLE = "Friday Loo · Lanterloo"
# every title the tab has shown, in order, however briefly (a state between two turns can be drawn and gone at once)
TITLES = """
window.__titles = [];
new MutationObserver(() => window.__titles.push(document.title))
  .observe(document, { subtree: true, childList: true, characterData: true });
"""


def open_seat(browser: Browser, server: str, preset: str = "three-card", players: int = 4) -> tuple[Page, Any]:
    tid, stored = table_with_bots(server, preset, players)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    as_seat(ctx, stored)
    ctx.add_init_script(TITLES)
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    return page, ctx


def test_the_title_says_your_turn_and_comes_back_after(server: str, browser: Browser) -> None:
    page, ctx = open_seat(browser, server)
    my_turn(page)
    expect(page).to_have_title(TURN_TITLE)
    # the live region says it too, politely
    region = page.locator("#announcer")
    assert region.get_attribute("aria-live") == "polite"
    expect(region).to_contain_text("Your turn")
    act_once(page)
    page.wait_for_function(
        f"window.__titles.lastIndexOf({IDLE_TITLE!r}) > window.__titles.indexOf({TURN_TITLE!r})", timeout=STATE_MS
    )
    # and the trick log's new lines are read out as they come (not the backlog on joining)
    expect(region.locator("p")).not_to_have_count(1)
    said = region.locator("p").all_inner_texts()
    log = page.locator("#log li").all_inner_texts()
    assert any(line in log for line in said if not line.startswith("Your turn")), (said, log)
    ctx.close()


def test_the_beep_is_off_until_chosen_and_the_choice_is_remembered(server: str, browser: Browser) -> None:
    page, ctx = open_seat(browser, server)
    my_turn(page)
    expect(page.locator("#pref-sound")).not_to_be_checked()
    assert page.evaluate("document.body.dataset.beeps") is None  # a turn came, and no sound
    page.locator("#pref-sound").check()
    assert page.evaluate("JSON.parse(localStorage.getItem('lanterloo.prefs')).sound") is True
    page.reload()
    expect(page.locator("#pref-sound")).to_be_checked()
    # the next turn of this seat beeps (the reloaded page draws the turn it joins as a new one)
    page.wait_for_selector("body[data-beeps]", state="attached", timeout=STATE_MS)
    beeps = int(page.evaluate("document.body.dataset.beeps"))
    assert beeps >= 1
    page.locator("#pref-sound").uncheck()
    act_once(page)
    my_turn(page)
    assert int(page.evaluate("document.body.dataset.beeps")) == beeps  # off again: no more
    ctx.close()


def test_the_four_colour_deck_is_an_option_remembered(server: str, browser: Browser) -> None:
    page, ctx = open_seat(browser, server)
    my_turn(page)
    html = page.locator("html")
    expect(html).not_to_have_class("four-colour")
    page.locator("#pref-four").check()
    expect(html).to_have_class("four-colour")
    page.reload()
    my_turn(page)
    expect(page.locator("#pref-four")).to_be_checked()
    expect(html).to_have_class("four-colour")
    # the faces of clubs and diamonds are drawn green and blue; hearts and spades as they were
    filters = page.evaluate("""() => Object.fromEntries(['C', 'D', 'H', 'S'].map(s => {
        const img = document.createElement('img'); img.src = `/static/cards/A${s}.svg`; document.body.append(img);
        const f = getComputedStyle(img).filter; img.remove(); return [s, f]; }))""")
    assert "ink-green" in filters["C"] and "ink-blue" in filters["D"], filters
    assert filters["H"] == filters["S"] == "none", filters
    ctx.close()


def focused(page: Page) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate(
        "(() => { const e = document.activeElement; return { card: e?.dataset?.card ?? null, "
        "cls: e?.className ?? '', id: e?.id ?? '', action: e?.dataset?.action ?? null }; })()"
    )
    return out


def test_a_whole_deal_is_played_from_the_keyboard(server: str, browser: Browser) -> None:
    page, ctx = open_seat(browser, server, "five-card", 4)
    moved = False
    for _ in range(200):
        phase = my_turn(page)
        if phase == "over":
            break
        key = page.evaluate("document.body.dataset.turnKey")
        if phase == "play":
            page.keyboard.press("h")
            now = focused(page)
            assert now["card"] and "legal" in now["cls"], now  # the hand's tab stop is a card that can be played
            legal = page.locator("#hand .card:not([disabled])").count()
            if legal > 1 and not moved:
                page.keyboard.press("ArrowRight")
                assert focused(page)["card"] != now["card"]
                page.keyboard.press("ArrowLeft")
                assert focused(page)["card"] == now["card"]
                moved = True
            page.keyboard.press("Enter")
        elif phase == "exchange":
            # pick the first card with Space, throw it with T
            page.keyboard.press("h")
            page.keyboard.press("Space")
            expect(page.locator("#hand .card.chosen")).to_have_count(1)
            assert "chosen" in focused(page)["cls"]  # the redrawn hand kept the focus on that card
            page.keyboard.press("t")
        elif page.locator("#choices [data-action=play]").count():
            page.keyboard.press("p")
        else:
            page.keyboard.press("c")
            assert focused(page)["action"] is not None
            page.keyboard.press("Enter")
        page.wait_for_selector(f"body:not([data-turn-key='{key}'])", state="attached", timeout=STATE_MS)
    expect(page.locator("body[data-deals-over]")).to_be_attached()
    # the shortcuts are listed on the page: ? opens the list
    page.keyboard.press("?")
    expect(page.locator("#keys-panel")).to_have_attribute("open", "")
    ctx.close()


def test_cards_say_whether_they_can_be_played_in_more_than_colour(server: str, browser: Browser) -> None:
    # Louse: eight cards a hand and suit to follow, so a turn comes with cards that cannot be played
    page, ctx = open_seat(browser, server, "louse", 4)
    for _ in range(5):  # rarely, every card of a deal's turns may be played: then the next deal
        if (
            play_until(page, lambda ph: ph == "over" or (ph == "play" and page.locator("#hand .card.dim").count() > 0))
            != "over"
        ):
            break
        next_deal(page)
    dim = page.locator("#hand .card.dim").first
    assert (dim.get_attribute("aria-label") or "").endswith(", not playable now")
    assert dim.evaluate("e => getComputedStyle(e, '::after').content") == '"✕"'
    legal = page.locator("#hand .card.legal").first
    assert (legal.get_attribute("aria-label") or "").endswith(", playable")
    assert legal.evaluate("e => getComputedStyle(e, '::after').content") == '"✓"'
    assert legal.evaluate("e => getComputedStyle(e).transform") != "none"  # raised
    ctx.close()
