"""The terminal game, ``loo play``: a Textual table where one person plays a session of any preset against bots.

``main(argv)`` takes the arguments after ``play`` and returns the exit status. The model (``Game``) has no
Textual in it; ``LooApp`` draws it. docs/terminal-game.md describes the keys and the save format.
"""

from __future__ import annotations

from lanterloo.tui.command import UsageError, main, parse
from lanterloo.tui.game import Game, SaveError, Settings, new_settings

__all__ = ["Game", "SaveError", "Settings", "UsageError", "main", "new_settings", "parse"]
