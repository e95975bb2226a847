"""``loo tutorial``: a guided first deal for every preset, its lessons written as data and checked by tests.

``model`` holds the lesson types and the guided deal (no Textual); ``lessons`` the tutorials themselves;
``lanterloo.tui.tutorial`` shows them in the terminal.
"""

from lanterloo.tutorial.lessons import TUTORIALS, find_tutorial
from lanterloo.tutorial.model import Answer, Drill, Guided, GuidedPlay, Position, Read, Step, Tutorial, answer

__all__ = [
    "TUTORIALS",
    "Answer",
    "Drill",
    "Guided",
    "GuidedPlay",
    "Position",
    "Read",
    "Step",
    "Tutorial",
    "answer",
    "find_tutorial",
]
