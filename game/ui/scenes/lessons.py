"""How to play: every game of the collection on one page, each with its first game that teaches
(a lesson over a real table, where the game has one) and its rules page.

A newcomer arrives here from the title's "How to play" not knowing the games' names: each row
says in one line what the game is, and the lesson is the row's first button. Keys: ↑/↓ (or
Tab) move between the buttons, Enter takes the focused one, 1–5 start that row's lesson (its
rules where it has none), Esc goes back. A lesson opens over the title (the ``lesson`` hook
closes this page and asks first about an unfinished game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui import fonts, theme
from game.ui.draw import round_rect
from game.ui.registry import lesson_for, on_screen
from game.ui.scenes.base import FormScene
from game.ui.tabs import draw_title
from game.ui.text import draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

TOP = 70
ROW_H = 104
ROW_GAP = 8
ROW_X = 60
ROW_W = 1160
BUTTON_W = 262
BUTTON_H = 52


class LessonsScene(FormScene[None]):
    """One row per game on screen: its name and blurb, "Play the lesson", "Rules"."""

    def __init__(self, app: App, games: tuple[str, ...] | None = None) -> None:
        self.games = games if games is not None else on_screen()
        self.lesson_buttons: dict[str, Button] = {}
        self.rules_buttons: dict[str, Button] = {}
        super().__init__(app)

    @staticmethod
    def stacked() -> bool:
        """At a big text size two lines of blurb beside the buttons no longer fit a row:
        the name then shares the top line with the buttons and the blurb has the row's
        whole width on a line under them (the five rows still fit the page)."""
        return fonts.get(theme.TEXT_BODY).get_linesize() > 33

    @staticmethod
    def row_height() -> int:
        """:data:`ROW_H`, or in the stacked layout the buttons' line and the blurb's."""
        if not LessonsScene.stacked():
            return ROW_H
        return 8 + max(BUTTON_H, fonts.get(theme.TEXT_LARGE, True).get_linesize()) + 2 \
            + fonts.get(theme.TEXT_BODY).get_linesize() + 8

    def row(self, index: int) -> pygame.Rect:
        if self.stacked():
            h = self.row_height()
            return pygame.Rect(ROW_X, TOP + index * (h + ROW_GAP - 2), ROW_W, h)
        return pygame.Rect(ROW_X, TOP + index * (ROW_H + ROW_GAP), ROW_W, ROW_H)

    def build(self) -> None:
        self.lesson_buttons.clear()
        self.rules_buttons.clear()
        stacked = self.stacked()
        for index, game in enumerate(self.games):
            row = self.row(index)
            y = row.top + 8 if stacked else row.centery - BUTTON_H // 2
            has_lesson = lesson_for(game) is not None
            rules = Button((0, y, BUTTON_W, BUTTON_H), self.tr("lessons.rules"),
                           self._rules(game),
                           shortcut=None if has_lesson else pygame.K_1 + index,
                           shortcut_label=None if has_lesson else str(index + 1))
            # each as wide as its label needs at a big text size (262 at least)
            rules.rect.width = max(BUTTON_W, rules.needed_width()) if stacked else BUTTON_W
            rules.rect.right = row.right - 20
            if has_lesson:
                lesson = Button((0, y, BUTTON_W, BUTTON_H), self.tr("lessons.lesson"),
                                self._start(game), style="primary",
                                shortcut=pygame.K_1 + index, shortcut_label=str(index + 1))
                lesson.rect.width = max(BUTTON_W, lesson.needed_width()) if stacked \
                    else BUTTON_W
                lesson.rect.right = rules.rect.left - 16
                self.lesson_buttons[game] = lesson
                self.form.add(lesson)
            self.rules_buttons[game] = rules
            self.form.add(rules)
        self.back = Button((theme.SCREEN_W // 2 - 160, 640, 320, 56), self.tr("common.back"),
                           self.finish, style="ghost", shortcut_label=self.tr("key.esc"))
        self.form.add(self.back)

    def _start(self, game: str) -> Callable[[], None]:
        def start() -> None:
            if self.app.hooks.lesson is not None:
                self.app.hooks.lesson(game)
        return start

    def _rules(self, game: str) -> Callable[[], None]:
        def rules() -> None:
            from game.ui.scenes.rules import RulesScene

            self.push(RulesScene(self.app, game, lessons=True))
        return rules

    def update(self, dt: float) -> None:
        for button in self.lesson_buttons.values():
            button.enabled = self.app.hooks.lesson is not None
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_title(surface, self.t("lessons.title"))
        for index, game in enumerate(self.games):
            row = self.row(index)
            round_rect(surface, row, theme.PANEL, 18, 215)
            round_rect(surface, row, theme.PANEL_EDGE, 18, 255, 2)
            if self.stacked():
                self._draw_stacked(surface, game, row)
                continue
            # the text stops where a lesson button would start, so every row reads alike
            width = self.rules_buttons[game].rect.left - BUTTON_W - 16 - row.left - 44
            draw_text(surface, self.t(f"game.{game}.name"), (row.left + 24, row.top + 10),
                      theme.TEXT_LARGE, theme.ACCENT, bold=True, max_width=width)
            lines = wrap_text(self.t(f"game.{game}.blurb"), theme.TEXT_BODY, width)[:2]
            for n, line in enumerate(lines):
                draw_text(surface, line, (row.left + 24, row.top + 48 + n * 26),
                          theme.TEXT_BODY, theme.INK_DIM)
        self.form.draw(surface)

    def _draw_stacked(self, surface: pygame.Surface, game: str, row: pygame.Rect) -> None:
        """A row at a big text size: the name left of the buttons, the blurb under both."""
        rules = self.rules_buttons[game]
        lesson = self.lesson_buttons.get(game)
        # the name stops where a lesson button starts (or would), so every row reads alike
        left_most = min(b.rect.left for b in (*self.lesson_buttons.values(), rules))
        draw_text(surface, self.t(f"game.{game}.name"), (row.left + 24, rules.rect.centery),
                  theme.TEXT_LARGE, theme.ACCENT, bold=True, anchor="midleft",
                  max_width=(lesson.rect.left if lesson else left_most) - row.left - 34)
        draw_text(surface, self.t(f"game.{game}.blurb"), (row.left + 24, rules.rect.bottom + 2),
                  theme.TEXT_BODY, theme.INK_DIM, max_width=row.width - 48)
