"""The tables the generic suite runs on, read from the registry when the tests are collected:
every playable game at every seat count it takes, so a game is in every generic check the day
it registers (tests/test_every_game.py checks that no check leaves one out).

Sizing, not skipping, keeps the suite fast: a check that costs more on a big table plays fewer
or shorter games there; it never runs on a subset of the tables."""

from __future__ import annotations

from game.core.config import GameConfig, SeatKind
from game.core.kit import GameDescriptor
from game.rules.registry import descriptor, playable

TABLES = [(game, seats) for game in playable() for seats in descriptor(game).seat_range]
IDS = [f"{game}-{seats}" for game, seats in TABLES]


def all_tables() -> list[tuple[str, int]]:
    """The tables as the registry holds them now (``TABLES`` is read once, at collection)."""
    return [(game, seats) for game in playable() for seats in descriptor(game).seat_range]


def options(spec: GameDescriptor, variant: int) -> frozenset[str]:
    """Variant 0: the game's defaults. Others walk its options: the ``variant``-th pick-one
    choice (a mission) and the free options switched on by the bits of ``variant``."""
    if variant == 0:
        return spec.with_defaults(spec.defaults)
    free = [option for option in spec.options if option not in spec.pick_one]
    chosen = {option for bit, option in enumerate(free) if variant >> bit & 1}
    if spec.pick_one:
        chosen.add(spec.pick_one[variant % len(spec.pick_one)])
    return frozenset(chosen)


def config(game: str, seats: int, variant: int = 0,
           level: SeatKind = SeatKind.LANZADO) -> GameConfig:
    """A table of machines of ``level`` with the options of ``variant``."""
    spec = descriptor(game)
    return GameConfig.machines(game, seats, level, options(spec, variant))
