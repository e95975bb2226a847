// The tutorial page: the lessons of `loo tutorial`, one step at a time, the positions drawn with the cards, each
// drill's choice checked by the server against the engine (POST /api/tutorial/{name}/{step}). A drill's answer and
// its explanation reach the page only after a choice.
import { cardImg } from "./cards.js";
import { $, api, el } from "./dom.js";
import { playNow, rememberedName } from "./quick.js";

const L = { name: null, steps: [], at: 0, title: "" };

export async function tutorialPage() {
  L.name = document.body.dataset.tutorial;
  if (!L.name) return; // the list of tutorials: nothing to draw
  const got = await api("GET", `/api/tutorial/${encodeURIComponent(L.name)}`);
  L.steps = got.steps ?? [];
  L.title = got.title ?? "";
  $("lesson-back").addEventListener("click", () => go(L.at - 1));
  $("lesson-next").addEventListener("click", () => go(L.at + 1));
  window.addEventListener("hashchange", () => show(fromHash()));
  show(fromHash());
}

/** The step in the address (#step-3 is the third), so a step can be linked and the outline jumps to it. */
function fromHash() {
  const m = /^#step-(\d+)$/.exec(location.hash);
  const n = m ? Number(m[1]) - 1 : 0;
  return Math.min(Math.max(0, n), Math.max(0, L.steps.length - 1));
}

function go(i) {
  if (i < 0 || i >= L.steps.length) return;
  history.replaceState(null, "", `#step-${i + 1}`);
  show(i);
}

function show(i) {
  L.at = i;
  const step = L.steps[i];
  if (!step) return;
  document.body.dataset.step = String(i);
  document.body.dataset.stepKind = step.kind;
  delete document.body.dataset.verdict;
  $("lesson-title").textContent = `${i + 1}. ${step.title}`;
  $("lesson-text").textContent = step.text ?? "";
  $("lesson-prompt").textContent = step.prompt ?? ""; // a drill's question, after the idea it practises
  $("lesson-count").textContent = `Step ${i + 1} of ${L.steps.length}`;
  $("lesson-back").disabled = i === 0;
  $("lesson-next").disabled = i === L.steps.length - 1;
  const verdict = $("lesson-verdict");
  verdict.textContent = "";
  verdict.className = "verdict";
  for (const li of document.querySelectorAll("#steps-outline li")) li.classList.toggle("current", li.dataset.step === String(i));
  drawPosition(step);
  $("lesson-choices").replaceChildren();
  $("lesson-extra").replaceChildren();
  if (step.kind === "drill") drawChoices(step, i);
  else if (step.kind === "guided") drawGuided(step);
}

/** The turn-up, the trick so far (each card with its player's name), the hand, and the position in words. */
function drawPosition(step) {
  const pos = step.position;
  const felt = $("lesson-felt");
  const hand = $("lesson-hand");
  hand.replaceChildren();
  $("lesson-lines").replaceChildren(...(pos?.lines ?? []).map((line) => el("li", { text: line })));
  felt.hidden = !pos || (!pos.turnup && !(pos.trick ?? []).length);
  $("lesson-turnup").replaceChildren();
  $("lesson-trick").replaceChildren();
  if (!pos) return;
  if (pos.turnup) {
    $("lesson-turnup").append(el("figure", { class: "played" }, cardImg(pos.turnup, "card"), el("figcaption", { text: "Turn-up" })));
  }
  for (const t of pos.trick ?? []) {
    const best = pos.best === t.name ? " (best)" : "";
    $("lesson-trick").append(el("figure", { class: "played" }, cardImg(t.card, "card"), el("figcaption", { text: t.name + best })));
  }
  for (const code of pos.hand ?? []) hand.append(cardImg(code, "card"));
}

/** A drill's choices: the cards in the hand become buttons when a card is to be played, otherwise word buttons. */
function drawChoices(step, i) {
  const byCard = new Map(step.choices.filter((c) => c.card).map((c) => [c.card, c]));
  if (byCard.size) {
    const hand = $("lesson-hand");
    hand.replaceChildren();
    for (const code of step.position.hand) {
      const choice = byCard.get(code);
      const img = cardImg(code, "");
      const button = el("button", { type: "button", class: "card choice", "data-action": choice?.action ?? "", "aria-label": choice?.label ?? img.alt }, img);
      if (choice) button.addEventListener("click", () => choose(i, choice.action, button));
      else button.disabled = true;
      hand.append(button);
    }
  }
  const box = $("lesson-choices");
  for (const c of step.choices.filter((x) => !x.card)) {
    const button = el("button", { type: "button", "data-action": c.action, text: c.label });
    button.addEventListener("click", () => choose(i, c.action, button));
    box.append(button);
  }
}

async function choose(i, action, button) {
  const verdict = $("lesson-verdict");
  verdict.textContent = "";
  try {
    const got = await api("POST", `/api/tutorial/${encodeURIComponent(L.name)}/${i}`, { action });
    if (L.at !== i) return; // the learner moved on meanwhile
    for (const b of document.querySelectorAll("#lesson [data-action]")) b.classList.remove("chosen", "right", "wrong");
    button.classList.add("chosen", got.right ? "right" : "wrong");
    verdict.className = `verdict ${got.right ? "right" : "wrong"}`;
    verdict.textContent = got.right ? got.text : `Not this one. ${got.text}`;
    document.body.dataset.verdict = got.right ? "right" : "wrong";
  } catch (err) {
    verdict.className = "verdict error";
    verdict.textContent = err.message;
  }
}

/** The guided deal that ends a lesson: its tips, then the deal itself on the real table, with the lesson beside it
 * (the lesson table, /tutorial/{name}/deal), or a table against bots to play for real. */
function drawGuided(step) {
  const extra = $("lesson-extra");
  const tips = el("dl", { class: "tips" });
  for (const t of step.tips ?? []) tips.append(el("dt", { text: t.phase }), el("dd", { text: t.text }));
  const error = el("p", { class: "error", role: "alert" });
  const guided = el("a", { class: "button primary", id: "lesson-guided", href: `/tutorial/${encodeURIComponent(L.name)}/deal`, text: "Play the guided deal on the table" });
  const play = el("button", { type: "button", id: "lesson-play", text: `Play ${L.title} now against bots` });
  play.addEventListener("click", () => {
    play.disabled = true;
    playNow(L.name, rememberedName()).catch((err) => {
      error.textContent = err.message;
      play.disabled = false;
    });
  });
  extra.append(tips, el("p", {}, guided, " ", play), error);
}
