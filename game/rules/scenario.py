"""The scenario runner (SCENARIOS.md): a TOML table in, one JSON object out, exit 0/1/2.

Malformed files are rejected whole before any step runs (exit 2); a step that the rules refuse
stops the run with its index (exit 1). Both print one line that says what is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import IllegalAction, MalformedInput, beyond_parser_limits
from game.rules.bombdeck import cards as bomb_cards
from game.rules.bombdeck import scenario as bomb_scenario
from game.rules.bombdeck.engine import BOMBDECK

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2

_DIEBOMBE_CARDS = frozenset(
    ["B"] + [f"{colour}{value}" for colour in "RG" for value in range(3, 26, 2)]
)
KNOWN_CARDS: frozenset[str] = bomb_cards.ALL_CARDS | _DIEBOMBE_CARDS
"""Card ids of every game: an id outside this set makes a file malformed."""

KNOWN_VERBS: frozenset[str] = frozenset(
    ("draw", "play", "pair", "trio", "nope", "resolve", "give", "place_bomb",
     "token", "dual_cut", "double_detector", "solo_cut", "reveal_reds", "equipment",
     "bid", "take", "bomb")
)
"""``do`` verbs of every game: a verb outside this set makes a file malformed."""

_STEP_TYPES: dict[str, tuple[type, ...]] = {  # bomb-deck steps: every card is a card id
    "seat": (int,),
    "card": (str,),
    "target": (int,),
    "named": (str,),
    "do": (str,),
}


@dataclass(frozen=True, slots=True)
class Outcome:
    exit_code: int
    report: dict[str, Any]


def run_file(path: Path) -> Outcome:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return Outcome(EXIT_MALFORMED, {"error": f"cannot read {path}: {_one_line(error)}"})
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
    if not isinstance(game, str):
        raise MalformedInput("'game' must name a game (bombazo, mazo or clasico)")
    if game not in BOMBDECK.game_ids:
        raise MalformedInput(f"unknown or unsupported game {game!r}")
    steps = doc.get("step", [])
    if not isinstance(steps, list) or not all(isinstance(s, Mapping) for s in steps):
        raise MalformedInput("'step' must be an array of tables ([[step]])")
    for index, step in enumerate(steps):
        _check_step(index, step)
    state = bomb_scenario.setup(doc, KNOWN_CARDS)
    for index, step in enumerate(steps):
        try:
            seat, action = bomb_scenario.step_action(step)
            BOMBDECK.apply(state, seat, action)
        except (IllegalAction, bomb_scenario.StepMissing, MalformedInput) as error:
            return Outcome(EXIT_ILLEGAL, {"error": _one_line(error), "step": index})
    return Outcome(EXIT_OK, bomb_scenario.output(state))


def _check_step(index: int, step: Mapping[str, Any]) -> None:
    where = f"step {index}"
    verb = step.get("do")
    if not isinstance(verb, str):
        raise MalformedInput(f"{where}: 'do' must name an action")
    if verb not in KNOWN_VERBS:
        raise MalformedInput(f"{where}: unknown action {verb!r}")
    for key, types in _STEP_TYPES.items():
        value = step.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, types):
            raise MalformedInput(f"{where}: '{key}' has the wrong type ({value!r})")
    for key in ("card", "named"):
        value = step.get(key)
        if isinstance(value, str) and value not in KNOWN_CARDS:
            raise MalformedInput(f"{where}: unknown card {value!r}")
    position = step.get("position")
    if position is not None and (
        isinstance(position, bool) or not (isinstance(position, int) or position == "random")
    ):
        raise MalformedInput(f"{where}: 'position' must be a whole number or \"random\"")


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return " ".join(part.strip() for part in text) if text else type(error).__name__
