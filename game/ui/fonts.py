"""Cached fonts (DejaVu Sans, which covers ñ á ¡ ¿ and our symbols) and cached text surfaces.

Sizes are logical (1280×720 units): ``get(size)`` measures, ``render`` draws the glyphs at the
window's scale (``game.ui.gfx``), so text is as sharp at 4K as at 720p.

The files come from ``assets/fonts/`` through the resource resolver; if they are missing the
game still runs with pygame's own font.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.ui import gfx, theme
from game.ui.cache import MB, SurfaceCache
from game.ui.locale import resource_path

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: SurfaceCache[pygame.Surface] = SurfaceCache("texts", 4 * MB)


def font_file(bold: bool = False) -> str | None:
    """The path of our font, or ``None`` when the asset is missing."""
    path = resource_path("assets", "fonts", BOLD if bold else REGULAR)
    if path.is_file():
        return str(path)
    if bold:  # no bold file: the regular one with pygame's synthetic bold
        regular = resource_path("assets", "fonts", REGULAR)
        if regular.is_file():
            return str(regular)
    return None


def get(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of ``size`` pixels (never below ``theme.TEXT_MIN`` unless asked for a glyph)."""
    if not pygame.font.get_init():  # after a pygame.quit(): every cached font is dead
        clear()
        pygame.font.init()
    key = (size, bold)
    found = _fonts.get(key)
    if found is None:
        path = font_file(bold)
        try:
            found = pygame.font.Font(path, size)
        except (OSError, pygame.error):
            found = pygame.font.Font(None, size)
        if bold and (path is None or not path.endswith(BOLD)):
            found.set_bold(True)
        _fonts[key] = found
    return found


class TextObserver(Protocol):
    """Told of every text drawn (``game.ui.textaudit``): the audit of what a person can read
    needs the size each text was asked at, which a rendered surface no longer says."""

    def rendered(self, text: str, size: int) -> None: ...

    def squeezed(self, text: str, size: int, ratio: float) -> None: ...

    def cut(self, text: str, size: int) -> None: ...


observer: TextObserver | None = None
"""The audit's observer while one runs; ``None`` in play (one test of a global per text)."""


def render(text: str, size: int, color: theme.Color = theme.INK, bold: bool = False
           ) -> pygame.Surface:
    """``text`` rendered anti-aliased on a transparent canvas at the current scale (its
    glyphs drawn by a font of ``size`` × scale pixels), cached."""
    key = (text, size, bold, (int(color[0]), int(color[1]), int(color[2])))
    if observer is not None:
        observer.rendered(text, size)
    if not pygame.font.get_init():
        clear()

    def make() -> pygame.Surface:
        k = gfx.SCALE
        font = get(size, bold) if k == 1.0 else get(max(1, round(size * k)), bold)
        return gfx.Canvas.adopt(font.render(text, True, key[3]), k)

    return _texts.get_or_make(key, make)


def clear() -> None:
    """Forget every cached font and text (after pygame.quit())."""
    _fonts.clear()
    _texts.clear()
