"""Past games, statistics and the deal of the day on the screens, with real events: the title
opens the list of the finished games kept in the data folder, newest first, filtered by game;
P offers the same deal again and opens its code (Enter opens the review:
``test_review_screen.py``); the statistics count the kept games per
person and reset after a confirmation; the title's deal of the day opens today's code."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.history.archive import Archive
from game.history.daily import daily_code
from game.history.record import Record
from game.match.match import Match
from game.ui.app import App
from game.ui.scenes.past_games import PastGamesScene, result
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.title import TitleScene
from tests.ui.conftest import click, frames, key

P, LAN, AST = SeatKind.PERSON, SeatKind.LANZADO, SeatKind.ASTUTO
T0 = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)


def _keep(home: Path, game: str, seed: int, hours: int, names: list[str],
          seats: tuple[SeatKind, ...] = (P, LAN, AST)) -> Match:
    match = Match(GameConfig(game, seats), seed)
    match.play_to_end(LAN)
    Archive(home).add(match, names, T0 + timedelta(hours=hours))
    return match


def _title(app: App) -> TitleScene:
    frames(app, 20)  # past the click guard of the first scene
    title = app.stack.top
    assert isinstance(title, TitleScene)
    return title


def test_the_title_lists_the_past_games_newest_first_and_filters_them(
        stubbed_app: App, tmp_path: Path) -> None:
    _keep(tmp_path, "bombazo", 1, 0, ["Ana"])
    _keep(tmp_path, "diebombe", 2, 1, [""])
    newest = _keep(tmp_path, "bombazo", 3, 2, ["", "Bo"], (P, P, LAN))
    app = stubbed_app
    title = _title(app)
    click(title.past_games.rect.center)
    frames(app, 3)
    scene = app.stack.top
    assert isinstance(scene, PastGamesScene)
    assert [p.game for p in scene.shown] == ["bombazo", "diebombe", "bombazo"]
    assert scene.shown[0].code == newest.code
    key(pygame.K_RIGHT)  # the Bombazo tab
    frames(app)
    assert [p.game for p in scene.shown] == ["bombazo", "bombazo"]
    key(pygame.K_DOWN)
    frames(app)
    assert scene.selected == 1
    key(pygame.K_1)  # back to every game
    frames(app)
    assert len(scene.shown) == 3 and scene.selected == 0


def test_p_offers_the_same_deal_again_and_opens_its_code(stubbed_app: App,
                                                          tmp_path: Path) -> None:
    kept = _keep(tmp_path, "clasico", 5, 0, [""])
    app = stubbed_app
    title = _title(app)
    click(title.past_games.rect.center)
    frames(app, 20)
    key(pygame.K_p)  # the row's deal (Enter opens its review): asks first
    frames(app, 3)
    assert not isinstance(app.stack.top, PastGamesScene)
    key(pygame.K_RETURN)  # "Play it"
    frames(app, 3)
    table = app.stack.top
    assert getattr(table, "match", None) is not None
    assert table.match.code == kept.code and table.match.moves == 0  # type: ignore[union-attr]


def test_a_hot_seat_result_names_the_winners_and_a_lone_person_sees_their_place(
        stubbed_app: App, tmp_path: Path) -> None:
    _keep(tmp_path, "bombazo", 7, 0, ["Ana", "Bo"], (P, P, LAN))
    solo = _keep(tmp_path, "bombazo", 8, 1, [""])
    games = Archive(tmp_path).games()
    text, won = result(stubbed_app.loc, games[0])
    place = solo.outcome().places[0]
    assert won == (place == 1)
    assert text == ("Won" if place == 1 else f"{stubbed_app.loc.ordinal(place)} of 3")
    text, _ = result(stubbed_app.loc, games[1])
    assert text.endswith(" won") and any(n in text for n in ("Ana", "Bo", "Reckless"))


def test_the_statistics_count_each_person_and_reset_after_a_confirmation(
        stubbed_app: App, tmp_path: Path) -> None:
    for n in range(3):
        _keep(tmp_path, "bombazo", 10 + n, n, ["Ana"])
    app = stubbed_app
    app.stack.push(PastGamesScene(app, tmp_path))
    frames(app, 20)
    scene = app.stack.top
    assert isinstance(scene, PastGamesScene)
    click(scene.stats.rect.center)
    frames(app, 20)
    stats = app.stack.top
    assert isinstance(stats, StatisticsScene)
    player = stats.player
    assert player is not None and player.name == "Ana" and player.played == 3
    click(stats.reset.rect.center)  # asks first
    frames(app, 20)
    key(pygame.K_ESCAPE)  # no: nothing changes
    frames(app, 20)
    assert app.stack.top is stats and Record(tmp_path).sync() == 0
    assert stats.player is not None and stats.player.played == 3
    click(stats.reset.rect.center)
    frames(app, 20)
    key(pygame.K_RETURN)  # yes
    frames(app, 3)
    assert app.stack.top is stats and stats.player is None
    again = Record(tmp_path)
    again.sync()
    assert again.players == {}


def test_the_deal_of_the_day_opens_todays_code(stubbed_app: App) -> None:
    app = stubbed_app
    title = _title(app)
    click(title.daily.rect.center)
    frames(app, 3)
    table = app.stack.top
    assert getattr(table, "match", None) is not None
    assert table.match.code == daily_code(date.today())  # type: ignore[union-attr]


def test_a_table_on_the_deal_of_the_day_says_so(app: App) -> None:
    from game.history.daily import daily_config
    from game.ui.registry import ui_kit_for

    config, seed = daily_config(date.today())
    scene = ui_kit_for(config.game).table(app, Match(config, seed), autosaver=None,
                                          resume=None, show_code=False)
    assert scene.notice.key == "table.daily"  # type: ignore[attr-defined]
    other = ui_kit_for(config.game).table(app, Match(config, seed ^ 1), autosaver=None,
                                          resume=None, show_code=False)
    assert other.notice.key is None  # type: ignore[attr-defined]


def test_an_autoplayed_game_is_kept_counted_and_reviewed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23's end to end: a machine game played through the screens shows up in the past
    games, in ``stats --json`` and in ``review --last --json`` (an entry per decision)."""
    from game import cli
    from game.rules.codes import encode
    from game.ui.autoplay import autoplay

    code = encode(GameConfig("clasico", (P, LAN)), 21)
    played = autoplay(code, "en", show=False)
    [past] = Archive(tmp_path).games()
    assert past.code == played.code and past.game == "clasico"
    capsys.readouterr()
    assert cli.main(["stats", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["counted_now"] == 1
    assert cli.main(["review", "--last", "--json"]) == 0
    entries = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line]
    save = Archive(tmp_path).load(past.id)[1]
    assert len(entries) == sum(1 for seat, _ in save.actions if seat != TABLE) > 0
    assert all(0 <= e["before"] <= 1 and 0 <= e["after"] <= 1 for e in entries)


def test_c_lists_every_result_on_the_same_deal(stubbed_app: App, tmp_path: Path) -> None:
    """A deal of the day played by two people here (or a code shared by friends): C lists every
    result on that code, whatever the tab; C again goes back to the tabs."""
    first = _keep(tmp_path, "bombazo", 31, 0, ["Ana"])
    _keep(tmp_path, "diebombe", 32, 1, ["Bo"])
    _keep(tmp_path, "bombazo", 31, 2, ["Bo"])  # the same deal, another person
    app = stubbed_app
    app.stack.push(PastGamesScene(app, tmp_path))
    frames(app, 20)
    scene = app.stack.top
    assert isinstance(scene, PastGamesScene)
    key(pygame.K_c)
    frames(app)
    assert [(p.code, p.names[0]) for p in scene.shown] == [(first.code, "Bo"),
                                                          (first.code, "Ana")]
    frames(app, 30)  # past the button's cooldown
    key(pygame.K_c)
    frames(app)
    assert len(scene.shown) == 3 and scene.code is None
