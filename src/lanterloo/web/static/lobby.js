// The lobby: the games and their house rules, a new table, and the page of open tables.
import { $, api, el, store } from "./dom.js";
import { chosenHouseRules, showHouseRules } from "./houserules.js";
import { quickForm } from "./quick.js";

export async function lobby() {
  const presetBox = $("preset");
  const { presets, groups } = await api("GET", "/api/presets");
  quickForm(presets);
  for (const p of presets) presetBox.append(el("option", { value: p.name, text: p.title || p.name }));
  const choose = () => showPreset(presets.find((p) => p.name === presetBox.value), groups ?? []);
  presetBox.addEventListener("change", choose);
  if (presets.some((p) => p.name === "three-card")) presetBox.value = "three-card";
  choose();
  $("create").addEventListener("submit", (e) => {
    e.preventDefault();
    createTable(presets.find((p) => p.name === presetBox.value)).catch((err) => ($("create-error").textContent = err.message));
  });
  $("tables-older").addEventListener("click", () => listTables(lobbyPage.next ?? 0).catch(() => {}));
  $("tables-newer").addEventListener("click", () => listTables(Math.max(0, lobbyPage.offset - LOBBY_PAGE)).catch(() => {}));
  await listTables(0);
  setInterval(() => listTables(lobbyPage.offset).catch(() => {}), 5000);
}

function showPreset(preset, groups) {
  if (!preset) return;
  $("preset-summary").textContent = preset.summary ?? "";
  // the server says what the game asks: Louse keeps penalty points, not chips, and its match ends at a losing
  // total, not after a number of deals
  for (const [id, asked] of [["stack-label", preset.asks_stack], ["deals-label", preset.asks_deals]]) {
    const label = $(id);
    if (label) label.hidden = asked === false;
  }
  const [lo, hi] = preset.players;
  const players = $("players");
  const keep = Number(players.value);
  players.replaceChildren();
  for (let n = lo; n <= hi; n++) players.append(el("option", { value: n, text: String(n) }));
  players.value = String(keep >= lo && keep <= hi ? keep : (preset.default_players ?? Math.min(Math.max(5, lo), hi)));
  showHouseRules(preset, groups);
}

async function createTable(preset) {
  const form = $("create");
  // a field the game does not ask (hidden) is not sent: the server keeps its default
  const num = (name) => (form.elements[name].closest("[hidden]") || form.elements[name].value.trim() === "" ? null : Number(form.elements[name].value));
  const options = chosenHouseRules();
  const body = {
    preset: preset.name,
    options,
    players: num("players"),
    stack: num("stack") ?? undefined,
    deals: num("deals"),
    turn_seconds: num("turn_seconds"),
    next_deal: form.elements.next_deal.value === "wait" ? null : Number(form.elements.next_deal.value),
    title: form.elements.title.value.trim() || "Loo table",
    private: form.elements.private.checked,
  };
  const made = await api("POST", "/api/tables", body);
  store.set(`lanterloo.host.${made.table_id}`, made.host_token);
  if (made.code) store.set(`lanterloo.invite.${made.table_id}`, made.code);
  location.assign(made.invite || `/t/${made.table_id}`);
}

// The lobby's page of tables (docs/protocol.md: GET /api/tables?limit=&offset=), newest first.
const LOBBY_PAGE = 50;
const lobbyPage = { offset: 0, next: null };

async function listTables(offset) {
  const page = await api("GET", `/api/tables?limit=${LOBBY_PAGE}&offset=${offset}`);
  const tables = page.tables ?? [];
  if (!tables.length && offset > 0) return listTables(0); // the page emptied (tables started or expired)
  lobbyPage.offset = offset;
  lobbyPage.next = page.next ?? null;
  $("tables-older").hidden = lobbyPage.next === null;
  $("tables-newer").hidden = offset === 0;
  const list = $("tables");
  list.replaceChildren();
  const open = tables.filter((t) => t.status !== "over");
  $("tables-empty").hidden = open.length > 0;
  for (const t of open) {
    const seats = `${t.seated}/${t.players} seated`;
    list.append(
      el(
        "li",
        { "data-table": t.table_id },
        el("a", { href: `/t/${encodeURIComponent(t.table_id)}`, text: t.title || t.table_id }),
        ` `,
        el("span", { class: "muted", text: `${t.preset_title || t.preset} · ${seats} · ${t.status}` }),
      ),
    );
  }
}
