"""The hot-seat curtain: opaque, nothing of the table under it, confirmed by button or key."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.curtain import CurtainScene
from tests.ui.conftest import click, frames, key
from tests.ui.probes import Probe


def test_the_curtain_is_opaque_and_the_table_below_is_not_drawn(app: App) -> None:
    below = Probe(app)
    app.stack.reset(below)
    curtain = CurtainScene(app, 2, "Player 3")
    app.stack.push(curtain)
    drawn = below.draws
    frames(app, 5)
    assert curtain.opaque and below.draws == drawn
    assert app.stack.visible() == [curtain]


@pytest.mark.parametrize("k", [pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER])
def test_a_key_confirms(app: App, k: int) -> None:
    below = Probe(app)
    app.stack.reset(below)
    app.stack.push(CurtainScene(app, 1, "Player 2"))
    frames(app, 20)
    key(k)
    frames(app)
    assert below.results == [True]


def test_the_big_button_confirms_and_says_whose_turn_it_is(app: App) -> None:
    below = Probe(app)
    app.stack.reset(below)
    curtain = CurtainScene(app, 1, "Player 2", "Player 2 must choose a card to give.")
    app.stack.push(curtain)
    frames(app, 20)
    assert curtain.headline() == "Player 2, it's your turn"
    click(curtain.show.rect.center)
    frames(app)
    assert below.results == [True]


def test_escape_pauses_without_lifting_the_curtain(app: App) -> None:
    from game.ui.scenes.pause import PauseScene

    below = Probe(app)
    app.stack.reset(below)
    curtain = CurtainScene(app, 0, "Player 1")
    app.stack.push(curtain)
    frames(app, 20)
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.stack.top, PauseScene)
    assert below.results == [] and curtain in app.stack
