"""Driving a game's first game that teaches in tests (the lessons of Die Bombe and Caza Bombas
share these; the bomb deck's tests have their own, older helpers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.ui import launch
from game.ui.app import App

QUICK = {"machine_speed": "fast"}
"""Quick machines: a machine that may move moves within a third of a second."""
HOLD_FRAMES = 60
"""Two seconds at 30 frames a second: six times what a quick machine waits."""

T = TypeVar("T")


def frames(app: App, n: int = 1, dt: float = 1 / 30) -> None:
    for _ in range(n):
        app.step(dt)


def calm(app: App) -> bool:
    """The top screen takes input now (no guard, nothing resolving or settling)."""
    top = app.stack.top
    return app._guard <= 0 and not (top is not None and (top.busy or top.settling))


def top_table(app: App, kind: type[T]) -> T:
    """The table of ``kind`` highest on the stack."""
    for scene in reversed(app.stack.scenes()):
        if isinstance(scene, kind):
            return scene
    raise AssertionError(f"no {kind.__name__}")


def open_the_lesson(app: App, game: str, table_kind: type[Any], lesson_kind: type[T]) -> T:
    """``game``'s lesson opened as the title's "How to play" opens it."""
    assert launch.open_lesson(app, game)
    frames(app, 2)
    overlay = top_table(app, table_kind).overlay
    assert isinstance(overlay, lesson_kind)
    return overlay


def until_showing(app: App, lesson: Any, key_: str, covered: Callable[[Any], list[str]],
                  limit: int = 1800) -> None:
    """Frames until the step ``key_`` is on screen and the table takes input; then its bubble
    must leave what it points at, and what the person decides with, in view (``covered``:
    what it covers)."""
    for _ in range(limit):
        step = lesson.step
        if step is not None and step.key == key_ and lesson.showing and calm(app):
            frames(app, 2)  # the bubble is placed (and the table painted) in this frame
            assert covered(lesson) == [], f"step {key_!r}'s bubble covers {covered(lesson)}"
            return
        app.step(1 / 30, draw=False)
    raise AssertionError(f"step {key_!r} never showed (at {lesson.step}, over {lesson.over})")
