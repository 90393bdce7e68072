"""Esc at a table opens the pause menu, and the menu's closing re-reads the machines' pace
(the settings may have changed it): the same for every table that has nothing of its own to
close first."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.match.flow import INSTANT, Pace, TableFlow
from game.match.match import Match

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene


class PausesTheGame:
    """A mixin for a table scene; it reads the scene's app, match and flow and sets its pace."""

    app: App
    match: Match
    flow: TableFlow
    pace: Pace

    if TYPE_CHECKING:
        def push(self, scene: Scene[Any], on_result: Callable[[Any], None] | None = None
                 ) -> None: ...  # the scene's own

    def on_escape(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.push(PauseScene(self.app, self.match.config.game))

    def on_result(self, result: object) -> None:
        """The pause menu closed: the settings may have changed the machines' pace."""
        settings = self.app.settings
        self.pace = Pace.for_speed(settings.machine_speed, settings.reaction_seconds)
        if self.flow.pace is not INSTANT:
            self.flow.pace = self.pace
