"""How to play: the title's button opens one page with every game; each game with a lesson
opens it (a click, or its number key) on a real table over the title, each game has its rules
page, and a rules page opened from the title offers the shown game's lesson (``L``) while one
opened from a game's pause menu does not (a lesson would end that game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.ui.app import App
from game.ui.registry import lesson_for, on_screen
from game.ui.scenes.lessons import LessonsScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.title import TitleScene
from tests.ui.conftest import click, key

QUICK = {"machine_speed": "fast", "reaction_seconds": 1}


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 30)


@pytest.fixture
def returning(make_app: Callable[..., App]) -> App:
    app = make_app("en", settings=QUICK, wire=True, audio=False)
    frames(app, 20)
    return app


def open_page(app: App) -> LessonsScene:
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.how_to_play.enabled
    click(title.how_to_play.rect.center)
    frames(app, 20)  # past the click guard of a new screen
    page = app.stack.top
    assert isinstance(page, LessonsScene)
    return page


def lesson_table(app: App) -> Any:
    """The table on top, which must carry a lesson over it."""
    top = app.stack.top
    assert top is not None and getattr(top, "overlay", None) is not None, \
        f"no lesson over {type(top).__name__}"
    return top


def test_every_game_is_on_the_page_and_at_least_three_teach() -> None:
    taught = [game for game in on_screen() if lesson_for(game) is not None]
    assert "bombazo" in taught
    assert len(on_screen()) == 5


@pytest.mark.parametrize("game", [g for g in on_screen() if lesson_for(g) is not None])
def test_a_lesson_opens_from_the_page_by_click_and_by_its_number(
        returning: App, game: str) -> None:
    tutorial = lesson_for(game)
    assert tutorial is not None
    page = open_page(returning)
    click(page.lesson_buttons[game].rect.center)
    frames(returning, 5)
    table = lesson_table(returning)
    assert table.match.config == tutorial.config and table.match.seed == tutorial.seed
    assert isinstance(returning.stack.scenes()[0], TitleScene)  # the page closed under it
    assert not any(isinstance(s, LessonsScene) for s in returning.stack.scenes())
    returning.to_title()
    frames(returning, 20)
    open_page(returning)
    key(pygame.K_1 + on_screen().index(game))
    frames(returning, 5)
    assert lesson_table(returning).match.config == tutorial.config


def test_a_game_without_a_lesson_offers_its_rules_on_its_number(returning: App) -> None:
    page = open_page(returning)
    for index, game in enumerate(on_screen()):
        assert game in page.rules_buttons
        if lesson_for(game) is None:
            assert game not in page.lesson_buttons
            key(pygame.K_1 + index)
            frames(returning, 3)
            rules = returning.stack.top
            assert isinstance(rules, RulesScene) and rules.game == game
            assert not rules.lesson.visible
            key(pygame.K_ESCAPE)
            frames(returning, 20)
            assert returning.stack.top is page


def test_the_rules_page_from_the_title_offers_the_lesson_on_l(returning: App) -> None:
    title = returning.stack.top
    assert isinstance(title, TitleScene)
    click(title.rules.rect.center)
    frames(returning, 20)
    rules = returning.stack.top
    assert isinstance(rules, RulesScene)
    rules.select(rules.games.index("bombazo"))
    frames(returning, 2)
    assert rules.lesson.visible and rules.lesson.enabled
    key(pygame.K_l)
    frames(returning, 5)
    tutorial = lesson_for("bombazo")
    assert tutorial is not None
    assert lesson_table(returning).match.config == tutorial.config


def test_the_rules_page_from_a_game_offers_no_lesson(returning: App) -> None:
    from game.ui.scenes.pause import PauseScene

    title = returning.stack.top
    assert isinstance(title, TitleScene)
    click(title.play_now.rect.center)
    frames(returning, 10)
    table = returning.stack.top
    returning.push(PauseScene(returning, "bombazo"))
    frames(returning, 3)
    pause = returning.stack.top
    assert isinstance(pause, PauseScene)
    pause.push(RulesScene(returning, "bombazo"))
    frames(returning, 3)
    rules = returning.stack.top
    assert isinstance(rules, RulesScene) and not rules.lesson.visible
    key(pygame.K_l)
    frames(returning, 3)
    assert returning.stack.top is rules and table in returning.stack.scenes()
