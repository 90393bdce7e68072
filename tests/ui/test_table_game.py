"""A whole game against three machines, played to the results only by posting pygame events:
each turn the person plays the first card that glows (answering the choosers it opens) or
draws with Space; the picker and the give chooser are answered with Enter."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.ui.app import App
from game.ui.bombdeck.choosers import CardChooser, NameCardChooser, SeatChooser
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import click, key
from tests.ui.test_table import Recording, open_table, visible_point

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
PACE = Pace(machine_delay=0.05, machine_window_delay=0.05, window_seconds=0.3)
DT = 0.1


def _act(app: App, turn: int) -> bool:
    """Post the person's next input, if the screen waits for one; ``True`` if it did."""
    top = app.stack.top
    if top is None or top.busy or app._guard > 0:
        return False
    if isinstance(top, HideBombScene | CardChooser):
        key(pygame.K_RETURN)
        return True
    if isinstance(top, SeatChooser):
        click(next(iter(top.buttons.values())).rect.center)
        return True
    if isinstance(top, NameCardChooser):
        click(top.card_rect(0).center)
        return True
    from game.ui.bombdeck.table import TableScene

    if not isinstance(top, TableScene):
        return False
    if top.held_end:  # the final table waits for the person: on to the results
        key(pygame.K_SPACE)
        return True
    if top.flow.awaiting_person is None or top.match.pending().phase != "play":
        return False
    if top.panel is not None:
        key(pygame.K_RETURN)  # read it already: play it (or put it back when it cannot)
        if not top.panel.buttons:
            key(pygame.K_SPACE)
        return True
    glowing = sorted(top.hand.glowing)
    if glowing and turn % 2 == 0:
        click(visible_point(top, glowing[0]))
    else:
        key(pygame.K_SPACE)
    return True


@pytest.mark.parametrize("game", ["bombazo", "clasico", "mazo"])
def test_a_full_game_against_three_machines_by_events(silent_app: Callable[..., App],
                                                      game: str) -> None:
    app = silent_app("en", machine_speed="fast")
    match = Recording(GameConfig(game, (P, AST, AST, AST)), 21)
    sounds: list[str] = []
    play = app.sound.play
    app.sound.play = lambda name, volume=1.0: bool(sounds.append(name)) or play(name, volume)  # type: ignore[method-assign]
    open_table(app, match, PACE, deal=True)
    turn = 0
    for _ in range(20_000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if _act(app, turn):
            turn += 1
        app.step(DT, draw=turn % 5 == 0)
    assert isinstance(app.stack.top, ResultsScene), f"stuck on {app.stack.top!r}"
    assert match.is_over()
    verbs = {action.verb for _seat, action in match.submitted}
    assert "draw" in verbs and verbs & {"play", "pair", "trio"}
    assert {"draw", "play", "explosion", "win", "tick"} <= set(sounds)


def test_once_out_the_person_may_fast_forward_and_skip_to_the_results(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    for seed in range(30, 60):
        match = Recording(GameConfig("bombazo", (P, AST, AST, AST, AST)), seed)
        scene = open_table(app, match, Pace(0.3, 0.3, 0.3))
        for _ in range(20_000):
            if scene.flow.person_out() or match.is_over():
                break
            top = app.stack.top
            if isinstance(top, HideBombScene | CardChooser):
                top.finish(0 if isinstance(top, HideBombScene) else top.choices[0][0])
            elif top is scene and not scene.busy and scene.flow.awaiting_person is not None:
                scene.draw_card()
            app.step(DT, [], draw=False)
        if scene.flow.person_out():
            break
        app.stack.reset()
    assert scene.flow.person_out(), "no seed where the person explodes early"
    for _ in range(200):  # the explosion plays out, and the press that may cut it settles
        if not (scene.timeline.busy or scene.settling):
            break
        app.step(DT, [])
    assert scene.ff_button.visible and scene.skip_button.visible
    assert not scene.draw_button.visible
    click(scene.ff_button.rect.center)
    app.step(DT)
    assert scene.flow.pace.machine_delay == 0.0 and scene.fast
    assert scene._ff_text() == "Normal speed"
    for _ in range(40):
        if not scene.busy:
            break
        app.step(DT, [])
    click(scene.skip_button.rect.center)
    for _ in range(400):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.step(DT)
    assert isinstance(app.stack.top, ResultsScene) and match.is_over()
