"""The web table in a real browser (Debian's chromium through Playwright) against a real server process.

The server is uvicorn in a subprocess on a free loopback port, with a temporary SQLite file and bots that act almost
at once. Every wait is for a state of the page (a selector, a data attribute the page sets from the server's
messages), never for a length of time. Skipped, with the reason, where chromium or Playwright is missing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bench.webdrive import STATE_MS, act_once, get_json, post_json
from playwright.sync_api import Browser, Page, expect

import webpage  # noqa: F401  (skips this module without chromium or Playwright)

# The server and the browser are conftest.py's fixtures: a real server process (uvicorn in a subprocess on a free
# loopback port, a temporary SQLite file, bots that act almost at once) and Debian's chromium.
pytestmark = pytest.mark.slow
ARTIFACTS = Path(__file__).parent / "artifacts"


def sit(page: Page, seat: int, name: str) -> None:
    row = page.locator(f"#seat-list li[data-seat='{seat}']")
    row.locator("input").fill(name)
    row.get_by_role("button", name="Sit here").click()
    expect(row.locator("strong")).to_have_text(name, timeout=STATE_MS)


def turn_key(page: Page) -> tuple[int, int]:
    deal, _, step = (page.evaluate("document.body.dataset.turnKey") or "0:0").partition(":")
    return int(deal), int(step)


def play_until_deal_over(pages: dict[int, Page], refuse_once: bool = False) -> bool:
    """The human seats take their turns until every page has shown the first deal's summary. The page that has
    drawn the latest state says who is to act; only this loop acts for the humans, so that seat's page reaches that
    state and waits there. Returns whether an illegal card was tried and refused."""
    done = "body[data-deals-over]"
    refused = False
    for _ in range(500):
        if all(p.locator(done).count() for p in pages.values()):
            return refused
        lead = max(pages.values(), key=turn_key)
        # one read of both: between two reads a bot's move can bring the next state, whose seats to act would be
        # paired with the last state's key (a wait for that key and a human's turn would never end)
        key, acting = lead.evaluate("[document.body.dataset.turnKey, document.body.dataset.toAct]")
        to_act = [int(x) for x in (acting or "").split(",") if x]
        seat = next((s for s in to_act if s in pages), None)
        if seat is None:  # a bot's turn, or between deals: wait for the next state
            lead.wait_for_selector(f"body:not([data-turn-key='{key}'])", state="attached", timeout=STATE_MS)
            continue
        page = pages[seat]
        page.wait_for_selector(f"body[data-turn-key='{key}'][data-my-turn=yes]", state="attached", timeout=STATE_MS)
        if page.evaluate("document.body.dataset.phase") == "declare":
            # no card can be played while declaring: the cards are not choices, and a click sends nothing
            expect(page.locator("#hand .card").first).to_be_disabled()
            assert page.locator("#hand .card:not([disabled])").count() == 0
        if refuse_once and not refused and page.locator("#hand .card.dim").count():
            # an illegal card: the server refuses it with its one-sentence reason and rule, and nothing changes
            page.locator("#hand .card.dim").first.click()
            expect(page.locator("#reason")).to_contain_text("(LOO-", timeout=STATE_MS)
            assert page.evaluate("document.body.dataset.turnKey") == key
            refused = True
        act_once(page)
    raise AssertionError("the deal did not end")


def test_one_human_plays_a_whole_deal_against_bots(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/")
    expect(page.locator("#preset option[value=three-card]")).to_be_attached()
    page.select_option("#preset", "three-card")
    page.select_option("#players", "4")
    page.fill("input[name=title]", "Browser table")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/t/*")
    sit(page, 0, "Ann <b>&amp;")
    for seat in (1, 2, 3):
        row = page.locator(f"#seat-list li[data-seat='{seat}']")
        row.get_by_role("button", name="Bot").click()
        expect(row.locator("strong")).to_be_visible(timeout=STATE_MS)
    # the name is shown as typed: text, never markup
    expect(page.locator("#seats .seat.me .name")).to_contain_text("Ann <b>&amp;")
    assert page.locator("#seats b").count() == 0
    expect(page.locator("#conn")).to_have_text("connected", timeout=STATE_MS)
    play_until_deal_over({0: page}, refuse_once=True)
    expect(page.locator("#summary-panel")).to_be_visible()
    assert page.locator("#summary tr").count() == 5  # a heading and four seats
    expect(page.locator("#deal-overlay .seed").first).not_to_be_empty()  # the fair-deal seed, revealed
    assert page.locator("#log li").count() > 10
    assert page.locator("#rules li").count() > 3  # the rules panel: the engine's sentences
    history = page.locator("#history-link").get_attribute("href")
    assert history is not None and history.endswith("/history")
    assert errors == []
    page.close()


def test_two_humans_play_at_one_table(server: str, browser: Browser) -> None:
    made = post_json(f"{server}/api/tables", {"preset": "three-card", "players": 3, "stack": 50, "deals": 2})
    tid = made["table_id"]
    post_json(f"{server}/api/tables/{tid}/seats/2/bot", {"style": "random", "host_token": made["host_token"]})
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    a, b = ctx_a.new_page(), ctx_b.new_page()
    a.goto(f"{server}/t/{tid}")
    sit(a, 0, "Alice")
    b.goto(f"{server}/t/{tid}")
    sit(b, 1, "Bob")
    for p in (a, b):
        expect(p.locator("#hand .card").first).to_be_visible(timeout=STATE_MS)
    play_until_deal_over({0: a, 1: b})
    # each saw the other's name, and neither saw the other's hand (the page shows only its own view)
    expect(a.locator("#seats [data-seat='1'] .name")).to_contain_text("Bob")
    expect(b.locator("#seats [data-seat='0'] .name")).to_contain_text("Alice")
    for p in (a, b):
        expect(p.locator("#summary-panel")).to_be_visible()
    ctx_a.close()
    ctx_b.close()


def test_phone_layout_has_no_horizontal_scroll_and_shows_hand_and_trick(server: str, browser: Browser) -> None:
    made = post_json(f"{server}/api/tables", {"preset": "five-card", "players": 5, "stack": 100})
    tid = made["table_id"]
    for seat in range(1, 5):
        post_json(
            f"{server}/api/tables/{tid}/seats/{seat}/bot", {"style": "balanced", "host_token": made["host_token"]}
        )
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=1, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    sit(page, 0, "Pat, a rather long name")
    # play until a card lies on the trick while it is our turn, so both are drawn
    while True:
        page.wait_for_selector("body[data-my-turn=yes]", state="attached", timeout=STATE_MS)
        if page.evaluate("document.body.dataset.phase") == "play" and page.locator("#trick .played").count():
            break
        act_once(page)
    expect(page.locator("#trick .played").first).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-table.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways: {width} px wide"
    for sel in ("#hand", "#trick", "#felt", "#choices", "#stakes"):
        box = page.locator(sel).bounding_box()
        assert box is not None, sel
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360 + 0.5, (sel, box)
    cards = page.locator("#hand .card")
    assert cards.count() == int(page.locator("#hand").get_attribute("data-cards") or 0) >= 1
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["width"] >= 40 and box["x"] + box["width"] <= 360, box
    for i in range(5):
        spot = page.locator(f"#seats [data-seat='{i}']").bounding_box()
        assert spot is not None and spot["x"] >= 0 and spot["x"] + spot["width"] <= 360, (i, spot)
    # the four bots' plates read distinctly, untruncated, at 360 px: "Bot 2" over "balanced bot"
    plates = [page.locator(f"#seats [data-seat='{i}'] .name") for i in range(1, 5)]
    assert [p.inner_text().strip() for p in plates] == [f"Bot {k}" for k in (2, 3, 4, 5)]
    for p in plates:
        assert p.evaluate("e => e.scrollWidth <= e.clientWidth"), p.inner_text()
    expect(page.locator("#stakes")).not_to_be_empty()
    ctx.close()


def test_a_private_table_is_joined_through_its_invite_link_only(server: str, browser: Browser) -> None:
    host_ctx, guest_ctx, stranger_ctx = browser.new_context(), browser.new_context(), browser.new_context()
    host = host_ctx.new_page()
    host.goto(f"{server}/")
    expect(host.locator("#preset option[value=three-card]")).to_be_attached()
    host.select_option("#preset", "three-card")
    host.select_option("#players", "3")
    host.fill("input[name=title]", "Private table")
    host.check("input[name=private]")
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url("**/t/*#invite=*")
    # the page fills the invite box once its script has run, after the URL changed: wait for that state (read at
    # once, a loaded machine found the box still empty)
    expect(host.locator("#invite")).to_have_value(re.compile(r"/t/[^#]+#invite=."))
    link = host.locator("#invite").input_value()
    tid = link.split("/t/")[1].split("#")[0]
    sit(host, 0, "Host")
    assert all(t["table_id"] != tid for t in get_json(f"{server}/api/tables")["tables"])  # not in the lobby
    stranger = stranger_ctx.new_page()
    stranger.goto(f"{server}/t/{tid}")  # the address without its code
    expect(stranger.locator(".no-table")).to_contain_text("invite link", timeout=STATE_MS)  # one sentence, no table
    guest = guest_ctx.new_page()
    guest.goto(link)
    sit(guest, 1, "Guest")
    expect(host.locator("#seat-list li[data-seat='1'] strong")).to_have_text("Guest", timeout=STATE_MS)
    for ctx in (host_ctx, guest_ctx, stranger_ctx):
        ctx.close()


def test_the_turn_timer_counts_down_on_the_seat_to_act_on_a_phone(server: str, browser: Browser) -> None:
    made = post_json(f"{server}/api/tables", {"preset": "three-card", "players": 3, "turn_seconds": 600})
    tid = made["table_id"]
    for seat in (1, 2):
        post_json(f"{server}/api/tables/{tid}/seats/{seat}/bot", {"style": "random", "host_token": made["host_token"]})
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=1, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    sit(page, 0, "Tim")
    page.wait_for_selector("body[data-my-turn=yes]", state="attached", timeout=STATE_MS)
    clock = page.locator("#seats [data-seat='0'] .clock")
    expect(clock).to_be_visible()
    expect(clock).to_have_text(re.compile(r"^\d+ s left$"))
    left = int(page.evaluate("document.body.dataset.secondsLeft"))
    assert 0 < left <= 600
    # the plates are redrawn with every state: measured in the page, whichever clock element is current
    inside = """() => { const r = document.querySelector("#seats [data-seat='0'] .clock")?.getBoundingClientRect();
                        return !!r && r.width > 0 && r.left >= 0 && r.right <= 360; }"""
    page.wait_for_function(inside, timeout=STATE_MS)
    expect(page.locator("#turn-clock")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-timer.png"), full_page=True)
    # the stakes are the server's sentences (engine.stakewords), one a line
    expect(page.locator("#stakes .stake").first).to_have_text(re.compile(r"^(Play|Each trick): "))
    ctx.close()
