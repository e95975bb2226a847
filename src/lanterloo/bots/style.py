"""The three temperaments of the heuristic bot: the same reasoning with different thresholds."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    name: str
    #: Chips of expected profit a hand must promise before the bot stands, as a fraction of what a trick pays.
    #: Positive is cautious (fold marginal hands), negative is bold (stand on them).
    margin: float
    #: Multiplies every estimated chance of taking a trick (capped at 1): the bot's optimism about its cards.
    optimism: float
    #: Added to the estimated chance that a seat which has not yet declared will stand (more rivals: caution).
    activity: float
    #: Weight of the loo in trick play: how hard the bot tries for its first trick at the expense of later ones.
    loo_fear: float


# Mostly thresholds (margin, loo_fear); the odds themselves are nudged only a little, because a bot that fools
# itself about its chances goes wrong where a loo costs the whole pot (Lou's pots explode).
CAUTIOUS = Style("cautious", margin=0.15, optimism=0.95, activity=0.05, loo_fear=1.2)
BALANCED = Style("balanced", margin=0.0, optimism=1.0, activity=0.0, loo_fear=1.0)
BOLD = Style("bold", margin=-0.15, optimism=1.05, activity=-0.05, loo_fear=0.85)
STYLES = {s.name: s for s in (CAUTIOUS, BALANCED, BOLD)}
