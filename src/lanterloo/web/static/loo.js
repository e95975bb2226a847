// Lanterloo's web table: the lobby and the table page, as build-free ES modules, no framework.
// The server decides everything (docs/protocol.md); this script only draws what it is sent and sends the
// player's choices. Every name or text from the server goes in through textContent, never as HTML.
// This entry point picks the page's module; each module has one job (dom, cards, lobby, state, table, summary, and
// houserules, quick, tableinfo, tutorial).
import { $ } from "./dom.js";
import { lobby } from "./lobby.js";
import { applyPrefs } from "./prefs.js";
import { tablePage } from "./table.js";
import { tutorialPage } from "./tutorial.js";

export { cardCode } from "./cards.js";

applyPrefs(); // the four-colour deck, on every page
const page = document.body.dataset.page;
const pages = { lobby, table: tablePage, tutorial: tutorialPage };
const run = Object.hasOwn(pages, page) ? pages[page] : null;
if (run) {
  run().catch((err) => {
    const box = $("create-error") ?? $("seat-error") ?? $("lesson-verdict");
    if (box) box.textContent = err.message;
  });
}

