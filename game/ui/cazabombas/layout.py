"""Where everything sits on the 1280×720 Caza Bombas table.

The stands of the seat on screen (the *home* seat: the one person, or the person whose turn it
is in hot seat) stand along the bottom, big, as racks of upright tiles; the teammates' stands
are racks across the top, two a row, in seat order from the home seat on (clockwise); when they
fit on one row (two or three players) they take the whole upper band, tiles standing tall. The band
between them holds the detonator dial at the left, what the person decides in the middle (the
banner, the action buttons, the values one may name, the latest news) and the board at the
right (the validated numbers, the yellow and red values in play, the equipment).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme

MARGIN = 12
GAP = 12
HEADER = 32
"""A rack's name row."""
FOOTER = 26
"""A roomy rack's bottom row (the home seat's, a tall teammate's): what the table knows of
the stand (how many of its wires are cut, what its seat holds or lacks, its Double Detector),
so the panel carries information instead of an empty band."""
TRAY_PAD = 6
"""The tray in front of a rack's tiles, where the info tokens stand: its height past theirs."""

OTHER_TOP = 6
OTHER_H = 130
OTHER_GAP = 6
OTHER_TILE_H = 60
OTHER_STEP = 50
"""The widest a teammate's tile is spaced."""
TALL_STEP = 60
"""The widest a teammate's tile is spaced on a tall rack."""
TALL_RATIO = 3.0
"""A tall rack's tile: its height for its width (the home seat's two-stand tiles are about
2.9: the same stands, a little smaller)."""
TALL_MOST = 116
"""A tall rack's tiles stay shorter than the home seat's (126): whose is whose stays plain."""

BAND = pygame.Rect(0, OTHER_TOP + 2 * OTHER_H + OTHER_GAP + 6, theme.SCREEN_W, 0)
BAND.height = 488 - BAND.top
"""The middle band, from under the teammates' racks to over the home seat's."""

MINE_TOP = 488
MINE_H = theme.SCREEN_H - MINE_TOP - 6
MINE_TILE_H = 126
MINE_STEP = 82

DIAL_CENTRE = (120, BAND.top + 100)
DIAL_R = 70
DIAL_LABEL_Y = DIAL_CENTRE[1] + DIAL_R + 4
"""The dial's own line ("2 mistakes left"), under it: clear of the home seat's panel and of
the screen's left edge (the review found "0 mistakes left" touching both)."""
DIAL_LABEL_W = 188
"""The dial's line at its widest, centred under the dial: it ends short of the middle."""
DIAL_LABEL_ROOM = 10
"""At least this much between the dial's line and the home seat's panel or the left edge."""
MIDDLE = pygame.Rect(226, BAND.top, 660, BAND.height)
"""The banner, the buttons, the values to name, the news."""
BOARD = pygame.Rect(MIDDLE.right + 12, BAND.top + 2, theme.SCREEN_W - MARGIN - MIDDLE.right - 12,
                    BAND.height - 4)
"""The board: validated numbers, yellow and red values, equipment."""

BANNER_Y = MIDDLE.top + 2
SUB_Y = MIDDLE.top + 36
MODES_Y = MIDDLE.top + 60
MODE_H = 42
CHIPS_Y = MIDDLE.top + 108
CHIP = 42
NEWS_Y = MIDDLE.top + 156
NEWS_STEP = 21
"""The news' two rows end clear of the home seat's panel (the band is 210 tall)."""
CODE_POS = (MARGIN + 14, theme.SCREEN_H - 12)
"""The game code (when the player typed it): the home panel's bottom left corner, under its
rack (the band's corner is the dial's line)."""
END_LINES_Y = MIDDLE.top + 54
"""A lost mission's summary, under its title."""
SUMMARY_W = MIDDLE.width - 32
"""The summary's lines at their widest (its panel, less a margin)."""
END_RESULTS = pygame.Rect(MIDDLE.left + 8, MIDDLE.bottom - 58, 250, 50)
END_AGAIN = pygame.Rect(END_RESULTS.right + 12, END_RESULTS.top, MIDDLE.width - 16 - 262, 50)
"""The mission over: results, and the next table, side by side above the home seat's rack."""
BLAST_CENTRE = (float(theme.SCREEN_W // 2), float(BAND.centery))
"""Where the bomb goes off: the middle of the table."""


@dataclass(frozen=True)
class Rack:
    """One stand on screen: its panel and the place of each of its ``count`` tiles."""

    stand: int
    seat: int
    rel: int
    """The seat's own number for the stand (0, or 1 for a second stand)."""
    rect: pygame.Rect
    count: int
    mine: bool
    tall: bool = False
    """A teammate's rack that has the whole upper band to itself (two or three players: the
    teammates' racks fit on one row), so its tiles stand tall instead of leaving a blank band."""

    @property
    def footer(self) -> pygame.Rect | None:
        """The rack's bottom row of facts, when it has the room (``None``: a teammate's rack
        on a row of two, whose facts go in its name row)."""
        if not (self.mine or self.tall):
            return None
        return pygame.Rect(self.rect.left + 2, self.rect.bottom - FOOTER - 2,
                           self.rect.width - 4, FOOTER)

    @property
    def tile_h(self) -> int:
        if self.mine:
            return MINE_TILE_H
        if self.tall:
            room = self.rect.height - HEADER - FOOTER - 2 * self.token_r - TRAY_PAD - 24
            return max(OTHER_TILE_H, min(room, TALL_MOST, round(self.tile_w * TALL_RATIO)))
        return OTHER_TILE_H

    @property
    def step(self) -> int:
        most = MINE_STEP if self.mine else TALL_STEP if self.tall else OTHER_STEP
        return max(20, min(most, (self.rect.width - 24) // max(1, self.count)))

    @property
    def tile_w(self) -> int:
        return self.step - max(4, self.step // 9)

    @property
    def tiles_top(self) -> int:
        if self.tall:  # the tiles and their tray in the middle, between name and facts
            block = self.tile_h + 2 * self.token_r + TRAY_PAD
            room = self.rect.height - HEADER - FOOTER
            return self.rect.top + HEADER + max(4, (room - block) // 2)
        return self.rect.top + HEADER + 4

    def tray(self) -> pygame.Rect:
        """The strip in front of the tiles where their info tokens stand (drawn even when no
        token is there yet: the stand's base, not an empty band)."""
        first, last = self.tile(0), self.tile(max(0, self.count - 1))
        top = first.bottom
        return pygame.Rect(first.left - 8, top, last.right - first.left + 16,
                           2 * self.token_r + TRAY_PAD)

    def tile(self, index: int) -> pygame.Rect:
        """The upright tile ``index`` (``index == count``: just past the last)."""
        step = self.step
        width = step * self.count - (step - self.tile_w)
        left = self.rect.centerx - width // 2
        return pygame.Rect(left + index * step, self.tiles_top, self.tile_w, self.tile_h)

    def token(self, index: int) -> tuple[int, int]:
        """The centre of the info token in front of tile ``index``."""
        tile = self.tile(index)
        return (tile.centerx, tile.bottom + self.token_r + 4)

    @property
    def token_r(self) -> int:
        return max(9, min(15 if self.mine or self.tall else 12, self.tile_w // 2 - 1))

    def at(self, pos: tuple[int, int]) -> int | None:
        """The tile under ``pos`` (its token's place included), or ``None``."""
        for index in range(self.count):
            tile = self.tile(index)
            reach = pygame.Rect(tile.left - (self.step - tile.width) // 2, tile.top,
                                self.step, tile.height + 2 * self.token_r + 6)
            if reach.collidepoint(pos):
                return index
        return None


class TableLayout:
    """The racks for a table seen from ``home``: ``owner`` names each stand's seat and
    ``sizes`` its wires."""

    def __init__(self, owner: tuple[int, ...], sizes: tuple[int, ...], home: int) -> None:
        self.owner = owner
        self.home = home
        seats = max(owner) + 1 if owner else 0
        mine = [g for g, seat in enumerate(owner) if seat == home]
        order = [(home + k) % seats for k in range(1, seats)] if seats else []
        others = [g for seat in order for g, o in enumerate(owner) if o == seat]
        self.racks: dict[int, Rack] = {}
        width = (theme.SCREEN_W - 2 * MARGIN - GAP) // 2
        tall = len(others) <= 2
        height = 2 * OTHER_H + OTHER_GAP if tall else OTHER_H
        for k, g in enumerate(others):
            row, col = divmod(k, 2)
            rect = pygame.Rect(MARGIN + col * (width + GAP),
                               OTHER_TOP + row * (OTHER_H + OTHER_GAP), width, height)
            if col == 0 and k == len(others) - 1:
                rect.centerx = theme.SCREEN_W // 2  # the odd one out in the middle
            self.racks[g] = Rack(g, owner[g], self._rel(g), rect, sizes[g], False, tall)
        mine_w = (theme.SCREEN_W - 2 * MARGIN - GAP * (len(mine) - 1)) // max(1, len(mine))
        for k, g in enumerate(mine):
            rect = pygame.Rect(MARGIN + k * (mine_w + GAP), MINE_TOP, mine_w, MINE_H)
            self.racks[g] = Rack(g, home, self._rel(g), rect, sizes[g], True)

    def _rel(self, g: int) -> int:
        seat = self.owner[g]
        return sum(1 for k in range(g) if self.owner[k] == seat)

    def rack(self, g: int) -> Rack:
        return self.racks[g]

    def seat_racks(self, seat: int) -> list[Rack]:
        return [rack for rack in self.racks.values() if rack.seat == seat]

    def seat_point(self, seat: int) -> tuple[float, float]:
        racks = self.seat_racks(seat)
        if not racks:
            return (theme.SCREEN_W / 2, theme.SCREEN_H / 2)
        rect = racks[0].rect.unionall([r.rect for r in racks[1:]])
        return (float(rect.centerx), float(rect.centery))

    def tile_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(stand, index) of the tile under ``pos``."""
        for g, rack in self.racks.items():
            if rack.rect.collidepoint(pos):
                index = rack.at(pos)
                if index is not None:
                    return g, index
        return None

    def rack_at(self, pos: tuple[int, int]) -> int | None:
        for g, rack in self.racks.items():
            if rack.rect.collidepoint(pos):
                return g
        return None
