"""Die Bombe's screens, registered with ``game.ui.registry``: the table, its screenshot
states, the results line (the minus points each seat paid, the tie-break after the score), the
rules legend (the bomb, the two colours and their marks, the crown, the sealed bid), and the
first game that teaches (``lesson.py``). No game of the family has timed windows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from game.ui.diebombe.lesson import LESSON_CONFIG, LESSON_SEED
from game.ui.diebombe.marks import register_legend_icons
from game.ui.diebombe.stats import stats
from game.ui.kit import Tutorial, UiKit

if TYPE_CHECKING:
    from game.match.autosave import Autosaver, Seen
    from game.match.match import FeedItem
    from game.match.source import TableSource
    from game.ui.app import App
    from game.ui.locale import Translator
    from game.ui.scene import Scene

register_legend_icons()


def table(app: App, match: TableSource, *, autosaver: Autosaver | None, resume: Seen | None,
          show_code: bool) -> Scene[Any]:
    from game.ui.diebombe.table import DieTableScene

    return DieTableScene(app, match, autosaver=autosaver, resume=resume, show_code=show_code)


def _shot(state: str, app: App, code: str | None) -> None:
    from game.ui.diebombe.shots import build

    build(app, code, state)


def _lesson(app: App, code: str | None) -> None:
    from game.ui.diebombe.lesson import lesson_shot

    lesson_shot(app, code)


SHOTS: dict[str, Callable[[App, str | None], None]] = {
    **{name: partial(_shot, name) for name in
       ("table", "curtain", "bid", "rebid", "reveal", "take", "bomb", "outcome", "history",
        "scoring")},
    "lesson": _lesson,
}


def teach(scene: Scene[Any]) -> None:
    from game.ui.diebombe.lesson import teach as lay_the_lesson

    lay_the_lesson(scene)


def seat_note(loc: Translator, match: TableSource, seat: int) -> str:
    """"paid 31": the minus points, which break a tie of scores."""
    view = match.view_for(seat)
    return loc.t("diebombe.note_paid", n=view.minus[seat])


def legend(game: str) -> list[tuple[str, str]]:
    return [("diebombe_red", "diebombe.legend.red"), ("diebombe_green", "diebombe.legend.green"),
            ("bomb", "diebombe.legend.bomb"), ("diebombe_crown", "diebombe.legend.crown"),
            ("diebombe_envelope", "diebombe.legend.sealed")]


def recap(table: Any, items: Sequence[FeedItem]) -> list[str]:
    """The curtain's recap in the words of the table's news (public events: nobody is "you")."""
    from game.ui.diebombe.news import news_lines

    return news_lines(table.namer, items, 2 * len(items) + 1)


KIT = UiKit("diebombe", table, SHOTS, seat_note, legend,
            lessons={"diebombe": Tutorial(LESSON_CONFIG, LESSON_SEED, teach)}, stats=stats,
            recap=recap)
