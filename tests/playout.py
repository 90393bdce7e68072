"""A generic random playout over the engine contract (the command-line and save tests)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from game.bots.base import Bot
from game.core.config import GameConfig
from game.core.engine import Engine
from game.core.rng import Pcg32

MAX_STEPS = 20_000


def random_playout(
    engine: Engine[Any, Any], config: GameConfig, seed: int, check: bool = True
) -> tuple[Any, list[tuple[int, Any]]]:
    """Play to the end choosing uniformly among every seat's legal moves; return the final
    state and the moves. Fails loudly on a stuck game, an endless game or a broken invariant."""
    state = engine.new_game(config, seed)
    chooser = Pcg32(seed, stream=777)
    moves: list[tuple[int, Any]] = []
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            return state, moves
        options = [(seat, a) for seat in engine.to_act(state)
                   for a in engine.legal_actions(state, seat)]
        assert options, f"no legal move in a game that is not over: {engine.to_act(state)}"
        seat, action = options[chooser.below(len(options))]
        engine.apply(state, seat, action)
        moves.append((seat, action))
        if check:
            problems = engine.invariant_violations(state)
            assert not problems, problems
    raise AssertionError(f"game did not end within {MAX_STEPS} moves")


def bombdeck_positions(state: Any, bots: Sequence[Bot[Any, Any]], seed: int) -> Iterator[Any]:
    """``state`` at every position of a bomb-deck game played by ``bots`` (one per seat), from
    the deal to the end (``game.bots.bombdeck.selfplay.positions``)."""
    from game.bots.bombdeck.selfplay import positions

    return positions(state, bots, seed)  # type: ignore[arg-type]
