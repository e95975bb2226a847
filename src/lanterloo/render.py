"""Plain-text rendering of a deal, as ``loo watch`` and ``loo replay`` print it.

The sentences come from the narrator (``lanterloo.engine.narrate``); this module only lays them out, one fact per
line: the title, the antes and the pool, the hands (``hands=True``), the turn-up, the declarations, every trick,
the settlement and the stacks after. A spectator's view tells the deal; ``hands=True`` tells it as the referee saw
it, with the hands as dealt, the Miss and the cards exchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from lanterloo.cards import Card, mask_of
from lanterloo.engine import Deal, Phase
from lanterloo.engine.events import AnteSet, DealStarted
from lanterloo.engine.narrate import Narrator


def _dealt(deal: Deal) -> tuple[list[tuple[Card, ...]], int, int]:
    """The hands as dealt, the Miss and the widow: the deal dealt again from its deck, so they never drift."""
    s = deal.started
    fresh = Deal(deal.rules, s.stacks, s.dealer, pool=s.pool, deck=s.deck, ante=s.ante)
    if fresh.phase is Phase.ANTE:  # Lou's dealer set the ante first (LOU-ANTE-2): the cards come after it
        seat, ante = deal.actions[0]
        fresh.apply(ante, seat)
    dealt = fresh.hidden()
    return list(dealt.hands), mask_of(dealt.miss), mask_of(dealt.widow)


def render_deal(
    deal: Deal,
    names: Sequence[str],
    *,
    number: int | None = None,
    title: str | None = None,
    totals: Sequence[int] | None = None,
    hands: bool = False,
) -> str:
    """The deal told in plain text, one fact per line. ``names`` are the seats' names, clockwise from seat 0.

    ``number`` (or a whole ``title``) heads the deal, ``totals`` are Louse's match totals after it, and ``hands``
    shows the hidden cards.
    """
    n = Narrator(deal.rules, names)
    view = deal.view(None)
    events = deal.events if hands else view.events
    if title is None:
        title = f"Deal {number}" if number is not None else "Deal"
    lines = [f"{title} · {deal.rules.preset} · {view.players} players · {n.name(view.dealer)} deals"]
    if not events:  # Lou's dealer has yet to set the ante (LOU-ANTE-2): nothing is paid or dealt
        return "\n".join([*lines, f"{n.name(view.dealer)} is to set the ante. (The deal is not finished.)"])
    start = events[0]
    assert isinstance(start, DealStarted)
    stakes = n.stakes(start)
    ante_set = [n.event(e) for e in events if isinstance(e, AnteSet)]
    lines += [line for line in ante_set if line]
    if stakes:
        lines.append(stakes)
    if hands:
        dealt, miss, widow = _dealt(deal)
        lines += n.hands(dealt, view.dealer, miss, widow)
    lines.append(n.trumps(view))
    lines += n.declarations(events, view.dealer)
    lines += n.tricks(view, events)
    if view.settlement is not None:
        lines += n.settlement(view.settlement, view)
        after = n.after(view, start, totals)
        if after:
            lines.append(after)
    else:
        lines.append("(The deal is not finished.)")
    return "\n".join(lines)
