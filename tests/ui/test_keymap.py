"""Keys a person may move (issue 24): the key chosen for an action presses that action's key
at every screen, never while a name is typed; a key another action has, or one a screen
keeps (Esc, arrows, digits, the results' letters), is refused with its reason; the choice is
saved, checked when read, and undone by "every key as it was"."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.keymap import ACTIONS, Keymap, problem
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import Settings
from game.ui.table.base import GameTable
from tests.ui.conftest import click, key


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 30)


def test_a_chosen_key_presses_its_actions_key_and_the_rest_pass_as_they_are() -> None:
    keymap = Keymap.from_names({"act": "g", "history": "j"})
    assert keymap.translate(pygame.K_g) == pygame.K_SPACE
    assert keymap.translate(pygame.K_j) == pygame.K_h
    assert keymap.translate(pygame.K_SPACE) == pygame.K_SPACE  # kept until another takes it
    assert keymap.translate(pygame.K_q) == pygame.K_q
    assert keymap.key_of("act") == pygame.K_g and keymap.key_of("confirm") == pygame.K_RETURN


def test_reserved_keys_and_keys_of_other_actions_are_refused() -> None:
    assert problem({}, "act", pygame.K_ESCAPE) == "reserved"
    assert problem({}, "act", pygame.K_5) == "reserved"
    assert problem({}, "act", pygame.K_r) == "reserved"  # the results' review
    assert problem({}, "act", pygame.K_h) == "taken"     # the history's
    assert problem({"history": pygame.K_j}, "act", pygame.K_h) is None  # freed
    assert problem({}, "act", pygame.K_SPACE) is None    # its own
    assert Keymap.from_names({"act": "escape", "fast": "h", "bogus": "g", "mute": "nokey"}
                             ).chosen == {}


@pytest.mark.parametrize("bad", [[], "g", {"act": 5}, {"act": "h"}, {"act": "x" * 40}])
def test_bad_keys_in_the_settings_file_fall_back(bad: object) -> None:
    settings = Settings.from_dict({**Settings().to_dict(), "keys": bad})
    assert settings.keys in ({}, None) or settings.keys == {}


def test_the_keys_page_takes_a_new_key_refuses_a_taken_one_and_saves(
        make_app: Callable[..., App], tmp_path: Path) -> None:
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app, 20)
    key(pygame.K_4)
    frames(app)
    row = scene.key_rows[list(ACTIONS).index("act")]
    assert row.visible
    click(row.rect.center)
    frames(app)
    assert scene.asking == "act" and scene.capturing_keys
    key(pygame.K_h)            # the history's key
    frames(app)
    assert scene.asking == "act" and "H" in scene.refusal
    key(pygame.K_ESCAPE)       # leaves it as it was, the page stays
    frames(app)
    assert scene.asking is None and app.stack.top is scene
    assert app.settings.keys == {}
    frames(app, 10)  # past the row's own cooldown
    click(row.rect.center)
    frames(app)
    key(pygame.K_g)
    frames(app)
    assert app.settings.keys == {"act": "g"} and scene.asking is None
    assert app.keymap.translate(pygame.K_g) == pygame.K_SPACE
    key(pygame.K_ESCAPE)
    frames(app)
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["keys"] == {"act": "g"}


def test_the_moved_key_draws_at_the_table_but_types_in_a_name(
        make_app: Callable[..., App]) -> None:
    from game.ui.name_field import NameField
    from game.ui.scenes.base import FormScene

    app = make_app(settings={"keys": {"act": "g"}, "machine_speed": "fast"}, wire=True,
                   audio=False)
    frames(app, 20)
    title = app.stack.top
    click(title.play_now.rect.center)  # type: ignore[union-attr]
    frames(app, 10)
    table = app.stack.top
    assert isinstance(table, GameTable)
    for _ in range(600):
        if not table.busy and not table.settling and app._guard <= 0 \
                and 0 in table.match.pending().decision.seats:
            break
        frames(app)
    before = table.match.moves
    key(pygame.K_g)
    frames(app, 5)
    assert table.match.moves > before  # G drew, as Space does

    typed: list[str] = []
    form_scene = FormScene[None](app)
    field = NameField((100, 100, 300, 40), "", placeholder="x", on_change=typed.append)
    form_scene.form.add(field)
    form_scene.form.focus(field, show=True)
    app.push(form_scene)
    frames(app, 10)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="g"))
    frames(app)
    assert field.text == "g"
