"""Yellow and red wires told apart without colour (issue 24: "Caza Bombas' yellow and red chips
look alike under deuteranopia"): after each simulated deficiency (build/colourblind.py, the same
simulation as Die Bombe's red and green) a yellow and a red tile still differ in their marks —
yellow's hatch, red's zigzag bands — with the same letter on both, so the letter cannot carry
it. The control: the red tile drawn in yellow's colours moves almost no edge (the measure does
not see colour), so the difference is the marks'.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui.cache import CACHES
from game.ui.cazabombas import art
from tests.ui.test_diebombe_colourblind import CB, DIFFERENT, SAME, edge_difference, pixels

YELLOW_KEY, RED_KEY = 21, 55
"""A yellow wire (2.1) and a red one (5.5)."""
SIZES = [(40, 60), (56, 70), (76, 112)]
"""A teammate's rack, your own rack at 1280×720, and the lesson's big tiles."""


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    for cache in CACHES:
        cache.clear()
    yield
    for cache in CACHES:
        cache.clear()
    pygame.display.quit()


def _tile(key: int, size: tuple[int, int], cut: bool = False) -> pygame.Surface:
    # the same letter on both: only the body and its marks can tell them apart (the sort
    # value under the letter of a big tile differs too: the smallest sizes have none)
    return art.tile_face(key, size, ("X", "X"), cut=cut)


@pytest.mark.parametrize("deficiency", sorted(CB.DEFICIENCIES))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_yellow_and_red_wires_differ_in_marks_after_the_simulation(
        deficiency: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    cut = False  # a cut tile lies dimmed: its letter says it (the next test)
    matrix = CB.DEFICIENCIES[deficiency]
    red, w, h = pixels(_tile(RED_KEY, size, cut))
    yellow, _, _ = pixels(_tile(YELLOW_KEY, size, cut))
    monkeypatch.setattr(art, "RED_BODY", art.YELLOW_BODY)
    monkeypatch.setattr(art, "RED_INK", art.YELLOW_INK)
    for cache in CACHES:
        cache.clear()
    twin, _, _ = pixels(_tile(RED_KEY, size, cut))  # red's marks in yellow's colours
    seen_red, seen_yellow, seen_twin = (CB.simulate(p, matrix) for p in (red, yellow, twin))
    assert edge_difference(seen_red, seen_twin, w, h) < SAME, "the measure sees colour"
    assert edge_difference(seen_red, seen_yellow, w, h) > DIFFERENT, \
        f"a yellow and a red wire look alike with {deficiency} ({size}, cut={cut})"


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_yellow_and_red_carry_different_letters_in_every_language(lang: str) -> None:
    """A cut tile, a chip and the board's rows name yellow and red by letter too."""
    from game.i18n import load

    loc = load(lang)
    yellow, red = loc.t("cazabombas.letter.yellow"), loc.t("cazabombas.letter.red")
    assert yellow and red and yellow != red
    assert not loc.missing
