"""Heuristic bots for every preset: fast rules of thumb that explain themselves.

``make_bot("heuristic")`` (the same as ``balanced``), ``cautious``, ``balanced`` and ``bold`` share one way of
thinking and differ in thresholds (see ``style``): a cautious bot folds more and fears the loo more, a bold one
stands on more hands. A bot sees only its seat's ``View``:

- declaring, exchanging, Lou's In/Out: ``declare`` (expected chips of standing against passing);
- trick play in the pool games: ``trickplay`` (expected chips of each card, with the loo making the first trick
  dear);
- Louse: ``louse`` (expected penalty points now and later).

Every decision carries a short reason. A decision takes about a tenth of a millisecond (docs/bots.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from lanterloo.actions import PASS
from lanterloo.bots.ante import decide_ante
from lanterloo.bots.base import Decision, register
from lanterloo.bots.declare import decide_declare, decide_exchange, prior_activity
from lanterloo.bots.knowledge import Knowledge
from lanterloo.bots.louse import decide_louse
from lanterloo.bots.style import BALANCED, BOLD, CAUTIOUS, Style
from lanterloo.bots.trickplay import decide_trick, forced_reason, play_candidates
from lanterloo.engine import Decl, Phase, View
from lanterloo.errors import LooError

PRIOR_WEIGHT = 10.0  # the prior counts as this many watched declarations


@dataclass(frozen=True)
class Estimate:
    """What the bot expected of the hand it last stood on (for hints, and to check the bot's calibration)."""

    tricks: float  # expected tricks
    loo: float  # chance of taking none (looed in Loo, matching the pot in Lou)
    flush: float = 0.0  # chance of a flush (five-card)


class HeuristicBot:
    """A rule-of-thumb player. It needs no randomness (exact ties go to the lower card): the same views in the
    same order give the same decisions, whatever the seed, which is kept for the common bot interface."""

    def __init__(self, seed: int | None = None, style: Style = BALANCED, name: str | None = None) -> None:
        self.seed = seed
        # How often each seat stood when we watched it declare: the bot learns how loose its table is.
        self._seen: dict[int, int] = {}
        self._stood: dict[int, int] = {}
        self.style = style
        self.name = name or style.name
        #: Set when the bot stands (or takes the Miss); None after a pass.
        self.last_estimate: Estimate | None = None

    def decide(self, view: View) -> Decision:
        if view.seat is None:
            raise LooError("A bot plays a seat: give it that seat's view, not a spectator's.")
        if not view.legal:
            raise LooError("The bot was asked to act, but its seat has no legal action.")
        phase = view.phase
        if phase is Phase.ANTE:  # Lou's dealer sets the ante before any card is dealt (LOU-ANTE-2)
            return decide_ante(view, self.style)
        if phase is Phase.PLAY:
            cands = play_candidates(view.legal)
            if len(cands) == 1:  # a forced card needs no odds, only its explanation
                card, action = next(iter(cands.items()))
                return Decision(action, forced_reason(Knowledge(view, infer=False), card))
        k = Knowledge(view)
        if k.shape.scores_points:  # Louse: penalty points, no declaration
            return decide_louse(k, self.style)
        if phase is Phase.DECLARE:
            self._watch(view)
        activity = self.activity(view)
        k.weigh_strength(activity)
        if phase is Phase.PLAY:
            return decide_trick(k, self.style)
        if phase is Phase.EXCHANGE:
            return decide_exchange(k, self.style, activity)
        decision, value = decide_declare(k, self.style, activity)
        self.last_estimate = None if value is None else Estimate(value.tricks, value.loo, value.flush)
        return decision

    def memory(self) -> tuple[dict[int, int], dict[int, int]]:
        """What the bot has learnt of its table (copies): how often it watched each seat declare, and stand."""
        return dict(self._seen), dict(self._stood)

    # --- watching the other seats ---

    def _watch(self, view: View) -> None:
        """Count how often each seat that declared before us stood. Only the seats before us, and never as the
        dealer: those are seen every deal whatever happens, so the counts are not biased by what we see."""
        seat = view.seat
        if seat == view.dealer or PASS not in view.legal:  # forced deals (Club Law, Bold Stand) show nothing
            return
        for s, d in enumerate(view.declarations):
            if s != seat and d is not None:
                self._seen[s] = self._seen.get(s, 0) + 1
                self._stood[s] = self._stood.get(s, 0) + (d is not Decl.PASS)

    def activity(self, view: View) -> list[float]:
        """How likely each seat is to stand, as the bot judges it now: what it watched, blended with the prior."""
        prior = prior_activity(view)
        return [
            (self._stood.get(s, 0) + PRIOR_WEIGHT * prior) / (self._seen.get(s, 0) + PRIOR_WEIGHT)
            for s in range(view.players)
        ]


class _Maker:
    """A bot factory for one style (a class rather than a closure, so it pickles for process pools)."""

    def __init__(self, style: Style, name: str) -> None:
        self.style = style
        self.name = name

    def __call__(self, seed: int | None = None) -> HeuristicBot:
        return HeuristicBot(seed, self.style, self.name)


for _name, _style in (("heuristic", BALANCED), ("cautious", CAUTIOUS), ("balanced", BALANCED), ("bold", BOLD)):
    register(_name, _Maker(_style, _name))

__all__ = ["Estimate", "HeuristicBot"]
