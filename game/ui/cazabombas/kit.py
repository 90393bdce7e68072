"""Caza Bombas' screens, registered with ``game.ui.registry``: the table (with the mission's
briefing and the campaign), its screenshot states, the results lines (who was Captain; the
team's win in one sentence, ``CazaUiKit.team_line``), the
rules legend (the tiles, the token, the dial, the Captain, the Double Detector, the board's
validated numbers, the rule of silence), and the first game that teaches (``lesson.py``). No
game of the family has timed windows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from game.ui.cazabombas.art import register_legend_icons
from game.ui.cazabombas.lesson import LESSON_CONFIG, LESSON_SEED
from game.ui.cazabombas.stats import next_mission, stats
from game.ui.kit import Tutorial, UiKit

if TYPE_CHECKING:
    from game.match.autosave import Autosaver, Seen
    from game.match.match import FeedItem
    from game.match.source import TableSource
    from game.ui.app import App
    from game.ui.locale import Translator
    from game.ui.scene import Scene

register_legend_icons()

STATES = ("table", "setup", "detector", "equipment", "miss", "boom", "won", "curtain",
          "briefing", "lost")


def table(app: App, match: TableSource, *, autosaver: Autosaver | None, resume: Seen | None,
          show_code: bool) -> Scene[Any]:
    from game.ui.cazabombas.table import CazaTableScene

    return CazaTableScene(app, match, autosaver=autosaver, resume=resume, show_code=show_code)


def _shot(state: str, app: App, code: str | None) -> None:
    from game.ui.cazabombas.shots import build

    build(app, code, state)


def _lesson(app: App, code: str | None) -> None:
    from game.ui.cazabombas.lesson import lesson_shot

    lesson_shot(app, code)


SHOTS: dict[str, Callable[[App, str | None], None]] = {
    **{name: partial(_shot, name) for name in STATES},
    "lesson": _lesson,
}


def teach(scene: Scene[Any]) -> None:
    from game.ui.cazabombas.lesson import teach as lay_the_lesson

    lay_the_lesson(scene)


def seat_note(loc: Translator, match: TableSource, seat: int) -> str:
    """"Captain" beside the seat that led the mission and, once a mission is lost, the wrong
    cuts each seat made ("Captain · 2 mistakes"): who lost it is on the results too."""
    from game.rules.cazabombas.events import CutMissed
    from game.ui.locale import plural

    view = match.view_for(-1)
    parts = [loc.t("cazabombas.captain")] if seat == view.captain else []
    if match.is_over() and view.won is False:
        wrong = sum(1 for item in match.feed_for(None, 0)
                    if isinstance(item.event, CutMissed) and item.event.seat == seat)
        if wrong:
            parts.append(plural(loc, "cazabombas.note.mistakes", wrong))
    return " · ".join(parts)


def legend(game: str) -> list[tuple[str, str]]:
    return [("caza_blue", "cazabombas.legend.blue"), ("caza_yellow", "cazabombas.legend.yellow"),
            ("caza_red", "cazabombas.legend.red"), ("caza_back", "cazabombas.legend.back"),
            ("caza_cut", "cazabombas.legend.cut"), ("caza_token", "cazabombas.legend.token"),
            ("caza_dial", "cazabombas.legend.dial"),
            ("caza_validated", "cazabombas.legend.validated"),
            ("caza_captain", "cazabombas.legend.captain"),
            ("caza_detector", "cazabombas.legend.detector"),
            ("caza_silence", "cazabombas.legend.silence")]


def team_line(loc: Translator, match: TableSource, names: str) -> str:
    """The results' first row for a team that defused the bomb: one sentence ("You, Crafty 2
    and Crafty 3 won mission 4") where other games put "1st" and a list of names."""
    view = match.view_for(-1)
    return loc.t("cazabombas.results.won", names=names, n=view.mission)


def recap(table: Any, items: Sequence[FeedItem]) -> list[str]:
    """The curtain's recap in the words of the table's news (public events: nobody is "you")."""
    from game.ui.cazabombas.news import news_lines

    return news_lines(table.namer, items, 2 * len(items) + 1)


@dataclass(frozen=True)
class CazaUiKit(UiKit):
    """The shared kit with one optional hook of its own, ``team_line``, which the results
    screen asks for (when a kit has one) instead of a first place: a whole team wins."""

    team_line: Callable[[Translator, TableSource, str], str] = team_line


KIT = CazaUiKit("cazabombas", table, SHOTS, seat_note, legend,
                lessons={"cazabombas": Tutorial(LESSON_CONFIG, LESSON_SEED, teach)}, stats=stats,
                follow_up=next_mission, recap=recap)
