"""Every game's table stands on one skeleton (``game.ui.table.base.GameTable``): who the table
is drawn for, the submit guard, the curtain, pause, the move to the results and keeping the
unfinished game are written once. A table that brings back its own copy of one of them is the
drift this guards against (each table once had its own, subtly different)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.autosave import Autosaver
from game.match.match import Match
from game.rules.registry import descriptor
from game.ui.app import App
from game.ui.registry import on_screen, ui_kit_for
from game.ui.table.base import GameTable
from tests.ui.conftest import key

SHARED = ("_pick_home", "private_ok", "_live_view", "_tell", "autosave", "on_exit",
          "_curtain_done", "bring_curtain", "_act", "may_act", "on_result", "settling",
          "_ff_text")
"""What no game's table may write again (``still`` a table may add to, through ``super``: the
bomb deck's line about a choice made for the person fades too)."""


def _table(app: App, game: str, tmp: Path) -> GameTable[object, object, object]:  # type: ignore[type-var]
    seats = descriptor(game).seat_range[0]
    config = GameConfig(game, (SeatKind.PERSON,) + (SeatKind.LANZADO,) * (seats - 1))
    scene = ui_kit_for(game).table(app, Match(config, 5), autosaver=Autosaver(tmp),
                                   resume=None, show_code=False)
    assert isinstance(scene, GameTable), f"{game}'s table is not on the shared skeleton"
    return scene


@pytest.mark.parametrize("game", on_screen())
def test_every_games_table_stands_on_the_skeleton(
        silent_app: Callable[..., App], game: str, tmp_path: Path) -> None:
    table = _table(silent_app(), game, tmp_path)
    own = [name for name in SHARED for cls in type(table).__mro__
           if cls is not GameTable and issubclass(cls, GameTable) and name in vars(cls)]
    assert not own, f"{type(table).__name__} writes its own {own}"


@pytest.mark.parametrize("game", on_screen())
def test_every_table_keeps_the_game_after_a_move_and_on_the_way_out(
        silent_app: Callable[..., App], game: str, tmp_path: Path) -> None:
    """The shared keeping, seen through each game's table: nothing is written before the
    first move; a move is written once; leaving writes again."""
    app = silent_app()
    table = _table(app, game, tmp_path)
    app.stack.push(table)
    saver = table.autosaver
    assert saver is not None
    writes: list[int] = []
    real = saver.save
    saver.save = lambda match, seen: (writes.append(match.moves),  # type: ignore[method-assign]
                                      real(match, seen))[1]
    table.autosave()
    assert writes == [], "a table nobody played yet never replaces the unfinished game"
    for _ in range(4000):
        if table.match.moves:
            break
        if app.stack.top is not table:  # a briefing before the first move: Enter starts
            key(pygame.K_RETURN)
        seat = table.flow.awaiting_person
        if seat is not None and table.flow.curtain_for is None and not table.busy \
                and app.stack.top is table:
            table._acted = False
            assert table.submit(table.match.legal_for(seat)[0])
        app.step(1 / 30)
    assert table.match.moves > 0
    app.step(1 / 30)
    assert writes and writes[-1] == table.match.moves
    count = len(writes)
    app.step(1 / 30)
    assert len(writes) == count or writes[-1] != writes[count - 1], "written again unchanged"
    table.on_exit()
    assert len(writes) == count + 1, "leaving writes the game once more"


@pytest.mark.parametrize("game", on_screen())
def test_every_table_keeps_a_finished_game_among_the_past_games_once(
        silent_app: Callable[..., App], game: str, tmp_path: Path) -> None:
    """The end of a game: it goes to the past games (with its result) before the unfinished
    game's file is cleared, and only once however often the table saves afterwards."""
    from game.history.archive import Archive

    app = silent_app(player_names=["Ana"])
    table = _table(app, game, tmp_path)
    app.stack.push(table)
    table.match.play_to_end(SeatKind.LANZADO)
    table.autosave(force=True)
    table.autosave(force=True)
    [past] = Archive(tmp_path).games()
    assert past.game == game and past.moves == table.match.moves
    assert past.places == table.match.outcome().places
    assert past.names == ("Ana",) + ("",) * (table.match.config.seat_count - 1)
    assert not (tmp_path / "current.json").exists()


MARKED = {"diebombe", "cazabombas"}
"""The games whose tables show deduction marks (``Settings.marks``)."""


@pytest.mark.parametrize("game", on_screen())
def test_a_game_played_with_marks_on_says_so_in_its_results_and_past_games(
        silent_app: Callable[..., App], game: str, tmp_path: Path) -> None:
    """The marks are an aid: a game they were on for is kept with them (the record counts
    it apart) and its results say so; a game whose table has no marks is kept as any."""
    from game.history.archive import Archive
    from game.ui.scenes.results import ResultsScene

    app = silent_app()
    app.settings.marks = True
    table = _table(app, game, tmp_path)
    app.stack.push(table)
    app.step(1 / 30)
    assert table.has_marks == (table.match.config.game in MARKED)
    table.match.play_to_end(SeatKind.LANZADO)
    table.autosave(force=True)
    [past] = Archive(tmp_path).games()
    assert past.aids == (frozenset({"marks"}) if table.has_marks else frozenset())
    table.to_results()
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.aids == past.aids
