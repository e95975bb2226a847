// The cues that it is your turn, beyond the gold ring: the tab's title, a short beep (an option, off by default), a
// buzz on a phone where the browser allows it, and the words in the page's live region for a screen reader. The
// live region also reads out each new line of the trick log.
import { $, el } from "./dom.js";
import { prefs } from "./prefs.js";

const cue = { table: "", mine: false, key: null, audio: null, beeps: 0 };
const TITLE_SUFFIX = " · Lanterloo";

/** The table's title, for the tab: "<title> · Lanterloo", or "● Your turn — <title>" while it is your turn. */
export function setTableTitle(title) {
  cue.table = title || "Loo table";
  showTitle();
}

function showTitle() {
  document.title = cue.mine ? `● Your turn — ${cue.table}` : `${cue.table}${TITLE_SUFFIX}`;
}

/** Says ``text`` politely in the live region (#announcer): a screen reader reads it when it is next idle. */
export function announce(text) {
  const box = $("announcer");
  if (!box || !text) return;
  box.append(el("p", { text }));
  while (box.children.length > 8) box.firstChild.remove();
}

/** Called with every state drawn: on a new turn of yours, the title, the words, the beep and the buzz. */
export function turnCue(mine, key, words) {
  const fresh = mine && key !== cue.key;
  cue.mine = mine;
  if (mine) cue.key = key;
  showTitle();
  if (!fresh) return;
  announce(words || "Your turn.");
  beep();
  buzz();
}

/** The audio needs a gesture to start (the browsers' autoplay rule): the option's checkbox, or any click or key. */
export function unlockAudio() {
  if (!prefs.sound) return;
  try {
    cue.audio ??= new AudioContext();
    if (cue.audio.state === "suspended") cue.audio.resume();
  } catch {
    cue.audio = null; // no WebAudio: the other cues remain
  }
}

function beep() {
  if (!prefs.sound) return;
  unlockAudio();
  const ctx = cue.audio;
  if (!ctx) return;
  const t = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(880, t);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.15, t + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.16);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + 0.18);
  cue.beeps += 1;
  document.body.dataset.beeps = String(cue.beeps); // how many have sounded: the tests read it
}

function buzz() {
  // a phone (a coarse pointer) whose browser has the Vibration API; it refuses quietly before the first touch
  if (typeof navigator.vibrate !== "function" || !matchMedia("(pointer: coarse)").matches) return;
  try {
    navigator.vibrate(120);
  } catch {
    // not allowed here
  }
}
