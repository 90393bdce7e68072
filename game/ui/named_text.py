"""Lines of a log with each seat's name in the seat's own colour (review 5 of Bomba en el
Mazo: a log of names in one colour read as a wall of text). The name is always written too:
the colour only helps the eye find it. The same font as the rest of the line, so a row measures
as it was wrapped."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.ui import fonts, theme
from game.ui.text import fit_line

Color = theme.Color


def name_spans(row: str, names: Mapping[str, Color]) -> list[tuple[str, Color | None]]:
    """``row`` cut into pieces, each seat's name in ``names`` a piece of its own with its
    colour (``None``: the row's own colour). A name counts only as a whole word ("Ana" is
    not in "Banana"); the longer name wins where two start at one place."""
    spans: list[tuple[str, Color | None]] = []
    order = sorted((n for n in names if n), key=len, reverse=True)
    plain = 0
    i = 0
    while i < len(row):
        found = next((n for n in order if row.startswith(n, i)
                      and (i == 0 or not row[i - 1].isalnum())
                      and (i + len(n) == len(row) or not row[i + len(n)].isalnum())), None)
        if found is None:
            i += 1
            continue
        if plain < i:
            spans.append((row[plain:i], None))
        spans.append((found, names[found]))
        i += len(found)
        plain = i
    if plain < len(row):
        spans.append((row[plain:], None))
    return spans


def draw_named_row(surface: pygame.Surface, row: str, pos: tuple[int, int], size: int,
                   width: int, color: Color, names: Mapping[str, Color]) -> None:
    """One row at ``pos`` (top left), the seats' names in their colours; fitted in one colour
    (``fit_line``) if it is wider than ``width`` or names no seat."""
    spans = name_spans(row, names) if names else []
    if not any(ink is not None for _text, ink in spans):
        surface.blit(fit_line(row, size, width, color), pos)
        return
    pieces = [fonts.render(text, size, color if ink is None else ink) for text, ink in spans]
    if sum(p.get_width() for p in pieces) > width:  # (never, as wrapped): one colour, fitted
        surface.blit(fit_line(row, size, width, color), pos)
        return
    x, y = pos
    for piece in pieces:
        surface.blit(piece, (x, y))
        x += piece.get_width()
