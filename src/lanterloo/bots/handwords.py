"""Words for a hand, in the heuristic bots' reasons: what it holds that wins tricks (Pam, trumps, aces, guarded
kings), and how many tricks it is likely to take."""

from __future__ import annotations

from collections.abc import Sequence

from lanterloo.bots.knowledge import Knowledge
from lanterloo.cards import ACE, KING, Card
from lanterloo.tables import NO_TRUMP

_WORDS = ("no", "one", "two", "three", "four", "five")


def describe_hand(k: Knowledge, cards: Sequence[Card]) -> str:
    """A few words on what the hand holds that wins tricks: Pam, trumps, aces, guarded kings."""
    t = k.t
    parts: list[str] = []
    if t.trump == NO_TRUMP:
        aces = [c for c in cards if c.rank == ACE]
        if aces:
            parts.append(_count(len(aces), "ace"))
        return _join(parts) if parts else "no ace"
    trumps = t.by_power(sum(1 << c for c in cards) & t.trump_mask)
    if t.pam >= 0 and t.pam in trumps:
        parts.append("Pam")
        trumps = [c for c in trumps if c != t.pam]
    if trumps:
        top = Card(trumps[0])
        lead = "the top trump" if k.is_master(top) else f"the {top.unicode}"
        if len(trumps) == 1:
            parts.append(lead if k.is_master(top) else f"one trump ({top.unicode})")
        else:
            others = " ".join(Card(c).unicode for c in trumps[1:])
            parts.append(f"{_WORDS[len(trumps)]} trumps ({top.unicode} {others})")
    side = [c for c in cards if t.eff[c] != t.trump and c != t.pam]
    aces = [c for c in side if c.rank == ACE]
    if aces:
        parts.append(_count(len(aces), "ace"))
    kings = [
        c
        for c in side
        if c.rank == KING
        and any(d != c and t.eff[d] == t.eff[c] for d in side)
        and not any(d.rank == ACE and t.eff[d] == t.eff[c] for d in side)
    ]
    if kings:
        parts.append(_count(len(kings), "guarded king"))
    if not parts:
        return "no trump, no ace"
    return _join(parts)


def _count(n: int, noun: str) -> str:
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}" if n == 1 else f"{_WORDS[n]} {noun}s"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def likely(tricks: float) -> str:
    n = int(tricks + 0.5)
    if n <= 0:
        return "no trick likely"
    if n == 1:
        return "a trick likely"
    return f"{_WORDS[min(n, 5)]} tricks likely"
