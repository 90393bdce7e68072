"""Caza Bombas drawn by code: the upright tiles (face up, face down, cut and lying flat), the
info tokens, the detonator dial with its skull, the Captain's cap, the Double Detector, the
"no talking" sign and the bomb's case. Everything a tile shows is told by a letter or a number
and a pattern as well as by colour: blue wires carry their number, yellow ones a hatched body
and the language's letter for yellow, red ones a zigzag and the letter for red.

Tiles and the dial's face are drawn once per size and look, in a bounded cache.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.rules.cazabombas.wires import YELLOW, Value, class_of, is_blue, is_yellow, sort_value
from game.ui import fonts, gfx, theme
from game.ui.cache import MB, SurfaceCache
from game.ui.icons import ICONS, Pen

Color = tuple[int, int, int]

IVORY = (240, 236, 224)
IVORY_EDGE = (150, 144, 128)
BLUE_INK = (30, 84, 196)
YELLOW_BODY = (248, 206, 54)
YELLOW_INK = (70, 52, 0)
RED_BODY = (206, 42, 38)
RED_INK = (255, 246, 240)
BACK = (58, 66, 88)
BACK_EDGE = (24, 28, 40)
BACK_LINE = (86, 96, 122)
RACK = (70, 50, 36)
RACK_EDGE = (40, 28, 20)
CUT_SHADE = (18, 22, 30)
GOLD = (255, 200, 70)
SAFE = (90, 200, 120)

_TILES: SurfaceCache[pygame.Surface] = SurfaceCache("caza tiles", 3 * MB)
_DIALS: SurfaceCache[pygame.Surface] = SurfaceCache("caza dials", 1 * MB)


def body_of(key: int) -> tuple[Color, Color]:
    """(body, ink) of a wire's face."""
    if is_blue(key):
        return IVORY, BLUE_INK
    if is_yellow(key):
        return YELLOW_BODY, YELLOW_INK
    return RED_BODY, RED_INK


def value_body(value: Value) -> tuple[Color, Color]:
    """(body, ink) of a token or a chip that shows ``value``."""
    if isinstance(value, int):
        return IVORY, BLUE_INK
    return (YELLOW_BODY, YELLOW_INK) if value == YELLOW else (RED_BODY, RED_INK)


def _radius(w: int) -> int:
    return max(3, w // 6)


def _pattern(surf: pygame.Surface, rect: pygame.Rect, key: int) -> None:
    """Yellow: a light hatch; red: a zigzag band (the colour is never alone)."""
    if is_yellow(key):
        shade = theme.mix(YELLOW_BODY, YELLOW_INK, 0.18)
        step = max(6, rect.width // 5)
        clip = surf.get_clip()
        surf.set_clip(rect.inflate(-4, -4))
        for x in range(rect.left - rect.height, rect.right, step):
            gfx.line(surf, shade, (x, rect.bottom), (x + rect.height, rect.top), 2)
        surf.set_clip(clip)
    elif not is_blue(key):
        shade = theme.mix(RED_BODY, RED_INK, 0.3)
        y = rect.top + max(5, rect.height // 9)
        teeth = 5
        w = rect.width - 8
        points = [(rect.left + 4 + w * k / teeth / 2, y + (4 if k % 2 else 0))
                  for k in range(2 * teeth + 1)]
        gfx.lines(surf, shade, False, points, 2)
        y2 = rect.bottom - max(5, rect.height // 9) - 4
        gfx.lines(surf, shade, False, [(x, y2 + 4 - (yy - y)) for x, yy in points], 2)


def _face_text(key: int, letters: tuple[str, str]) -> str:
    """The number of a blue wire; the letter of a yellow or red one (its printed sort value
    when no letter is given: the rules page's legend, which has no language of its own)."""
    cls = class_of(key)
    if isinstance(cls, int):
        return str(cls)
    letter = letters[0] if cls == YELLOW else letters[1]
    return letter or f"{sort_value(key):g}"


def tile_face(key: int, size: tuple[int, int], letters: tuple[str, str],
              cut: bool = False) -> pygame.Surface:
    """A wire's tile face up (``cut``: lying flat, dimmed, its wire broken). ``letters``: the
    language's letters for yellow and red."""
    w, h = size
    cache_key = ("face", key, w, h, letters, cut)
    found = _TILES.get(cache_key)
    if found is not None:
        return found
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    body, ink = body_of(key)
    rad = _radius(w)
    gfx.rect(surf, theme.mix(body, (0, 0, 0), 0.3), rect, border_radius=rad)
    gfx.rect(surf, body, rect.inflate(-2, -3).move(0, -1), border_radius=rad)
    _pattern(surf, rect, key)
    if is_blue(key):  # the wire itself, across the top and the bottom
        band = max(3, h // 16)
        gfx.rect(surf, theme.mix(BLUE_INK, body, 0.25),
                 pygame.Rect(3, max(3, h // 12), w - 6, band), border_radius=2)
        gfx.rect(surf, theme.mix(BLUE_INK, body, 0.25),
                 pygame.Rect(3, h - max(3, h // 12) - band - 1, w - 6, band), border_radius=2)
    text = _face_text(key, letters)
    small = h >= 72 and not is_blue(key)
    size_px = max(theme.TEXT_MIN, min(round(h * (0.42 if not cut else 0.52)),
                                      round(w * (0.78 if len(text) == 1 else 0.58))))
    # the tile's own mark is sized to the tile: a bigger text size does not grow it past it
    label = fonts.render(text, max(theme.TEXT_MIN, fonts.unscaled(size_px)), ink, True)
    centre_y = h // 2 - (h // 10 if small else 0)
    if small:
        sub = fonts.render(f"{sort_value(key):g}", theme.TEXT_MIN, ink, False)
        under = sub.get_rect(midbottom=(w // 2, h - max(6, h // 12)))
        if fonts.text_factor != 1.0:  # the grown value under the letter: the letter goes up
            centre_y = max(label.get_height() // 2 - 4,
                           min(centre_y, under.top - label.get_height() // 2 + 2))
    surf.blit(label, label.get_rect(center=(w // 2, centre_y)))
    if small:
        surf.blit(sub, under)
    gfx.rect(surf, theme.mix(body, (0, 0, 0), 0.45), rect, 1, border_radius=rad)
    if cut:
        shade = gfx.Canvas((w, h), pygame.SRCALPHA)
        gfx.rect(shade, (*CUT_SHADE, 84), rect, border_radius=rad)
        surf.blit(shade, (0, 0))
        # the wire snipped: a broken line across the tile with a gap
        y = max(4, h // 5)
        wire = theme.mix(ink, body, 0.2)
        gfx.line(surf, wire, (2, y + 2), (w // 2 - 5, y), 3)
        gfx.line(surf, wire, (w // 2 + 5, y + 3), (w - 3, y + 1), 3)
    return _TILES.put(cache_key, surf)


def tile_back(size: tuple[int, int]) -> pygame.Surface:
    """A teammate's tile: only its plain back is seen."""
    w, h = size
    cache_key = ("back", w, h)
    found = _TILES.get(cache_key)
    if found is not None:
        return found
    surf = gfx.Canvas((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    rad = _radius(w)
    gfx.rect(surf, BACK_EDGE, rect, border_radius=rad)
    gfx.rect(surf, BACK, rect.inflate(-3, -4).move(0, -1), border_radius=rad)
    inner = rect.inflate(-max(8, w // 3), -max(12, h // 3))
    gfx.rect(surf, BACK_LINE, inner, 2, border_radius=max(2, rad // 2))
    gfx.circle(surf, BACK_LINE, inner.center, max(2, min(inner.width, inner.height) // 5))
    return _TILES.put(cache_key, surf)


def flat_size(size: tuple[int, int]) -> tuple[int, int]:
    """A cut tile lies down: as wide, a little over half as tall."""
    return (size[0], max(18, round(size[1] * 0.6)))


def token(surface: pygame.Surface, centre: tuple[float, float], radius: int, value: Value,
          letters: tuple[str, str], ring: Color | None = None) -> None:
    """An info token showing ``value`` (a number, or yellow)."""
    body, ink = value_body(value)
    x, y = round(centre[0]), round(centre[1])
    gfx.circle(surface, theme.SHADE, (x + 1, y + 2), radius)
    gfx.circle(surface, body, (x, y), radius)
    gfx.circle(surface, ring or theme.mix(body, (0, 0, 0), 0.5), (x, y), radius, 2)
    text = str(value) if isinstance(value, int) else letters[0]
    size = max(theme.TEXT_MIN, min(round(radius * 1.25), 26))
    label = fonts.render(text, size, ink, True)
    if label.get_width() > radius * 2 - 2:
        label = gfx.smoothscale(label, (radius * 2 - 2, label.get_height()))
    surface.blit(label, label.get_rect(center=(x, y + 1)))


# --- the dial ---------------------------------------------------------------------------------

DIAL_FROM = math.radians(215)
DIAL_TO = math.radians(-35)
"""The dial's scale runs clockwise from lower left, over the top, to lower right."""


def dial_angle(spaces: int, position: float) -> float:
    """The angle (radians, y up) of ``position`` on a dial of ``spaces`` spaces before the
    skull (the skull is at ``spaces``)."""
    t = max(0.0, min(1.0, position / max(1, spaces)))
    return DIAL_FROM + (DIAL_TO - DIAL_FROM) * t


def _polar(cx: float, cy: float, r: float, angle: float) -> tuple[float, float]:
    return (cx + r * math.cos(angle), cy - r * math.sin(angle))


def skull(surface: pygame.Surface, centre: tuple[float, float], size: float,
          color: Color = IVORY, ink: Color = (20, 20, 24)) -> None:
    """A small skull: the end of the dial."""
    cx, cy = centre
    r = size / 2
    gfx.circle(surface, color, (cx, cy - r * 0.15), r * 0.8)
    gfx.rect(surface, color, pygame.Rect(round(cx - r * 0.45), round(cy + r * 0.2),
                                         round(r * 0.9), round(r * 0.55)),
             border_radius=max(1, round(r * 0.15)))
    for dx in (-0.32, 0.32):
        gfx.circle(surface, ink, (cx + dx * r, cy - r * 0.12), max(1.5, r * 0.22))
    gfx.polygon(surface, ink, [(cx, cy + r * 0.05), (cx - r * 0.1, cy + r * 0.25),
                               (cx + r * 0.1, cy + r * 0.25)])
    for dx in (-0.22, 0.0, 0.22):
        gfx.line(surface, ink, (cx + dx * r, cy + r * 0.45), (cx + dx * r, cy + r * 0.72),
                 max(1, round(r * 0.08)))


def dial_face(spaces: int, radius: int) -> pygame.Surface:
    """The dial without its needle: ``spaces`` marks, each saying the mistakes still allowed
    there (the last one, 0: one more reaches the skull), then the skull."""
    cache_key = ("dial", spaces, radius)
    found = _DIALS.get(cache_key)
    if found is not None:
        return found
    side = 2 * radius + 8
    surf = gfx.Canvas((side, side), pygame.SRCALPHA)
    c = side / 2
    gfx.circle(surf, (20, 22, 28), (c, c + 3), radius + 2)
    gfx.circle(surf, (96, 100, 110), (c, c), radius + 2)
    gfx.circle(surf, (36, 40, 50), (c, c), radius - 4)
    gfx.circle(surf, (228, 222, 204), (c, c), radius - 9)
    # the danger arc: green to red towards the skull
    steps = 40
    for k in range(steps):
        a0 = DIAL_FROM + (DIAL_TO - DIAL_FROM) * k / steps
        a1 = DIAL_FROM + (DIAL_TO - DIAL_FROM) * (k + 1) / steps
        color = theme.mix((70, 170, 90), (210, 50, 40), k / (steps - 1))
        gfx.line(surf, color, _polar(c, c, radius - 16, a0), _polar(c, c, radius - 16, a1), 6)
    for mark in range(spaces + 1):
        angle = dial_angle(spaces, mark)
        if mark == spaces:
            skull(surf, _polar(c, c, radius - 34, angle), radius * 0.42)
            continue
        gfx.line(surf, (40, 40, 48), _polar(c, c, radius - 22, angle),
                 _polar(c, c, radius - 10, angle), 3)
        label = fonts.render(str(spaces - 1 - mark), theme.TEXT_MIN, (40, 40, 48), True)
        surf.blit(label, label.get_rect(center=_polar(c, c, radius - 34, angle)))
    return _DIALS.put(cache_key, surf)


def draw_dial(surface: pygame.Surface, centre: tuple[int, int], radius: int, spaces: int,
              position: float, shake: float = 0.0) -> None:
    """The detonator dial with its needle at ``position`` (0: the start; ``spaces``: the
    skull)."""
    face = dial_face(spaces, radius)
    x, y = centre[0] + shake, centre[1]
    surface.blit(face, face.get_rect(center=(round(x), round(y))))
    angle = dial_angle(spaces, position)
    tip = _polar(x, y, radius - 14, angle)
    back = _polar(x, y, 12, angle + math.pi)
    side = angle + math.pi / 2
    w = 5
    points = [tip, _polar(back[0], back[1], w, side), _polar(back[0], back[1], -w, side)]
    gfx.polygon(surface, theme.SHADE, [(px + 2, py + 3) for px, py in points])
    gfx.polygon(surface, (178, 30, 30), points)
    gfx.circle(surface, (60, 60, 66), (x, y), 9)
    gfx.circle(surface, (160, 160, 170), (x, y), 4)
    # the number the needle points at is read through a window in it, never hidden under it
    mark = round(position)
    if 0 <= mark < spaces and abs(position - mark) < 0.5:
        at = _polar(x, y, radius - 34, dial_angle(spaces, mark))
        gfx.circle(surface, (228, 222, 204), at, 14)
        gfx.circle(surface, (178, 30, 30), at, 14, 2)
        label = fonts.render(str(spaces - 1 - mark), theme.TEXT_MIN, (40, 40, 48), True)
        surface.blit(label, label.get_rect(center=(round(at[0]), round(at[1]))))


# --- small signs ----------------------------------------------------------------------------------


def captain_cap(surface: pygame.Surface, rect: pygame.Rect, color: Color = GOLD) -> None:
    """The Captain's cap: a peaked cap with a star."""
    x, y, w, h = rect
    crown = [(x + w * 0.1, y + h * 0.62), (x + w * 0.18, y + h * 0.18),
             (x + w * 0.82, y + h * 0.18), (x + w * 0.9, y + h * 0.62)]
    gfx.polygon(surface, (32, 36, 60), crown)
    gfx.rect(surface, color, pygame.Rect(round(x + w * 0.1), round(y + h * 0.55),
                                         round(w * 0.8), max(2, round(h * 0.12))))
    gfx.polygon(surface, (20, 20, 30), [(x + w * 0.08, y + h * 0.66), (x + w * 0.92, y + h * 0.66),
                                        (x + w * 0.8, y + h * 0.9), (x + w * 0.2, y + h * 0.9)])
    cx, cy, r = x + w * 0.5, y + h * 0.37, h * 0.16
    star = [(cx + (r if k % 2 == 0 else r * 0.45) * math.cos(math.pi / 2 + math.pi * k / 5),
             cy - (r if k % 2 == 0 else r * 0.45) * math.sin(math.pi / 2 + math.pi * k / 5))
            for k in range(10)]
    gfx.polygon(surface, color, star)


def detector(surface: pygame.Surface, rect: pygame.Rect, used: bool) -> None:
    """The Double Detector: a handheld probe with two prongs (greyed and crossed once used)."""
    x, y, w, h = rect
    body = (110, 116, 128) if used else (70, 190, 230)
    ink = (60, 64, 72) if used else (16, 40, 60)
    gfx.rect(surface, body, pygame.Rect(round(x + w * 0.3), round(y + h * 0.35), round(w * 0.4),
                                        round(h * 0.6)), border_radius=max(2, w // 10))
    gfx.rect(surface, ink, pygame.Rect(round(x + w * 0.3), round(y + h * 0.35), round(w * 0.4),
                                       round(h * 0.6)), 2, border_radius=max(2, w // 10))
    for dx in (0.36, 0.64):
        gfx.line(surface, body, (x + w * dx, y + h * 0.38), (x + w * dx, y + h * 0.06), 3)
        gfx.circle(surface, body, (x + w * dx, y + h * 0.06), max(2, w // 10))
    gfx.circle(surface, ink, (x + w * 0.5, y + h * 0.58), max(2, w // 9))
    if used:
        gfx.line(surface, (220, 80, 70), (x + 2, y + h - 2), (x + w - 2, y + 2), 3)


def no_talking(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A speech bubble struck through: nobody speaks about their own wires."""
    x, y, w, h = rect
    bubble = pygame.Rect(round(x + w * 0.12), round(y + h * 0.16), round(w * 0.76),
                         round(h * 0.52))
    gfx.ellipse(surface, IVORY, bubble)
    gfx.polygon(surface, IVORY, [(x + w * 0.3, y + h * 0.6), (x + w * 0.22, y + h * 0.86),
                                 (x + w * 0.46, y + h * 0.64)])
    for k in range(3):
        gfx.circle(surface, (60, 60, 70), (x + w * (0.34 + 0.16 * k), y + h * 0.42),
                   max(2, w // 16))
    gfx.circle(surface, theme.DANGER, (x + w / 2, y + h / 2), min(w, h) * 0.47,
               max(3, w // 14))
    gfx.line(surface, theme.DANGER, (x + w * 0.18, y + h * 0.82), (x + w * 0.82, y + h * 0.18),
             max(3, w // 14))


def case(surface: pygame.Surface, centre: tuple[float, float], width: float, opened: float,
         ) -> None:
    """The bomb's case, its lid swinging open on the hinge at its top as ``opened`` goes
    0 → 1 (the mission won): the lid's outside shrinks away, then its inside rises."""
    cx, cy = centre
    h = width * 0.5
    box = pygame.Rect(round(cx - width / 2), round(cy - h / 2), round(width), round(h))
    gfx.rect(surface, theme.SHADE, box.move(4, 6), border_radius=10)
    gfx.rect(surface, (70, 74, 86), box, border_radius=10)
    inside = box.inflate(-16, -16)
    gfx.rect(surface, (30, 32, 40), inside, border_radius=6)
    gfx.circle(surface, (24, 24, 28), inside.center, inside.height * 0.36)
    for k in range(4):  # the defused bomb: every wire cut through
        yy = inside.top + 10 + k * (inside.height - 20) / 3
        color = (BLUE_INK, YELLOW_BODY, RED_BODY, BLUE_INK)[k]
        gfx.line(surface, color, (inside.left + 8, yy), (inside.centerx - 14, yy + 3), 3)
        gfx.line(surface, color, (inside.centerx + 14, yy + 3), (inside.right - 8, yy), 3)
    swing = max(0.0, min(1.0, opened))
    if swing < 0.5:  # the outside of the lid, folding up towards the hinge
        lid_h = round(h * (1.0 - 2.0 * swing))
        if lid_h > 2:
            lid = pygame.Rect(box.left, box.top, box.width, lid_h)
            gfx.rect(surface, (96, 100, 114), lid, border_radius=10)
            gfx.rect(surface, (40, 42, 50), lid, 2, border_radius=10)
            gfx.rect(surface, GOLD, pygame.Rect(round(cx - 10), lid.bottom - 10, 20, 8),
                     border_radius=2)
    else:  # the inside of the lid, rising above the hinge
        lid_h = round(h * 0.9 * (2.0 * swing - 1.0))
        if lid_h > 2:
            lid = pygame.Rect(box.left + 4, box.top - lid_h, box.width - 8, lid_h)
            gfx.rect(surface, (52, 56, 66), lid, border_radius=10)
            gfx.rect(surface, (40, 42, 50), lid, 2, border_radius=10)
    handle = pygame.Rect(0, 0, round(width * 0.3), round(h * 0.18))
    top = box.top if swing < 0.5 else box.top - round(h * 0.9 * (2.0 * swing - 1.0))
    handle.midbottom = (round(cx), top + 2)
    gfx.rect(surface, (40, 42, 50), handle, 4, border_radius=6)


# --- the rules page's legend (drawn through game.ui.icons) -----------------------------------


def _legend_tile(key: int) -> Callable[[Pen, Color], None]:
    def draw(pen: Pen, ink: Color) -> None:
        side = pen.s.get_width()
        face = tile_face(key, (round(side * 0.58), round(side * 0.9)), ("", ""))
        pen.s.blit(face, face.get_rect(center=(side // 2, side // 2)))
    return draw


def _legend_back(pen: Pen, ink: Color) -> None:
    side = pen.s.get_width()
    back = tile_back((round(side * 0.58), round(side * 0.9)))
    pen.s.blit(back, back.get_rect(center=(side // 2, side // 2)))


def _legend_cut(pen: Pen, ink: Color) -> None:
    side = pen.s.get_width()
    face = tile_face(50, flat_size((round(side * 0.58), round(side * 0.9))), ("", ""), True)
    pen.s.blit(face, face.get_rect(midbottom=(side // 2, round(side * 0.95))))


def _legend_token(pen: Pen, ink: Color) -> None:
    side = pen.s.get_width()
    token(pen.s, (side / 2, side / 2), round(side * 0.4), 7, ("", ""))


def _legend_dial(pen: Pen, ink: Color) -> None:
    side = pen.s.get_width()
    draw_dial(pen.s, (side // 2, side // 2), round(side * 0.44), 3, 1)


def _legend_captain(pen: Pen, ink: Color) -> None:
    side = pen.s.get_width()
    captain_cap(pen.s, pygame.Rect(0, round(side * 0.1), side, round(side * 0.8)))


def _legend_detector(pen: Pen, ink: Color) -> None:
    side = pen.s.get_width()
    detector(pen.s, pygame.Rect(round(side * 0.1), round(side * 0.05), round(side * 0.8),
                                round(side * 0.9)), False)


def _legend_silence(pen: Pen, ink: Color) -> None:
    side = pen.s.get_width()
    no_talking(pen.s, pygame.Rect(0, 0, side, side))


def _legend_validated(pen: Pen, ink: Color) -> None:
    side = pen.s.get_width()
    validated_mark(pen.s, pygame.Rect(round(side * 0.1), round(side * 0.1), round(side * 0.8),
                                      round(side * 0.8)), 5, True)


def validated_mark(surface: pygame.Surface, rect: pygame.Rect, number: int, done: bool,
                   cut: int = 0, total: int = 4) -> None:
    """A number on the board: ticked in green once every wire of it is cut, else how many of
    its wires are cut as a row of pips under it (lit green once cut, hollow while not), as
    big as the mark allows: read at a glance, at 1024×640 too."""
    body = (56, 150, 86) if done else (66, 74, 96)
    gfx.rect(surface, body, rect, border_radius=max(3, rect.width // 5))
    gfx.rect(surface, (20, 24, 32), rect, 1, border_radius=max(3, rect.width // 5))
    ink = (240, 250, 240) if done else theme.INK
    label = fonts.render(str(number), theme.TEXT_MIN, ink, True)
    if label.get_width() > rect.width - 2:
        label = gfx.smoothscale(label, (rect.width - 2, label.get_height()))
    if done:
        surface.blit(label, label.get_rect(center=(rect.centerx,
                                                   rect.top + rect.height * 0.4)))
        x, y, w, h = rect
        gfx.lines(surface, (250, 255, 250), False,
                  [(x + w * 0.62, y + h * 0.82), (x + w * 0.74, y + h * 0.93),
                   (x + w * 0.94, y + h * 0.66)], 2)
        return
    pip_w, pip_h, gap = pip_size(rect, total)
    row = total * pip_w + (total - 1) * gap
    top = rect.bottom - pip_h - 3
    surface.blit(label, label.get_rect(center=(rect.centerx, rect.top + (top - rect.top) // 2
                                               + 1)))
    for k in range(total):
        pip = pygame.Rect(rect.centerx - row // 2 + k * (pip_w + gap), top, pip_w, pip_h)
        gfx.rect(surface, PIP_LIT if k < cut else PIP_DARK, pip, border_radius=1)


PIP_LIT = (120, 240, 150)
"""A cut wire's pip on the board: bright on the mark's slate."""
PIP_DARK = (26, 30, 40)
"""A wire not cut yet: a dark slot (a gauge that fills as the wires are cut)."""


def pip_size(rect: pygame.Rect, total: int) -> tuple[int, int, int]:
    """(width, height, gap) of a number's pips in its ``rect``: together as wide as the mark
    allows (each at most 9 px), 8 to 10 px tall: a gauge read at a glance."""
    gap = 1 if rect.width < 36 else 2
    width = max(3, min(9, (rect.width - 4 - (total - 1) * gap) // max(1, total)))
    return width, max(8, min(10, rect.height // 4)), gap


LEGEND_ICONS: dict[str, Callable[[Pen, Color], None]] = {
    "caza_blue": _legend_tile(70),
    "caza_yellow": _legend_tile(31),
    "caza_red": _legend_tile(75),
    "caza_back": _legend_back,
    "caza_cut": _legend_cut,
    "caza_token": _legend_token,
    "caza_dial": _legend_dial,
    "caza_captain": _legend_captain,
    "caza_detector": _legend_detector,
    "caza_validated": _legend_validated,
    "caza_silence": _legend_silence,
}


def register_legend_icons() -> None:
    """Make the legend's pictures drawable by name through ``game.ui.icons`` (idempotent; it
    never replaces another icon)."""
    for name, draw in LEGEND_ICONS.items():
        ICONS.setdefault(name, draw)
