"""The whole log so far, over a table (review 5: the table shows its last few lines, and a
line scrolled away was gone for good — "my own explosion went by unseen", "my solo cut was
gone from the log a moment later"): H opens it (a click on the bomb deck's log too), it
starts at the newest line, scrolls back to the first, and H, Esc or Enter closes it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.ui.app import App
from game.ui.bombdeck import layout as BL
from game.ui.bombdeck.log import LOG_LINES, log_lines
from game.ui.cazabombas.news import news_lines
from game.ui.registry import ui_kit_for
from game.ui.scenes.log import LogScene
from game.ui.table.base import GameTable
from tests.ui.conftest import click, frames, key

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


def _played(app: App, game: str, seats: int, moves: int) -> GameTable:  # type: ignore[type-arg]
    """A table of ``game`` with the person and machines, ``moves`` into the game, at rest."""
    config = GameConfig(game, (P,) + (AST,) * (seats - 1))
    table = ui_kit_for(game).table(app, Match(config, 11), autosaver=None, resume=None,
                                   show_code=False)
    app.stack.push(table)
    for _ in range(6000):
        if table.match.moves >= moves and table.flow.awaiting_person is not None \
                and not table.busy and app.stack.top is table:
            break
        if app.stack.top is not table:  # a briefing, a chooser: Enter takes its default
            key(pygame.K_RETURN)
        seat = table.flow.awaiting_person
        if seat is not None and table.flow.curtain_for is None and not table.busy \
                and app.stack.top is table and table.match.moves < moves:
            table._acted = False
            table.submit(table.match.legal_for(seat)[-1])
        app.step(1 / 30)
    assert table.match.moves >= moves and app.stack.top is table
    frames(app, 20)
    return table


def _log_opened(app: App) -> LogScene:
    top = app.stack.top
    assert isinstance(top, LogScene), f"{type(top).__name__} on top, not the log"
    return top


@pytest.mark.parametrize("how", ["key", "click"])
def test_the_bomb_decks_whole_log_opens_over_the_table(silent_app: Callable[..., App],
                                                       how: str) -> None:
    app = silent_app("en")
    table = _played(app, "bombazo", 3, 14)
    everything = [text for text, _ev in log_lines(table.namer, table.match.feed_for(0, 0),
                                                   0, keep=10_000)]
    assert len(everything) > LOG_LINES, "too short a game: the table shows it all"
    if how == "key":
        key(pygame.K_h)
    else:
        click(BL.LOG.center)
    frames(app, 2)
    log = _log_opened(app)
    assert log.entries == everything  # from the first line, in the table's words
    assert log.top == log.most  # it opens on the newest
    if log.most:
        key(pygame.K_HOME)
        frames(app)
        assert log.top == 0
    key(pygame.K_h)
    frames(app, 2)
    assert app.stack.top is table


def test_caza_bombas_whole_news_opens_with_h(silent_app: Callable[..., App]) -> None:
    app = silent_app("es")
    table = _played(app, "cazabombas", 3, 8)
    key(pygame.K_h)
    frames(app, 2)
    log = _log_opened(app)
    viewer = table.home
    items = table.match.feed_for(viewer, 0)[: table._logged]
    assert log.entries == news_lines(table.namer, items, 10_000, viewer)
    assert len(log.entries) > 2  # more than the table's two lines of news
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is table


def test_the_log_scene_scrolls_and_closes(silent_app: Callable[..., App],
                                          tmp_path: Path) -> None:
    app = silent_app("pt")
    lines = [f"Linha {n}: alguém fez alguma coisa." for n in range(60)]
    log = LogScene(app, "Tudo", lines)
    app.stack.push(log)
    frames(app, 20)
    assert log.most > 0 and log.top == log.most
    key(pygame.K_PAGEUP)
    frames(app)
    assert log.top == log.most - 8
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                         precise_x=0.0, precise_y=-1.0, touch=False))
    frames(app)
    assert log.top == log.most - 5
    key(pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is not log
