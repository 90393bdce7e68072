"""The unfinished game, kept on disk after every action so a closed window or a crash loses
nothing.

One file, ``current.json`` in the folder the front end picks (the user's data folder): there is
one unfinished game at a time, and the first move of a new game replaces it. The file is an
engine save (``game.core.saves``, version 2: a readable header with the config and the move
count, the seed and the actions sealed so that a glance shows no hidden card), so the replay
tools read it as it is, plus one key those tools ignore::

    "extra": {"viewer": 1, "curtain_for": null, "home": 1}

``viewer`` and ``curtain_for`` are the table flow's curtain state when the file was written and
``home`` the seat the table was drawn around. Resuming (:func:`restore_curtain`) never shows a
hand the saved state had covered: in hot seat the curtain comes down for the person whose
decision is pending, the same one it was down for, and a hand that was on screen when the file
was written is covered too until that person confirms again, since anybody may be looking at a
screen that has just been reopened.

Writes go through ``write_atomic`` (a crash leaves the old file or the new one); the temporary
files of a process killed mid-write are removed when the next one loads. A write that fails
(a full or read-only disk) is logged once, :attr:`Autosaver.failing` says so until a write
works again, and the table tries again after every move. A file that cannot be read, is not a
save, or does not replay is set aside as
``current.damaged-<n>.json`` (numbered, no clock here) and reported as :class:`DamagedSave`,
whose one-line ``message`` the front end shows; nothing else in the folder is touched. A
finished game is never offered: :meth:`Autosaver.clear` removes it, and a file that replays to
the end is removed on load. Warnings go to this module's logger.
"""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from game.core.errors import MalformedInput, MechaCortaError
from game.core.files import read_text_capped
from game.core.saves import SavedGame, remove_stale_temps, saved_game_from_json, write_atomic
from game.match.flow import TableFlow
from game.match.match import Match

log = logging.getLogger(__name__)

FILE_NAME = "current.json"
EXTRA = "extra"
"""The key the table's own data sits under; ``saved_game_from_json`` ignores it."""
DAMAGED = "damaged"


@dataclass(frozen=True, slots=True)
class Seen:
    """Who was looking at the table: the flow's ``viewer`` and ``curtain_for`` and the table's
    ``home`` seat (``None``: nobody, or not known)."""

    viewer: int | None = None
    curtain_for: int | None = None
    home: int | None = None

    @staticmethod
    def of(flow: TableFlow, home: int | None = None) -> Seen:
        return Seen(flow.viewer, flow.curtain_for, home)

    def to_json(self) -> dict[str, int | None]:
        return {"viewer": self.viewer, "curtain_for": self.curtain_for, "home": self.home}

    @staticmethod
    def from_json(data: object, seats: int) -> Seen:
        """Tolerant: a bad or missing entry reads as ``None`` (the flow's own rules then decide
        who is covered, which is always safe)."""
        if not isinstance(data, dict):
            return Seen()

        def seat(name: str) -> int | None:
            value = data.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats:
                return value
            if value is not None:
                log.warning("autosave: ignoring a bad %s (%r) in the saved table", name, value)
            return None

        return Seen(seat("viewer"), seat("curtain_for"), seat("home"))


@dataclass(frozen=True, slots=True)
class Unfinished:
    """A game that can be resumed: its save and who was looking at it."""

    save: SavedGame
    seen: Seen = Seen()
    match: Match | None = field(default=None, compare=False)
    """The match rebuilt from the save when it was read (a resume replays once, not twice)."""
    hosted: bool = False
    """A table this computer was hosting for the network (``game.net``): it resumes as a
    table open to the network again, whose other computers rejoin by themselves."""

    @property
    def game(self) -> str:
        return self.save.config.game

    @property
    def seats(self) -> int:
        return self.save.config.seat_count

    @property
    def moves(self) -> int:
        return len(self.save.actions)


class DamagedSave(MechaCortaError):
    """The unfinished game's file could not be used. ``message``: one line for the log and
    the player; ``set_aside``: where the file went (``None``: it is still where it was, because
    the rename failed or the saver is read-only)."""

    def __init__(self, name: str, reason: str, set_aside: Path | None) -> None:
        where = f"set aside as {set_aside.name}" if set_aside is not None \
            else "left where it is"
        self.message = f"{name} is damaged ({reason}); {where}"
        self.reason = reason
        self.set_aside = set_aside
        super().__init__(self.message)


def set_aside(path: Path) -> Path | None:
    """Rename ``path`` to ``<stem>.damaged-<n><suffix>`` beside it, ``n`` one more than the
    highest such number there; the new path, or ``None`` if the rename failed (logged)."""
    pattern = re.compile(re.escape(f"{path.stem}.{DAMAGED}-") + r"(\d+)" + re.escape(path.suffix))
    try:
        taken = [int(m.group(1)) for p in path.parent.iterdir()
                 if (m := pattern.fullmatch(p.name)) is not None]
    except OSError:
        taken = []
    target = path.with_name(f"{path.stem}.{DAMAGED}-{max(taken, default=0) + 1}{path.suffix}")
    try:
        if target.exists():  # a race with another copy of the game: never overwrite
            raise FileExistsError(target.name)
        os.replace(path, target)
    except OSError as error:
        log.warning("cannot set %s aside: %s", path.name, error.__class__.__name__)
        return None
    return target


class Autosaver:
    """Keeps the unfinished game of one folder. ``read_only``: loading reports a damaged or
    finished file but leaves it where it is (screenshots must not move the player's files)."""

    def __init__(self, folder: Path, *, read_only: bool = False) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME
        self.read_only = read_only
        self._failing = False

    @property
    def failing(self) -> bool:
        """The last write failed (and none has worked since)."""
        return self._failing

    # ------------------------------------------------------------ writing

    def save(self, match: Match, seen: Seen | None = None, *, durable: bool = True) -> bool:
        """Write ``match`` (atomically); a finished match clears the file instead. ``False``
        when the disk said no (logged once per run of failures, and once more when a write
        works again: the game goes on). ``durable=False``: the caller flushes it to the disk
        (``write_atomic``)."""
        if match.is_over():
            self.clear()
            return True
        data: dict[str, Any] = match.save().to_json()
        data[EXTRA] = (seen or Seen()).to_json()
        try:
            write_atomic(self.path, json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                         durable=durable)
        except OSError as error:
            if not self._failing:
                log.warning("autosave: cannot write %s: %s", self.path, error)
            self._failing = True
            return False
        if self._failing:
            log.warning("autosave: %s is written again", self.path)
        self._failing = False
        return True

    def clear(self) -> None:
        """Forget the unfinished game (it ended)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            log.warning("autosave: cannot remove %s: %s", self.path, error)

    # ------------------------------------------------------------ reading

    def load(self) -> SavedGame | None:
        """The unfinished game's save, ``None`` when there is none (or it had ended). Raises
        :class:`DamagedSave` after setting a damaged file aside."""
        found = self.load_unfinished()
        return None if found is None else found.save

    def load_unfinished(self) -> Unfinished | None:
        """Like :meth:`load`, with who was looking at the table. The save is replayed here
        (``Match.from_save``), so whatever this returns resumes (and, the save fitting a code,
        shows its code). Temporary files a killed write left behind go first."""
        if not self.read_only:
            self.remove_stale_temps()
        try:
            text = read_text_capped(self.path)
        except (FileNotFoundError, NotADirectoryError):  # no file, or no folder yet
            return None
        except (OSError, UnicodeDecodeError) as error:
            self._damaged(f"unreadable: {error.__class__.__name__}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            self._damaged(f"not JSON: {error.__class__.__name__}")
        try:
            save = saved_game_from_json(data)
        except MalformedInput as error:
            self._damaged(str(error))
        try:
            match = Match.from_save(save)
        except MalformedInput as error:
            self._damaged(f"does not replay: {error}")
        except Exception as error:  # a bug of ours: the file goes aside, never the game down
            log.exception("autosave: rebuilding the saved game failed")
            self._damaged(f"does not replay: {type(error).__name__}: {error}")
        if match.is_over():
            if not self.read_only:
                log.info("autosave: %s holds a finished game; removed", self.path.name)
                self.clear()
            return None
        extra = data.get(EXTRA) if isinstance(data, dict) else None
        return Unfinished(save, Seen.from_json(extra, save.config.seat_count), match)

    def remove_stale_temps(self) -> None:
        """Remove the temporary files of writes that never finished (the process was killed)."""
        removed = remove_stale_temps(self.path)
        if removed:
            log.info("autosave: removed %d stale temporary file(s): %s", len(removed),
                     ", ".join(removed[:4]))

    def _damaged(self, reason: str) -> NoReturn:
        reason = " ".join(reason.split())[:160]
        aside = None if self.read_only else set_aside(self.path)
        error = DamagedSave(self.path.name, reason, aside)
        log.warning("autosave: %s", error.message)
        raise error


def restore_curtain(flow: TableFlow, seen: Seen) -> None:
    """Put a fresh ``flow`` of a resumed match in the saved curtain state, never showing a hand
    the saved state had covered: in hot seat the curtain is down for the person whose decision
    is pending when it was down for them, or when their hand was on screen (they confirm
    again); nobody's hand is up in a reaction window or on a machine's turn. With one person
    the flow's rule stands (their hand is theirs to see)."""
    if not flow.hot_seat:
        return
    person = flow.person_to_act()
    covered = seen.curtain_for if seen.curtain_for is not None else seen.viewer
    flow.viewer = None
    if person is not None:
        if covered is not None and covered != person:
            log.warning("autosave: the saved curtain (seat %s) does not match the game; it "
                        "comes down for seat %s", covered, person)
        flow.curtain_for = person
    else:
        flow.curtain_for = None
