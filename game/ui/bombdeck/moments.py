"""The big moments of the table, staged: an explosion, a defuse, a win, a card changing hands,
the card you draw shown to you. The story starts each as a beat the person may cut short (a
click, Space or Enter); while it plays a :class:`Moment` says what to put over the table: a
band across it with a title ("BOOM!", "Saved!", "Crafty 2 wins!") and the badges it is about,
lit. The speed setting shortens it with every other beat; with reduced motion it only fades
(no pop, no pulse, no turning burst; the shake is dropped by the app).

An explosion is the loudest of them (:func:`draw_blast`): a hot colour flash that tints the
table rather than whiting it out, then the table dims under the band so the band is all one
reads; the band shows what went off (the bomb, or Clásico's exploding kitten: the rule set's
picture) bursting beside the title; your own burns the screen's edges and dims the table
further. How to go on is said inside the band, under its lines, clear of the draw button.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import fonts, gfx, theme
from game.ui.bombdeck import palette
from game.ui.draw import round_rect
from game.ui.icons import icon_surface, star_points
from game.ui.text import fit_line
from game.ui.tween import Tween

BOOM_TIME = 3.0
"""The explosion's moment: flash, shake, the band naming who; a beat of silence follows. Long
enough to be taken in (a review found 2 s over before it registered); a press cuts it short."""
SAVED_TIME = 1.9
"""A defuse: the bomb shown, "Saved!", the defuse meets it, then goes to the pile."""
WIN_TIME = 2.4
"""The winner's badge lit and named before the results."""
PASS_TIME = 0.95
"""A card taken or given, flying from one badge to the other."""
SHOW_TIME = 0.6
"""The drawn card held up, large, before its owner (only them)."""
TITLE_SIZE = 76
BAND_H = 136
THEN_H = 72
"""The band's extra room for what comes next."""
HINT_H = 30
"""The band's extra room for how to go on when nothing comes next (the room for what comes
next has it under its line): inside the band, the hint covers nothing else."""
SCORCH = (120, 16, 10)
"""Your own explosion: the edges of the screen burn this dark red."""
FADE = 0.14
"""The share of a moment spent fading in, and out."""
BOOM_IN = 0.03
"""An explosion comes at once: the share of it spent fading in."""
FLASH_TIME = 0.55
"""Seconds of an explosion's colour flash (scaled by the speed setting with the moment)."""
FLASH_TINT = (0.0, 0.4, 0.7)
"""At the flash's height the table keeps all its red, 60 % of its green and 30 % of its blue
(it turns fire-coloured, its darks stay dark: nothing whites out) ..."""
FLASH_GLOW = (96, 34, 4)
"""... and this much orange light is added on top."""
REDUCED_FLASH = 0.0
"""With reduced motion there is no flash (the table darkens under the band all the same)."""
DIM_MINE = 0.45
DIM_OTHER = 0.22
"""How much the table darkens under the band: your own explosion, anyone else's."""
PICTURE = 104
"""The side of what went off, beside the explosion's title."""
BURST = (255, 140, 40)
BURST_CORE = (255, 214, 90)
EDGE = (226, 58, 36)
"""The explosion band's hot edges."""


@dataclass
class Moment:
    kind: str
    """"boom", "saved", "win", "pass" or "drawn"."""
    tween: Tween
    """0..1 over the moment (it shows once this starts)."""
    title: str = ""
    sub: str = ""
    color: theme.Color = palette.INK
    seats: tuple[int, ...] = ()
    """Badges the moment is about: lit while it plays."""
    spot_y: float = 0.0
    """Where the card of the moment is (the band keeps clear of it)."""
    mine: bool = False
    """The person on screen is the one it happens to (their own explosion)."""
    then: str = ""
    """What comes next, a line under the others ("You are out: the others play on …")."""

    @property
    def fade(self) -> float:
        """0..1..0: in, held, out (an explosion is there at once)."""
        if not self.tween.started:
            return 0.0
        t = self.tween.t
        fade_in = BOOM_IN if self.kind == "boom" else FADE
        return max(0.0, min(1.0, t / fade_in, (1.0 - t) / FADE))

    @property
    def seconds(self) -> float:
        """How long the moment has played (in its own time: the speed setting scales it)."""
        return self.tween.t * self.tween.duration

    def lit(self, seat: int, clock: float, reduced: bool) -> float:
        if seat not in self.seats:
            return 0.0
        pulse = 1.0 if reduced else 0.7 + 0.3 * math.sin(clock * 7.0)
        return self.fade * pulse


def band_rect(moment: Moment) -> pygame.Rect:
    """A band across the table, above the card of the moment or below it; its last row says
    how to go on. Its lines grow with the text size (the title is a picture of letters, far
    above any floor: it keeps its size)."""
    top = 192 if moment.spot_y > 380 else 330
    grown = fonts.grown(theme.TEXT_LARGE) + (fonts.grown(theme.TEXT_BODY) if moment.then else 0) \
        + fonts.grown(theme.TEXT_MIN)
    top = min(top, theme.SCREEN_H - BAND_H - THEN_H - grown - 8)
    return pygame.Rect(0, top, theme.SCREEN_W,
                       BAND_H + (THEN_H if moment.then else HINT_H) + grown)


def hint_rect(moment: Moment, size: tuple[int, int]) -> pygame.Rect:
    """Where how to go on is said: centred in the band's last row, under every other line
    (the draw button and the hand, at the sides and below, stay uncovered)."""
    band = band_rect(moment)
    rect = pygame.Rect((0, 0), size)
    rect.midbottom = (band.centerx, band.bottom - 8)
    return rect


def flash_level(moment: Moment, reduced: bool) -> float:
    """0..1: the explosion's colour flash now (at once at its height, gone after
    ``FLASH_TIME``; none with reduced motion). One per explosion, and explosions are seconds
    apart: far under three flashes a second."""
    if moment.kind != "boom" or not moment.tween.started:
        return 0.0
    level = max(0.0, 1.0 - moment.seconds / FLASH_TIME) ** 2
    return level * (REDUCED_FLASH if reduced else 1.0)


def draw_blast(surface: pygame.Surface, moment: Moment, reduced: bool) -> None:
    """An explosion over the table, under its band: the colour flash, then the table dimmed
    (further for your own, whose screen's edges burn). Two fills of the whole frame, no
    surface made: cheap at any size."""
    if moment.kind != "boom" or not moment.tween.started:
        return
    flash = flash_level(moment, reduced)
    dim = moment.fade * (DIM_MINE if moment.mine else DIM_OTHER)
    keep = tuple(round(255 * (1.0 - dim) * (1.0 - flash * tint)) for tint in FLASH_TINT)
    if keep != (255, 255, 255):
        surface.fill(keep, None, pygame.BLEND_RGB_MULT)
    if flash > 0.0:
        surface.fill(tuple(round(c * flash) for c in FLASH_GLOW), None, pygame.BLEND_RGB_ADD)
    if moment.mine:
        _scorch(surface, moment.fade)


def draw_moment(surface: pygame.Surface, moment: Moment, hint: str, reduced: bool,
                picture: str = "bomb") -> pygame.Rect | None:
    """The band with the moment's title (popping in, or only fading with reduced motion), its
    line under it and how to skip; an explosion is drawn first (:func:`draw_blast`) and its
    band shows ``picture`` (what went off) bursting beside the title. Returns where the hint
    went (``None``: no band now)."""
    if moment.kind == "boom":
        draw_blast(surface, moment, reduced)
    if not moment.title:
        return None
    alpha = moment.fade
    if alpha <= 0:
        return None
    band = band_rect(moment)
    boom = moment.kind == "boom"
    round_rect(surface, band, palette.PLATE, 0,
               round((235 if boom else palette.PLATE_ALPHA) * alpha))
    pop = 1.0 if reduced else 1.0 + 0.35 * max(0.0, 1.0 - moment.tween.t / FADE)
    size = fonts.unscaled(TITLE_SIZE)
    title = fonts.render(moment.title, size, moment.color, True)
    room = band.width - 80 - (2 * (PICTURE + 24) if boom else 0)
    if title.get_width() > room:
        title = fit_line(moment.title, size, room, moment.color, True)
    width, height = title.get_size()
    if pop != 1.0:
        title = gfx.smoothscale(title, (round(width * pop), round(height * pop)))
    y = band.top + 8 + (0 if moment.sub else 20)
    spot = title.get_rect(midtop=(band.centerx, y))
    if boom:
        _edges(surface, band, alpha)
        _picture(surface, picture, (band.centerx - width // 2 - 24 - PICTURE // 2,
                                    y + height // 2), moment, reduced, alpha)
    _blit(surface, title, spot, alpha)
    if moment.sub:
        sub = fonts.render(moment.sub, theme.TEXT_LARGE, palette.INK, True)
        _blit(surface, sub, sub.get_rect(midtop=(band.centerx, band.top + 92)), alpha)
    if moment.then:
        then = fit_line(moment.then, theme.TEXT_BODY, band.width - 80, palette.HOT, True)
        below = band.top + 132 + fonts.grown(theme.TEXT_LARGE)
        _blit(surface, then, then.get_rect(midtop=(band.centerx, below)), alpha)
    skip = fonts.render(hint, theme.TEXT_MIN, palette.INK_DIM)
    where = hint_rect(moment, skip.get_size())
    _blit(surface, skip, where, alpha)
    return where


def _edges(surface: pygame.Surface, band: pygame.Rect, alpha: float) -> None:
    """The explosion band's hot top and bottom edges."""
    for y in (band.top, band.bottom - 4):
        round_rect(surface, pygame.Rect(band.left, y, band.width, 4), EDGE, 0,
                   round(255 * alpha))


def _picture(surface: pygame.Surface, picture: str, centre: tuple[int, int], moment: Moment,
             reduced: bool, alpha: float) -> None:
    """What went off, on a burst: it pops and the burst turns, or with reduced motion both
    stand still."""
    if alpha < 0.5:
        return  # only the last frames of its fade: the band carries it out
    grow = 1.0 if reduced else 1.0 + 0.5 * max(0.0, 1.0 - moment.seconds / 0.3)
    turn = 0.0 if reduced else moment.seconds * 0.9
    cx, cy = centre
    outer = PICTURE * 0.62 * grow
    gfx.polygon(surface, BURST, star_points(cx, cy, outer, outer * 0.62, 11, turn))
    gfx.polygon(surface, BURST_CORE, star_points(cx, cy, outer * 0.7, outer * 0.45, 11, -turn))
    side = round(PICTURE * grow)
    image = icon_surface(picture, (side, side), EDGE)
    surface.blit(image, image.get_rect(center=centre))


def _scorch(surface: pygame.Surface, alpha: float) -> None:
    """A still, dark-red burn around the edges of the screen: your own explosion. It only
    fades, never moves, so it is the same with reduced motion (where the shake is dropped)."""
    if alpha <= 0.0:
        return
    size = surface.get_size()
    key = (size, gfx.scale())
    ring = _SCORCHED.get(key)
    if ring is None:
        ring = gfx.Canvas(size, pygame.SRCALPHA)
        ring.fill((0, 0, 0, 0))
        for k in range(10):
            gfx.rect(ring, (*SCORCH, round(210 * (1 - k / 10))),
                     pygame.Rect(0, 0, *size).inflate(-24 * k, -24 * k), 13)
        _SCORCHED.clear()
        _SCORCHED[key] = ring
    ring.set_alpha(round(255 * alpha))
    surface.blit(ring, (0, 0))


_SCORCHED: dict[tuple[tuple[int, int], float], pygame.Surface] = {}


def _blit(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect,
          alpha: float) -> None:
    if alpha >= 1.0:
        surface.blit(image, rect)
        return
    # the (cached) text faded for this one blit and put back, not copied every frame
    before = image.get_alpha()
    image.set_alpha(round(255 * alpha))
    try:
        surface.blit(image, rect)
    finally:
        image.set_alpha(before)
