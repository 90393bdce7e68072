"""Which machine players play which family: one line per family. The one place in this layer
that imports the families' players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.bots import bombdeck, cazabombas, diebombe
from game.bots.base import Bot
from game.core.config import SeatKind
from game.core.errors import NotPlayable
from game.rules.registry import family_of

Factory = Callable[[SeatKind, int | None], Bot[Any, Any] | None]


_FAMILIES: dict[str, tuple[tuple[SeatKind, ...], Factory]] = {
    "bombdeck": (tuple(bombdeck.LEVELS), bombdeck.player),
    "diebombe": (tuple(diebombe.LEVELS), diebombe.player),
    "cazabombas": (tuple(cazabombas.LEVELS), cazabombas.player),
}
"""family → (its levels, in the order screens offer them; its factory)."""


def register(family: str, levels: tuple[SeatKind, ...], factory: Factory) -> Callable[[], None]:
    """Add a family's machine players (tests register the toy games' players); returns the
    function that takes them out again."""
    if family in _FAMILIES:
        raise ValueError(f"the {family} family has its machine players already")
    _FAMILIES[family] = (levels, factory)

    def unregister() -> None:
        _FAMILIES.pop(family, None)

    return unregister


class NoSuchBot(NotPlayable):
    """A seat kind that no machine player plays (a person, or a level not built yet)."""


def levels_for(game_id: str) -> tuple[SeatKind, ...]:
    """The machine levels that can sit at a table of ``game_id`` (none for a game whose
    players are not built)."""
    found = _FAMILIES.get(family_of(game_id))
    return found[0] if found is not None else ()


def bot_for(game_id: str, kind: SeatKind, focus: int | None = None) -> Bot[Any, Any]:
    """The player for ``kind`` at a table of ``game_id``; ``focus`` names the seat a ruthless
    player hunts (the person at the table)."""
    if kind is SeatKind.PERSON:
        raise NoSuchBot("a person's seat has no machine player")
    found = _FAMILIES.get(family_of(game_id))
    bot = found[1](kind, focus) if found is not None and kind in found[0] else None
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
