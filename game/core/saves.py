"""Saves and replays: the config, the seed and the actions, as JSON.

A save never stores a state: replaying the actions from the seed rebuilds it exactly, which
keeps files tiny, makes every save a replay, and lets a damaged file be detected (an action
that is illegal on replay) instead of silently loading a corrupt table.

Two versions (docs/SAVES.md). Version 1 (0.1.0) is plain JSON: a glance at an unfinished game's
file in a text editor shows where the bomb went back into the deck and which card was given.
Version 2, written everywhere since, keeps a readable header with nothing secret in it (the
config and the move count) and seals the seed (which pins the deal) and the actions in one
field: JSON, zlib-compressed, base64. That is no protection against a determined cheat, only
against a glance. Both versions load; a loaded save's seed always fits a game code (below
``SEED_SPACE``). Which games and options exist is the rules registry's to say, above this
layer: ``Match.from_save`` and ``game.rules.replay`` check the config against the game's
descriptor (``canonical_config``) before anything is replayed.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
import os
import re
import tempfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.codes import SEED_SPACE
from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput, beyond_parser_limits
from game.core.files import read_text_capped

log = logging.getLogger(__name__)

SAVE_FORMAT = "mecha-corta-save"
SAVE_VERSION = 2
"""The version every save is written in."""
READ_VERSIONS = (1, 2)
"""The versions that load: 1 (plain, 0.1.0) and 2 (sealed)."""
SEALED = "sealed"
"""Version 2: the key of the sealed seed and actions."""
MAX_SEALED_BYTES = 8 * 2**20
"""The most a sealed field may unpack to: a real game is a few kilobytes, and a small field
that unpacks to gigabytes must not take the memory."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    config: GameConfig
    seed: int
    actions: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    """(seat, action as JSON) in the order they were applied."""

    def to_json(self, version: int = SAVE_VERSION) -> dict[str, Any]:
        """The save as JSON, in ``version`` (the program writes 2; 1 is for the tests and the
        fuzzers that check old files still load)."""
        secret = {
            "seed": self.seed,
            "actions": [{"seat": seat, **dict(action)} for seat, action in self.actions],
        }
        head = {"format": SAVE_FORMAT, "version": version, "config": self.config.to_json()}
        if version == 1:
            return {**head, **secret}
        if version != SAVE_VERSION:
            raise ValueError(f"cannot write save version {version!r}")
        return {**head, "moves": len(self.actions), SEALED: seal(secret)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def seal(data: Mapping[str, Any]) -> str:
    """``data`` as compact JSON, zlib-compressed, base64: unreadable at a glance, and still
    small (the actions of a game repeat themselves a lot)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def unseal(field: object) -> Any:
    """The JSON value :func:`seal` wrote; ``MalformedInput`` for anything else, including a
    field that would unpack past ``MAX_SEALED_BYTES``."""
    if not isinstance(field, str):
        raise MalformedInput("the save's sealed moves are missing")
    try:
        packed = base64.b64decode(field.encode("ascii"), validate=True)
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_SEALED_BYTES)
    except (ValueError, zlib.error, binascii.Error) as error:  # UnicodeError is a ValueError
        raise MalformedInput("the save's sealed moves are damaged "
                             f"({error.__class__.__name__})") from None
    if unpacker.unconsumed_tail:
        raise MalformedInput("the save's sealed moves are too large")
    if not unpacker.eof:
        raise MalformedInput("the save's sealed moves are cut short")
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        # not UTF-8, not JSON, a number too long to read, nesting too deep
        raise MalformedInput("the save's sealed moves are damaged "
                             f"({error.__class__.__name__})") from None


def config_from_json(data: Any) -> GameConfig:
    """The config of a save, checked for shape (a game name, known seat kinds, a first seat at
    the table); the game and its options are checked against its descriptor above this layer
    (``game.rules.codes.canonical_config``)."""
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
            seats.append(SeatKind(kind if isinstance(kind, str) else ""))
        except ValueError:
            raise MalformedInput(f"unknown seat kind {_short(kind)} in the save") from None
    options = data.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise MalformedInput("the save's options must be a list of names")
    first = data.get("first", 0)
    if isinstance(first, bool) or not isinstance(first, int):
        raise MalformedInput("the save's first seat must be a whole number")
    if not 0 <= first < len(seats):
        raise MalformedInput(f"the save's first seat {_short(first)} is outside "
                             f"0–{len(seats) - 1}")
    return GameConfig(game, tuple(seats), frozenset(options), first)


def saved_game_from_json(data: Any) -> SavedGame:
    """A save of either version; ``MalformedInput`` (one line) for anything that is not one."""
    if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
        raise MalformedInput("not a Mecha Corta save")
    version = data.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise MalformedInput(f"save version {_short(version)} is not supported (expected "
                             f"{' or '.join(map(str, READ_VERSIONS))})")
    config = config_from_json(data.get("config"))
    secret = data if version == 1 else unseal(data.get(SEALED))
    if not isinstance(secret, Mapping):
        raise MalformedInput("the save's sealed moves are not an object")
    seed = _seed(secret.get("seed"))
    actions = _actions(secret.get("actions", []))
    if version != 1:
        moves = data.get("moves")
        if type(moves) is not int or moves != len(actions):
            raise MalformedInput(f"the save says {_short(moves)} moves but holds "
                                 f"{len(actions)}")
    return SavedGame(config, seed, actions)


def _seed(seed: object) -> int:
    """A seed a code can carry (``0 .. SEED_SPACE - 1``): the table shows every game's code."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedInput("the save's seed must be a whole number")
    if not 0 <= seed < SEED_SPACE:
        raise MalformedInput(f"the save's seed {_short(seed)} is outside 0–{SEED_SPACE - 1}")
    return seed


def _actions(raw_actions: object) -> tuple[tuple[int, Mapping[str, Any]], ...]:
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
    return tuple(actions)


def _short(value: object) -> str:
    """``repr`` cut to a few characters: a message is one short line even for a huge number
    (whose full ``repr`` Python may refuse to write past 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"{'-' if value < 0 else ''}(a {value.bit_length()}-bit number)"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def loads(text: str) -> SavedGame:
    """A save from its text; any text that is not a save is ``MalformedInput``, never another
    error: a number too long to read (``ValueError``) or nesting too deep (``RecursionError``)
    included."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise MalformedInput(f"the save is not valid JSON ({beyond_parser_limits(error)})") \
            from None
    return saved_game_from_json(data)


def read_save(path: Path) -> SavedGame:
    try:
        text = read_text_capped(path)
    except OSError as error:
        raise MalformedInput(f"cannot read {path.name}: {error.strerror or type(error).__name__}"
                             ) from None
    except UnicodeDecodeError:
        raise MalformedInput(f"cannot read {path.name}: not UTF-8 text") from None
    return loads(text)


def write_atomic(path: Path, text: str, *, durable: bool = True) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename over ``path``:
    a crash leaves either the old file or the new one, never half of each. A write that fails
    removes its temporary file; one a killed process left behind is for
    :func:`remove_stale_temps`.

    ``durable=False`` leaves the flush to the disk for the caller's :func:`sync_file` a moment
    later (the network host's per-move save: the file is in the system's cache when the rename
    returns, so a killed process loses nothing; only a power cut in the next milliseconds
    could)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise


def sync_file(path: Path) -> None:
    """Flush ``path``, written with ``write_atomic(durable=False)``, to the disk; a file gone
    or replaced meanwhile is no error (the newer one has its own flush coming)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as error:
        log.warning("cannot flush %s to the disk: %s", path.name, error)
    finally:
        os.close(fd)


def temp_pattern(path: Path) -> re.Pattern[str]:
    """The names :func:`write_atomic` gives its temporary files for ``path``."""
    return re.compile(re.escape(f".{path.name}.") + r"[A-Za-z0-9_]+\.tmp")


def remove_stale_temps(path: Path, *extra: re.Pattern[str]) -> list[str]:
    """Remove the temporary files :func:`write_atomic` left beside ``path`` when its process
    was killed mid-write (and any file named like ``extra``); the names removed. Only our own
    names go, and a file that will not go is left (the next start tries again)."""
    patterns = (temp_pattern(path), *extra)
    removed = []
    try:
        names = [p.name for p in path.parent.iterdir()]
    except OSError:
        return []
    for name in names:
        if any(pattern.fullmatch(name) for pattern in patterns):
            try:
                (path.parent / name).unlink()
            except OSError:
                continue
            removed.append(name)
    return sorted(removed)
