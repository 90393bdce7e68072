"""A yes / no question: returns ``True`` (confirm, Enter) or ``False`` (cancel, Esc)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.locale import TextSource, text_of
from game.ui.scenes.base import ModalScene
from game.ui.text import draw_paragraph
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App


class ConfirmScene(ModalScene[bool]):
    panel_size = (620, 300)

    def __init__(self, app: App, title: TextSource, yes: TextSource, no: TextSource, *,
                 message: TextSource = "", danger: bool = False) -> None:
        self.title = title
        self.yes_text = yes
        self.no_text = no
        self.message = message
        self.danger = danger
        super().__init__(app)

    @property
    def panel(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, 620, 300 if text_of(self.message) else 210)
        r.center = (theme.SCREEN_W // 2, theme.SCREEN_H // 2)
        return r

    def build(self) -> None:
        p = self.panel
        w, h, gap = 250, 60, 24
        y = p.bottom - h - 32
        self.yes = Button((p.centerx - w - gap // 2, y, w, h), self.yes_text,
                          lambda: self.finish(True), shortcut=pygame.K_RETURN,
                          shortcut_label=self.tr("key.enter"),
                          style="danger" if self.danger else "primary")
        self.no = Button((p.centerx + gap // 2, y, w, h), self.no_text,
                         lambda: self.finish(False), shortcut_label=self.tr("key.esc"))
        self.form.add(self.yes)
        self.form.add(self.no)

    def on_escape(self) -> None:
        self.finish(False)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.heading(surface, text_of(self.title))
        msg = text_of(self.message)
        if msg:
            p = self.panel
            draw_paragraph(surface, msg, pygame.Rect(p.left + 40, p.top + 96, p.width - 80, 90),
                           theme.TEXT_BODY, theme.INK_DIM, align="center")
        self.form.draw(surface)
