"""What a crown means, without a mouse (issue 20's review: the crown's explanation came only
on hover): I (a controller's Back) points at each crown on the table in turn and its
explanation shows as it does under the pointer."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.ui import theme
from game.ui.app import App
from game.ui.diebombe import paint
from game.ui.diebombe.table import DieTableScene
from tests.ui.conftest import key, post
from tests.ui.probes import drawn_texts

P, LAN = SeatKind.PERSON, SeatKind.LANZADO


def _texts(scene: DieTableScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return drawn_texts(monkeypatch, paint,
                       lambda: scene.draw(pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))))


def _crowned(app: App) -> DieTableScene:
    """A table where someone's pile wears a crown (a few rounds played by machines)."""
    match = Match(GameConfig("diebombe", (P, LAN, LAN)), 874)
    for _ in range(400):
        if any(any(cards) for cards in match.view_for(0).won) and match.moves > 12:
            break
        match.step(SeatKind.LANZADO)
    scene = DieTableScene(app, match)
    app.stack.push(scene)
    for _ in range(300):
        app.step(1 / 10)
        if scene.crowns and not scene.timeline.busy:
            return scene
    raise AssertionError("no crown on the table")


def test_i_explains_each_crown_in_turn(make_app: Callable[..., App],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app("en")
    scene = _crowned(app)
    openings = {" ".join(scene.namer.t(f"diebombe.crown_tip.{color}").split()[:3])
                for _area, color in scene.crowns}
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 30)
    words = " ".join(_texts(scene, monkeypatch))
    assert not any(opening in words for opening in openings)  # nothing said before I
    seen = set()
    for _ in range(len(scene.crowns)):
        key(pygame.K_i)
        app.step(1 / 30)
        area, color = next((a, c) for a, c in scene.crowns
                           if a.collidepoint(scene.pointer or (-1, -1)))
        words = " ".join(_texts(scene, monkeypatch))
        first_words = " ".join(scene.namer.t(f"diebombe.crown_tip.{color}").split()[:3])
        assert first_words in words
        seen.add(area.center)
    assert len(seen) == len({a.center for a, _ in scene.crowns})


def test_a_controllers_back_button_is_the_i_key(make_app: Callable[..., App]) -> None:
    app = make_app("en")
    scene = _crowned(app)
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN,
                            button=pygame.CONTROLLER_BUTTON_BACK, instance_id=4),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP,
                            button=pygame.CONTROLLER_BUTTON_BACK, instance_id=4))
    app.step(1 / 30)
    assert scene.pointer in [area.center for area, _ in scene.crowns]
