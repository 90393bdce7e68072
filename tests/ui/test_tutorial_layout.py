"""The lesson's layout (issue 20), read from what is drawn while it is played with real key
presses: the clue chips stay inside the highlight the arrow points at (step 7), the "2 left"
tag keeps clear of the Draw button and its highlight, and "Owes 2 turns" is whole on the
screen (it was cut by the window's edge, and by the badge's own kept picture)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.ui import theme
from game.ui.app import App
from game.ui.bombdeck import badges, centre, paint
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.kit import LESSON_CONFIG, LESSON_SEED
from game.ui.bombdeck.table import TableScene
from game.ui.bombdeck.tutorial import Lesson
from tests.ui.conftest import key


@dataclass
class Drawn:
    module: str
    canvas: pygame.Rect
    rect: pygame.Rect
    color: Any


def _record(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every rounded rectangle the clues, the controls and the badges draw, with the surface
    it is drawn on."""
    drawn: list[Drawn] = []
    for module in (centre, paint, badges):
        real = module.round_rect

        def spy(surface: pygame.Surface, rect: pygame.Rect, color: Any, *args: Any,
                _real: Any = real, _name: str = module.__name__, **kw: Any) -> None:
            drawn.append(Drawn(_name, surface.get_rect(), pygame.Rect(rect), color))
            _real(surface, rect, color, *args, **kw)

        monkeypatch.setattr(module, "round_rect", spy)
    return drawn


def _lesson(make_app: Callable[..., App]) -> tuple[App, TableScene, Lesson]:
    app = make_app("en", settings={"machine_speed": "fast", "reaction_seconds": 1},
                   audio=False, persist=False, start=None)
    scene = TableScene(app, Match(LESSON_CONFIG, LESSON_SEED), pace=Pace(0.05, 0.05, 0.3),
                       deal=False)
    lesson = Lesson(scene)
    scene.overlay = lesson
    app.stack.push(scene)
    return app, scene, lesson


def _to_step(app: App, scene: TableScene, lesson: Lesson, wanted: str) -> None:
    """Play the lesson (Enter for a bubble, what a step asks, Space to draw) until ``wanted``
    is on screen and still."""
    for _ in range(6000):
        step = lesson.step
        top = app.stack.top
        ready = app._guard <= 0 and not (top is not None and top.busy)
        if step is not None and step.key == wanted and lesson.showing and ready:
            for _ in range(5):
                app.step(1 / 30)
            return
        if ready and isinstance(top, HideBombScene):
            key(pygame.K_RETURN)
        elif ready and top is scene and step is not None and lesson.showing:
            if step.info:
                key(pygame.K_RETURN)
            elif step.key == "play":
                scene.submit(A.Action(A.PLAY, "see_future"))
            elif step.key == "nope":
                key(pygame.K_1)
            elif step.key in ("draw", "again"):
                key(pygame.K_SPACE)
        app.step(1 / 30)
    raise AssertionError(f"never reached {wanted}: at {lesson.step}")


def test_the_clue_chips_stay_inside_the_highlight(make_app: Callable[..., App],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene, lesson = _lesson(make_app)
    _to_step(app, scene, lesson, "clues")
    drawn = _record(monkeypatch)
    app.step(1 / 30)
    chips = {tuple(d.rect) for d in drawn if d.module == centre.__name__
             and d.rect.height == 30}  # each chip: its fill and its edge
    assert len(chips) == len(scene.shown.clues) >= 3
    lit = [rect.inflate(14, 14) for rect in lesson.targets()]
    for chip in chips:
        assert any(area.contains(pygame.Rect(chip)) for area in lit), (chip, lit)


def test_the_draws_left_tag_and_the_owes_tab_are_clear_and_whole(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene, lesson = _lesson(make_app)
    _to_step(app, scene, lesson, "again")
    assert scene.draws_left() == 2
    drawn = _record(monkeypatch)
    app.step(1 / 30)
    tags = {tuple(d.rect) for d in drawn if d.module == paint.__name__
            and d.color == theme.INK}
    assert len(tags) == 1
    # clear of Draw and of its ring
    assert not pygame.Rect(tags.pop()).colliderect(L.DRAW.inflate(14, 14))
    tabs = [d for d in drawn if d.module == badges.__name__ and d.color == theme.ACCENT
            and d.rect.height < 40]
    assert tabs, "no 'Owes 2 turns' tab drawn"
    screen = pygame.Rect(0, 0, theme.SCREEN_W, theme.SCREEN_H)
    for tab in tabs:
        assert tab.canvas.contains(tab.rect), "cut by the picture it is drawn into"
        assert tab.canvas != screen or screen.contains(tab.rect), "cut by the window"
