"""Saving, exporting and quitting in the terminal game: the dialogs' flow on top of the table (``Board``).

A save goes to the session's own file in the saves folder (``savefiles``); a file holding anything else is
replaced only when the player says so. Saving or exporting from a deal's summary comes back to that summary: only
"next deal" deals. Quitting asks first only when something would be lost that the last save does not hold.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from pathlib import Path

from rich.console import RenderableType
from textual.screen import ModalScreen

from lanterloo.errors import LooError
from lanterloo.tui import savefiles
from lanterloo.tui.board import Board
from lanterloo.tui.relaunch import loo_command
from lanterloo.tui.save import SaveError
from lanterloo.tui.screens import PathScreen, QuitScreen, ReplaceScreen


def resume_hint(path: Path | None = None) -> str:
    """How to carry on with a save: ``loo play --resume`` (the list of saves), naming the file when it is not in
    the saves folder. ``loo`` is the running script by its full path when the PATH does not find it (after
    ``make play``), so the command works as printed."""
    command = f"{loo_command()} play --resume"
    if path is None or path.parent == savefiles.saves_dir():
        return command
    return f"{command} {shlex.quote(str(path))}"


class Saving(Board):
    """The save, export and quit actions of ``LooApp``; the summaries they come back to are the app's own."""

    def _open_summary(self, note: RenderableType | None = None) -> None:
        raise NotImplementedError

    def _show_final(self, note: RenderableType | None = None) -> None:
        raise NotImplementedError

    def _playing(self) -> bool:
        """Game keys act only on the table, not under a dialog."""
        return not isinstance(self.screen, ModalScreen)

    def _back_to_summary(self) -> None:
        """Show the summary (or the final standings) again, with what the dialog just did."""
        if self._summary_open:
            return
        kind, message = self.feedback
        note = message if kind in ("info", "error") else None
        if self.game.over and self.game.deal is None:
            self._show_final(note)
        else:
            self._open_summary(note)

    def _mark_finished(self) -> str | None:
        """The session is over: if it has a save of its own, write it once more, so it says the session is over
        (the list of saves marks it finished) rather than offering a game with nothing left to play."""
        g = self.game
        path = Path(self.save_path) if self.save_path else None
        if path is None or savefiles.session_of(path) != g.settings.session_id:
            return None
        try:
            savefiles.write(g, path)
        except (OSError, LooError) as e:
            return f"Could not mark the save {path.name} finished: {_why(e)}."
        return f"Its save {path.name} is marked finished."

    # --- saving, exporting, quitting ---------------------------------------------------------------------

    def action_save(self) -> None:
        if self._playing():
            self._ask_save()

    def _ask_save(self, after: Callable[[bool], None] | None = None) -> None:
        """Ask for the save's name (the session's own file by default) and save; ``after(saved)`` follows."""
        finish = after or (lambda _saved: None)
        folder = savefiles.saves_dir()
        default = Path(self.save_path) if self.save_path else savefiles.default_path(self.game)
        # anywhere but the saves folder, the whole path: a bare name typed back would go into the saves folder
        shown = default.name if default.parent == folder else os.path.abspath(default)
        self.say("", "")

        def chosen(answer: str | None) -> None:
            if not answer:
                finish(False)
                return
            try:
                path = savefiles.resolve(answer)
            except SaveError as e:
                self.say("error", str(e))
                finish(False)
                return
            self._save_to(path, finish)

        self.push_screen(PathScreen(f"Save the game as (a plain name goes in {folder}):", shown), chosen)

    def _save_to(self, path: Path, finish: Callable[[bool], None]) -> None:
        """Save, but ask before replacing a file that holds anything other than this session's own game."""
        if not savefiles.exists(path) or savefiles.session_of(path) == self.game.settings.session_id:
            finish(self._write(path))
            return
        info = savefiles.describe(path)
        if info.problem is None:
            what = (
                f"{path.name} holds another game: {info.title}, {info.players} players, {info.state}, "
                f"saved {info.date}. Replacing it loses that game."
            )
        else:
            what = f"{path} is not a save of this game ({info.problem}) Replacing it loses what it holds."

        def answered(replace: bool | None) -> None:
            if replace:
                finish(self._write(path))
            else:
                self._ask_save(finish)  # another name, or Esc to give up

        self.push_screen(ReplaceScreen(what), answered)

    def _write(self, path: Path) -> bool:
        try:
            savefiles.write(self.game, path)
        except (OSError, LooError) as e:
            self.say("error", f"Could not save to {path}: {_why(e)}.")
            return False
        self.save_path = str(path)
        self.say("info", f"Saved to {path.name}. To carry on later: {resume_hint(path)}")
        return True

    def action_export(self) -> None:
        if self._playing():
            self._ask_export()

    def _ask_export(self, then: Callable[[], None] | None = None) -> None:
        self.say("", "")

        def write(path: str) -> None:
            try:
                n = self.game.export_history(path)
            except OSError as e:
                self.say("error", f"Could not write {path}: {_why(e)}.")
            else:
                self.export_path = path
                self.exported.add(os.path.abspath(path))
                self.say("info", f"Wrote {n} finished deal{'s' if n != 1 else ''} to {path} (JSON Lines hand history).")
            if then is not None:
                then()

        def done(path: str | None) -> None:
            if not path:
                if then is not None:
                    then()
                return
            # this game's own export is rewritten with every deal it has finished; anything else is asked about
            if not os.path.lexists(path) or os.path.abspath(path) in self.exported:
                write(path)
                return

            def answered(replace: bool | None) -> None:
                if replace:
                    write(path)
                else:
                    self._ask_export(then)  # another name, or Esc to give up

            what = f"{path} already exists and was not written by this game. Replacing it loses what it holds."
            self.push_screen(ReplaceScreen(what, title="Replace an existing file?"), answered)

        self.push_screen(PathScreen("Export the hand histories of the finished deals to:", self.export_path), done)

    def action_quit_game(self) -> None:
        if isinstance(self.screen, (PathScreen, QuitScreen, ReplaceScreen)):
            return
        lost = savefiles.unsaved(self.game)
        if not lost:
            self.exit(0)
            return

        def done(choice: str | None) -> None:
            if choice == "quit":
                self.exit(0)
            elif choice == "save":
                self._ask_save(lambda saved: self.exit(0) if saved else self._back_to_table())
            else:
                self._back_to_table()

        self.push_screen(QuitScreen("Unsaved: " + " and ".join(lost) + "."), done)

    def _back_to_table(self) -> None:
        """Keep playing: between deals, that is the summary (or the final standings) again."""
        if self.game.deal is None:
            self._back_to_summary()


def _why(e: Exception) -> str:
    """An error's reason without its final full stop (the sentence around it has one)."""
    reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
    return reason.rstrip(".")
