"""The lesson table and the words of the game in a real browser (chromium through Playwright, the server and
browser fixtures of tests/conftest.py): the tutorial's guided deal is played on the table page with the lesson's
tip and the adviser's choice beside it, to the deal summary; each table opens its glossary from the game line.
Every wait is for a state of the page, never for a length of time."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from bench.webdrive import STATE_MS
from playwright.sync_api import Browser, expect

import webpage  # noqa: F401  (skips this module without chromium or Playwright)
from lanterloo.tutorial import TUTORIALS, Guided

pytestmark = pytest.mark.slow

RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+\b")


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)])
def test_COMMON_1_the_guided_deal_is_taught_on_the_real_table(
    server: str, browser: Browser, size: tuple[int, int]
) -> None:
    name = "three-card"
    steps = TUTORIALS[name].steps
    at = next(i for i, s in enumerate(steps) if isinstance(s, Guided))
    guided = steps[at]
    assert isinstance(guided, Guided)
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/tutorial/{name}#step-{at + 1}")
    page.locator("#lesson-guided").click()
    page.wait_for_url(f"**/tutorial/{name}/deal")
    # the real table: the felt, the hand, the prompt, with the lesson's tip and the adviser's choice beside them
    page.wait_for_selector("body[data-my-turn=yes]", state="attached", timeout=STATE_MS)
    expect(page.locator("#coach-intro")).to_have_text(guided.intro)
    expect(page.locator("#coach-tip")).to_have_text(f"Remember: {guided.tips['declare']}")
    expect(page.locator("#hint")).to_contain_text("Hint:")
    assert page.locator("#hand .card").count() == 3
    expect(page.locator("#seats .seat")).to_have_count(4)
    played = 0
    while page.locator("#deal-overlay:not([hidden])").count() == 0:
        either = "body[data-my-turn=yes], #deal-overlay:not([hidden])"
        page.wait_for_selector(either, state="attached", timeout=STATE_MS)
        if page.locator("#deal-overlay:not([hidden])").count():
            break
        key = page.locator("body").get_attribute("data-turn-key")
        target = page.locator(".hinted")  # the adviser's choice, marked on its card or button
        expect(target).to_have_count(1)
        target.click()
        page.wait_for_selector(f"body:not([data-turn-key='{key}'])", state="attached", timeout=STATE_MS)
        played += 1
        assert played < 10
    overlay = page.locator("#deal-overlay")
    expect(overlay.locator("#lesson-real")).to_be_visible()
    expect(overlay.locator("#lesson-again")).to_be_visible()
    expect(overlay.locator("#lesson-back")).to_have_attribute("href", f"/tutorial/{name}#step-{at + 1}")
    expect(overlay.locator("#next-deal")).to_have_count(0)  # nothing follows a lesson's deal
    expect(page.locator("#coach-tip")).to_contain_text("The deal is over")
    said = page.locator("#log").inner_text() + overlay.inner_text()
    assert RULE_ID.findall(said) == []
    wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert wide <= 0
    assert errors == []
    page.close()


def test_COMMON_1_a_refused_lesson_move_is_said_and_the_table_stays(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server}/tutorial/three-card/deal")
    page.wait_for_selector("body[data-my-turn=yes]", state="attached", timeout=STATE_MS)
    key = page.locator("body").get_attribute("data-turn-key")
    page.evaluate("import('/static/state.js').then((m) => m.send('Ah'))")  # what no button offers
    expect(page.locator("#reason")).to_contain_text("Now is the time to declare")
    expect(page.locator("body")).to_have_attribute("data-turn-key", key or "")
    page.locator("#choices [data-action=play]").click()
    page.wait_for_selector(f"body:not([data-turn-key='{key}'])", state="attached", timeout=STATE_MS)
    expect(page.locator("#reason")).to_have_text("")
    page.close()


def test_COMMON_1_the_table_explains_its_words(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/tutorial/lou/deal")
    page.wait_for_selector("#glossary dt", state="attached", timeout=STATE_MS)
    panel = page.locator("#words-panel")
    expect(panel).not_to_have_attribute("open", "")
    page.locator("#words-open").click()
    expect(panel).to_have_attribute("open", "")
    expect(panel.locator("dt", has_text="Match the pot")).to_be_visible()
    expect(panel.locator("dt", has_text="Looed")).to_have_count(0)  # Lou's words, not Loo's
    page.close()
