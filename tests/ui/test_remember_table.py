"""The table is remembered (issue 20, point 5): the seats' levels come back after a restart as
the people's names do, however the new-game screen was left (Esc too, not only Start); and the
"your unfinished game will be lost" question comes when Start is pressed, not when the screen
opens (choosing a table loses nothing). Real events throughout."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.ui import launch
from game.ui.app import App
from game.ui.bombdeck.table import TableScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import HOME_ENV, Settings
from game.ui.widgets import Choice
from tests.ui.conftest import click, frames, key, post
from tests.ui.test_resume import SOLO, write_unfinished

K = SeatKind


@pytest.fixture(autouse=True)
def _home_is_the_test_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The unfinished game lives beside the settings, in ``tmp_path``."""
    monkeypatch.delenv(HOME_ENV, raising=False)


def _wired(folder: Path) -> App:
    """The game as it starts: the settings read from ``folder``, the real hooks."""
    app = launch.wire(App(Settings.load(folder), settings_dir=folder, lang="en", audio=False))
    pygame.event.clear()
    return app


def _title(app: App) -> TitleScene:
    frames(app, 20)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    return title


def _open_new_game(app: App) -> Any:
    click(_title(app).new_game.rect.center)
    frames(app, 20)
    return app.stack.top


def _arrow(app: App, choice: Choice[Any], side: int) -> None:
    vr = choice.value_rect
    click((vr.left + 20 if side < 0 else vr.right - 20, vr.centery))
    frames(app, 2)


def _type(app: App, scene: NewGameScene, seat: int, text: str) -> None:
    click(scene.name_fields[seat].rect.center)
    frames(app, 1)
    post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)


def test_levels_and_names_come_back_after_a_restart_even_when_left_by_esc(
        tmp_path: Path) -> None:
    Settings(language="en", tutorial_seen=True).save(tmp_path)
    app = _wired(tmp_path)
    try:
        scene = _open_new_game(app)
        assert isinstance(scene, NewGameScene)
        while scene.game != "mazo":
            _arrow(app, scene.game_choice, +1)
        _arrow(app, scene.count_choice, +1)            # 4 -> 5 seats
        _arrow(app, scene.seat_choices[1], -1)         # seat 2: Astuto -> Lanzado
        _arrow(app, scene.seat_choices[1], -1)         # seat 2: Lanzado -> Person
        _arrow(app, scene.seat_choices[2], +1)         # seat 3: Astuto -> Despiadado
        _arrow(app, scene.seat_choices[4], -1)         # seat 5: Astuto -> Lanzado
        _type(app, scene, 0, "Ana")
        _type(app, scene, 1, "Bea")
        chosen = GameConfig("mazo", (K.PERSON, K.PERSON, K.DESPIADADO, K.ASTUTO, K.LANZADO))
        assert scene.config() == chosen
        key(pygame.K_ESCAPE)                            # back to the title, nothing started
        frames(app, 2)
        assert isinstance(app.stack.top, TitleScene)
        app.quit()                                      # the window closes
    finally:
        app.close()

    again = _wired(tmp_path)
    try:
        scene = _open_new_game(again)
        assert isinstance(scene, NewGameScene)
        assert scene.config() == chosen, "the levels chosen came back"
        assert [scene.name_fields[seat].text for seat in (0, 1)] == ["Ana", "Bea"]
        assert [field.visible for field in scene.name_fields[:5]] == \
            [True, True, False, False, False]
    finally:
        again.close()


def test_the_unfinished_game_question_comes_at_start(tmp_path: Path) -> None:
    write_unfinished(tmp_path, SOLO, 5, 9)
    Settings(language="en", tutorial_seen=True).save(tmp_path)
    app = _wired(tmp_path)
    try:
        scene = _open_new_game(app)
        assert isinstance(scene, NewGameScene), "opening the screen to choose loses nothing"
        _arrow(app, scene.count_choice, -1)             # 4 -> 3 seats
        key(pygame.K_RETURN)                            # Start
        frames(app, 20)
        confirm = app.stack.top
        assert isinstance(confirm, ConfirmScene), "Start asks before the game is replaced"
        click(confirm.no.rect.center)
        frames(app, 20)
        assert scene.count == 3, "cancel: the choice is still there"
        assert app.stack.top is scene
        assert launch.unfinished(app) is not None
        key(pygame.K_RETURN)
        frames(app, 20)
        confirm = app.stack.top
        assert isinstance(confirm, ConfirmScene)
        click(confirm.yes.rect.center)
        frames(app, 2)
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert table.match.config.seats == (K.PERSON, K.ASTUTO, K.ASTUTO)
        assert [type(s) for s in app.stack] == [TitleScene, TableScene]
    finally:
        app.close()


def test_start_opens_at_once_with_nothing_unfinished(make_app: Callable[..., App]) -> None:
    app = make_app("en", wire=True, audio=False)
    scene = _open_new_game(app)
    assert isinstance(scene, NewGameScene)
    key(pygame.K_RETURN)
    frames(app, 2)
    assert isinstance(app.stack.top, TableScene)
