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
  box.onchange = box.oninput = showDependent; // a choice can show, or hide, an option that depends on it
  showDependent();
}

/** A form field's setting as text ("true", "pool", "5"); an emptied number is the game's own. */
function fieldValue(input) {
  if (input.dataset.kind === "bool") return String(input.checked);
  return (input.value.trim() === "" ? input.dataset.default : input.value).toLowerCase();
}

/** An option that changes nothing until another is set (the server's ``shown_when``: alternatives, each settings
 * that must all hold) is shown only while one alternative holds; a hidden one is not sent (see chosenHouseRules). */
function showDependent() {
  const box = $("options");
  const values = new Map([...box.querySelectorAll("[data-option]")].map((i) => [i.dataset.option, fieldValue(i)]));
  const holds = (w) => {
    const v = values.get(w.option);
    return w.is ? w.is.some((x) => String(x).toLowerCase() === v) : !w.not.some((x) => String(x).toLowerCase() === v);
  };
  for (const row of box.querySelectorAll("[data-shown-when]")) {
    const when = JSON.parse(row.dataset.shownWhen);
    row.hidden = !when.some((alt) => alt.every(holds));
  }
  for (const set of box.querySelectorAll("fieldset")) set.hidden = !set.querySelector(".house-option:not([hidden])");
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
  const when = opt.shown_when ? JSON.stringify(opt.shown_when) : null;
  return el("div", { class: `house-option ${kind}`, "data-option-row": opt.name, "data-shown-when": when }, label, " ", line, " ", rule);
}

/** The house rules chosen: every option changed from the game's own, by its engine key, and the advanced keys. */
export function chosenHouseRules() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.closest("[hidden]")) continue; // an option that does nothing under the others: the game's own
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
