"""The table's frame drawn fast draws the same pixels (issue 20: 1080p under 8 ms): its still
parts kept in a layer between frames, the layer copied only where something was drawn over it,
the frame drawn straight onto the window, shadows and translucent boxes kept once for every
alpha. Every pixel is compared with the frame drawn part by part, as before."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.ui import gfx, launch, theme
from game.ui.app import App
from game.ui.bombdeck import paint
from game.ui.draw import Layer, Part, round_rect, soft_shadow
from game.ui.settings import Settings

MACHINES = GameConfig.machines("bombazo", 8, SeatKind.ASTUTO)
"""The benchmark's table: eight machines playing fast, cards flying, windows counting down."""


@pytest.fixture
def fresh_layer() -> Iterator[None]:
    paint._LAYER.clear()
    yield
    paint._LAYER.clear()
    paint.LAYERED = True


def _film(tmp_path: Path, size: tuple[int, int], frames: int, layered: bool
          ) -> tuple[list[str], dict[str, int]]:
    """The window after every frame of a machine table (a digest of its pixels), and what
    the layer did."""
    paint.LAYERED = layered
    paint._LAYER.clear()
    settings = Settings(language="en", machine_speed="fast", reaction_seconds=1)
    app = launch.wire(App(settings, settings_dir=tmp_path, lang="en", audio=False, size=size,
                          persist=False))
    try:
        app.shake.rng = random.Random(0)  # the same shakes both times
        launch.open_table(app, Match(MACHINES, 1))
        shots = []
        for _ in range(frames):
            app.step(1 / 60, [])
            shots.append(hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).hexdigest())
        return shots, dict(paint._LAYER.stats)
    finally:
        app.close()


@pytest.mark.parametrize(("size", "frames"), [
    ((1280, 720), 400),
    pytest.param((1920, 1080), 240, marks=pytest.mark.slow),  # 12 s: CI runs it
])
def test_every_frame_of_a_table_is_the_frame_drawn_part_by_part(
        tmp_path: Path, fresh_layer: None, size: tuple[int, int], frames: int) -> None:
    """The deal, then plays, draws, reaction windows, moments: the same pixels, frame after
    frame, as the table drawn part by part onto the canvas copied into the window."""
    fast, stats = _film(tmp_path, size, frames, layered=True)
    slow, _ = _film(tmp_path, size, frames, layered=False)
    differ = [n for n, (a, b) in enumerate(zip(fast, slow, strict=True)) if a != b]
    assert not differ, f"frames {differ[:8]} differ"
    # the layer was used: kept parts drawn again alone, copied only where needed
    assert stats["parts"] > 20 and stats["patched"] > frames // 2, stats


def _canvas(size: tuple[int, int] = (200, 120)) -> gfx.Canvas:
    canvas = gfx.Canvas(size, 0, 1.0)
    canvas.fill((30, 60, 50))
    return canvas


def _base(size: tuple[int, int] = (200, 120)) -> gfx.Canvas:
    base = gfx.Canvas(size, 0, 1.0)
    for y in range(size[1]):
        gfx.line(base, (y % 256, 90, 200 - y % 200), (0, y), (size[0], y))
    return base


def _box(name: str, rect: tuple[int, int, int, int], color: theme.Color, calls: list[str],
         alpha: int = 180) -> Callable[[pygame.Surface], None]:
    def draw(surface: pygame.Surface) -> None:
        calls.append(name)
        round_rect(surface, pygame.Rect(rect), color, 8, alpha)
    return draw


def _in_order(base: gfx.Canvas, parts: list[Part]) -> bytes:
    out = _canvas()
    out.blit(base, (0, 0))
    for part in parts:
        part.draw(out)
    return pygame.image.tobytes(out, "RGB")


def test_a_kept_part_is_drawn_again_when_its_key_changes_and_only_then() -> None:
    base, frame, layer = _base(), _canvas(), Layer()
    calls: list[str] = []

    def parts(left: int, glow: int) -> list[Part]:
        return [Part("a", ("a", left), _box("a", (left, 10, 60, 40), (200, 40, 40), calls)),
                Part("b", ("b",), _box("b", (120, 60, 60, 40), (40, 200, 40), calls)),
                Part("glow", None, _box("glow", (10, 70, 40, 30), (250, 200, 0), calls, glow))]

    for left, glow, drawn in [(10, 100, ["a", "b", "glow"]), (10, 140, ["glow"]),
                              (30, 60, ["a", "glow"]), (30, 60, ["glow"])]:
        calls.clear()
        layer.paint(frame, base, parts(left, glow))
        assert calls == drawn
        calls.clear()
        assert pygame.image.tobytes(frame, "RGB") == _in_order(base, parts(left, glow))
    assert layer.stats["whole"] == 0 and layer.stats["refused"] == 0


def test_a_moving_part_under_a_later_still_part_is_drawn_in_order() -> None:
    """A glow drawn before a still part it reaches could not go over the kept layer: that
    frame is drawn part by part."""
    base, frame, layer = _base(), _canvas(), Layer()
    calls: list[str] = []
    parts = [Part("glow", None, _box("glow", (20, 20, 80, 60), (250, 200, 0), calls, 120)),
             Part("a", ("a",), _box("a", (60, 40, 80, 60), (40, 40, 200), calls))]
    layer.paint(frame, base, parts)
    assert layer.stats["refused"] == 1
    assert pygame.image.tobytes(frame, "RGB") == _in_order(base, parts)


def test_still_parts_over_each_other_are_drawn_again_in_order() -> None:
    base, frame, layer = _base(), _canvas(), Layer()
    calls: list[str] = []
    for shade in (40, 90):
        parts = [Part("a", ("a", shade), _box("a", (20, 20, 80, 60), (shade, 40, 200), calls)),
                 Part("b", ("b",), _box("b", (60, 40, 80, 60), (200, 200, 40), calls))]
        layer.paint(frame, base, parts)
        assert pygame.image.tobytes(frame, "RGB") == _in_order(base, parts)
    assert layer.stats["whole"] == 2


def test_what_is_drawn_over_the_frame_afterwards_is_put_right_next_frame() -> None:
    """The layer is copied only where something was drawn since; pixels written behind its
    back (``touched`` no longer its trail) get the whole layer again."""
    base, frame, layer = _base(), _canvas(), Layer()
    calls: list[str] = []
    parts = [Part("a", ("a",), _box("a", (20, 20, 60, 40), (200, 40, 40), calls))]
    layer.paint(frame, base, parts)
    frame.fill((255, 255, 255), pygame.Rect(100, 50, 40, 40))  # a flight, a menu: noted
    layer.paint(frame, base, parts)
    assert layer.stats["patched"] == 1
    assert pygame.image.tobytes(frame, "RGB") == _in_order(base, parts)
    pygame.Surface.fill(frame, (255, 255, 255))  # not through the canvas: nothing noted
    frame.touched = None
    layer.paint(frame, base, parts)
    assert layer.stats["copied"] == 2
    assert pygame.image.tobytes(frame, "RGB") == _in_order(base, parts)


def test_swapping_a_drawing_function_draws_the_kept_parts_again(
        make_app: Callable[..., App], fresh_layer: None, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    """Tests listen to what the table draws by swapping its functions: every badge is heard,
    not only those that move."""
    app = make_app("en", settings={"machine_speed": "fast"}, audio=False, persist=False,
                   start=None, wire=True)
    launch.open_table(app, Match(GameConfig.machines("bombazo", 4, SeatKind.ASTUTO), 3))
    for _ in range(30):
        app.step(1 / 60, [])
    seen: list[str] = []
    real = paint.draw_badge

    def record(surface: pygame.Surface, rect: pygame.Rect, info: Any, *args: Any,
               **kwargs: Any) -> None:
        seen.append(info.name)
        real(surface, rect, info, *args, **kwargs)

    monkeypatch.setattr(paint, "draw_badge", record)
    app.step(1 / 60, [])
    assert len(set(seen)) == 4


@pytest.mark.parametrize("color", [(200, 120, 30), (0, 0, 0), (17, 99, 201)])
def test_a_translucent_box_is_the_box_drawn_at_its_alpha(color: theme.Color) -> None:
    """One box kept for every alpha, faded as it is blitted: the same pixels as a box drawn
    at that alpha, over a frame and over a translucent picture."""
    random.seed(4)
    for flags in (0, pygame.SRCALPHA):
        under = gfx.Canvas((40, 30), flags, 1.0)
        for y in range(30):
            for x in range(40):
                under.set_at((x, y), [random.randrange(256) for _ in range(4)])
        for alpha in (1, 37, 90, 128, 200, 254):
            old = under.copy()
            box = gfx.Canvas((30, 20), pygame.SRCALPHA, 1.0)
            gfx.rect(box, (*color, alpha), box.get_rect(), border_radius=8)
            old.blit(box, (5, 5))
            new = under.copy()
            round_rect(new, pygame.Rect(5, 5, 30, 20), color, 8, alpha)
            assert pygame.image.tobytes(new, "RGBA") == pygame.image.tobytes(old, "RGBA")


def test_at_one_pixel_a_unit_a_shadow_is_the_gaussian_one() -> None:
    gfx.set_scale(1.0)
    shadow = soft_shadow((110, 154), 10, 9, 104)
    base = gfx.Canvas((112 + 18, 156 + 18), pygame.SRCALPHA)
    gfx.rect(base, (0, 0, 0, 104), pygame.Rect(9, 9, 112, 156), border_radius=10)
    assert pygame.image.tobytes(shadow, "RGBA") == \
        pygame.image.tobytes(gfx.gaussian_blur(base, 4), "RGBA")


def test_the_frame_is_drawn_straight_onto_a_window_it_fills(
        make_app: Callable[..., App]) -> None:
    app = make_app("en", audio=False, persist=False, size=(1920, 1080))
    app.step(1 / 60, [])
    assert app.canvas is app.screen  # no frame canvas copied into it
    # shaking: onto the frame canvas, put in the window off its place, bare window around it
    app.shake.start(14.0, 0.45)
    app.step(1 / 60, [])
    while app.shake.offset == (0, 0):
        app.step(1 / 60, [])
    assert isinstance(app.canvas, gfx.Canvas)
    x, y = (round(v * app.viewport.scale) for v in app.shake.offset)
    want = pygame.Surface(app.screen.get_size())
    want.fill(theme.BG_DEEP)
    want.blit(app.canvas, (x, y))
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(want, "RGB")
    for _ in range(60):
        app.step(1 / 60, [])
    assert app.canvas is app.screen


def test_a_letterboxed_frame_is_drawn_onto_the_frame_canvas(
        make_app: Callable[..., App]) -> None:
    app = make_app("en", audio=False, persist=False, size=(1000, 700))
    app.step(1 / 60, [])
    assert app.viewport.letterboxed and isinstance(app.canvas, gfx.Canvas)
    frame = pygame.Rect(app.viewport.offset, app.viewport.frame)
    # the band above continues the frame's top edge (issue 24: no dark bars)
    assert app.screen.get_at((0, 0))[:3] == app.canvas.get_at((500, 0))[:3]
    assert pygame.image.tobytes(app.screen.subsurface(frame), "RGB") == \
        pygame.image.tobytes(app.canvas, "RGB")
