"""Where everything sits on the 1280×720 Die Bombe table (LOOK.md: the two face-up cards are
the heroes of the middle; every seat's won cards sit in two rows, red and green).

Seats are panels down the two sides (the first half on the left, the rest on the right, in
seat order, so a seat never moves while the game goes on), level with each other; with an odd
number of seats the right side's last slot holds the table's news. The middle column holds
the round, the deck and the cards set aside at the top, the two face-up cards, the banner,
and below them what the person decides now (the bid, or the recent bids while nobody types).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import fonts, theme
from game.ui.diebombe.marks import CHIP_SIZE, FACE_SIZE

MARGIN = 12
PANEL_W = 324
PANEL_H = 196
PANEL_GAP = 10
LEFT_X = MARGIN
RIGHT_X = theme.SCREEN_W - MARGIN - PANEL_W
MIDDLE = pygame.Rect(LEFT_X + PANEL_W + 16, 0, RIGHT_X - LEFT_X - PANEL_W - 32, theme.SCREEN_H)
"""The middle column between the two sides."""
CENTRE_X = theme.SCREEN_W // 2

NAME_H = 32
SUB_H = 24
ROW_TOP = NAME_H + SUB_H + 12
ROW_H = CHIP_SIZE[1]
ROW_GAP = 8
LABEL_W = 56
"""A row's label (the pile): its mark and the colour's letter side by side, "Vm" unsquashed
(issue 20); the chips' room right of it still gives every row length the chips it had."""
CHIP_STEP = CHIP_SIZE[0] + 3
CHIP_ROOM = PANEL_W - 20 - LABEL_W - 8
"""The width a row's chips share, right of the row's label."""
ONE_LINE_MOST = 7
"""Up to this many cards a row keeps one line of full-height chips, narrower as it fills
(never overlapping: a value half covered by the next chip reads as one long number)."""
LINE_GAP = 4
TILE_H = (CHIP_SIZE[1] - LINE_GAP) // 2
"""More cards than ``ONE_LINE_MOST``: two lines of half-height tiles, so that 15 cards of a
colour (more than a game holds) still show every value whole at 18 px."""
BUBBLE_R = 30
"""A revealed bid's bubble beside its seat."""
BUBBLE_GROW = 0.45
"""The highest bid's bubble grows by this share of its size (the second's by less)."""
SECOND_GROW = 0.15
"""The second bid's bubble grows by this share (it takes the other card free)."""
BUBBLE_MOST = round(BUBBLE_R * (1 + BUBBLE_GROW))
"""The largest a bubble grows (its glow rings go some 9 px further)."""
BUBBLE_OFF = BUBBLE_MOST + 11
"""From a seat's panel edge to its bubble's centre: the largest bubble and its rings stay
off the panel (a grown bubble stood over the chips' rows)."""
CAPTION_W = 2 * (BUBBLE_OFF - 4)
"""The widest caption under a bubble ("2.ª gratis"): centred under it, it still ends short
of the panel (a wider one covered the rows of a seat on the right, issue of review 3)."""
CAPTION_H = 24

FACE_W, FACE_H = FACE_SIZE
FACE_TOP = 104
FACE_GAP = 36
BANNER_Y = FACE_TOP + FACE_H + 10
LOWER = pygame.Rect(MIDDLE.left, 420, MIDDLE.width, theme.SCREEN_H - 420 - MARGIN)
"""Below the banner: the bid entry, the take or bomb hint, the recent bids, the scoring."""

DECK = pygame.Rect(MIDDLE.left + 4, 12, 44, 62)
SET_ASIDE = pygame.Rect(MIDDLE.right - 48, 12, 44, 62)
"""The small piles in the top corners of the middle: still to come, and out of the game."""
CODE_POS = (MARGIN, theme.SCREEN_H - 4)
"""The game code, when the player typed it: under the left seats, clear of the bid entry."""


def head_grow() -> int:
    """How much taller a seat's header (its name, then its "Paid · Bids" line) stands at a
    bigger text size than at 100 % (0 there): the panel grows by as much, its rows move
    down with it (the name and the line under it crossed at 125 %)."""
    return fonts.grown(theme.TEXT_BODY) + fonts.grown(theme.TEXT_MIN)


def panel_h() -> int:
    """A seat's panel's height: ``PANEL_H`` with its header grown (:func:`head_grow`)."""
    return PANEL_H + head_grow()


def row_top() -> int:
    """From a panel's top to its red row: ``ROW_TOP`` with the header grown."""
    return ROW_TOP + head_grow()


def label_w() -> int:
    """A row's label's width: ``LABEL_W``, wider at a bigger text size (its letter, "Vm",
    grows with it)."""
    return LABEL_W + fonts.grown(theme.TEXT_MIN) * 2


def chip_room() -> int:
    """``CHIP_ROOM`` less what the label grew by."""
    return CHIP_ROOM - (label_w() - LABEL_W)


def faceup_rect(index: int, count: int) -> pygame.Rect:
    """The ``index``-th of ``count`` face-up cards (one card sits in the middle)."""
    rect = pygame.Rect(0, FACE_TOP, FACE_W, FACE_H)
    if count <= 1:
        rect.centerx = CENTRE_X
    else:
        rect.right = CENTRE_X - FACE_GAP // 2 if index == 0 else rect.right
        if index != 0:
            rect.left = CENTRE_X + FACE_GAP // 2
    return rect


def chip_slots(count: int) -> tuple[int, int, tuple[int, int]]:
    """(chips per line, step, chip size) of a row holding ``count`` cards: full chips up to
    five; narrower full-height chips up to ``ONE_LINE_MOST``; then two lines of tiles."""
    if count <= 5:
        return max(1, count), CHIP_STEP, CHIP_SIZE
    if count <= ONE_LINE_MOST:
        step = chip_room() // count
        return count, step, (min(CHIP_SIZE[0], step - 2), CHIP_SIZE[1])
    per_line = math.ceil(count / 2)
    step = min(CHIP_STEP, chip_room() // per_line)
    return per_line, step, (min(CHIP_SIZE[0], step - 2), TILE_H)


def point(rect: pygame.Rect) -> tuple[float, float]:
    return (float(rect.centerx), float(rect.centery))


TOP_ROW_BELOW = 100
"""A seat panel starting above this is in the first row, beside the piles' lines."""


@dataclass(frozen=True)
class TableLayout:
    seats: int

    @property
    def left_count(self) -> int:
        return (self.seats + 1) // 2

    def on_left(self, seat: int) -> bool:
        return seat < self.left_count

    def _slot(self, left: bool, k: int) -> pygame.Rect:
        """The ``k``-th box from the top of a side. Both sides have as many slots as the
        left has seats, so their boxes stand level, face to face."""
        count = self.left_count
        height = panel_h()
        total = count * height + (count - 1) * PANEL_GAP
        top = max(MARGIN, (theme.SCREEN_H - total) // 2 - 12)
        return pygame.Rect(LEFT_X if left else RIGHT_X, top + k * (height + PANEL_GAP),
                           PANEL_W, height)

    def panel(self, seat: int) -> pygame.Rect:
        left = self.on_left(seat)
        return self._slot(left, seat if left else seat - self.left_count)

    @property
    def spare(self) -> pygame.Rect | None:
        """With an odd number of seats, the right side's last slot (a seat short of the
        left): the news of the table sits there, so the two sides balance (three seats
        bunched two on the left and one on the right looked lopsided)."""
        if self.seats % 2 == 0:
            return None
        return self._slot(False, self.left_count - 1)

    def panels(self) -> dict[int, pygame.Rect]:
        return {seat: self.panel(seat) for seat in range(self.seats)}

    def row(self, seat: int, color_index: int) -> pygame.Rect:
        """The red (0) or green (1) row of a seat: its label and its chips."""
        panel = self.panel(seat)
        top = panel.top + row_top() + color_index * (ROW_H + ROW_GAP)
        return pygame.Rect(panel.left + 10, top, panel.width - 20, ROW_H)

    def label_rect(self, seat: int, color_index: int) -> pygame.Rect:
        row = self.row(seat, color_index)
        return pygame.Rect(row.left, row.top, label_w(), ROW_H)

    def chip_step(self, count: int) -> int:
        """How far apart the chips of a row of ``count`` stand (always more than a chip is
        wide: chips never overlap)."""
        return chip_slots(count)[1]

    def chip_rect(self, seat: int, color_index: int, index: int, count: int) -> pygame.Rect:
        """The ``index``-th chip of a row holding ``count`` (``index == count``: where the
        next card will land)."""
        row = self.row(seat, color_index)
        per_line, step, size = chip_slots(max(count, index + 1))
        line, k = divmod(index, per_line)
        return pygame.Rect(row.left + label_w() + 8 + k * step,
                           row.top + line * (TILE_H + LINE_GAP), *size)

    def bubble(self, seat: int) -> tuple[int, int]:
        """The centre of a seat's bid bubble, beside the panel on the middle's side."""
        panel = self.panel(seat)
        x = panel.right + BUBBLE_OFF if self.on_left(seat) else panel.left - BUBBLE_OFF
        if fonts.text_factor == 1.0:
            return (x, panel.centery)
        # a bigger text size: near the panel's top, so a caption of two lines under it
        # ends above the recent bids' board; a panel of the first row keeps its middle (its
        # top is beside the piles' counts and "out of the game": a bubble there covered them)
        if panel.top < TOP_ROW_BELOW:
            return (x, panel.centery)
        return (x, min(panel.centery, panel.top + BUBBLE_MOST + 6))

    def bubble_box(self, seat: int) -> pygame.Rect:
        """All a seat's bubble may cover at its largest: the disc and the caption under it
        (never a panel: see ``BUBBLE_OFF``)."""
        cx, cy = self.bubble(seat)
        box = pygame.Rect(0, 0, CAPTION_W, 2 * BUBBLE_MOST + 4 + CAPTION_H)
        box.midtop = (cx, cy - BUBBLE_MOST)
        return box

    def seat_point(self, seat: int) -> tuple[float, float]:
        return point(self.panel(seat))
