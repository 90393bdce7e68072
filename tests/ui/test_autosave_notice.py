"""A failed autosave is said on screen (issue 8: on a full or read-only disk the game played on
to move 26 while the file stayed at move 14, with no word on screen): the table says it once, in
a notice over the table that fades, tries again after every move, and says once more when
saving works again."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.ui import launch
from game.ui.app import App
from game.ui.bombdeck.paint import paint_table
from game.ui.settings import HOME_ENV
from game.ui.table.base import SAVE_FAILING, SAVE_WORKS
from game.ui.table.notice import SHOW_SECONDS, draw_notice
from tests.ui.conftest import frames, key
from tests.ui.test_resume import SOLO, play_by_keys, saved, table_of, title_of, write_unfinished


@pytest.fixture(autouse=True)
def _no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HOME_ENV, raising=False)


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en") -> App:
        return make_app(lang, settings={"machine_speed": "fast", "reaction_seconds": 1},
                        wire=True, audio=False)

    return make


def test_a_failing_autosave_is_said_once_tried_after_every_move_and_catches_up(
        make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_unfinished(tmp_path, SOLO, 5, 6)
    app = make_app()
    assert title_of(app).resume is not None
    key(pygame.K_RETURN)  # resume
    frames(app, 3)
    scene = table_of(app)
    before = saved(tmp_path)
    tries: list[int] = []

    def full(path: Path, _text: str, *, durable: bool = True) -> None:  # root ignores chmod
        tries.append(scene.match.moves)
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr("game.match.autosave.write_atomic", full)
    play_by_keys(app, scene, scene.match.moves + 8)
    assert scene.notice.shown == [SAVE_FAILING], "said once, not after every move"
    assert scene.notice.key == SAVE_FAILING and scene.notice.trouble
    assert len(set(tries)) >= 8, "tried again after every move"
    assert saved(tmp_path) == before  # the file is where it was
    monkeypatch.undo()  # the disk has room again
    play_by_keys(app, scene, scene.match.moves + 1)
    frames(app, 1)
    assert saved(tmp_path).actions == scene.match.save().actions  # it caught up
    assert scene.notice.shown == [SAVE_FAILING, SAVE_WORKS]
    assert scene.notice.key == SAVE_WORKS and not scene.notice.trouble


def test_the_notice_is_drawn_over_the_table_in_the_language_of_the_moment_and_fades(
        make_app: Callable[..., App]) -> None:
    app = make_app("es")
    launch.play_now(app)
    frames(app, 2)
    scene = table_of(app)
    canvas = pygame.Surface((1280, 720))
    paint_table(canvas, scene)
    plain = canvas.copy()
    scene.notice.show(SAVE_FAILING, trouble=True)
    paint_table(canvas, scene)
    box = draw_notice(canvas.copy(), scene.notice, scene.t)
    assert box is not None and canvas.get_rect().contains(box)
    assert any(canvas.get_at((x, box.centery)) != plain.get_at((x, box.centery))
               for x in range(box.left, box.right, 7)), "the notice is on screen"
    assert scene.t(SAVE_FAILING).startswith("No se puede guardar la partida")
    for _ in range(round(SHOW_SECONDS * 20) + 2):
        scene.notice.update(1 / 20)
    assert scene.notice.key is None and draw_notice(canvas, scene.notice, scene.t) is None


def test_a_table_that_saves_shows_no_notice(make_app: Callable[..., App],
                                            tmp_path: Path) -> None:
    write_unfinished(tmp_path, SOLO, 5, 6)
    app = make_app()
    assert title_of(app).resume is not None
    key(pygame.K_RETURN)
    frames(app, 3)
    scene = table_of(app)
    play_by_keys(app, scene, scene.match.moves + 4)
    assert scene.notice.shown == [] and scene.notice.key is None
    assert saved(tmp_path).actions == scene.match.save().actions
