// The end of a deal: an overlay over the table with the engine's own numbers (the server's deal_over "summary":
// ante, shares, loo, stack before → after; Louse's penalty cards, points and match totals), the last trick, and
// "Next deal" with the countdown. The page computes no number: it lays out what the server sent.
import { cardCode, cardImg, cardLabel } from "./cards.js";
import { $, el } from "./dom.js";
import { playNow, rememberedName } from "./quick.js";
import { captionName, T, seatName } from "./state.js";

const signed = (k) => (k > 0 ? `+${k}` : k < 0 ? `−${-k}` : "0");
const plural = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;

function cardsText(codes) {
  return codes.map((c) => cardLabel(cardCode(c))).join(" ");
}

/** A Louse row's penalty cards, each with its points; one whose points the Q♦ cancelled (the server says which, and
 * what it still counts) is struck through, with the word for a screen reader, which does not read a strike. */
function penaltyCards(cards) {
  const out = [];
  for (const [c, pts, cancelled, counts] of cards) {
    if (out.length) out.push(", ");
    const label = cardLabel(cardCode(c));
    const sr = (text) => el("span", { class: "visually-hidden", text });
    let kids;
    if (!cancelled) kids = [`${label} ${pts}`];
    else if (!counts) kids = [el("s", { text: `${label} ${pts}` }), sr(" (cancelled)")];
    else kids = [`${label} `, el("s", { text: String(pts) }), sr(" cancelled, counts"), ` ${counts}`];
    out.push(el("span", { class: cancelled ? "penalty cancelled" : "penalty", "data-card": cardCode(c) }, ...kids));
  }
  return out;
}

/** The seat rows: Loo's chips or Louse's points, each cell a number the server sent. */
function rowsTable(summary) {
  const louse = summary.words?.unit === "points";
  const looed = summary.words?.looed ?? "looed";
  const heads = louse
    ? ["Player", "Tricks", "Penalty cards", "Points", "Match"]
    : ["Player", "Declared", "Tricks", "Ante", "Won", "Paid", "Chips"];
  const head = el("tr", {}, ...heads.map((h) => el("th", { scope: "col", text: h })));
  const body = summary.rows.map((r) => {
    // the declaration also rides under the name, for a phone, where its own column is left out
    const name = el(
      "th",
      { scope: "row" },
      r.you && r.name !== "You" ? `${r.name} (you)` : r.name, // a lesson names the learner "You" already
      louse ? null : el("span", { class: "decl-inline", text: r.declared || "" }),
    );
    const tricks = el("td", { text: r.tricks.length ? r.tricks.map((i) => `#${i}`).join(", ") : "—" });
    if (louse) {
      return el(
        "tr",
        { class: r.you ? "you" : null, "data-seat": r.seat },
        name,
        tricks,
        el("td", {}, ...(r.penalty_cards.length ? penaltyCards(r.penalty_cards) : ["—"])),
        el("td", { class: r.points ? "minus" : "", "data-points": r.points, text: String(r.points) }),
        el("td", { "data-match": r.match_after, text: `${r.match_before} → ${r.match_after}` }),
      );
    }
    let paid = r.paid ? `−${r.paid}` : "";
    if (r.looed) paid += ` ${looed}`;
    if (r.paid < r.owed) paid += ` (owed ${r.owed})`;
    return el(
      "tr",
      { class: r.you ? "you" : null, "data-seat": r.seat },
      name,
      el("td", { text: r.declared || "—" }),
      tricks,
      el("td", { text: r.ante ? `−${r.ante}` : "" }),
      el("td", { class: r.won ? "plus" : "", text: r.won ? `+${r.won}` : "" }),
      el("td", { class: r.paid ? "minus" : "", text: paid.trim() }),
      el(
        "td",
        { "data-net": r.net },
        `${r.stack_before} → ${r.stack_after} `,
        el("span", { class: r.net > 0 ? "plus" : r.net < 0 ? "minus" : "muted", text: `(${signed(r.net)})` }),
      ),
    );
  });
  return el("table", { class: louse ? "summary-table louse" : "summary-table loo" }, el("thead", {}, head), el("tbody", {}, ...body));
}

/** "You won 12 chips (100 → 112)" or "You: 4 penalty points; 17 in the match": the player's own line. */
function personalLine(summary) {
  const me = summary.rows.find((r) => r.you);
  if (!me) return null;
  if (summary.words?.unit === "points") return `You: ${plural(me.points, "penalty point")} this deal; ${me.match_after} in the match.`;
  const word = me.net > 0 ? "won" : me.net < 0 ? "lost" : "broke even";
  const amount = me.net ? ` ${plural(Math.abs(me.net), "chip")}` : "";
  return `You ${word}${amount} this deal (${me.stack_before} → ${me.stack_after}).`;
}

function lastTrick(summary) {
  const last = summary.tricks?.[summary.tricks.length - 1];
  if (!last) return null;
  // each card is captioned with who played it ("You", a name, "Bot 2"); the winner's caption says so in words, not
  // by its ring alone
  const cards = last.cards.map(([seat, c]) => {
    const won = seat === last.winner;
    const caption = el(
      "figcaption",
      { title: seat === T.seat ? `${seatName(seat)} (you)` : seatName(seat) },
      el("span", { class: "who", text: captionName(seat) }),
      won ? el("span", { class: "won" }, el("span", { "aria-hidden": "true", text: "★ " }), "won the trick") : null,
    );
    return el("figure", { class: won ? "best" : null, "data-seat": seat }, cardImg(cardCode(c), null), caption);
  });
  const taker = last.winner === T.seat ? "you" : seatName(last.winner);
  return el(
    "div",
    { class: "last-trick" },
    el("p", { class: "muted", text: `Last trick (#${last.no}), taken by ${taker}:` }),
    el("div", { class: "last-cards" }, ...cards),
  );
}

function details(msg) {
  const s = msg.summary;
  const kids = [...(msg.lines ?? []).map((t) => el("p", { class: "settle-line", text: t }))];
  for (const f of s.flushes ?? []) kids.push(el("p", { text: `${seatName(f.seat)} showed a flush: ${cardsText(f.cards)}.` }));
  if (!msg.seed) return el("details", { class: "more" }, el("summary", { text: "The settlement in full" }), ...kids); // a lesson's deal is set, not shuffled
  kids.push(
    el("p", { class: "muted", text: "Seed (check it against the commitment with loo verify-deal):" }),
    el("p", { class: "seed", text: msg.seed }),
    el("p", { class: "muted", text: "Commitment:" }),
    el("p", { class: "seed", text: msg.commitment ?? "" }),
  );
  return el("details", { class: "more" }, el("summary", { text: "The settlement in full, and the fair-deal seed" }), ...kids);
}

/** The body of a summary, built afresh for each place it is shown (the overlay, and the side panel's copy). */
function summaryBody(msg) {
  const s = msg.summary;
  const pot = s.words?.pot ?? "pool";
  const parts = [el("p", { class: "outcome", text: s.outcome })];
  const mine = personalLine(s);
  const me = s.rows.find((r) => r.you);
  const sign = me ? (s.words?.unit === "points" ? -me.points : me.net) : 0;
  if (mine) parts.push(el("p", { class: sign < 0 ? "personal lost" : "personal", text: mine }));
  if (s.words?.has_pool) {
    const share = s.share && s.kind === "tricks" ? `; ${s.share} a trick` : "";
    // a game of Lou going on takes no antes: "after the antes" would be untrue; a lesson's one deal has no next
    const anted = s.rows.some((r) => r.ante);
    const next = T.lesson ? "" : `; the next deal starts with ${s.pool_after} carried`;
    parts.push(el("p", { class: "muted", text: `The ${pot} held ${s.pool_before} ${anted ? "after the antes" : "when play began (no antes this deal)"}${share}${next}.` }));
  }
  parts.push(rowsTable(s));
  for (const note of s.notes ?? []) parts.push(el("p", { class: "muted note", text: note }));
  return parts;
}

export function showSummary(msg) {
  if (!msg.summary) return;
  T.over = msg;
  T.readySeats = new Set(msg.next_deal?.ready ?? []);
  T.nextDeadline = typeof msg.next_deal?.left_ms === "number" ? (msg._at ?? performance.now()) + msg.next_deal.left_ms : null;
  // the side panel keeps the last deal's numbers while the next one is played
  // the side panel is narrow: the player and the stack columns only (the overlay has them all)
  $("summary").replaceChildren(el("p", { text: `Deal ${msg.deal}.` }), ...summaryBody(msg));
  $("summary").querySelector(".summary-table")?.classList.add("compact");
  $("summary-panel").hidden = false;
  const box = $("deal-overlay");
  const nextBtn = el("button", { type: "button", class: "primary", id: "next-deal", text: "Next deal", onclick: pressNext });
  const hide = el("button", { type: "button", id: "hide-summary", text: "Look at the table", onclick: hideSummary });
  const sessionOver = msg.session_over;
  const parts = [
    el("h2", { id: "deal-overlay-title", text: `Deal ${msg.deal} is over` }),
    msg.moment ? el("p", { class: `moment moment-${msg.moment.kind}`, id: "moment", role: "status", text: `★ ${msg.moment.text}` }) : null,
    ...summaryBody(msg),
    lastTrick(msg.summary),
    details(msg),
    el(
      "div",
      { class: "overlay-actions" },
      msg.session_note ? el("p", { class: "personal", id: "session-note", text: msg.session_note }) : null,
      msg.lesson_over ? lessonActions() : null,
      sessionOver && !msg.lesson_over ? el("p", { class: "personal", text: `The session is over: ${msg.session_end ?? "every agreed deal has been played"}.` }) : null,
      !sessionOver && T.seat !== null ? nextBtn : null,
      el("span", { id: "next-status", class: "muted", role: "status" }),
      hide,
    ),
  ];
  box.replaceChildren(...parts.filter((p) => p !== null)); // no trick was played: no last trick (not "null")
  box.hidden = false;
  document.body.dataset.dealsOver = String(msg.deal);
  document.body.dataset.overlay = "open";
  updateNext();
  if (T.nextTicker === null || T.nextTicker === undefined) T.nextTicker = setInterval(updateNext, 250);
  if (!sessionOver && T.seat !== null) nextBtn.focus({ preventScroll: true });
}

/** The end of the tutorial's guided deal: play it again, back to the lesson, or a real game against bots. */
function lessonActions() {
  const name = document.body.dataset.lesson;
  const error = el("p", { class: "error", role: "alert" });
  const real = el("button", { type: "button", class: "primary", id: "lesson-real", text: "Play a real game against bots" });
  real.addEventListener("click", () => {
    real.disabled = true;
    playNow(name, rememberedName()).catch((err) => {
      error.textContent = err.message;
      real.disabled = false;
    });
  });
  return el(
    "div",
    { class: "lesson-actions" },
    real,
    el("button", { type: "button", id: "lesson-again", text: "Play this deal again", onclick: () => location.reload() }),
    el("a", { href: T.lessonBack ?? `/tutorial/${encodeURIComponent(name)}`, id: "lesson-back", text: "Back to the lesson" }),
    error,
  );
}

function pressNext() {
  if (!T.over) return;
  T.post?.({ type: "ready", deal: T.over.deal });
  T.readySeats.add(T.seat);
  updateNext();
}

/** A "ready" message: who has pressed Next deal, and the countdown as the server now has it. */
export function onReady(msg) {
  if (!T.over || msg.deal !== T.over.deal) return;
  T.readySeats = new Set(msg.seats ?? []);
  if (typeof msg.left_ms === "number") T.nextDeadline = (msg._at ?? performance.now()) + msg.left_ms;
  updateNext();
}

function updateNext() {
  const status = $("next-status");
  if (!status || !T.over) return;
  const humans = (T.summary?.seats ?? []).filter((s) => s.kind === "human" && s.connected).map((s) => s.seat);
  const waiting = humans.filter((s) => !T.readySeats.has(s));
  const left = T.nextDeadline === null ? null : Math.max(0, Math.ceil((T.nextDeadline - performance.now()) / 1000));
  const btn = $("next-deal");
  const mine = T.readySeats.has(T.seat);
  if (btn) {
    btn.disabled = mine;
    btn.textContent = mine ? "Ready" : "Next deal";
  }
  let text = "";
  if (T.over.session_over) text = "";
  else if (left !== null) text = `The next deal starts in ${left} s`;
  else text = "The next deal starts when every player has pressed Next deal";
  const others = waiting.filter((s) => s !== T.seat).map(seatName);
  if (text && mine && others.length) text += ` (waiting for ${others.join(", ")})`;
  status.textContent = text ? `${text}.` : "";
  document.body.dataset.nextIn = left === null ? "" : String(left);
}

export function hideSummary() {
  const box = $("deal-overlay");
  if (box) box.hidden = true;
  document.body.dataset.overlay = "closed";
}

/** A new deal has started: the overlay goes (the side panel keeps the numbers). */
export function closeSummary() {
  hideSummary();
  T.over = null;
  T.nextDeadline = null;
  if (T.nextTicker) clearInterval(T.nextTicker);
  T.nextTicker = null;
}
