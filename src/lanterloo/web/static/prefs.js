// The player's options on this device, kept in localStorage: the turn's sound (off by default) and the four-colour
// deck (clubs green, diamonds blue). The page's checkboxes marked data-pref="<name>" show and change them.
import { store } from "./dom.js";

const KEY = "lanterloo.prefs";
const DEFAULTS = { sound: false, fourColour: false };

function load() {
  const saved = store.get(KEY);
  const out = { ...DEFAULTS };
  if (saved && typeof saved === "object") for (const k of Object.keys(DEFAULTS)) out[k] = saved[k] === true;
  return out;
}

export const prefs = load();

/** The options' effect on the page: the four-colour deck is a class on <html> (style.css filters the faces). */
export function applyPrefs() {
  document.documentElement.classList.toggle("four-colour", prefs.fourColour);
}

export function setPref(name, value) {
  prefs[name] = value === true;
  try {
    store.set(KEY, prefs);
  } catch {
    // storage full or refused (a private window): the option holds for this page only
  }
  applyPrefs();
}

/** Each checkbox with data-pref shows its option and changes it; ``onChange(name, value)`` runs after a change. */
export function wirePrefs(onChange = () => {}) {
  for (const box of document.querySelectorAll("input[data-pref]")) {
    const name = box.dataset.pref;
    if (!(name in DEFAULTS)) continue;
    box.checked = prefs[name];
    box.addEventListener("change", () => {
      setPref(name, box.checked);
      onChange(name, box.checked);
    });
  }
}
