"""The end of a deal in numbers, one row per seat, read from the deal's settlement and its view at the end.

Every client's deal summary shows these rows (the terminal's summary table, the web table's overlay), so a player
reads the same ante, shares, loo and stack before → after everywhere, and no client recomputes a number: a stack's
change is the settlement's, antes included, and Louse's points are itemised card by card from the deal's own card
values (queen bonuses and the ♦Q included).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lanterloo.cards import Card
from lanterloo.engine.events import DealStarted
from lanterloo.engine.narrate import Narrator
from lanterloo.engine.phases import Decl
from lanterloo.engine.scoring import SettlementKind, louse_card_counts
from lanterloo.engine.words import Words

if TYPE_CHECKING:
    from lanterloo.engine import View


def start_of(view: View) -> DealStarted:
    """The table before the deal (stacks before the antes, the antes): the first event of every deal."""
    first = view.events[0]
    assert isinstance(first, DealStarted)
    return first


def penalty_cards(view: View, seat: int) -> list[tuple[str, int, bool, int]]:
    """The penalty cards ``seat`` took in Louse, highest first, each as (card as the notation writes it, the points
    it scores under the deal's rules, whether the ♦Q cancelled any of them for this seat, what it counts towards the
    seat's points): a queen the ♦Q cancels (LOUSE-SCORE-3) is (``"Qc"``, 302, True, 0), a bonus it cancels
    (``cancel_own_bonuses``) leaves (``"Qc"``, 302, True, 2)."""
    r = view.rules
    values = view.stakes.card_points
    taken = [c for tr in view.tricks if tr.winner == seat for _, c in tr.cards if values[c]]
    dq = Card.parse("Qd")
    dq_taker = next((tr.winner for tr in view.tricks for _, c in tr.cards if c == dq), None)
    out: list[tuple[str, int, bool, int]] = []
    for c in sorted(taken, key=lambda c: (-values[c], int(c))):
        counts = louse_card_counts(c, seat, dq_taker, r.diamond_queen, r.louse_queen_points)
        out.append((str(c), values[c], counts < values[c], counts))
    return out


def deal_rows(
    view: View,
    names: Sequence[str],
    *,
    you: int | None = None,
    totals_before: Sequence[int] | None = None,
    totals_after: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The finished deal of ``view`` (anyone's view at the end) as plain data: the table's words, one row per seat
    and the notes that need a sentence. ``totals_before``/``totals_after``: Louse's match totals around the deal.

    Each Loo row holds the seat's declaration, the tricks it took (their numbers), its ante, what it won, what it
    paid (and owed), whether it was looed, its stack before the antes and after the settlement, and the net change
    (after − before). Each Louse row holds the penalty cards with their points, the deal's points and the match
    total before → after (``penalty_cards``: what each card scores, and what the ♦Q cancelled of it)."""
    st = view.settlement
    if st is None:
        raise ValueError("The deal is not over: it has no settlement yet.")
    words = Words(view.rules)
    narrator = Narrator(view.rules, names, you=you, cite=False)  # a player reads the summary
    start = start_of(view)
    won_tricks: dict[int, list[int]] = {}
    for i, tr in enumerate(view.tricks, 1):
        won_tricks.setdefault(tr.winner, []).append(i)
    rows: list[dict[str, Any]] = []
    for s in range(view.players):
        row: dict[str, Any] = {
            "seat": s,
            "name": names[s],
            "you": s == you,
            "tricks": won_tricks.get(s, []),
            "tricks_taken": st.tricks[s] if st.tricks else len(won_tricks.get(s, [])),
        }
        if words.louse:
            pts = st.points[s] if st.points else 0
            after = totals_after[s] if totals_after is not None else pts
            before = totals_before[s] if totals_before is not None else after - pts
            row.update(penalty_cards=penalty_cards(view, s), points=pts, match_before=before, match_after=after)
        else:
            decl = view.declarations[s]
            row.update(
                declared=words.declaration(decl),
                played=decl is not None and decl is not Decl.PASS,
                ante=start.antes[s] if start.antes else 0,
                won=st.won[s],
                paid=st.paid[s],
                owed=st.owed[s],
                looed=s in st.looed,
                stack_before=start.stacks[s],
                stack_after=view.stacks[s],
                net=view.stacks[s] - start.stacks[s],
            )
        rows.append(row)
    notes: list[str] = []
    if words.louse:
        notes += narrator.louse_notes(view)
    else:
        cost = narrator.loo_cost(st)
        if cost is not None:
            notes.append(cost)
        if words.lou and st.kind is SettlementKind.TRICKS:
            notes.append(narrator.lou_game(st))
    return {
        "words": words.vocabulary(),
        "outcome": narrator.outcome(st),
        "kind": st.kind.value,
        "rule": st.rule,
        "pool_carried_in": start.pool,
        "pool_before": st.pool_before,
        "share": st.share,
        "pool_after": st.pool_after,
        "rows": rows,
        "notes": notes,
        "flushes": [{"seat": seat, "cards": [str(c) for c in cs]} for seat, cs in view.flushes],
        "tricks": [
            {"no": i, "leader": t.leader, "winner": t.winner, "cards": [[seat, str(c)] for seat, c in t.cards]}
            for i, t in enumerate(view.tricks, 1)
        ],
    }
