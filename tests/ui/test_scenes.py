"""Every scene of this package under the dummy driver, driven by real events through App.step:
title, settings, pause, rules, the code entry and the confirm modal."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.i18n import Locale
from game.rules.registry import game_ids
from game.ui.app import App, Hooks
from game.ui.scene import Scene
from game.ui.scenes.code_entry import CodeEntryScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.pause import PauseResult, PauseScene
from game.ui.scenes.rules import RulesScene, rule_lines
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene
from tests.ui.conftest import click, frames, key, post
from tests.ui.probes import Probe

SCENES: dict[str, Callable[[App], Scene[Any]]] = {
    "title": TitleScene,
    "settings": SettingsScene,
    "pause": PauseScene,
    "rules": RulesScene,
    "code": CodeEntryScene,
    "confirm": lambda app: ConfirmScene(app, "Sure?", "Yes", "No", message="Really sure?"),
}


def settle(app: App) -> None:
    frames(app, 20)  # past the click guard of the last push


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_updates_and_draws_with_no_missing_text(make_app: Callable[..., App],
                                                            name: str, lang: str) -> None:
    app = make_app(lang)
    app.stack.push(SCENES[name](app))
    for dt in (0.0, 1 / 60, 0.05, 0.1, 0.5):
        app.step(dt, [])
    app.set_language("pt" if lang != "pt" else "es")  # rebuilds the widgets
    app.step(1 / 60, [])
    assert isinstance(app.loc, Locale)
    assert not app.loc.missing and not app.loc.format_errors


# --- title -----------------------------------------------------------------------------------

def test_title_rules_and_settings_open_and_esc_comes_back(make_app: Callable[..., App]) -> None:
    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    settle(app)
    click(title.rules.rect.center)
    frames(app)
    assert isinstance(app.stack.top, RulesScene)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.stack.top is title  # type: ignore[comparison-overlap]
    settle(app)
    click(title.settings.rect.center)
    frames(app)
    assert isinstance(app.stack.top, SettingsScene)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.stack.top is title  # type: ignore[comparison-overlap]


def test_title_quit_button_asks_first_as_esc_does(make_app: Callable[..., App]) -> None:
    from game.ui.scenes.confirm import ConfirmScene

    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    settle(app)
    click(title.quit.rect.center)
    frames(app)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and len(app.stack) == 2
    settle(app)
    click(confirm.yes.rect.center)
    frames(app)
    assert not app.running and len(app.stack) == 0


def test_enter_does_what_its_label_says_after_a_click(make_app: Callable[..., App]) -> None:
    """Title → Rules (a click) → Esc → Enter plays, whatever was clicked last."""
    from game.ui.scenes.rules import RulesScene

    played: list[int] = []
    app = make_app(hooks=Hooks(play_now=lambda: played.append(1)))
    title = app.stack.top
    assert isinstance(title, TitleScene)
    settle(app)
    click(title.rules.rect.center)
    frames(app)
    assert isinstance(app.stack.top, RulesScene)
    for _ in range(3):
        key(pygame.K_ESCAPE)
        frames(app)
        if isinstance(app.stack.top, TitleScene) or not isinstance(app.stack.top, RulesScene):
            break
    assert app.stack.top is title  # type: ignore[comparison-overlap]
    settle(app)
    key(pygame.K_RETURN)
    frames(app)
    assert played == [1], "Enter opened the last clicked button instead of Play now"
    # the keyboard's own focus still works: Tab to a button, Enter presses it
    key(pygame.K_TAB)
    frames(app)
    focused = title.form.focused
    assert focused is not None and title.form.show_focus


def test_the_title_buttons_stay_put_when_a_game_waits(make_app: Callable[..., App]) -> None:
    from game.match.autosave import Unfinished

    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    settle(app)
    names = ("play_now", "new_game", "enter_code", "rules", "settings", "quit")
    before = {name: pygame.Rect(getattr(title, name).rect) for name in names}
    assert title.resume is None
    title.offer = Unfinished.__new__(Unfinished)  # a stand-in offer: only its presence counts
    title.offer_line = lambda: "Bombazo · 4 players · 9 moves made"  # type: ignore[method-assign]
    title.rebuild()
    assert title.resume is not None
    assert {name: getattr(title, name).rect for name in names} == before
    assert title.resume.shortcut == pygame.K_RETURN and title.play_now.shortcut is None


def test_enter_code_returns_the_typed_code_to_the_hook(make_app: Callable[..., App]) -> None:
    opened: list[str] = []
    app = make_app(hooks=Hooks(open_code=opened.append))
    title = app.stack.top
    assert isinstance(title, TitleScene)
    settle(app)
    click(title.enter_code.rect.center)
    frames(app)
    modal = app.stack.top
    assert isinstance(modal, CodeEntryScene)
    post(pygame.event.Event(pygame.TEXTINPUT, text="9x1-1"),
         pygame.event.Event(pygame.TEXTINPUT, text="19 "))
    key(pygame.K_RETURN)
    frames(app)
    assert opened == ["9X1-119"] and app.stack.top is title


def test_a_bad_code_keeps_the_modal_open_with_the_error(make_app: Callable[..., App]) -> None:
    app = make_app()
    modal = CodeEntryScene(app, check=lambda code: None if code == "GOOD" else "bad code")
    got: list[object] = []
    app.stack.push(modal, got.append)
    settle(app)
    key(pygame.K_RETURN)  # empty
    frames(app)
    assert modal.error == app.loc.t("error.code_empty") and got == []
    post(pygame.event.Event(pygame.TEXTINPUT, text="nope"))
    key(pygame.K_RETURN)
    frames(app)
    assert modal.error == "bad code" and app.stack.top is modal
    for _ in range(4):
        key(pygame.K_BACKSPACE)
    post(pygame.event.Event(pygame.TEXTINPUT, text="good"))
    frames(app)
    assert modal.error == ""
    click(modal.play.rect.center)
    frames(app)
    assert got == ["GOOD"]


def test_cancelling_the_code_returns_none(make_app: Callable[..., App]) -> None:
    app = make_app()
    got: list[object] = []
    modal = CodeEntryScene(app)
    app.stack.push(modal, got.append)
    settle(app)
    click(modal.cancel.rect.center)
    frames(app)
    app.stack.push(CodeEntryScene(app), got.append)
    key(pygame.K_ESCAPE)
    frames(app)
    assert got == [None, None]


def test_confirm_answers_true_or_false(make_app: Callable[..., App]) -> None:
    app = make_app()
    got: list[object] = []
    app.stack.push(ConfirmScene(app, "Q", "Y", "N"), got.append)
    key(pygame.K_RETURN)
    frames(app)
    app.stack.push(ConfirmScene(app, "Q", "Y", "N"), got.append)
    key(pygame.K_ESCAPE)
    frames(app)
    modal = ConfirmScene(app, "Q", "Y", "N")
    app.stack.push(modal, got.append)
    settle(app)
    click(modal.no.rect.center)
    frames(app)
    assert got == [True, False, False]


# --- settings --------------------------------------------------------------------------------

def test_settings_apply_at_once_and_are_saved_on_close(make_app: Callable[..., App],
                                                       tmp_path: Path) -> None:
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    settle(app)
    assert not scene.mute.visible  # on the sound page
    click(scene.tabs[1].rect.center)
    frames(app)
    click(scene.mute.rect.move(-10, 0).midright)
    frames(app)
    assert app.settings.mute and app.sound.muted
    click(scene.tabs[2].rect.center)
    frames(app)
    click(scene.reduced.rect.center)
    frames(app)
    assert app.motion.reduced
    click(scene.fullscreen.rect.center)
    frames(app)
    assert app.fullscreen
    click(scene.tabs[0].rect.center)
    frames(app)
    vr = scene.speed.value_rect
    click((vr.right - 12, vr.centery))
    frames(app)
    assert app.settings.machine_speed == "fast" and app.motion.speed > 1
    t = scene.reaction.track
    click((t.right, t.centery))
    frames(app)
    assert app.settings.reaction_seconds == 10
    key(pygame.K_ESCAPE)
    frames(app)
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["mute"] is True and saved["reduced_motion"] is True
    assert saved["machine_speed"] == "fast" and saved["reaction_seconds"] == 10
    assert saved["fullscreen"] is True


def test_settings_by_keyboard_only(make_app: Callable[..., App]) -> None:
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    key(pygame.K_2)  # the sound page
    frames(app)
    assert scene.page == 1 and scene.volume.visible and not scene.language.visible
    for _ in range(len(scene.tabs) + 1):
        key(pygame.K_TAB)  # the tabs, then the volume
    key(pygame.K_LEFT)
    key(pygame.K_LEFT)
    frames(app)
    assert scene.form.focused is scene.volume
    assert app.settings.volume == pytest.approx(0.7)
    key(pygame.K_DOWN)  # interface
    key(pygame.K_DOWN)  # music
    key(pygame.K_DOWN)  # mute
    key(pygame.K_RETURN)
    frames(app)
    assert app.settings.mute
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert scene.page == 2 and scene.reduced.visible and not scene.mute.visible


def test_f8_mutes_anywhere_and_says_so(make_app: Callable[..., App], tmp_path: Path) -> None:
    app = make_app()
    settle(app)
    assert not app.settings.mute
    key(pygame.K_F8)
    frames(app)
    assert app.settings.mute and app.sound.muted and app.music.muted
    assert app._line is not None and app._line[0] == app.loc.t("settings.muted")
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["mute"] is True
    frames(app, 120)  # the line goes by itself (and the frame with it is not kept)
    assert app._line is None
    key(pygame.K_F8)
    frames(app)
    assert not app.settings.mute and not app.sound.muted


def test_changing_the_language_retranslates_every_scene(make_app: Callable[..., App]) -> None:
    app = make_app("en")
    title = app.stack.top
    assert isinstance(title, TitleScene)
    scene = SettingsScene(app)
    app.stack.push(scene)
    settle(app)
    vr = scene.language.value_rect
    assert app.settings.language == "en"
    click((vr.right - 12, vr.centery))  # en -> pt
    frames(app)
    assert app.lang == "pt" and app.settings.language == "pt"
    assert app.loc.t("title.play_now") != "Play now"
    from game.ui.locale import text_of

    assert text_of(title.play_now.text) == app.loc.t("title.play_now")
    rebuilt = app.stack.top  # the same scene, rebuilt
    assert isinstance(rebuilt, SettingsScene)
    assert rebuilt.language.value == "pt"


# --- pause -----------------------------------------------------------------------------------

def test_pause_esc_resumes_with_a_typed_result(make_app: Callable[..., App]) -> None:
    app = make_app()
    table = Probe(app, "table")
    app.stack.push(table)
    got: list[object] = []
    app.stack.push(PauseScene(app, "mazo"), got.append)
    frames(app)
    assert table.updates == 0  # paused under the menu
    assert table.draws > 0  # but still drawn under the veil
    key(pygame.K_ESCAPE)
    frames(app)
    assert got == [PauseResult.RESUME] and app.stack.top is table


def test_pause_opens_rules_on_the_current_game_and_settings(make_app: Callable[..., App]
                                                            ) -> None:
    app = make_app()
    app.stack.push(Probe(app, "table"))
    pause = PauseScene(app, "mazo")
    app.stack.push(pause)
    settle(app)
    click(pause.rules.rect.center)
    frames(app)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game == "mazo"
    key(pygame.K_ESCAPE)
    frames(app)
    settle(app)
    click(pause.settings.rect.center)
    frames(app)
    assert isinstance(app.stack.top, SettingsScene)


def test_pause_quit_goes_back_to_the_title(make_app: Callable[..., App]) -> None:
    app = make_app()
    table = Probe(app, "table")
    app.stack.push(table)
    got: list[object] = []
    pause = PauseScene(app)
    app.stack.push(pause, got.append)
    settle(app)
    click(pause.quit.rect.center)
    frames(app)
    assert got == [PauseResult.QUIT]
    assert table.exited == 1
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


# --- rules -----------------------------------------------------------------------------------

def test_rules_tabs_scroll_and_text(make_app: Callable[..., App]) -> None:
    app = make_app()
    rules = RulesScene(app)
    app.stack.push(rules)
    frames(app)
    assert rules.game == "bombazo"
    assert len(rule_lines(app.loc, "bombazo")) >= 6
    key(pygame.K_RIGHT)
    frames(app)
    assert rules.game == "mazo"
    key(pygame.K_3)
    frames(app)
    assert rules.game == "clasico"
    settle(app)
    click(rules.tabs[0].rect.center)
    frames(app)
    assert rules.game == "bombazo"
    assert rules.max_scroll > 0  # twelve lines do not fit at once
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0,
                            precise_y=-3.0))
    frames(app)
    assert rules.scroll > 0
    key(pygame.K_PAGEDOWN)
    key(pygame.K_PAGEDOWN)
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert rules.scroll == rules.max_scroll
    key(pygame.K_LEFT)  # wraps to the last game of the registry
    frames(app)
    last = game_ids()[-1]
    assert rules.game == last and len(rule_lines(app.loc, last)) >= 6
    assert rules.scroll == 0
