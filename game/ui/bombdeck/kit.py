"""The bomb-deck family's screens, registered with ``game.ui.registry``: the table, its
screenshot states, the results line (when each seat exploded), the rules legend (the rule set's
cards), the reaction window's setting and the first game that teaches (``tutorial.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from game.core.config import GameConfig, SeatKind
from game.rules.bombdeck.cards import RULESETS
from game.ui.bombdeck.art import art_of
from game.ui.bombdeck.stats import stats
from game.ui.kit import Tutorial, UiKit
from game.ui.locale import ordinal

if TYPE_CHECKING:
    from game.match.autosave import Autosaver, Seen
    from game.match.match import FeedItem
    from game.match.source import TableSource
    from game.ui.app import App
    from game.ui.locale import Translator
    from game.ui.scene import Scene

CARD_ORDER = ("bomb", "defuse", "attack", "pass_it", "skip", "draw_bottom", "see_future",
              "shuffle", "favor", "swipe", "nope", "shield", "calm", "animal_chicken",
              "animal_frog", "animal_hedgehog", "animal_octopus", "animal_raccoon")
"""The order of the rules page's legend."""


def table(app: App, match: TableSource, *, autosaver: Autosaver | None, resume: Seen | None,
          show_code: bool) -> Scene[Any]:
    from game.ui.bombdeck.table import TableScene

    return TableScene(app, match, autosaver=autosaver, resume=resume, show_code=show_code)


def _shot(hint: str, app: App, code: str | None) -> None:
    from game.ui.bombdeck.shots import build_table_scene

    app.stack.reset()
    scene: Scene[Any] = build_table_scene(app, code, state_hint=hint)
    if scene not in app.stack:
        app.stack.push(scene)


def _explosion(app: App, code: str | None) -> None:
    from game.ui.bombdeck.shots import build_explosion

    app.stack.reset()
    build_explosion(app, code)


def _end(app: App, code: str | None) -> None:
    from game.ui.bombdeck.shots import build_end

    app.stack.reset()
    build_end(app, code)


def _sheet(app: App, code: str | None) -> None:
    from game.ui.bombdeck.sheet import show_sheet

    show_sheet(app, code)


def _lesson(app: App, code: str | None) -> None:
    from game.ui.bombdeck.tutorial import lesson_shot

    lesson_shot(app, code)


SHOTS: dict[str, Callable[[App, str | None], None]] = {
    "table": partial(_shot, "play"),
    "curtain": partial(_shot, "curtain"),
    "hide_bomb": partial(_shot, "hide_bomb"),
    "react": partial(_shot, "react"),
    "chooser": partial(_shot, "chooser"),
    "explosion": _explosion,
    "end": _end,
    "cards": _sheet,
    "tutorial": _lesson,
}


def seat_note(loc: Translator, match: TableSource, seat: int) -> str:
    """"Out 3rd" for a seat that is out: the order they went, the first one out 1st. It is
    the seat's place said plainly, so the results show it instead of the place number (a
    row read "2nd … Exploded 3rd"); the one person who lost reads it under the headline."""
    from game.ui.scenes.results import PlaceNote

    place = match.outcome().places[seat]
    if place is None or place == 1:
        return ""
    nth = ordinal(loc, match.config.seat_count - place + 1)
    return PlaceNote(loc.t("results.out_order", nth=nth), loc.t("results.you_out", nth=nth))


def legend(game: str) -> list[tuple[str, str]]:
    ruleset = RULESETS.get(game)
    if ruleset is None:
        return []
    return [(art_of(game, card), f"card.{game}.{card}.name") for card in CARD_ORDER
            if card in ruleset.cards]


def windows(game: str) -> bool:
    ruleset = RULESETS.get(game)
    return ruleset is not None and ruleset.reactions


def _lesson_config(game: str) -> GameConfig:
    """A first game that teaches: you at seat 0 playing first, three Reckless machines (the
    gentlest level)."""
    return GameConfig(game, (SeatKind.PERSON, SeatKind.LANZADO, SeatKind.LANZADO,
                             SeatKind.LANZADO))


LESSON_CONFIG = _lesson_config("bombazo")
"""Bombazo's first game that teaches."""
LESSON_SEED = 1616
"""Its friendly deal (why this one: ``tutorial.py``); a seed a game code can carry."""
MAZO_LESSON_CONFIG = _lesson_config("mazo")
MAZO_LESSON_SEED = 82396
"""Bomba en el Mazo's friendly deal (``tutorial.py``)."""
CLASICO_LESSON_CONFIG = _lesson_config("clasico")
CLASICO_LESSON_SEED = 18884
"""Clásico's friendly deal (``tutorial.py``)."""


def teach(scene: Scene[Any]) -> None:
    from game.ui.bombdeck.tutorial import teach as lay_the_lesson

    lay_the_lesson(scene)


LESSONS: dict[str, Tutorial] = {
    "bombazo": Tutorial(LESSON_CONFIG, LESSON_SEED, teach),
    "mazo": Tutorial(MAZO_LESSON_CONFIG, MAZO_LESSON_SEED, teach),
    "clasico": Tutorial(CLASICO_LESSON_CONFIG, CLASICO_LESSON_SEED, teach),
}
"""Each rule set's first game that teaches (its steps: ``tutorial.PLANS``)."""


def recap(table: Any, items: Sequence[FeedItem]) -> list[str]:
    """The curtain's recap in the words of the table's log (public events: nobody is "you")."""
    from game.ui.bombdeck.log import log_lines

    return [text for text, _event in log_lines(table.namer, items, None, 2 * len(items) + 1)]


KIT = UiKit("bombdeck", table, SHOTS, seat_note, legend, windows, LESSONS, stats=stats,
            recap=recap)
