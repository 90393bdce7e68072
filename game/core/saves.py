"""Saves and replays: the config, the seed and the actions, as JSON.

A save never stores a state: replaying the actions from the seed rebuilds it exactly, which
keeps files tiny, makes every save a replay, and lets a damaged file be detected (an action
that is illegal on replay) instead of silently loading a corrupt table.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput

SAVE_FORMAT = "mecha-corta-save"
SAVE_VERSION = 1


@dataclass(frozen=True, slots=True)
class SavedGame:
    config: GameConfig
    seed: int
    actions: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    """(seat, action as JSON) in the order they were applied."""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": [{"seat": seat, **dict(action)} for seat, action in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def config_from_json(data: Any) -> GameConfig:
    if not isinstance(data, Mapping):
        raise MalformedInput("the save's config is not an object")
    game = data.get("game")
    if not isinstance(game, str):
        raise MalformedInput("the save's config names no game")
    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list) or not seats_raw:
        raise MalformedInput("the save's config lists no seats")
    seats = []
    for kind in seats_raw:
        try:
            seats.append(SeatKind(kind))
        except ValueError:
            raise MalformedInput(f"unknown seat kind {kind!r} in the save") from None
    options = data.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise MalformedInput("the save's options must be a list of names")
    first = data.get("first", 0)
    if isinstance(first, bool) or not isinstance(first, int):
        raise MalformedInput("the save's first seat must be a whole number")
    return GameConfig(game, tuple(seats), frozenset(options), first)


def saved_game_from_json(data: Any) -> SavedGame:
    if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
        raise MalformedInput("not a Mecha Corta save")
    version = data.get("version")
    if version != SAVE_VERSION:
        raise MalformedInput(f"save version {version!r} is not supported (expected {SAVE_VERSION})")
    config = config_from_json(data.get("config"))
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise MalformedInput("the save's seed must be a whole number ≥ 0")
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise MalformedInput("the save's actions must be a list")
    actions = []
    for index, entry in enumerate(raw_actions):
        if not isinstance(entry, Mapping):
            raise MalformedInput(f"action {index} of the save is not an object")
        seat = entry.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise MalformedInput(f"action {index} of the save names no seat")
        actions.append((seat, {k: v for k, v in entry.items() if k != "seat"}))
    return SavedGame(config, seed, tuple(actions))


def loads(text: str) -> SavedGame:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise MalformedInput(f"the save is not valid JSON ({error.__class__.__name__})") from None
    return saved_game_from_json(data)


def read_save(path: Path) -> SavedGame:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise MalformedInput(f"cannot read {path.name}: {error.__class__.__name__}") from None
    return loads(text)


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename over ``path``:
    a crash leaves either the old file or the new one, never half of each."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
