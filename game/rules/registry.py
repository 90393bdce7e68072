"""Every game of the collection: one line per family. The one place that imports the
families' rules packages; everything above reads games through it.

A family is read in two steps: its ``games.py`` (the descriptors alone) at start, since the
command line, the codes and the screens list every game; its ``kit.py`` (engine, scenario
reader, hidden twin) the first time one of its games is played, read or checked. A simulator's
run of one game then reads one engine, not every one (the families' rules are most of the
code a start has to read).

Tests register kits of their own (the toy games that prove the generic path) with
:func:`register`, which gives back the function that removes them again.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from game.core.engine import Engine
from game.core.errors import MalformedInput, NotPlayable
from game.core.kit import GameDescriptor
from game.rules.kit import RulesKit

FAMILIES = ("bombdeck", "cazabombas", "diebombe")
"""Every family of the collection: ``game/rules/<family>/games.py`` and ``kit.py``."""


class _Family:
    """One family's games, and its kit once read (``module``: where to read it until then).
    A plain class: a dataclass costs a millisecond to make, at every start."""

    __slots__ = ("games", "kit", "module")

    def __init__(self, games: tuple[GameDescriptor, ...], kit: RulesKit | None,
                 module: str | None) -> None:
        self.games = games
        self.kit = kit
        self.module = module

    @property
    def playable(self) -> bool:
        return self.module is not None or (self.kit is not None and self.kit.engine is not None)

    def load(self) -> RulesKit:
        if self.kit is None:
            assert self.module is not None
            kit: RulesKit = import_module(self.module).KIT
            if kit.games != self.games:
                raise RuntimeError(f"{self.module} describes other games than its games.py")
            self.kit, self.module = kit, None
        return self.kit


def _family(name: str) -> _Family:
    games = import_module(f"game.rules.{name}.games").GAMES
    return _Family(games, None, f"game.rules.{name}.kit")


_FAMILIES: list[_Family] = [_family(name) for name in FAMILIES]
_FAMILY_OF: dict[str, _Family] = {}
_DESCRIPTORS: tuple[GameDescriptor, ...] = ()


def _index() -> None:
    global _DESCRIPTORS
    _FAMILY_OF.clear()
    for family in _FAMILIES:
        for game in family.games:
            _FAMILY_OF[game.id] = family
    _DESCRIPTORS = tuple(sorted((game for family in _FAMILIES for game in family.games),
                                key=lambda game: game.code_number))


_index()


def register(kit: RulesKit) -> Callable[[], None]:
    """Add a family's kit; returns the function that takes it out again. A game id or a code
    number already taken is an error (codes must never read two ways)."""
    taken_ids = {game.id for game in _DESCRIPTORS}
    taken_numbers = {game.code_number for game in _DESCRIPTORS}
    for game in kit.games:
        if game.id in taken_ids or game.code_number in taken_numbers:
            raise ValueError(f"{game.id} (code number {game.code_number}) is taken")
    family = _Family(kit.games, kit, None)
    _FAMILIES.append(family)
    _index()

    def unregister() -> None:
        _FAMILIES.remove(family)
        _index()

    return unregister


def kits() -> tuple[RulesKit, ...]:
    """Every family's kit (each read now if it was not yet)."""
    return tuple(family.load() for family in _FAMILIES)


def descriptors() -> tuple[GameDescriptor, ...]:
    """Every game, in code-number order."""
    return _DESCRIPTORS


def game_ids() -> tuple[str, ...]:
    return tuple(game.id for game in _DESCRIPTORS)


def playable() -> tuple[str, ...]:
    """The games this version can play, in code-number order (a family of the collection
    is played by its kit; a registered kit without an engine is only described)."""
    return tuple(game.id for game in _DESCRIPTORS if _FAMILY_OF[game.id].playable)


def descriptor(game_id: str) -> GameDescriptor:
    family = _FAMILY_OF.get(game_id) if isinstance(game_id, str) else None
    if family is None:
        raise MalformedInput(f"unknown game {game_id!r} (known: {', '.join(game_ids())})")
    return next(game for game in family.games if game.id == game_id)


def kit_for(game_id: str) -> RulesKit:
    descriptor(game_id)
    return _FAMILY_OF[game_id].load()


def engine_for(game_id: str) -> Engine[Any, Any]:
    """The engine that plays ``game_id``; ``NotPlayable`` for a game described but not built
    yet, ``MalformedInput`` for an unknown one."""
    engine = kit_for(game_id).engine
    if engine is None:
        raise NotPlayable(f"{game_id} cannot be played yet")
    return engine


def family_of(game_id: str) -> str:
    return descriptor(game_id).family
