"""Red and green told apart without colour: after a protanopia or deuteranopia simulation
(build/colourblind.py, Machado et al. 2009) the red and the green cards, piles and chips
still differ in their shapes and patterns.

The measure is where the edges are (a jump in lightness between neighbouring pixels): a
change of colour alone moves no edge, a diamond instead of a disc or stripes instead of dots
move many. Each check has its control: the same card drawn in the other colour's palette
(colour alone) must not pass.
"""

from __future__ import annotations

import colorsys
import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.rules.diebombe import cards as C
from game.ui import gfx
from game.ui.diebombe import marks as M
from game.ui.diebombe.layout import TableLayout

ROOT = Path(__file__).resolve().parents[2]
DIFFERENT = 0.05
"""At least this share of the edges must differ between a red and a green card."""
SAME = 0.02
"""A card and its recoloured twin differ in fewer edges than this."""


def _colourblind() -> ModuleType:
    spec = importlib.util.spec_from_file_location("colourblind", ROOT / "build" /
                                                  "colourblind.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CB = _colourblind()


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    M._CACHE.clear()
    yield
    M._CACHE.clear()
    pygame.display.quit()  # as the other tests expect to find it


def pixels(surface: pygame.Surface) -> tuple[bytes, int, int]:
    """The surface over the table's dark felt, as RGB bytes."""
    w, h = surface.get_size()
    base = gfx.Canvas((w, h))
    base.fill((20, 30, 44))
    base.blit(surface, (0, 0))
    return pygame.image.tobytes(base, "RGB"), w, h


def edges(data: bytes, w: int, h: int, step: float = 10.0) -> list[bool]:
    lum = [0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]
           for i in range(0, len(data), 3)]
    return [abs(lum[i + 1] - lum[i]) + abs(lum[i + w] - lum[i]) > step
            for y in range(h - 1) for i in range(y * w, y * w + w - 1)]


def edge_difference(a: bytes, b: bytes, w: int, h: int) -> float:
    """The share of edge pixels (in either image) that are an edge in only one of them."""
    ea, eb = edges(a, w, h), edges(b, w, h)
    either = sum(x or y for x, y in zip(ea, eb, strict=True))
    return sum(x != y for x, y in zip(ea, eb, strict=True)) / max(1, either)


DRAWINGS: dict[str, Callable[[str], pygame.Surface]] = {
    "face": lambda card: M.draw_face(card, "X", "X"),
    "chip": lambda card: M.draw_chip(card, "X"),
    "pile": lambda card: M.draw_row_label(C.color_of(card) or C.RED, "X", "17", (52, 50)),
    "mini": lambda card: M.draw_mini(card, "X"),
}
"""Every way a value card is drawn, with the same letter and value on both colours (so only
the marks can tell them apart)."""


def _recoloured(draw: Callable[[str], pygame.Surface], monkeypatch: pytest.MonkeyPatch
                ) -> pygame.Surface:
    """The red 17 drawn with the green palette: red's marks, green's colours."""
    real = M.colors
    monkeypatch.setattr(M, "colors", lambda color: real(C.GREEN if color == C.RED else color))
    M._CACHE.clear()
    try:
        return draw("R17")
    finally:
        monkeypatch.setattr(M, "colors", real)
        M._CACHE.clear()


@pytest.mark.parametrize("deficiency", sorted(CB.DEFICIENCIES))
@pytest.mark.parametrize("kind", sorted(DRAWINGS))
def test_red_and_green_cards_differ_in_marks_after_the_simulation(
        kind: str, deficiency: str, monkeypatch: pytest.MonkeyPatch) -> None:
    draw = DRAWINGS[kind]
    matrix = CB.DEFICIENCIES[deficiency]
    red, w, h = pixels(draw("R17"))
    green, w2, h2 = pixels(draw("G17"))
    assert (w, h) == (w2, h2)
    twin, _, _ = pixels(_recoloured(draw, monkeypatch))
    seen_red, seen_green, seen_twin = (CB.simulate(p, matrix) for p in (red, green, twin))
    assert red != green and seen_red != seen_green
    assert edge_difference(seen_red, seen_twin, w, h) < SAME, "the measure sees colour"
    assert edge_difference(seen_red, seen_green, w, h) > DIFFERENT, \
        f"a red and a green {kind} look alike with {deficiency}"


def _hue(rgb: tuple[int, int, int]) -> float:
    return colorsys.rgb_to_hsv(*(v / 255 for v in rgb))[0] * 360


def _hue_gap(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    gap = abs(_hue(a) - _hue(b)) % 360
    return min(gap, 360 - gap)


def test_the_simulation_leaves_red_and_green_one_hue() -> None:
    """Why the marks matter: the two bodies, far apart in hue, come out as one olive hue
    (only lighter or darker); a grey stays grey."""
    assert _hue_gap(M.RED, M.GREEN) > 100
    for matrix in CB.DEFICIENCIES.values():
        red = CB.simulate_color(M.RED, matrix)
        green = CB.simulate_color(M.GREEN, matrix)
        assert _hue_gap(red, green) < 15, (red, green)
        grey = CB.simulate_color((128, 128, 128), matrix)
        assert all(abs(v - 128) <= 2 for v in grey)


def _crop(shot: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(shot.subsurface(rect), "RGB")


def test_on_a_table_screenshot_the_piles_keep_their_marks(tmp_path: Path) -> None:
    from game.core.config import GameConfig, SeatKind
    from game.rules.codes import encode
    from game.ui.screenshot import render_scene_to_png

    pygame.display.quit()
    code = encode(GameConfig("diebombe", (SeatKind.PERSON,) + (SeatKind.ASTUTO,) * 3), 4004)
    out = render_scene_to_png("take", tmp_path / "take.png", "en", settle=0.1, code=code)
    pygame.display.init()
    shot = pygame.image.load(str(out))
    layout = TableLayout(4)
    seen = {}
    for name, matrix in CB.DEFICIENCIES.items():
        data = CB.simulate(pygame.image.tobytes(shot, "RGB"), matrix)
        seen[name] = pygame.image.frombytes(data, shot.get_size(), "RGB")
    for name, image in seen.items():
        # the mark at the head of each pile (left of its letter), for every seat
        marks = []
        for seat in range(4):
            for index in (0, 1):
                label = layout.label_rect(seat, index)
                marks.append((index, _crop(image, pygame.Rect(label.left + 3, label.top + 3,
                                                              20, 22))))
        reds = [m for i, m in marks if i == 0]
        greens = [m for i, m in marks if i == 1]
        assert all(m == reds[0] for m in reds) and all(m == greens[0] for m in greens)
        assert edge_difference(reds[0], greens[0], 20, 22) > 0.3, \
            f"the red and the green piles' marks look alike with {name}"
