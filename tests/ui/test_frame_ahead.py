"""The table's slow frames at 1080p made cheaper without changing what is drawn (issue 20):
a flying card's shadow cut from a small blurred one, card faces drawn ahead in quiet frames,
the log's lines kept between frames until an entry or the language changes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.rules.bombdeck.cards import RULESETS
from game.ui import cards, draw, gfx, launch
from game.ui.app import App
from game.ui.bombdeck import face, paint
from game.ui.bombdeck.log import log_lines
from game.ui.cache import CACHES
from game.ui.settings import Settings

MACHINES = GameConfig.machines("bombazo", 8, SeatKind.ASTUTO)


@pytest.fixture
def scale_back() -> Iterator[None]:
    before = gfx.scale()
    yield
    gfx.set_scale(before)


def _alpha(surface: pygame.Surface) -> Any:
    """The alpha of every pixel (read as bytes: a canvas answers its size in logical
    units)."""
    import numpy

    return numpy.frombuffer(pygame.image.tobytes(surface, "RGBA"), numpy.uint8)[3::4].astype(int)


@pytest.mark.parametrize("size", [(124, 172), (176, 248), (200, 256), (340, 400)])
def test_a_flying_shadow_cut_from_a_small_one_is_the_shadow_blurred_at_its_size(
        scale_back: None, size: tuple[int, int]) -> None:
    """At 1080p: the same size, within a few levels of 255 anywhere (the corners copied, the
    edges stretched, the middle filled); the frame fades it further as it blits it."""
    gfx.set_scale(1.5)
    for radius in (10, 14, 23):
        for blur in (9, 12, 15):
            whole = draw._boxed(size, radius, blur, 1.5)
            cut = draw._sliced(size, radius, blur, 1.5)
            assert cut.physical_size() == whole.physical_size()
            worst = int(abs(_alpha(cut) - _alpha(whole)).max())
            assert worst <= 10, (size, radius, blur, worst)


def test_shadows_at_one_pixel_a_unit_are_blurred_as_ever(scale_back: None) -> None:
    """At 1280×720 a flying card's shadow is the gaussian it always was."""
    gfx.set_scale(1.0)
    draw._FLYING.clear()
    with draw.in_flight():
        shadow = draw.soft_shadow((176, 248), 14, 12, 120)
    ever = draw._blurred((176, 248), 14, 12, 120)
    assert pygame.image.tobytes(shadow, "RGBA") == pygame.image.tobytes(ever, "RGBA")


def _table(tmp_path: Path, size: tuple[int, int]) -> tuple[App, Any]:
    settings = Settings(language="en", machine_speed="fast", reaction_seconds=1)
    app = launch.wire(App(settings, settings_dir=tmp_path, lang="en", audio=False, size=size,
                          persist=False))
    launch.open_table(app, Match(MACHINES, 1))
    return app, app.stack.top


def test_the_faces_drawn_ahead_are_the_faces_drawn_when_needed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the table has had its quiet frames, every card of the rule set at rest and the
    nope flown big are found drawn (nothing is drawn when they are asked for), and they are
    the very pixels drawn on demand."""
    for cache in CACHES:
        cache.clear()
    app, scene = _table(tmp_path, (1920, 1080))
    try:
        for _ in range(240):
            app.step(1 / 60, [])
        wanted = [(card, False) for card in sorted(RULESETS["bombazo"].cards)]
        wanted.append(("nope", True))

        def face_of(card: str, big: bool) -> pygame.Surface:
            return paint.face_of(scene, card, big=big, effect=big)

        drawn: list[object] = []
        real_store = cards._store

        def store(key: tuple[object, ...], surf: pygame.Surface) -> pygame.Surface:
            drawn.append(key)
            return real_store(key, surf)

        monkeypatch.setattr(cards, "_store", store)
        ahead = {want: pygame.image.tobytes(face_of(*want), "RGBA") for want in wanted}
        assert drawn == [], f"drawn when asked for, not ahead: {drawn}"
        cards.clear_cache()
        face._FACES.clear()
        for want, pixels in ahead.items():
            assert pygame.image.tobytes(face_of(*want), "RGBA") == pixels, want
    finally:
        app.close()


def test_the_logs_lines_are_those_of_its_entries_in_the_language_shown(
        tmp_path: Path) -> None:
    """Kept between frames, the log's lines are on every frame the lines its entries give
    now; a new language gives them in its words at once."""
    app, scene = _table(tmp_path, (1280, 720))

    def now() -> tuple[str, ...]:
        viewer = scene.home if scene.private_ok else None
        start = max(0, scene._logged - 24)
        items = scene.match.feed_for(viewer, start)[: max(0, scene._logged - start)]
        return tuple(text for text, _ev in log_lines(scene.namer, items, viewer))

    try:
        seen = set()
        for _ in range(400):
            app.step(1 / 60, [])
            lines = paint._log(scene).key[1]  # type: ignore[index]
            assert lines == now()
            seen.add(lines)
        assert len(seen) > 3  # entries came in
        english = paint._log(scene).key[1]  # type: ignore[index]
        app.set_language("es")
        spanish = paint._log(scene).key[1]  # type: ignore[index]
        assert spanish == now() and spanish != english
    finally:
        app.close()


def test_a_turned_card_adopted_in_one_pass_is_the_copy_it_was(scale_back: None) -> None:
    """A turned card's pixels made a canvas in one pass are the pixels the blank-then-copy
    gave, for a card turned as it flies and for surfaces faded or with their alpha off."""
    gfx.set_scale(1.5)
    face = cards.draw_card("nope", "Nope", "No.", cards.card_size(1.6))
    assert isinstance(face, gfx.Canvas)
    turned = [pygame.transform.rotozoom(face.pixels(), angle, 0.9) for angle in (3.0, -12.5)]
    plain = pygame.Surface((50, 40), pygame.SRCALPHA)
    plain.fill((200, 100, 50, 180))
    plain.fill((10, 20, 30, 60), (5, 5, 10, 10))
    for alpha in (None, 100):
        twin = plain.copy()
        twin.set_alpha(alpha)
        turned.append(twin)
    for source in turned:
        size = source.get_size()
        before = pygame.Surface(size, pygame.SRCALPHA)
        before.fill((0, 0, 0, 0))
        before.blit(source, (0, 0), None, pygame.BLEND_RGBA_MAX)
        adopted = gfx.Canvas.adopt(source, 1.5)
        assert adopted.physical_size() == size
        assert pygame.image.tobytes(adopted, "RGBA") == pygame.image.tobytes(before, "RGBA")
