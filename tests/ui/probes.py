"""Small scenes for driving the app in tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.scene import Scene
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.match.match import Match
    from game.ui.app import App

def _nothing() -> None:
    pass


BUTTON_RECT = (540, 320, 200, 80)
CENTRE = (640, 360)


class Probe(Scene[str]):
    """A scene with one button in the middle of the screen; records what reaches it."""

    def __init__(self, app: App, name: str = "probe", *, opaque: bool = True,
                 pauses_below: bool = True) -> None:
        super().__init__(app)
        self.name = name
        self.opaque = opaque
        self.pauses_below = pauses_below
        self.events: list[int] = []
        self.results: list[object] = []
        self.updates = 0
        self.draws = 0
        self.entered = 0
        self.exited = 0
        self.escapes = 0
        self.is_busy = False
        self.on_click: Callable[[], None] = _nothing
        self.button = Button(BUTTON_RECT, name, lambda: self.on_click())
        self.form = Form([self.button])

    @property
    def busy(self) -> bool:
        return self.is_busy

    def handle(self, event: pygame.event.Event) -> None:
        self.events.append(event.type)
        self.form.handle(event)

    def update(self, dt: float) -> None:
        self.updates += 1
        self.form.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        self.form.draw(surface)

    def on_enter(self) -> None:
        self.entered += 1

    def on_exit(self) -> None:
        self.exited += 1

    def on_result(self, result: object) -> None:
        self.results.append(result)

    def on_escape(self) -> None:
        self.escapes += 1
        super().on_escape()


class TableStub(Scene[None]):
    """Stands in for the table: records the match it was given."""

    def __init__(self, app: App, match: Match, seen: object = None, *,
                 show_code: bool = False) -> None:
        super().__init__(app)
        self.match = match
        self.show_code = show_code


def drawn_texts(monkeypatch: Any, module: Any, draw: Callable[[], object]) -> list[str]:
    """The texts ``draw()`` draws through ``module.draw_text`` (a family's ``paint``)."""
    texts: list[str] = []
    real = module.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        texts.append(text)
        rect: pygame.Rect = real(surface, text, *args, **kw)
        return rect

    monkeypatch.setattr(module, "draw_text", spy)
    try:
        draw()
    finally:
        monkeypatch.setattr(module, "draw_text", real)
    return texts
