"""Finished games, kept: the last :data:`KEEP` games played on this computer, for the list of
past games, the review of a game and the player's record.

A game ends and its autosave is cleared; before that, the front end (or a host's table) hands
it here. Each game is one file in ``games/`` under the data folder, named after the moment it
ended, so that names sort oldest first and the newest :data:`KEEP` are the last ones::

    games/20261202T054012Z-1.json

holding a readable head (the rule set, the seats, the names, the result) for the list, and the
engine's save (version 2, the moves sealed) for the review, which replays it. No clock here:
the caller says when the game ended.

Writes are atomic (``write_atomic``); a killed process leaves the old list or the new one,
and a temporary file that the next :meth:`Archive.games` removes. A file that cannot be read
or is not an archived game is set aside like a damaged autosave (``<name>.damaged-<n>.json``)
and left out; nothing else in the folder is touched. Pruning removes the oldest games past
:data:`KEEP`, never a damaged file set aside (a person may want it back).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput
from game.core.files import read_text_capped
from game.core.saves import (
    SAVE_FORMAT,
    SavedGame,
    config_from_json,
    remove_stale_temps,
    saved_game_from_json,
    write_atomic,
)
from game.match.autosave import set_aside
from game.match.match import Match

log = logging.getLogger(__name__)

FOLDER = "games"
KEEP = 500
FORMAT = "mecha-corta-finished-game"
VERSION = 1
NAME = re.compile(r"(\d{8}T\d{6}Z)-(\d{1,4})\.json")
"""An archived game's file name: when it ended (UTC), and a number for games that ended in
the same second."""
TEMP = re.compile(r"\.\d{8}T\d{6}Z-\d{1,4}\.json\.[A-Za-z0-9_]+\.tmp")
"""The temporary file of a write that was killed (``write_atomic``'s name for it)."""
MAX_NAME = 40
AIDS = frozenset({"marks"})
"""The aids a game may be kept with: ``marks``, the deduction marks were on at some moment."""
"""The longest name kept for a seat (the new-game screen allows less)."""


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished game as the list shows it. ``id``: its file's stem; ``ended``: when it
    ended (UTC); ``names``: the name each seat went by ('' for a machine: its level names it);
    ``places``/``scores``/``team_won``: the result, as the engine's ``Outcome`` said."""

    id: str
    ended: datetime
    config: GameConfig
    names: tuple[str, ...]
    places: tuple[int | None, ...]
    scores: tuple[int, ...] | None
    team_won: bool | None
    moves: int
    code: str
    """The game code (it pins the deal: shown once a game is over, as the results do)."""
    aids: frozenset[str] = frozenset()
    """Of :data:`AIDS`, those the game was played with (the results and the record say so)."""
    guided: int = 0
    """The first moves a lesson asked for (the review does not judge them as the person's)."""

    @property
    def game(self) -> str:
        return self.config.game

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def is_person(self, seat: int) -> bool:
        return self.config.seats[seat] is SeatKind.PERSON


class Archive:
    """The finished games of one data folder (``home``)."""

    def __init__(self, home: Path, *, keep: int = KEEP) -> None:
        self.folder = home / FOLDER
        self.keep = keep

    # ------------------------------------------------------------ writing

    def add(self, match: Match, names: Sequence[str], ended: datetime, *,
            aids: Iterable[str] = (), guided: int = 0) -> PastGame:
        """Keep ``match`` (it must be over) as it ended at ``ended``, played with ``aids`` and
        with its first ``guided`` moves asked for by a lesson; the oldest games past
        :attr:`keep` go. ``OSError`` when the disk says no (the caller logs it: a game not
        kept is not a game lost, the player has seen its result)."""
        if not match.is_over():
            raise ValueError("only a finished game is kept")
        ended = ended.astimezone(UTC).replace(microsecond=0)
        stamp = ended.strftime("%Y%m%dT%H%M%SZ")
        self.folder.mkdir(parents=True, exist_ok=True)
        number = 1
        while (self.folder / f"{stamp}-{number}.json").exists():
            number += 1
        path = self.folder / f"{stamp}-{number}.json"
        save = match.save()
        outcome = match.outcome()
        seats = match.config.seat_count
        given = [str(name)[:MAX_NAME] for name in names][:seats]
        kept = given + [""] * (seats - len(given))
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "ended": ended.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "code": match.code,
            "names": list(kept),
            "outcome": outcome.to_json(),
            "save": save.to_json(),
        }
        if set(aids) & AIDS:
            data["aids"] = sorted(set(aids) & AIDS)
        if guided > 0:
            data["guided"] = min(int(guided), len(save.actions))
        write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        self.prune()
        return _past(path.stem, data, save.config, len(save.actions))

    def prune(self) -> list[str]:
        """Remove the oldest games past :attr:`keep`; the names removed."""
        names = self._names()
        gone = names[:max(0, len(names) - self.keep)]
        for name in gone:
            try:
                (self.folder / name).unlink(missing_ok=True)
            except OSError as error:
                log.warning("archive: cannot remove %s: %s", name, error)
        return gone

    # ------------------------------------------------------------ reading

    def games(self, game: str | None = None) -> list[PastGame]:
        """Every kept game (of rule set ``game`` only, when given), newest first. A damaged
        file is set aside and left out."""
        for stale in remove_stale_temps(self.folder / "x.json", TEMP):
            log.info("archive: removed a stale temporary file %s", stale)
        out: list[PastGame] = []
        for name in reversed(self._names()):
            try:
                past = self._head(self.folder / name)
            except MalformedInput as error:
                self._set_aside(self.folder / name, str(error))
                continue
            if game is None or past.game == game:
                out.append(past)
        return out

    def load(self, game_id: str) -> tuple[PastGame, SavedGame]:
        """The kept game ``game_id`` and its save; ``MalformedInput`` when it is gone or
        damaged (set aside)."""
        if NAME.fullmatch(f"{game_id}.json") is None:
            raise MalformedInput(f"no such game: {game_id!r}")
        path = self.folder / f"{game_id}.json"
        try:
            return self._read(path)
        except MalformedInput as error:
            if path.exists():
                self._set_aside(path, str(error))
            raise

    def replay(self, game_id: str) -> tuple[PastGame, Match]:
        """The kept game replayed to its end (the review steps through it); ``MalformedInput``
        when it does not replay to a finished game."""
        past, save = self.load(game_id)
        match = Match.from_save(save)
        if not match.is_over():
            raise MalformedInput(f"{game_id} does not replay to its end")
        return past, match

    # ------------------------------------------------------------ inside

    def _names(self) -> list[str]:
        """The archived games' file names, oldest first."""
        try:
            found = [p.name for p in self.folder.iterdir() if NAME.fullmatch(p.name)]
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(found, key=lambda name: order_key(name[:-5]))

    def _read(self, path: Path) -> tuple[PastGame, SavedGame]:
        data = self._data(path)
        save = saved_game_from_json(data.get("save"))
        past = _past(path.stem, data, save.config, len(save.actions))
        return past, save

    def _head(self, path: Path) -> PastGame:
        """What the list shows, read without opening the sealed moves (the list of 500
        games is read at every game's end)."""
        data = self._data(path)
        save = data.get("save")
        if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
            raise MalformedInput("not a kept game: no save")
        moves = save.get("moves")
        if type(moves) is not int or moves < 0:
            raise MalformedInput("a kept game without its count of moves")
        return _past(path.stem, data, config_from_json(save.get("config")), moves)

    @staticmethod
    def _data(path: Path) -> dict[str, Any]:
        try:
            data = json.loads(read_text_capped(path))
        except FileNotFoundError as error:
            raise MalformedInput(f"no such game: {path.stem}") from error
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
            raise MalformedInput(f"unreadable: {error.__class__.__name__}") from error
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MalformedInput("not a kept game")
        if data.get("version") != VERSION:
            raise MalformedInput(f"a kept game of version {data.get('version')!r}")
        return data

    def _set_aside(self, path: Path, reason: str) -> None:
        aside = set_aside(path)
        where = aside.name if aside is not None else "left where it is"
        log.warning("archive: %s is damaged (%s); %s", path.name, reason, where)


def order_key(game_id: str) -> tuple[str, int]:
    """What sorts kept games by the moment they ended (``game_id`` must be one)."""
    match = NAME.fullmatch(f"{game_id}.json")
    assert match is not None
    return match.group(1), int(match.group(2))


def _past(game_id: str, data: dict[str, Any], config: GameConfig, moves: int) -> PastGame:
    """The list's view of a kept game; ``MalformedInput`` for a head that does not fit its
    save (a hand-edited file)."""
    seats = config.seat_count
    try:
        ended = datetime.strptime(str(data["ended"]), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        names = tuple(str(n)[:MAX_NAME] for n in data["names"])
        outcome = data["outcome"]
        places = tuple(None if p is None else int(p) for p in outcome["places"])
        scores = outcome.get("scores")
        scores = None if scores is None else tuple(int(s) for s in scores)
        team_won = outcome.get("team_won")
        code = data["code"]
        aids = data.get("aids", [])
        guided = data.get("guided", 0)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise MalformedInput(f"a damaged head: {error.__class__.__name__}") from error
    if len(names) != seats or len(places) != seats or (scores is not None
                                                         and len(scores) != seats) \
            or team_won not in (None, True, False) or not isinstance(code, str) \
            or len(code) > 40 or not isinstance(aids, list) \
            or not all(isinstance(a, str) for a in aids) \
            or not (type(guided) is int and 0 <= guided <= moves):
        raise MalformedInput("a head that does not fit its game")
    return PastGame(game_id, ended, config, names, places, scores, team_won, moves, code,
                    frozenset(aids) & AIDS, guided)
