"""How Die Bombe's cards look, drawn by code: the big face-up cards, the small chips of the
cards won, the colour marks, the crown of the red majority.

Red and green are never told apart by colour alone (about one man in twelve cannot): a red
card is striped and carries a diamond, a green card is dotted and carries a round mark, and
both carry their colour's letter (``diebombe.letter.red`` / ``.green``). The face's number
sits inside its shape (a white diamond or a white disc), so the shape is the biggest thing on
the card after its value.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.rules.diebombe import cards as C
from game.ui import cards, fonts, gfx, theme
from game.ui.cache import MB, SurfaceCache
from game.ui.icons import ICONS, Pen, draw_icon
from game.ui.text import NARROW, fit_line

Color = tuple[int, int, int]

RED = (204, 44, 52)
RED_DARK = (120, 18, 26)
RED_LIGHT = (236, 104, 104)
GREEN = (44, 160, 88)
GREEN_DARK = (14, 84, 42)
GREEN_LIGHT = (120, 214, 146)
BOMB_BODY = (40, 34, 40)
WHITE = (252, 250, 244)
GOLD = (255, 200, 70)
GOLD_DARK = (150, 100, 20)

FACE_SIZE = (168, 236)
"""A face-up card in the middle of the table."""
CHIP_SIZE = (40, 50)
"""A won card in a seat's row."""
LABEL_MARK = 7.0
"""The radius of the mark on a row's label (the pile): with the label 56 px wide it leaves
the widest letter ("Vm", bold 18 px) room narrowed at most to 90 %."""

_CACHE: SurfaceCache[pygame.Surface] = SurfaceCache("die bombe cards", 1 * MB)
"""A round shows two faces, the rows a few dozen chips and piles: about 0.7 MB at a time (a
face leaves the table after its round and is drawn again if it ever comes back in a list)."""


def colors(color: str | None) -> tuple[Color, Color, Color]:
    """(body, dark edge, light pattern) of a colour (a bomb: dark)."""
    if color == C.RED:
        return RED, RED_DARK, RED_LIGHT
    if color == C.GREEN:
        return GREEN, GREEN_DARK, GREEN_LIGHT
    return BOMB_BODY, (14, 12, 16), (70, 62, 70)


# --- the two marks ---------------------------------------------------------------------------


def diamond(center: tuple[float, float], half_w: float, half_h: float
            ) -> list[tuple[float, float]]:
    x, y = center
    return [(x, y - half_h), (x + half_w, y), (x, y + half_h), (x - half_w, y)]


def draw_mark(surface: pygame.Surface, color: str, center: tuple[float, float], radius: float,
              fill: Color = WHITE, edge: Color | None = None) -> None:
    """The colour's shape: a diamond for red, a disc for green (``radius``: half its height)."""
    if color == C.RED:
        points = diamond(center, radius * 0.8, radius)
        gfx.polygon(surface, fill, points)
        if edge is not None:
            gfx.polygon(surface, edge, points, max(1, round(radius / 6)))
    else:
        gfx.circle(surface, fill, center, radius * 0.86)
        if edge is not None:
            gfx.circle(surface, edge, center, radius * 0.86, max(1, round(radius / 6)))


def draw_pattern(surface: pygame.Surface, rect: pygame.Rect, color: str, step: int = 12
                 ) -> None:
    """The colour's pattern over ``rect``: diagonal stripes for red, a grid of dots for
    green (clipped to ``rect``)."""
    _body, _dark, light = colors(color)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip.width else rect)
    if color == C.RED:
        width = max(2, step // 3)
        for x in range(rect.left - rect.height, rect.right + step, step):
            gfx.line(surface, light, (x, rect.bottom), (x + rect.height, rect.top), width)
    else:
        dot = max(1.5, step / 4.5)
        for row, y in enumerate(range(rect.top + step // 2, rect.bottom + step, step)):
            shift = step // 2 if row % 2 else 0
            for x in range(rect.left + step // 2 - shift, rect.right + step, step):
                gfx.circle(surface, light, (x, y), dot)
    surface.set_clip(clip)


# --- the big face ----------------------------------------------------------------------------


def draw_face(card: str, letter: str, word: str, size: tuple[int, int] = FACE_SIZE
              ) -> pygame.Surface:
    """A face-up card: the colour with its pattern, the value big inside the colour's shape,
    the value and the letter in two corners, the colour's word at the bottom (a bomb: the
    bomb icon and ``word``)."""
    w, h = size
    key = ("face", card, w, h, letter, word)
    found = _CACHE.get(key)
    if found is not None:
        return found
    color = C.color_of(card)
    body, dark, _light = colors(color)
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    full = surf.get_rect()
    radius = max(6, round(w * 0.08))
    gfx.rect(surf, body, full, border_radius=radius)
    inner = full.inflate(-round(w * 0.1), -round(w * 0.1))
    if color is None:
        centre = (w / 2, h * 0.43)
        gfx.circle(surf, (250, 240, 220), centre, w * 0.38)
        gfx.circle(surf, (200, 38, 38), centre, w * 0.38, max(2, w // 40))
        side = round(w * 0.56)
        draw_icon(surf, "bomb", (round(centre[0] - side / 2), round(centre[1] - side / 2),
                                 side, side), (200, 38, 38))
        text = fit_line(word.upper(), max(theme.TEXT_MIN, round(w * 0.14)), inner.width,
                        WHITE, bold=True)
        surf.blit(text, text.get_rect(midbottom=(w // 2, inner.bottom - 4)))
    else:
        band = pygame.Rect(inner.left, inner.top, inner.width, inner.height)
        draw_pattern(surf, band, color, max(10, round(w * 0.09)))
        gfx.rect(surf, dark, inner, max(2, w // 50), border_radius=max(4, radius - 4))
        centre = (w / 2, h * 0.47)
        shape_r = min(w * 0.5, h * 0.3)
        draw_mark(surf, color, (centre[0] + 2, centre[1] + 3), shape_r, (0, 0, 0))
        draw_mark(surf, color, centre, shape_r, WHITE, dark)
        value = str(C.value_of(card))
        big = max(theme.TEXT_MIN, round(w * (0.3 if color == C.RED else 0.34)))
        text = fit_line(value, big, round(shape_r * 1.2), dark, bold=True)
        surf.blit(text, text.get_rect(center=(round(centre[0]), round(centre[1]))))
        corner = max(theme.TEXT_MIN, round(w * 0.14))
        tag = fit_line(f"{value} {letter}", corner, inner.width - 16, WHITE, bold=True)
        plate = tag.get_rect(topleft=(inner.left + 6, inner.top + 4)).inflate(8, 2)
        gfx.rect(surf, dark, plate, border_radius=6)
        surf.blit(tag, tag.get_rect(center=plate.center))
        label = fit_line(word.upper(), max(theme.TEXT_MIN, round(w * 0.11)), inner.width - 16,
                         WHITE, bold=True)
        backing = pygame.Rect(inner.left + 4, 0, inner.width - 8, label.get_height() + 4)
        backing.bottom = inner.bottom - 4
        gfx.rect(surf, dark, backing, border_radius=6)
        surf.blit(label, label.get_rect(center=backing.center))
    gfx.rect(surf, (0, 0, 0), full, max(2, w // 45), border_radius=radius)
    return _CACHE.put(key, surf)


def draw_face_back(size: tuple[int, int] = FACE_SIZE) -> pygame.Surface:
    return cards.draw_back(size)


# --- chips: a won card in a row ----------------------------------------------------------------


def draw_chip(card: str, letter: str, size: tuple[int, int] = CHIP_SIZE) -> pygame.Surface:
    """A small card: the value on top (white on the colour), the shape and the letter
    below, the colour's pattern behind. A row that fills up narrows its chips rather than
    overlapping them, so the value keeps its whole width (20 px, 18 px on a narrow chip); a
    chip lower than half a card is a tile (``draw_tile``)."""
    w, h = size
    if h < CHIP_SIZE[1] * 0.7:
        return draw_tile(card, size)
    key = ("chip", card, w, h, letter)
    found = _CACHE.get(key)
    if found is not None:
        return found
    color = C.color_of(card)
    body, dark, _light = colors(color)
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    full = surf.get_rect()
    gfx.rect(surf, body, full, border_radius=6)
    if color is None:
        gfx.circle(surf, (250, 240, 220), full.center, w * 0.42)
        draw_icon(surf, "bomb", full.inflate(-6, -10), (200, 38, 38))
    else:
        draw_pattern(surf, full.inflate(-2, -2), color, 9)
        plate = pygame.Rect(2, 3, w - 4, round(h * 0.46))
        gfx.rect(surf, dark, plate, border_radius=5)
        number = str(C.value_of(card))
        big = 20 if w >= CHIP_SIZE[0] - 2 else theme.TEXT_MIN
        value = fit_line(number, big, plate.width, WHITE, bold=True)
        surf.blit(value, value.get_rect(center=plate.center))
        low = pygame.Rect(2, plate.bottom + 2, w - 4, h - plate.bottom - 5)
        gfx.rect(surf, dark, low, border_radius=5)
        mark_r = min(low.height * 0.3, 5)
        room = round(low.width - mark_r * 2 - 2)
        # the letter narrowed at most to 90 % (issue 20: further reads as squashed)
        need = fonts.get(theme.TEXT_MIN, True).size(letter)[0] * NARROW
        if need <= room:
            draw_mark(surf, color, (low.left + 1.5 + mark_r, low.centery), mark_r)
            tag = fit_line(letter, theme.TEXT_MIN, room, WHITE, bold=True)
            surf.blit(tag, tag.get_rect(center=(round(low.right - room / 2 - 1), low.centery)))
        elif need <= low.width - 2:
            # a two-letter colour ("Vm"): the letter takes the whole line (the pattern
            # still tells the colour without the mark)
            tag = fit_line(letter, theme.TEXT_MIN, low.width - 2, WHITE, bold=True)
            surf.blit(tag, tag.get_rect(center=low.center))
        else:  # and a narrow chip: the mark alone, filling its line (the row's label
            # carries the letter, as it does for the tiles of a full row)
            draw_mark(surf, color, low.center, low.height * 0.4)
    gfx.rect(surf, (0, 0, 0), full, 2, border_radius=6)
    return _CACHE.put(key, surf)


def draw_tile(card: str, size: tuple[int, int]) -> pygame.Surface:
    """A won card in a full row (two lines of tiles): its value at 18 px on a dark plate
    framed by the colour's pattern; the row's label beside it carries the shape and the
    letter, and the frame's stripes or dots tell the colours apart without colour."""
    w, h = size
    key = ("tile", card, w, h)
    found = _CACHE.get(key)
    if found is not None:
        return found
    color = C.color_of(card)
    body, dark, _light = colors(color)
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    full = surf.get_rect()
    gfx.rect(surf, body, full, border_radius=5)
    if color is None:
        draw_icon(surf, "bomb", full.inflate(-4, -2), (200, 38, 38))
    else:
        draw_pattern(surf, full.inflate(-2, -2), color, 7)
        plate = full.inflate(-4, -6)
        gfx.rect(surf, dark, plate, border_radius=4)
        value = fit_line(str(C.value_of(card)), theme.TEXT_MIN, w - 2, WHITE, bold=True)
        surf.blit(value, value.get_rect(center=full.center))
    gfx.rect(surf, (0, 0, 0), full, 1, border_radius=5)
    return _CACHE.put(key, surf)


def draw_mini(card: str, letter: str, height: int = 28) -> pygame.Surface:
    """A card named in a list (the recent bids, the history): the value and the letter side
    by side on the colour's pattern; a bomb: its icon."""
    key = ("mini", card, height, letter)
    found = _CACHE.get(key)
    if found is not None:
        return found
    color = C.color_of(card)
    body, dark, _light = colors(color)
    text = "" if color is None else f"{C.value_of(card)} {letter}"
    label = fit_line(text, theme.TEXT_MIN, fonts.scaled(80), WHITE, bold=True) if text else None
    w = height if label is None else label.get_width() + 12
    surf = gfx.Canvas((w, height), pygame.SRCALPHA)
    full = surf.get_rect()
    gfx.rect(surf, body, full, border_radius=6)
    if color is None:
        gfx.circle(surf, (250, 240, 220), full.center, height * 0.42)
        draw_icon(surf, "bomb", full.inflate(-4, -4), (200, 38, 38))
    else:
        draw_pattern(surf, full.inflate(-2, -2), color, 8)
        assert label is not None
        plate = label.get_rect(center=full.center).inflate(6, -2)
        gfx.rect(surf, dark, plate, border_radius=5)
        surf.blit(label, label.get_rect(center=full.center))
    gfx.rect(surf, (0, 0, 0), full, 2, border_radius=6)
    return _CACHE.put(key, surf)


def signed(n: int) -> str:
    """A number with a real minus sign (−12), as every score on the table is shown."""
    return f"−{-n}" if n < 0 else str(n)


def draw_row_label(color: str, letter: str, total: str, size: tuple[int, int]) -> pygame.Surface:
    """The head of a seat's red or green row (the pile): the shape with the letter inside it
    on the pattern, and the row's sum under it."""
    w, h = size
    key = ("label", color, w, h, letter, total)
    found = _CACHE.get(key)
    if found is not None:
        return found
    body, dark, _light = colors(color)
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    full = surf.get_rect()
    gfx.rect(surf, body, full, border_radius=8)
    draw_pattern(surf, full.inflate(-2, -2), color, 9)
    top = pygame.Rect(3, 3, w - 6, h - 27)
    gfx.rect(surf, dark, top, border_radius=5)
    mark_r = min(LABEL_MARK, top.height * 0.34)
    draw_mark(surf, color, (top.left + 3 + mark_r, top.centery), mark_r, WHITE)
    room = round(top.width - mark_r * 2 - 6)
    tag = fit_line(letter, theme.TEXT_MIN, room, WHITE, bold=True)
    surf.blit(tag, tag.get_rect(center=(round(top.right - room / 2 - 1), top.centery)))
    plate = pygame.Rect(2, h - 22, w - 4, 20)
    gfx.rect(surf, dark, plate, border_radius=5)
    text = fit_line(total, theme.TEXT_MIN, plate.width - 2, WHITE, bold=True)
    surf.blit(text, text.get_rect(center=plate.center))
    gfx.rect(surf, (0, 0, 0), full, 2, border_radius=8)
    return _CACHE.put(key, surf)


# --- the crown -------------------------------------------------------------------------------


def crown_points(rect: pygame.Rect) -> list[tuple[float, float]]:
    x, y, w, h = rect
    base = y + h * 0.86
    return [(x + w * 0.1, base), (x, y + h * 0.26), (x + w * 0.3, y + h * 0.56),
            (x + w * 0.5, y + h * 0.08), (x + w * 0.7, y + h * 0.56), (x + w, y + h * 0.26),
            (x + w * 0.9, base)]


def draw_crown(surface: pygame.Surface, rect: pygame.Rect, jewel: Color = RED,
               color: str = C.RED) -> None:
    """A gold crown (the majority that doubles) with a jewel in the colour's shape."""
    points = crown_points(rect)
    gfx.polygon(surface, theme.SHADE, [(px + 1, py + 2) for px, py in points])
    gfx.polygon(surface, GOLD, points)
    gfx.polygon(surface, GOLD_DARK, points, 2)
    r = max(3.0, rect.height * 0.16)
    draw_mark(surface, color, (rect.centerx, rect.top + rect.height * 0.66), r, jewel,
              GOLD_DARK)


def draw_envelope(surface: pygame.Surface, rect: pygame.Rect, wobble: float = 0.0) -> None:
    """A sealed bid: an envelope with a wax seal (no number on it, ever)."""
    r = rect.move(0, round(wobble))
    paper = (238, 228, 204)
    gfx.rect(surface, theme.SHADE, r.move(2, 3), border_radius=4)
    gfx.rect(surface, paper, r, border_radius=4)
    gfx.lines(surface, (150, 130, 100), False,
              [(r.left + 2, r.top + 2), (r.centerx, r.top + r.height * 0.6),
               (r.right - 2, r.top + 2)], 2)
    gfx.rect(surface, (150, 130, 100), r, 2, border_radius=4)
    gfx.circle(surface, (178, 30, 40), (r.centerx, r.top + r.height * 0.62),
               max(3, r.height * 0.2))


# --- legend icons for the rules page (``game.ui.icons``'s 100×100 design space) ------------


def _legend_red(pen: Pen, ink: Color) -> None:
    pen.rect(RED, 14, 6, 72, 88, 8)
    for k in range(-4, 8):
        pen.line(RED_LIGHT, (14 + k * 14, 94), (14 + k * 14 + 88, 6), 4, round_ends=False)
    pen.rect(RED, 4, 0, 10, 100)
    pen.rect(RED, 86, 0, 10, 100)
    pen.poly(WHITE, [(50, 20), (76, 50), (50, 80), (24, 50)])
    pen.poly(RED_DARK, [(50, 20), (76, 50), (50, 80), (24, 50)], 3)


def _legend_green(pen: Pen, ink: Color) -> None:
    pen.rect(GREEN, 14, 6, 72, 88, 8)
    for row in range(8):
        for col in range(7):
            pen.circle(GREEN_LIGHT, 18 + col * 11 + (5 if row % 2 else 0), 12 + row * 11, 2.5)
    pen.circle(WHITE, 50, 50, 27)
    pen.circle(GREEN_DARK, 50, 50, 27, 3)


def _legend_crown(pen: Pen, ink: Color) -> None:
    pts = [(10, 80), (4, 30), (30, 56), (50, 14), (70, 56), (96, 30), (90, 80)]
    pen.poly(GOLD, pts)
    pen.poly(GOLD_DARK, pts, 3)
    pen.poly(RED, [(50, 52), (60, 64), (50, 76), (40, 64)])


def _legend_envelope(pen: Pen, ink: Color) -> None:
    pen.rect((238, 228, 204), 8, 24, 84, 56, 6)
    pen.rect((150, 130, 100), 8, 24, 84, 56, 6, 3)
    pen.lines((150, 130, 100), [(10, 26), (50, 58), (90, 26)], 3)
    pen.circle((178, 30, 40), 50, 60, 10)


LEGEND_ICONS: dict[str, Callable[[Pen, Color], None]] = {
    "diebombe_red": _legend_red, "diebombe_green": _legend_green,
    "diebombe_crown": _legend_crown, "diebombe_envelope": _legend_envelope,
}


def register_legend_icons() -> None:
    """Make the marks drawable by name (the rules page draws its legend through
    ``game.ui.icons``); idempotent, and it never replaces another icon."""
    for name, draw in LEGEND_ICONS.items():
        ICONS.setdefault(name, draw)


def wobble(clock: float, seat: int) -> float:
    """A small shake of a sealed envelope while the bids are about to be shown."""
    return math.sin(clock * 38 + seat * 1.7) * 3
