"""A person's name on the new-game screen: a one-line field that takes only what a name may
hold (the characters our font draws, no controls, at most ``NAME_MAX``), shows the default
("Player 2") greyed while empty, squeezes a long name to its width, and says every change."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame

from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.locale import TextSource, text_of
from game.ui.players import DROPPED, NAME_MAX, SPACES, drawable
from game.ui.text import draw_text, fit_line
from game.ui.widgets import TextField

PAD = 12


def takes(ch: str) -> bool:
    """Whether a typed character may go into a name."""
    return unicodedata.category(ch) not in DROPPED and (ch == " " or drawable(ch))


class NameField(TextField):
    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: str, *,
                 placeholder: TextSource, on_change: Callable[[str], None],
                 size: int = theme.TEXT_BODY) -> None:
        super().__init__(rect, text, max_len=NAME_MAX, placeholder=placeholder, size=size)
        self.on_change = on_change

    def insert(self, chars: str) -> None:
        if self.selected:  # Ctrl+A: what is typed replaces the name (it used to add to it)
            self.text = ""
            self.selected = False
        for ch in chars:
            if len(self.text) >= self.max_len:
                break
            if unicodedata.category(ch) in SPACES or ch in "\t\n\r":
                ch = " "
            if takes(ch):
                self.text = unicodedata.normalize("NFC", self.text + ch)[: self.max_len]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 \
                and self.visible and self.enabled and self.rect.collidepoint(event.pos):
            return True  # a click takes the focus (the form gives it)
        before = self.text
        used = super().handle(event)
        if self.text != before:
            self.on_change(self.text)
        return used

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        round_rect(surface, self.rect, theme.BG_DEEP)
        edge = theme.ACCENT if self.focused else theme.PANEL_EDGE
        round_rect(surface, self.rect, edge, theme.RADIUS, 255, 2 if not self.focused else 3)
        inner = self.rect.inflate(-2 * PAD, 0)
        caret_x = inner.left
        if self.text.strip(" ") and fonts.get(self.size, True).size(self.text)[0] > 0:
            ink = theme.INK_DARK if self.selected else theme.INK
            line = fit_line(self.text, self.size, inner.width - 4, ink, bold=True)
            place = line.get_rect(midleft=(inner.left, inner.centery))
            if self.selected:  # the whole name, selected: the next key replaces it
                round_rect(surface, place.inflate(8, 6), theme.FOCUS, 6)
            surface.blit(line, place)
            caret_x = place.right + 2
        else:
            draw_text(surface, text_of(self.placeholder), (inner.left, inner.centery),
                      self.size, theme.INK_DISABLED, anchor="midleft", max_width=inner.width)
        if self.focused and int(self._time * 2) % 2 == 0:
            h = fonts.get(self.size).get_height()
            x = min(caret_x, self.rect.right - PAD // 2)
            gfx.line(surface, theme.INK, (x, self.rect.centery - h // 2),
                             (x, self.rect.centery + h // 2), 2)
        self.draw_focus(surface)
