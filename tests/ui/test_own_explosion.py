"""Your own explosion is the biggest moment of your game (issue 20): your hand fades away,
your badge darkens, the screen shakes harder than for anyone else (with reduced motion a still
version: the edges burn dark red, nothing moves) and the band says what comes next. Driven by
a real Space press; what is drawn is read from the frame."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.config import GameConfig, SeatKind
from game.ui import gfx
from game.ui.app import App
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.table import TableScene
from tests.ui.conftest import key
from tests.ui.test_table_moments import DT, _before, _explodes, _table

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


def _frame(scene: TableScene) -> pygame.Surface:
    surface = gfx.Canvas((1280, 720))
    scene.draw(surface)
    return surface


def _card_pixels(surface: pygame.Surface) -> int:
    """Bright pixels along the hand's strip (cards are light; the felt is dark green)."""
    n = 0
    for x in range(L.HAND.left + 4, L.HAND.right - 4, 6):
        for y in range(L.HAND.top + 30, L.HAND.bottom - 10, 6):
            r, g, b = surface.get_at((x, y))[:3]
            n += r + g + b > 420
    return n


def _explode(app: App) -> TableScene:
    match = _before(GameConfig("bombazo", (P, AST, AST)), _explodes)
    scene = _table(app, match)
    key(pygame.K_SPACE)
    app.step(DT)
    assert scene.flow.person_out()
    return scene


def _into_the_boom(app: App, scene: TableScene, seconds: float) -> None:
    for _ in range(400):
        app.step(DT)
        if scene.moment is not None and scene.moment.kind == "boom":
            break
    for _ in range(round(seconds / DT)):
        app.step(DT)


def test_your_hand_fades_away_the_shake_is_big_and_the_band_says_what_next(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    scene = _explode(app)
    before = _card_pixels(_frame(scene))
    assert before > 50  # the hand is there when the bomb comes up
    _into_the_boom(app, scene, 0.1)
    assert app.shake.strength >= 30  # harder than another seat's blast (26)
    _into_the_boom(app, scene, 1.2)
    moment = scene.moment
    assert moment is not None and moment.kind == "boom" and moment.mine
    assert moment.then.startswith("You are out. The others play on")
    assert _card_pixels(_frame(scene)) < before // 10  # the hand has faded away
    assert scene.dark[scene.home].x > 0.9  # your badge is dark


def test_with_reduced_motion_it_is_still_and_the_edges_burn(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en", reduced_motion=True)
    scene = _explode(app)
    _into_the_boom(app, scene, 1.3)
    assert not app.shake.active and app.shake.offset == (0, 0)
    frame = _frame(scene)
    r, g, b = frame.get_at((4, 500))[:3]
    assert r > g + 40 and r > b + 40  # the left edge burns red
    assert _card_pixels(frame) < 10  # the hand fades out even without movement



def test_the_table_as_it_is_comes_right_after_the_band(silent_app: Callable[..., App]) -> None:
    """No silent beat after your own band: within a few frames of it the table shows you out
    (the review of issue 20 saw the hand gone, the badge still counting cards, the log silent
    for most of a second)."""
    from game.ui.bombdeck.moments import BOOM_TIME

    app = silent_app("en")
    scene = _explode(app)
    _into_the_boom(app, scene, 0.0)
    for _ in range(round((BOOM_TIME + 0.25) / DT)):
        app.step(DT)
    assert scene.home in scene.shown.out  # the view on screen: you are out
