// Play now: one click seats this browser with bots at a game's default table and opens it (POST /api/play-now).
import { $, api, el, store } from "./dom.js";

const NAME_KEY = "lanterloo.name";

/** The name this browser last played under, or a plain default. */
export function rememberedName() {
  const name = store.get(NAME_KEY);
  return typeof name === "string" && name.trim() ? name : "Player";
}

/** Create the table, remember the seat and the host key as the table page reads them, and open it. */
export async function playNow(preset, name) {
  const made = await api("POST", "/api/play-now", { preset, name: name.trim() });
  store.set(NAME_KEY, name.trim());
  store.set(`lanterloo.seat.${made.table_id}`, { seat: made.seat, token: made.token });
  store.set(`lanterloo.host.${made.table_id}`, made.host_token);
  location.assign(made.url ?? `/t/${made.table_id}`);
}

/** The lobby's Play now form: a name (remembered) and a game; the button says who you will play against. */
export function quickForm(presets) {
  const form = $("play-now");
  if (!form) return;
  const box = $("play-preset");
  for (const p of presets) box.append(el("option", { value: p.name, text: p.title || p.name }));
  if (presets.some((p) => p.name === "three-card")) box.value = "three-card";
  $("play-name").value = rememberedName();
  const describe = () => {
    const p = presets.find((x) => x.name === box.value);
    const bots = (p?.default_players ?? 5) - 1;
    $("play-what").textContent = `You and ${bots} balanced bot${bots === 1 ? "" : "s"}, 100 chips each: the cards are dealt at once.`;
  };
  box.addEventListener("change", describe);
  describe();
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    $("play-error").textContent = "";
    $("play-go").disabled = true;
    playNow(box.value, $("play-name").value).catch((err) => {
      $("play-error").textContent = err.message;
      $("play-go").disabled = false;
    });
  });
}
