"""The command line: one entry point for the game and its tools (scenario, sim, bench).

The timed tools live here, at the top, because the layers below never read the clock:
``sim`` times the headless driver of ``game/match`` and draws its progress bar, ``bench`` times
the engine, Astuto's decisions and state copies.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from game.bots import Bot, bot_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.match.headless import bots_for, play_game
from game.match.sim import SimTally, config_for
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.view import BombView

EXIT_USAGE = 2


# ------------------------------------------------------------ timed runs

PROGRESS_AFTER = 2.0
"""Seconds before a run that is not on a terminal starts reporting progress."""


class Progress:
    """A bar on a terminal (redrawn in place), or a plain line per tenth of a long run when
    stderr is a file or a pipe, so logs stay readable. Silent for short runs off a terminal."""

    def __init__(self, total: int, stream: TextIO, enabled: bool = True) -> None:
        self.total = total
        self.stream = stream
        self.enabled = enabled and total > 0
        self.tty = enabled and stream.isatty()
        self.start = time.perf_counter()
        self.next_draw = self.start
        self.next_tenth = 1
        self.drawn = False

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        if self.tty:
            if now < self.next_draw and done < self.total:
                return
            self.next_draw = now + 0.1
            width = 30
            filled = width * done // self.total
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r[{bar}] {done}/{self.total} games, {rate:,.0f} games/s ")
            self.stream.flush()
            self.drawn = True
            return
        if elapsed < PROGRESS_AFTER:
            return
        tenth = 10 * done // self.total
        if tenth >= self.next_tenth and done < self.total:
            self.next_tenth = tenth + 1
            self.stream.write(f"sim: {done}/{self.total} games ({10 * tenth}%), "
                              f"{rate:,.0f} games/s\n")
            self.stream.flush()

    def close(self) -> None:
        if self.tty and self.drawn:
            self.stream.write("\r" + " " * 72 + "\r")
            self.stream.flush()


def run_sim(game: str, kinds: tuple[SeatKind, ...], games: int, seed: int, *,
            options: frozenset[str] = frozenset(), rotate: bool = False, check: bool = False,
            focus: int | None = None, progress: bool = True,
            stream: TextIO | None = None) -> tuple[SimTally, float]:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, …); a game that raises is counted
    as an error and the run goes on. Returns the tally and the wall time in seconds."""
    tally = SimTally(len(kinds))
    players = bots_for(GameConfig(game, kinds, options), focus)
    bar = Progress(games, stream if stream is not None else sys.stderr, progress)
    start = time.perf_counter()
    for index in range(games):
        game_seed = seed + index
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


# ------------------------------------------------------------ arguments


class _Parser(argparse.ArgumentParser):
    """An argument error is one line on stderr and exit 2, never a usage dump or a traceback.
    ``one_line=False`` keeps argparse's own message (the ``scenario`` subcommand's, unchanged)."""

    def __init__(self, *args: Any, one_line: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.one_line = one_line

    def error(self, message: str) -> NoReturn:
        if not self.one_line:
            super().error(message)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


class UsageError(Exception):
    """A bad argument found after parsing; printed as one line, exit 2."""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    return value


def _scenario(args: argparse.Namespace) -> int:
    from game.rules.scenario import run_file

    outcome = run_file(Path(args.file))
    print(json.dumps(outcome.report, ensure_ascii=False))
    return outcome.exit_code


def _sim(args: argparse.Namespace) -> int:
    from game.core.errors import MalformedInput
    from game.match.sim import SimSetupError, parse_bots
    from game.rules.bombdeck.engine import check_table, ruleset_of

    options = frozenset(o.strip() for o in args.options.split(",") if o.strip())
    try:
        check_table(ruleset_of(args.game), args.seats, options)
        kinds = parse_bots(args.bots, args.seats)
    except (MalformedInput, SimSetupError) as error:
        raise UsageError(str(error)) from None
    if args.focus is not None and not 0 <= args.focus < args.seats:
        raise UsageError(f"--focus {args.focus} is not a seat at this table (0–{args.seats - 1})")
    tally, seconds = run_sim(args.game, kinds, args.games, args.seed, options=options,
                             rotate=args.rotate, check=args.check, focus=args.focus,
                             progress=not args.quiet)
    report = tally.to_json(seconds, {
        "game": args.game,
        "seats": args.seats,
        "bots": [kind.value for kind in kinds],
        "options": sorted(options),
        "seed": args.seed,
        "rotate": args.rotate,
        "check": args.check,
    })
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        _print_sim(report)
    return 0


def _print_sim(report: dict[str, Any]) -> None:
    first = "first seat rotates" if report["rotate"] else "seat 0 plays first"
    print(f"{report['game']} · {report['seats']} seats · {report['games']} games · "
          f"seeds {report['seed']}… · {first}")
    print(f"{'seat':>4}  {'bot':<11}{'wins':>7}  {'win rate':>8}")
    for seat, (bot, wins, rate) in enumerate(
        zip(report["bots"], report["wins"], report["win_rate"], strict=True)
    ):
        print(f"{seat:>4}  {bot:<11}{wins:>7}  {rate * 100:>7.1f}%")
    print(f"{report['games_per_second']:,.0f} games/s ({report['seconds']:.2f} s), "
          f"{report['avg_actions']:.1f} actions per game")
    print(f"invariant violations: {report['invariant_violations']}, "
          f"errors: {report['errors']}")
    for line in report["violation_samples"] + report["error_samples"]:
        print(f"  {line}")


def _bench(args: argparse.Namespace) -> int:
    report = run_bench(engine_games=args.games, astuto_games=args.astuto_games)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"engine: {report['engine_games_per_second']:,.0f} games/s "
          f"({report['engine_table']}, {report['engine_games']} games)")
    print(f"astuto: median {report['astuto_median_us']:.1f} µs per decision, "
          f"p99 {report['astuto_p99_us']:.1f} µs, over {report['astuto_decisions']} decisions")
    print(f"state copy: {report['state_copy_us']:.2f} µs; view: {report['view_us']:.2f} µs")
    print(f"python {report['python']} on {report['machine']}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game", description="Mecha Corta")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    scenario = sub.add_parser("scenario", help="run a scenario file and print the state as JSON",
                              one_line=False)
    scenario.add_argument("file")
    scenario.set_defaults(run=_scenario)

    sim = sub.add_parser(
        "sim", help="play machine-only games in bulk: win rates, games per second",
        description="Play machine-only games. --bots: one name plays every seat; several "
                    "names must give one per seat, in seat order.",
    )
    sim.add_argument("--game", required=True, help="bombazo, mazo or clasico")
    sim.add_argument("--seats", type=_positive, default=4, help="seats at the table (4)")
    sim.add_argument("--bots", required=True,
                     help="lanzado, astuto, despiadado: one name, or one per seat")
    sim.add_argument("--games", type=_positive, default=100, help="games to play (100)")
    sim.add_argument("--seed", type=_whole, default=0,
                     help="seed of the first game; game i uses seed + i (0)")
    sim.add_argument("--options", default="", help="rule options, comma-separated")
    sim.add_argument("--rotate", action="store_true",
                     help="rotate the first player round the table game by game")
    sim.add_argument("--focus", type=_whole, default=None,
                     help="the seat Despiadado hunts (default: the strongest opponent)")
    sim.add_argument("--check", action="store_true",
                     help="check the engine's invariants after every action")
    sim.add_argument("--json", action="store_true",
                     help="print one JSON object on the last line")
    sim.add_argument("--quiet", action="store_true", help="no progress on stderr")
    sim.set_defaults(run=_sim)

    bench = sub.add_parser("bench", help="engine games/s, Astuto decision time, copy time")
    bench.add_argument("--games", type=_positive, default=2000,
                       help="engine games to time (2000)")
    bench.add_argument("--astuto-games", type=_positive, default=300,
                       help="games whose Astuto decisions are timed (300)")
    bench.add_argument("--json", action="store_true",
                       help="print one JSON object on the last line")
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        print("The screens are not built yet. Try: python -m game sim --game bombazo --seats 4 "
              "--bots astuto,lanzado,lanzado,lanzado --games 100 --seed 1", file=sys.stderr)
        return 0
    try:
        result: int = args.run(args)
    except UsageError as error:
        print(f"{parser.prog} {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    return result
