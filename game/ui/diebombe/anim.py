"""Things in flight over the Die Bombe table, and the timeline of beats that plays them.

A *beat* starts some flights or effects and says how long it lasts; the timeline plays beats
one after another and is ``busy`` (the table's input lock) until the last one ends. A flight
with ``hold=True`` stays where it landed until the timeline settles, when the table swaps in
the new view and draws the card there itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import gfx
from game.ui.table.beats import Beats
from game.ui.tween import Tween, arc_point, ease_out_cubic, lerp

Point = tuple[float, float]


@dataclass
class Flight:
    """An image moving from ``start`` to ``end`` (centres) on an arc. ``size``: its size at
    the start and at the end; ``flip``: from ``back`` to the image half-way; ``crumple``:
    squashed, turned and faded as it goes (a card leaving the game)."""

    image: Callable[[], pygame.Surface]
    start: Point
    end: Point
    tween: Tween
    size: tuple[tuple[int, int], tuple[int, int]]
    arc: float = 0.0
    hold: bool = True
    flip: bool = False
    back: Callable[[], pygame.Surface] | None = None
    crumple: bool = False
    spin: float = 0.0
    landed: Callable[[], pygame.Surface] | None = None
    """What it looks like once it has landed (a card in a row: its chip), while it holds the
    spot until the view takes over."""

    @property
    def visible(self) -> bool:
        return self.tween.started and (self.hold or not self.tween.done)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        tween = self.tween
        p = tween.progress
        t = tween.t if not tween.motion.reduced else 1.0
        x, y = arc_point(self.start, self.end, p, self.arc)
        (w0, h0), (w1, h1) = self.size
        w = lerp(w0, w1, min(1.0, p))
        h = lerp(h0, h1, min(1.0, p))
        img = self.image()
        alpha = tween.alpha
        angle = self.spin * t
        if self.flip and self.back is not None and t < 0.5:
            img = self.back()
        if self.flip:
            w *= max(0.05, abs(1.0 - 2.0 * t))
        if self.crumple:
            squash = 1.0 - 0.45 * t * abs(math.sin(t * 11))
            w *= squash
            h *= 1.0 - 0.3 * t
            alpha *= 1.0 - max(0.0, t - 0.55) / 0.45
        if alpha <= 0.02:
            return
        if self.landed is not None and tween.done:
            landed = self.landed()
            surface.blit(landed, landed.get_rect(center=(round(x), round(y))))
            return
        img = gfx.smoothscale(img, (max(2, round(w)), max(2, round(h))))
        if abs(angle) > 0.5:
            img = gfx.rotozoom(img, angle, 1.0)
        if alpha < 1.0:
            img.set_alpha(round(255 * alpha))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))


class Timeline(Beats[Flight]):
    """The shared beats (``game.ui.table.beats``) with this table's flying things."""

    def tween(self, duration: float, delay: float = 0.0, *, moves: bool = False,
              on_done: Callable[[], None] | None = None,
              ease: Callable[[float], float] = ease_out_cubic) -> Tween:
        """A 0 → 1 tween on this timeline (a flip, a growing number, a fade)."""
        return self.tweens.tween(0.0, 1.0, duration, ease, delay, moves=moves, on_done=on_done)

    def fly(self, image: Callable[[], pygame.Surface], start: Point, end: Point,
            duration: float, size: tuple[tuple[int, int], tuple[int, int]], *,
            delay: float = 0.0, arc: float = 0.0, hold: bool = True, flip: bool = False,
            back: Callable[[], pygame.Surface] | None = None, crumple: bool = False,
            spin: float = 0.0, on_done: Callable[[], None] | None = None,
            landed: Callable[[], pygame.Surface] | None = None) -> Flight:
        tween = self.tweens.tween(0.0, 1.0, duration, ease_out_cubic, delay, on_done=on_done)
        flight = Flight(image, start, end, tween, size, arc, hold, flip, back, crumple, spin,
                        landed)
        self.flights.append(flight)
        return flight

    def draw(self, surface: pygame.Surface) -> None:
        for flight in self.flights:
            flight.draw(surface)
