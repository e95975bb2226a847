// The table page's lines under its title: the game and its house rules in words, and what happens next while the
// seats fill ("The game starts when every seat is taken: 2 of 5 seated.").
import { $, api } from "./dom.js";
import { T } from "./state.js";

let drawnFor = null; // the game and house rules the game line was drawn for

export function tableInfo(s) {
  const words = $("words-open");
  if (words && !words.dataset.wired) {
    words.dataset.wired = "yes";
    words.addEventListener("click", openWords);
  }
  waitingLine(s);
  gameLine(s).catch(() => {});
}

function waitingLine(s) {
  const line = $("waiting-line");
  if (!line) return;
  const seated = (s.seats ?? []).filter((x) => x.kind !== "empty").length;
  let text = "";
  if (s.status === "waiting") {
    text = `The game starts when every seat is taken: ${seated} of ${s.players} seated.`;
    if (T.host) text += " Seat bots in the empty seats, or send the invite link.";
  } else if (s.status === "expired") {
    text = "This table waited an hour without starting and has expired: create a new one from the lobby.";
  }
  line.textContent = text;
  line.hidden = text === "";
}

async function gameLine(s) {
  const preset = s.preset ?? s.rules?.options?.preset;
  const line = $("game-line");
  if (!preset || !line) return;
  const house = Object.fromEntries(Object.entries(s.rules?.house ?? {}).filter(([k]) => k !== "preset" && k !== "game"));
  const key = JSON.stringify([preset, house]);
  if (key === drawnFor) return;
  drawnFor = key;
  const r = await api("GET", `/api/rules/${encodeURIComponent(preset)}?options=${encodeURIComponent(JSON.stringify(house))}`);
  const rules = r.house_rules ?? [];
  line.textContent = `${r.title} · ${rules.length ? `house rules: ${rules.join("; ")}` : "no house rules"}`;
}

/** The "Words of the game" panel, opened and brought into view: trick, trumps, the Miss, looed... */
export function openWords() {
  const panel = $("words-panel");
  panel.open = true;
  panel.scrollIntoView({ block: "nearest" });
  panel.querySelector("summary").focus();
}
