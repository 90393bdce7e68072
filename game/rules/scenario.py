"""The scenario runner (SCENARIOS.md): a TOML table in, one JSON object out, exit 0/1/2.

Malformed files are rejected whole before any step runs (exit 2); a step that the rules refuse
stops the run with its index (exit 1). Both print one line that says what is wrong. The runner
knows no game: each family's kit reads its own tables and steps.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import IllegalAction, MalformedInput, beyond_parser_limits
from game.core.files import read_text_capped
from game.rules import registry
from game.rules.kit import StepMissing

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2



def known_cards() -> frozenset[str]:
    """Card ids of every game: an id outside this set makes a file malformed."""
    return frozenset().union(*(kit.cards for kit in registry.kits()))


def known_verbs() -> frozenset[str]:
    """``do`` verbs of every game: a verb outside this set makes a file malformed."""
    return frozenset().union(*(kit.verbs for kit in registry.kits()))


KNOWN_CARDS = known_cards()
KNOWN_VERBS = known_verbs()
"""The ids of the games built in (the fuzz tests draw from them)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    exit_code: int
    report: dict[str, Any]


def run_file(path: Path) -> Outcome:
    try:
        text = read_text_capped(path)
    except (OSError, UnicodeDecodeError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else \
            _one_line(error)
        return Outcome(EXIT_MALFORMED, {"error": f"cannot read {path}: {why}"})
    return run_text(text)


def run_text(text: str) -> Outcome:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Outcome(EXIT_MALFORMED, {"error": f"not valid TOML: {_one_line(error)}"})
    except (ValueError, RecursionError) as error:  # valid syntax, past what Python reads
        return Outcome(EXIT_MALFORMED,
                       {"error": f"cannot read the TOML: {beyond_parser_limits(error)}"})
    try:
        return _run(doc)
    except MalformedInput as error:
        return Outcome(EXIT_MALFORMED, {"error": _one_line(error)})


def _run(doc: Mapping[str, Any]) -> Outcome:
    game = doc.get("game")
    ids = registry.game_ids()
    if not isinstance(game, str):
        raise MalformedInput(f"'game' must name a game ({', '.join(ids)})")
    if game not in ids:
        raise MalformedInput(f"unknown game {game!r} (known: {', '.join(ids)})")
    kit = registry.kit_for(game)
    if kit.engine is None or kit.scenario is None:
        raise MalformedInput(f"{game} cannot be played yet")
    reader, engine = kit.scenario, kit.engine
    steps = doc.get("step", [])
    if not isinstance(steps, list) or not all(isinstance(s, Mapping) for s in steps):
        raise MalformedInput("'step' must be an array of tables ([[step]])")
    cards, verbs = known_cards(), known_verbs()
    for index, step in enumerate(steps):
        _check_step(index, step, cards, verbs)
        reader.check_step(index, step)
    state = reader.setup(doc)
    for index, step in enumerate(steps):
        try:
            seat, action = reader.step_action(step)
            engine.apply(state, seat, action)
        except (IllegalAction, StepMissing, MalformedInput) as error:
            return Outcome(EXIT_ILLEGAL, {"error": _one_line(error), "step": index})
    return Outcome(EXIT_OK, reader.output(state))


def _check_step(index: int, step: Mapping[str, Any], cards: frozenset[str],
                verbs: frozenset[str]) -> None:
    """What every family shares: a known verb, and card ids some game knows."""
    where = f"step {index}"
    verb = step.get("do")
    if not isinstance(verb, str):
        raise MalformedInput(f"{where}: 'do' must name an action")
    if verb not in verbs:
        raise MalformedInput(f"{where}: unknown action {verb!r}")
    for key in ("card", "named"):
        value = step.get(key)
        if isinstance(value, str) and value not in cards:
            raise MalformedInput(f"{where}: unknown card {value!r}")


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return " ".join(part.strip() for part in text) if text else type(error).__name__
