"""Who a table is drawn for, the same rule for every game: the *home* seat is the person the
screen belongs to now, and their secrets (hand, stands, sealed bid) are drawn only while that
person is the one looking (the curtain is up for them). A privacy rule in one place, so no
game's table can get it subtly different.

Every table looks from home, so this mixin also brings :class:`~game.ui.table.stillness.
SaysWhenStill`: when the table's picture may change with nobody touching it, and when a press
was meant for a moment that has just gone (the same rule for every game's table)."""

from __future__ import annotations

from typing import Any, Protocol

from game.match.autosave import Seen
from game.match.flow import TableFlow
from game.match.match import Match
from game.ui.table.stillness import SaysWhenStill


class Tells(Protocol):
    """A table's story: it turns events into motion."""

    def tell(self, event: Any) -> None: ...


class LooksFromHome(SaysWhenStill):
    """A mixin for a table scene; it reads the scene's flow, match and home seat."""

    flow: TableFlow
    match: Match
    home: int
    story: Tells
    _told: int

    def _pick_home(self, resume: Seen | None = None) -> int:
        """The seat the table is drawn for: as it was saved (a resumed game looks the same),
        else whoever is looking or is next behind the curtain, else the first person."""
        flow = self.flow
        if resume is not None and resume.home is not None \
                and flow.viewer in (None, resume.home):
            return resume.home
        for seat in (flow.viewer, flow.curtain_for):
            if seat is not None:
                return seat
        return self.match.people[0] if self.match.people else 0

    @property
    def private_ok(self) -> bool:
        """Whether the home seat's own secrets may be drawn now."""
        return self.flow.show_private and self.flow.viewer == self.home

    def _tell(self) -> None:
        """Turn every new event of the feed into motion, as the shown person may see it (the
        home seat's own while it is looking, the public feed otherwise)."""
        viewer = self.home if self.private_ok else None
        for item in self.match.feed_for(viewer, self._told):
            self.story.tell(item.event)
        self._told = self.match.feed_size
