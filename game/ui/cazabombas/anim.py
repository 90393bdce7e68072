"""The beats of the Caza Bombas table and what moves during them.

A *beat* starts some effects and says how long it lasts; the timeline plays the beats one after
another and is ``busy`` (the table's input lock) until the last one ends. Effects are plain
records the painter reads while they run: a tile that lifts, turns over and falls flat
(:class:`TileFx`), a token dropping in front of a wire (:class:`TokenFx`), a text rising
(:class:`Floater`), a tile flying from one rack to another (:class:`Flight`), the case
opening. When the timeline settles the table shows the match as it is and drops them all.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules.cazabombas.wires import Value
from game.ui.table.beats import Beats
from game.ui.tween import Tween, ease_out_cubic

Point = tuple[float, float]


@dataclass
class TileFx:
    """One tile's motion: ``lift`` raises it (and lets it down as it ends), ``flip`` turns it
    over to ``key`` at its middle, ``fall`` lays it flat, ``shake`` rattles it (a miss),
    ``flash`` washes it red (a miss: the review could barely see which wire was missed)."""

    key: int | None = None
    lift: Tween | None = None
    flip: Tween | None = None
    fall: Tween | None = None
    shake: Tween | None = None
    flash: Tween | None = None
    hidden: bool = False
    """Gone from its place (flying elsewhere)."""

    def rise(self, reduced: bool) -> float:
        """How high the tile is lifted now (0..1)."""
        if self.lift is None or reduced or not self.lift.started:
            return 0.0
        t = self.lift.t
        if self.fall is not None and self.fall.started:
            return max(0.0, 1.0 - self.fall.t) * (1.0 if t >= 1 else t)
        return min(1.0, t * 2.5) if not self.lift.done else 1.0

    def turned(self) -> bool:
        """The face shows."""
        return self.flip is not None and self.flip.t >= 0.5

    def squeeze(self, reduced: bool) -> float:
        """The width factor of a turning tile."""
        if self.flip is None or reduced or not self.flip.started or self.flip.done:
            return 1.0
        return max(0.06, abs(1.0 - 2.0 * self.flip.t))

    def flat(self) -> float:
        """How far it has fallen flat (0 upright .. 1 lying)."""
        return self.fall.progress if self.fall is not None and self.fall.started else 0.0

    def wobble(self, reduced: bool) -> float:
        if self.shake is None or reduced or not self.shake.started or self.shake.done:
            return 0.0
        t = self.shake.t
        return math.sin(t * 44) * 5 * (1.0 - t)

    def redness(self) -> float:
        """How red a missed tile is now (0..1): full at once, fading out as the flash ends.
        The painter turns it into a still outline with reduced motion."""
        if self.flash is None or not self.flash.started or self.flash.done:
            return 0.0
        return 1.0 - max(0.0, self.flash.t - 0.5) / 0.5


@dataclass
class TokenFx:
    stand: int
    index: int
    value: Value
    tween: Tween


@dataclass
class Floater:
    """A short text rising over a place ("Right!", "Wrong")."""

    text: str
    at: Point
    tween: Tween
    color: tuple[int, int, int]
    size: int = 0
    """Its letters' size (0: the table's large text); the explosion's word is huge."""
    chip: tuple[int, int, int] | None = None
    """An opaque chip behind it in this colour, held solid until the last moment (a miss's
    "Not 4": faint and see-through it went unseen); ``None``: a soft fading backing."""


@dataclass
class Flight:
    """A tile flying between racks (Walkie-Talkies), face ``key`` (``None``: its back)."""

    key: int | None
    start: Point
    end: Point
    size: tuple[int, int]
    tween: Tween
    hold: bool = False
    """Never: a tile lands in a rack the settled view draws (``Beats``' landing rule)."""


@dataclass
class Stage:
    """Everything in motion on the table now."""

    tiles: dict[tuple[int, int], TileFx] = field(default_factory=dict)
    tokens: list[TokenFx] = field(default_factory=list)
    floaters: list[Floater] = field(default_factory=list)
    flights: list[Flight] = field(default_factory=list)
    dial: Tween | None = None
    """The needle moving: from ``dial_from`` to ``dial_to`` (positions on the dial)."""
    dial_from: float = 0.0
    dial_to: float = 0.0
    dial_shake: Tween | None = None
    case: Tween | None = None
    """The case opening (the mission won)."""
    cards: dict[int, Tween] = field(default_factory=dict)
    """Equipment cards glowing as they are used."""
    labels: list[tuple[int, int, str, Tween]] = field(default_factory=list)
    answers: dict[int, tuple[bool, Tween]] = field(default_factory=dict)
    """The General Radar's answer per seat."""
    detectors: dict[int, Tween] = field(default_factory=dict)
    """Double Detectors recharged."""
    blast: Tween | None = None
    """The bomb going off across the table (a still fireball that fades, in reduced
    motion)."""
    blast_at: Point = (0.0, 0.0)

    def tile(self, stand: int, index: int) -> TileFx:
        return self.tiles.setdefault((stand, index), TileFx())

    def clear(self) -> None:
        self.tiles.clear()
        self.tokens.clear()
        self.floaters.clear()
        self.flights.clear()
        self.dial = None
        self.dial_shake = None
        self.cards.clear()
        self.labels.clear()
        self.answers.clear()
        self.detectors.clear()
        self.blast = None

    def dial_position(self, rest: float) -> float:
        """Where the needle is: moving, or at ``rest``."""
        if self.dial is None:
            return rest
        p = self.dial.progress if self.dial.started else 0.0
        return self.dial_from + (self.dial_to - self.dial_from) * p


class Timeline(Beats[Flight]):
    """The shared beats (``game.ui.table.beats``) with tweens of its own for the painter."""

    def tween(self, duration: float, delay: float = 0.0, *, moves: bool = False,
              on_done: Callable[[], None] | None = None,
              ease: Callable[[float], float] = ease_out_cubic) -> Tween:
        """A 0 → 1 tween on this timeline."""
        return self.tweens.tween(0.0, 1.0, duration, ease, delay, moves=moves, on_done=on_done)

    @property
    def running(self) -> bool:
        """Some tween still runs (a floater may outlive the beats)."""
        return self.tweens.busy
