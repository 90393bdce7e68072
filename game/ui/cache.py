"""Bounded caches of rendered surfaces.

Rendering text, card faces, shadows and glows every frame would cost the frame budget, so the
screens keep what they drew; but a party plays game after game, so every cache is a
least-recently-used map bounded by the bytes of its pixels, not by a count of entries (a card
face at hover size weighs thirty glyphs). ``CACHES`` lists them all, for the memory soak.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import pygame

V = TypeVar("V", pygame.Surface, tuple[pygame.Surface, pygame.Surface])

MB = 1 << 20


def _bytes(value: pygame.Surface | tuple[pygame.Surface, ...]) -> int:
    surfaces = value if isinstance(value, tuple) else (value,)
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces)


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
        return key in self._items

    def get(self, key: Hashable) -> V | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: Hashable, value: V) -> V:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= _bytes(old)
        self._items[key] = value
        self.bytes += _bytes(value)
        while self.bytes > self.budget and len(self._items) > 1:
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
