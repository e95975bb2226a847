// The lobby's house rules: the chosen game's options in words, grouped (stakes, declaring, play, scoring, the deal),
// from /api/presets (the words are lanterloo/rules/optionwords.py). The API still takes the engine keys.
import { $, el } from "./dom.js";

/** Draw the options the lobby offers for ``preset``, one fieldset per group, each set to the game's own rule. */
export function showHouseRules(preset, groups) {
  const box = $("options");
  box.replaceChildren();
  for (const group of groups) {
    const options = (preset.options ?? []).filter((o) => o.group === group.name);
    if (!options.length) continue;
    const set = el("fieldset", { class: "house-group", "data-group": group.name }, el("legend", { text: group.title }));
    for (const opt of options) set.append(optionField(opt));
    box.append(set);
  }
}

function optionField(opt) {
  const id = `opt-${opt.name}`;
  const attrs = { id, name: id, "data-option": opt.name, "aria-describedby": `${id}-line` };
  let input;
  let kind;
  if (typeof opt.default === "boolean") {
    kind = "bool";
    input = el("input", { ...attrs, type: "checkbox" });
    input.checked = opt.default;
  } else if (Array.isArray(opt.choices)) {
    kind = "choice";
    input = el("select", attrs);
    const words = new Map((opt.words ?? []).map((w) => [String(w.value), w.text]));
    for (const c of opt.choices) input.append(el("option", { value: String(c), text: words.get(String(c)) ?? String(c) }));
    input.value = String(opt.default);
  } else {
    kind = "int";
    input = el("input", { ...attrs, type: "number", min: 0, step: 1, value: String(opt.default ?? "") });
  }
  input.dataset.kind = kind;
  input.dataset.default = String(opt.default);
  const name = el("span", { class: "house-label", text: opt.label ?? opt.name });
  const label = kind === "bool" ? el("label", { for: id }, input, " ", name) : el("label", { for: id }, name, " ", input);
  const line = el("span", { class: "muted help", id: `${id}-line`, text: opt.line ?? opt.help ?? "" });
  const rule = el("span", { class: "muted rid", text: opt.rule ?? "" });
  return el("div", { class: `house-option ${kind}`, "data-option-row": opt.name }, label, " ", line, " ", rule);
}

/** The house rules chosen: every option changed from the game's own, by its engine key, and the advanced keys. */
export function chosenHouseRules() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "int" && input.value.trim() === "") continue; // emptied: the game's own
    const value = kind === "bool" ? input.checked : kind === "int" ? Number(input.value) : input.value;
    if (String(value) !== input.dataset.default) out[input.dataset.option] = value;
  }
  const raw = ($("advanced-options")?.value ?? "").trim();
  if (raw) {
    let extra;
    try {
      extra = JSON.parse(raw);
    } catch {
      extra = null;
    }
    if (!extra || typeof extra !== "object" || Array.isArray(extra)) {
      throw new Error('The advanced options must be a JSON object, such as {"loo_penalty": "pool"}.');
    }
    Object.assign(out, extra);
  }
  return out;
}
