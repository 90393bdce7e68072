"""The analysis of a finished game: every seat's decisions, judged by its family's analyst.

The save is replayed move by move through the engine (the moves are sealed in the save; the
game's chance lives in its state and seed, so the replay deals exactly what was dealt). Each
action of a seat (people's and machines'; the table closing a window is nobody's decision) is
handed to the family's analyst (``game.bots.analysts.analyst_for``: nothing here names a game)
with the states just before and after it. What an analyst's ``before`` and ``after`` mean is
the family's (a chance to win, a cut's chance to be right…; each analyst's docstring says);
they are always in [0, 1], and where the family's estimate is a running chance to win, each
seat's largest drops are marked as turning points.

Only a finished game is reviewed: a review reads every hand and the deck, so mid-game it would
show secrets (:class:`Unfinished`). The analysis is pure (no clock, no global random): the
same save always gives the same review, so a screen may compute it in the background and cache
it with the game. ``progress(done, total)`` is told after each decision is judged (the screens
show a bar); people's decisions are judged first, so a screen that shows them as they come has
the ones a person cares about soonest.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.bots.analysts import Judgement, Moment, Played, analyst_for, largest_drops
from game.core.config import SeatKind
from game.core.engine import TABLE
from game.core.errors import IllegalAction, MalformedInput
from game.core.files import read_text_capped
from game.core.saves import SavedGame, loads, saved_game_from_json, write_atomic
from game.history.archive import FOLDER
from game.history.archive import FORMAT as ARCHIVE_FORMAT
from game.rules.codes import canonical_config
from game.rules.registry import engine_for


class Unfinished(MalformedInput):
    """A save of a game still being played: its review would show what is still secret."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One decision judged. ``move``: its index among the game's actions (the review
    screen's scrubber position); ``action`` and ``best``: as the engine writes them (JSON;
    ``best`` is ``None`` where letting a window pass was best); ``turning_point``: ``None``
    where the family marks none; ``extra``: the family's own fields."""

    seat: int
    move: int
    action: dict[str, Any]
    before: float
    after: float
    best: dict[str, Any] | None
    best_estimate: float
    turning_point: bool | None = None
    extra: tuple[tuple[str, Any], ...] = ()

    @property
    def drop(self) -> float:
        """How much the decision cost by the family's estimate (negative: it gained)."""
        return self.before - self.after

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat, "move": self.move, "action": self.action,
            "before": self.before, "after": self.after, "best": self.best,
            "best_estimate": self.best_estimate,
        }
        if self.turning_point is not None:
            out["turning_point"] = self.turning_point
        out.update(self.extra)
        return out


@dataclass(frozen=True, slots=True)
class Review:
    """Every judged decision of one game, in the order they were played."""

    game: str
    seats: int
    people: tuple[int, ...]
    entries: tuple[Entry, ...]

    def of(self, seat: int) -> tuple[Entry, ...]:
        return tuple(entry for entry in self.entries if entry.seat == seat)

    def turning_points(self, seat: int | None = None) -> tuple[Entry, ...]:
        return tuple(entry for entry in self.entries if entry.turning_point
                     and (seat is None or entry.seat == seat))

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "people": list(self.people),
                "entries": [entry.to_json() for entry in self.entries]}

    @staticmethod
    def from_json(data: Any) -> Review:
        """A review as :meth:`to_json` wrote it; ``MalformedInput`` for anything else."""
        try:
            entries = tuple(_entry(item) for item in data["entries"])
            review = Review(str(data["game"]), int(data["seats"]),
                            tuple(int(s) for s in data["people"]), entries)
        except (KeyError, TypeError, ValueError) as error:
            raise MalformedInput(f"not a review: {error.__class__.__name__}") from error
        return review


ENTRY_KEYS = frozenset({"seat", "move", "action", "before", "after", "best", "best_estimate",
                        "turning_point"})


def _entry(item: Any) -> Entry:
    if not isinstance(item, dict) or not isinstance(item.get("action"), dict) \
            or not (item.get("best") is None or isinstance(item.get("best"), dict)):
        raise ValueError("an entry")
    before, after, best = (float(item[k]) for k in ("before", "after", "best_estimate"))
    if not all(0.0 <= v <= 1.0 for v in (before, after, best)):
        raise ValueError("an estimate outside [0, 1]")
    point = item.get("turning_point")
    if point is not None and not isinstance(point, bool):
        raise ValueError("a turning point")
    extra = tuple((k, v) for k, v in item.items() if k not in ENTRY_KEYS)
    return Entry(int(item["seat"]), int(item["move"]), item["action"], before, after,
                 item["best"], best, point, extra)


# ------------------------------------------------------------ kept with the game

CACHE_FOLDER = "analysis"
"""Under the past games' folder: one file per game analysed, named by :func:`game_key`."""
CACHE_FORMAT = "mecha-corta-review"
CACHE_VERSION = 1
"""Raise it when an analyst judges differently: older analyses are then worked out again."""
CACHE_KEEP = 500


def game_key(save: SavedGame) -> str:
    """One game's save as a short key (the same save always gives the same key)."""
    text = json.dumps(save.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def cache_path(home: Path, save: SavedGame) -> Path:
    return home / FOLDER / CACHE_FOLDER / f"{game_key(save)}.json"


def cached(home: Path, save: SavedGame) -> Review | None:
    """The analysis of ``save`` worked out before, kept in ``home``'s past games; ``None``
    when there is none, it is of an older analysis, or it is damaged (then it is removed:
    the analysis is worked out again, nothing is lost)."""
    path = cache_path(home, save)
    try:
        data = json.loads(read_text_capped(path))
        if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT \
                or data.get("version") != CACHE_VERSION:
            raise MalformedInput("an analysis of another version")
        return Review.from_json(data.get("review"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, MalformedInput):
        path.unlink(missing_ok=True)
        return None


def keep(home: Path, save: SavedGame, review: Review) -> None:
    """Keep ``review`` beside the past games (the newest :data:`CACHE_KEEP`); ``OSError``
    when the disk says no (the analysis is only worked out again next time)."""
    path = cache_path(home, save)
    write_atomic(path, json.dumps({"format": CACHE_FORMAT, "version": CACHE_VERSION,
                                   "review": review.to_json()}, ensure_ascii=False) + "\n")
    kept = sorted(path.parent.glob("*.json"), key=lambda p: p.stat().st_mtime)
    for old in kept[:max(0, len(kept) - CACHE_KEEP)]:
        old.unlink(missing_ok=True)


def analyse(save: SavedGame, *, progress: Callable[[int, int], None] | None = None,
            seats: Sequence[int] | None = None) -> Review:
    """The review of a finished game's ``save``. ``seats``: whose decisions are judged, in
    that order (default: every seat, people's first, then the machines', each by seat
    number); the entries come in the order of the game whatever the order of judging.
    ``Unfinished`` for a game that is not over; ``MalformedInput`` for a save that does not
    replay; ``NoAnalyst`` for a game no analyst reviews."""
    config = canonical_config(save.config)
    engine = engine_for(config.game)
    analyst = analyst_for(config.game)
    count = config.seat_count
    people = tuple(s for s, kind in enumerate(config.seats) if kind is SeatKind.PERSON)
    if seats is None:
        order = [*people, *(s for s in range(count) if s not in people)]
    else:
        order = list(dict.fromkeys(seats))
        if any(not 0 <= s < count for s in order):
            raise ValueError(f"seats {list(seats)} are not all at a table of {count}")
    wanted = set(order)

    state = engine.new_game(config, save.seed)
    actions: list[tuple[int, Any]] = []
    moments: list[Moment] = []
    for index, (seat, data) in enumerate(save.actions):
        if seat != TABLE and not 0 <= seat < count:
            raise MalformedInput(f"action {index} of the save names seat {seat}")
        action = engine.action_from_json(data)
        before = engine.copy(state) if seat in wanted else None
        try:
            engine.apply(state, seat, action)
        except IllegalAction as error:
            raise MalformedInput(f"action {index} of the save does not replay: {error}"
                                 ) from None
        actions.append((seat, action))
        if before is not None:
            moments.append(Moment(index, seat, action, before, engine.copy(state)))
    if not engine.is_over(state):
        raise Unfinished(f"the game is not over after its {len(save.actions)} moves: "
                         "only a finished game is reviewed")
    played = Played(config, save.seed, tuple(actions), state)

    rank = {seat: place for place, seat in enumerate(order)}
    todo = sorted(moments, key=lambda m: (rank[m.seat], m.index))
    total = len(todo)
    judged: dict[int, Judgement] = {}
    if progress is not None:
        progress(0, total)
    for done, moment in enumerate(todo, start=1):
        judgement = analyst.judge(moment, played)
        judged[moment.index] = _checked(judgement, moment)
        if progress is not None:
            progress(done, total)

    marked: set[int] = set()
    points = analyst.turning_points
    if points > 0:
        for seat in order:
            drops = [(m.index, judged[m.index].before - judged[m.index].after)
                     for m in moments if m.seat == seat]
            marked |= largest_drops(drops, points)
    to_json = engine.action_to_json
    entries = []
    for moment in moments:
        judgement = judged[moment.index]
        best = judgement.best
        entries.append(Entry(
            moment.seat, moment.index, to_json(moment.action), judgement.before,
            judgement.after, None if best is None else to_json(best), judgement.best_estimate,
            (moment.index in marked) if points > 0 else None, judgement.extra))
    return Review(config.game, count, people, tuple(entries))


def _checked(judgement: Judgement, moment: Moment) -> Judgement:
    """The analyst's estimates, held to [0, 1] (a rounding above 1 is clamped; anything
    else is the analyst's bug, said at once)."""
    values = (judgement.before, judgement.after, judgement.best_estimate)
    if not all(-1e-9 <= value <= 1.0 + 1e-9 for value in values):
        raise ValueError(f"an estimate outside [0, 1] at move {moment.index}: {values}")
    before, after, best = (min(1.0, max(0.0, value)) for value in values)
    return Judgement(before, after, judgement.best, best, judgement.extra)


def read_game(path: Path) -> SavedGame:
    """The save in ``path``: a kept game's file (``games/<id>.json``) or a plain save.
    ``MalformedInput`` for anything else; the readers underneath may also let an
    ``OSError``, a ``ValueError`` (a 5,000-digit number) or a ``RecursionError`` through
    (the command line says each in one line)."""
    try:
        text = read_text_capped(path)
    except UnicodeDecodeError:
        raise MalformedInput(f"cannot read {path.name}: not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedInput(f"cannot read {path.name}: not JSON ({error.msg})") from None
    if isinstance(data, dict) and data.get("format") == ARCHIVE_FORMAT:
        return saved_game_from_json(data.get("save"))
    return loads(text)
