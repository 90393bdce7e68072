"""A family's screens, as the rest of the front end sees them: its table, the scenes it can
render for screenshots, what the results and rules pages add for it, and which settings its
new-game screen shows. ``game.ui.registry`` holds one per family; nothing else in the front
end names a family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.core.config import GameConfig

if TYPE_CHECKING:
    from game.match.autosave import Autosaver, Seen
    from game.match.match import FeedItem
    from game.match.source import TableSource
    from game.ui.app import App
    from game.ui.gamestats import Stats
    from game.ui.locale import Translator
    from game.ui.scene import Scene
    from game.ui.settings import Settings


class TableFactory(Protocol):
    """Builds a family's table scene for a match."""

    def __call__(self, app: App, match: TableSource, *, autosaver: Autosaver | None,
                 resume: Seen | None, show_code: bool) -> Scene[Any]: ...


ShotBuilder = Callable[["App", "str | None"], None]
"""Puts a screenshot state on the app's stack: a table mid-game (of the code's game, or the
family's own default) with whatever modal the state shows."""


def _no_note(loc: Translator, match: TableSource, seat: int) -> str:
    return ""


def _no_legend(game: str) -> list[tuple[str, str]]:
    return []


def _no_windows(game: str) -> bool:
    return False


def _no_stats(loc: Translator, match: TableSource, settings: Settings) -> Stats | None:
    return None


def _no_follow_up(match: TableSource) -> FollowUp | None:
    return None


def _no_recap(table: Any, items: Sequence[FeedItem]) -> list[str]:
    return []


@dataclass(frozen=True)
class FollowUp:
    """The table a finished game leads to, offered on the results beside "Play again" (Caza
    Bombas after a won mission: the next mission, same seats). ``label``: the button's locale
    key."""

    label: str
    config: GameConfig


@dataclass(frozen=True)
class Tutorial:
    """A first game that teaches: a real game of ``config`` from ``seed`` (a deal chosen so
    that every step of the lesson can happen), and ``teach``, which lays the lesson over the
    table the family's factory made for it."""

    config: GameConfig
    seed: int
    teach: Callable[[Scene[Any]], None]


@dataclass(frozen=True)
class UiKit:
    """``shots``: screenshot scene name → builder (``table``, ``curtain``, …). ``seat_note``:
    the short line the results screen shows beside a seat (the bomb deck: when it exploded).
    ``legend``: the rules page's legend beside the text, (icon name, locale key) pairs.
    ``windows``: whether a game has timed windows, so the new-game screen offers their
    length. ``lessons``: game → its first game that teaches, for the games of the family that
    have one (the title's "How to play" lists them: ``game.ui.registry.lesson_for``).
    ``stats``: the results' statistics of a finished game, from its public feed
    (``game.ui.gamestats``). ``follow_up``: the next table the results offer, if any.
    ``recap``: the hot-seat curtain's lines for public events (oldest first) at a table of
    the family, in the words of its own log (``game.ui.table.recap``)."""

    family: str
    table: TableFactory
    shots: Mapping[str, ShotBuilder] = field(default_factory=dict)
    seat_note: Callable[[Translator, TableSource, int], str] = _no_note
    legend: Callable[[str], list[tuple[str, str]]] = _no_legend
    windows: Callable[[str], bool] = _no_windows
    lessons: Mapping[str, Tutorial] = field(default_factory=dict)
    stats: Callable[[Translator, TableSource, Settings], Stats | None] = _no_stats
    follow_up: Callable[[TableSource], FollowUp | None] = _no_follow_up
    recap: Callable[[Any, Sequence[FeedItem]], list[str]] = _no_recap
