"""``python -m game.tools.maestrobench``: Maestro's decision time, median and p99 per decision.

Maestro sits at seat 0 against machines of one level, the first seat rotating game by game;
every call to its ``choose`` is timed with the thread's CPU clock (``time.thread_time``, so the
time spent waiting for a core on a shared machine stays out of the tail), those that searched
and those answered at once alike, and those that searched also apart. Deterministic games: the
same command plays the same decisions on any machine; only the times vary.

    python -m game.tools.maestrobench --game bombazo --seats 4 --against astuto --games 40
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from game.bots.registry import bot_for, levels_for
from game.core.config import GameConfig, SeatKind
from game.match.headless import play_game
from game.tools.bench import TimedBot


def _ms(samples: Sequence[float]) -> dict[str, float | int]:
    ordered = sorted(samples)
    if not ordered:
        return {"decisions": 0, "p50": 0.0, "p99": 0.0, "max": 0.0}
    return {"decisions": len(ordered),
            "p50": round(statistics.median(ordered) * 1000, 2),
            "p99": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 2),
            "max": round(ordered[-1] * 1000, 2)}


def run(game: str, seats: int, against: SeatKind, games: int, seed: int = 0,
        budget: int | None = None, modelled: bool = True) -> dict[str, Any]:
    if SeatKind.MAESTRO not in levels_for(game):
        raise SystemExit(f"no Maestro plays {game}")
    shared: Any = bot_for(game, SeatKind.MAESTRO)
    Maestro: Any = type(shared)  # the family's class, reached through the registry
    bot = Maestro(budget if budget is not None else shared.budget, modelled)
    timed = TimedBot(bot, time.thread_time)
    searched: list[float] = []
    real_search = Maestro.search
    clock = time.thread_time

    def search(self: Any, *args: Any) -> Any:
        start = clock()
        try:
            return real_search(self, *args)
        finally:
            searched.append(clock() - start)

    kinds = (SeatKind.MAESTRO, *((against,) * (seats - 1)))
    opponent = bot_for(game, against)
    wins = 0
    Maestro.search = search
    try:
        for index in range(games):
            config = GameConfig(game, kinds, first=index % seats)
            record = play_game(config, seed + index, [timed, *((opponent,) * (seats - 1))])
            wins += record.winners == (0,)
    finally:
        Maestro.search = real_search
    return {
        "table": f"{game}, {seats} seats, maestro against {against.value}",
        "games": games, "seed": seed, "budget": bot.budget, "modelled": modelled,
        "maestro_wins": wins,
        "every_decision_ms": _ms(timed.samples),
        "searched_ms": _ms(searched),
        "clock": "thread CPU time",
        "python": platform.python_version(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.maestrobench",
                                     description="Maestro's decision time per decision.")
    parser.add_argument("--game", default="bombazo", help="a game Maestro plays (bombazo)")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--against", default="astuto",
                        choices=("lanzado", "astuto", "despiadado"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=None,
                        help="simulated actions per decision (default: Maestro's)")
    parser.add_argument("--plain", action="store_true", help="Maestro(modelled=False)")
    args = parser.parse_args(argv)
    report = run(args.game, args.seats, SeatKind(args.against), args.games, args.seed,
                 args.budget, not args.plain)
    print(json.dumps(report, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
