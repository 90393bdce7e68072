"""The end of a bomb-deck game (review 5 of Bomba en el Mazo): the final table stays on screen,
caught up with the last move and the winner lit, until the person asks for the results; a
press meant for the last moment does not also leave it; machines alone go straight on."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.core.saves import SavedGame
from game.match.flow import Pace
from game.match.match import Match
from game.ui import launch
from game.ui.app import App
from game.ui.bombdeck import paint
from game.ui.bombdeck.table import END_GUARD, TableScene
from game.ui.scenes.log import LogScene
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import click, frames, key
from tests.ui.test_table import until

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
FAST = Pace(machine_delay=0.05, machine_window_delay=0.05, window_seconds=0.3)


def _last_move_a_machines(config: GameConfig) -> Match:
    """A game one move from its end, that move a machine's."""
    for seed in range(1, 300):
        whole = launch.play_out(Match(config, seed)).save()
        if config.seats[whole.actions[-1][0]] is not P:
            return Match.from_save(SavedGame(whole.config, whole.seed, whole.actions[:-1]))
    raise AssertionError("no game whose last move is a machine's")


def _ended(app: App, game: str) -> TableScene:
    match = _last_move_a_machines(GameConfig(game, (P, AST, AST)))
    scene = TableScene(app, match, pace=FAST)
    app.push(scene)
    until(app, lambda: scene.held_end)
    return scene


@pytest.mark.parametrize(("game", "lang"), [("mazo", "es"), ("bombazo", "en"),
                                             ("clasico", "pt")])
def test_the_final_table_waits_for_the_person_then_space_shows_the_results(
        silent_app: Callable[..., App], game: str, lang: str) -> None:
    app = silent_app(lang)
    scene = _ended(app, game)
    key(pygame.K_SPACE)  # pressed as the end came: meant for the last moment
    frames(app, 5 * 60)  # five seconds later the game is still on screen
    assert app.stack.top is scene and scene.results_button.visible
    assert not scene.draw_button.visible
    assert scene.shown.phase == "over"  # caught up: the table shows the finished game
    assert scene.banner_area is not None  # "Game over: … wins!" stays up
    assert not scene.results_button.rect.colliderect(scene.banner_area)
    key(pygame.K_SPACE)
    frames(app, 2)
    assert isinstance(app.stack.top, ResultsScene)


def test_a_press_in_the_first_moment_of_the_final_table_does_nothing(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    scene = _ended(app, "mazo")
    frames(app, round(END_GUARD * 60) - 10)
    key(pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is scene
    frames(app, 20)
    key(pygame.K_RETURN)
    frames(app, 2)
    assert isinstance(app.stack.top, ResultsScene)


def test_the_final_tables_button_takes_a_click(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    scene = _ended(app, "bombazo")
    frames(app, 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION,
                                         pos=scene.results_button.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    click(scene.results_button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, ResultsScene)


def test_the_final_table_shows_the_whole_log_and_nothing_else(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    scene = _ended(app, "mazo")
    frames(app, 60)
    moves = scene.match.moves
    for k in (pygame.K_LEFT, pygame.K_1, pygame.K_RIGHT):
        key(k)
        frames(app)
    assert app.stack.top is scene and scene.panel is None and scene.match.moves == moves
    key(pygame.K_h)
    frames(app, 2)
    assert isinstance(app.stack.top, LogScene)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is scene


def test_the_winners_badge_says_so_and_is_lit(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    scene = _ended(app, "mazo")
    winner = scene.match.ranking()[0]
    for seat, part in zip(scene.layout.badges(), paint._badges(scene), strict=True):
        badge = part.draw.keywords["badge"]  # type: ignore[attr-defined]
        if seat == winner:
            assert badge.won_text == "Wins!" and badge.lit == 1.0
        else:
            assert badge.won_text == "" and not badge.alive


def test_machines_alone_go_to_the_results_by_themselves(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    config = GameConfig("mazo", (AST, AST, AST))
    whole = launch.play_out(Match(config, 3)).save()
    match = Match.from_save(SavedGame(whole.config, whole.seed, whole.actions[:-1]))
    app.push(TableScene(app, match, pace=FAST))
    until(app, lambda: isinstance(app.stack.top, ResultsScene))
