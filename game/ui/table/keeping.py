"""What every game's table does to keep the unfinished game: write it after each move (and when
the curtain moves), say once when writing starts failing and once when it works again, write it
a last time on the way out. One place, so no game's table can forget a case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.autosave import Autosaver, Seen
from game.match.flow import TableFlow
from game.match.match import Match
from game.ui.table.notice import Notice

if TYPE_CHECKING:
    SavedKey = tuple[int, int | None, int | None, int]

SAVE_FAILING = "saving.failing"
SAVE_WORKS = "saving.works"


class KeepsTheGame:
    """A mixin for a table scene; it reads the scene's match, flow, home seat and notice."""

    autosaver: Autosaver | None
    match: Match
    flow: TableFlow
    home: int
    notice: Notice
    _saved: SavedKey | None

    def autosave(self, *, force: bool = False) -> None:
        """Write the match when a move was made or the curtain moved since the last write
        (``force``: whatever changed); a finished match clears the file."""
        saver = self.autosaver
        match = self.match
        if saver is None or not match.people or match.moves == 0:
            return  # a table nobody played yet never replaces the unfinished game
        key = (match.moves, self.flow.viewer, self.flow.curtain_for, self.home)
        if key == self._saved and not force:
            return
        self._saved = key  # a failed write is tried again after the next move, not every frame
        was_failing = saver.failing
        saver.save(match, Seen.of(self.flow, self.home))
        if saver.failing != was_failing:
            self.notice.show(SAVE_FAILING if saver.failing else SAVE_WORKS,
                             trouble=saver.failing)

    def on_exit(self) -> None:
        self.autosave(force=True)
