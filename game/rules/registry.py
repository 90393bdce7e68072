"""Which engine plays which game id. The one place that knows every game."""

from __future__ import annotations

from typing import Any

from game.core.engine import Engine
from game.core.errors import MalformedInput
from game.rules.bombdeck.engine import BOMBDECK

_ENGINES: dict[str, Engine[Any, Any]] = {game_id: BOMBDECK for game_id in BOMBDECK.game_ids}

GAME_IDS: tuple[str, ...] = tuple(_ENGINES)


def engine_for(game_id: str) -> Engine[Any, Any]:
    try:
        return _ENGINES[game_id]
    except KeyError:
        known = ", ".join(GAME_IDS)
        raise MalformedInput(f"unknown game {game_id!r} (known: {known})") from None
