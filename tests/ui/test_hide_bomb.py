"""The hide-the-bomb picker: ←/→ and Enter, the Top / Bottom / Random shortcuts, dragging the
marker, and the position in words."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.bombdeck.hide_bomb import HideBombScene
from tests.ui.conftest import click, frames, key, post
from tests.ui.probes import Probe


def _picker(app: App, deck: int = 10, **kw: object) -> tuple[Probe, HideBombScene]:
    below = Probe(app)
    app.stack.reset(below)
    picker = HideBombScene(app, deck, **kw)  # type: ignore[arg-type]
    app.stack.push(picker)
    frames(app, 20)  # past the click guard
    return below, picker


def test_arrows_and_enter_return_the_position(app: App) -> None:
    below, picker = _picker(app)
    assert picker.where() == "on top"
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    frames(app)
    assert picker.where() == "3rd from the top"
    key(pygame.K_LEFT)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == [2]


def test_the_marker_never_leaves_the_deck(app: App) -> None:
    below, picker = _picker(app, deck=3)
    for _ in range(6):
        key(pygame.K_RIGHT)
    frames(app)
    assert picker.position == 3 and picker.where() == "at the bottom"
    for _ in range(9):
        key(pygame.K_LEFT)
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == [0]


def test_top_bottom_and_random_buttons(app: App) -> None:
    below, picker = _picker(app, deck=7, start=4)
    click(picker.bottom.rect.center)
    frames(app)
    assert picker.where() == "at the bottom"
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == [7]

    below, picker = _picker(app, deck=7, start=4)
    click(picker.top.rect.center)
    frames(app)
    click(picker.confirm.rect.center)
    frames(app)
    assert below.results == [0]

    below, picker = _picker(app, deck=7)
    click(picker.rand.rect.center)
    frames(app)
    assert picker.where() == "somewhere at random"
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == ["random"]


def test_dragging_the_marker_chooses_a_gap(app: App) -> None:
    below, picker = _picker(app, deck=10)
    track = picker.slider.track
    start = (picker.slider.marker_x(), track.centery)
    end = (round(track.left + track.width * 0.5), track.centery)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app)
    assert picker.position == 5 and picker.where() == "6th from the top"
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == [5]


def test_an_empty_deck_has_one_place(app: App) -> None:
    below, _picker_scene = _picker(app, deck=0)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == [0]


def test_escape_pauses_instead_of_dropping_the_bomb(app: App) -> None:
    from game.ui.scenes.pause import PauseScene

    below, _picker_scene = _picker(app)
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.stack.top, PauseScene)
    assert below.results == []


def test_the_kitten_title_in_the_classic_game(app: App) -> None:
    _below, picker = _picker(app, kitten=True)
    frames(app)
    assert picker.t("hide.title_kitten") == "Where does the kitten go?"


def test_space_confirms_too_but_not_in_the_pickers_first_moments(app: App) -> None:
    """Space is the table's main key: a newcomer pressed it twenty times here. The Space that
    drew the bomb, pressed again at once, must not hide it where nobody chose."""
    from game.ui.bombdeck.hide_bomb import SPACE_AFTER

    below = Probe(app)
    app.stack.reset(below)
    picker = HideBombScene(app, 10)
    app.stack.push(picker)
    frames(app, round(SPACE_AFTER * 60) - 12)  # (frames of 1/60 s) still its first moments
    key(pygame.K_RIGHT)
    key(pygame.K_SPACE)
    frames(app)
    assert below.results == [] and app.stack.top is picker
    frames(app, 30)
    key(pygame.K_SPACE)
    frames(app)
    assert below.results == [1]
