"""Every game of the collection: one line per family. The one place that imports the
families' rules packages; everything above reads games through it.

Tests register kits of their own (the toy games that prove the generic path) with
:func:`register`, which gives back the function that removes them again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.engine import Engine
from game.core.errors import MalformedInput, NotPlayable
from game.core.kit import GameDescriptor
from game.rules.bombdeck.kit import KIT as BOMBDECK_KIT
from game.rules.cazabombas.kit import KIT as CAZABOMBAS_KIT
from game.rules.diebombe.kit import KIT as DIEBOMBE_KIT
from game.rules.kit import RulesKit

_KITS: list[RulesKit] = [BOMBDECK_KIT, CAZABOMBAS_KIT, DIEBOMBE_KIT]
_KIT_OF: dict[str, RulesKit] = {}
_DESCRIPTORS: tuple[GameDescriptor, ...] = ()


def _index() -> None:
    global _DESCRIPTORS
    _KIT_OF.clear()
    for kit in _KITS:
        for game in kit.games:
            _KIT_OF[game.id] = kit
    _DESCRIPTORS = tuple(sorted((game for kit in _KITS for game in kit.games),
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
    _KITS.append(kit)
    _index()

    def unregister() -> None:
        _KITS.remove(kit)
        _index()

    return unregister


def kits() -> tuple[RulesKit, ...]:
    return tuple(_KITS)


def descriptors() -> tuple[GameDescriptor, ...]:
    """Every game, in code-number order."""
    return _DESCRIPTORS


def game_ids() -> tuple[str, ...]:
    return tuple(game.id for game in _DESCRIPTORS)


def playable() -> tuple[str, ...]:
    """The games this version can play, in code-number order."""
    return tuple(game.id for game in _DESCRIPTORS if _KIT_OF[game.id].engine is not None)


def descriptor(game_id: str) -> GameDescriptor:
    kit = _KIT_OF.get(game_id) if isinstance(game_id, str) else None
    if kit is None:
        raise MalformedInput(f"unknown game {game_id!r} (known: {', '.join(game_ids())})")
    return next(game for game in kit.games if game.id == game_id)


def kit_for(game_id: str) -> RulesKit:
    descriptor(game_id)
    return _KIT_OF[game_id]


def engine_for(game_id: str) -> Engine[Any, Any]:
    """The engine that plays ``game_id``; ``NotPlayable`` for a game described but not built
    yet, ``MalformedInput`` for an unknown one."""
    engine = kit_for(game_id).engine
    if engine is None:
        raise NotPlayable(f"{game_id} cannot be played yet")
    return engine


def family_of(game_id: str) -> str:
    return descriptor(game_id).family
