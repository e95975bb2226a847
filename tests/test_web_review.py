"""A new player's review of the web table (s10-a), each finding checked in a real browser against a real server:
the hint moves nothing, the seat marks are one set of colours and shapes, the keyboard panel stays off phones, the
cards just drawn are marked, Louse's cancelled queens are struck through, the create form offers only what does
something, and the last trick names each card's player and its winner in words. Every wait is for a state of the
page, never for a length of time."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from bench.webdrive import (
    STATE_MS,
    act_once,
    as_seat,
    get_json,
    my_turn,
    next_deal,
    play_until,
    post_json,
    table_with_bots,
)
from playwright.sync_api import Browser, Page, expect

import webpage  # noqa: F401  (skips this module without chromium or Playwright)
from lanterloo.web.wording import shown

pytestmark = pytest.mark.slow
expect.set_options(timeout=STATE_MS)

# every "won" label the felt has shown on a finished trick, however briefly (a trick stays about a second)
WON_ON_FELT = """
window.__won = [];
new MutationObserver(() => {
  for (const w of document.querySelectorAll('#trick.done .played.best .won')) {
    const card = w.closest('.played');
    window.__won.push([card.dataset.seat, w.textContent, card.querySelector('.who')?.textContent ?? '']);
  }
}).observe(document, { subtree: true, childList: true });
"""


def seat_page(browser: Browser, server: str, preset: str, players: int, size: tuple[int, int], **extra: Any) -> Page:
    tid, stored = table_with_bots(server, preset, players, **extra)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    as_seat(ctx, stored)
    ctx.add_init_script(WON_ON_FELT)
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    return page


def box(page: Page, selector: str) -> tuple[float, float, float, float]:
    b = page.locator(selector).bounding_box()
    assert b is not None, selector
    return (round(b["x"], 1), round(b["y"], 1), round(b["width"], 1), round(b["height"], 1))


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_common_4_asking_for_a_hint_moves_neither_the_felt_nor_the_hand(
    server: str, browser: Browser, size: tuple[int, int]
) -> None:
    """COMMON-4: the hint opens over the felt's lower edge, above the prompt: the felt and the hand keep their place
    while it is asked, shown and closed, and it covers none of the choices."""
    page = seat_page(browser, server, "three-card", 4, size)
    assert my_turn(page) != "over"
    page.wait_for_function("document.fonts.status === 'loaded'", timeout=STATE_MS)
    before = {sel: box(page, sel) for sel in ("#felt", "#hand", "#choices")}
    page.locator("#hint-button").click()
    hint = page.locator("#hint")
    expect(hint).to_contain_text("Hint: ")
    expect(hint).to_be_visible()
    assert {sel: box(page, sel) for sel in before} == before
    shown_at, choices = box(page, "#hint"), before["#choices"]
    assert shown_at[1] + shown_at[3] <= choices[1] + 0.5, "the hint covers the choice buttons"
    assert shown_at[1] >= 0 and shown_at[0] >= 0 and shown_at[0] + shown_at[2] <= size[0] + 0.5
    page.get_by_role("button", name="Close the hint").click()
    expect(hint).to_be_hidden()
    assert {sel: box(page, sel) for sel in before} == before
    page.context.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_common_4_a_refused_move_is_said_without_moving_the_felt_or_the_hand(
    server: str, browser: Browser, size: tuple[int, int]
) -> None:
    """COMMON-4: the reason for a refused move opens over the felt's lower edge, as the hint does."""
    page = seat_page(browser, server, "three-card", 4, size)
    assert my_turn(page) != "over"
    page.wait_for_function("document.fonts.status === 'loaded'", timeout=STATE_MS)
    before = {sel: box(page, sel) for sel in ("#felt", "#hand", "#choices")}
    page.evaluate("import('/static/state.js').then((m) => m.send('zz'))")  # what no button sends
    reason = page.locator("#reason")
    expect(reason).not_to_be_empty()
    expect(reason).to_be_visible()
    assert {sel: box(page, sel) for sel in before} == before
    shown_at, choices = box(page, "#reason"), before["#choices"]
    assert shown_at[1] + shown_at[3] <= choices[1] + 0.5, "the reason covers the choice buttons"
    page.context.close()


MARK = """el => { const s = getComputedStyle(el);
  return [s.backgroundColor, s.borderTopColor, s.borderTopLeftRadius, el.getAttribute('aria-label')]; }"""


def test_seat_marks_are_one_set_of_colours_and_shapes_on_the_plates_and_in_the_list(
    server: str, browser: Browser
) -> None:
    """A seat's mark in the seat list is the one on its plate (the same colours, from one set of CSS variables, and
    the same shape) and the legend's: a bot, a connected player and one who is away differ in shape and in words as
    well as in colour."""
    made = post_json(f"{server}/api/tables", {"preset": "three-card", "players": 4, "next_deal": None})
    tid, host = made["table_id"], made["host_token"]
    got = post_json(f"{server}/api/tables/{tid}/seats/0", {"name": "Ann"})
    post_json(f"{server}/api/tables/{tid}/seats/1", {"name": "Basil"})  # sits, and never connects: away
    for seat in (2, 3):
        post_json(f"{server}/api/tables/{tid}/seats/{seat}/bot", {"style": "balanced", "host_token": host})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    as_seat(ctx, {f"lanterloo.seat.{tid}": {"seat": got["seat"], "token": got["token"]}})
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    page.wait_for_selector("body[data-phase]", state="attached", timeout=STATE_MS)
    expect(page.locator("#seat-list li[data-seat='0'] .seat-dot")).to_have_attribute("aria-label", "connected")
    expect(page.locator("#seats .seat[data-seat='0'] .seat-dot")).to_have_attribute("aria-label", "connected")
    marks = {}
    for seat in range(4):
        listed = page.locator(f"#seat-list li[data-seat='{seat}'] .seat-dot").evaluate(MARK)
        plate = page.locator(f"#seats .seat[data-seat='{seat}'] .seat-dot").evaluate(MARK)
        assert listed == plate, (seat, listed, plate)
        marks[seat] = plate
    me, away, bot = marks[0], marks[1], marks[2]
    assert (me[3], away[3], bot[3]) == ("connected", "away", "bot")
    assert marks[3] == bot
    assert len({me[0], away[0], bot[0]}) == 3  # three colours ...
    assert len({me[2], bot[2]}) == 2 and away[0] != away[1]  # ... and three shapes: a circle, a square, a ring
    expect(page.locator("#seat-list li[data-seat='1']")).to_contain_text("away")
    expect(page.locator("#seat-list li[data-seat='0']")).to_contain_text("connected")
    legend = page.locator("#seat-legend")
    expect(legend).to_have_text(re.compile(r"connected\s+away\s+bot"))
    for cls, seen in (("on", me), ("off", away), ("bot", bot)):
        assert legend.locator(f".seat-dot.{cls}").evaluate(MARK)[:3] == seen[:3], cls
    ctx.close()


@pytest.mark.parametrize(
    ("size", "touch", "shown_here"),
    [
        pytest.param((390, 844), True, False, id="phone-390x844-touch"),
        pytest.param((360, 740), False, False, id="phone-360x740"),  # the width alone is enough
        pytest.param((1024, 768), True, False, id="touch-screen-1024x768"),  # and so is a touch-only pointer
        pytest.param((1280, 800), False, True, id="laptop-1280x800"),
    ],
)
def test_the_keyboard_panel_is_left_off_phones_and_touch_screens(
    server: str, browser: Browser, size: tuple[int, int], touch: bool, shown_here: bool
) -> None:
    """The shortcut list is of use with a keyboard: hidden on a phone (390×844, 360×740) and a touch-only screen,
    kept on a laptop."""
    tid, stored = table_with_bots(server, "three-card", 3)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=touch, is_mobile=touch)
    as_seat(ctx, stored)
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    page.wait_for_selector("body[data-phase]", state="attached", timeout=STATE_MS)
    panel = page.locator("#keys-panel")
    if shown_here:
        expect(panel).to_be_visible()
    else:
        expect(panel).to_be_hidden()
        expect(page.locator("#prefs-panel")).to_be_visible()  # the other panels stay
    ctx.close()


# the hand's cards as (code, marked drawn, label) once ``n`` of them are marked drawn
SNAPSHOT = """n => { const cards = [...document.querySelectorAll('#hand .card')];
  if (cards.filter(c => c.classList.contains('drawn')).length !== n) return null;
  return cards.map(c => [c.dataset.card, c.classList.contains('drawn'), c.getAttribute('aria-label')]); }"""


def hand_codes(page: Page) -> list[str]:
    return [c.get_attribute("data-card") or "" for c in page.locator("#hand .card").all()]


@pytest.mark.parametrize(("preset", "options"), [("five-card", {}), ("lou", {"lou_draw": 3})])
def test_pam_exch_1_the_cards_drawn_are_marked_until_the_first_card_is_played(
    server: str, browser: Browser, preset: str, options: dict[str, Any]
) -> None:
    """PAM-EXCH-1, LOU-DRAW-1: after throwing and drawing, the cards drawn (and only they) are marked "new" and named
    "drawn" for a screen reader, from the server's word for this seat; the marks go once the seat plays a card, or
    the deal ends."""
    page = seat_page(browser, server, preset, 4, (1280, 800), options=options)
    for _ in range(12):  # deals until this seat draws (at Lou it may be the only one In, and draw nothing)
        phase = play_until(page, lambda ph: ph in ("exchange", "over"))
        if phase == "exchange":
            break
        next_deal(page)
    else:
        raise AssertionError("this seat never came to draw")
    expect(page.locator("#hand .card.drawn")).to_have_count(0)
    before = hand_codes(page)
    n = 2  # within every exchange's limit here (five-card: five; Lou: lou_draw)
    thrown = before[:n]
    for code in thrown:
        page.locator(f"#hand .card[data-card='{code}']").click()
    expect(page.locator("#throw")).to_be_enabled()
    page.locator("#throw").click()
    # the hand once its drawn cards are marked, read at one moment (a flush can end the deal the next instant)
    hand = page.wait_for_function(SNAPSHOT, arg=n, timeout=STATE_MS).json_value()
    kept = set(before) - set(thrown)
    drawn = {code for code, marked, _label in hand if marked}
    assert drawn == {code for code, _marked, _label in hand} - kept
    for _code, marked, label in hand:
        assert ("drawn" in label) == marked, label
    phase = play_until(page, lambda ph: ph in ("play", "over"))
    if phase == "play":
        act_once(page)  # this seat's first card (a flush may end the deal before any: the marks go then too)
    expect(page.locator("#hand .card.drawn")).to_have_count(0)
    page.context.close()


# the text of a penalty card that still counts: without what is struck through, and without the screen reader's word
COUNTED = """el => { const c = el.cloneNode(true);
  c.querySelectorAll('s, .visually-hidden').forEach(x => x.remove()); return c.textContent.trim(); }"""


def test_louse_score_3_queens_the_queen_of_diamonds_cancels_are_struck_through(server: str, browser: Browser) -> None:
    """LOUSE-SCORE-3: in the deal summary a penalty card whose points the Q♦ cancelled is struck through, with the
    word "cancelled" for a screen reader; what the other cards show adds up to the row's points."""
    page = seat_page(browser, server, "louse", 4, (1280, 800))
    play_until(page, lambda phase: phase == "over")
    rows = page.locator("#deal-overlay .summary-table tbody tr")
    expect(rows).to_have_count(4)
    struck = 0
    for i in range(4):
        row = rows.nth(i)
        points = int(row.locator("[data-points]").get_attribute("data-points") or "x")
        counted = 0
        for card in row.locator(".penalty").all():
            text = card.evaluate(COUNTED)
            counted += int(text.split()[-1]) if text else 0
            if "cancelled" in (card.get_attribute("class") or ""):
                struck += 1
                assert card.locator("s").count() == 1
                expect(card.locator(".visually-hidden")).to_contain_text("cancelled")
                assert card.locator("s").evaluate("s => getComputedStyle(s).textDecorationLine") == "line-through"
        assert counted == points, (i, row.inner_text())
    assert struck  # four-handed Louse deals every card: someone took the Q♦, which cancels its own queen points
    page.context.close()


def presets(server: str) -> dict[str, Any]:
    return {p["name"]: p for p in get_json(f"{server}/api/presets")["presets"]}


def test_the_create_form_offers_an_option_only_once_the_option_it_needs_is_set(server: str, browser: Browser) -> None:
    """An option that does nothing until another is set (the server's ``shown_when``) is shown only while it would
    do something, and a hidden one is not sent: Bold Stand's Miss appears with Bold Stand, and a table is made
    after it was ticked and Bold Stand turned off again (the server refuses an option that changes nothing)."""
    three = presets(server)["three-card"]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server}/")
    expect(page.locator("#preset option[value=three-card]")).to_be_attached()
    page.select_option("#preset", "three-card")
    page.select_option("#players", "4")
    page.locator("#options-box > summary").click()

    def visible_rows() -> dict[str, bool]:
        return {o["name"]: page.locator(f"[data-option-row={o['name']}]").is_visible() for o in three["options"]}

    defaults = {o["name"]: o["default"] for o in three["options"]}
    assert visible_rows() == {o["name"]: shown(o.get("shown_when"), defaults) for o in three["options"]}
    withdraw = page.locator("[data-option-row=bold_stand_withdraw_miss]")
    expect(withdraw).to_be_hidden()
    bold = page.locator("#opt-bold_stand")
    bold.select_option("everyone")
    expect(withdraw).to_be_visible()
    withdraw.locator("input").click()  # changed from the game's own ...
    bold.select_option("off")  # ... then left with nothing to change
    expect(withdraw).to_be_hidden()
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1].split("#")[0]
    assert get_json(f"{server}/api/tables/{table_id}")["rules"]["house"] == {}
    page.close()


def test_louse_match_1_the_create_form_asks_no_number_of_deals_for_louse(server: str, browser: Browser) -> None:
    """LOUSE-MATCH-1: a Louse match ends at its losing total, so the form asks neither deals nor chips for Louse
    (as /api/presets says) and makes the table without them; other games keep both."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server}/")
    expect(page.locator("#preset option[value=louse]")).to_be_attached()
    for name, p in presets(server).items():
        page.select_option("#preset", name)
        for label, asked in (("#deals-label", p["asks_deals"]), ("#stack-label", p["asks_stack"])):
            if asked:
                expect(page.locator(label)).to_be_visible()
            else:
                expect(page.locator(label)).to_be_hidden()
    page.select_option("#preset", "louse")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1].split("#")[0]
    made = get_json(f"{server}/api/tables/{table_id}")
    assert (made["preset"], made["deals"]) == ("louse", None)
    page.close()


def test_common_5_the_last_trick_names_each_cards_player_and_its_winner_in_words(server: str, browser: Browser) -> None:
    """COMMON-5: under the summary's last trick each card is captioned with its player ("You", a name, a bot's
    "Bot 2"), the winner's caption says it won the trick, and the line above names the same player; on the felt a
    finished trick's winning card says "won"."""
    page = seat_page(browser, server, "three-card", 4, (1280, 800), next_deal=None)
    for _ in range(12):  # deals until one has a trick played (all but one may pass)
        play_until(page, lambda phase: phase == "over")
        if page.locator("#deal-overlay .last-trick").count():
            break
        next_deal(page)
    me = int(page.locator("#seats .seat.me").get_attribute("data-seat") or "-1")
    plates = {
        int(p.get_attribute("data-seat") or "-1"): p.locator(".name").inner_text().strip()
        for p in page.locator("#seats .seat").all()
    }
    figures = page.locator("#deal-overlay .last-trick figure")
    winners = []
    for fig in figures.all():
        seat = int(fig.get_attribute("data-seat") or "-1")
        who = fig.locator("figcaption .who").inner_text()
        assert who == ("You" if seat == me else plates[seat]), (seat, who, plates)
        if fig.locator(".won").count():
            expect(fig.locator(".won")).to_have_text(re.compile("won the trick"))
            winners.append((seat, who, "best" in (fig.get_attribute("class") or "")))
    assert len(winners) == 1 and winners[0][2], winners
    seat, who, _best = winners[0]
    taker = "you" if seat == me else plates[seat]
    expect(page.locator("#deal-overlay .last-trick p")).to_contain_text(f"taken by {taker}")
    won = page.evaluate("window.__won")
    assert won, "no finished trick on the felt said who won it"
    assert all(text == "won" and who for _seat, text, who in won), won
    page.context.close()


def test_common_4_a_double_click_on_a_card_plays_it_once_and_says_nothing(server: str, browser: Browser) -> None:
    """COMMON-4: a second click before the table has moved on is for a step already answered: it is not sent, so
    the player never reads 'behind the table' for his own double click."""
    page = seat_page(browser, server, "three-card", 4, (1280, 800))
    for _ in range(8):
        phase = my_turn(page)
        if phase == "over":
            break
        key = page.locator("body").get_attribute("data-turn-key")
        if phase == "play":
            page.locator("#hand .card.legal").first.dblclick()
        else:
            page.locator("#choices button.choice").first.dblclick()
        page.wait_for_selector(f"body:not([data-turn-key='{key}'])", state="attached", timeout=STATE_MS)
        expect(page.locator("#reason")).to_have_text("")
    page.context.close()


def test_a_table_that_is_not_there_is_one_sentence_and_the_way_back(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/t/nosuchtable")
    expect(page.locator(".no-table")).to_contain_text("There is no table")
    expect(page.locator(".no-table a")).to_have_attribute("href", "/")
    assert page.locator("#felt").count() == 0 and page.locator("#words-open").count() == 0
    for path in ("/t/%3Cscript%3E", "/tutorial/nope", "/tutorial/nope/deal"):
        response = page.goto(f"{server}{path}")
        assert response is not None and response.status == 404
        expect(page.locator(".no-table p").first).not_to_be_empty()
        assert "{" not in page.locator("body").inner_text()  # a page, not raw JSON
    page.close()
