"""A timeline of beats, shared by every game's table.

A *beat* is a function that starts some motion and says how long it lasts; the timeline plays
beats one after another and is ``busy`` (the table's input lock) until the last one ends. A beat
may call :meth:`Beats.allow_skip` as it starts: it is a big moment a click may cut short. Every
family's table subclasses it with the things that fly on its table (cards, tiles, bids); a
flight that lands with ``hold`` stays where it landed until the timeline settles, so the table
can swap in the new view at once with nothing jumping.

When a beat that could be cut short ends (cut short or played out), the timeline is
``settling`` for :data:`DISMISS_GRACE` seconds: a click or key meant to dismiss that moment
may land just after it went, and must not act on the table (the app drops presses while the
scene says so, ``Scene.settling``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from game.ui.tween import Motion, Tween, Tweens

Beat = Callable[[], float]

DISMISS_GRACE = 0.35
"""Seconds after a moment that could be cut short ends during which a press is taken as meant
for it: about a person's reaction time, so a press aimed at a banner that fades out under the
finger does not draw a card."""


class Landing(Protocol):
    """What a flight tells its timeline: its tween, and whether it holds its landing spot."""

    @property
    def tween(self) -> Tween: ...

    @property
    def hold(self) -> bool: ...


F = TypeVar("F", bound=Landing)


class Beats(Generic[F]):
    """Beats in order, the flights they started, and whether anything still runs."""

    def __init__(self, motion: Motion) -> None:
        self.tweens = Tweens(motion)
        self.flights: list[F] = []
        self._queue: deque[Beat] = deque()
        self._current: Tween | None = None
        self._skippable = False
        self.speedup = 1.0
        """Fast-forward multiplies time on top of the speed setting."""
        self.grace = 0.0
        """Seconds left of :attr:`settling` (real time, not sped up)."""

    @property
    def motion(self) -> Motion:
        return self.tweens.motion

    def add(self, beat: Beat) -> None:
        self._queue.append(beat)
        if self._current is None:
            self._next()

    def _next(self) -> None:
        if self._skippable:  # the moment a press could dismiss is over
            self.grace = DISMISS_GRACE
        while self._queue:
            self._skippable = False
            seconds = self._queue.popleft()()
            if seconds > 0:
                self._current = self.tweens.wait(seconds)
                return
        self._current = None
        self._skippable = False

    def allow_skip(self) -> None:
        """Called by a beat while it starts: it is a moment a click may cut short."""
        self._skippable = True

    @property
    def skippable(self) -> bool:
        """The beat playing now may be cut short (``skip_beat``)."""
        return self._current is not None and self._skippable

    def skip_beat(self) -> None:
        """Play the current beat to its end at once; the beats after it play as usual."""
        if self._current is None:
            return
        self.tweens.finish_all()
        while self._current is not None and self._current.finished:
            self._next()

    def update(self, dt: float) -> bool:
        """Advance; ``True`` when the timeline has just settled (nothing left to play)."""
        was_busy = self.busy
        self.grace = max(0.0, self.grace - dt)
        self.tweens.update(dt * self.speedup)
        while self._current is not None and self._current.finished:
            self._next()
        self.flights = [f for f in self.flights if f.hold or not f.tween.finished]
        return was_busy and not self.busy

    @property
    def busy(self) -> bool:
        return self._current is not None or bool(self._queue)

    @property
    def settling(self) -> bool:
        """A moment that could be cut short has just ended, and no other plays now (a press
        then cuts that one short, as a press should): presses are taken as meant for the one
        that went."""
        return self.grace > 0 and not self.skippable

    def settle(self) -> None:
        """Drop the flights that were holding their landing spot (the view has them now)."""
        self.flights = [f for f in self.flights if not f.tween.finished and not f.hold]

    def skip(self) -> None:
        """Play every beat to its end at once."""
        for _ in range(1000):
            if not self.busy:
                break
            self.tweens.finish_all()
            while self._current is not None and self._current.finished:
                self._next()
