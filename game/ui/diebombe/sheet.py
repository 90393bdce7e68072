"""The final scoring, line by line: every seat's reds (doubled for the red majority), greens
(doubled for the green majority with the option), minus points and total, shown one column
at a time when the game ends.

``score_lines`` counts exactly as the engine does (``game.rules.diebombe.scoring``): a test
checks every total against the view's scores.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.diebombe import cards as C
from game.rules.diebombe.scoring import color_totals
from game.rules.diebombe.view import DieView
from game.ui import fonts, theme
from game.ui.diebombe import layout as L
from game.ui.diebombe.history import name_lines
from game.ui.diebombe.marks import GOLD, colors, draw_mark, signed
from game.ui.diebombe.names import Namer
from game.ui.draw import round_rect
from game.ui.text import draw_text

COLUMN_SECONDS = 0.6
COLUMNS = 5
"""The names, the reds, the greens, the minus points, the totals."""
SHEET_TOP = 96
INSET = 12
"""The names' column starts this far inside the sheet."""
WIDTHS = (144, 146, 146, 64, 76)
"""The columns: a doubled colour's widest line, "168 ×2 = 336" (every card of the colour),
fits its column at 18 px with room to spare before the next one; the machines' names
("Despiadado 6", "Impiedoso 6") fit theirs on one line (a wrapped "Despiadado" over "3"
read as two seats); only a longer name chosen by a player takes two lines."""
NAME_GAP = 16
"""A name ends at least this far before the reds' column ("Despiadado 6 23" read as one):
the names are in the regular weight, which gives them that room."""
SIDE = 10
"""The sheet reaches this far past the middle on each side (still clear of the seats'
panels) to give the names their room."""
NAME_STEP = 20
ROW_STEP = 50


@dataclass(frozen=True)
class ScoreLine:
    seat: int
    red_cards: int
    red_sum: int
    red_doubled: bool
    green_cards: int
    green_sum: int
    green_doubled: bool
    minus: int

    @property
    def red_points(self) -> int:
        return self.red_sum * (2 if self.red_doubled else 1)

    @property
    def green_points(self) -> int:
        return self.green_sum * (2 if self.green_doubled else 1)

    @property
    def total(self) -> int:
        return self.red_points + self.green_points - self.minus


def score_lines(view: DieView) -> list[ScoreLine]:
    """Every seat's line as if the game ended now. A majority doubles only cards held: with
    no red anywhere nothing doubles."""
    totals = [color_totals(cards) for cards in view.won]
    most_red = max((t[0] for t in totals), default=0)
    most_green = max((t[2] for t in totals), default=0)
    return [ScoreLine(seat, reds, red_sum, reds > 0 and reds == most_red, greens, green_sum,
                      view.green_doubles and greens > 0 and greens == most_green,
                      view.minus[seat])
            for seat, (reds, red_sum, greens, green_sum) in enumerate(totals)]


def majority(view: DieView, color: str) -> set[int]:
    """The seats holding the most cards of ``color`` (none while nobody holds one)."""
    index = 0 if color == C.RED else 2
    counts = [color_totals(cards)[index] for cards in view.won]
    top = max(counts, default=0)
    return {seat for seat, n in enumerate(counts) if n == top and top > 0}


class ScoreSheet:
    """The sheet on screen: how far it has got (``clock``)."""

    def __init__(self) -> None:
        self.clock = 0.0

    @property
    def columns(self) -> int:
        return min(COLUMNS, 1 + int(self.clock / COLUMN_SECONDS))

    @property
    def done(self) -> bool:
        return self.clock >= COLUMNS * COLUMN_SECONDS

    def finish(self) -> None:
        self.clock = max(self.clock, COLUMNS * COLUMN_SECONDS)

    def update(self, dt: float) -> bool:
        """Advance; ``True`` when a new column has just appeared (a tick)."""
        before = self.columns
        self.clock += dt
        return self.columns != before

    def draw(self, surface: pygame.Surface, view: DieView, namer: Namer,
             places: tuple[int | None, ...]) -> None:
        sheet = sheet_rect(view.seats)
        round_rect(surface, sheet.move(0, 5), theme.SHADE, 20, 110)
        round_rect(surface, sheet, theme.BG_DEEP, 20, 238)
        round_rect(surface, sheet, GOLD, 20, 255, 3)
        draw_text(surface, namer.t("diebombe.sheet.title"), (sheet.centerx, sheet.top + 12),
                  theme.TEXT_LARGE, GOLD, bold=True, anchor="midtop",
                  max_width=sheet.width - 40)
        lines = score_lines(view)
        xs = [sheet.left + INSET]
        for width in WIDTHS[:-1]:
            xs.append(xs[-1] + width)
        top = sheet.top + 56
        heads = ("", namer.t("diebombe.sheet.reds"), namer.t("diebombe.sheet.greens"),
                 namer.t("diebombe.sheet.minus"), namer.t("diebombe.sheet.total"))
        for column, (x, head) in enumerate(zip(xs, heads, strict=True)):
            if column >= self.columns or not head:
                continue
            if column in (1, 2):
                color = C.COLORS[column - 1]
                body, dark, _light = colors(color)
                draw_mark(surface, color, (x + 8, top + 12), 9, body, dark)
                draw_text(surface, head, (x + 22, top + 12),
                          theme.TEXT_MIN, theme.INK_DIM, bold=True, anchor="midleft",
                          max_width=WIDTHS[column] - 26)
            else:
                draw_text(surface, head, (x, top + 12), theme.TEXT_MIN, theme.INK_DIM,
                          bold=True, anchor="midleft", max_width=WIDTHS[column] - 6)
        step = ROW_STEP
        y = top + 32
        for line in lines:
            row = pygame.Rect(sheet.left + 8, y, sheet.width - 16, step - 6)
            winner = self.done and places[line.seat] == 1
            round_rect(surface, row, theme.mix(theme.PANEL, GOLD, 0.25) if winner
                       else theme.PANEL, 10)
            middle = row.centery
            name = name_lines(namer.seat(line.seat), WIDTHS[0] - NAME_GAP)
            for k, part in enumerate(name):
                draw_text(surface, part,
                          (xs[0], middle + (k - (len(name) - 1) / 2) * NAME_STEP),
                          theme.TEXT_MIN, GOLD if winner else theme.INK,
                          anchor="midleft", max_width=WIDTHS[0] - NAME_GAP)
            if self.columns > 1:
                _points(surface, (xs[1], middle), line.red_sum, line.red_doubled,
                        line.red_points, WIDTHS[1])
            if self.columns > 2:
                _points(surface, (xs[2], middle), line.green_sum, line.green_doubled,
                        line.green_points, WIDTHS[2])
            if self.columns > 3:
                draw_text(surface, signed(-line.minus), (xs[3], middle), theme.TEXT_SMALL,
                          (255, 150, 130), bold=True, anchor="midleft")
            if self.columns > 4:
                # the total keeps its size (a big figure, far above the floor at any text
                # size): grown, "−61" ran into the "−118" paid beside it
                draw_text(surface, signed(line.total), (xs[4] + WIDTHS[4] - 4, middle),
                          max(theme.TEXT_MIN, fonts.unscaled(theme.TEXT_LARGE)),
                          GOLD if winner else theme.INK, bold=True,
                          anchor="midright", max_width=WIDTHS[4])
            y += step
        if self.columns > 2 and any(line.red_doubled or line.green_doubled for line in lines):
            # why a column doubles (a one-card majority swings the game: say so)
            draw_text(surface, namer.t("diebombe.sheet.doubled"), (sheet.centerx, y + 2),
                      theme.TEXT_MIN, GOLD, anchor="midtop", max_width=sheet.width - 32)


DOUBLED_H = 26
"""The sheet's last line: why a colour doubles."""


def sheet_rect(seats: int) -> pygame.Rect:
    """The sheet over the middle, as tall as its lines need."""
    return pygame.Rect(L.MIDDLE.left - SIDE, SHEET_TOP, L.MIDDLE.width + 2 * SIDE,
                       56 + 32 + seats * ROW_STEP + 10 + DOUBLED_H)


def _points(surface: pygame.Surface, at: tuple[int, int], total: int, doubled: bool,
            points: int, width: int) -> pygame.Rect:
    """"58" or "58 ×2 = 116" (the doubling in gold); the rect it covered."""
    x, y = at
    if not doubled:
        return draw_text(surface, str(total), (x, y), theme.TEXT_SMALL, theme.INK, bold=True,
                         anchor="midleft", max_width=width - 8)
    first = draw_text(surface, f"{total} ×2", (x, y), theme.TEXT_MIN, GOLD, bold=True,
                      anchor="midleft")
    second = draw_text(surface, f"= {points}", (first.right + 5, y), theme.TEXT_MIN, theme.INK,
                       bold=True, anchor="midleft",
                       max_width=max(20, x + width - first.right - 8))
    return first.union(second)
