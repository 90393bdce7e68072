"""Rebuild a game from a save: the same config, seed and actions give the identical state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.core.config import GameConfig
from game.core.errors import IllegalAction, MalformedInput
from game.core.saves import SavedGame
from game.rules.codes import canonical_config
from game.rules.registry import engine_for


def replay(save: SavedGame) -> Any:
    """The state after every saved action; a damaged save raises ``MalformedInput``."""
    config = canonical_config(save.config)
    engine = engine_for(config.game)
    state = engine.new_game(config, save.seed)
    for index, (seat, data) in enumerate(save.actions):
        action = engine.action_from_json(data)
        try:
            engine.apply(state, seat, action)
        except IllegalAction as error:
            raise MalformedInput(f"action {index} of the save is illegal: {error.reason}") from None
    return state


def record(config: GameConfig, seed: int, moves: Iterable[tuple[int, Any]]) -> SavedGame:
    """A save of moves applied in order (actions are the engine's own action values)."""
    engine = engine_for(config.game)
    actions: list[tuple[int, Mapping[str, Any]]] = [
        (seat, engine.action_to_json(action)) for seat, action in moves
    ]
    return SavedGame(config, seed, tuple(actions))
