"""``python -m game bench``: engine speed, a machine level's decision time, state copy and view
time, for any game (by default the tables the figures in docs/BENCHMARKS.md were taken on).

Which machines sit at a game's bench table, and how many, is its family's to say
(``game.bots.registry.bench_table``): the engine's games are played by one level in every
seat, the decisions timed are another level's against that one; no level or seat count is
fixed here, so a game without Astuto, or without four seats, is measured as well."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from game.bots.base import Bot
from game.bots.registry import bench_table, bot_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.match.headless import bots_for, play_game
from game.rules.registry import engine_for

ENGINE_GAME = "clasico"
"""The engine-speed game of the figures in docs/BENCHMARKS.md (its bench table: four
Lanzado)."""
DECISION_GAME = "bombazo"
"""The decision-time game of those figures (one Astuto against three Lanzado)."""


class TimedBot:
    """Wraps a machine player and records how long each of its decisions takes, by ``clock``:
    wall time by default; ``time.thread_time`` counts only the time the thread ran, which on a
    shared machine keeps the time spent waiting for a core out of the tail."""

    def __init__(self, inner: Bot[Any, Any],
                 clock: Callable[[], float] = time.perf_counter,
                 samples: list[float] | None = None) -> None:
        self.inner = inner
        self.clock = clock
        self.samples: list[float] = [] if samples is None else samples

    @property
    def level(self) -> SeatKind:
        return self.inner.level

    def choose(self, view: Any, legal: Sequence[Any], rng: Pcg32) -> Any:
        clock = self.clock
        start = clock()
        choice = self.inner.choose(view, legal, rng)
        self.samples.append(clock() - start)
        return choice


def engine_speed(games: int, seed: int = 0, game: str = ENGINE_GAME) -> tuple[float, int]:
    """Games per second at the game's bench table, with the headless driver."""
    table = bench_table(game)
    config = GameConfig.machines(game, table.seats, table.filler)
    players = bots_for(config)
    start = time.perf_counter()
    for index in range(games):
        play_game(config, seed + index, players)
    seconds = time.perf_counter() - start
    return games / seconds, games


def decision_times(games: int, seed: int = 0, game: str = DECISION_GAME,
                     level: SeatKind | None = None,
                     clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """A level's decision times in seconds (by default the bench table's timed level: Astuto
    where the game has it), one of it against the table's other level in every other seat
    (every real decision: a play, a gift, a hidden bomb, a reaction; a bid, a take, a bomb)."""
    table = bench_table(game)
    level = table.timed if level is None else level
    timed = TimedBot(bot_for(game, level), clock)
    filler = bot_for(game, table.filler)
    kinds = (level,) + (table.filler,) * (table.seats - 1)
    for index in range(games):
        config = GameConfig(game, kinds, first=index % table.seats)
        play_game(config, seed + index, [timed] + [filler] * (table.seats - 1))
    return timed.samples


astuto_decisions = decision_times
"""The name docs/BENCHMARKS.md's earlier commands use (Astuto was the only timed level)."""


def copy_and_view_time(samples: int = 200, repeats: int = 200,
                       game: str = DECISION_GAME) -> tuple[float, float]:
    """Mean seconds for one engine ``copy`` and one ``view`` of mid-game states (the game's
    bench table, the state after 30 actions of a recorded game)."""
    table = bench_table(game)
    config = GameConfig.machines(game, table.seats, table.filler)
    engine = engine_for(game)
    states = []
    for index in range(samples):
        record = play_game(config, index)
        state = engine.new_game(config, index)
        for seat, action in record.actions[: min(30, len(record.actions) // 2)]:
            engine.apply(state, seat, action)
        states.append(state)
    copy = engine.copy
    start = time.perf_counter()
    for _ in range(repeats):
        for state in states:
            copy(state)
    copy_seconds = (time.perf_counter() - start) / (repeats * len(states))
    view = engine.view
    start = time.perf_counter()
    for _ in range(repeats):
        for state in states:
            view(state, 0)
    view_seconds = (time.perf_counter() - start) / (repeats * len(states))
    return copy_seconds, view_seconds


def run_bench(engine_games: int = 2000, astuto_games: int = 300,
              game: str | None = None) -> dict[str, Any]:
    """The figures of docs/BENCHMARKS.md; ``game`` times that game's engine, its timed level
    and states instead of the default tables."""
    engine_game = game or ENGINE_GAME
    decision_game = game or DECISION_GAME
    engine, decision = bench_table(engine_game), bench_table(decision_game)
    games_per_second, played = engine_speed(engine_games, game=engine_game)
    samples = decision_times(astuto_games, game=decision_game)
    ordered = sorted(samples)
    copy_seconds, view_seconds = copy_and_view_time(game=decision_game)
    return {
        "engine_games_per_second": round(games_per_second, 1),
        "engine_games": played,
        "engine_table": f"{engine_game}, {engine.seats} seats, {engine.filler.value}",
        "decision_table": f"{decision_game}, {decision.timed.value} against "
                          f"{decision.seats - 1} {decision.filler.value}",
        "timed_level": decision.timed.value,
        "decisions": len(samples),
        "decision_median_us": round(statistics.median(samples) * 1e6, 2) if samples else 0.0,
        "decision_p99_us": round(ordered[int(0.99 * (len(ordered) - 1))] * 1e6, 2)
        if ordered else 0.0,
        "decision_max_us": round(ordered[-1] * 1e6, 2) if ordered else 0.0,
        "state_copy_us": round(copy_seconds * 1e6, 3),
        "view_us": round(view_seconds * 1e6, 3),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
    }
