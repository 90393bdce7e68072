"""The command line: one entry point for the game and its tools (scenario, sim, bench,
replay, code). Parsing and dispatch only; the timed tools live in ``game/tools``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

EXIT_USAGE = 2
EXIT_INTERNAL = 3


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
    from game.tools.simrun import run_sim

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
    from game.tools.bench import run_bench

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


def _replay(args: argparse.Namespace) -> int:
    from game.core.errors import MalformedInput
    from game.core.saves import read_save
    from game.rules.registry import engine_for
    from game.rules.replay import replay

    try:
        save = read_save(Path(args.file))
        state = replay(save)
    except MalformedInput as error:
        print(json.dumps({"error": str(error)}, ensure_ascii=False))
        return EXIT_USAGE
    engine = engine_for(save.config.game)
    print(json.dumps({
        "game": save.config.game,
        "actions": len(save.actions),
        "over": engine.is_over(state),
        "to_act": engine.to_act(state),
        "ranking": engine.ranking(state),
    }, ensure_ascii=False))
    return 0


def _code(args: argparse.Namespace) -> int:
    from game.core.codes import decode, encode
    from game.core.errors import MalformedInput

    try:
        config, seed = decode(args.code)
    except MalformedInput as error:
        print(json.dumps({"error": str(error)}, ensure_ascii=False))
        return EXIT_USAGE
    print(json.dumps({"code": encode(config, seed), "seed": seed, **config.to_json()},
                     ensure_ascii=False))
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

    replay = sub.add_parser("replay", help="replay a save file and print where the game stands")
    replay.add_argument("file")
    replay.set_defaults(run=_replay)

    code = sub.add_parser("code", help="read a game code and print the game it pins")
    code.add_argument("code")
    code.set_defaults(run=_code)
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
    except KeyboardInterrupt:
        print(f"{parser.prog} {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # a bug must still end in one line, never a traceback
        print(f"{parser.prog} {args.command}: internal error: {type(error).__name__}: {error}",
              file=sys.stderr)
        return EXIT_INTERNAL
    return result
