"""Which screens play which family: one line per family, and the collection's featured game
("Play now"). The one place in the front end that imports the families' screens.

Tests register kits of their own with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.config import GameConfig, SeatKind
from game.core.errors import NotPlayable
from game.rules.registry import family_of, playable
from game.ui.bombdeck.kit import KIT as BOMBDECK
from game.ui.cazabombas.kit import KIT as CAZABOMBAS
from game.ui.diebombe.kit import KIT as DIEBOMBE
from game.ui.kit import Tutorial, UiKit

_KITS: dict[str, UiKit] = {
    "bombdeck": BOMBDECK,
    "diebombe": DIEBOMBE,
    "cazabombas": CAZABOMBAS,
}

FEATURED = GameConfig("bombazo", (SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.ASTUTO,
                                  SeatKind.ASTUTO))
""""Play now": Bombazo against three Astuto, the person at seat 0 playing first."""


def register(kit: UiKit) -> Callable[[], None]:
    """Add a family's screens; returns the function that takes them out again."""
    if kit.family in _KITS:
        raise ValueError(f"the {kit.family} family has its screens already")
    _KITS[kit.family] = kit

    def unregister() -> None:
        _KITS.pop(kit.family, None)

    return unregister


def ui_kit_for(game_id: str) -> UiKit:
    """The screens of ``game_id``; ``NotPlayable`` when its family has none yet."""
    kit = _KITS.get(family_of(game_id))
    if kit is None:
        raise NotPlayable(f"{game_id} has no table screen yet")
    return kit


def on_screen() -> tuple[str, ...]:
    """The games that can be played through the screens (an engine and a table)."""
    return tuple(game for game in playable() if family_of(game) in _KITS)


def lesson_for(game_id: str) -> Tutorial | None:
    """The first game that teaches ``game_id``, if it has one."""
    kit = _KITS.get(family_of(game_id))
    return kit.lessons.get(game_id) if kit is not None else None


def featured_tutorial() -> Tutorial | None:
    """The first game that teaches the featured game (the very first "Play now")."""
    return lesson_for(FEATURED.game)


def shot_names() -> tuple[str, ...]:
    """Every screenshot scene some family offers (``table``, ``curtain``, …), in order."""
    names: list[str] = []
    for kit in _KITS.values():
        names += [name for name in kit.shots if name not in names]
    return tuple(names)
