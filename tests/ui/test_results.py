"""The results screen, driven by real events: the ranking, play again (same table, new seed),
the same code (the same game), copy code (never crashing without a clipboard), back to title."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.ui import launch
from game.ui.app import App
from game.ui.scenes import results as results_module
from game.ui.scenes.results import ResultsScene, copy_to_clipboard
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings
from tests.ui.conftest import click, frames, key
from tests.ui.probes import TableStub

K = SeatKind
CONFIG = GameConfig("bombazo", (K.PERSON, K.ASTUTO, K.DESPIADADO, K.LANZADO, K.ASTUTO))


@pytest.fixture
def app(stubbed_app: App) -> App:
    """The real hooks, English; the table is a stub that keeps the match."""
    return stubbed_app


def finished(config: GameConfig = CONFIG, seed: int = 77) -> Match:
    return launch.play_out(Match(config, seed))


def show(app: App, match: Match) -> ResultsScene:
    """The results over the title, as the table leaves them (it replaces itself)."""
    frames(app, 2)
    app.push(TableStub(app, match))
    scene = ResultsScene(app, match)
    app.stack.replace(scene)
    frames(app, 20)  # past the click guard
    return scene


def test_it_ranks_every_seat_winner_first(app: App) -> None:
    match = finished()
    scene = show(app, match)
    ranking = match.ranking()
    assert sorted(ranking) == list(range(CONFIG.seat_count))
    assert tuple(scene.ranking()) == ranking
    big, small = scene.headline()
    if ranking[0] == 0:
        assert big == "You won!" and small == ""
    else:
        assert big == f"{scene.seat_name(ranking[0])} wins!"
        loc: Any = app.loc
        assert small == f"You finished {loc.ordinal(ranking.index(0) + 1)}."
    assert scene.seat_name(0) == "You"
    assert scene.seat_name(2) == "Ruthless 3"
    assert scene.seat_kind(2) == "Machine: Ruthless"
    assert scene.seat_kind(0) == "Person"


def test_hot_seat_names_people_by_number(app: App) -> None:
    match = finished(GameConfig("clasico", (K.PERSON, K.PERSON, K.LANZADO)), 3)
    scene = show(app, match)
    assert scene.seat_name(1) == "Player 2"
    assert scene.headline()[0] == f"{scene.seat_name(match.ranking()[0])} wins!"


def test_results_do_not_repeat_the_tables_fanfare(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The table plays "win" when the game ends; the results screen must not play it again."""
    monkeypatch.setattr(launch, "table_scene", TableStub)
    app = App(Settings(language="en"), settings_dir=tmp_path, lang="en", audio=False)
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name, volume=1.0: played.append(name))
    try:
        show(app, finished())
        assert "win" not in played
    finally:
        app.close()


def test_play_again_keeps_the_table_and_draws_a_new_seed(app: App) -> None:
    match = finished()
    scene = show(app, match)
    click(scene.again.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub)
    assert table.match.config == match.config
    assert table.match.seed != match.seed
    assert table.match.moves == 0
    assert not table.show_code  # a fresh seed nobody has seen: its code stays hidden
    assert len(app.stack) == 2  # the table took the results' place over the title


def test_play_again_with_enter(app: App) -> None:
    match = finished()
    show(app, match)
    key(pygame.K_RETURN)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub) and table.match.config == match.config


def test_same_code_replays_the_same_game(app: App) -> None:
    match = finished()
    scene = show(app, match)
    click(scene.same.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub)
    assert table.match.code == match.code
    assert table.show_code  # it is on the results screen already
    assert table.match.seed == match.seed and table.match.config == match.config
    # the same code and the same choices give the same game
    assert launch.play_out(table.match).ranking() == match.ranking()


def test_copy_code_puts_it_on_the_clipboard(app: App) -> None:
    match = finished()
    scene = show(app, match)
    click(scene.copy.rect.center)
    frames(app, 2)
    assert scene.copied is True
    assert pygame.scrap.get_text() == match.code


def _broken(*_args: object, **_kwargs: object) -> Any:
    raise pygame.error("no clipboard on this display")


@pytest.mark.parametrize("how", ["raises", "missing", "lies"])
def test_copy_code_never_crashes_without_a_clipboard(app: App, monkeypatch: pytest.MonkeyPatch,
                                                     how: str) -> None:
    scrap = pygame.scrap
    if how == "raises":
        monkeypatch.setattr(scrap, "put_text", _broken)
    elif how == "missing":  # an old pygame: no put_text, and init fails
        monkeypatch.delattr(scrap, "put_text")
        monkeypatch.setattr(scrap, "get_init", lambda: False)
        monkeypatch.setattr(scrap, "init", _broken)
    else:  # the clipboard takes the text and loses it
        monkeypatch.setattr(scrap, "put_text", lambda text: None)
        monkeypatch.setattr(scrap, "get_text", lambda: "")
    scene = show(app, finished())
    click(scene.copy.rect.center)
    frames(app, 3)
    assert scene.copied is False
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)  # the code stays on screen with the copy-by-hand note
    assert app.stack.top is scene


def test_copy_to_clipboard_swallows_anything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(results_module.pygame, "scrap", None)
    assert copy_to_clipboard("911-119") is False


def test_back_to_title(app: App) -> None:
    scene = show(app, finished())
    click(scene.title.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


def test_escape_is_back_to_title(app: App) -> None:
    show(app, finished())
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_it_draws_in_every_language_with_no_missing_text(tmp_path: Path, lang: str) -> None:
    app = App(Settings(language=lang), settings_dir=tmp_path, lang=lang, audio=False)
    try:
        for config in (CONFIG, GameConfig("mazo", (K.PERSON, K.PERSON)),
                       GameConfig("bombazo", (K.LANZADO,) * 8)):
            scene = ResultsScene(app, finished(config))
            app.stack.reset(scene)
            scene.copied = False
            frames(app, 5)
        loc: Any = app.loc
        assert not loc.missing and not loc.format_errors
    finally:
        app.close()


@pytest.mark.parametrize("code", ["ZPG-CK1-11A3", "4ZAS-MD31-11CZ", "AV4-D41-4X5U"])
@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_long_team_lines_levels_and_notes_are_whole(code: str, lang: str) -> None:
    """A won mission of four or five (a team line of every name), a long level beside a Die
    Bombe note ("Máquina: Impiedoso" and "-61 pontos · pagou 118"): nothing narrowed below
    90 % (the review of issue 20 found them at 79-88 %). Two rows when one does not fit."""
    from game.ui.textaudit import audit_scene

    try:
        found = audit_scene("results", lang, code)
    finally:
        pygame.quit()
    assert not found, [f.line() for f in found]


def test_negative_scores_have_a_real_minus_sign(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    """"−8 points", as the tables write scores (the review of issue 20 found "-8" here)."""
    from game.ui.screenshot import render_scene_to_png
    from tests.ui.textspy import spy

    drawn = spy(monkeypatch)
    try:
        render_scene_to_png("results", tmp_path / "r.png", "en", code="AV4-D41-4X5U")
    finally:
        pygame.quit()
    scores = [text for text in drawn.strings_live if "point" in text]
    assert any(text.startswith("−") for text in scores), scores
    assert not any(text.startswith("-") for text in scores), scores
