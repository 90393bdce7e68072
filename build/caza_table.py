"""Caza Bombas team win rates for every mission at 2-5 players, with 95% intervals, as the
Markdown table of docs/BENCHMARKS.md ("Caza Bombas team win rates"):
``python build/caza_table.py --bots astuto --games 200 --jobs 2``.

Each cell is ``python -m game sim --game cazabombas --options missionM --seats S --bots B
--games N --seed SEED`` (the same runner, :func:`game.tools.simrun.run_sim`: the same seeds,
so the same games); the script only loops over the cells, spreads them over ``--jobs``
processes and adds the interval. Why a script and not a ``sim`` option: ``sim`` already plays
one mission at one table; a table of 32 runs with intervals is a report, not a game option.

The interval is Wilson's score interval (95%, z = 1.96): unlike the normal one it stays inside
0-100% and is honest near the edges, where most cells of the early missions lie.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.config import SeatKind
from game.tools.simrun import run_sim

MISSIONS = range(1, 9)
SEATS = range(2, 6)
Z = 1.96


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% score interval of a rate of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * sqrt(p * (1 - p) / games + Z * Z / (4 * games * games)) / (1 + Z * Z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def cell(args: tuple[str, int, int, int, int]) -> tuple[int, int, int, int, float]:
    """(mission, seats, team wins, games, seconds) of one sim run."""
    bots, mission, seats, games, seed = args
    kinds = (SeatKind[bots.upper()],) * seats
    tally, seconds = run_sim("cazabombas", kinds, games, seed,
                             options=frozenset({f"mission{mission}"}), progress=False)
    if tally.errors:
        raise SystemExit(f"mission {mission}, {seats} seats: {tally.errors} games failed")
    return mission, seats, tally.team_wins, tally.team_games, seconds


def _missions(text: str) -> list[int]:
    """"4-8" or "2,5" as mission numbers, each one of :data:`MISSIONS`."""
    chosen: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        try:
            span = range(int(first), int(last or first) + 1)
        except ValueError:
            raise SystemExit(f"not missions: {text!r}") from None
        chosen += [m for m in span if m not in chosen]
    if not chosen or any(m not in MISSIONS for m in chosen):
        raise SystemExit(f"missions are 1 to 8: {text!r}")
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="astuto", help="the level at every seat (astuto)")
    parser.add_argument("--games", type=int, default=200, help="games per cell (200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of each cell's first game")
    parser.add_argument("--jobs", type=int, default=2, help="processes (2)")
    parser.add_argument("--missions", default="1-8",
                        help="the missions, e.g. 4-8 or 2,5 (all eight)")
    args = parser.parse_args(argv)
    missions = _missions(args.missions)
    jobs = [(args.bots, m, s, args.games, args.seed) for m in missions for s in SEATS]
    start = time.perf_counter()
    results: dict[tuple[int, int], tuple[int, int]] = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for mission, seats, wins, games, seconds in pool.map(cell, jobs):
            results[(mission, seats)] = (wins, games)
            print(f"mission {mission}, {seats} seats: {wins}/{games} ({seconds:.0f} s)",
                  file=sys.stderr, flush=True)
    print(f"| mission | {' | '.join(f'{s} players' for s in SEATS)} |")
    print(f"|---|{'---|' * len(SEATS)}")
    for mission in missions:
        row = []
        for seats in SEATS:
            wins, games = results[(mission, seats)]
            low, high = wilson(wins, games)
            row.append(f"{100 * wins / games:.0f}% ({100 * low:.0f}–{100 * high:.0f})")
        print(f"| {mission} | {' | '.join(row)} |")
    print(f"\n{args.bots} at every seat, {args.games} games per cell (seeds {args.seed}–"
          f"{args.seed + args.games - 1}), {time.perf_counter() - start:.0f} s with "
          f"{args.jobs} processes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
