"""The stakes line under the prompt, styled: the words are the engine's (``engine.stakewords``), shared with the web
table; only the colours are the terminal game's own (a label in gold, a gain in green, a cost in red)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from lanterloo.actions import Action
from lanterloo.engine import View, stakewords
from lanterloo.engine.stakewords import Stake, lou_warning

__all__ = ["lou_warning", "queen_note", "stakes_text"]

LABEL = "bold #d7af5f"
GAIN = "#87d75f"
COST = "#ff8787"
TONES = {"": "", "gain": GAIN, "cost": COST, "muted": "dim"}


def styled(items: Sequence[Stake]) -> Text:
    out = Text()
    for item in items:
        if out:
            out.append("  ·  ", style="dim")
        out.append(f"{item.label}: ", style=LABEL)
        out.append(item.text, style=TONES[item.tone])
        out.append(item.more)
    return out


def queen_note(view: View) -> Text | None:
    """Louse: the queen bonuses and what the Q♦ does, while they matter (LOUSE-SCORE-2/3)."""
    note = stakewords.queen_note(view)
    return None if note is None else styled((note,))


def stakes_text(view: View, legal: Sequence[Action], totals: Sequence[int] | None = None) -> Text:
    """The stakes line under the prompt: empty when the deal is over or the human has no part in it."""
    return styled(stakewords.stakes_of(view, legal, totals))
