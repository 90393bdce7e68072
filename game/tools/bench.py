"""``python -m game bench``: engine speed, Astuto's decision time, state copy and view time."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Sequence
from typing import Any

from game.bots import Bot, bot_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.match.headless import bots_for, play_game
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.view import BombView


class TimedBot:
    """Wraps a machine player and records how long each of its decisions takes."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.samples: list[float] = []

    @property
    def level(self) -> SeatKind:
        return self.inner.level

    def choose(self, view: BombView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        start = time.perf_counter()
        choice = self.inner.choose(view, legal, rng)
        self.samples.append(time.perf_counter() - start)
        return choice


def engine_speed(games: int, seed: int = 0) -> tuple[float, int]:
    """Games per second, Clásico at four Lanzado seats, with the headless driver."""
    config = GameConfig.machines("clasico", 4, SeatKind.LANZADO)
    players = bots_for(config)
    start = time.perf_counter()
    for index in range(games):
        play_game(config, seed + index, players)
    seconds = time.perf_counter() - start
    return games / seconds, games


def astuto_decisions(games: int, seed: int = 0) -> list[float]:
    """Astuto's decision times in seconds, Bombazo, one Astuto against three Lanzado (every
    real decision: a play, a gift, a hidden bomb, a reaction)."""
    timed = TimedBot(bot_for(SeatKind.ASTUTO))
    lanzado = bot_for(SeatKind.LANZADO)
    kinds = (SeatKind.ASTUTO, SeatKind.LANZADO, SeatKind.LANZADO, SeatKind.LANZADO)
    for index in range(games):
        config = GameConfig("bombazo", kinds, first=index % 4)
        play_game(config, seed + index, [timed, lanzado, lanzado, lanzado])
    return timed.samples


def copy_and_view_time(samples: int = 200, repeats: int = 200) -> tuple[float, float]:
    """Mean seconds for one ``BOMBDECK.copy`` and one ``BOMBDECK.view`` of mid-game states
    (Bombazo, four seats, the state after 30 actions of a recorded game)."""
    config = GameConfig.machines("bombazo", 4, SeatKind.LANZADO)
    states = []
    for index in range(samples):
        record = play_game(config, index)
        state = BOMBDECK.new_game(config, index)
        for seat, action in record.actions[: min(30, len(record.actions) // 2)]:
            BOMBDECK.apply(state, seat, action)
        states.append(state)
    copy = BOMBDECK.copy
    start = time.perf_counter()
    for _ in range(repeats):
        for state in states:
            copy(state)
    copy_seconds = (time.perf_counter() - start) / (repeats * len(states))
    view = BOMBDECK.view
    start = time.perf_counter()
    for _ in range(repeats):
        for state in states:
            view(state, 0)
    view_seconds = (time.perf_counter() - start) / (repeats * len(states))
    return copy_seconds, view_seconds


def run_bench(engine_games: int = 2000, astuto_games: int = 300) -> dict[str, Any]:
    games_per_second, played = engine_speed(engine_games)
    samples = astuto_decisions(astuto_games)
    ordered = sorted(samples)
    copy_seconds, view_seconds = copy_and_view_time()
    return {
        "engine_games_per_second": round(games_per_second, 1),
        "engine_games": played,
        "engine_table": "clasico, 4 seats, lanzado",
        "astuto_decisions": len(samples),
        "astuto_median_us": round(statistics.median(samples) * 1e6, 2) if samples else 0.0,
        "astuto_p99_us": round(ordered[int(0.99 * (len(ordered) - 1))] * 1e6, 2)
        if ordered else 0.0,
        "astuto_max_us": round(ordered[-1] * 1e6, 2) if ordered else 0.0,
        "state_copy_us": round(copy_seconds * 1e6, 3),
        "view_us": round(view_seconds * 1e6, 3),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
    }
