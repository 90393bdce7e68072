"""Juice: particles (smoke, sparks, confetti), screen shake and a flash.

All three read a :class:`~game.ui.tween.Motion`: its speed scales time; reduced motion keeps
particles in place (they only fade), drops the shake and softens the flash.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import gfx
from game.ui.cache import MB, SurfaceCache

if TYPE_CHECKING:
    from game.ui.tween import Motion

Color = tuple[int, int, int]


def _motion(motion: Motion | None) -> Motion:
    if motion is None:
        from game.ui.tween import Motion

        return Motion()
    return motion


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    size: float
    grow: float
    color: Color
    gravity: float
    drag: float
    additive: bool
    age: float = 0.0

    @property
    def alive(self) -> bool:
        return self.age < self.life


_DOTS: SurfaceCache[pygame.Surface] = SurfaceCache("particle dots", 1 * MB)


def _dot(radius: int, color: Color, alpha: int) -> pygame.Surface:
    key = (radius, color, alpha // 8 * 8)
    surf = _DOTS.get(key)
    if surf is None:
        surf = gfx.Canvas((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
        gfx.circle(surf, (*color, key[2]), (radius + 1, radius + 1), radius)
        _DOTS.put(key, surf)
    return surf


class Particles:
    """A small particle system: ``smoke(pos)``, ``sparks(pos)``, ``confetti(pos)``; call
    ``update(dt)`` and ``draw(surface)`` every frame."""

    def __init__(self, motion: Motion | None = None, seed: int | None = None,
                 limit: int = 600) -> None:
        self.motion = _motion(motion)
        self.rng = random.Random(seed)
        self.limit = limit
        self.items: list[Particle] = []

    def __len__(self) -> int:
        return len(self.items)

    def _add(self, p: Particle) -> None:
        if self.motion.reduced:
            p.vx = p.vy = p.gravity = 0.0
        if len(self.items) < self.limit:
            self.items.append(p)

    def smoke(self, pos: tuple[float, float], count: int = 26,
              color: Color = (92, 92, 100), spread: float = 40.0) -> None:
        r = self.rng
        for _ in range(count):
            angle = r.uniform(0, 2 * math.pi)
            speed = r.uniform(20, 90)
            shade = r.randint(-18, 18)
            c = (max(0, min(255, color[0] + shade)), max(0, min(255, color[1] + shade)),
                 max(0, min(255, color[2] + shade)))
            self._add(Particle(
                x=pos[0] + r.uniform(-spread, spread) * 0.4,
                y=pos[1] + r.uniform(-spread, spread) * 0.3,
                vx=math.cos(angle) * speed, vy=math.sin(angle) * speed - 40,
                life=r.uniform(0.9, 1.8), size=r.uniform(10, 22), grow=r.uniform(14, 30),
                color=c, gravity=-18.0, drag=1.6, additive=False))

    def sparks(self, pos: tuple[float, float], count: int = 34,
               color: Color = (255, 196, 80), speed: tuple[float, float] = (160, 520),
               life: tuple[float, float] = (0.25, 0.7), gravity: float = 520.0) -> None:
        r = self.rng
        for _ in range(count):
            angle = r.uniform(0, 2 * math.pi)
            v = r.uniform(*speed)
            self._add(Particle(
                x=pos[0], y=pos[1], vx=math.cos(angle) * v, vy=math.sin(angle) * v,
                life=r.uniform(*life), size=r.uniform(2, 4), grow=-3.0, color=color,
                gravity=gravity, drag=2.2, additive=True))

    def confetti(self, pos: tuple[float, float], count: int = 60) -> None:
        r = self.rng
        colors = [(255, 96, 96), (255, 200, 60), (90, 200, 120), (90, 160, 255),
                  (200, 120, 255)]
        for _ in range(count):
            angle = r.uniform(-math.pi * 0.95, -math.pi * 0.05)
            speed = r.uniform(220, 560)
            self._add(Particle(
                x=pos[0], y=pos[1], vx=math.cos(angle) * speed, vy=math.sin(angle) * speed,
                life=r.uniform(1.2, 2.2), size=r.uniform(4, 7), grow=0.0,
                color=r.choice(colors), gravity=420.0, drag=1.2, additive=False))

    def update(self, dt: float) -> None:
        dt *= self.motion.speed
        for p in self.items:
            p.age += dt
            damp = math.exp(-p.drag * dt)
            p.vx *= damp
            p.vy = p.vy * damp + p.gravity * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.size = max(0.5, p.size + p.grow * dt)
        self.items = [p for p in self.items if p.alive]

    def draw(self, surface: pygame.Surface, offset: tuple[int, int] = (0, 0)) -> None:
        for p in self.items:
            fade = 1.0 - p.age / p.life
            radius = max(1, int(p.size))
            alpha = int(255 * fade * (0.55 if not p.additive else 1.0))
            dot = _dot(radius, p.color, max(8, alpha))
            flags = pygame.BLEND_ADD if p.additive else 0
            surface.blit(dot, (int(p.x) - radius - 1 + offset[0],
                               int(p.y) - radius - 1 + offset[1]), special_flags=flags)

    def clear(self) -> None:
        self.items.clear()


class Shake:
    """A decaying screen shake: ``start(strength, duration)``; read ``offset`` every frame."""

    def __init__(self, motion: Motion | None = None, seed: int | None = None) -> None:
        self.motion = _motion(motion)
        self.rng = random.Random(seed)
        self.strength = 0.0
        self.duration = 0.0
        self.left = 0.0
        self._offset = (0, 0)

    def start(self, strength: float = 14.0, duration: float = 0.45) -> None:
        if self.motion.reduced:
            return
        self.strength = max(self.strength * (self.left / self.duration)
                            if self.duration else 0.0, strength)
        self.duration = self.left = duration

    @property
    def active(self) -> bool:
        return self.left > 0 and not self.motion.reduced

    def update(self, dt: float) -> None:
        if self.left <= 0 or self.motion.reduced:
            self.left = 0.0
            self._offset = (0, 0)
            return
        self.left = max(0.0, self.left - dt * self.motion.speed)
        power = self.strength * (self.left / self.duration) ** 2 if self.duration else 0.0
        self._offset = (round(self.rng.uniform(-power, power)),
                        round(self.rng.uniform(-power, power)))

    @property
    def offset(self) -> tuple[int, int]:
        return self._offset if self.active else (0, 0)


FLASH_GAP = 0.34
"""Seconds at least between two flashes' starts: never more than three in any second (the
WCAG 2.3.1 threshold for a flash over a large part of the screen)."""


class Flash:
    """A full-screen flash that fades out (an explosion). Never more than three a second (a
    flash asked for sooner is not shown); none at all with reduced motion (the moment's
    band, its sound and its shake-free still say it)."""

    def __init__(self, motion: Motion | None = None) -> None:
        self.motion = _motion(motion)
        self.color: Color = (255, 255, 255)
        self.duration = 0.0
        self.left = 0.0
        self.peak = 0
        self.clock = 0.0
        self.last_start: float | None = None
        self.skipped = 0
        """Flashes not shown because they came too soon after another (tests read it)."""

    def start(self, color: Color = (255, 240, 210), duration: float = 0.35,
              peak: int = 210) -> None:
        if self.motion.reduced:
            return
        if self.last_start is not None and self.clock - self.last_start < FLASH_GAP:
            self.skipped += 1
            return
        self.last_start = self.clock
        self.color = color
        self.duration = self.left = duration
        self.peak = peak

    def update(self, dt: float) -> None:
        self.clock += dt  # real seconds: the limit is the eye's, not the game's speed
        self.left = max(0.0, self.left - dt * self.motion.speed)

    @property
    def active(self) -> bool:
        return self.left > 0

    def draw(self, surface: pygame.Surface) -> None:
        if self.left <= 0 or self.duration <= 0:
            return
        alpha = int(self.peak * (self.left / self.duration) ** 1.5)
        veil = gfx.Canvas(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*self.color, alpha))
        surface.blit(veil, (0, 0))
