"""What a number of tricks is worth to one seat, and the chance of each number.

Every pool game pays by tricks: Loo a share of the pool per trick and a loo for none, Lou a pile per trick and a
match for none (or the whole pot for two tricks, in Lou's formats B and C). A bot that knows, for each of its
cards, the chance that the card takes a trick can turn those chances into a distribution of tricks (the cards
play to different tricks, so they are treated as independent) and then into expected chips.
"""

from __future__ import annotations

from dataclasses import dataclass

from lanterloo.engine import View, shape_of


@dataclass(frozen=True)
class Payoff:
    """Chips a seat ends the deal with (relative to now) for each total number of tricks it takes."""

    values: tuple[float, ...]
    share: int  # chips per trick (Loo share, Lou pile)
    loo: int  # what taking no trick costs (loo or match); 0 when it cannot happen
    kind: str  # loo | lou-A | lou-B | lou-C | defend

    def expected(self, probs: list[float], won: int = 0) -> float:
        dist = trick_distribution(probs)
        vals = self.values
        top = len(vals) - 1
        return sum(q * vals[min(top, won + x)] for x, q in enumerate(dist))


# The cards of one hand do not win independently: when the others hold the high cards, all of ours lose
# together. The distribution of tricks mixes independent cards with this much of fully linked ones (the card
# that wins least often wins only when all the others do), which fattens the chance of no trick at all
# (calibrated in self-play, see docs/bots.md).
LINKED = 0.35


def trick_distribution(probs: list[float]) -> list[float]:
    """P(exactly x of the cards take a trick), x = 0..len(probs)."""
    ps = [min(1.0, max(0.0, p)) for p in probs]
    dist = [1.0]
    for p in ps:
        dist = add_card(dist, p)
    return linked(dist, ps)


def add_card(dist: list[float], p: float) -> list[float]:
    """The distribution of tricks with one more card that wins with chance ``p``.

    Written out so that every element is the same floating-point expression as in the textbook loop
    (``nxt[x] += q * (1 - p); nxt[x + 1] += q * p``): the bots' choices must not move by an ulp.
    """
    miss = 1.0 - p
    last = len(dist) - 1
    return [dist[0] * miss, *[dist[x - 1] * p + dist[x] * miss for x in range(1, last + 1)], dist[last] * p]


def linked(dist: list[float], ps: list[float]) -> list[float]:
    """Mix the independent distribution ``dist`` of cards with chances ``ps`` with fully linked cards."""
    if LINKED <= 0.0 or len(ps) < 2:
        return dist
    # Linked cards: X >= j exactly when the j-th likeliest card wins.
    desc = [*sorted(ps, reverse=True), 0.0]
    prev = 1.0
    out = []
    for x in range(len(dist)):
        d = desc[x]
        out.append((1.0 - LINKED) * dist[x] + LINKED * (prev - d))
        prev = d
    return out


def payoff_for(
    view: View, seat: int, loo_weight: float = 1.0, *, holds_pam: bool = False, defending: bool | None = None
) -> Payoff:
    """The payoff table of ``seat`` in the view's deal. ``loo_weight`` scales the fear of taking no trick.

    The figures are the engine's (``view.stakes``: the share or pile per trick, the loo or Lou's match), so the
    bot prices a hand as the settlement will pay it.
    """
    r = view.rules
    stakes = view.stakes
    share = stakes.share
    if shape_of(r).pays_piles:
        pot, match = view.pool, stakes.match
        fee = match * loo_weight
        if r.lou_payout == "A":
            vals = [t * share - (fee if t == 0 else 0) for t in range(4)]
        elif r.lou_payout == "B":
            vals = [float(pot) if t >= 2 else -fee for t in range(4)]
        else:
            vals = [float(pot) if t >= 2 else (0.0 if t == 1 else -fee) for t in range(4)]
        return Payoff(tuple(float(v) for v in vals), share, match, f"lou-{r.lou_payout}")
    k = r.hand_size
    if defending is None:
        defending = view.defended and seat == view.dealer
    if defending:
        # A defended Miss neither wins nor loses; what it takes stays in the pool, which every seat may later
        # win. So tricks are still worth something, just less.
        return Payoff(tuple(0.5 * t * share for t in range(k + 1)), share, 0, "defend")
    loo = 0 if (r.pam_holder_not_looed and holds_pam) else stakes.loo
    vals = [t * share - (loo * loo_weight if t == 0 else 0) for t in range(k + 1)]
    return Payoff(tuple(float(v) for v in vals), share, loo, "loo")
