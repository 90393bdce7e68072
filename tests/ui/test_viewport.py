"""Any window, crisp: the logical 1280×720 frame letterboxed into any window size, drawn at the
window's resolution, the mouse mapped back to logical units."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.ui import fonts, gfx, theme
from game.ui.app import App
from game.ui.viewport import Viewport, window_size_for
from tests.ui.conftest import click, frames


@pytest.mark.parametrize(("window", "scale", "offset"), [
    ((1280, 720), 1.0, (0, 0)),
    ((1920, 1080), 1.5, (0, 0)),
    ((2560, 1440), 2.0, (0, 0)),
    ((3840, 2160), 3.0, (0, 0)),
    ((900, 700), 900 / 1280, (0, 97)),
    ((1200, 500), 500 / 720, (155, 0)),
])
def test_the_frame_fits_whole_and_centred(window: tuple[int, int], scale: float,
                                          offset: tuple[int, int]) -> None:
    view = Viewport.fit(window)
    assert view.scale == pytest.approx(scale)
    assert view.offset == offset
    assert view.frame[0] <= window[0] and view.frame[1] <= window[1]  # never cropped
    assert min(window[0] - view.frame[0], window[1] - view.frame[1]) <= 1  # and no smaller
    for logical in ((0, 0), (640, 360), (1279, 719), (100, 600)):
        back = view.to_logical(view.to_window(logical))
        # a pixel is a logical unit or more: exact; a small window: within a unit
        assert back == logical if view.scale >= 1 else \
            max(abs(back[0] - logical[0]), abs(back[1] - logical[1])) <= 1


def test_the_first_window_suits_the_desktop() -> None:
    assert window_size_for(None) == (1280, 720)
    assert window_size_for((1366, 768)) == (1280, 720)
    assert window_size_for((1024, 600)) == (1024, 576)
    big = window_size_for((3840, 2160))
    assert big[0] / big[1] == pytest.approx(16 / 9, abs=0.01) and big[0] > 2500


def test_text_is_drawn_at_the_window_resolution() -> None:
    pygame.font.init()
    gfx.set_scale(1.0)
    small = fonts.render("Mecha Corta", 22)
    gfx.set_scale(2.0)
    try:
        big = fonts.render("Mecha Corta", 22)
        assert isinstance(big, gfx.Canvas)
        assert abs(big.get_width() - small.get_width()) <= 2  # the same logical size…
        physical = pygame.Surface.get_size(big)
        assert physical[1] >= 2 * small.get_height() - 2  # …with twice the pixels
    finally:
        gfx.set_scale(1.0)


def test_a_canvas_draws_in_logical_units() -> None:
    canvas = gfx.Canvas((100, 50), pygame.SRCALPHA, scale=3.0)
    assert canvas.get_size() == (100, 50) and canvas.physical_size() == (300, 150)
    gfx.rect(canvas, (255, 0, 0, 255), (10, 10, 20, 20))
    assert pygame.Surface.get_at(canvas, (35, 35)) == (255, 0, 0, 255)
    assert pygame.Surface.get_at(canvas, (95, 35))[3] == 0
    frame = gfx.Canvas((200, 100), scale=3.0)
    frame.blit(canvas, (50, 0))
    assert pygame.Surface.get_at(frame, (150 + 35, 35))[:3] == (255, 0, 0)
    twin = canvas.copy()
    assert twin.get_size() == (100, 50)
    assert pygame.image.tobytes(twin, "RGBA") == pygame.image.tobytes(canvas, "RGBA")


@pytest.fixture
def wide(make_app: Callable[..., App]) -> App:
    return make_app("en", size=(1920, 1080), audio=False, persist=False)


def test_a_big_window_draws_a_big_frame_and_maps_the_mouse(wide: App) -> None:
    assert wide.viewport.scale == 1.5
    assert pygame.Surface.get_size(wide.canvas) == (1920, 1080)
    title = wide.stack.top
    assert title is not None
    frames(wide, 20)
    button = title.play_now.rect  # type: ignore[attr-defined]
    seen: list[tuple[int, int]] = []
    real = title.handle

    def spy(event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP:
            seen.append(event.pos)
        real(event)

    title.handle = spy  # type: ignore[method-assign]
    click(wide.viewport.to_window(button.center))  # where the button is on the real screen
    frames(wide, 1)
    assert seen == [button.center]


def test_a_resized_window_keeps_the_whole_frame(make_app: Callable[..., App]) -> None:
    app = make_app("en", audio=False, persist=False)
    pygame.display.set_mode((900, 700), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 700), w=900, h=700))
    frames(app, 2)
    assert app.viewport.window == (900, 700)
    assert app.viewport.frame == (900, 506)
    assert pygame.Surface.get_size(app.canvas) == (900, 506)
    # the bands continue the frame's edges, the frame is whole inside them
    screen = pygame.display.get_surface()
    assert screen.get_at((450, 10))[:3] == app.canvas.get_at((450, 0))[:3]
    assert screen.get_at((450, 690))[:3] == app.canvas.get_at((450, 505))[:3]


def test_a_card_clicked_where_it_is_in_a_letterboxed_window_is_the_card_read(
        make_app: Callable[..., App]) -> None:
    """A 900×700 window (bars above and below): a click at a card's place on the real
    screen selects that card, and the panel that reads it opens."""
    from game.core.config import GameConfig, SeatKind
    from game.match.flow import Pace
    from game.match.match import Match
    from game.ui.bombdeck.table import TableScene

    app = make_app("en", size=(900, 700), audio=False, persist=False, start=None)
    assert app.viewport.letterboxed and app.viewport.offset == (0, 97)
    match = Match(GameConfig("bombazo", (SeatKind.PERSON, SeatKind.ASTUTO)), 12)
    scene = TableScene(app, match, pace=Pace(0.05, 0.05, 0.3), deal=False)
    app.stack.push(scene)
    frames(app, 20)
    assert scene.flow.awaiting_person == 0
    index = len(scene.hand.cards) - 1  # the top card of the fan: nothing covers it
    target = scene.hand.rect_of(index)
    assert target is not None
    click(app.viewport.to_window(target.center))
    frames(app, 2)
    assert scene.hand.selected == [index]
    assert scene.panel is not None


def test_a_handhelds_16_10_window_continues_the_table_to_its_edges(
        make_app: Callable[..., App]) -> None:
    """1280×800 (a handheld): the 16:9 frame sits in the middle, and the 40 px above and below
    it continue the table's felt (its edge colours), not dark bands (issue 24)."""
    from game.core.config import GameConfig, SeatKind
    from game.match.match import Match
    from game.ui import launch

    app = make_app("en", audio=False, persist=False)
    pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800))
    frames(app, 2)
    launch.open_table(app, Match(GameConfig("mazo", (SeatKind.PERSON, SeatKind.ASTUTO)), 5))
    frames(app, 3)
    assert app.viewport.offset == (0, 40)
    screen = pygame.display.get_surface()
    frame = app.canvas
    top, bottom = frame.get_at((640, 0))[:3], frame.get_at((640, 719))[:3]
    assert top != theme.BG_DEEP and bottom != theme.BG_DEEP  # the felt, not the night
    for x in (5, 640, 1275):
        assert screen.get_at((x, 10))[:3] == top
        assert screen.get_at((x, 790))[:3] == bottom
