"""A row of tabs along the top of a page (the rules' games, the past games' filters, the
statistics' players): each tab as wide as its label needs, the row centred, the chosen tab
drawn as the primary button. The scene keeps which tab is chosen; ←/→ and the digits are its
own keys (each page gives them a meaning of its own)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from game.ui import fonts, theme
from game.ui.locale import TextSource, text_of
from game.ui.text import draw_text
from game.ui.widgets import Button

TOP, HEIGHT, GAP, PAD, LEAST = 34, 56, 10, 40, 100


def tab_widths(labels: Sequence[str], room: int, most: int | None = None) -> list[int]:
    """Each tab as wide as its label needs (a long game name is not squeezed), at most
    ``most``, shrunk evenly only when they cannot all fit in ``room``."""
    font = fonts.get(theme.TEXT_BODY, True)
    wanted = [max(LEAST, font.size(label)[0] + PAD) for label in labels]
    if most is not None:
        wanted = [min(most, w) for w in wanted]
    if sum(wanted) <= room:
        return wanted
    return [w * room // sum(wanted) for w in wanted]


def tab_row(labels: Sequence[TextSource], select: Callable[[int], None], *,
            most: int | None = None, top: int = TOP, height: int = HEIGHT) -> list[Button]:
    """The tabs of ``labels``; a click on tab ``i`` calls ``select(i)``."""
    widths = tab_widths([text_of(label) for label in labels],
                        theme.SCREEN_W - 48 - GAP * (len(labels) - 1), most)
    x = (theme.SCREEN_W - sum(widths) - GAP * (len(labels) - 1)) // 2
    tabs = []
    for i, label in enumerate(labels):
        tabs.append(Button((x, top, widths[i], height), label, partial(select, i),
                           size=theme.TEXT_BODY, cooldown=0.0))
        x += widths[i] + GAP
    return tabs


UNDER_A_TITLE = 54, 48
"""(top, height) of a row of tabs under a page's title (``draw_title``)."""


def draw_title(surface: pygame.Surface, text: str) -> None:
    """A page's title above its tabs, centred."""
    draw_text(surface, text, (theme.SCREEN_W // 2, 8), theme.TEXT_LARGE, theme.INK, bold=True,
              anchor="midtop", max_width=theme.SCREEN_W - 80)


def show_chosen(tabs: Sequence[Button], index: int) -> None:
    for i, tab in enumerate(tabs):
        tab.style = "primary" if i == index else "normal"
