"""Clásico's exploding kitten, drawn by code (our own drawing): a round black cat shaped like
the bomb, ears up, big yellow eyes, and its tail is the fuse, lit. Clásico calls its bomb a
kitten (RULES.md), so its bomb card, its deck back and its danger meter show the kitten.

The picture joins the shared icon and card-style tables under the name ``"kitten"`` when this
module is imported (``art.py`` imports it): the shared faces then draw it like any other
card, and nothing outside the bomb deck's package names it.
"""

from __future__ import annotations

import math

import pygame

from game.ui import cards, gfx, icons
from game.ui.cache import MB, SurfaceCache
from game.ui.icons import INK, PINK, RED, WHITE, YELLOW, Pen, star_points

KITTEN = "kitten"
FUR = (34, 30, 40)
EYE = (255, 214, 64)
FUSE = (150, 110, 70)


def _kitten(pen: Pen, ink: icons.Color) -> None:
    """The kitten: body and head in one black ball, ears, eyes with slit pupils, a pink nose,
    white whiskers, and the tail curling up into a lit fuse."""
    cx, cy, r = 44.0, 60.0, 31.0
    # the tail: a fuse from the back, curling up, its end burning
    tail = [(cx + r * 0.8, cy + r * 0.45), (cx + r + 9, cy + 6), (cx + r + 12, cy - 10),
            (cx + r + 8, cy - 22), (cx + r + 14, cy - 30)]
    pen.lines(FUR, tail[:2], 8)
    pen.lines(FUSE, tail[1:], 4)
    pen.poly(RED, star_points(tail[-1][0] + 2, tail[-1][1] - 4, 12, 5, 7))
    pen.poly(YELLOW, star_points(tail[-1][0] + 2, tail[-1][1] - 4, 6, 3, 6, 0.3))
    # ears, then the ball
    for side in (-1, 1):
        ear = [(cx + side * 28, cy - 12), (cx + side * 24, cy - 44), (cx + side * 6, cy - 28)]
        pen.poly(FUR, ear)
        pen.poly(PINK, [(cx + side * 23, cy - 18), (cx + side * 22, cy - 36),
                        (cx + side * 12, cy - 27)])
    pen.circle(FUR, cx, cy, r)
    pen.circle((80, 74, 90), cx - 16, cy - 14, 5)  # the bomb's shine
    # the face
    for side in (-1, 1):
        ex = cx + side * 12
        pen.ellipse(EYE, ex - 7, cy - 10, 14, 16)
        pen.ellipse(INK, ex - 2, cy - 8, 4, 12)
        pen.circle(WHITE, ex + 2.5, cy - 5, 1.6)
    pen.poly(PINK, [(cx - 4, cy + 8), (cx + 4, cy + 8), (cx, cy + 13)])
    pen.arc(WHITE, cx - 4, cy + 13, 4, 0.2, math.pi - 0.2, 1.8)
    pen.arc(WHITE, cx + 4, cy + 13, 4, 0.2, math.pi - 0.2, 1.8)
    for dy in (-3, 3):
        pen.line(WHITE, (cx - 14, cy + 11 + dy), (cx - 34, cy + 8 + dy * 2), 1.5)
        pen.line(WHITE, (cx + 14, cy + 11 + dy), (cx + 32, cy + 8 + dy * 2), 1.5)


icons.ICONS.setdefault(KITTEN, _kitten)
cards.STYLES.setdefault(KITTEN, cards.STYLES["bomb"])

_BACKS: SurfaceCache[pygame.Surface] = SurfaceCache("kitten backs", 1 * MB)


def kitten_back(size: tuple[int, int] = cards.CARD_SIZE) -> pygame.Surface:
    """Clásico's card back: the shared back with the kitten on its medallion (cached)."""
    w, h = max(24, size[0]), max(34, size[1])

    def make() -> pygame.Surface:
        surf = cards.draw_back((w, h)).copy()
        r = round(w * 0.3)
        centre = (w // 2, h // 2)
        gfx.circle(surf, cards.BACK_BODY, centre, r + 4)
        gfx.circle(surf, (250, 240, 220), centre, r)
        gfx.circle(surf, cards.BACK_EDGE, centre, r, max(2, w // 40))
        side = round(r * 1.5)
        surf.blit(icons.icon_surface(KITTEN, (side, side), RED),
                  (centre[0] - side // 2, centre[1] - side // 2))
        return surf

    return _BACKS.get_or_make((w, h), make)
