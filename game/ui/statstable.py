"""The results' statistics drawn as a compact table: the figures down the left, the seats
across as column heads, at most four seats side by side (five short names still fit; more seats
make two blocks, one under the other, so an eight-seat Bombazo fits its panel at 1280×720),
then the lines about the whole table. Every text at 18 px or more (LOOK.md), larger where the
panel has the room (``SIZES``), and never narrowed past ``text.NARROW``: a seat name that does
not fit its column takes a second line."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import fonts, theme
from game.ui.draw import round_rect
from game.ui.gamestats import Stats
from game.ui.text import NARROW, draw_text, wrap_text

SIZES = (theme.TEXT_BODY, theme.TEXT_SMALL, theme.TEXT_MIN)
"""The text sizes a table is laid out in, largest first: the largest that fits its room."""
LEADING = 6
"""A row is its text size and this much."""
GAP = 10
"""Between two blocks of seats, and before the team lines."""
MOST_SIDE_BY_SIDE = 4
COL_MAX = 170
"""A seat's column at most (two seats in a wide panel: the values stay near their labels)."""
GOLD = (255, 200, 70)
"""A value that stands out (the results' first-place gold)."""


def _width(text: str, size: int, bold: bool = False) -> int:
    return int(fonts.get(size, bold).size(text)[0])


def _fits(text: str, width: int, size: int, bold: bool = False) -> bool:
    return _width(text, size, bold) * NARROW <= width


class StatsTable:
    """Where everything of ``stats`` goes in a box ``width`` wide; ``names``: the seats' names
    (the column heads), ``accents``: the seats drawn in the accent colour (the people)."""

    def __init__(self, stats: Stats, names: Sequence[str], width: int, title: str = "",
                 accents: frozenset[int] = frozenset(), size: int = theme.TEXT_MIN) -> None:
        self.size = size
        self.row_h = size + LEADING
        self.stats = stats
        self.names = list(names)
        self.width = width
        self.title = title
        self.accents = accents
        labels = [row.label for row in stats.rows]
        self.label_w = min(max(_width(label, size) for label in labels) + 16, width * 2 // 5)
        self.title_row = bool(title) and not _fits(title, self.label_w - 8, size, True)
        """A title wider than the labels takes a row of its own (not the seats' room)."""
        seats = max(1, len(self.names))
        side = min(MOST_SIDE_BY_SIDE, seats)
        if seats == MOST_SIDE_BY_SIDE + 1 and all(
                _fits(name, (width - self.label_w) // seats - 4, size, True)
                for name in names):
            side = seats  # five short names: one block, half the height
        blocks = math.ceil(seats / side)
        per = math.ceil(seats / blocks)  # 5 seats: 3 and 2, not 4 and 1
        self.groups = [list(range(start, min(len(self.names), start + per)))
                       for start in range(0, len(self.names), per)]
        self.col_w = min(COL_MAX, (width - self.label_w) // per)
        self.width = self.label_w + per * self.col_w  # two seats: no wide gaps
        self.head_lines = 1 if all(_fits(name, self.col_w - 4, size, True) for name in names) else 2

    @property
    def squeezes(self) -> bool:
        """A label or a value narrowed past ``NARROW`` in its room (a smaller size does not)."""
        rows = self.stats.rows
        return any(not _fits(row.label, self.label_w - 12, self.size) for row in rows) or any(
            not _fits(value, self.col_w - 8, self.size, True) for row in rows
            for value in row.values)

    def height(self) -> int:
        rows = len(self.stats.rows)
        head = self.row_h * self.head_lines
        blocks = (self.row_h * self.title_row + len(self.groups) * (head + rows * self.row_h)
                  + max(0, len(self.groups) - 1) * GAP)
        team = (GAP + len(self.stats.team) * self.row_h) if self.stats.team else 0
        return blocks + team

    def _head(self, name: str) -> list[str]:
        if self.head_lines == 1:
            return [name]
        return wrap_text(name, self.size, int((self.col_w - 4) / NARROW), bold=True)[:2]

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int]) -> pygame.Rect:
        """Draw the table from ``topleft``; the rect it covered."""
        left, top = topleft
        y = top
        shade = theme.mix(theme.PANEL, theme.BG_DEEP, 0.35)
        if self.title_row:
            draw_text(surface, self.title, (left + 4, y + self.row_h // 2), self.size,
                      theme.INK_DIM, bold=True, anchor="midleft", max_width=self.width - 8)
            y += self.row_h
        for number, group in enumerate(self.groups):
            head_h = self.row_h * self.head_lines
            if number == 0 and self.title and not self.title_row:
                draw_text(surface, self.title, (left + 4, y + head_h // 2), self.size,
                          theme.INK_DIM, bold=True, anchor="midleft", max_width=self.label_w - 8)
            for column, seat in enumerate(group):
                cx = left + self.label_w + column * self.col_w + self.col_w // 2
                ink = theme.ACCENT if seat in self.accents else theme.INK
                lines = self._head(self.names[seat])
                line_y = y + head_h // 2 - (len(lines) - 1) * self.row_h // 2
                for line in lines:
                    draw_text(surface, line, (cx, line_y), self.size, ink, bold=True,
                              anchor="center", max_width=self.col_w - 4)
                    line_y += self.row_h
            y += head_h
            for index, row in enumerate(self.stats.rows):
                band = pygame.Rect(left, y, self.width, self.row_h)
                if index % 2 == 0:
                    round_rect(surface, band, shade, 8)
                draw_text(surface, row.label, (left + 8, band.centery), self.size, theme.INK_DIM,
                          anchor="midleft", max_width=self.label_w - 12)
                for column, seat in enumerate(group):
                    cx = left + self.label_w + column * self.col_w + self.col_w // 2
                    marked = seat in row.marked  # bold as well as gold: not colour alone
                    draw_text(surface, row.values[seat], (cx, band.centery), self.size,
                              GOLD if marked else theme.INK, bold=marked, anchor="center",
                              max_width=self.col_w - 8)
                y += self.row_h
            y += GAP
        if not self.stats.team:
            y -= GAP
        else:
            for line in self.stats.team:
                draw_text(surface, line, (left + 8, y + self.row_h // 2), self.size, theme.INK,
                          anchor="midleft", max_width=self.width - 16)
                y += self.row_h
        return pygame.Rect(left, top, self.width, y - top)
