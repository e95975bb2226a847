"""The big moments of a deal, in one sentence each, for a client to give one beat of emphasis (never a dialog).

A flush that sweeps the pool (a Pam flush above all), every trick taken by one player against two or more, a loo
of the whole pool under Unlimited Loo, and a Louse match lost. Read from the finished deal's ``View``
and its ``Settlement`` alone; the terminal game shows the sentence as a passing notice, the web table as a banner
over its deal summary, read out by its live region.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

from lanterloo.engine.narrate import join
from lanterloo.engine.scoring import SettlementKind
from lanterloo.engine.view import View

Kind = Literal["pam_flush", "flush", "sweep", "pool_loo", "match_lost"]


class Moment(NamedTuple):
    kind: Kind
    text: str


def _name(names: Sequence[str], seat: int, you: int | None) -> str:
    if seat == you:
        return "You"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat}"


def big_moment(view: View, names: Sequence[str], you: int | None = None, losers: Sequence[int] = ()) -> Moment | None:
    """The deal's big moment, if it had one. ``losers``: the seats that lost a Louse match with this deal."""
    st = view.settlement
    if st is None:
        return None
    who = [_name(names, s, you) for s in range(view.players)]
    if losers:
        lost = join([who[s] for s in losers])
        verb = "lose" if len(losers) > 1 or you in losers else "loses"
        return Moment("match_lost", f"{lost} {verb} the match, at {view.rules.louse_target} penalty points or more.")
    if st.kind is SettlementKind.FLUSH:
        winners = join([who[s] for s in st.winners])
        verb = "sweep" if len(st.winners) > 1 or you in st.winners else "sweeps"
        pam = view.pam
        with_pam = pam is not None and any(s in st.winners and pam in cards for s, cards in view.flushes)
        kind: Kind = "pam_flush" if with_pam else "flush"
        what = "A Pam flush!" if with_pam else "A flush!"
        return Moment(kind, f"{what} {winners} {verb} the pool of {st.pool_before}.")
    if st.kind is not SettlementKind.TRICKS or view.rules.game == "louse":
        return None
    tricks = sum(st.tricks)
    takers = [s for s, t in enumerate(st.tricks) if t]
    # every trick against at least two others: a lone player's sweep against the dealer is common, not a moment
    if len(takers) == 1 and tricks > 1 and sum(view.in_play) >= 3:
        s = takers[0]
        verb = "take" if s == you else "takes"
        return Moment("sweep", f"{who[s]} {verb} every trick: {st.won[s]} chips.")
    # Lou's match is always the whole pot (uncapped): routine there, so no moment; an Unlimited loo is one
    if (
        view.rules.game == "loo"
        and view.rules.loo_penalty == "pool"
        and st.looed
        and max(st.owed) >= st.pool_before > 0
    ):
        looed = join([who[s] for s in st.looed])
        each = " each" if len(st.looed) > 1 else ""
        return Moment(
            "pool_loo",
            f"A loo of the whole pool: {looed} pay{'' if each or you in st.looed else 's'} {max(st.owed)} chips{each}.",
        )
    return None


def moment_json(
    view: View, names: Sequence[str], you: int | None = None, losers: Sequence[int] = ()
) -> dict[str, Any] | None:
    """``big_moment`` as the web's ``deal_over`` carries it: ``{"kind": ..., "text": ...}``, or None."""
    m = big_moment(view, names, you, losers)
    return None if m is None else {"kind": m.kind, "text": m.text}
