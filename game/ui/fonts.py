"""Cached fonts (DejaVu Sans, which covers ñ á ¡ ¿ and our symbols) and cached text surfaces.

Sizes are logical (1280×720 units): ``get(size)`` measures, ``render`` draws the glyphs at the
window's scale (``game.ui.gfx``), so text is as sharp at 4K as at 720p.

The person's text size (``Settings.text_size``, 100/125/150 %) multiplies every size here,
through :func:`set_text_size`: a scene asks for its sizes as at 100 % and measures with
``get`` (``game.ui.text`` too), so every scene grows its text without knowing the setting.

The files come from ``assets/fonts/`` through the resource resolver; if they are missing the
game still runs with pygame's own font.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.ui import gfx, theme
from game.ui.cache import CACHES, MB, SurfaceCache
from game.ui.locale import resource_path

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
"""Fonts by the pixel size they were made at (after the text size), so a size shared by two
settings is one font."""
_texts: SurfaceCache[pygame.Surface] = SurfaceCache("texts", 4 * MB)
"""Rendered texts by the size asked for and the text size they were drawn at."""

text_factor = 1.0
"""The person's text size over 100 (:func:`set_text_size`): every size asked for is drawn
this much bigger."""


def set_text_size(percent: int) -> bool:
    """Draw every text at ``percent`` % of the size asked for (the settings' text size);
    ``True`` when it changed. Rendered texts are keyed by the factor; every other cached
    picture (card faces, badges: ``game.ui.cache.CACHES``) may hold text of the old size, so
    all are emptied, and so is whatever a module asked to forget (:func:`on_text_size`)."""
    global text_factor
    factor = max(50, min(200, int(percent))) / 100
    if factor == text_factor:
        return False
    text_factor = factor
    for cache in CACHES:
        cache.clear()
    for forget in _on_change:
        forget()
    return True


_on_change: list[Callable[[], None]] = []


def on_text_size(forget: Callable[[], None]) -> Callable[[], None]:
    """Call ``forget`` whenever the text size changes: a module that keeps what it measured
    (an ``lru_cache`` of fitted titles) registers its ``cache_clear``. Returns ``forget``."""
    _on_change.append(forget)
    return forget


def unscaled(size: int) -> int:
    """The size to ask for so a text is drawn at ``size`` whatever the text size: for a
    picture made of letters (the game's name on the title, already far above any floor),
    not for text to read."""
    return size if text_factor == 1.0 else max(1, round(size / text_factor))


def scaled(size: int) -> int:
    """The pixel size (in logical units) a text asked at ``size`` is drawn at."""
    return size if text_factor == 1.0 else max(1, round(size * text_factor))


def grown(size: int) -> int:
    """How much taller a line of ``size`` is at the person's text size than at 100 % (0 at
    100 %): what a layout set for 100 % moves its next row down by."""
    return scaled(size) - size


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
    """The font a text asked at ``size`` is measured with: ``size`` grown by the text size
    (:func:`scaled`)."""
    return _font(scaled(size), bold)


def _font(size: int, bold: bool) -> pygame.font.Font:
    """A font of exactly ``size`` pixels, cached."""
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
    glyphs drawn by a font of ``size`` × the text size × scale pixels), cached."""
    key = (text, size, bold, (int(color[0]), int(color[1]), int(color[2])), text_factor)
    if observer is not None:
        observer.rendered(text, size)
    if not pygame.font.get_init():
        clear()

    def make() -> pygame.Surface:
        k = gfx.SCALE
        grown = scaled(size)
        font = _font(grown, bold) if k == 1.0 else _font(max(1, round(grown * k)), bold)
        return gfx.Canvas.adopt(font.render(text, True, key[3]), k)

    surf = _texts.get_or_make(key, make)
    # An observer may also want the surface (``made(text, surface)``: the audit follows it
    # to where it is drawn, to find texts over each other); optional, older ones lack it.
    made = getattr(observer, "made", None)
    if made is not None:
        made(text, surf)
    return surf


def clear() -> None:
    """Forget every cached font and text (after pygame.quit())."""
    _fonts.clear()
    _texts.clear()
