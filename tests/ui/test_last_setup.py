"""The new-game screen opens with the last table it started (game, seats, levels, options),
kept in the settings and as robust to bad values as every other key: a wrong shape falls back
to "none" with a warning on load; a game, seat count, level or option this version cannot
offer falls back on the screen with a warning; nothing (hypothesis) stops the screen."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig, SeatKind
from game.rules.registry import descriptor
from game.ui import launch
from game.ui.app import App
from game.ui.registry import FEATURED
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import FILE_NAME, Settings
from game.ui.widgets import Choice
from tests.ui.conftest import click, frames
from tests.ui.probes import TableStub

K = SeatKind


def open_new_game(app: App) -> NewGameScene:
    frames(app, 20)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(title.new_game.rect.center)
    frames(app, 20)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    return scene


def arrow(app: App, choice: Choice[Any], side: int) -> None:
    vr = choice.value_rect
    click((vr.left + 20 if side < 0 else vr.right - 20, vr.centery))
    frames(app, 2)


def test_the_screen_opens_with_the_last_table_started(stubbed_app: App) -> None:
    app = stubbed_app
    scene = open_new_game(app)
    assert scene.config() == FEATURED  # nothing started yet
    while scene.game != "clasico":                    # Bombazo <- … wraps round to Clásico
        arrow(app, scene.game_choice, -1)
    arrow(app, scene.count_choice, -1)                # 4 -> 3 seats
    arrow(app, scene.seat_choices[1], +1)             # seat 2: Astuto -> Despiadado
    arrow(app, scene.seat_choices[2], -1)             # seat 3: Astuto -> Lanzado
    arrow(app, scene.seat_choices[2], -1)             # seat 3: Lanzado -> Person
    click(scene.option_widgets[("clasico", "advanced_combos")].rect.center)
    frames(app, 2)
    chosen = GameConfig("clasico", (K.PERSON, K.DESPIADADO, K.PERSON),
                        frozenset({"advanced_combos"}))
    assert scene.config() == chosen
    click(scene.start.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, TableStub)
    app.to_title()
    again = open_new_game(app)
    assert again.config() == chosen
    assert [c.visible for c in again.seat_choices] == [True] * 3 + [False] * 5
    assert again.option_widgets[("clasico", "advanced_combos")].value is True
    # and in the file, for the next time the game starts
    assert Settings.load(app.settings_dir).last_setup == {
        "game": "clasico", "seats": ["person", "despiadado", "person"],
        "options": ["advanced_combos"]}


def test_the_last_setup_survives_a_restart(tmp_path: Path) -> None:
    remembered = GameConfig("mazo", (K.LANZADO, K.PERSON, K.ASTUTO, K.ASTUTO, K.DESPIADADO))
    Settings(language="en", last_setup={"game": "mazo", "seats": [k.value for k in
                                                                   remembered.seats],
                                        "options": []}).save(tmp_path)
    app = launch.wire(App(Settings.load(tmp_path), settings_dir=tmp_path, lang="en",
                          audio=False))
    try:
        pygame.event.clear()
        assert open_new_game(app).config() == remembered
    finally:
        app.close()


@pytest.mark.parametrize("bad", [
    "bombazo", 7, [], ["bombazo"], {"game": "bombazo"},
    {"game": 3, "seats": ["person", "astuto"], "options": []},
    {"game": "bombazo", "seats": [], "options": []},
    {"game": "bombazo", "seats": ["person", "wizard"], "options": []},
    {"game": "bombazo", "seats": ["person"] * 9, "options": []},
    {"game": "bombazo", "seats": "person,astuto", "options": []},
    {"game": "bombazo", "seats": ["person", "astuto"], "options": "advanced_combos"},
    {"game": "bombazo", "seats": ["person", "astuto"], "options": [1]},
    {"game": "bombazo", "seats": ["person", "astuto"], "options": [], "first": 1},
    {"game": "x" * 300, "seats": ["person", "astuto"], "options": []},
])
def test_a_badly_shaped_last_setup_falls_back_with_a_warning(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, bad: object) -> None:
    (tmp_path / FILE_NAME).write_text(json.dumps({**Settings(volume=0.3).to_dict(),
                                                  "last_setup": bad}), encoding="utf-8")
    with caplog.at_level(logging.WARNING, "game.ui.settings"):
        loaded = Settings.load(tmp_path)
    assert loaded.last_setup == {} and loaded.volume == 0.3
    assert "'last_setup'" in caplog.text


@pytest.mark.parametrize(("kept", "shown"), [
    ({"game": "poker", "seats": ["person", "astuto"], "options": []}, FEATURED),
    ({"game": "mazo", "seats": ["person"] * 7, "options": []}, FEATURED),      # Mazo: 2–5
    ({"game": "bombazo", "seats": ["person"], "options": []}, FEATURED),       # 2–8
    ({"game": "cazabombas", "seats": ["person", "maestro", "astuto"],
      "options": ["mission1"]},
     GameConfig("cazabombas", (K.PERSON, K.ASTUTO, K.ASTUTO),
                frozenset({"mission1"}))),                                  # not offered
    ({"game": "clasico", "seats": ["astuto", "person"],
      "options": ["advanced_combos", "turbo"]},                                 # unknown: off
     GameConfig("clasico", (K.ASTUTO, K.PERSON), frozenset({"advanced_combos"}))),
])
def test_a_last_setup_this_version_cannot_offer_falls_back_on_the_screen(
        make_app: Callable[..., App], caplog: pytest.LogCaptureFixture,
        kept: dict[str, Any], shown: GameConfig) -> None:
    app = make_app("en", settings={"last_setup": kept}, audio=False, persist=False,
                   start=None)
    with caplog.at_level(logging.WARNING, "game.ui.scenes.new_game"):
        scene = NewGameScene(app)
    assert scene.config() == shown
    assert "new game:" in caplog.text


setups = st.fixed_dictionaries({
    "game": st.sampled_from(["bombazo", "mazo", "clasico", "cazabombas", "diebombe", "poker"]),
    "seats": st.lists(st.sampled_from([k.value for k in SeatKind]), min_size=1, max_size=8),
    "options": st.lists(st.sampled_from(["advanced_combos", "mission1", "x"]), max_size=4),
}) | st.dictionaries(st.text(max_size=6), st.integers() | st.text(max_size=6), max_size=4)


def test_any_kept_setup_opens_a_playable_table(make_app: Callable[..., App]) -> None:
    app = make_app("en", audio=False, persist=False, start=None)

    @settings(max_examples=150, deadline=None)
    @given(setup=setups)
    def run(setup: dict[str, Any]) -> None:
        app.settings = Settings.from_dict({"last_setup": setup})  # what a load keeps
        scene = NewGameScene(app)
        app.stack.reset(scene)
        app.step(1 / 60)
        config = scene.config()
        descriptor(config.game).check_table(config.seat_count, config.options)

    run()
