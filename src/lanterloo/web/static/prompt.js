// The prompt and the hand: what this seat is asked (the server's words), its stakes, the choice buttons in one order,
// the hint, the five-card exchange, and the hand's cards as buttons while a card can be played or thrown.
import { cardCode, cardImg, cardLabel } from "./cards.js";
import { announce } from "./cues.js";
import { $, el } from "./dom.js";
import { arrangeHand, handFocus } from "./keys.js";
import { isMyTurn, seatName, send, T } from "./state.js";

export function renderPrompt(v) {
  const hint = $("hint");
  if (hint) hint.textContent = ""; // a hint speaks of one turn only
  const mine = isMyTurn(v);
  const who = (v.seats_to_act ?? []).filter((s) => s !== T.seat).map(seatName);
  let turn;
  if (v.phase === "done") turn = "The deal is over.";
  else if (mine) turn = T.prompt ?? "Your turn."; // the server's words for what this seat is asked
  else if (who.length) turn = `Waiting for ${who.join(", ")}.`;
  else turn = "";
  $("turn").textContent = turn;
  const clock = $("turn-clock");
  if (clock) {
    if (mine) clock.setAttribute("data-clock", "");
    else clock.removeAttribute("data-clock");
    clock.hidden = !mine || T.deadline === null;
  }
  // the engine's own words (the same the terminal game shows), one sentence a line
  const lines = mine && T.stakesLines ? T.stakesLines : [];
  $("stakes").replaceChildren(...lines.map((t) => el("span", { class: "stake", text: t })));
  const box = $("choices");
  box.replaceChildren();
  if (!mine) return;
  const discards = [];
  // each action comes structured from the server ({kind, card, civil, cards, label}): nothing is parsed here;
  // the buttons stand in one order at every table (Pass before Play, Out before In), so a thumb learns them
  const order = ["pass", "play", "miss", "defend", "ante", "card", "discard", "other"];
  const legal = [...v.legal].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const a of legal) {
    if (a.kind === "discard") {
      discards.push(a);
      continue;
    }
    if (a.kind === "card" && !a.civil) continue; // a card: clicked in the hand
    box.append(el("button", { type: "button", class: "choice", "data-action": a.action, "data-kind": a.kind, text: a.label, onclick: () => send(a.action) }));
  }
  if (discards.length) renderExchange(v, discards, box);
  box.append(el("button", { type: "button", class: "choice hint-button", id: "hint-button", text: "Hint", title: "What the balanced bot would do, and why", onclick: askHint }));
}

function askHint() {
  const box = $("hint");
  if (box) box.textContent = "Asking the balanced bot…";
  T.post?.({ type: "hint" });
}

/** The hint: what the bot would do in this seat, its reasons, and the card or button it means lit up. */
export function showHint(msg) {
  const box = $("hint");
  if (!box || msg.deal !== T.deal || msg.step !== T.step) return;
  // it lies over the felt's edge (style.css), so it can be closed; it goes by itself with the turn
  const close = el("button", { type: "button", class: "hint-close", "aria-label": "Close the hint", text: "×", onclick: () => box.replaceChildren() });
  box.replaceChildren(el("strong", { text: `Hint: ${msg.do}` }), ` — ${msg.why} `, el("span", { class: "muted", text: `(${msg.bot} bot)` }), close);
  for (const e of document.querySelectorAll(".hinted")) e.classList.remove("hinted");
  const a = msg.action ?? {};
  const target =
    a.kind === "card" && !a.civil
      ? document.querySelector(`#hand [data-card="${cardCode(a.card)}"]`)
      : document.querySelector(`#choices [data-action="${CSS.escape(a.action ?? "")}"]`);
  target?.classList.add("hinted");
  announce(`Hint: ${msg.do}. ${msg.why}`);
}

function discardKey(codes) {
  return [...codes].sort().join(" ");
}

function renderExchange(v, discards, box) {
  const byKey = new Map(discards.map((a) => [discardKey((a.cards ?? []).map(cardCode)), a]));
  const keep = byKey.get("");
  const chosen = byKey.get(discardKey(T.selected));
  if (keep) box.append(el("button", { type: "button", class: "choice", "data-action": keep.action, text: "Keep all cards", onclick: () => send(keep.action) }));
  const n = T.selected.size;
  box.append(
    el("button", {
      type: "button",
      class: "choice primary",
      id: "throw",
      disabled: !(n > 0 && chosen),
      text: n ? `Throw ${n} and draw ${n}` : "Choose cards to throw",
      onclick: () => chosen && send(chosen.action),
    }),
  );
}

export function renderHand(v) {
  const box = $("hand");
  const focus = handFocus(box); // keys.js: a redraw keeps the keyboard's place
  box.replaceChildren();
  const mine = isMyTurn(v);
  const plays = new Map();
  for (const a of v.legal) if (a.kind === "card" && !a.civil) plays.set(cardCode(a.card), a.action);
  const playing = mine && v.phase === "play";
  const exchanging = mine && v.phase === "exchange";
  const drawn = new Set((v.drawn ?? []).map(cardCode)); // the server's: drawn in the exchange, until a card is played
  for (const text of v.hand ?? []) {
    const code = cardCode(text);
    const cls = ["card"];
    if (drawn.has(code)) cls.push("drawn");
    if (playing) cls.push(plays.has(code) ? "legal" : "dim");
    if (exchanging && T.selected.has(code)) cls.push("chosen");
    // A card is a choice only while a card can be played or thrown: in the declaration, or on another's turn,
    // a click does nothing (the buttons above are the choices then).
    const live = playing || exchanging;
    const onclick = () => {
      if (exchanging) {
        if (T.selected.has(code)) T.selected.delete(code);
        else T.selected.add(code);
        renderHand(v);
        renderPrompt(v);
      } else if (playing) {
        send(plays.get(code) ?? text); // an illegal card is sent too: the server's refusal says why
      }
    };
    const attrs = { type: "button", class: cls.join(" "), "data-card": code, "aria-label": handLabel(code, cls), disabled: !live, onclick };
    box.append(el("button", attrs, cardImg(code, null)));
  }
  box.dataset.cards = String((v.hand ?? []).length);
  arrangeHand(box, focus);
}

/** A card's name for a screen reader, with what it can do now: more than the colour of its ring says. */
function handLabel(code, cls) {
  const state = cls.includes("legal") ? ", playable" : cls.includes("dim") ? ", not playable now" : cls.includes("chosen") ? ", chosen to throw" : "";
  return cardLabel(code) + (cls.includes("drawn") ? ", drawn" : "") + state;
}
