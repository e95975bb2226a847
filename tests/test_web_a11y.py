"""axe-core, run in the browser on each page: the lobby, the table mid-deal, the deal summary and the tutorials, with
no `serious` or `critical` violation. axe is a pinned copy the build installed from npm (`make axe`, into
.venv/axe); it is injected from that file, never fetched. Skipped, saying how to install it, where it is missing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from bench.webdrive import (
    STATE_MS,
    as_seat,
    my_turn,
    play_until,
    table_with_bots,
)

import webpage  # noqa: F401  (skips this module without chromium or Playwright)

AXE = Path(__file__).resolve().parents[1] / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.exists():
    pytest.skip(f"axe-core is not installed at {AXE}: run `make axe` (it needs npm)", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = pytest.mark.slow
expect.set_options(timeout=STATE_MS)


def serious(page: Page) -> list[dict[str, Any]]:
    """axe's violations of impact serious or critical on the page as it is now, with a few of their elements."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => ({ id: v.id, impact: v.impact, help: v.help,
                         nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + n.failureSummary) }))"""
    )
    return found


@pytest.mark.parametrize("path", ["/", "/tutorial", "/tutorial/three-card", "/tutorial/five-card/deal"])
def test_the_lobby_and_the_tutorials_have_no_serious_violation(server: str, browser: Browser, path: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server}{path}")
    if path == "/":
        expect(page.locator("#preset option").first).to_be_attached()
    if path.endswith("/deal"):  # the lesson table, with its words panel open
        expect(page.locator("body[data-my-turn=yes]")).to_be_attached()
        page.locator("#words-open").click()
        expect(page.locator("#glossary dt").first).to_be_visible()
    assert (found := serious(page)) == [], found
    page.close()


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)])
def test_the_table_mid_deal_and_its_summary_have_no_serious_violation(
    server: str, browser: Browser, size: tuple[int, int]
) -> None:
    tid, stored = table_with_bots(server, "three-card", 5)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    as_seat(ctx, stored)
    page = ctx.new_page()
    page.goto(f"{server}/t/{tid}")
    assert my_turn(page) == "declare"
    assert (found := serious(page)) == [], ("declaring", found)
    play_until(page, lambda ph: ph == "play" and page.locator("#trick .played").count() > 0)
    expect(page.locator("#rules li").first).to_be_attached()
    assert (found := serious(page)) == [], ("in play", found)
    page.locator("#pref-four").check()  # the four-colour deck passes too
    if page.locator("#keys-panel").is_visible():  # a laptop's: a phone has no shortcut list (test_web_review)
        page.locator("#keys-panel summary").click()
    assert (found := serious(page)) == [], ("in play, four colours, the keys shown", found)
    play_until(page, lambda ph: ph == "over")
    expect(page.locator("#summary-panel")).to_be_visible()
    assert (found := serious(page)) == [], ("the deal summary", found)
    ctx.close()
