"""The app: headless frames, the PNG, F11, Esc, the input lock and the click guard, with real
pygame events posted on the queue."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame

from game.ui.app import App, Hooks
from game.ui.scene import Scene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings
from tests.ui.conftest import click, frames, key, post
from tests.ui.probes import CENTRE, Probe


def test_the_app_opens_on_the_title_and_runs_frames_headless(app: App, tmp_path: Path
                                                               ) -> None:
    assert isinstance(app.stack.top, TitleScene)
    screen = pygame.display.get_surface()
    assert screen is not None and screen.get_size() == (1280, 720)
    frames(app, 30)
    out = app.render_to(tmp_path / "shot" / "title.png")
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


def test_f11_toggles_fullscreen_and_saves_it(app: App, tmp_path: Path) -> None:
    assert not app.fullscreen
    key(pygame.K_F11)
    frames(app)
    assert app.fullscreen and app.settings.fullscreen
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["fullscreen"] is True
    key(pygame.K_F11)
    frames(app)
    assert not app.fullscreen


def test_f11_works_while_the_scene_is_busy(app: App) -> None:
    probe = Probe(app)
    app.stack.push(probe)
    probe.is_busy = True
    key(pygame.K_F11)
    frames(app)
    assert app.fullscreen


def test_esc_on_the_title_asks_before_quitting(app: App) -> None:
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.stack.top, ConfirmScene)
    key(pygame.K_ESCAPE)  # no: back to the title
    frames(app)
    assert isinstance(app.stack.top, TitleScene)
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_RETURN)  # yes
    frames(app)
    assert len(app.stack) == 0 and not app.running


def test_esc_pops_a_scene_and_the_pusher_gets_none(app: App) -> None:
    base = Probe(app, "base")
    app.stack.push(base)
    top = Probe(app, "top")
    app.stack.push(top)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.stack.top is base and top.escapes == 1
    assert base.results == [None]


def test_the_window_close_button_quits(app: App) -> None:
    post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert not app.running and len(app.stack) == 0


def test_a_button_fires_once_for_a_double_click(app: App) -> None:
    probe = Probe(app)
    app.stack.push(probe)
    frames(app, 20)  # past the guard of the push
    fired: list[int] = []
    probe.on_click = lambda: fired.append(1)
    click(CENTRE)
    click(CENTRE)
    frames(app)
    assert fired == [1]
    frames(app, 40)  # later, a new click is a new press
    click(CENTRE)
    frames(app)
    assert fired == [1, 1]


def test_the_second_half_of_a_double_click_never_lands_on_the_next_scene(app: App) -> None:
    first = Probe(app, "first")
    app.stack.push(first)
    frames(app, 20)
    second = Probe(app, "second")
    second_fired: list[int] = []
    second.on_click = lambda: second_fired.append(1)
    first.on_click = lambda: app.push(second)
    click(CENTRE)
    click(CENTRE)  # same spot: where the second scene has its own button
    frames(app)
    assert app.stack.top is second
    assert second_fired == [] and second.button.fired == 0
    assert app.dropped >= 2
    frames(app, 20)
    click(CENTRE)
    frames(app)
    assert second_fired == [1]


def test_a_busy_scene_gets_no_clicks_or_keys_but_esc_passes(app: App) -> None:
    probe = Probe(app)
    app.stack.push(probe)
    frames(app, 20)
    fired: list[int] = []
    probe.on_click = lambda: fired.append(1)
    probe.is_busy = True
    click(CENTRE)
    key(pygame.K_SPACE)
    frames(app)
    assert fired == []
    assert pygame.MOUSEBUTTONDOWN not in probe.events and pygame.KEYDOWN not in probe.events
    assert pygame.MOUSEMOTION in probe.events  # hover still follows the mouse
    probe.is_busy = False
    click(CENTRE)
    frames(app)
    assert fired == [1]
    probe.is_busy = True
    key(pygame.K_ESCAPE)
    frames(app)
    assert probe.escapes == 1


def test_only_the_top_scene_gets_input(app: App) -> None:
    below = Probe(app, "below")
    above = Probe(app, "above", opaque=False)
    app.stack.push(below)
    app.stack.push(above)
    frames(app, 20)
    click(CENTRE)
    frames(app)
    assert above.button.fired == 1 and below.button.fired == 0
    assert below.events == []


def test_title_buttons_call_the_hooks(tmp_path: Path) -> None:
    calls: list[str] = []
    hooks = Hooks(play_now=lambda: calls.append("play"), new_game=lambda: calls.append("new"))
    app = App(Settings(language="en"), settings_dir=tmp_path, lang="en", hooks=hooks)
    try:
        pygame.event.clear()
        title = app.stack.top
        assert isinstance(title, TitleScene)
        frames(app, 20)
        click(title.play_now.rect.center)
        frames(app, 30)
        key(pygame.K_RETURN)  # Enter is "Play now" too
        frames(app, 30)
        click(title.new_game.rect.center)
        frames(app)
        assert calls == ["play", "play", "new"]
    finally:
        app.close()


def test_unwired_hooks_show_disabled_buttons_that_do_nothing(app: App) -> None:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    frames(app, 20)
    assert not title.play_now.enabled
    click(title.play_now.rect.center)
    frames(app)
    assert title.play_now.fired == 0


def test_settings_are_loaded_from_the_folder_given(tmp_path: Path) -> None:
    Settings(language="pt", mute=True, machine_speed="fast").save(tmp_path)
    app = App(settings_dir=tmp_path, audio=False)
    try:
        assert app.lang == "pt" and app.sound.muted
        assert app.motion.speed == app.settings.speed_factor > 1
        frames(app, 20)
        click(app.stack.top.settings.rect.center)  # type: ignore[union-attr]
        frames(app, 25)
        assert isinstance(app.stack.top, SettingsScene)
    finally:
        app.close()


def test_dt_is_clamped_after_a_long_hitch(app: App) -> None:
    probe = Probe(app)
    app.stack.push(probe)
    app.step(5.0, [])
    assert app.time <= 0.1 + 1e-9


def test_the_app_rests_when_nothing_moves_and_wakes_on_input(
        make_app: Callable[..., App]) -> None:
    from game.ui import app as app_module

    app = make_app("en", audio=False, persist=False)
    for _ in range(round(app_module.IDLE_AFTER * 60) + 5):
        app.step(1 / 60, [])
    assert app.idle, "an idle title should let the processor rest"
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1),
                                         buttons=(0, 0, 0))])
    assert not app.idle

    class Busy(Scene[None]):
        animating = True  # type: ignore[assignment]

    app.push(Busy(app))
    for _ in range(round(app_module.IDLE_AFTER * 60) + 5):
        app.step(1 / 60, [])
    assert not app.idle, "a scene that animates keeps the frame rate up"
