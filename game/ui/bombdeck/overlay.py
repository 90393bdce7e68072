"""A layer over the bomb-deck table (the first game that teaches, ``tutorial.py``): it sees the
table's input first, may hold the table's clock (the machines and the reaction window wait
while it talks), may refuse a person's action, and draws over the table and over the modals
the table opens. The table calls it at these points only; with no layer the table is as it was.
"""

from __future__ import annotations

import pygame

from game.rules.bombdeck.actions import Action


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
        """While ``True`` the table neither paces the machines and the window nor opens its
        modals (the picker)."""
        return False

    def allows(self, action: Action) -> bool:
        """Whether the person's ``action`` may go to the match now."""
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Over the table and whatever modal it opened."""
