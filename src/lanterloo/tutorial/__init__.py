"""``loo tutorial``: a guided first deal for every preset, its lessons written as data and checked by tests.

``model`` holds the lesson types and the guided deal (no Textual); ``lessons`` (with ``basics`` and the
``lessons_*`` modules) the tutorials themselves, each teaching one idea a step from nothing; ``say`` the sentences
about the rules, made from the rules in force; ``table`` a position in words; ``lanterloo.tui.tutorial`` shows them
in the terminal and ``lanterloo.web.tutorial`` on the web.
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
