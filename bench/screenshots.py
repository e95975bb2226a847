"""The web table's pictures in docs/web-table/: each page (the lobby, the table while declaring and in play, a deal's
summary, a tutorial and its guided deal on the lesson table) at the four screen sizes the layout is tested at
(bench/webdrive.SIZES).

    PYTHONPATH=src python -m bench.screenshots            # from the checkout: writes docs/web-table/*.png
    PYTHONPATH=src python -m bench.screenshots /tmp/shots  # anywhere else

A real server (bots acting almost at once) and Debian's chromium through Playwright, as in the browser tests. The
deals are random, so the cards differ from one run to the next; the layout does not. Where Pillow is installed the
pictures are reduced to a 128-colour palette, which keeps each one small.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.webdrive import ARGS, CHROMIUM, SIZES, as_seat, play_until, serve, table_with_bots

OUT = Path(__file__).resolve().parents[1] / "docs" / "web-table"


def shrink(path: Path) -> None:
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def shoot(page: Any, out: Path, name: str, show: str | None = None) -> None:
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        if page.locator("#felt").count():
            page.wait_for_function("w => document.getElementById('felt').dataset.fitWidth === String(w)", arg=w)
        if show:
            page.locator(show).scroll_into_view_if_needed()
        path = out / f"{name}-{w}x{h}.png"
        page.screenshot(path=str(path), type="png")
        shrink(path)
        print(path)


def main(out: Path) -> int:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp) / "shots.db") as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        # a table or two in the lobby's list
        for title in ("Friday Loo", "Pam at five"):
            table_with_bots(base, "five-card", 5, title=title)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
        page = ctx.new_page()
        page.goto(f"{base}/")
        page.wait_for_selector("#tables li")
        shoot(page, out, "lobby")
        page.goto(f"{base}/tutorial/three-card")
        shoot(page, out, "tutorial")
        page.goto(f"{base}/tutorial/three-card/deal")  # the guided deal on the lesson table
        page.wait_for_selector("body[data-my-turn=yes]", state="attached")
        shoot(page, out, "lesson-table")
        ctx.close()

        tid, stored = table_with_bots(base, "three-card", 5, title="Friday Loo", next_deal=None)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
        as_seat(ctx, stored)
        page = ctx.new_page()
        page.goto(f"{base}/t/{tid}")
        play_until(page, lambda ph: ph == "declare")
        shoot(page, out, "table-declaring")
        play_until(page, lambda ph: ph == "play" and page.locator("#trick .played").count() > 0)
        shoot(page, out, "table-in-play")
        play_until(page, lambda ph: ph == "over")
        shoot(page, out, "deal-summary", show="#deal-overlay")
        ctx.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
