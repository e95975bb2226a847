"""The end of a deal at the web table, in a real browser: the summary over the felt with the engine's numbers
(ante, shares, loo, stack before → after; Louse's points and match), the next deal after "Next deal" or a
countdown shown on screen, the hint, and the table's own words (Lou's In/Out and pot). Every wait is for a state of
the page, never for a length of time."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from bench.webdrive import STATE_MS, as_seat, my_turn, play_until, table_with_bots
from playwright.sync_api import Browser, Page, expect

import webpage  # noqa: F401  (skips this module without chromium or Playwright)

pytestmark = pytest.mark.slow
expect.set_options(timeout=STATE_MS)


def seat_page(browser: Browser, server: str, preset: str, players: int, size: tuple[int, int], **extra: Any) -> Page:
    tid, stored = table_with_bots(server, preset, players, **extra)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    as_seat(ctx, stored)
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    return page


def inside(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    assert box is not None and vp is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= vp["width"] + 1
        and (box["y"] + box["height"] <= vp["height"] + 1)
    )


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)])
def test_loo_pool_1_the_summary_overlays_the_felt_with_the_ante_and_waits_for_next_deal(
    server: str, browser: Browser, size: tuple[int, int]
) -> None:
    """LOO-POOL-1: every seat antes, so every row shows its ante and its stack before → after with the change the
    server computed; the overlay and its Next deal button are on screen, and the next deal waits for it."""
    page = seat_page(browser, server, "three-card", 4, size, next_deal=None)
    play_until(page, lambda phase: phase == "over")
    overlay = page.locator("#deal-overlay")
    expect(overlay).to_be_visible()
    expect(overlay.locator("h2")).to_have_text(re.compile(r"Deal 1 is over"))
    rows = overlay.locator(".summary-table tbody tr")
    expect(rows).to_have_count(4)
    for i in range(4):
        cells = rows.nth(i).locator("td")
        assert cells.nth(2).inner_text().startswith("−")  # an ante was paid by every seat
        assert inside(page, f"#deal-overlay tbody tr:nth-child({i + 1}) td[data-net]"), "a stack is off screen"
        chips = cells.nth(5)
        before, after = re.findall(r"\d+", chips.inner_text())[:2]
        assert int(chips.get_attribute("data-net") or "x") == int(after) - int(before)
    expect(overlay.locator(".personal")).to_contain_text("this deal (100 → ")
    if overlay.locator(".last-trick").count():  # no trick when all but one passed (uncontested)
        assert 2 <= overlay.locator(".last-trick figure").count() <= 4
        expect(overlay.locator(".last-trick figure.best")).to_have_count(1)
    assert inside(page, "#next-deal"), "the Next deal button is off screen"
    expect(page.locator("#next-status")).to_have_text(re.compile("when every player has pressed Next deal"))
    assert page.evaluate("document.body.dataset.deal") == "1"
    page.locator("#next-deal").click()
    page.wait_for_selector("body[data-deal='2']", state="attached", timeout=STATE_MS)
    expect(overlay).to_be_hidden()
    expect(page.locator("#summary-panel")).to_be_visible()  # the side keeps the last deal's numbers
    page.context.close()


def test_the_countdown_is_shown_and_deals_on_by_itself(server: str, browser: Browser) -> None:
    page = seat_page(browser, server, "three-card", 3, (1366, 768), next_deal=5)
    play_until(page, lambda phase: phase == "over")
    expect(page.locator("#next-status")).to_have_text(re.compile(r"The next deal starts in \d s"))
    page.wait_for_selector("body[data-deal='2']", state="attached", timeout=STATE_MS)
    expect(page.locator("#deal-overlay")).to_be_hidden()
    page.context.close()


def test_louse_score_1_the_summary_itemises_points_and_the_match(server: str, browser: Browser) -> None:
    page = seat_page(browser, server, "louse", 4, (1280, 800), next_deal=None)
    play_until(page, lambda phase: phase == "over")
    overlay = page.locator("#deal-overlay")
    expect(overlay.locator("thead th")).to_have_text(["Player", "Tricks", "Penalty cards", "Points", "Match"])
    total = 0
    rows = overlay.locator(".summary-table tbody tr")
    for i in range(4):
        points = int(rows.nth(i).locator("[data-points]").get_attribute("data-points") or "x")
        assert rows.nth(i).locator("[data-match]").inner_text() == f"0 → {points}"
        total += points
    assert total > 0
    expect(overlay).not_to_contain_text("pool")
    expect(page.locator("#pool")).to_have_text("")
    page.context.close()


def test_lou_decl_1_the_buttons_say_in_and_out_and_the_centre_says_pot(server: str, browser: Browser) -> None:
    """LOU-DECL-1: Lou's declaration is In or Out, in the server's words, and its chips are the pot."""
    page = seat_page(browser, server, "lou", 4, (1280, 800))
    phase = play_until(page, lambda ph: ph in ("commit", "declare", "over"))
    assert phase != "over"
    labels = page.locator("#choices button.choice[data-action]").all_inner_texts()
    assert "In" in labels and "Out" in labels, labels
    expect(page.locator("#pool")).to_have_text(re.compile(r"^Pot: \d+$"))
    page.context.close()


def test_common_4_the_hint_names_a_choice_and_lights_it(server: str, browser: Browser) -> None:
    page = seat_page(browser, server, "three-card", 4, (1280, 800))
    phase = my_turn(page)
    assert phase != "over"
    key = page.evaluate("document.body.dataset.turnKey")
    page.locator("#hint-button").click()
    expect(page.locator("#hint")).to_contain_text("Hint: ")
    expect(page.locator("#hint")).to_contain_text("(balanced bot)")
    expect(page.locator(".hinted")).to_have_count(1)
    assert page.evaluate("document.body.dataset.turnKey") == key  # asking changed nothing
    page.context.close()
