"""The new-game screen, driven by real pygame events through App.step: the rule set, the seat
count, each seat's kind, the options and the reaction window; Start opens a table of exactly
that config with a fresh seed; a code opens its own game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.rules.codes import encode
from game.ui import launch
from game.ui.app import App
from game.ui.scenes.code_entry import CodeEntryScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings
from game.ui.widgets import Choice
from tests.ui.conftest import click, frames, key, post
from tests.ui.probes import TableStub

K = SeatKind


@pytest.fixture
def app(stubbed_app: App) -> App:
    """The real hooks, English; the table is a stub that keeps the match."""
    return stubbed_app


def open_new_game(app: App) -> NewGameScene:
    frames(app, 20)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(title.new_game.rect.center)
    frames(app, 20)  # past the click guard
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    return scene


def click_arrow(app: App, choice: Choice[Any], side: int) -> None:
    vr = choice.value_rect
    x = vr.left + 20 if side < 0 else vr.right - 20
    click((x, vr.centery))
    frames(app, 2)


def start(app: App, scene: NewGameScene) -> Match:
    click(scene.start.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub), f"the table is not on top: {table!r}"
    return table.match


def test_title_new_game_opens_it_with_play_now_defaults(app: App) -> None:
    scene = open_new_game(app)
    assert scene.config() == GameConfig("bombazo", (K.PERSON, K.ASTUTO, K.ASTUTO, K.ASTUTO))
    assert sum(1 for c in scene.seat_choices if c.visible) == 4
    assert not any(w.visible for w in scene.option_widgets.values())  # Bombazo has none


def test_start_opens_a_table_of_the_chosen_config(app: App) -> None:
    scene = open_new_game(app)
    click_arrow(app, scene.game_choice, +1)           # Bombazo -> Bomba en el Mazo
    assert scene.game == "mazo"
    assert not scene.reaction.enabled                 # no nopes in Mazo
    click_arrow(app, scene.count_choice, +1)          # 4 -> 5 seats
    click_arrow(app, scene.count_choice, +1)          # 5 is Mazo's most: stays
    assert scene.count == 5
    click_arrow(app, scene.seat_choices[2], +1)       # seat 3: Astuto -> Despiadado
    click_arrow(app, scene.seat_choices[4], -1)       # seat 5: Astuto -> Lanzado
    click_arrow(app, scene.seat_choices[1], -1)       # seat 2: Astuto -> Lanzado
    click_arrow(app, scene.seat_choices[1], -1)       # seat 2: Lanzado -> Person
    match = start(app, scene)
    assert match.config == GameConfig(
        "mazo", (K.PERSON, K.PERSON, K.DESPIADADO, K.ASTUTO, K.LANZADO))
    assert match.people == (0, 1)
    assert match.moves == 0 and not match.is_over()
    assert len(app.stack) == 2  # the table took the new-game screen's place over the title


def test_seat_count_follows_the_rule_set(app: App) -> None:
    scene = open_new_game(app)
    for _ in range(6):
        click_arrow(app, scene.count_choice, +1)
    assert scene.count == 8
    assert all(c.visible for c in scene.seat_choices)
    click_arrow(app, scene.game_choice, +1)           # Bombazo -> Mazo -> Clásico (2–5)
    click_arrow(app, scene.game_choice, +1)
    assert scene.game == "clasico" and scene.count == 5
    assert [c.visible for c in scene.seat_choices] == [True] * 5 + [False] * 3
    for _ in range(5):
        click_arrow(app, scene.count_choice, -1)
    assert scene.count == 2
    assert start(app, scene).config.seat_count == 2


def test_classic_advanced_combos_and_the_reaction_window(app: App) -> None:
    scene = open_new_game(app)
    click_arrow(app, scene.game_choice, +1)           # Mazo, then Clásico
    click_arrow(app, scene.game_choice, +1)
    combos = scene.option_widgets[("clasico", "advanced_combos")]
    assert combos.visible and scene.reaction.enabled
    assert [w for w in scene.option_widgets.values() if w.visible] == [combos]
    click(combos.rect.center)
    frames(app, 2)
    slider = scene.reaction
    click((slider.track.right, slider.track.centery))  # the longest window
    frames(app, 2)
    assert app.settings.reaction_seconds == 10
    match = start(app, scene)
    assert match.config.game == "clasico"
    assert match.config.options == frozenset({"advanced_combos"})
    saved = Settings.load(app.settings_dir)
    assert saved.reaction_seconds == 10  # written when the screen closed


def test_everything_by_keyboard(app: App) -> None:
    scene = open_new_game(app)
    key(pygame.K_TAB)                                  # focus: the rule set
    key(pygame.K_RIGHT)                                # Bombazo -> Mazo
    frames(app, 1)
    assert scene.game == "mazo"
    assert scene.form.focused is scene.game_choice
    key(pygame.K_DOWN)                                 # the reaction slider is off in Mazo
    frames(app, 1)
    assert scene.form.focused is scene.count_choice
    key(pygame.K_LEFT)                                 # 4 -> 3 seats
    key(pygame.K_DOWN)                                 # seat 1's name (a person's)
    frames(app, 1)
    assert scene.form.focused is scene.name_fields[0]
    key(pygame.K_DOWN)                                 # seat 1
    key(pygame.K_RIGHT)                                # Person -> Lanzado
    frames(app, 1)
    assert scene.count == 3 and scene.kinds[0] is K.LANZADO
    for _ in range(4):                                 # seats 2, 3, then Back, Code, Start
        key(pygame.K_DOWN)
    frames(app, 1)
    assert scene.form.focused is scene.code
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub)
    assert table.match.config == GameConfig("mazo", (K.LANZADO, K.ASTUTO, K.ASTUTO))
    assert table.match.people == ()


def test_escape_goes_back_to_the_title(app: App) -> None:
    open_new_game(app)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, TitleScene)


def test_each_start_gets_a_fresh_seed(app: App) -> None:
    seeds = set()
    for _ in range(3):
        scene = open_new_game(app)
        seeds.add(start(app, scene).seed)
        app.to_title()
    assert len(seeds) == 3


def test_a_game_code_opens_its_own_game(app: App) -> None:
    scene = open_new_game(app)
    click(scene.code.rect.center)
    frames(app, 20)
    entry = app.stack.top
    assert isinstance(entry, CodeEntryScene)
    code = encode(GameConfig("clasico", (K.PERSON, K.DESPIADADO, K.LANZADO),
                             frozenset({"advanced_combos"})), 4242)
    post(pygame.event.Event(pygame.TEXTINPUT, text="zzz-zzz"))
    key(pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is entry and entry.error  # a bad code: the modal says why
    entry.field.text = ""
    post(pygame.event.Event(pygame.TEXTINPUT, text=code.lower()))
    key(pygame.K_RETURN)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub)
    assert table.match.code == code and table.match.seed == 4242
    assert len(app.stack) == 2


def test_a_code_this_version_cannot_play_is_refused_with_a_reason(app: App) -> None:
    # Maestro plays the bomb deck and Die Bombe, not Caza Bombas: a Caza table with a Maestro
    # seat decodes but cannot be opened; a Bombazo one can
    maestro = encode(GameConfig("cazabombas", (K.PERSON, K.MAESTRO, K.ASTUTO),
                                frozenset({"mission1"})), 5)
    assert launch.check_code(app, maestro) == app.loc.t("error.code_unplayable")
    assert launch.check_code(app, encode(GameConfig("bombazo", (K.PERSON, K.MAESTRO)), 5)) \
        is None
    assert launch.check_code(app, "") == app.loc.t("error.code_empty")
    assert "QQQ" in (launch.check_code(app, "qqq-qqq") or "")
    assert launch.check_code(app, encode(launch.PLAY_NOW, 1)) is None


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_it_draws_in_every_language_with_no_missing_text(tmp_path: Path, lang: str) -> None:
    app = launch.wire(App(Settings(language=lang), settings_dir=tmp_path, lang=lang,
                          audio=False))
    try:
        for config in (None, GameConfig("clasico", (K.PERSON, K.PERSON, K.LANZADO)),
                       GameConfig("mazo", (K.ASTUTO,) * 5),
                       GameConfig("bombazo", (K.PERSON,) + (K.DESPIADADO,) * 7)):
            app.stack.reset(NewGameScene(app, config))
            frames(app, 3)
        loc: Any = app.loc
        assert not loc.missing and not loc.format_errors
    finally:
        app.close()


def test_start_opens_the_real_table(tmp_path: Path) -> None:
    from game.ui.bombdeck.table import TableScene

    app = launch.wire(App(Settings(language="es"), settings_dir=tmp_path, lang="es",
                          audio=False))
    try:
        pygame.event.clear()
        scene = open_new_game(app)
        click_arrow(app, scene.count_choice, -1)  # 3 seats
        click(scene.start.rect.center)
        frames(app, 30)
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert table.match.config == GameConfig("bombazo", (K.PERSON, K.ASTUTO, K.ASTUTO))
    finally:
        app.close()


def test_maestro_is_offered_at_bomb_deck_and_die_bombe_tables_only(app: App) -> None:
    from game.ui.scenes.new_game import _seat_kinds

    for game in ("bombazo", "mazo", "clasico", "diebombe"):
        assert _seat_kinds(game)[-1] is K.MAESTRO
    assert K.MAESTRO not in _seat_kinds("cazabombas")
    assert app.loc.t("level.maestro.name") == "Master"
    scene = NewGameScene(app, GameConfig("bombazo", (K.PERSON, K.MAESTRO, K.MAESTRO)))
    assert scene.config().seats == (K.PERSON, K.MAESTRO, K.MAESTRO)
    scene._set_game("cazabombas")  # a game without Maestro: its seats get the stand-in
    assert scene.config().seats == (K.PERSON, K.ASTUTO, K.ASTUTO)


def test_a_level_not_offered_becomes_the_games_own_stand_in() -> None:
    """No level is named by the screen: each game's machine players name the one that stands
    in (issue 21); a game whose named level is not offered gets its last one."""
    from game.bots.registry import levels_for, stand_in_for
    from game.rules.registry import playable
    from game.ui.scenes import new_game

    for game in playable():
        kinds = list(levels_for(game))
        assert new_game._stand_in(game, kinds) is stand_in_for(game)
        others = [kind for kind in kinds if kind is not stand_in_for(game)]
        if others:
            assert new_game._stand_in(game, others) is others[-1]
