"""Render caches stay inside their byte budgets, dropping the least recently used first."""

from __future__ import annotations

import pygame

from game.ui.cache import CACHES, SurfaceCache


def _surface(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)  # 4 bytes a pixel


def test_budget_in_bytes_drops_the_least_recently_used() -> None:
    cache: SurfaceCache[pygame.Surface] = SurfaceCache("test", 3 * 10 * 10 * 4)
    try:
        for key in "abc":
            cache.put(key, _surface(10))
        assert cache.get("a") is not None  # "a" is now the most recent
        cache.put("d", _surface(10))
        assert "b" not in cache and {"a", "c", "d"} <= {k for k in "abcd" if k in cache}
        assert cache.bytes == 3 * 400
        cache.put("big", _surface(40))  # larger than the budget: kept alone, others dropped
        assert len(cache) == 1 and "big" in cache
        cache.clear()
        assert cache.bytes == 0 and len(cache) == 0
    finally:
        CACHES.remove(cache)


def test_get_or_make_makes_once() -> None:
    cache: SurfaceCache[pygame.Surface] = SurfaceCache("test", 1 << 20)
    made: list[int] = []
    try:
        def make() -> pygame.Surface:
            made.append(1)
            return _surface(4)

        first = cache.get_or_make("k", make)
        assert cache.get_or_make("k", make) is first and made == [1]
    finally:
        CACHES.remove(cache)


def test_every_screen_cache_is_registered_with_a_budget() -> None:
    """Every module of the screens imported first: the bound holds for all of them, whichever
    tests ran before this one."""
    import importlib
    import pkgutil

    import game.ui

    for module in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)

    names = {cache.name for cache in CACHES}
    assert {"card faces", "texts", "icons", "shadows", "gradients", "particle dots",
            "card glows", "turned cards"} <= names
    # five games' pictures at 1080p: a bound on the whole, so a new cache must find its room
    assert sum(cache.budget for cache in CACHES if cache.name != "test") <= 48 << 20
