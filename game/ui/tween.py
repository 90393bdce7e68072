"""Tweens driven by frame time, with the speed setting and "reduced motion".

- Easings: :func:`linear`, :func:`ease_out_cubic`, :func:`ease_in_out`, :func:`ease_in_cubic`,
  :func:`ease_out_back`.
- :class:`Tween` moves a number or a tuple (a position, a colour) from ``start`` to ``end`` in
  ``duration`` seconds after ``delay``; ``then()`` chains the next one.
- :class:`Tweens` is a group that one scene updates every frame: it applies the speed multiplier
  and says whether anything still runs (``busy``: the input lock while an action resolves).
- Reduced motion: a tween with ``moves=True`` jumps to its end when it starts and fades in
  there instead (read ``tween.alpha``); the screen shake is dropped.

The particle system and the screen shake live in :mod:`game.ui.fx` and are re-exported here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ui.fx import Flash, Particles, Shake

__all__ = [
    "DEAL_DURATION", "DEAL_GAP", "Easing", "Flash", "Motion", "Particles", "Shake", "Tween",
    "Tweens", "arc_point", "ease_in_cubic", "ease_in_out", "ease_out_back", "ease_out_cubic",
    "lerp", "linear", "pulse",
]

Easing = Callable[[float], float]
Value = float | Sequence[float]

DEAL_GAP = 0.08
"""LOOK.md: dealt cards leave the deck about 80 ms apart ..."""
DEAL_DURATION = 0.25
"""... and fly 250 ms each."""


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    return t**3


def ease_in_out(t: float) -> float:
    """Cubic ease-in-out."""
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card landing with a bounce."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def arc_point(start: Sequence[float], end: Sequence[float], t: float, height: float
              ) -> tuple[float, float]:
    """A point on a parabola from ``start`` to ``end`` rising ``height`` px at the middle: a
    card thrown onto the discard pile."""
    x = lerp(start[0], end[0], t)
    y = lerp(start[1], end[1], t) - height * 4 * t * (1 - t)
    return (x, y)


@dataclass
class Motion:
    """The settings every tween reads: ``speed`` multiplies time (2.0 = twice as fast);
    ``reduced`` turns movement into fades and drops the shake."""

    speed: float = 1.0
    reduced: bool = False


def _as_tuple(v: Value) -> tuple[float, ...]:
    if isinstance(v, int | float):
        return (float(v),)
    return tuple(float(x) for x in v)


class Tween:
    """From ``start`` to ``end`` in ``duration`` seconds, after ``delay`` seconds."""

    def __init__(self, start: Value, end: Value, duration: float,
                 ease: Easing = ease_out_cubic, delay: float = 0.0, *, moves: bool = True,
                 on_done: Callable[[], None] | None = None, motion: Motion | None = None
                 ) -> None:
        self.start = _as_tuple(start)
        self.end = _as_tuple(end)
        if len(self.start) != len(self.end):
            raise ValueError("start and end must have the same length")
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.moves = moves
        self.on_done = on_done
        self.motion = motion or Motion()
        self.elapsed = 0.0
        self._fired = False
        self._chain: list[Tween] = []

    # --- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of animation time (the group applies the speed)."""
        if self._fired:
            for nxt in self._chain:
                nxt.update(dt)
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self._fired = True
            if self.on_done is not None:
                self.on_done()
            left = self.elapsed - self.delay - self.duration
            for nxt in self._chain:
                nxt.motion = self.motion
                nxt.update(left)

    def then(self, nxt: Tween) -> Tween:
        """Start ``nxt`` when this one ends; returns ``nxt`` so chains read left to right."""
        nxt.motion = self.motion
        self._chain.append(nxt)
        if self._fired:
            nxt.update(0.0)
        return nxt

    def finish(self) -> None:
        """Jump to the end (and to the end of the chain), firing the callbacks."""
        if not self._fired:
            self.update(self.delay + self.duration - self.elapsed + 1e-9)
        for nxt in self._chain:
            nxt.finish()

    # --- state ---------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        """This tween has reached its end (its chain may still run)."""
        return self._fired

    @property
    def finished(self) -> bool:
        """This tween and everything chained after it have ended."""
        return self._fired and all(n.finished for n in self._chain)

    @property
    def t(self) -> float:
        """Linear progress 0..1."""
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def progress(self) -> float:
        """Eased progress (may overshoot 1 with ``ease_out_back``)."""
        t = self.t
        if self.moves and self.motion.reduced:
            return 1.0 if self.started else 0.0
        return 1.0 if t >= 1.0 else self.ease(t)

    @property
    def value(self) -> tuple[float, ...]:
        p = self.progress
        return tuple(a + (b - a) * p for a, b in zip(self.start, self.end, strict=True))

    @property
    def x(self) -> float:
        """The value of a one-number tween."""
        return self.value[0]

    @property
    def pos(self) -> tuple[float, float]:
        v = self.value
        return (v[0], v[1])

    @property
    def alpha(self) -> float:
        """Opacity 0..1 to draw the moving thing with: 1 normally; with reduced motion it
        fades in at its destination while the tween runs."""
        if self.moves and self.motion.reduced and self.started:
            return self.t
        return 1.0


class Tweens:
    """A scene's running tweens: ``update(dt)`` every frame, ``busy`` while any runs."""

    def __init__(self, motion: Motion | None = None) -> None:
        self.motion = motion or Motion()
        self._running: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        tween.motion = self.motion
        self._running.append(tween)
        return tween

    def tween(self, start: Value, end: Value, duration: float, ease: Easing = ease_out_cubic,
              delay: float = 0.0, *, moves: bool = True,
              on_done: Callable[[], None] | None = None) -> Tween:
        return self.add(Tween(start, end, duration, ease, delay, moves=moves, on_done=on_done))

    def wait(self, seconds: float, on_done: Callable[[], None] | None = None) -> Tween:
        """A pause (the beat of silence after an explosion), then ``on_done``."""
        return self.add(Tween(0.0, 1.0, seconds, linear, moves=False, on_done=on_done))

    def stagger(self, starts: Sequence[Value], ends: Sequence[Value],
                duration: float = DEAL_DURATION, gap: float = DEAL_GAP,
                ease: Easing = ease_out_cubic, delay: float = 0.0,
                on_each: Callable[[int], None] | None = None) -> list[Tween]:
        """One tween per pair, each starting ``gap`` seconds after the previous: the deal."""
        out = []
        for i, (a, b) in enumerate(zip(starts, ends, strict=True)):
            done = None if on_each is None else (lambda i=i: on_each(i))
            out.append(self.tween(a, b, duration, ease, delay + i * gap, on_done=done))
        return out

    def update(self, dt: float) -> None:
        scaled = dt * self.motion.speed
        for tween in list(self._running):
            tween.update(scaled)
        self._running = [t for t in self._running if not t.finished]

    def finish_all(self) -> None:
        """Jump every tween to its end (a skip key)."""
        while self._running:
            for tween in list(self._running):
                tween.finish()
            self._running = [t for t in self._running if not t.finished]

    def clear(self) -> None:
        self._running.clear()

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def __len__(self) -> int:
        return len(self._running)


def pulse(time: float, period: float = 1.2) -> float:
    """0..1..0 over ``period`` seconds: a glow on what can be done now."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * time / period)
