// The felt's head: the turn-up, large, with what it means in words ("Trumps: ♥ hearts"), the pool and Pam.
// In Irish Loo no card is turned up: the first card led sets trumps, and the page says so until then.
import { cardCode, cardImg, cardLabel, SYMBOL } from "./cards.js";
import { $, el } from "./dom.js";
import { T } from "./state.js";

const SUIT_CODE = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };

function trumpWords(v) {
  const mode = T.summary?.rules?.options?.trump_mode;
  if (v.trump) {
    const code = SUIT_CODE[v.trump];
    return [el("span", { class: `suit suit-${code ?? "x"}`, "aria-hidden": "true", text: SYMBOL[code] ?? "" }), ` ${v.trump}`];
  }
  if (mode === "jacks") return ["the four jacks"];
  if (mode === "first_lead" && v.phase !== "done") return ["set by the first lead"];
  return null;
}

export function renderCentre(v) {
  // the table's own word for the chips in the middle ("pot" at Lou); Louse keeps points and has none
  const words = T.summary?.words;
  const pot = words?.pot ?? "pool";
  $("pool").textContent = words && !words.has_pool ? "" : `${pot.charAt(0).toUpperCase()}${pot.slice(1)}: ${v.pool}`;
  $("pool").dataset.pool = String(v.pool);
  const trumps = trumpWords(v);
  const box = $("trumps");
  box.replaceChildren();
  if (trumps) box.append(el("span", { class: "label", text: "Trumps: " }), ...trumps);
  box.dataset.trump = v.trump ?? "";
  const pam = $("pam");
  if (pam) pam.textContent = v.pam ? ` · Pam: ${cardLabel(cardCode(v.pam))}` : "";
  const up = $("turnup");
  up.replaceChildren();
  if (v.turnup) {
    const code = cardCode(v.turnup);
    up.append(cardImg(code, null));
    up.querySelector("img").alt = `The turn-up: ${cardLabel(code)}`;
  }
  up.hidden = !v.turnup;
}
