"""The middle of the table: the deck, the discard pile, the danger meter (a fuse that burns
shorter as danger rises) and the viewer's clues by position."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.ui import cards, fonts, gfx, theme
from game.ui.bombdeck import palette
from game.ui.bombdeck.layout import CLUES, DECK, DISCARD, METER
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import round_rect
from game.ui.icons import draw_icon, icon_surface
from game.ui.text import draw_text, fit_line, wrap_text

FUSE_FULL = 190
FaceOf = Callable[[str], pygame.Surface]


def danger_level(danger: float) -> float:
    """0..1 tension from the bomb ratio: one bomb in three cards already burns it to the end."""
    return max(0.0, min(1.0, danger * 3.0))


def draw_deck(surface: pygame.Surface, count: int, label: str, hot: bool = False,
              time: float = 0.0, back: pygame.Surface | None = None) -> None:
    """The draw pile as a stack of backs (``back``: the rule set's) as thick as it is full,
    with its count."""
    if count <= 0:
        round_rect(surface, DECK, theme.INK_DIM, 10, 120, 2)
    else:
        layers = min(8, 1 + count // 5)
        back = back or cards.draw_back()
        for k in range(layers):
            off = layers - 1 - k
            cards.blit_card(surface, back, (DECK.left - off, DECK.top + off), 3 if k else 4)
        if hot:
            glow = 0.5 + 0.5 * math.sin(time * 4.0)
            round_rect(surface, DECK.inflate(8, 8), theme.ACCENT, 14, round(120 + 120 * glow), 4)
    chip = fit_line(str(count), theme.TEXT_BODY, 80, theme.INK, bold=True)
    box = chip.get_rect(midtop=(DECK.centerx, DECK.bottom + 8)).inflate(18, 6)
    round_rect(surface, box, theme.BG_DEEP, 10, 200)
    surface.blit(chip, chip.get_rect(center=box.center))
    draw_text(surface, label, (DECK.centerx, box.bottom + 2), theme.TEXT_MIN, theme.INK_DIM,
              anchor="midtop", max_width=140)


def _tilt(index: int) -> tuple[float, int, int]:
    """A fixed small tilt and offset for the ``index``-th card of the pile."""
    h = (index * 2654435761) & 0xFFFF
    return ((h % 13) - 6.0, (h // 13) % 9 - 4, (h // 117) % 7 - 3)


_TILTED: SurfaceCache[tuple[pygame.Surface, pygame.Surface]] = SurfaceCache("tilted pile", 2 * MB)
DISCARD_SHOWN = 4
"""The pile's top cards that show."""


def _tilted(face: pygame.Surface, angle: float) -> pygame.Surface:
    """A pile card turned (kept: the pile's top cards are redrawn every frame)."""
    key = (id(face), angle)
    found = _TILTED.get(key)
    if found is None or found[0] is not face:  # the entry keeps its face alive
        found = (face, gfx.rotozoom(face, angle, 1.0))
        _TILTED.put(key, found)
    return found[1]


def warm_pile(pile: Sequence[str], face_of: FaceOf) -> None:
    """Turn one of the pile's top cards ahead of time, if one is not turned yet: a play
    hovering over the pile lands on it when its window closes, and the cards it brings
    were all turned in that one frame (three turns: 2 ms at 1080p)."""
    global _warmed
    top = (len(pile), tuple(pile[-DISCARD_SHOWN:]))
    if top == _warmed:
        return
    for index in range(max(0, len(pile) - DISCARD_SHOWN), len(pile)):
        angle = _tilt(index)[0]
        face = face_of(pile[index])
        found = _TILTED.get((id(face), angle))
        if found is None or found[0] is not face:
            _tilted(face, angle)
            return
    _warmed = top


_warmed: tuple[int, tuple[str, ...]] | None = None
"""The pile last found all turned (nothing to look at again while it stays the same)."""


def resized(face: pygame.Surface, size: tuple[int, int], angle: float = 0.0
            ) -> pygame.Surface:
    """``face`` at ``size``, turned by ``angle`` when it is not 0 (kept: a play hovering over
    the pile, a bomb waiting to be hidden are drawn every frame, and a turn of a big face
    took 2 ms at 1080p)."""
    key = (id(face), size, angle)
    found = _TILTED.get(key)
    if found is None or found[0] is not face:  # the entry keeps its face alive
        img = gfx.smoothscale(face, size)
        found = (face, gfx.rotozoom(img, angle, 1.0) if angle else img)
        _TILTED.put(key, found)
    return found[1]


def draw_discard(surface: pygame.Surface, pile: Sequence[str], face_of: FaceOf,
                 label: str) -> None:
    """The top few cards of the pile, each with its own small tilt."""
    if not pile:
        round_rect(surface, DISCARD, theme.INK_DIM, 10, 90, 2)
    start = max(0, len(pile) - DISCARD_SHOWN)
    for index in range(start, len(pile)):
        angle, dx, dy = _tilt(index)
        img = _tilted(face_of(pile[index]), angle)
        rect = img.get_rect(center=(DISCARD.centerx + dx, DISCARD.centery + dy))
        cards.blit_card(surface, img, rect.topleft, 3)
    draw_text(surface, label, (DISCARD.centerx, DISCARD.bottom + 40), theme.TEXT_MIN,
              theme.INK_DIM, anchor="midtop", max_width=140)


FUSE_Y = 50
"""The fuse's height in the meter (the title and the percentage sit above it)."""


def fuse_tip(danger: float) -> tuple[float, float]:
    """Where the fuse burns now (the scene puts sparks there)."""
    length = FUSE_FULL * (1.0 - danger_level(danger)) + 8
    x0, y0 = METER.left + 58, METER.top + FUSE_Y
    return (x0 + length, y0 + math.sin(length / 16.0) * 4)


def draw_meter(surface: pygame.Surface, title: str, counts: str, percent: str,
               danger: float, icon: str = "bomb") -> None:
    """The danger meter: a bomb (``icon``: the rule set's, Clásico's kitten), its fuse burnt
    down by the danger, the ratio in big figures (public at all times, RULES.md) and the
    bombs and cards it comes from."""
    level = danger_level(danger)
    round_rect(surface, METER, theme.BG_DEEP, 14, palette.METER_ALPHA)
    draw_text(surface, title, (METER.left + 14, METER.top + 6), theme.TEXT_MIN, palette.INK_DIM,
              bold=True)
    ink = palette.danger_ink(level)
    draw_text(surface, percent, (METER.right - 14, METER.top + 2), theme.TEXT_LARGE, ink,
              bold=True, anchor="topright")
    bomb = icon_surface(icon, (44, 44), (200, 38, 38))
    surface.blit(bomb, (METER.left + 10, METER.top + FUSE_Y - 24))
    x0, y0 = METER.left + 58, METER.top + FUSE_Y
    length = FUSE_FULL * (1.0 - level) + 8
    full = FUSE_FULL + 8

    def at(s: float) -> tuple[int, int]:
        return (round(x0 + s), round(y0 + math.sin(s / 16.0) * 4))

    for s in range(0, full, 6):  # the burnt part: a faint dotted trace
        if s > length:
            gfx.circle(surface, (70, 66, 62), at(s), 2)
    points = [at(s) for s in range(0, int(length) + 1, 3)] or [at(0)]
    if len(points) > 1:
        gfx.lines(surface, (120, 88, 52), False, points, 6)
        gfx.lines(surface, (214, 176, 120), False, points, 3)
        for k in range(0, len(points) - 1, 3):
            gfx.circle(surface, (120, 88, 52), points[k], 2)
    room = METER.width - 28
    if meter_spill(counts):  # a bigger text size: the counts whole, under the box
        draw_text(surface, counts, (METER.left + 14, METER.bottom + 2), theme.TEXT_MIN, ink,
                  max_width=theme.SCREEN_W - 16 - METER.left - 14)
        return
    size = theme.TEXT_SMALL if fonts.get(theme.TEXT_SMALL).size(counts)[0] <= room \
        else theme.TEXT_MIN  # (a bigger text size: the floor's size fits the box whole)
    draw_text(surface, counts, (METER.left + 14, METER.bottom - 6), size, ink,
              anchor="bottomleft", max_width=room)


def meter_spill(counts: str) -> int:
    """How far below the meter's box its counts reach: 0 while they fit in it (always at
    100 %); at a bigger text size they may need a line under it, and the clues step down by
    as much."""
    if fonts.get(theme.TEXT_MIN).size(counts)[0] <= METER.width - 28:
        return 0
    return fonts.get(theme.TEXT_MIN).get_linesize() + 4


def clue_ground(card: str) -> theme.Color:
    """A clue chip's colour: the card's face colour (the bomb's is nearly black)."""
    return cards.style_of(card).body


def draw_clues(surface: pygame.Surface, title: str, clues: Sequence[tuple[str, str]],
               shift: int = 0) -> pygame.Rect:
    """The viewer's clues: an icon and "1st: Bomb" for each known position, top first, in
    rows as wide as the meter above them. Returns the area they cover (the lesson's
    highlight takes all of it: a third chip on a second row stays inside)."""
    if not clues:
        return pygame.Rect(CLUES.topleft, (0, 0))
    head = draw_text(surface, title, (CLUES.left + 4, CLUES.top + shift), theme.TEXT_MIN,
                     palette.INK, bold=True)
    area = head.copy()
    x, y = CLUES.left, CLUES.top + shift + fonts.scaled(24)
    # with bigger text a chip may reach past the meter's width, to the screen's margin (the
    # draw button is below that row): "13th: Exploding Kitten" was squeezed at 125 %
    right = CLUES.right if fonts.text_factor == 1.0 else theme.SCREEN_W - 16
    high = fonts.scaled(30)
    for card, text in clues:
        ground = clue_ground(card)
        label = fit_line(text, theme.TEXT_MIN, right - CLUES.left - 44,
                         theme.readable_ink(ground), bold=True)
        w = 30 + label.get_width() + 12
        if x + w > right and x > CLUES.left:
            x, y = CLUES.left, y + high + 4
        chip = pygame.Rect(x, y, w, high)
        round_rect(surface, chip, ground, 15)
        round_rect(surface, chip, cards.style_of(card).base, 15, 255, 2)
        draw_icon(surface, card, (chip.left + 5, chip.top + 3, 24, 24))
        surface.blit(label, label.get_rect(midleft=(chip.left + 32, chip.centery)))
        area.union_ip(chip)
        x += w + 8
    return area


def draw_no_clues(surface: pygame.Surface, title: str, hint: str, shift: int = 0
                  ) -> pygame.Rect:
    """Where the viewer's clues will show, before there are any (Bomba en el Mazo): the title
    and what gives clues, dim. Returns the area it covers."""
    head = draw_text(surface, title, (CLUES.left + 4, CLUES.top + shift), theme.TEXT_MIN,
                     palette.INK, bold=True)
    area = head.copy()
    top, step = CLUES.top + shift + fonts.scaled(24), fonts.scaled(22)  # (grown with the text)
    for k, line in enumerate(wrap_text(hint, theme.TEXT_MIN, CLUES.width - 8)):
        area.union_ip(draw_text(surface, line, (CLUES.left + 4, top + k * step),
                                theme.TEXT_MIN, palette.INK_DIM, max_width=CLUES.width - 8))
    return area
