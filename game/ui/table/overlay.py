"""A layer over a game's table (a first game that teaches): it sees the table's input first,
may hold the table's clock (the machines wait while it talks), may refuse a person's action,
and draws over the table and over whatever the table opened. A table calls it at these points
only; with no layer the table is as it was.

The action is left open (``object``): every game's table carries the same layer, and a
game's lesson (on ``game.ui.table.lesson``) says which of its actions it lets through.
"""

from __future__ import annotations

import pygame


class TableOverlay:
    """Does nothing: a layer overrides what it needs."""

    def handle(self, event: pygame.event.Event) -> bool:
        """An input event before the table's; ``True`` when the layer used it."""
        return False

    def escape(self) -> bool:
        """Esc at the table; ``True`` when the layer used it (the pause menu does not open)."""
        return False

    def update(self, dt: float) -> None:
        """After the table's frame."""

    def holds(self) -> bool:
        """While ``True`` the table does not pace its machines (nor its own timed waits, nor a
        reaction window, nor open its modals): the person reads."""
        return False

    def allows(self, action: object) -> bool:
        """Whether the person's ``action`` may go to the match now."""
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Over the table and whatever it drew on top of itself (its modals too)."""
