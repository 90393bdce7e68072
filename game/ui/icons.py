"""Card icons drawn by code (circles, polygons, lines), at any size.

``draw_icon(surface, card_id, rect)`` draws the icon of a card into ``rect``: the cards use it
big, the log, the seat badges and the clues use it small. Each icon is drawn once per size at
three times the size and smoothed down (anti-aliased), then cached.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

import pygame

from game.ui import gfx
from game.ui.cache import MB, SurfaceCache

Color = tuple[int, int, int]
Point = tuple[float, float]

SUPERSAMPLE = 3
_CACHE: SurfaceCache[pygame.Surface] = SurfaceCache("icons", 3 * MB)

INK = (34, 34, 40)
WHITE = (250, 248, 242)
STEEL = (150, 160, 172)
STEEL_DARK = (86, 96, 110)
RED = (214, 52, 46)
ORANGE = (255, 150, 40)
YELLOW = (255, 220, 80)


class Pen:
    """Draws on a surface in a 100×100 design space."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.s = surface
        self.k = surface.get_width() / 100.0

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (round(x * self.k), round(y * self.k))

    def n(self, v: float) -> int:
        return max(1, round(v * self.k))

    def circle(self, c: Color, x: float, y: float, r: float, width: float = 0) -> None:
        gfx.circle(self.s, c, self.p(x, y), self.n(r), self.n(width) if width else 0)

    def ellipse(self, c: Color, x: float, y: float, w: float, h: float, width: float = 0
                ) -> None:
        rect = pygame.Rect(*self.p(x, y), self.n(w), self.n(h))
        gfx.ellipse(self.s, c, rect, self.n(width) if width else 0)

    def poly(self, c: Color, pts: Sequence[Point], width: float = 0) -> None:
        gfx.polygon(self.s, c, [self.p(*q) for q in pts], self.n(width) if width else 0)

    def line(self, c: Color, a: Point, b: Point, width: float = 4, round_ends: bool = True
             ) -> None:
        w = self.n(width)
        gfx.line(self.s, c, self.p(*a), self.p(*b), w)
        if round_ends:
            gfx.circle(self.s, c, self.p(*a), w // 2)
            gfx.circle(self.s, c, self.p(*b), w // 2)

    def lines(self, c: Color, pts: Sequence[Point], width: float = 4) -> None:
        for a, b in itertools.pairwise(pts):
            self.line(c, a, b, width)

    def rect(self, c: Color, x: float, y: float, w: float, h: float, radius: float = 0,
             width: float = 0) -> None:
        r = pygame.Rect(*self.p(x, y), self.n(w), self.n(h))
        gfx.rect(self.s, c, r, self.n(width) if width else 0,
                         border_radius=self.n(radius) if radius else 0)

    def arc(self, c: Color, x: float, y: float, r: float, a0: float, a1: float,
            width: float = 4, steps: int = 24) -> list[Point]:
        """An arc from angle ``a0`` to ``a1`` (radians, y down) drawn as thick segments."""
        pts = [(x + r * math.cos(a0 + (a1 - a0) * i / steps),
                y + r * math.sin(a0 + (a1 - a0) * i / steps)) for i in range(steps + 1)]
        self.lines(c, pts, width)
        return pts


def _arrowhead(pen: Pen, c: Color, tip: Point, angle: float, size: float) -> None:
    """A filled triangle pointing along ``angle`` with its point at ``tip``."""
    back = (tip[0] - size * math.cos(angle), tip[1] - size * math.sin(angle))
    side = angle + math.pi / 2
    w = size * 0.62
    pen.poly(c, [tip, (back[0] + w * math.cos(side), back[1] + w * math.sin(side)),
                 (back[0] - w * math.cos(side), back[1] - w * math.sin(side))])


def star_points(cx: float, cy: float, outer: float, inner: float, points: int = 8,
                turn: float = 0.0) -> list[Point]:
    """A star's outline: ``points`` tips at ``outer``, notches at ``inner``, turned by
    ``turn`` radians (the icons' bursts, the explosion band's burst)."""
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = turn + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# --- one function per card -------------------------------------------------------------------


def _bomb(pen: Pen, ink: Color) -> None:
    pen.circle(INK, 44, 60, 32)
    pen.circle((70, 70, 80), 33, 49, 9)
    pen.circle((120, 120, 130), 30, 46, 4)
    pen.poly(INK, [(58, 26), (72, 34), (64, 46), (50, 38)])
    pen.lines((150, 110, 70), [(66, 32), (72, 22), (80, 17), (86, 16)], 4)
    pen.poly(RED, star_points(87, 14, 13, 5, 7))
    pen.poly(YELLOW, star_points(87, 14, 7, 3, 6, 0.3))


def _defuse(pen: Pen, ink: Color) -> None:
    # a red wire, cut
    pen.lines(RED, [(4, 22), (20, 20), (33, 24)], 5)
    pen.lines(RED, [(67, 24), (80, 20), (96, 22)], 5)
    # jaws (steel) meeting at the top, crossing at the pivot
    pen.poly(STEEL, [(50, 50), (33, 22), (40, 12), (52, 40)])
    pen.poly(STEEL, [(50, 50), (67, 22), (60, 12), (48, 40)])
    pen.poly(STEEL_DARK, [(50, 50), (33, 22), (40, 12), (52, 40)], 1.5)
    pen.poly(STEEL_DARK, [(50, 50), (67, 22), (60, 12), (48, 40)], 1.5)
    # handles with coloured grips
    pen.line(STEEL_DARK, (50, 50), (34, 66), 8)
    pen.line(STEEL_DARK, (50, 50), (66, 66), 8)
    pen.line(ink, (34, 66), (24, 92), 13)
    pen.line(ink, (66, 66), (76, 92), 13)
    pen.circle(STEEL, 50, 50, 7)
    pen.circle(STEEL_DARK, 50, 50, 3)


def _attack(pen: Pen, ink: Color) -> None:
    bolt = [(60, 4), (22, 56), (46, 56), (36, 96), (80, 38), (55, 38), (70, 4)]
    pen.poly(YELLOW, [(x + 3, y + 3) for x, y in bolt])
    pen.poly(ink, bolt)
    pen.poly(INK, bolt, 2)


def _pass_it(pen: Pen, ink: Color) -> None:
    # a curved throw over to the right, and the two turns it hands over
    pen.arc(ink, 50, 58, 34, math.pi * 1.05, math.pi * 1.9, 8)
    _arrowhead(pen, ink, (86, 50), math.pi * 0.42, 20)
    for i, x in enumerate((56, 70)):
        pen.rect(WHITE, x, 66 - i * 4, 16, 24, 3)
        pen.rect(ink, x, 66 - i * 4, 16, 24, 3, 2.5)
    pen.circle(INK, 22, 74, 12)
    pen.line((150, 110, 70), (28, 64), (34, 56), 3)


def _skip(pen: Pen, ink: Color) -> None:
    pen.poly(ink, [(10, 22), (44, 50), (10, 78)])
    pen.poly(ink, [(42, 22), (76, 50), (42, 78)])
    pen.rect(ink, 78, 22, 12, 56, 3)


def _draw_bottom(pen: Pen, ink: Color) -> None:
    for i in range(3):
        pen.rect(WHITE, 22 + i * 3, 58 + i * 9, 56, 12, 3)
        pen.rect(ink, 22 + i * 3, 58 + i * 9, 56, 12, 3, 2.5)
    pen.rect(ink, 22 + 6, 76, 56, 14, 3)
    pen.line(ink, (50, 6), (50, 40), 10, round_ends=False)
    _arrowhead(pen, ink, (50, 56), math.pi / 2, 22)


def _see_future(pen: Pen, ink: Color) -> None:
    top = [(8 + 84 * i / 24, 50 - 30 * math.sin(math.pi * i / 24)) for i in range(25)]
    bottom = [(92 - 84 * i / 24, 50 + 30 * math.sin(math.pi * i / 24)) for i in range(25)]
    pen.poly(WHITE, top + bottom)
    pen.circle(ink, 50, 50, 20)
    pen.circle(INK, 50, 50, 9)
    pen.circle(WHITE, 44, 44, 4)
    pen.poly(INK, top + bottom, 4)
    for x, y in ((30, 14), (50, 8), (70, 14)):
        pen.line(ink, (x, y), (50 + (x - 50) * 0.8, y + 8), 4)


def _shuffle(pen: Pen, ink: Color) -> None:
    def curve(y0: float, y1: float) -> list[Point]:
        return [(10 + 66 * i / 20, y0 + (y1 - y0) * (0.5 - 0.5 * math.cos(math.pi * i / 20)))
                for i in range(21)]

    pen.lines(ink, curve(26, 74), 9)
    pen.lines(ink, curve(74, 26), 9)
    _arrowhead(pen, ink, (94, 74), 0, 22)
    _arrowhead(pen, ink, (94, 26), 0, 22)


def _favor(pen: Pen, ink: Color) -> None:
    pen.rect(RED, 18, 46, 64, 46, 4)
    pen.rect(RED, 12, 34, 76, 16, 4)
    pen.rect(YELLOW, 44, 34, 12, 58)
    pen.rect(INK, 18, 46, 64, 46, 4, 2.5)
    pen.rect(INK, 12, 34, 76, 16, 4, 2.5)
    pen.ellipse(YELLOW, 22, 12, 28, 22)
    pen.ellipse(YELLOW, 50, 12, 28, 22)
    pen.ellipse(INK, 22, 12, 28, 22, 3)
    pen.ellipse(INK, 50, 12, 28, 22, 3)
    pen.circle(YELLOW, 50, 30, 7)
    pen.circle(INK, 50, 30, 7, 2.5)


def _swipe(pen: Pen, ink: Color) -> None:
    for dx in (-22, 0, 22):
        pts = [(30 + dx, 10), (36 + dx, 12), (74 + dx, 86), (70 + dx, 92), (56 + dx, 60)]
        pen.poly(INK, [(x + 3, y + 2) for x, y in pts])
        pen.poly(RED, pts)


def _nope(pen: Pen, ink: Color) -> None:
    skin = (250, 220, 190)
    pen.rect(skin, 30, 44, 40, 40, 12)
    for i, (x, top) in enumerate(((31, 20), (41, 14), (51, 16), (61, 24))):
        pen.rect(skin, x, top, 9, 40, 4)
        pen.rect(INK, x, top, 9, 40 - i * 0, 4, 2)
    pen.poly(skin, [(30, 60), (16, 44), (22, 40), (36, 52)])
    pen.rect(INK, 30, 44, 40, 40, 12, 2)
    pen.circle(RED, 50, 50, 44, 9)
    pen.line(RED, (19, 81), (81, 19), 9)


def _shield(pen: Pen, ink: Color) -> None:
    outer = [(50, 6), (88, 18), (84, 56), (50, 94), (16, 56), (12, 18)]
    inner = [(50, 16), (78, 25), (75, 54), (50, 82), (25, 54), (22, 25)]
    pen.poly(STEEL_DARK, outer)
    pen.poly(STEEL, inner)
    pen.poly(WHITE, [(50, 16), (78, 25), (75, 54), (50, 82)])
    pen.poly(ink, inner, 3)
    pen.poly(INK, outer, 3)
    pen.lines(INK, [(36, 48), (46, 60), (66, 36)], 7)


def _calm(pen: Pen, ink: Color) -> None:
    pen.ellipse(WHITE, 10, 80, 80, 14)
    pen.ellipse(INK, 10, 80, 80, 14, 2.5)
    pen.poly(WHITE, [(20, 44), (74, 44), (68, 80), (26, 80)])
    pen.poly(INK, [(20, 44), (74, 44), (68, 80), (26, 80)], 3)
    pen.circle(INK, 78, 58, 11, 4)
    pen.ellipse((150, 100, 60), 22, 40, 50, 10)
    for x in (34, 48, 62):
        pts = [(x + 5 * math.sin(i / 2.2), 34 - i * 3.2) for i in range(9)]
        pen.lines(ink, pts, 3.5)


def _chicken(pen: Pen, ink: Color) -> None:
    pen.line((240, 150, 40), (44, 84), (40, 96), 4)
    pen.line((240, 150, 40), (58, 84), (62, 96), 4)
    pen.ellipse(WHITE, 20, 40, 66, 50)
    pen.ellipse(INK, 20, 40, 66, 50, 2.5)
    pen.circle(WHITE, 40, 34, 18)
    pen.circle(INK, 40, 34, 18, 2.5)
    for x, y in ((32, 14), (40, 11), (48, 14)):
        pen.circle(RED, x, y, 6)
    pen.poly(ORANGE, [(22, 32), (10, 37), (22, 42)])
    pen.ellipse(RED, 22, 42, 7, 11)
    pen.circle(INK, 35, 30, 3)
    pen.ellipse((235, 225, 205), 46, 56, 30, 18)


def _frog(pen: Pen, ink: Color) -> None:
    green = (90, 170, 80)
    pen.ellipse(green, 8, 32, 84, 56)
    pen.circle(green, 28, 32, 15)
    pen.circle(green, 72, 32, 15)
    pen.ellipse(INK, 8, 32, 84, 56, 2.5)
    for x in (28, 72):
        pen.circle(WHITE, x, 30, 10)
        pen.circle(INK, x, 30, 10, 2)
        pen.circle(INK, x + 1, 31, 5)
    pen.arc(INK, 50, 50, 24, math.pi * 0.2, math.pi * 0.8, 3)
    pen.circle((240, 150, 160), 22, 62, 6)
    pen.circle((240, 150, 160), 78, 62, 6)


def _hedgehog(pen: Pen, ink: Color) -> None:
    brown = (120, 80, 50)
    spikes: list[Point] = [(14, 72)]
    for i in range(9):
        a = math.pi * (1.05 + 0.09 * i)
        spikes.append((50 + 44 * math.cos(a), 70 + 50 * math.sin(a)))
        b = a + math.pi * 0.045
        spikes.append((50 + 30 * math.cos(b), 70 + 34 * math.sin(b)))
    spikes += [(76, 36), (70, 72)]
    pen.poly(brown, spikes)
    pen.poly(INK, spikes, 2)
    face = [(56, 40), (92, 66), (86, 74), (56, 80)]
    pen.poly((235, 205, 165), face)
    pen.poly(INK, face, 2)
    pen.circle(INK, 91, 68, 4)
    pen.circle(INK, 70, 56, 3)
    pen.line(brown, (30, 80), (30, 90), 6)
    pen.line(brown, (60, 80), (60, 90), 6)


def _octopus(pen: Pen, ink: Color) -> None:
    body = (200, 90, 150)
    for i in range(5):
        x0 = 26 + i * 12
        pts = [(x0 + 8 * math.sin(j / 2.0 + i) * (j / 8), 50 + j * 5) for j in range(9)]
        pen.lines(body, pts, 8)
        pen.circle(body, *pts[-1], 5)
    pen.circle(body, 50, 38, 30)
    pen.circle(INK, 50, 38, 30, 2.5)
    for x in (40, 60):
        pen.circle(WHITE, x, 38, 8)
        pen.circle(INK, x + 1, 39, 4)
    pen.arc(INK, 50, 46, 8, math.pi * 0.2, math.pi * 0.8, 2.5)


def _raccoon(pen: Pen, ink: Color) -> None:
    grey = (140, 140, 150)
    for side in (-1, 1):
        pen.poly(grey, [(50 + side * 18, 30), (50 + side * 38, 8), (50 + side * 40, 36)])
        pen.poly(INK, [(50 + side * 18, 30), (50 + side * 38, 8), (50 + side * 40, 36)], 2)
    pen.ellipse(grey, 10, 22, 80, 64)
    pen.ellipse(INK, 10, 22, 80, 64, 2.5)
    pen.ellipse((50, 50, 58), 14, 42, 72, 20)
    for x in (34, 66):
        pen.circle(WHITE, x, 51, 7)
        pen.circle(INK, x, 51, 3.5)
    pen.ellipse(WHITE, 34, 60, 32, 22)
    pen.circle(INK, 50, 64, 5)
    pen.line(INK, (50, 68), (50, 74), 2.5)


def _eye(pen: Pen, ink: Color) -> None:
    """An open eye: what the others at the table see (no rays: not the See the Future card)."""
    top = [(6 + 88 * i / 20, 50 - 30 * math.sin(math.pi * i / 20)) for i in range(21)]
    bottom = [(94 - 88 * i / 20, 50 + 30 * math.sin(math.pi * i / 20)) for i in range(21)]
    pen.poly(WHITE, top + bottom)
    pen.poly(INK, top + bottom, 7)
    pen.circle(INK, 50, 50, 17)
    pen.circle(WHITE, 44, 44, 5)


# --- Clásico's five cats (the same card ids as the animals; the art follows the rule set) ----


PINK = (242, 168, 182)


def _cat_head(pen: Pen, fur: Color, *, top: float = 26, eyes: bool = True,
              whisker: float = 18) -> None:
    """A cat's head: ears, face, nose, mouth and whiskers (``eyes``: open, else none drawn)."""
    for side in (-1, 1):
        ear = [(50 + side * 30, top + 18), (50 + side * 27, top - 14), (50 + side * 8, top + 4)]
        pen.poly(fur, ear)
        pen.poly(PINK, [(50 + side * 26, top + 12), (50 + side * 25, top - 4),
                        (50 + side * 14, top + 5)])
        pen.poly(INK, ear, 2.5)
    pen.ellipse(fur, 14, top, 72, 60)
    pen.ellipse(INK, 14, top, 72, 60, 2.5)
    if eyes:
        for x in (37, 63):
            pen.ellipse(WHITE, x - 7, top + 20, 14, 16)
            pen.ellipse(INK, x - 3, top + 22, 6, 12)
    pen.poly(PINK, [(45, top + 38), (55, top + 38), (50, top + 44)])
    pen.arc(INK, 45, top + 44, 5, 0.1, math.pi - 0.1, 2)
    pen.arc(INK, 55, top + 44, 5, 0.1, math.pi - 0.1, 2)
    for dy in (-3, 3):
        pen.line(INK, (32, top + 42 + dy), (32 - whisker, top + 40 + dy * 2.2), 1.6)
        pen.line(INK, (68, top + 42 + dy), (68 + whisker, top + 40 + dy * 2.2), 1.6)


def _cat_churro(pen: Pen, ink: Color) -> None:
    """An orange tabby with a sugared churro."""
    _cat_head(pen, (238, 156, 74))
    for stripe in (42, 50, 58):
        pen.line((170, 90, 40), (stripe, 30), (stripe, 38), 3)
    a, b = (54.0, 92.0), (96.0, 58.0)
    pen.line((150, 96, 40), a, b, 13)
    pen.line((214, 160, 86), a, b, 8)
    for k in range(1, 6):
        x, y = a[0] + (b[0] - a[0]) * k / 6, a[1] + (b[1] - a[1]) * k / 6
        pen.line((150, 96, 40), (x - 3, y - 4), (x + 3, y + 4), 2)
        pen.circle(WHITE, x + 2, y - 4, 1.6)


def _cat_nap(pen: Pen, ink: Color) -> None:
    """A grey cat asleep: eyes shut, a string of Zs."""
    _cat_head(pen, (160, 168, 186), top=34, eyes=False)
    for x in (37, 63):
        pen.arc(INK, x, 56, 7, 0.15, math.pi - 0.15, 3)
    for x, y, k in ((70, 6, 14), (84, 20, 10)):
        pen.lines(ink, [(x, y), (x + k, y), (x, y + k), (x + k, y + k)], 3.5)


def _cat_whiskers(pen: Pen, ink: Color) -> None:
    """A cream cat with whiskers wider than the card and a proud moustache."""
    _cat_head(pen, (244, 232, 206), whisker=34)
    for side in (-1, 1):
        pen.arc(INK, 50 + side * 9, 72, 9, (0.0 if side > 0 else math.pi) - 0.6,
                (0.0 if side > 0 else math.pi) + 0.6, 3)
    for side in (-1, 1):
        pen.line(INK, (50 + side * 20, 76), (50 + side * 49, 80), 2)


def _cat_pirate(pen: Pen, ink: Color) -> None:
    """A black cat with an eye patch, a red bandana and a gold earring."""
    _cat_head(pen, (74, 74, 86))
    pen.poly((206, 48, 48), [(18, 36), (50, 18), (82, 36), (78, 28), (50, 12), (22, 28)])
    pen.poly((206, 48, 48), [(80, 32), (96, 24), (92, 40)])
    for x in (34, 50, 66):
        pen.circle(WHITE, x, 25, 2)
    pen.line(INK, (20, 40), (82, 62), 3)
    pen.circle(INK, 37, 54, 9)
    pen.circle(YELLOW, 21, 60, 4, 2)


def _cat_ninja(pen: Pen, ink: Color) -> None:
    """A cat in a dark hood: only its eyes show, a red band's tails fly behind."""
    _cat_head(pen, (44, 52, 84), eyes=False, whisker=12)
    pen.rect((232, 212, 190), 22, 44, 56, 18, 9)
    for x in (37, 63):
        pen.ellipse(INK, x - 4, 47, 8, 12)
        pen.circle(WHITE, x + 1, 50, 1.6)
    pen.rect((214, 52, 52), 16, 34, 68, 8, 3)
    pen.poly((214, 52, 52), [(82, 36), (98, 28), (94, 36)])
    pen.poly((214, 52, 52), [(82, 40), (97, 46), (90, 48)])


def _unknown(pen: Pen, ink: Color) -> None:
    pen.circle(ink, 50, 50, 40, 6)
    pen.arc(ink, 50, 38, 14, math.pi, math.pi * 2.4, 8)
    pen.line(ink, (52, 52), (50, 62), 8)
    pen.circle(ink, 50, 76, 5)


def _back(pen: Pen, ink: Color) -> None:
    _bomb(pen, ink)


ICONS: dict[str, Callable[[Pen, Color], None]] = {
    "bomb": _bomb, "defuse": _defuse, "attack": _attack, "pass_it": _pass_it, "skip": _skip,
    "draw_bottom": _draw_bottom, "see_future": _see_future, "shuffle": _shuffle,
    "favor": _favor, "swipe": _swipe, "nope": _nope, "shield": _shield, "calm": _calm,
    "animal_chicken": _chicken, "animal_frog": _frog, "animal_hedgehog": _hedgehog,
    "animal_octopus": _octopus, "animal_raccoon": _raccoon, "back": _back, "eye": _eye,
    "cat_churro": _cat_churro, "cat_nap": _cat_nap, "cat_whiskers": _cat_whiskers,
    "cat_pirate": _cat_pirate, "cat_ninja": _cat_ninja,
}


def icon_surface(card_id: str, size: tuple[int, int], ink: Color) -> pygame.Surface:
    """The icon of ``card_id`` as a transparent surface of ``size`` (cached)."""
    w, h = max(1, size[0]), max(1, size[1])
    key = (f"{card_id}|{ink}", w, h)
    found = _CACHE.get(key)
    if found is None:
        side = min(w, h) * SUPERSAMPLE
        big = gfx.Canvas((side, side), pygame.SRCALPHA)
        ICONS.get(card_id, _unknown)(Pen(big), ink)
        small = gfx.smoothscale(big, (min(w, h), min(w, h)))
        found = gfx.Canvas((w, h), pygame.SRCALPHA)
        found.blit(small, small.get_rect(center=(w // 2, h // 2)))
        _CACHE.put(key, found)
    return found


def draw_icon(surface: pygame.Surface, card_id: str, rect: pygame.Rect | tuple[int, ...],
              ink: Color | None = None) -> None:
    """Draw the icon of ``card_id`` centred in ``rect`` (any size; unknown ids get a "?").
    ``ink``: the main colour (default: the card's own dark colour)."""
    r = pygame.Rect(rect)
    if ink is None:
        from game.ui.cards import style_of

        ink = style_of(card_id).ink
    surface.blit(icon_surface(card_id, r.size, ink), r.topleft)
