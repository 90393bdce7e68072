"""Where everything sits on the 1280×720 table (LOOK.md): the other seats around the top and
the sides, the deck and the discard pile in the middle with the danger meter and the clues
beside them, the log on the left, the draw button on the right, your hand along the bottom.

``home`` is the seat whose hand is at the bottom; the others follow clockwise from your left,
across the top, to your right.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import cards, theme

BADGE_W, BADGE_H = 232, 92
TOP_Y = 10
SIDE_Y = 116
MARGIN = 16

DECK = pygame.Rect(452, 128, cards.CARD_W, cards.CARD_H)
DISCARD = pygame.Rect(596, 128, cards.CARD_W, cards.CARD_H)
METER = pygame.Rect(736, 124, 286, 92)
CLUES = pygame.Rect(736, 222, 286, 70)
BANNER_Y = 352
BANNER_X = 737
"""The middle of the area between the log and the draw button."""
BANNER_W = 540
"""The widest a banner line gets before it wraps."""
LOG = pygame.Rect(MARGIN, 236, 420, 226)
DRAW = pygame.Rect(1036, 366, 228, 74)
"""The draw button, above the right end of the hand (a lifted card does not reach it)."""
HOME = pygame.Rect(MARGIN, 586, 214, BADGE_H + 24)
HAND = pygame.Rect(244, 540, theme.SCREEN_W - 12 - 244, cards.CARD_H)
"""Where the resting hand fans: every pixel right of the home badge (cards lift and grow above
it), so a hand of nine cards still does not overlap and twelve still show their titles."""
CODE_POS = (theme.SCREEN_W - MARGIN, DRAW.bottom + 86)
"""The game code (when the player typed it), under the draw button (and the "2 left" tag
under it)."""
SHOW_CARDS = pygame.Rect(0, 0, 440, 74)
SHOW_CARDS.center = (HAND.centerx, HAND.centery - 6)
"""Hot seat, after a window everybody watched: Show my cards, over the person's face-down
hand."""
RESULTS = pygame.Rect(0, 0, 340, 64)
RESULTS.midtop = (BANNER_X, 456)
"""The finished game's "See the results", under the banner's two lines ("Game over: …
wins!") and above the hand: where the eye already is when the game ends."""
WATCH = pygame.Rect(DRAW.left - 12, 226, DRAW.width + 24, 250)
"""Once the person is out: the panel offering to fast-forward or skip to the results."""


@dataclass(frozen=True)
class TableLayout:
    seats: int
    home: int

    @property
    def others(self) -> list[int]:
        """The other seats clockwise from the home seat's left."""
        return [(self.home + i) % self.seats for i in range(1, self.seats)]

    def badges(self) -> dict[int, pygame.Rect]:
        others = self.others
        n = len(others)
        out: dict[int, pygame.Rect] = {}
        top = others
        if n >= 6:
            out[others[0]] = pygame.Rect(MARGIN, SIDE_Y, BADGE_W, BADGE_H)
            out[others[-1]] = pygame.Rect(theme.SCREEN_W - MARGIN - BADGE_W, SIDE_Y,
                                          BADGE_W, BADGE_H)
            top = others[1:-1]
        k = len(top)
        if k:
            gap = 16 if k >= 4 else 48
            total = k * BADGE_W + (k - 1) * gap
            x = (theme.SCREEN_W - total) // 2
            for seat in top:
                out[seat] = pygame.Rect(x, TOP_Y, BADGE_W, BADGE_H)
                x += BADGE_W + gap
        out[self.home] = HOME.copy()
        return out

    def seat_point(self, seat: int) -> tuple[float, float]:
        """Where a card flies to or from for ``seat``: its badge, or the hand for home."""
        if seat == self.home:
            return (float(HAND.centerx), float(HAND.centery))
        rect = self.badges().get(seat)
        if rect is None:
            return (theme.SCREEN_W / 2, -80.0)
        return (float(rect.centerx), float(rect.centery))


def pile_point(rect: pygame.Rect) -> tuple[float, float]:
    return (float(rect.centerx), float(rect.centery))


HOVER_SPOT = (DISCARD.centerx, DISCARD.centery - 4)
"""Where a play waits while its reaction window is open: over the discard pile."""
SHOW_SPOT = (785.0, 340.0)
"""Where the card you draw is held up to you, large: right of the discard pile's label and
under the meter (review 2: at (737, 330) it covered "Discard" and the turn's banner)."""
HELD_BELOW = round(SHOW_SPOT[1] + cards.card_size(cards.HOVER_SCALE)[1] / 2) + 14
"""The banner's first line while that card is held up: under it, above the hand."""
