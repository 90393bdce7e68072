"""Which machine players play which family: one line per family. The one place in this layer
that imports the families' players.

A family's players are imported the first time a table of that family asks for one: a run of
one game (the simulator, a game against Astuto) does not pay for reading every family's
players at start. Each family's package says its levels (``LEVELS``, in the order the screens
offer them), its ``player(kind, focus)`` factory, the level that stands in for a person
(``STAND_IN``) and the table its speed is measured on (``BENCH``), so nothing above this layer
names a level a game may not have.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, NamedTuple

from game.bots.base import BenchTable, Bot
from game.core.config import SeatKind
from game.core.errors import NotPlayable
from game.rules.registry import descriptor, family_of

Factory = Callable[[SeatKind, int | None], Bot[Any, Any] | None]


class Players(NamedTuple):
    """A family's machine players as the layers above see them."""

    levels: tuple[SeatKind, ...]
    """In the order the screens offer them."""
    factory: Factory
    stand_in: SeatKind
    """The level that plays a person's seat when nobody is at the keyboard."""
    bench: BenchTable


_FAMILIES: dict[str, str | Players] = {
    "bombdeck": "game.bots.bombdeck",
    "diebombe": "game.bots.diebombe",
    "cazabombas": "game.bots.cazabombas",
}
"""family → its players, or the package that has them until a table first asks."""


def register(family: str, levels: tuple[SeatKind, ...], factory: Factory, *,
             stand_in: SeatKind | None = None, bench: BenchTable | None = None
             ) -> Callable[[], None]:
    """Add a family's machine players (tests register the toy games' players); returns the
    function that takes them out again. ``stand_in`` defaults to the first level; ``bench``
    to four seats of the first level, the stand-in's decisions timed."""
    if family in _FAMILIES:
        raise ValueError(f"the {family} family has its machine players already")
    if not levels:
        raise ValueError(f"the {family} family registers no level")
    stand_in = levels[0] if stand_in is None else stand_in
    if stand_in not in levels or (bench is not None and not
                                  {bench.filler, bench.timed} <= set(levels)):
        raise ValueError(f"the {family} family names a level it has not got")
    _FAMILIES[family] = Players(levels, factory, stand_in,
                                bench or BenchTable(4, levels[0], stand_in))

    def unregister() -> None:
        _FAMILIES.pop(family, None)

    return unregister


class NoSuchBot(NotPlayable):
    """A seat kind that no machine player plays (a person, or a level not built yet)."""


def _players(game_id: str) -> Players | None:
    family = family_of(game_id)
    found = _FAMILIES.get(family)
    if isinstance(found, str):
        package = import_module(found)
        found = _FAMILIES[family] = Players(tuple(package.LEVELS), package.player,
                                            package.STAND_IN, package.BENCH)
    return found


def levels_for(game_id: str) -> tuple[SeatKind, ...]:
    """The machine levels that can sit at a table of ``game_id`` (none for a game whose
    players are not built)."""
    found = _players(game_id)
    return found.levels if found is not None else ()


def stand_in_for(game_id: str) -> SeatKind:
    """The level that plays a person's seat of ``game_id`` when nobody is at the keyboard
    (``--autoplay``, a game played out for its results); ``NoSuchBot`` for a game whose
    players are not built."""
    found = _players(game_id)
    if found is None:
        raise NoSuchBot(f"no machine player plays {game_id} yet")
    return found.stand_in


def bench_table(game_id: str) -> BenchTable:
    """The table ``game_id``'s speed is measured on, its seats fitted to the game's range;
    ``NoSuchBot`` for a game whose players are not built."""
    found = _players(game_id)
    if found is None:
        raise NoSuchBot(f"no machine player plays {game_id} yet")
    seats = descriptor(game_id).seat_range
    return found.bench._replace(seats=min(max(found.bench.seats, seats[0]), seats[-1]))


def bot_for(game_id: str, kind: SeatKind, focus: int | None = None) -> Bot[Any, Any]:
    """The player for ``kind`` at a table of ``game_id``; ``focus`` names the seat a ruthless
    player hunts (the person at the table)."""
    if kind is SeatKind.PERSON:
        raise NoSuchBot("a person's seat has no machine player")
    found = _players(game_id)
    bot = found.factory(kind, focus) if found is not None and kind in found.levels else None
    if bot is None:
        available = ", ".join(k.value for k in levels_for(game_id)) or "none"
        raise NoSuchBot(f"no machine player plays {kind.value!r} in {game_id} yet "
                        f"(available: {available})")
    return bot


def quick_bot_for(game_id: str, kind: SeatKind, focus: int | None = None) -> Bot[Any, Any]:
    """:func:`bot_for`, with a searching level's thinking cut to the least (its ``quick()``):
    for soaks and checks that play many games of every level, where what matters is that
    every move is legal and every game ends, not how well it is played."""
    bot = bot_for(game_id, kind, focus)
    quick = getattr(bot, "quick", None)
    return quick() if callable(quick) else bot
