"""Flying cards and a timeline of beats.

A *beat* is a function that starts some flights or effects and says how long it lasts; the
timeline plays beats one after another and is ``busy`` (the table's input lock) until the
last one ends. A flight that lands with ``hold=True`` stays where it landed until the timeline
settles, so the table can swap in the new view at once with nothing jumping.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import cards, gfx
from game.ui.bombdeck.centre import resized
from game.ui.draw import in_flight
from game.ui.table.beats import Beats
from game.ui.tween import Tween, arc_point, ease_out_cubic, lerp

Point = tuple[float, float]
FaceOf = Callable[[str, float], pygame.Surface]
"""A card's face for a flight drawn at a scale (a big one is drawn big, not blown up)."""


@dataclass
class Flight:
    """One card moving from ``start`` to ``end`` (centres), on an arc, growing or shrinking,
    flipping from its back to its face half-way when ``flip``."""

    card: str | None
    """The face to show, or ``None`` for a back all the way."""
    start: Point
    end: Point
    tween: Tween
    arc: float = 0.0
    scale: tuple[float, float] = (1.0, 1.0)
    flip: bool = False
    hold: bool = True
    angle: tuple[float, float] = (0.0, 0.0)
    fade_out: bool = False
    """Fade away while landing (a card going into someone's hand or the deck)."""
    hide_when: Tween | None = None
    """Vanish once this tween starts (the same card's next flight takes over)."""

    @property
    def visible(self) -> bool:
        if self.hide_when is not None and self.hide_when.started:
            return False
        return self.tween.started and (self.hold or not self.tween.done)

    def draw(self, surface: pygame.Surface, face_of: FaceOf,
             back: pygame.Surface | None = None) -> None:
        if not self.visible:
            return
        p = self.tween.progress
        x, y = arc_point(self.start, self.end, p, self.arc)
        scale = lerp(self.scale[0], self.scale[1], min(1.0, p))
        size = cards.card_size(scale)
        squeeze = 1.0
        show_face = self.card is not None
        if self.flip and self.card is not None:
            t = self.tween.t if not self.tween.motion.reduced else 1.0
            show_face = t >= 0.5
            squeeze = abs(1.0 - 2.0 * t)
        img = face_of(self.card, scale) if show_face and self.card is not None \
            else (back or cards.draw_back())
        w = max(2, round(size[0] * max(0.04, squeeze)))
        angle = lerp(self.angle[0], self.angle[1], min(1.0, p))
        turned = abs(angle) > 0.2
        if p >= 1.0 and squeeze == 1.0 and img.get_size() != size:
            # landed and held there: kept, and the very picture the reaction window shows
            # of a play hovering over the pile
            img = resized(img, size, angle if turned else 0.0)
        elif turned and squeeze == 1.0 and gfx.scale() != 1.0 and img.get_size() != size:
            # Sized and turned in one pass, not two (a big card turning in flight: 0.7 ms
            # of 3 at 1080p): one resampling less is not seen on a card on the move. At one
            # pixel a unit the two passes stay (the same pixels as ever).
            img = gfx.rotozoom(img, angle, size[0] / img.get_width())
        else:
            if img.get_size() != (w, size[1]):  # a face at its own size is not scaled to it
                img = gfx.smoothscale(img, (w, size[1]))
            if turned:
                img = gfx.rotozoom(img, angle, 1.0)
        alpha = self.tween.alpha
        if self.fade_out:
            alpha *= 1.0 - max(0.0, self.tween.t - 0.6) / 0.4
        rect = img.get_rect(center=(round(x), round(y)))
        cards.blit_card(surface, img, rect.topleft, 6 + 10 * (1 - abs(2 * p - 1)), alpha)


class Timeline(Beats[Flight]):
    """The shared beats (``game.ui.table.beats``) with this table's flying things."""

    def fly(self, card: str | None, start: Point, end: Point, duration: float = 0.4, *,
            delay: float = 0.0, arc: float = 0.0, scale: tuple[float, float] = (1.0, 1.0),
            flip: bool = False, hold: bool = True, angle: tuple[float, float] = (0.0, 0.0),
            fade_out: bool = False, ease: Callable[[float], float] = ease_out_cubic,
            on_done: Callable[[], None] | None = None) -> Flight:
        tween = self.tweens.tween(0.0, 1.0, duration, ease, delay, on_done=on_done)
        flight = Flight(card, start, end, tween, arc, scale, flip, hold, angle, fade_out)
        self.flights.append(flight)
        return flight

    def draw(self, surface: pygame.Surface, face_of: FaceOf,
             back: pygame.Surface | None = None) -> None:
        """Every flight; a card flying face down shows ``back`` (the rule set's)."""
        with in_flight():
            for flight in self.flights:
                flight.draw(surface, face_of, back)
