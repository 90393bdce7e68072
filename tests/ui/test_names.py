"""People's names in hot seat: typed on the new-game screen (one field per person's seat, by
keyboard or mouse, "Player N" in the language while empty), kept in the settings, shown on the
table's badges and log, the curtain and the results in place of "Player N". Names are the
players' own text: cut to ``NAME_MAX``, only what the font draws, and no string of any kind
(hypothesis) breaks the settings or a screen."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.ui.app import App
from game.ui.bombdeck import paint
from game.ui.bombdeck.log import log_lines
from game.ui.bombdeck.table import TableScene
from game.ui.players import DROPPED, NAME_MAX, NAME_SEATS, clean_name, shown_name
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.results import ResultsScene
from game.ui.settings import FILE_NAME, Settings
from game.ui.widgets import text_of
from tests.ui.conftest import click, frames, key, post
from tests.ui.probes import TableStub
from tests.ui.test_table import FAST, open_table, until

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
HOT = GameConfig("bombazo", (P, AST, P))


def typed(text: str) -> None:
    post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def new_game(app: App, config: GameConfig | None = None) -> NewGameScene:
    scene = NewGameScene(app, config)
    app.stack.reset(scene)
    frames(app, 15)  # past the click guard
    return scene


# --- typing them -----------------------------------------------------------------------------


def test_names_are_typed_kept_and_shown_again(stubbed_app: App) -> None:
    app = stubbed_app
    scene = new_game(app, HOT)
    fields = scene.name_fields
    assert [f.visible for f in fields[:3]] == [True, False, True]  # persons only
    assert not any(f.visible for f in fields[3:])
    click(fields[0].rect.center)
    typed("Ana")
    key(pygame.K_BACKSPACE)
    typed("a María")
    frames(app, 2)
    assert fields[0].text == "Ana María"
    key(pygame.K_TAB)          # on to seat 1's level, then seat 3's name
    key(pygame.K_TAB)
    key(pygame.K_TAB)
    frames(app, 1)
    assert scene.form.focused is fields[2]
    typed("Bea")
    key(pygame.K_RETURN)       # Enter after a name moves on; it does not start
    frames(app, 2)
    assert scene.form.focused is scene.seat_choices[2]
    assert isinstance(app.stack.top, NewGameScene)
    click(scene.start.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub) and table.match.config == HOT
    saved = Settings.load(app.settings_dir)
    assert saved.player_names[0] == "Ana María" and saved.player_names[2] == "Bea"
    again = new_game(app, HOT)
    assert [again.name_fields[s].text for s in (0, 2)] == ["Ana María", "Bea"]


@pytest.mark.parametrize(("lang", "default"), [("es", "Jugador 2"), ("en", "Player 2"),
                                               ("pt", "Jogador 2")])
def test_an_empty_name_shows_the_default_in_the_language(make_app: Callable[..., App],
                                                         lang: str, default: str) -> None:
    app = make_app(lang)
    scene = new_game(app, GameConfig("bombazo", (P, P)))
    assert text_of(scene.name_fields[1].placeholder) == default
    assert scene.name_fields[1].text == ""


def test_a_name_is_length_limited_and_takes_only_what_the_font_draws(
        make_app: Callable[..., App]) -> None:
    app = make_app()
    scene = new_game(app, HOT)
    click(scene.name_fields[0].rect.center)
    typed("中\x00\u202eZé\u200b 😀" + "x" * 40)
    frames(app, 2)
    text = scene.name_fields[0].text
    assert text.startswith("Zé 😀") and len(text) == NAME_MAX  # CJK: not in our font
    assert app.settings.player_names[0] == text


def test_a_seat_that_becomes_a_machine_loses_its_field(stubbed_app: App) -> None:
    app = stubbed_app
    scene = new_game(app, HOT)
    click(scene.name_fields[2].rect.center)
    frames(app, 1)
    vr = scene.seat_choices[2].value_rect
    click((vr.right - 20, vr.centery))  # Person -> Lanzado
    frames(app, 2)
    assert scene.kinds[2] is LAN
    assert not scene.name_fields[2].visible and not scene.name_fields[2].focused


# --- shown everywhere a person is named ----------------------------------------------------


@pytest.fixture
def named(make_app: Callable[..., App]) -> App:
    return make_app("en", settings={"player_names": ["Ana", "", "Bea"]}, audio=False,
                    persist=False, start=None)


def test_the_table_names_people_on_badges_curtain_and_log(named: App,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    app = named
    badges: list[str] = []
    real = paint.draw_badge

    def record(surface: pygame.Surface, rect: pygame.Rect, info: Any, *args: Any,
               **kwargs: Any) -> None:
        badges.append(info.name)
        real(surface, rect, info, *args, **kwargs)

    monkeypatch.setattr(paint, "draw_badge", record)
    match = Match(HOT, 5)
    scene = open_table(app, match, FAST)
    until(app, lambda: isinstance(app.stack.top, CurtainScene) and app._guard <= 0)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    assert curtain.headline() == "Ana, it's your turn"
    key(pygame.K_RETURN)
    until(app, lambda: app.stack.top is scene and scene.flow.awaiting_person == 0
          and not scene.busy)
    frames(app, 2)
    assert {"Ana", "Bea"} <= set(badges)
    assert "Player 1" not in badges and "Player 3" not in badges
    scene.draw_card()
    until(app, lambda: isinstance(app.stack.top, CurtainScene) and app.stack.top.seat == 2)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.headline() == "Bea, it's your turn"
    lines = [text for text, _ev in log_lines(scene.namer, match.feed_for(None), None)]
    assert any(line.startswith("Ana ") for line in lines)
    assert scene.namer.seat(1) == "Crafty 2"  # a machine keeps its level's name


def test_the_results_name_people_and_a_lone_person_is_still_you(named: App) -> None:
    app = named
    match = Match(HOT, 5)
    match.play_to_end(AST)
    results = ResultsScene(app, match)
    app.stack.reset(results)
    frames(app, 2)
    assert {results.seat_name(0), results.seat_name(2)} == {"Ana", "Bea"}
    solo = Match(GameConfig("bombazo", (P, AST)), 5)
    solo.play_to_end(AST)
    assert ResultsScene(app, solo).seat_name(0) == app.loc.t("seat.you")


def test_an_unnamed_person_is_player_n_in_the_language(make_app: Callable[..., App]) -> None:
    app = make_app("pt", settings={"player_names": ["", "   "]}, audio=False, persist=False,
                   start=None)
    scene = TableScene(app, Match(GameConfig("bombazo", (P, P)), 3))
    assert [scene.namer.seat(0), scene.namer.seat(1)] == ["Jogador 1", "Jogador 2"]


# --- any text at all -------------------------------------------------------------------------


def _is_clean(name: str) -> bool:
    return (len(name) <= NAME_MAX and name == name.strip(" ") and "  " not in name
            and all(unicodedata.category(ch) not in DROPPED for ch in name)
            and unicodedata.is_normalized("NFC", name))


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_clean_name_is_idempotent_and_clean(text: str) -> None:
    name = clean_name(text)
    assert clean_name(name) == name
    assert _is_clean(name)


names_strategy = st.lists(st.text(max_size=60), max_size=NAME_SEATS)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=names_strategy)
def test_any_names_survive_a_settings_save_and_load(tmp_path: Path, names: list[str]) -> None:
    saved = Settings(player_names=names)
    assert saved.save(tmp_path)  # lone surrogates and all: the file is valid UTF-8 JSON
    raw = (tmp_path / FILE_NAME).read_bytes()
    json.loads(raw.decode("utf-8"))
    loaded = Settings.load(tmp_path)
    assert loaded.player_names == [clean_name(name) for name in names]
    assert Settings.from_dict(loaded.to_dict()) == loaded


@pytest.mark.parametrize("bad", ["Ana", [1, "x"], ["a"] * (NAME_SEATS + 1), {"0": "Ana"}, None])
def test_a_bad_names_value_falls_back_with_a_warning(tmp_path: Path, bad: object,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / FILE_NAME).write_text(json.dumps({**Settings().to_dict(),
                                                  "player_names": bad}), encoding="utf-8")
    assert Settings.load(tmp_path).player_names == []
    assert "'player_names'" in caplog.text


def test_any_names_through_the_screens(make_app: Callable[..., App]) -> None:
    """Random text typed into a name field, then drawn on the new-game screen, a hot-seat
    table's badges and log, its curtain and the results: nothing raises."""
    app = make_app("en", settings={}, audio=False, persist=False, start=None)
    match = Match(HOT, 8)
    match.play_to_end(AST)
    canvas = pygame.Surface((1280, 720))

    @settings(max_examples=60, deadline=None)
    @given(first=st.text(max_size=40), third=st.text(max_size=40))
    @example(first="\u200b\ufe0f", third="\x00\ud800\u202e")  # zero width, NUL, surrogate
    @example(first="中文", third="\n\t " * 8)                   # not in our font; spaces
    @example(first="W" * 40, third="{player} {n}")                 # too long; placeholders
    def run(first: str, third: str) -> None:
        app.settings.player_names = []
        scene = NewGameScene(app, HOT)
        app.stack.reset(scene)
        scene.form.focus(scene.name_fields[0])
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=first))
        scene.form.focus(scene.name_fields[2])
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=third))
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                        unicode="", scancode=0))
        scene.update(0.5)
        scene.draw(canvas)
        names = app.settings.player_names
        assert all(_is_clean(name) for name in names)
        table = TableScene(app, match, deal=False)
        app.stack.push(table)
        table.draw(canvas)
        for seat in (0, 2):
            shown = table.namer.seat(seat)
            own = shown_name(names[seat]) if seat < len(names) else ""
            assert shown == (own or f"Player {seat + 1}")
            CurtainScene(app, seat, shown).draw(canvas)
        results = ResultsScene(app, match)
        results.draw(canvas)

    run()
