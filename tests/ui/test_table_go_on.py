"""Waiting for yourself: with one person at the table, holding a nope made every play of
theirs wait the whole window. Now their own play's window offers "go on (Space)", and Space,
Enter or the button closes it at once; with two or more people windows keep their length."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.ui.app import App
from game.ui.bombdeck.table import TableScene
from tests.ui.conftest import click, key
from tests.ui.test_table import find_match, my_turn, open_table, until
from tests.ui.textspy import spy

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
LONG = Pace(machine_delay=0.05, machine_window_delay=0.05, window_seconds=4.5)
DT = 1 / 30


def _skip_and_nope(seat: int) -> Callable[[Match], bool]:
    def fits(match: Match) -> bool:
        hand = match.view_for(seat).hand
        return "skip" in hand and "nope" in hand and not any(
            "nope" in match.view_for(s).hand for s in range(match.config.seat_count)
            if not match.is_person(s))
    return fits


def _play_skip(app: App, scene: TableScene) -> None:
    until(app, my_turn(app, scene))
    scene.submit(Action(A.PLAY, "skip"))
    until(app, lambda: scene.match.pending().is_window and not scene.busy)


@pytest.mark.parametrize("how", ["space", "enter", "button"])
def test_go_on_ends_your_own_window_at_once(silent_app: Callable[..., App],
                                            monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, LAN, LAN)), _skip_and_nope(0))
    scene = open_table(app, match, LONG)
    _play_skip(app, scene)
    drawn = spy(monkeypatch)
    app.step(DT)
    assert scene.can_go_on and scene.go_on_button.visible and not scene.draw_button.visible
    assert "Go on" in drawn.strings and "Space" in drawn.strings
    if how == "space":
        key(pygame.K_SPACE)
    elif how == "enter":
        key(pygame.K_RETURN)
    else:
        click(scene.go_on_button.rect.center)
    app.step(DT)
    assert not match.pending().is_window, "the window waited for its countdown"
    assert match.actions[-1][0] == -1  # the table closed it: nobody noped, no draw
    assert not scene.go_on_button.visible


def test_without_go_on_the_window_runs_its_length(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, LAN, LAN)), _skip_and_nope(0))
    scene = open_table(app, match, LONG)
    _play_skip(app, scene)
    for _ in range(round(3.0 / DT)):
        app.step(DT)
    assert match.pending().is_window


def test_not_for_a_machines_play(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)),
                       lambda m: "nope" in m.view_for(0).hand)
    scene = open_table(app, match, Pace(0.05, 30.0, 30.0))
    turn = my_turn(app, scene)

    def machine_window() -> bool:
        if turn():
            scene.draw_card()  # the person only draws
        return (match.pending().is_window and scene.shown.pending is not None
                and scene.shown.pending.seat != 0 and not scene.busy)

    until(app, machine_window)
    app.step(DT)
    assert not scene.can_go_on and not scene.go_on_button.visible
    key(pygame.K_SPACE)
    app.step(DT)
    assert match.pending().is_window


def test_hot_seat_windows_keep_their_length(silent_app: Callable[..., App],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, P, LAN)), _skip_and_nope(0))
    scene = open_table(app, match, LONG)
    until(app, lambda: app.stack.top is not scene and app._guard <= 0)
    key(pygame.K_RETURN)  # the curtain: "it's me"
    _play_skip(app, scene)
    drawn = spy(monkeypatch)
    key(pygame.K_SPACE)
    key(pygame.K_RETURN)
    for _ in range(round(2.0 / DT)):
        app.step(DT)
    assert match.pending().is_window
    assert not scene.go_on_button.visible and "Go on" not in drawn.strings
