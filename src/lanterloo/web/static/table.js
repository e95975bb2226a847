// The table page: the seats and the host's buttons, the websocket, and each message the server sends, drawn by the
// felt (felt.js), the prompt and hand (prompt.js), the centre (centre.js) and the summary (summary.js).
import { renderCentre } from "./centre.js";
import { announce, setTableTitle, turnCue, unlockAudio } from "./cues.js";
import { $, api, el, sleep, store } from "./dom.js";
import { wireKeys } from "./keys.js";
import { wireLayout } from "./layout.js";
import { renderSeats, renderTrick, seatDot, tick } from "./felt.js";
import { renderHand, renderPrompt, showHint } from "./prompt.js";
import { wirePrefs } from "./prefs.js";
import { isMyTurn, send, T } from "./state.js";
import { closeSummary, onReady, showSummary } from "./summary.js";
import { tableInfo } from "./tableinfo.js";
import { lessonTable } from "./lesson.js";


export async function tablePage() {
  if (document.body.dataset.lesson) {
    wireCues();
    const queue = (msg) => {
      msg._at = performance.now();
      T.queue.push(msg);
      pump();
    };
    return lessonTable(document.body.dataset.lesson, { queue, table: () => (renderSeatList(), renderSeats(), loadRules()) });
  }
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
  if (!T.gone) connect();
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
    $("seat-error").textContent = "Your seat has a new key: this page keeps the seat; any other device or browser using it is disconnected.";
  } catch (err) {
    $("seat-error").textContent = err.message;
  }
}

async function refreshSummary() {
  try {
    T.summary = await api("GET", `/api/tables/${T.id}`, undefined, inviteHeaders());
  } catch (err) {
    if (err.status === 404 && !T.summary) return noTable(err.message);
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

/** No such table (or a private one without its invite): one sentence and the way back, not an empty table. */
function noTable(message) {
  T.gone = true;
  T.ws?.close();
  document.body.dataset.noTable = "yes";
  document.querySelector(".game").replaceChildren(
    el("section", { class: "panel no-table", role: "alert" }, el("h2", { text: "No table here" }), el("p", { text: message }), el("p", {}, el("a", { href: "/", text: "Back to the tables" }))),
  );
}

/** The history link is live once a deal has finished (the history holds finished deals only). */
function historyReady(ready) {
  const link = $("history-link");
  if (!link) return; // the lesson table keeps no history
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
      // the plate's mark (felt.js), and for a person the word as well: the colour is never the only cue
      li.append(seatDot(seat.kind, seat.connected), el("strong", { text: seat.name ?? "" }), who);
      if (seat.kind !== "bot") li.append(el("span", { class: "muted seat-state", text: seat.connected ? " · connected" : " · away" }));
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
    $("glossary").replaceChildren(...r.glossary.flatMap((t) => [el("dt", { text: t.term }), el("dd", { text: t.meaning })]));
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
      if (msg.seat === T.seat) {
        $("reason").textContent = msg.text;
        $("reason").dataset.kind = "note"; // news, not an error
      }
      return 0;
    case "error":
      T.sentAt = null; // refused: the seat may choose again at this step
      $("reason").dataset.kind = "error";
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
    case "_trick": {
      // queued by renderTrick: the next trick, once the finished one has been seen; then the turn comes alive
      if (msg.view !== T.view) return 0;
      const pause = renderTrick(msg.view, false);
      if (T.pendingTurn?.view === msg.view) liven(msg.view, T.pendingTurn.key);
      T.pendingTurn = null;
      return pause;
    }
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
  document.body.dataset.phase = v.phase;
  document.body.dataset.deal = String(msg.deal);
  document.body.dataset.toAct = (v.seats_to_act ?? []).join(",");
  T.announcing = true; // from now on each new line of the log is read out (not the backlog on joining)
  const pause = renderTrick(v, fresh);
  const key = `${msg.deal}:${msg.step}`;
  if (T.queue[0]?.type === "_trick" && T.queue[0].view === v) {
    // the finished trick is still on the felt: the hand and the prompt wait for the next one to be drawn
    T.pendingTurn = { view: v, key };
    const quiet = { ...v, legal: [], seats_to_act: [] };
    renderPrompt(quiet);
    renderHand(quiet);
    document.body.dataset.myTurn = "no";
  } else {
    liven(v, key);
  }
  return pause;
}

/** The seat's turn drawn live: the prompt, the hand's playable cards, the cue, the turn timer. */
function liven(v, key) {
  renderPrompt(v);
  renderHand(v);
  document.body.dataset.turnKey = key;
  document.body.dataset.myTurn = isMyTurn(v) ? "yes" : "no";
  turnCue(isMyTurn(v), key, $("turn").textContent);
  tick();
  if (T.deadline !== null && T.ticker === null) T.ticker = setInterval(tick, 250);
}


function addLog(text, kind) {
  if (!text) return;
  if (T.announcing) announce(text);
  const log = $("log");
  log.append(el("li", { class: `ev-${kind ?? ""}`, text }));
  while (log.children.length > 300) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

