"""The on-screen keyboard: a name, a table code or an address typed with a controller alone.

It opens over a text field when a controller confirms on it (``App`` sees the field focused
and the controller's confirm button); the keys are a grid the d-pad or the stick walks, the
bottom button types the key under the focus, X types a space, Y switches capitals, the back
button erases, Start (or the ✓ key) keeps the text and closes. The keyboard and the mouse work
too (a click types a key; typing types; Enter keeps; Esc leaves the field as it was). What
goes into the field is still what the field takes (``TextField.insert``: a name's characters,
a code's alphabet): the keyboard only offers."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.draw import round_rect
from game.ui.pad import PadStyle, button_name
from game.ui.scenes.base import ModalScene
from game.ui.text import draw_text, fit_line
from game.ui.widgets import TextField

if TYPE_CHECKING:
    from game.ui.app import App

ROWS = ("1234567890", "qwertyuiop", "asdfghjklñ", "zxcvbnm.-_", "áéíóúãõçâê")
"""The letters and digits of the three languages' names and of the codes."""
SPACE, ERASE, CAPS, DONE = "␣", "⌫", "⇧", "✓"
SPECIAL = (CAPS, SPACE, ERASE, DONE)
KEY = 78
GAP = 8


class KeyboardScene(ModalScene[str]):
    """Returns the text typed (``None``: left as it was)."""

    panel_size = (10 * (KEY + GAP) + 64, 6 * (KEY + GAP) + 160)
    pad_keys = MappingProxyType({
        pygame.CONTROLLER_BUTTON_B: pygame.K_BACKSPACE,
        pygame.CONTROLLER_BUTTON_X: pygame.K_SPACE,
        pygame.CONTROLLER_BUTTON_Y: pygame.K_CAPSLOCK,
        pygame.CONTROLLER_BUTTON_START: pygame.K_F2,
    })

    def __init__(self, app: App, field: TextField, title: str = "") -> None:
        self.field = field
        self.title = title
        self.text = field.text
        self.caps = not field.text  # a name starts with a capital
        self.row, self.col = 1, 0
        super().__init__(app)

    # --- the grid -----------------------------------------------------------------------------

    def keys(self) -> list[list[str]]:
        rows = [list(row.upper() if self.caps else row) for row in ROWS]
        return [*rows, list(SPECIAL)]

    def key_rect(self, row: int, col: int) -> pygame.Rect:
        panel = self.panel
        top = panel.top + 112 + row * (KEY + GAP)
        if row < len(ROWS):
            return pygame.Rect(panel.left + 32 + col * (KEY + GAP), top, KEY, KEY)
        wide = (10 * (KEY + GAP) - GAP - 3 * GAP) // 4
        return pygame.Rect(panel.left + 32 + col * (wide + GAP), top, wide, KEY)

    def _move(self, drow: int, dcol: int) -> None:
        keys = self.keys()
        row = (self.row + drow) % len(keys)
        if drow and (row == len(ROWS)) != (self.row == len(ROWS)):
            # between the letters and the wide keys: keep the place along the row
            share = (self.col + 0.5) / len(keys[self.row])
            col = min(len(keys[row]) - 1, int(share * len(keys[row])))
        else:
            col = self.col
        self.row, self.col = row, (col + dcol) % len(keys[row])

    def _press(self, key: str) -> None:
        if key == DONE:
            self._keep()
        elif key == CAPS:
            self.caps = not self.caps
        elif key == ERASE:
            self.text = self.text[:-1]
        else:
            self._type(" " if key == SPACE else key)

    def _type(self, chars: str) -> None:
        taken = _taken(self.field, self.text + chars)
        if taken != self.text:
            self.text = taken
            if self.caps and len(self.text) == 1:
                self.caps = False  # a capital, then the rest of the name

    def _keep(self) -> None:
        self.finish(self.text)

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            self._type(event.text)
            return
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            for r, row in enumerate(self.keys()):
                for c, key in enumerate(row):
                    if self.key_rect(r, c).collidepoint(event.pos):
                        self.row, self.col = r, c
                        self._press(key)
                        return
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        moves = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1),
                 pygame.K_RIGHT: (0, 1)}
        if key in moves:
            self._move(*moves[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if getattr(event, "pad", None) is None:
                self._keep()  # the keyboard's Enter keeps the text; the pad's types the key
            else:
                self._press(self.keys()[self.row][self.col])
        elif key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif key == pygame.K_CAPSLOCK:
            self.caps = not self.caps
        elif key == pygame.K_F2:
            self._keep()
        elif key == pygame.K_SPACE and getattr(event, "pad", None) is not None:
            self._type(" ")

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        panel = self.panel
        if self.title:
            draw_text(surface, self.title, (panel.centerx, panel.top + 18), theme.TEXT_BODY,
                      theme.INK_DIM, bold=True, anchor="midtop", max_width=panel.width - 40)
        line = pygame.Rect(panel.left + 32, panel.top + 50, panel.width - 64, 48)
        round_rect(surface, line, theme.BG_DEEP, 10)
        round_rect(surface, line, theme.ACCENT, 10, 255, 2)
        shown = fit_line(self.text + "▏", theme.TEXT_LARGE, line.width - 24, theme.INK,
                         bold=True)
        surface.blit(shown, shown.get_rect(midleft=(line.left + 12, line.centery)))
        style = self.app.pad_style or PadStyle.XBOX
        hint = self.t("keyboard.hint", type=button_name(pygame.CONTROLLER_BUTTON_A, style),
                      caps=button_name(pygame.CONTROLLER_BUTTON_Y, style),
                      erase=button_name(pygame.CONTROLLER_BUTTON_B, style),
                      done=button_name(pygame.CONTROLLER_BUTTON_START, style))
        draw_text(surface, hint, (panel.centerx, panel.bottom - 38), theme.TEXT_MIN,
                  theme.INK_DIM, anchor="midtop", max_width=panel.width - 40)
        for r, row in enumerate(self.keys()):
            for c, key in enumerate(row):
                rect = self.key_rect(r, c)
                chosen = (r, c) == (self.row, self.col)
                face = theme.ACCENT if chosen else theme.BUTTON
                round_rect(surface, rect, face, 10)
                ink = theme.INK_DARK if chosen else theme.INK
                if key == CAPS and self.caps:
                    round_rect(surface, rect, theme.ACCENT, 10, 255, 3)
                draw_text(surface, key, rect.center, theme.TEXT_LARGE, ink, bold=True,
                          anchor="center")


def _taken(field: TextField, text: str) -> str:
    """What ``field`` would hold with ``text`` typed into it (its own rules: a name's)."""
    saved, selected = field.text, field.selected
    field.text, field.selected = "", False
    field.insert(text)
    taken = field.text
    field.text, field.selected = saved, selected
    return taken


def put_into(field: TextField, text: str) -> None:
    """Give ``field`` the text typed on the keyboard, as if typed there (a name field says
    every change)."""
    field.text, field.selected = "", False
    field.insert(text)
    on_change = getattr(field, "on_change", None)
    if callable(on_change):
        on_change(field.text)
