"""Every player's record on this computer: games and wins per game, against each machine
level, streaks, the best score, the cooperative setups won, the last results, the deals of
the day (``daily.py``) and how each went.

Who a player is: the name a person typed (the hot-seat names, compared without case or extra
spaces), or, in a game with one person and no typed name, "you" (the key ``""``). A hot-seat
person who kept the default name ("Player 2") is nobody in particular, and is not counted.

The record is built from the past games (``archive.py``): :meth:`Record.sync` counts every kept
game it has not counted yet, by id, and writes the record atomically with the ids it has
counted. A program killed after a game was kept but before the record was written counts it
at the next sync; one killed while the record is written leaves the old record, and the next
sync counts the game then: a game is counted once. The ids counted are remembered only as far
back as the oldest kept game (an older one cannot come back). A record file that cannot be
read is set aside like a damaged save, and a fresh record is counted from the kept games
(those pruned before are lost with the damaged file: the notice says so).

Nothing here names a game: a game that keeps scores has a best score, a cooperative game (one
whose outcome has a team result) has the setups (seat count and options) its team won, and
the screens say what those mean for their game.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.config import SeatKind
from game.core.errors import MalformedInput
from game.core.files import read_text_capped
from game.core.saves import remove_stale_temps, write_atomic
from game.history.archive import NAME, Archive, PastGame, order_key
from game.history.daily import daily_of
from game.match.autosave import set_aside

log = logging.getLogger(__name__)

FILE_NAME = "record.json"
FORMAT = "mecha-corta-record"
VERSION = 1
LAST = 20
DAYS = 400
"""How many days of deals of the day a player's record keeps."""
"""How many of a player's latest results the record keeps in order (the screen's line)."""
YOU = ""
"""The key of the one person of a game who typed no name."""


def person_key(name: str) -> str:
    """How a typed name is compared: case and spacing do not make another person."""
    return " ".join(name.split()).casefold()


@dataclass(slots=True)
class Tally:
    played: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        self.played += 1
        self.won += int(won)

    def to_json(self) -> list[int]:
        return [self.played, self.won]

    @staticmethod
    def from_json(data: Any) -> Tally:
        if not (isinstance(data, list) and len(data) == 2
                and all(isinstance(n, int) and n >= 0 for n in data) and data[1] <= data[0]):
            raise MalformedInput("a tally is [played, won]")
        return Tally(data[0], data[1])


@dataclass(slots=True)
class GameRecord:
    """One player's games of one rule set. ``levels``: against each machine level at the
    table (a level once per game however many seats it had); ``best_score``: where the game
    keeps scores; ``setups_won``: a cooperative game's setups its team won, as
    ``"<seats>:<options>"``; ``with_marks``: of ``games``, those played with the deduction
    marks on (an aid: the record says how many of the wins it helped)."""

    games: Tally = field(default_factory=Tally)
    levels: dict[str, Tally] = field(default_factory=dict)
    best_score: int | None = None
    setups_won: set[str] = field(default_factory=set)
    with_marks: Tally = field(default_factory=Tally)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"games": self.games.to_json(),
                               "levels": {k: v.to_json() for k, v in sorted(self.levels.items())}}
        if self.best_score is not None:
            out["best_score"] = self.best_score
        if self.setups_won:
            out["setups_won"] = sorted(self.setups_won)
        if self.with_marks.played:
            out["with_marks"] = self.with_marks.to_json()
        return out

    @staticmethod
    def from_json(data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise MalformedInput("a game's record is an object")
        levels = data.get("levels", {})
        best = data.get("best_score")
        setups = data.get("setups_won", [])
        if not isinstance(levels, dict) or not (best is None or isinstance(best, int)) \
                or not (isinstance(setups, list) and all(isinstance(s, str) for s in setups)):
            raise MalformedInput("a game's record has a field of the wrong kind")
        marks = data.get("with_marks")
        return GameRecord(Tally.from_json(data.get("games")),
                          {str(k): Tally.from_json(v) for k, v in levels.items()}, best,
                          set(setups), Tally() if marks is None else Tally.from_json(marks))


@dataclass(slots=True)
class PlayerRecord:
    """``name``: as last typed; ``last``: the latest results, oldest first, as
    ``(game, won)``; ``streak``: wins in a row now; ``best_streak``: the most ever."""

    name: str
    games: dict[str, GameRecord] = field(default_factory=dict)
    streak: int = 0
    best_streak: int = 0
    last: list[tuple[str, bool]] = field(default_factory=list)
    daily: dict[str, bool] = field(default_factory=dict)
    """The deals of the day played: the day (ISO) → won, the first try of each day only."""

    @property
    def played(self) -> int:
        return sum(g.games.played for g in self.games.values())

    @property
    def won(self) -> int:
        return sum(g.games.won for g in self.games.values())

    def count(self, past: PastGame, seat: int) -> None:
        won = _won(past, seat)
        game = self.games.setdefault(past.game, GameRecord())
        game.games.add(won)
        if "marks" in past.aids:
            game.with_marks.add(won)
        if past.team_won is None:
            levels = {kind.value for s, kind in enumerate(past.config.seats)
                      if kind is not SeatKind.PERSON and s != seat}
            for level in levels:
                game.levels.setdefault(level, Tally()).add(won)
        elif won:
            options = ",".join(sorted(past.config.options))
            game.setups_won.add(f"{past.config.seat_count}:{options}")
        if past.scores is not None:
            score = past.scores[seat]
            game.best_score = score if game.best_score is None else max(game.best_score, score)
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.last = [*self.last, (past.game, won)][-LAST:]
        day = daily_of(past.code, past.ended.date())
        if day is not None and day.isoformat() not in self.daily:
            self.daily[day.isoformat()] = won
            if len(self.daily) > DAYS:
                del self.daily[min(self.daily)]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "streak": self.streak, "best_streak": self.best_streak,
                "games": {k: v.to_json() for k, v in sorted(self.games.items())},
                "last": [[game, won] for game, won in self.last],
                "daily": dict(sorted(self.daily.items()))}

    @staticmethod
    def from_json(data: Any) -> PlayerRecord:
        if not isinstance(data, dict):
            raise MalformedInput("a player's record is an object")
        name, streak, best = data.get("name"), data.get("streak"), data.get("best_streak")
        games, last, daily = data.get("games"), data.get("last"), data.get("daily", {})
        if not (isinstance(name, str) and isinstance(streak, int) and isinstance(best, int)
                and isinstance(games, dict) and isinstance(last, list)
                and isinstance(daily, dict)
                and all(isinstance(v, bool) for v in daily.values())):
            raise MalformedInput("a player's record has a field of the wrong kind")
        results: list[tuple[str, bool]] = []
        for item in last[-LAST:]:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                    and isinstance(item[1], bool)):
                raise MalformedInput("a result is [game, won]")
            results.append((item[0], item[1]))
        return PlayerRecord(name, {str(k): GameRecord.from_json(v) for k, v in games.items()},
                            streak, best, results, {str(k): v for k, v in daily.items()})


def _won(past: PastGame, seat: int) -> bool:
    if past.team_won is not None:
        return past.team_won
    return past.places[seat] == 1


def players_of(past: PastGame) -> list[tuple[str, str, int]]:
    """(key, name, seat) of every person of ``past`` the record counts."""
    people = [seat for seat, kind in enumerate(past.config.seats) if kind is SeatKind.PERSON]
    out = []
    for seat in people:
        name = " ".join(past.names[seat].split())
        if name:
            out.append((person_key(name), name, seat))
        elif len(people) == 1:
            out.append((YOU, "", seat))
    return out


class Record:
    """The record of one data folder (``home``), its players by key."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.path = home / FILE_NAME
        self.players: dict[str, PlayerRecord] = {}
        self.counted: set[str] = set()
        self.damaged: str | None = None
        """Why the file on disk could not be read (it was set aside), once per load."""

    # ------------------------------------------------------------ counting

    def count(self, past: PastGame) -> bool:
        """Count ``past`` (``False``: it was counted before)."""
        if past.id in self.counted:
            return False
        self.counted.add(past.id)
        for key, name, seat in players_of(past):
            player = self.players.setdefault(key, PlayerRecord(name))
            player.name = name or player.name
            player.count(past, seat)
        return True

    def sync(self, archive: Archive | None = None) -> int:
        """Read the record, count the kept games it has not counted (oldest first), write it
        when anything changed; the number of games counted now. ``OSError`` from a disk that
        says no (the counts stay in memory; the next sync tries again)."""
        archive = archive or Archive(self.home)
        self.load()
        kept = list(reversed(archive.games()))
        new = [past for past in kept if past.id not in self.counted]
        for past in new:
            self.count(past)
        # ids older than the oldest kept game cannot come back: forgetting them keeps the file
        # small (the archive's ids sort by time)
        oldest = order_key(kept[0].id) if kept else None
        self.counted = {i for i in self.counted
                        if oldest is not None and NAME.fullmatch(f"{i}.json")
                        and order_key(i) >= oldest}
        if new:
            self.save()
        return len(new)

    # ------------------------------------------------------------ the file

    def load(self) -> None:
        """The record on disk (a fresh one when there is none; a damaged one set aside)."""
        self.players, self.counted, self.damaged = {}, set(), None
        remove_stale_temps(self.path)
        try:
            data = json.loads(read_text_capped(self.path))
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
            self._set_aside(f"unreadable: {error.__class__.__name__}")
            return
        try:
            self.players, self.counted = _from_json(data)
        except MalformedInput as error:
            self._set_aside(str(error))

    def save(self) -> None:
        data = {"format": FORMAT, "version": VERSION,
                "players": {k: p.to_json() for k, p in sorted(self.players.items())},
                "counted": sorted(self.counted)}
        write_atomic(self.path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")

    def reset(self) -> None:
        """Forget every count (the player asked, and confirmed): the kept games stay, counted
        as already counted, so the record starts from the next game."""
        self.load()
        self.players = {}
        self.counted |= {past.id for past in Archive(self.home).games()}
        self.save()

    def to_json(self) -> dict[str, Any]:
        return {"players": {k: p.to_json() for k, p in sorted(self.players.items())},
                "games_counted": len(self.counted)}

    def _set_aside(self, reason: str) -> None:
        aside = set_aside(self.path)
        self.damaged = reason
        log.warning("record: %s is damaged (%s); %s", self.path.name, reason,
                    aside.name if aside is not None else "left where it is")


def _from_json(data: Any) -> tuple[dict[str, PlayerRecord], set[str]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MalformedInput("not a record")
    if data.get("version") != VERSION:
        raise MalformedInput(f"a record of version {data.get('version')!r}")
    players, counted = data.get("players"), data.get("counted")
    if not isinstance(players, dict) or not isinstance(counted, list) \
            or not all(isinstance(i, str) for i in counted):
        raise MalformedInput("a record's players or counted games are of the wrong kind")
    return {str(k): PlayerRecord.from_json(v) for k, v in players.items()}, set(counted)

