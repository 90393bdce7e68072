"""Bases for menu-like scenes: a :class:`FormScene` owns a widget form; a
:class:`ModalScene` is a panel over a darkened copy of what is below."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import pygame

from game.ui import theme
from game.ui.draw import backdrop, round_rect, veil
from game.ui.scene import Scene
from game.ui.text import draw_text
from game.ui.widgets import Form

if TYPE_CHECKING:
    from game.ui.app import App

R = TypeVar("R")


class FormScene(Scene[R]):
    """A scene whose input goes to a :class:`~game.ui.widgets.Form`; subclasses add widgets
    in ``build()`` (called again on a language change)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.form = Form()
        self.clock = 0.0
        self.build()

    def build(self) -> None:
        """Create the widgets into ``self.form``."""

    def rebuild(self) -> None:
        focused = self.form.focused
        index = self.form.widgets.index(focused) if focused is not None else -1
        show = self.form.show_focus
        self.form = Form()
        self.build()
        if 0 <= index < len(self.form.widgets):
            self.form.focus(self.form.widgets[index], show=show)

    def on_language(self) -> None:
        self.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        self.form.handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.form.update(dt)

    def draw_background(self, surface: pygame.Surface) -> None:
        backdrop(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.form.draw(surface)


class ModalScene(FormScene[R]):
    """A centred panel over the dimmed scene below (which keeps drawing, frozen)."""

    opaque = False
    panel_size = (640, 320)

    @property
    def panel(self) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.panel_size)
        r.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)
        return r

    def draw_background(self, surface: pygame.Surface) -> None:
        veil(surface, theme.SHADE, 165)
        p = self.panel
        round_rect(surface, p.move(0, 6), theme.SHADE, 22, 120)
        round_rect(surface, p, theme.PANEL, 22)
        round_rect(surface, p, theme.PANEL_EDGE, 22, 255, 2)

    def heading(self, surface: pygame.Surface, text: str, y: int | None = None) -> None:
        p = self.panel
        draw_text(surface, text, (p.centerx, p.top + 28 if y is None else y), theme.TEXT_HEADING,
                  theme.INK, bold=True, anchor="midtop", max_width=p.width - 60)
