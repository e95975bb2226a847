// The tutorial's guided deal on the table page (lesson mode, /tutorial/{name}/deal): the same felt, hand, prompt,
// log and deal summary as at a table, fed by POST /api/tutorial/{name}/deal instead of a websocket (lessondeal.py).
// The page keeps the learner's moves; the server replays them with the bots' answers and says what is new, the
// lesson's tip for this moment and what the adviser bot would do. A refused move changes nothing.
import { $, api } from "./dom.js";
import { T } from "./state.js";

const G = { name: null, moves: [], seen: 0, busy: false, hint: null, hooks: null, drawn: false };

/** Start the lesson table: ``hooks.queue(msg)`` draws a message as a table's websocket would; ``hooks.table()``
 * draws the seat list and the rules once the lesson table is known. */
export async function lessonTable(name, hooks) {
  G.name = name;
  G.hooks = hooks;
  T.seat = 0;
  T.lesson = { send: lessonSend };
  T.post = (obj) => {
    if (obj.type === "hint" && G.hint) hooks.queue(G.hint); // the advice is already here: show it again
  };
  const back = $("lesson-back-link");
  if (back) back.href = `/tutorial/${encodeURIComponent(name)}`;
  document.body.dataset.connected = "yes";
  await step(G.moves);
}

async function step(moves) {
  const got = await api("POST", `/api/tutorial/${encodeURIComponent(G.name)}/deal`, { moves, seen: G.seen });
  G.moves = moves;
  G.seen = got.seen;
  G.hint = got.hint;
  T.summary = got.table;
  T.lessonBack = `/tutorial/${encodeURIComponent(G.name)}#step-${got.lesson.step}`;
  const back = $("lesson-back-link");
  if (back) back.href = T.lessonBack;
  if (!G.drawn) {
    G.drawn = true;
    $("title").textContent = got.table.title;
    $("coach-intro").textContent = got.lesson.intro;
    G.hooks.table();
  }
  coach(got);
  G.hooks.queue(got.state);
  if (got.hint) G.hooks.queue(got.hint);
  if (got.over) G.hooks.queue(got.over);
}

/** The lesson's words for this moment: its reminder for the phase, or what to do once the deal is over. */
function coach(got) {
  const tip = $("coach-tip");
  if (got.over) tip.textContent = "The deal is over: the summary shows what each trick won. Play it again, go back to the lesson, or play a real game.";
  else if (got.lesson.tip) tip.textContent = `Remember: ${got.lesson.tip}`;
  else tip.textContent = "";
}

async function lessonSend(action) {
  if (G.busy) return;
  G.busy = true;
  $("reason").textContent = "";
  try {
    await step([...G.moves, action]);
  } catch (err) {
    $("reason").textContent = err.message; // the engine's reason: the deal is as it was
    T.sentAt = null; // refused: the learner may choose again
  } finally {
    G.busy = false;
  }
}
