"""Bounded caches of rendered surfaces.

Rendering text, card faces, shadows and glows every frame would cost the frame budget, so the
screens keep what they drew; but a party plays game after game, so every cache is a
least-recently-used map bounded by the bytes of its pixels, not by a count of entries (a card
face at hover size weighs thirty glyphs). ``CACHES`` lists them all, for the memory soak.

Surfaces are drawn at the window's scale (``game.ui.gfx``), so every key is kept with the
scale it was drawn at (a resized window never gets a face drawn for another size), and the
budget grows with the pixels a logical unit takes (up to four times, at 1440p and above).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import pygame

from game.ui import gfx

V = TypeVar("V", pygame.Surface, tuple[pygame.Surface, pygame.Surface])

MB = 1 << 20


def _bytes(value: pygame.Surface | tuple[pygame.Surface, ...]) -> int:
    surfaces = value if isinstance(value, tuple) else (value,)
    return sum(w * h * s.get_bytesize() for s in surfaces
               for w, h in (pygame.Surface.get_size(s),))


MAX_GROWTH = 4.0
"""The most a cache's budget grows with the scale (pixels per logical unit, squared)."""


class SurfaceCache(Generic[V]):
    """Least-recently-used surfaces, at most ``budget`` bytes of pixels."""

    def __init__(self, name: str, budget: int) -> None:
        self.name = name
        self.budget = budget
        self.bytes = 0
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        CACHES.append(self)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return (gfx.SCALE, key) in self._items

    @property
    def limit(self) -> int:
        """The budget at the current scale."""
        return round(self.budget * min(MAX_GROWTH, max(1.0, gfx.SCALE ** 2)))

    def get(self, key: Hashable) -> V | None:
        scaled = (gfx.SCALE, key)
        found = self._items.get(scaled)
        if found is not None:
            self._items.move_to_end(scaled)
        return found

    def put(self, key: Hashable, value: V) -> V:
        scaled = (gfx.SCALE, key)
        old = self._items.pop(scaled, None)
        if old is not None:
            self.bytes -= _bytes(old)
        self._items[scaled] = value
        self.bytes += _bytes(value)
        limit = self.limit
        while self.bytes > limit and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= _bytes(dropped)
        return value

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        found = self.get(key)
        return found if found is not None else self.put(key, make())

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


CACHES: list[SurfaceCache[Any]] = []


def total_bytes() -> int:
    return sum(cache.bytes for cache in CACHES)
