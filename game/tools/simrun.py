"""Timed bulk runs of machine-only games (``python -m game sim``)."""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

from game.bots.base import Bot
from game.core.codes import seed_at
from game.core.config import GameConfig, SeatKind
from game.match.headless import bots_for, play_game
from game.match.sim import SimTally, config_for
from game.tools.progress import Progress


def run_sim(game: str, kinds: tuple[SeatKind, ...], games: int, seed: int, *,
            options: frozenset[str] = frozenset(), rotate: bool = False, check: bool = False,
            focus: int | None = None, progress: bool = True,
            stream: TextIO | None = None, timing: list[float] | None = None
            ) -> tuple[SimTally, float]:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, …); a game that raises is counted
    as an error and the run goes on. Returns the tally and the wall time in seconds. With
    ``timing``, every machine decision's time in seconds is appended to it."""
    tally = SimTally(len(kinds))
    players: list[Bot[Any, Any]] = bots_for(GameConfig(game, kinds, options), focus)
    if timing is not None:  # one timer per player object, so seats sharing one share it
        from game.tools.bench import TimedBot  # (and the statistics it reads: only then)

        timers = {id(bot): TimedBot(bot, samples=timing) for bot in players}
        players = [timers[id(bot)] for bot in players]
    bar = Progress(games, stream if stream is not None else sys.stderr, progress)
    start = time.perf_counter()
    for index in range(games):
        game_seed = seed_at(seed, index)
        try:
            record = play_game(config_for(game, kinds, options, index, rotate), game_seed,
                               players, check=check)
        except Exception as error:  # one broken game is a result, not the end of the run
            tally.add_error(game_seed, error)
        else:
            tally.add(record)
        if index % 64 == 63 or index + 1 == games:
            bar.update(index + 1)
    seconds = time.perf_counter() - start
    bar.close()
    return tally, seconds
