"""The big moments of the table, staged: an explosion, a defuse, a win, a card changing hands,
the card you draw shown to you. The story starts each as a beat the person may cut short (a
click, Space or Enter); while it plays a :class:`Moment` says what to put over the table: a
band across it with a title ("BOOM!", "Saved!", "Crafty 2 wins!") and the badges it is about,
lit. The speed setting shortens it with every other beat; with reduced motion it only fades
(no pop, no pulse; the shake is dropped by the app).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import fonts, gfx, theme
from game.ui.bombdeck import palette
from game.ui.draw import round_rect
from game.ui.text import fit_line
from game.ui.tween import Tween

BOOM_TIME = 2.0
"""The explosion's moment: flash, shake, the band naming who; a beat of silence follows."""
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
SCORCH = (120, 16, 10)
"""Your own explosion: the edges of the screen burn this dark red."""
FADE = 0.14
"""The share of a moment spent fading in, and out."""


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
        """0..1..0: in, held, out."""
        if not self.tween.started:
            return 0.0
        t = self.tween.t
        return max(0.0, min(1.0, t / FADE, (1.0 - t) / FADE))

    def lit(self, seat: int, clock: float, reduced: bool) -> float:
        if seat not in self.seats:
            return 0.0
        pulse = 1.0 if reduced else 0.7 + 0.3 * math.sin(clock * 7.0)
        return self.fade * pulse


def band_rect(moment: Moment) -> pygame.Rect:
    """A band across the table, above the card of the moment or below it."""
    top = 192 if moment.spot_y > 380 else 330
    return pygame.Rect(0, top, theme.SCREEN_W, BAND_H + (THEN_H if moment.then else 0))


def draw_moment(surface: pygame.Surface, moment: Moment, hint: str, reduced: bool) -> None:
    """The band with the moment's title (popping in, or only fading with reduced motion), its
    line under it and how to skip."""
    if not moment.title:
        return
    alpha = moment.fade
    if alpha <= 0:
        return
    if moment.mine:
        _scorch(surface, alpha)
    band = band_rect(moment)
    round_rect(surface, band, palette.PLATE, 0, round(palette.PLATE_ALPHA * alpha))
    pop = 1.0 if reduced else 1.0 + 0.35 * max(0.0, 1.0 - moment.tween.t / FADE)
    title = fonts.render(moment.title, TITLE_SIZE, moment.color, True)
    if title.get_width() > band.width - 80:
        title = fit_line(moment.title, TITLE_SIZE, band.width - 80, moment.color, True)
    if pop != 1.0:
        title = gfx.smoothscale(
            title, (round(title.get_width() * pop), round(title.get_height() * pop)))
    y = band.top + 8 + (0 if moment.sub else 20)
    _blit(surface, title, title.get_rect(midtop=(band.centerx, y)), alpha)
    if moment.sub:
        sub = fonts.render(moment.sub, theme.TEXT_LARGE, palette.INK, True)
        _blit(surface, sub, sub.get_rect(midtop=(band.centerx, band.top + 92)), alpha)
    if moment.then:
        then = fit_line(moment.then, theme.TEXT_BODY, band.width - 80, palette.HOT, True)
        _blit(surface, then, then.get_rect(midtop=(band.centerx, band.top + 132)), alpha)
    skip = fonts.render(hint, theme.TEXT_MIN, palette.INK_DIM)
    _blit(surface, skip, skip.get_rect(bottomright=(band.right - 24, band.bottom - 10)), alpha)


def _scorch(surface: pygame.Surface, alpha: float) -> None:
    """A still, dark-red burn around the edges of the screen: your own explosion. It only
    fades, never moves, so it is the same with reduced motion (where the shake is dropped)."""
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
