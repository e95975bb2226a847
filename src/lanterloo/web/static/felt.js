// The felt: the seats' plates round the oval (or a list, layout.js), the turn timer's countdown, and the trick, each
// card gliding in from its seat; a finished trick stays a moment before it is cleared.
import { cardCode, cardImg } from "./cards.js";
import { $, el } from "./dom.js";
import { fitSeats } from "./layout.js";
import { captionName, seatName, T } from "./state.js";

// The pace of the table: a person sees each card arrive, and a finished trick stays a moment before it is cleared.
const PLAY_PAUSE_MS = 550;
const TRICK_PAUSE_MS = 1100;

/** Where seat i sits on the oval, as percentages: your own seat at the bottom, the others around clockwise. */
function seatSpot(i, n, radius = 1) {
  const base = T.seat ?? 0;
  const angle = Math.PI / 2 + (((i - base + n) % n) * 2 * Math.PI) / n;
  return { x: 50 + 40 * radius * Math.cos(angle), y: 50 + 40 * radius * Math.sin(angle) };
}

/** Who sits in a seat, as a mark: a square for a bot, a filled circle for a connected player, a ring for one who is
 * away. One set of colours (style.css, --seat-*) and shapes for the plates, the seat list and its legend; the
 * shape and the words (its label, and the seat list's text) say it as well as the colour. */
export function seatDot(kind, connected) {
  if (kind === "empty") return el("span", { class: "seat-dot empty", role: "img", "aria-label": "empty seat", title: "empty seat" });
  const [cls, word] = kind === "bot" ? ["bot", "bot"] : connected ? ["on", "connected"] : ["off", "away"];
  return el("span", { class: `seat-dot ${cls}`, role: "img", "aria-label": word, title: word });
}

export function renderSeats() {
  const box = $("seats");
  const v = T.view;
  const n = v?.players ?? T.summary?.seats?.length ?? 0;
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const info = T.summary?.seats?.[i] ?? {};
    const spot = seatSpot(i, n);
    const kind = info.kind ?? "human";
    const classes = ["seat"];
    if (v && (v.seats_to_act ?? []).includes(i)) classes.push("to-act");
    if (v && v.in_play && v.phase === "play" && !v.in_play[i]) classes.push("out");
    if (i === T.seat) classes.push("me");
    const lines = [];
    let name = seatName(i);
    const style = kind === "bot" ? info.style : null;
    let styled = false; // the first line is the bot's style (the list layout leaves it out)
    if (style && name.endsWith(` (${style})`)) {
      name = name.slice(0, -` (${style})`.length); // "Bot 2" on the plate, its style on a line of its own
      lines.push(`${style} bot`);
      styled = true;
    }
    if (v) {
      if (T.summary?.words?.unit !== "points") lines.push(`${v.stacks[i]} chips`); // Louse scores points, not chips
      const extra = i === v.dealer ? ["dealer"] : [];
      const plural = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
      if (v.hand_sizes[i]) extra.push(plural(v.hand_sizes[i], "card"));
      if (v.tricks_won?.[i]) extra.push(plural(v.tricks_won[i], "trick"));
      if (v.points?.length && v.points[i]) extra.push(`${v.points[i]} pts`);
      lines.push(extra.join(" · "));
    }
    const decl = v ? declText(v, i) : "";
    box.append(
      el(
        "div",
        { class: classes.join(" "), style: `left:${spot.x}%;top:${spot.y}%`, "data-seat": i, title: kind },
        el("span", { class: "name", title: seatName(i) }, seatDot(kind, info.connected), name),
        ...lines.map((t, k) => el("span", { class: styled && k === 0 ? "line style" : "line", text: t })),
        el("span", { class: "decl", text: decl }),
        T.deadline !== null && classes.includes("to-act") ? el("span", { class: "clock", "data-clock": "" }) : null,
      ),
    );
  }
  fitSeats();
  tick();
}

/** The turn timer's countdown, on each seat to act and in the prompt: whole seconds left, from the server's
 * remaining time (turn_deadline_ms), so the page's clock never needs to agree with the server's. */
export function tick() {
  const left = T.deadline === null ? null : Math.max(0, Math.ceil((T.deadline - performance.now()) / 1000));
  for (const c of document.querySelectorAll("[data-clock]")) {
    c.hidden = left === null;
    c.textContent = left === null ? "" : `${left} s left`;
    c.classList.toggle("low", left !== null && left <= 5);
  }
  document.body.dataset.secondsLeft = left === null ? "" : String(left); // not data-clock: that marks a countdown
  if (left === null && T.ticker !== null) {
    clearInterval(T.ticker);
    T.ticker = null;
  }
}

/** A seat's declaration in the table's own words, as the server sends them ("plays", "Out", "took the Miss"). */
function declText(v, i) {
  const d = v.declared?.[i];
  if (v.miss_taker === i) return T.summary?.words?.declared?.miss ?? "took the Miss";
  if (!d) return v.committed?.[i] ? "decided" : "";
  return d;
}

/** The trick: new cards glide in from their seat; a finished trick stays on the felt a moment before it goes. */
export function renderTrick(v, fresh) {
  const tricks = v.tricks ?? [];
  const box = $("trick");
  let pause = 0;
  if (!fresh && tricks.length > T.tricksSeen && tricks.length > 0) {
    const done = tricks[tricks.length - 1];
    drawTrick(done.cards.map(([s, c]) => [s, cardCode(c)]), done.winner, true);
    T.tricksSeen = tricks.length;
    box.dataset.trick = "done";
    T.shownTrick = [];
    T.queue.unshift({ type: "_trick", view: v }); // draw the new trick after the pause
    return TRICK_PAUSE_MS;
  }
  T.tricksSeen = tricks.length;
  const cards = (v.trick ?? []).map(([s, c]) => [s, cardCode(c)]);
  const added = cards.length > T.shownTrick.length;
  drawTrick(cards, v.best_seat, false);
  box.dataset.trick = String(cards.length);
  if (added) pause = PLAY_PAUSE_MS;
  T.shownTrick = cards;
  return pause;
}

function drawTrick(cards, best, done) {
  const box = $("trick");
  const n = T.view?.players ?? 4;
  const known = new Set(T.shownTrick.map(([s]) => s));
  box.classList.toggle("done", done);
  box.replaceChildren();
  for (const [seat, code] of cards) {
    const at = seatSpot(seat, n, 0.45);
    const from = seatSpot(seat, n, 1.0);
    // whose card it is, in words: the list layout (and a screen reader) cannot tell it from the card's place
    const who = el("span", { class: "who", text: captionName(seat) });
    // a finished trick's winner is told in words too, not by its gold edge alone
    const won = done && seat === best ? el("span", { class: "won", text: "won" }) : null;
    const card = el("div", { class: seat === best ? "played best" : "played", "data-seat": seat, "data-card": code }, cardImg(code, null), who, won);
    const isNew = !done && !known.has(seat);
    const start = isNew ? from : at;
    card.style.left = `${start.x}%`;
    card.style.top = `${start.y}%`;
    if (isNew) card.style.opacity = "0.2";
    box.append(card);
    if (isNew) {
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          card.style.left = `${at.x}%`;
          card.style.top = `${at.y}%`;
          card.style.opacity = "1";
        }),
      );
    }
  }
}
