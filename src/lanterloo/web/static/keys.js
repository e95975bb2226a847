// The keyboard: the hand's cards are buttons, one tab stop; the arrow keys move between them and Enter or Space
// plays (or, in the exchange, picks) the card. Letter keys press the choice buttons (the list is in table.html's
// "Keyboard" panel, and docs/web-table.md). A redrawn hand keeps the focus on the same card, or on the hand.

const SHORTCUTS = {
  p: "#choices [data-action=play]",
  x: "#choices [data-action=pass]",
  m: "#choices [data-action=miss]",
  d: "#choices [data-action=defend]",
  k: "#choices [data-action=discard]",
  t: "#choices #throw",
};

const live = (box) => [...box.querySelectorAll(".card:not([disabled])")];

/** Where the focus is in the hand before a redraw: the card's code and place, or null when it is elsewhere. */
export function handFocus(box) {
  const at = document.activeElement;
  if (!at || !box.contains(at)) return null;
  const cards = [...box.querySelectorAll(".card")];
  return { code: at.dataset?.card ?? null, index: Math.max(0, cards.indexOf(at)) };
}

/** After a redraw: one card is the hand's tab stop, and a focus that was in the hand stays there. */
export function arrangeHand(box, was) {
  const cards = live(box);
  const all = [...box.querySelectorAll(".card")];
  // the same card if it is still there, else the first one that can be played (not a dimmed one), else any
  const pick =
    (was && cards.find((c) => c.dataset.card === was.code)) ||
    cards.find((c) => c.classList.contains("legal")) ||
    (was && cards.find((c) => all.indexOf(c) >= was.index)) ||
    cards[0] ||
    null;
  for (const c of all) c.tabIndex = c === pick ? 0 : -1;
  if (!was) return;
  if (pick) pick.focus();
  else box.focus(); // no card to press now: the hand itself holds the focus until the next turn
}

function moveInHand(e) {
  const box = e.currentTarget;
  const cards = live(box);
  if (!cards.length) return;
  const now = cards.indexOf(document.activeElement);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  let next;
  if (step) next = now < 0 ? 0 : (now + step + cards.length) % cards.length;
  else if (e.key === "Home") next = 0;
  else if (e.key === "End") next = cards.length - 1;
  else return;
  e.preventDefault();
  for (const c of box.querySelectorAll(".card")) c.tabIndex = -1;
  cards[next].tabIndex = 0;
  cards[next].focus();
}

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
  const key = e.key.toLowerCase();
  if (key === "h") {
    const hand = document.getElementById("hand");
    const cards = hand ? live(hand) : [];
    const card = cards.find((c) => c.tabIndex === 0 && c.classList.contains("legal")) ?? cards.find((c) => c.classList.contains("legal")) ?? cards[0];
    (card ?? hand)?.focus();
    e.preventDefault();
    return;
  }
  if (key === "c") {
    document.querySelector("#choices button:not([disabled])")?.focus();
    e.preventDefault();
    return;
  }
  if (key === "?") {
    const help = document.getElementById("keys-panel");
    if (help) {
      help.open = true;
      help.querySelector("summary")?.focus();
    }
    e.preventDefault();
    return;
  }
  const sel = SHORTCUTS[key];
  const button = sel && document.querySelector(sel);
  if (button && !button.disabled) {
    e.preventDefault();
    button.click();
  }
}

/** Once per page: the hand's arrow keys, and the letter keys anywhere but in a text field. */
export function wireKeys() {
  const hand = document.getElementById("hand");
  hand?.addEventListener("keydown", moveInHand);
  document.addEventListener("keydown", onKey);
}
