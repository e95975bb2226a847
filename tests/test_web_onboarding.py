"""Onboarding in a real browser (chromium through Playwright, against a real server process, as in
tests/test_web_browser.py, whose server and browser fixtures these tests share): Play now from the lobby, a house
rule chosen by its words in the "new table" form, and a tutorial drill answered on the tutorial page. Every wait is
for a state of the page, never for a length of time."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from bench.webdrive import STATE_MS, get_json
from playwright.sync_api import Browser, Page, expect

import webpage  # noqa: F401  (skips this module without chromium or Playwright)
from lanterloo.tutorial import TUTORIALS, Drill

pytestmark = pytest.mark.slow


def _page(chromium: Browser) -> tuple[Page, list[str]]:
    page = chromium.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def test_play_now_seats_you_with_bots_and_deals_at_once(server: str, browser: Browser) -> None:
    page, errors = _page(browser)
    page.goto(f"{server}/")
    expect(page.locator("#play-preset option[value=five-card]")).to_be_attached()
    page.select_option("#play-preset", "five-card")
    expect(page.locator("#play-what")).to_have_text(re.compile(r"You and 4 balanced bots, 100 chips each"))
    page.fill("#play-name", "Ann")
    page.get_by_role("button", name="Play now").click()
    page.wait_for_url("**/t/*")
    # the cards are dealt at once, and this page holds seat 0
    page.wait_for_selector("body[data-my-turn=yes]", state="attached", timeout=STATE_MS)
    expect(page.locator("#seats .seat.me .name")).to_contain_text("Ann")
    assert page.locator("#hand .card").count() == 5
    expect(page.locator("#game-line")).to_have_text("5-card Pam-Loo · no house rules")
    expect(page.locator("#waiting-line")).to_be_hidden()
    table_id = page.url.rsplit("/", 1)[1]
    summary: Any = get_json(f"{server}/api/tables/{table_id}")
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot", "bot", "bot"]
    # the name is remembered for the next Play now
    page.goto(f"{server}/")
    expect(page.locator("#play-name")).to_have_value("Ann")
    assert errors == []
    page.close()


def test_loo_pool_3_a_house_rule_chosen_by_its_words_makes_the_table(server: str, browser: Browser) -> None:
    page, errors = _page(browser)
    page.goto(f"{server}/")
    expect(page.locator("#preset option[value=three-card]")).to_be_attached()
    page.select_option("#preset", "three-card")
    page.select_option("#players", "4")
    page.locator("#options-box > summary").click()
    stakes = page.locator("fieldset[data-group=stakes]")
    expect(stakes.locator("legend")).to_have_text("Stakes")
    for group in ("Declaring", "Leads and play"):
        expect(page.locator("#options legend", has_text=group)).to_be_visible()
    # named choices in words, never an engine key
    assert "_" not in page.locator("#options").inner_text()
    stakes.get_by_label("A loo costs").select_option(label="a loo costs the whole pool (Unlimited Loo)")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/t/*")
    expect(page.locator("#game-line")).to_have_text(
        "3-card Loo · house rules: a loo costs the whole pool (Unlimited Loo)"
    )
    waiting = page.locator("#waiting-line")
    expect(waiting).to_contain_text("The game starts when every seat is taken: 0 of 4 seated.")
    row = page.locator("#seat-list li[data-seat='0']")
    row.locator("input").fill("Bea")
    row.get_by_role("button", name="Sit here").click()
    expect(waiting).to_contain_text("1 of 4 seated.")
    table_id = page.url.rsplit("/", 1)[1].split("#")[0]
    summary: Any = get_json(f"{server}/api/tables/{table_id}")
    assert summary["rules"]["house"] == {"loo_penalty": "pool"}
    assert errors == []
    page.close()


def test_loo_play_2_the_tutorial_drill_explains_only_after_a_choice(server: str, browser: Browser) -> None:
    steps = TUTORIALS["three-card"].steps
    at = next(i for i, s in enumerate(steps) if isinstance(s, Drill) and s.title == "Follow and head")
    drill = steps[at]
    assert isinstance(drill, Drill)
    page, errors = _page(browser)
    page.goto(f"{server}/tutorial/three-card")
    expect(page.locator("body[data-step='0']")).to_be_attached()
    for i in range(1, at + 1):  # step by step, with Next
        page.get_by_role("button", name="Next").click()
        expect(page.locator(f"body[data-step='{i}']")).to_be_attached()
    expect(page.locator("#lesson-title")).to_have_text(f"{at + 1}. Follow and head")
    # the idea the drill practises, then its question
    expect(page.locator("#lesson-text")).to_have_text(drill.text)
    expect(page.locator("#lesson-prompt")).to_have_text(drill.prompt)
    # the position drawn with the cards: the turn-up, the trick so far, the hand as the choices
    expect(page.locator("#lesson-turnup img")).to_have_attribute("src", "/static/cards/7S.svg")
    expect(page.locator("#lesson-trick figcaption")).to_have_text(["Basil", "Cora (best)", "Dexter"])
    assert page.locator("#lesson-hand button.card").count() == 3
    # no explanation is in the page before a choice
    html = page.content()
    assert not any(why in html for why in drill.explain.values())
    verdict = page.locator("#lesson-verdict")
    page.locator("#lesson-hand button[data-action='5♥']").click()
    expect(page.locator("body[data-verdict=wrong]")).to_be_attached()
    expect(verdict).to_contain_text("Not this one. You must head the trick")
    expect(verdict).not_to_contain_text("LOO-PLAY-2")  # the rule is data (the answer's "rule"), not lesson text
    expect(verdict).to_contain_text(drill.explain["5♥"])
    page.locator("#lesson-hand button[data-action='K♥']").click()
    expect(page.locator("body[data-verdict=right]")).to_be_attached()
    expect(verdict).to_have_text(drill.explain["K♥"])
    # Back leaves the drill; coming back, it is unanswered again
    page.get_by_role("button", name="Back").click()
    expect(page.locator(f"body[data-step='{at - 1}']")).to_be_attached()
    page.get_by_role("button", name="Next").click()
    expect(page.locator(f"body[data-step='{at}']:not([data-verdict])")).to_be_attached()
    expect(verdict).to_have_text("")
    assert errors == []
    page.close()


def test_every_tutorial_step_fits_a_phone_without_sideways_scrolling(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 740})
    for name in ("five-card", "louse"):  # the widest hands
        page.goto(f"{server}/tutorial/{name}")
        for i in range(len(TUTORIALS[name].steps)):
            expect(page.locator(f"body[data-step='{i}']")).to_be_attached()
            wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
            assert wide <= 0, (name, i, wide)
            if i + 1 < len(TUTORIALS[name].steps):
                page.get_by_role("button", name="Next").click()
    page.close()
