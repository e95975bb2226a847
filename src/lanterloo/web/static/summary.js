// The end of a deal: the settlement as the server states it.
import { $, el } from "./dom.js";
import { T, seatName } from "./state.js";

export function showSummary(msg) {
  const panel = $("summary-panel");
  const st = msg.settlement ?? {};
  const n = T.view?.players ?? (st.won?.length ?? 0);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const net = (st.won?.[i] ?? 0) - (st.paid?.[i] ?? 0);
    const looed = (st.looed ?? []).includes(i);
    rows.push(
      el(
        "tr",
        {},
        el("td", { text: seatName(i) }),
        el("td", { text: String(st.tricks?.[i] ?? 0) }),
        el("td", { class: net > 0 ? "plus" : net < 0 ? "minus" : "", text: (net > 0 ? "+" : "") + net }),
        el("td", { text: looed ? (T.game === "lou" ? "matched" : "looed") : "" }),
      ),
    );
  }
  const head = el("tr", {}, ...["Seat", "Tricks", "Chips", ""].map((h) => el("th", { text: h })));
  $("summary").replaceChildren(
    // the server's sentences (the engine's narrator), not the settlement's field names
    el("p", { text: `Deal ${msg.deal} is over.${st.pool_after !== undefined ? ` The pool now holds ${st.pool_after} chips.` : ""}` }),
    ...(msg.lines ?? []).map((t) => el("p", { class: "settle-line", text: t })),
    el("table", { class: "summary-table" }, head, ...rows),
    el("p", { class: "muted", text: "Seed (check it against the commitment with loo verify-deal):" }),
    el("p", { class: "seed", text: msg.seed ?? "" }),
    el("p", { class: "muted", text: "Commitment:" }),
    el("p", { class: "seed", text: msg.commitment ?? "" }),
  );
  panel.hidden = false;
  document.body.dataset.dealsOver = String(msg.deal);
}
