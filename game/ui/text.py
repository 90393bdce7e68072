"""Text helpers: wrapping, fitting a width, drawing at an anchor."""

from __future__ import annotations

import pygame

from game.ui import fonts, gfx, theme

Anchor = str
"""A pygame Rect attribute name: "topleft", "center", "midtop", "midright", …"""


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size`` px. Newlines are kept as
    paragraph breaks; a single word wider than ``width`` gets a line of its own."""
    font = fonts.get(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = f"{line} {word}"
            if font.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


MIN_SQUEEZE = 0.72
"""How narrow a line may be squeezed, as a last resort at the smallest size, before it is made
smaller still."""
NARROW = 0.9
"""How narrow a line may be made and still read as itself (issue 20: lines at 60–70 % of their
width read as squashed); past that a smaller size is chosen first."""


def _fitting_size(text: str, size: int, width: int, bold: bool) -> int:
    """The largest size from ``size`` down to ``theme.TEXT_MIN`` at which ``text`` fits
    ``width`` narrowed at most to :data:`NARROW`; ``TEXT_MIN`` when none does. Measured with
    the fonts' metrics, nothing rendered."""
    for trial in range(size - 1, theme.TEXT_MIN - 1, -1):
        if fonts.get(trial, bold).size(text)[0] * NARROW <= width:
            return trial
    return min(size, theme.TEXT_MIN)


def fit_line(text: str, size: int, width: int, color: theme.Color, bold: bool = False,
             min_squeeze: float = MIN_SQUEEZE) -> pygame.Surface:
    """One line of text no wider than ``width``: rendered at ``size`` and narrowed a little
    (to :data:`NARROW` of its width); if that is not enough, rendered at a smaller size, never
    under the 18 px floor (``theme.TEXT_MIN``); only at the floor narrowed further (never below
    ``min_squeeze``: the letters keep their height), then made smaller."""
    surf = fonts.render(text, size, color, bold)
    w, h = surf.get_size()
    if w <= width or w == 0:
        return surf
    if width / w < NARROW and size > theme.TEXT_MIN:
        size = _fitting_size(text, size, width, bold)
        surf = fonts.render(text, size, color, bold)
        w, h = surf.get_size()
        if w <= width:
            return surf
    if fonts.observer is not None:
        fonts.observer.squeezed(text, size, width / w)
    if width / w >= min_squeeze:
        return gfx.smoothscale(surf, (max(1, width), h))
    scale = width / (w * min_squeeze)
    squeezed = gfx.smoothscale(surf, (max(1, int(w * min_squeeze)), h))
    return gfx.smoothscale(
        squeezed, (max(1, width), max(1, int(h * scale))))


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
              color: theme.Color = theme.INK, bold: bool = False, anchor: Anchor = "topleft",
              max_width: int | None = None) -> pygame.Rect:
    """Draw one line; returns the rect it covered."""
    surf = fonts.render(text, size, color, bold) if max_width is None else \
        fit_line(text, size, max_width, color, bold)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    return rect


def draw_paragraph(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                   color: theme.Color = theme.INK, bold: bool = False, align: str = "left",
                   line_gap: float = 1.25) -> int:
    """Wrapped text inside ``rect`` (clipped to it); returns the height the text needs."""
    lines = wrap_text(text, size, rect.width, bold)
    step = round(fonts.get(size, bold).get_linesize() * line_gap / 1.15)
    y = rect.top
    for line in lines:
        if line and y + step > rect.bottom + step // 3 and fonts.observer is not None:
            fonts.observer.cut(line, size)
        if line and y + step <= rect.bottom + step // 3:
            surf = fonts.render(line, size, color, bold)
            if align == "center":
                x = rect.centerx - surf.get_width() // 2
            elif align == "right":
                x = rect.right - surf.get_width()
            else:
                x = rect.left
            surface.blit(surf, (x, y))
        y += step
    return y - rect.top
