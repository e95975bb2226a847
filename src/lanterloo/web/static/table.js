// The table page: seats, the websocket, and the felt, prompt and hand drawn from each state the server sends.
import { cardCode, cardImg, cardLabel } from "./cards.js";
import { renderCentre } from "./centre.js";
import { announce, setTableTitle, turnCue, unlockAudio } from "./cues.js";
import { $, api, el, sleep, store } from "./dom.js";
import { arrangeHand, handFocus, wireKeys } from "./keys.js";
import { fitSeats, wireLayout } from "./layout.js";
import { wirePrefs } from "./prefs.js";
import { isMyTurn, seatName, T } from "./state.js";
import { closeSummary, onReady, showSummary } from "./summary.js";
import { tableInfo } from "./tableinfo.js";

// The pace of the table: a person sees each card arrive, and a finished trick stays a moment before it is cleared.
const PLAY_PAUSE_MS = 550;
const TRICK_PAUSE_MS = 1100;

export async function tablePage() {
  T.id = document.body.dataset.table;
  const mine = store.get(`lanterloo.seat.${T.id}`);
  if (mine && typeof mine.token === "string") {
    T.seat = mine.seat;
    T.token = mine.token;
  }
  T.host = store.get(`lanterloo.host.${T.id}`);
  const given = new URLSearchParams(location.hash.slice(1)).get("invite");
  if (given) store.set(`lanterloo.invite.${T.id}`, given);
  T.invite = given ?? store.get(`lanterloo.invite.${T.id}`);
  $("history-link").addEventListener("click", (e) => {
    if (T.summary?.deals_played || T.dealsDone) return;
    // the history holds finished deals only: an empty file would say nothing
    e.preventDefault();
    e.stopImmediatePropagation();
    $("reason").textContent = "No deal has finished yet: the history holds the finished deals.";
  });
  if (T.invite) $("history-link").addEventListener("click", downloadHistory);
  if (T.host) {
    try {
      T.botStyles = (await api("GET", "/api/presets")).bots ?? T.botStyles;
    } catch {
      // the default list stays
    }
  }
  $("invite").value = `${location.origin}/t/${T.id}${T.invite ? `#invite=${T.invite}` : ""}`;
  $("copy").addEventListener("click", copyInvite);
  $("fill-bots")?.addEventListener("click", fillWithBots);
  $("rekey").addEventListener("click", newSeatToken);
  $("start").addEventListener("click", () => hostAction(`/api/tables/${T.id}/start`, { host_token: T.host }));
  wireCues();
  await refreshSummary();
  connect();
}

/** The options (sound, four-colour deck), the keyboard and the layout's watch on the window (cues.js, keys.js,
 * layout.js, prefs.js). The audio may start only after a gesture: the first click or key on the page. */
function wireCues() {
  wirePrefs((name) => name === "sound" && unlockAudio());
  wireKeys();
  wireLayout();
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlockAudio, { once: true });
}

async function copyInvite() {
  const box = $("invite");
  box.select();
  try {
    await navigator.clipboard.writeText(box.value);
    $("copy").textContent = "Copied";
  } catch {
    document.execCommand?.("copy");
  }
}

/** The headers that open a private table (its invite code), for the API's GETs. */
const inviteHeaders = () => (T.invite ? { "X-Invite": T.invite } : {});

/** A private table's history needs its invite code in a header, which a plain link cannot send. */
async function downloadHistory(e) {
  e.preventDefault();
  try {
    const res = await fetch(`/api/tables/${T.id}/history`, { headers: inviteHeaders() });
    if (!res.ok) throw new Error((await res.json()).error ?? `The server said ${res.status}.`);
    const url = URL.createObjectURL(await res.blob());
    const a = el("a", { href: url, download: `lanterloo-${T.id}.jsonl` });
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  } catch (err) {
    $("seat-error").textContent = err.message;
  }
}

/** A new seat token: the old one stops working, and every page still using it is disconnected. */
async function newSeatToken() {
  $("seat-error").textContent = "";
  try {
    const got = await api("POST", `/api/tables/${T.id}/seats/${T.seat}/token`, { token: T.token });
    T.token = got.token;
    store.set(`lanterloo.seat.${T.id}`, { seat: got.seat, token: got.token });
    reconnect();
    $("seat-error").textContent = "Your seat has a new key: other devices must sit again with a new link.";
  } catch (err) {
    $("seat-error").textContent = err.message;
  }
}

async function refreshSummary() {
  try {
    T.summary = await api("GET", `/api/tables/${T.id}`, undefined, inviteHeaders());
  } catch (err) {
    $("seat-error").textContent = err.message;
    return;
  }
  $("title").textContent = T.summary.title ?? "";
  setTableTitle(T.summary.title);
  if (T.summary.preset) $("tutorial-link").href = `/tutorial/${encodeURIComponent(T.summary.preset)}`;
  renderSeatList();
  renderSeats();
  if (!T.rulesLoaded) loadRules();
}

/** The history link is live once a deal has finished (the history holds finished deals only). */
function historyReady(ready) {
  const link = $("history-link");
  link.classList.toggle("disabled", !ready);
  link.setAttribute("aria-disabled", ready ? "false" : "true");
}

function renderSeatList() {
  const s = T.summary;
  tableInfo(s); // the game line and the waiting line (tableinfo.js)
  historyReady(Boolean(s.deals_played || T.dealsDone));
  const shape = JSON.stringify([s.status, s.seats, T.token !== null, T.host !== null]);
  if (shape === T.seatListShape) return; // unchanged: keep the inputs as they are (focus, typing)
  T.seatListShape = shape;
  const list = $("seat-list");
  list.replaceChildren();
  const waiting = s.status === "waiting";
  const styles = T.botStyles;
  for (const seat of s.seats) {
    const li = el("li", { "data-seat": seat.seat });
    if (seat.kind === "empty") {
      li.append(el("span", { class: "muted", text: "empty" }));
      if (waiting) {
        const sit = el("div", { class: "sit" });
        if (T.token === null) {
          // the list is redrawn when anyone sits: what was typed so far is kept
          const name = el("input", {
            placeholder: "your name",
            maxlength: 24,
            "aria-label": `name for seat ${seat.seat + 1}`,
            value: T.drafts.get(seat.seat) ?? store.get("lanterloo.name") ?? "",
            oninput: (e) => T.drafts.set(seat.seat, e.target.value),
          });
          sit.append(name, el("button", { type: "button", text: "Sit here", onclick: () => takeSeat(seat.seat, name.value) }));
        }
        if (T.host) {
          const style = el("select", { "aria-label": "bot style" });
          for (const st of styles) style.append(el("option", { value: st, text: st }));
          style.value = styles.includes("balanced") ? "balanced" : styles[0];
          sit.append(
            style,
            el("button", {
              type: "button",
              class: "bot",
              text: "Bot",
              onclick: () => hostAction(`/api/tables/${T.id}/seats/${seat.seat}/bot`, { style: style.value, host_token: T.host }),
            }),
          );
        }
        li.append(sit);
      }
    } else {
      // a bot's name says it is one ("Bot 2 (balanced)"); a person's plate says only whether it is you
      const who = seat.seat === T.seat ? " (you)" : seat.kind === "bot" && /^Bot \d/.test(seat.name ?? "") ? "" : ` ${seat.kind === "bot" ? "bot" : "player"}`;
      li.append(el("strong", { text: seat.name ?? "" }), who);
      li.append(el("span", { class: seat.connected || seat.kind === "bot" ? "conn on" : "conn off", text: seat.connected || seat.kind === "bot" ? " ●" : " ○" }));
    }
    list.append(li);
  }
  $("rekey").hidden = T.token === null;
  const full = s.seats.every((x) => x.kind !== "empty");
  $("start").hidden = !(T.host && waiting && full);
  const fill = $("fill-bots");
  if (fill) fill.hidden = !(T.host && waiting && !full);
  $("lobby-panel").classList.toggle("started", !waiting);
}

async function takeSeat(seat, name) {
  $("seat-error").textContent = "";
  try {
    const body = { name: name.trim() };
    if (T.invite) body.invite = T.invite;
    const got = await api("POST", `/api/tables/${T.id}/seats/${seat}`, body);
    T.seat = got.seat;
    T.token = got.token;
    store.set(`lanterloo.seat.${T.id}`, { seat: got.seat, token: got.token });
    reconnect();
    await refreshSummary();
  } catch (err) {
    $("seat-error").textContent = err.message;
  }
}

/** The host fills every empty seat with a balanced bot, one request a seat (the server starts the table at the last). */
async function fillWithBots() {
  $("seat-error").textContent = "";
  const empty = (T.summary?.seats ?? []).filter((x) => x.kind === "empty").map((x) => x.seat);
  try {
    for (const seat of empty) await api("POST", `/api/tables/${T.id}/seats/${seat}/bot`, { style: "balanced", host_token: T.host });
  } catch (err) {
    $("seat-error").textContent = err.message;
  }
  await refreshSummary();
}

async function hostAction(url, body) {
  $("seat-error").textContent = "";
  try {
    await api("POST", url, body);
    await refreshSummary();
  } catch (err) {
    $("seat-error").textContent = err.message;
  }
}

async function loadRules() {
  T.rulesLoaded = true;
  const s = T.summary;
  const preset = s.preset ?? s.rules?.preset;
  if (!preset) return;
  // the house rules only: the preset supplies the rest, as when the table was created
  const raw = s.rules?.house ?? {};
  const options = Object.fromEntries(Object.entries(raw).filter(([k]) => k !== "preset" && k !== "game"));
  const box = $("rules");
  try {
    const r = await api("GET", `/api/rules/${encodeURIComponent(preset)}?options=${encodeURIComponent(JSON.stringify(options))}`);
    T.game = s.rules?.options?.game ?? (preset === "lou" ? "lou" : preset === "louse" ? "louse" : "loo");
    const [lo, hi] = r.players;
    box.replaceChildren(
      el("h3", { text: r.title }),
      el("p", { text: r.summary }),
      el("p", { class: "muted", text: `Players: ${lo === hi ? lo : `${lo} to ${hi}`}.` }),
      el("ul", {}, ...r.how.map((line) => el("li", { text: line }))),
      el("h3", { text: "Rules in force" }),
      el("ul", {}, ...r.rules.map((x) => el("li", {}, el("span", { class: "rid", text: x.id }), ` ${x.title}`))),
      el("h3", { text: "Options as played" }),
      el(
        "ul",
        {},
        ...r.options.map((o) =>
          el("li", {}, el("strong", { text: o.name }), ` = ${o.value}${o.differs ? " (house rule)" : ""} `, el("span", { class: "muted", text: o.doc })),
        ),
      ),
    );
  } catch (err) {
    box.replaceChildren(el("p", { class: "error", text: err.message }));
  }
}

// --- the websocket

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // The token and the invite code travel as subprotocols (a header), never in the URL, which proxies log.
  const protocols = ["lanterloo"];
  if (T.token) protocols.push(`lanterloo.token.${T.token}`);
  if (T.invite) protocols.push(`lanterloo.invite.${T.invite}`);
  const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(T.id)}`, protocols);
  T.ws = ws;
  ws.addEventListener("open", () => {
    T.retry = 0;
    setConn(true);
  });
  ws.addEventListener("message", (e) => {
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch {
      return;
    }
    msg._at = performance.now(); // a turn deadline counts from the message's arrival, not from when it is drawn
    T.queue.push(msg);
    pump();
  });
  ws.addEventListener("close", (e) => {
    if (T.ws !== ws) return; // replaced on purpose (a seat taken): the new socket is already open
    if (e.code === 4404) {
      // no such table, or a private one without its code: the server said why; trying again cannot help
      const c = $("conn");
      if (c) c.textContent = "not connected";
      return;
    }
    setConn(false);
    const wait = Math.min(10000, 500 * 2 ** T.retry++);
    setTimeout(() => {
      if (T.ws === ws) connect();
    }, wait);
  });
}

function reconnect() {
  const old = T.ws;
  T.ws = null;
  old?.close();
  connect();
}

function setConn(on) {
  const c = $("conn");
  c.textContent = on ? "connected" : "reconnecting…";
  c.className = on ? "conn on" : "conn off";
  document.body.dataset.connected = on ? "yes" : "no";
}

/** Any other message to the server ("hint", "ready"); dropped while the socket reconnects. */
T.post = (obj) => {
  if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send(JSON.stringify(obj));
};

function send(action) {
  $("reason").textContent = "";
  if (!T.ws || T.ws.readyState !== WebSocket.OPEN) {
    $("reason").textContent = "Not connected: reconnecting to the table.";
    return;
  }
  T.ws.send(JSON.stringify({ type: "act", action, deal: T.deal ?? undefined, step: T.step ?? undefined }));
}

/** Messages are drawn one after another, each card given time to arrive, so bots never play faster than the eye. */
async function pump() {
  if (T.pumping) return;
  T.pumping = true;
  try {
    while (T.queue.length) {
      const pause = handle(T.queue.shift());
      if (pause > 0) await sleep(T.queue.length > 24 ? pause / 4 : pause); // a long backlog (a reconnect) catches up
    }
  } finally {
    T.pumping = false;
  }
}

function handle(msg) {
  switch (msg.type) {
    case "welcome":
      if (msg.seat !== null && msg.seat !== undefined) T.seat = msg.seat;
      else if (T.token) {
        const stored = store.get(`lanterloo.seat.${T.id}`);
        if (stored && typeof stored.token === "string" && stored.token !== T.token) {
          // another tab of this browser gave the seat a new key: use it
          T.token = stored.token;
          reconnect();
          return 0;
        }
        // the token was refused (replaced elsewhere, a new database, a table gone): sit again
        T.token = null;
        localStorage.removeItem(`lanterloo.seat.${T.id}`);
      }
      if (msg.table) {
        T.summary = msg.table;
        renderSeatList();
        renderSeats();
        if (!T.rulesLoaded) loadRules();
      }
      return 0;
    case "state":
      return onState(msg);
    case "note": // the server acted for a player: the turn timer ran out, or the player is away
      addLog(msg.text, `note ${msg.kind ?? ""}`);
      if (msg.seat === T.seat) $("reason").textContent = msg.text;
      return 0;
    case "error":
      $("reason").textContent = msg.rule && !msg.message.includes(msg.rule) ? `${msg.message} (${msg.rule})` : msg.message;
      return 0;
    case "ready": // who has pressed Next deal
      onReady(msg);
      return 0;
    case "hint":
      showHint(msg);
      return 0;
    case "deal_over":
      T.dealsDone = true;
      historyReady(true);
      showSummary(msg);
      return 0;
    case "_trick": // queued by renderTrick: the next trick, once the finished one has been seen
      return msg.view === T.view ? renderTrick(msg.view, false) : 0;
    case "seat":
      if (T.summary?.seats?.[msg.seat]) {
        Object.assign(T.summary.seats[msg.seat], { connected: msg.connected, kind: msg.kind ?? T.summary.seats[msg.seat].kind });
      }
      refreshSummary();
      return 0;
    default:
      return 0;
  }
}

function onState(msg) {
  const v = msg.view;
  const fresh = msg.deal !== T.deal;
  if (fresh) {
    if (T.over) closeSummary();
    T.tricksSeen = 0;
    T.shownTrick = [];
    T.startStacks = null;
    if (T.deal !== null) addLog(`Deal ${msg.deal} begins.`, "deal");
  }
  // the events since the last state (on joining, the deal so far), then the view they led to
  for (const ev of msg.events ?? []) addLog(ev.text, ev.kind);
  if (T.summary && T.summary.status === "waiting") {
    T.summary.status = "playing";
    renderSeatList();
  }
  T.deal = msg.deal;
  T.step = msg.step;
  T.names = msg.names ?? T.names;
  T.stakesLines = Array.isArray(msg.stakes_lines) ? msg.stakes_lines : null;
  T.prompt = typeof msg.prompt === "string" ? msg.prompt : null;
  T.deadline = typeof msg.turn_deadline_ms === "number" ? (msg._at ?? performance.now()) + msg.turn_deadline_ms : null;
  if (T.startStacks === null) T.startStacks = [...v.stacks];
  if (v.seat !== null && v.seat !== undefined) T.seat = v.seat;
  const before = T.view;
  T.view = v;
  if (!before || fresh || v.phase !== "exchange") T.selected.clear();
  renderSeats();
  renderCentre(v);
  renderPrompt(v);
  renderHand(v);
  document.body.dataset.phase = v.phase;
  document.body.dataset.deal = String(msg.deal);
  document.body.dataset.turnKey = `${msg.deal}:${msg.step}`;
  document.body.dataset.toAct = (v.seats_to_act ?? []).join(",");
  document.body.dataset.myTurn = isMyTurn(v) ? "yes" : "no";
  turnCue(isMyTurn(v), document.body.dataset.turnKey, $("turn").textContent);
  T.announcing = true; // from now on each new line of the log is read out (not the backlog on joining)
  tick();
  if (T.deadline !== null && T.ticker === null) T.ticker = setInterval(tick, 250);
  return renderTrick(v, fresh);
}


// --- drawing the table

/** Where seat i sits on the oval, as percentages: your own seat at the bottom, the others around clockwise. */
function seatSpot(i, n, radius = 1) {
  const base = T.seat ?? 0;
  const angle = Math.PI / 2 + (((i - base + n) % n) * 2 * Math.PI) / n;
  return { x: 50 + 40 * radius * Math.cos(angle), y: 50 + 40 * radius * Math.sin(angle) };
}

function renderSeats() {
  const box = $("seats");
  const v = T.view;
  const n = v?.players ?? T.summary?.seats?.length ?? 0;
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const info = T.summary?.seats?.[i] ?? {};
    const spot = seatSpot(i, n);
    const kind = info.kind ?? "human";
    const dot = kind === "bot" ? "dot bot" : info.connected ? "dot on" : "dot";
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
        el("span", { class: "name", title: seatName(i) }, el("span", { class: dot, role: "img", "aria-label": info.connected ? "connected" : kind }), name),
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
function tick() {
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
function renderTrick(v, fresh) {
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
    const who = el("span", { class: "who", text: seatName(seat) });
    const card = el("div", { class: seat === best ? "played best" : "played", "data-seat": seat, "data-card": code }, cardImg(code, null), who);
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

function renderPrompt(v) {
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
function showHint(msg) {
  const box = $("hint");
  if (!box || msg.deal !== T.deal || msg.step !== T.step) return;
  box.replaceChildren(el("strong", { text: `Hint: ${msg.do}` }), ` — ${msg.why} `, el("span", { class: "muted", text: `(${msg.bot} bot)` }));
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

function renderHand(v) {
  const box = $("hand");
  const focus = handFocus(box); // keys.js: a redraw keeps the keyboard's place
  box.replaceChildren();
  const mine = isMyTurn(v);
  const plays = new Map();
  for (const a of v.legal) if (a.kind === "card" && !a.civil) plays.set(cardCode(a.card), a.action);
  const playing = mine && v.phase === "play";
  const exchanging = mine && v.phase === "exchange";
  for (const text of v.hand ?? []) {
    const code = cardCode(text);
    const cls = ["card"];
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
  return cardLabel(code) + state;
}

function addLog(text, kind) {
  if (!text) return;
  if (T.announcing) announce(text);
  const log = $("log");
  log.append(el("li", { class: `ev-${kind ?? ""}`, text }));
  while (log.children.length > 300) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

