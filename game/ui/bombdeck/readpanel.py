"""The read panel: a clicked card's name and effect in words, with what can be done with it
now (Play, Play pair, Play trio) or why it cannot be played, and Cancel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import fonts, theme
from game.ui.bombdeck.hand import SELECT_LIFT
from game.ui.bombdeck.layout import HAND
from game.ui.cards import HOVER_SCALE, card_size
from game.ui.draw import round_rect
from game.ui.text import draw_paragraph, draw_text, wrap_text
from game.ui.widgets import Button, Form

PANEL_W = 480
BUTTON_H = 54
LIFTED_TOP = round(HAND.bottom + 8 - card_size(HOVER_SCALE)[1] - SELECT_LIFT / 2)
"""The top of the card a panel reads, lifted, enlarged and selected (``HandFan._placed``)."""
CLEAR = 16
"""The panel's bottom stays this far above that card (its focus ring, a lesson's ring round
it): the card, drawn under the panel, had its title cut by it (review 3)."""


@dataclass(frozen=True)
class Option:
    label: str
    run: Callable[[], None]
    primary: bool = False


def _text_height(text: str, width: int) -> int:
    """The height ``text`` takes in the panel's body, as ``draw_paragraph`` lays it out (a
    panel sized by counting letters cut its second line: "Embaralha o monte; as pistas se")."""
    font = fonts.get(theme.TEXT_BODY)
    step = round(font.get_linesize() * 1.25 / 1.15)
    return len(wrap_text(text, theme.TEXT_BODY, width)) * step


class ReadPanel:
    """Built for one selection; ``form`` holds its buttons."""

    def __init__(self, anchor_x: float, name: str, effect: str, options: list[Option],
                 cancel: Option, reason: str = "", *, top: int | None = None) -> None:
        self.name = name
        self.effect = effect
        self.reason = reason
        width = PANEL_W
        x = round(max(16, min(theme.SCREEN_W - 16 - width, anchor_x - width / 2)))
        height = max(170, 54 + _text_height(reason or effect, width - 36) + BUTTON_H + 26)
        bottom = LIFTED_TOP - CLEAR
        self.rect = pygame.Rect(x, (bottom - height) if top is None else top, width, height)
        self.form = Form()
        self.buttons: list[Button] = []
        gap = 10
        count = len(options) + 1
        bw = (width - 28 - gap * (count - 1)) // count
        bx, by = self.rect.left + 14, self.rect.bottom - BUTTON_H - 14
        for opt in options:
            b = Button((bx, by, bw, BUTTON_H), opt.label, opt.run,
                       style="primary" if opt.primary else "normal", size=theme.TEXT_BODY,
                       shortcut_label=None)
            self.form.add(b)
            self.buttons.append(b)
            bx += bw + gap
        self.cancel = Button((bx, by, bw, BUTTON_H), cancel.label, cancel.run, style="ghost")
        self.form.add(self.cancel)
        self.options = options

    def handle(self, event: pygame.event.Event) -> bool:
        return self.form.handle(event)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def primary(self) -> Button | None:
        for button, opt in zip(self.buttons, self.options, strict=True):
            if opt.primary and button.enabled:
                return button
        return self.buttons[0] if self.buttons else None

    def enter_button(self) -> Button:
        """What Enter does on the panel: its primary option, or, when nothing can be done
        with the card, its Cancel (review 3: on a lone cat, whose panel has only Cancel,
        Enter did nothing and the panel stayed while the machines played on)."""
        return self.primary() or self.cancel

    def update(self, dt: float) -> None:
        self.form.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        round_rect(surface, r.move(0, 6), theme.SHADE, 18, 120)
        round_rect(surface, r, theme.PANEL, 18, 248)
        round_rect(surface, r, theme.PANEL_EDGE, 18, 255, 2)
        draw_text(surface, self.name, (r.left + 18, r.top + 12), theme.TEXT_LARGE, theme.INK,
                  bold=True, max_width=r.width - 36)
        text = self.reason or self.effect
        color = (255, 170, 150) if self.reason else theme.INK_DIM
        body = pygame.Rect(r.left + 18, r.top + 54, r.width - 36, r.height - 54 - BUTTON_H - 22)
        draw_paragraph(surface, text, body, theme.TEXT_BODY, color)
        self.form.draw(surface)
