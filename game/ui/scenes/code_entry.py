"""Type a game code: returns the code as typed (trimmed), or ``None`` on cancel.

``check(code)`` (optional) answers a translated error message for a bad code, shown under the
field; the modal closes only on a good one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.scenes.base import ModalScene
from game.ui.text import draw_paragraph
from game.ui.widgets import Button, TextField

if TYPE_CHECKING:
    from game.ui.app import App

MAX_LEN = 24


def code_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "- ")


def read_clipboard() -> str:
    """The clipboard's text, or "" where there is no clipboard."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return ""
    return text if isinstance(text, str) else ""


class CodeEntryScene(ModalScene[str]):
    panel_size = (720, 372)
    field: TextField

    def __init__(self, app: App, check: Callable[[str], str | None] | None = None,
                 initial: str = "") -> None:
        self.check = check
        self.initial = initial
        self.error = ""
        super().__init__(app)

    def build(self) -> None:
        p = self.panel
        current = self.field.text if hasattr(self, "field") else self.initial
        self.field = TextField((p.left + 60, p.top + 110, p.width - 120, 64), current,
                               max_len=MAX_LEN, allowed=code_char,
                               placeholder="911-119", on_submit=self.submit,
                               transform=str.upper)
        self.form.add(self.field)
        w, h = 204, 58
        y = p.bottom - h - 30
        self.play = Button((p.right - 40 - w, y, w, h), self.tr("code.play"),
                           lambda: self.submit(self.field.text), style="primary",
                           shortcut_label=self.tr("key.enter"))
        self.cancel = Button((p.right - 40 - 2 * w - 16, y, w, h), self.tr("common.cancel"),
                             lambda: self.finish(None), shortcut_label=self.tr("key.esc"))
        self.paste = Button((p.left + 40, y, 170, h), self.tr("code.paste"), self._paste,
                            style="ghost")
        # a bigger text size: the three buttons grow to their labels, the panel with them
        want = max(w, self.cancel.needed_width(), self.play.needed_width())
        base_w, base_h = type(self).panel_size
        grow = max(0, 170 + 2 * want + 2 * 16 + 80 - base_w)
        self.panel_size = (base_w + grow, base_h)
        if want > w:
            p = self.panel
            self.field.rect = pygame.Rect(p.left + 60, p.top + 110, p.width - 120, 64)
            self.play.rect = pygame.Rect(p.right - 40 - want, y, want, h)
            self.cancel.rect = pygame.Rect(p.right - 40 - 2 * want - 16, y, want, h)
            self.paste.rect = pygame.Rect(p.left + 40, y, 170, h)
        self.form.add(self.paste)
        self.form.add(self.cancel)
        self.form.add(self.play)
        self.form.focus(self.field)

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def _paste(self) -> None:
        self.field.text = ""
        self.field.selected = False
        self.field.insert(read_clipboard().strip())
        self.error = ""  # the message was about the code that is gone
        self.form.focus(self.field)

    def submit(self, text: str) -> None:
        code = text.strip()
        if not code:
            self.error = self.t("error.code_empty")
            return
        problem = self.check(code) if self.check is not None else None
        if problem:
            self.error = problem
            return
        self.finish(code)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and \
                getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self._paste()  # Ctrl+V does what the Paste button does
            return
        if event.type == pygame.TEXTINPUT or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE,
                                                               pygame.K_DELETE)):
            self.error = ""
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        p = self.panel
        self.heading(surface, self.t("code.title"))
        below = pygame.Rect(p.left + 60, self.field.rect.bottom + 14, p.width - 120, 80)
        if self.error:
            draw_paragraph(surface, self.error, below, theme.TEXT_SMALL, (255, 120, 100))
        else:
            draw_paragraph(surface, self.t("code.hint"), below, theme.TEXT_SMALL, theme.INK_DIM)
        self.form.draw(surface)
