"""The whole log of a game so far, over its table (H, or a click on the log): the table shows
its last few lines, and a line scrolled away was gone for good (review 5: "my own explosion
went by unseen", "my solo cut was gone from the log a moment later"). Newest at the bottom,
as the table's log; it opens on the newest lines.

The lines are the table's own, in the words the viewer may read (the scene gets strings, never
the game): the bomb deck's log, Caza Bombas' news.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.named_text import draw_named_row
from game.ui.scenes.base import ModalScene
from game.ui.text import draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

LINE_H = 30
ENTRY_GAP = 6
PAGE = 8
"""Lines a Page Up or Page Down moves."""
CLOSE_KEYS = frozenset({pygame.K_h})
"""Besides Esc and Enter: the key that opened it closes it."""


class LogScene(ModalScene[None]):
    pauses_below = True
    panel_size = (1000, 640)

    def __init__(self, app: App, title: str, lines: Sequence[str],
                 names: Mapping[str, theme.Color] | None = None) -> None:
        self.title = title
        self.entries = list(lines)
        self.names = dict(names or {})
        """Each seat's name with its colour, as the table's log draws them (none: one colour)."""
        self.rows: list[tuple[str, bool]] = []
        """Every wrapped row, with whether it starts an entry (the gap above it)."""
        self.top = 0
        """The first row shown."""
        super().__init__(app)
        width = self.panel.width - 80
        for entry in self.entries:
            for k, row in enumerate(wrap_text(entry, theme.TEXT_SMALL, width) or [""]):
                self.rows.append((row, k == 0))
        self.top = self.most

    def build(self) -> None:
        p = self.panel
        self.close = Button((p.centerx - 130, p.bottom - 70, 260, 54), self.tr("common.close"),
                            lambda: self.finish(None), shortcut=pygame.K_RETURN,
                            shortcut_label=self.tr("key.enter"))
        self.form.add(self.close)

    @property
    def room(self) -> int:
        """Rows that fit between the heading and the button."""
        return (self.panel.height - 190) // (LINE_H + ENTRY_GAP // 2)

    @property
    def most(self) -> int:
        return max(0, len(self.rows) - self.room)

    def scroll(self, delta: int) -> None:
        self.top = max(0, min(self.most, self.top + delta))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            self.finish(None)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -PAGE,
                     pygame.K_PAGEDOWN: PAGE, pygame.K_HOME: -len(self.rows),
                     pygame.K_END: len(self.rows)}
            if event.key in moves:
                self.scroll(moves[event.key])
                return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        p = self.panel
        self.heading(surface, self.title, p.top + 18)
        left, y = p.left + 40, p.top + 84
        if not self.rows:
            draw_text(surface, self.t("log.empty"), (p.centerx, p.centery), theme.TEXT_BODY,
                      theme.INK_DIM, anchor="center", max_width=p.width - 80)
        last = max((i for i, (_row, starts) in enumerate(self.rows) if starts), default=0)
        shown = self.rows[self.top:self.top + self.room]
        for n, (row, starts) in enumerate(shown):
            if starts and n:
                y += ENTRY_GAP
            newest = self.top + n >= last  # the last entry bright, as on the table
            draw_named_row(surface, row, (left, y), theme.TEXT_SMALL, p.width - 80,
                           theme.INK if newest else theme.INK_DIM, self.names)
            y += LINE_H
        if self.most:
            where = self.t("log.scroll") if self.top < self.most else self.t("log.at_end")
            # beside Close, clear of the heading (it ran into a long title)
            draw_text(surface, where, (p.left + 40, self.close.rect.centery), theme.TEXT_MIN,
                      theme.INK_DIM, anchor="midleft",
                      max_width=self.close.rect.left - p.left - 60)
        self.form.draw(surface)
