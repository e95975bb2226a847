// The table page's state, shared by its modules: what the server last sent, and who this page is.
import { $ } from "./dom.js";

export const T = {
  id: null,
  seat: null,
  token: null,
  host: null,
  invite: null, // a private table's invite code, from the link's #invite= fragment (never sent in a URL)
  ws: null,
  retry: 0,
  dealsDone: false, // a deal ended while this page was open
  summary: null,
  names: [],
  view: null,
  deal: null,
  step: null,
  game: null, // "loo", "lou" or "louse", from the rules panel
  shownTrick: [], // the cards on the felt now: [[seat, code], ...]
  tricksSeen: 0,
  selected: new Set(),
  queue: [],
  pumping: false,
  startStacks: null,
  botStyles: ["balanced", "bold", "cautious", "random"],
  drafts: new Map(),
  seatListShape: null,
  deadline: null, // when the turn timer acts for the seat(s) to act, on this page's performance.now() clock
  stakesLines: null, // the server's words for the stakes of this seat's choices, when it is to act
  ticker: null,
  lesson: null, // the tutorial's guided deal on this page (lesson.js), or null at a table
  sentAt: null, // "deal:step" of the last action sent: one per step
};

export function seatName(i) {
  return T.names[i] ?? T.summary?.seats?.[i]?.name ?? `Seat ${i + 1}`;
}

/** A card's caption (the trick in the list layout, the summary's last trick): "You" for this page's seat, a bot's
 * name without its style ("Bot 2", as on its plate: a card is too narrow for more), else the player's name. */
export function captionName(i) {
  if (i === T.seat) return "You";
  const style = T.summary?.seats?.[i]?.style;
  const name = seatName(i);
  return style && name.endsWith(` (${style})`) ? name.slice(0, -` (${style})`.length) : name;
}

export const isMyTurn = (v) => T.seat !== null && (v.seats_to_act ?? []).includes(T.seat) && v.legal.length > 0;

/** An action to the server, for the deal and step this page last drew (a double click never plays twice). */
export function send(action) {
  // One action per step drawn: a second click (a double click, a tap while the bots' cards are still arriving) is
  // for a step already answered, and would only be refused as behind the table.
  const at = `${T.deal}:${T.step}`;
  if (T.sentAt === at) return;
  T.sentAt = at;
  if (T.lesson) return T.lesson.send(action); // the tutorial's guided deal (lesson.js): no websocket
  $("reason").textContent = "";
  if (!T.ws || T.ws.readyState !== WebSocket.OPEN) {
    $("reason").textContent = "Not connected: reconnecting to the table.";
    T.sentAt = null; // not sent: the click may be made again
    return;
  }
  T.ws.send(JSON.stringify({ type: "act", action, deal: T.deal ?? undefined, step: T.step ?? undefined }));
}
