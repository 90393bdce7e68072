"""The command line: one entry point for the game and its tools."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path


def _scenario(args: argparse.Namespace) -> int:
    from game.rules.scenario import run_file

    outcome = run_file(Path(args.file))
    print(json.dumps(outcome.report, ensure_ascii=False))
    return outcome.exit_code


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description="Mecha Corta")
    sub = parser.add_subparsers(dest="command")
    scenario = sub.add_parser("scenario", help="run a scenario file and print the state as JSON")
    scenario.add_argument("file")
    scenario.set_defaults(run=_scenario)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        print("The screens are not built yet. Try: python -m game sim --game bombazo --seats 4 "
              "--bots astuto,lanzado --games 100 --seed 1", file=sys.stderr)
        return 0
    result: int = args.run(args)
    return result
