"""A gradient covers every row of pixels at any window scale: drawn one logical line at a
time it left unpainted rows at a scale like 1.275 (a 1632×918 window: the felt and the menus
striped with dark lines, issue 20's re-review)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui import gfx
from game.ui.draw import vertical_gradient


@pytest.fixture
def scaled() -> Iterator[None]:
    before = gfx.scale()
    yield
    gfx.set_scale(before)


@pytest.mark.parametrize("scale", [1.0, 1.275, 1.5, 0.8, 2.0])
def test_every_row_of_a_gradient_is_painted(scaled: None, scale: float) -> None:
    gfx.set_scale(scale)
    top, bottom = (34, 40, 58), (12, 14, 20)
    canvas = vertical_gradient((320, 181), top, bottom)
    width, height = pygame.Surface.get_size(canvas)  # its pixels
    assert height == round(181 * scale)
    for row in range(height):
        r, g, b, *_ = pygame.Surface.get_at(canvas, (width // 2, row))
        assert min(top[0], bottom[0]) <= r <= max(top[0], bottom[0]), (row, (r, g, b))
        assert min(top[2], bottom[2]) <= b <= max(top[2], bottom[2]), (row, (r, g, b))
