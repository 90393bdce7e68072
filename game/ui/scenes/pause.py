"""The pause menu over a game: resume, settings, rules, quit to title.

It returns a :class:`PauseResult` to whoever pushed it (the table): ``RESUME`` (also Esc), or
``QUIT`` just before the app goes back to the title (the table's ``on_exit`` autosaves).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

import pygame

from game.ui import gfx, theme
from game.ui.scenes.base import ModalScene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App


class PauseResult(Enum):
    RESUME = "resume"
    QUIT = "quit"


class PauseScene(ModalScene[PauseResult]):
    panel_size = (520, 470)

    def __init__(self, app: App, ruleset: str | None = None,
                 people: Callable[[], None] | None = None) -> None:
        """``ruleset``: the game being played, so "Rules" opens on its page; ``people``: a
        table this computer hosts opens its "People at the table" (one more button)."""
        self.ruleset = ruleset
        self.people = people
        if people is not None:
            self.panel_size = (520, 470 + 78)
        super().__init__(app)

    def build(self) -> None:
        p = self.panel
        w, h, gap = 400, 62, 16
        x = p.centerx - w // 2
        y = p.top + 112
        self.resume = Button((x, y, w, h), self.tr("pause.resume"), self._resume,
                             style="primary", shortcut_label=self.tr("key.esc"))
        self.settings = Button((x, y + (h + gap), w, h), self.tr("pause.settings"),
                               self._settings)
        self.rules = Button((x, y + 2 * (h + gap), w, h), self.tr("pause.rules"), self._rules)
        buttons = [self.resume, self.settings, self.rules]
        if self.people is not None:
            self.people_button = Button((x, y + 3 * (h + gap), w, h), self.tr("pause.people"),
                                        self.people)
            buttons.append(self.people_button)
        self.quit = Button((x, y + len(buttons) * (h + gap), w, h), self.tr("pause.quit"),
                           self._quit, style="danger")
        for b in (*buttons, self.quit):
            self.form.add(b)

    def _resume(self) -> None:
        self.finish(PauseResult.RESUME)

    def on_escape(self) -> None:
        self._resume()

    def _settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.push(SettingsScene(self.app))

    def _rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.push(RulesScene(self.app, self.ruleset))

    def _quit(self) -> None:
        self.finish(PauseResult.QUIT)
        self.app.to_title()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.heading(surface, self.t("pause.title"))
        gfx.line(surface, theme.PANEL_EDGE, (self.panel.left + 40, self.panel.top + 88),
                         (self.panel.right - 40, self.panel.top + 88), 2)
        self.form.draw(surface)
