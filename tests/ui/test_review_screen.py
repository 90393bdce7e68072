"""The review screen with real events: Past games opens it on Enter, the results on their
"Review this game" button; ←/→, Home/End, PgUp/PgDn, N and the scrubber step through the
game; Tab and the number keys choose the seat; the table drawn is the family's own table for
the game replayed to that move, as that seat saw it; Esc goes back; an unfinished game is
refused; the analysis comes in the background."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.core.saves import SavedGame
from game.history.archive import Archive
from game.history.review import Unfinished
from game.match.match import Match
from game.ui.app import App
from game.ui.scenes.past_games import PastGamesScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.review import CYCLE_SECONDS, SCRUB, TABLE, ReviewScene
from game.ui.table.frozen import frozen_match, frozen_table, picture
from tests.ui.conftest import click, frames, key, post

P, LAN, AST = SeatKind.PERSON, SeatKind.LANZADO, SeatKind.ASTUTO
T0 = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
FAMILIES = [("bombazo", (P, AST, LAN)), ("cazabombas", (P, AST, AST)),
            ("diebombe", (P, P, AST))]


def _finished(game: str, seats: tuple[SeatKind, ...], seed: int = 3) -> Match:
    match = Match(GameConfig(game, seats), seed)
    match.play_to_end(LAN)
    return match


def _replayed(save: SavedGame, moves: int) -> Match:
    return Match.from_save(SavedGame(save.config, save.seed, save.actions[:moves]))


def _review(app: App, match: Match, **kw: Any) -> ReviewScene:
    scene = ReviewScene(app, match.save(), analysis=False, **kw)
    app.stack.push(scene)
    frames(app, 20)  # past the click guard
    assert app.stack.top is scene
    return scene


def _shown(scene: ReviewScene) -> Any:
    """The view the table on screen was drawn from."""
    return scene.table().shown  # type: ignore[attr-defined]


def _table_pixels(app: App) -> bytes:
    return pygame.image.tobytes(app.canvas.subsurface(TABLE), "RGB")


def test_enter_on_a_past_game_opens_its_review_and_esc_comes_back(
        stubbed_app: App, tmp_path: Path) -> None:
    match = _finished("bombazo", (P, LAN, AST))
    Archive(tmp_path).add(match, ["Ana"], T0)
    app = stubbed_app
    app.stack.push(PastGamesScene(app, tmp_path))
    frames(app, 20)
    past = app.stack.top
    key(pygame.K_RETURN)
    frames(app, 3)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene.save == match.save() and scene.position == 0 and scene.seat == 0
    assert scene.seat_title(0) == "Ana" and scene.shown_match.names[0] == "Ana"
    assert _shown(scene) == _replayed(match.save(), 0).view_for(0)
    key(pygame.K_ESCAPE)
    frames(app, 3)
    assert app.stack.top is past


def test_p_on_a_past_game_still_offers_the_same_deal(stubbed_app: App,
                                                     tmp_path: Path) -> None:
    match = _finished("diebombe", (P, LAN, AST))
    Archive(tmp_path).add(match, [""], T0)
    app = stubbed_app
    app.stack.push(PastGamesScene(app, tmp_path))
    frames(app, 20)
    key(pygame.K_p)
    frames(app, 3)
    key(pygame.K_RETURN)  # "Play it"
    frames(app, 3)
    table = app.stack.top
    assert not isinstance(table, (ReviewScene, PastGamesScene))
    assert table.match.code == match.code  # type: ignore[union-attr]


@pytest.mark.parametrize(("game", "seats"), FAMILIES)
def test_the_keys_step_the_moves_and_the_table_is_the_game_replayed_to_there(
        app: App, game: str, seats: tuple[SeatKind, ...]) -> None:
    match = _finished(game, seats)
    save = match.save()
    scene = _review(app, match)
    total = len(save.actions)
    assert total > 12
    start = _table_pixels(app)
    for _ in range(3):
        key(pygame.K_RIGHT)
    frames(app)
    assert scene.position == 3
    assert _shown(scene) == _replayed(save, 3).view_for(0)
    assert _shown(scene) != _replayed(save, 0).view_for(0)
    # what is on screen is the family's own table for that match, drawn for that seat
    fresh = frozen_table(app, frozen_match(save, 3, 0))
    assert pygame.image.tobytes(picture(fresh, TABLE.width), "RGB") == _table_pixels(app)
    assert _table_pixels(app) != start
    frames(app, 120)  # a frozen table: no machine moves, whoever is to act
    assert scene.shown_match.moves == 3 and scene.position == 3
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert scene.position == 13
    key(pygame.K_LEFT)
    frames(app)
    assert scene.position == 12
    key(pygame.K_END)
    frames(app)
    assert scene.position == total
    assert scene.shown_match.is_over()
    assert _shown(scene) == match.view_for(0)
    key(pygame.K_RIGHT)  # nothing past the end
    frames(app)
    assert scene.position == total
    key(pygame.K_PAGEUP)
    frames(app)
    assert scene.position == total - 10
    key(pygame.K_HOME)
    frames(app)
    assert scene.position == 0 and _table_pixels(app) == start


@pytest.mark.parametrize(("game", "seats"), FAMILIES)
def test_tab_and_the_number_keys_show_the_table_as_another_seat_saw_it(
        app: App, game: str, seats: tuple[SeatKind, ...]) -> None:
    match = _finished(game, seats)
    save = match.save()
    scene = _review(app, match)
    key(pygame.K_END)
    frames(app)
    before = _table_pixels(app)
    key(pygame.K_TAB)
    frames(app)
    assert scene.seat == 1
    assert _shown(scene) == match.view_for(1) != match.view_for(0)
    if game == "cazabombas":  # a machine's own stand, face up: the game is over
        assert scene.table().mine_face_up  # type: ignore[attr-defined]
    assert _table_pixels(app) != before
    key(pygame.K_3)
    frames(app)
    assert scene.seat == 2 and _shown(scene) == match.view_for(2)
    key(pygame.K_TAB, pygame.KMOD_SHIFT)
    frames(app)
    assert scene.seat == 1
    key(pygame.K_HOME)
    frames(app)
    assert _shown(scene) == _replayed(save, 0).view_for(1)


def test_n_jumps_to_the_chosen_seats_next_decision_and_shift_n_back(app: App) -> None:
    match = _finished("bombazo", (P, AST, LAN, AST))
    save = match.save()
    scene = _review(app, match)
    key(pygame.K_2)
    frames(app)
    mine = [i + 1 for i, (seat, _a) in enumerate(save.actions) if seat == 1]
    key(pygame.K_n)
    frames(app)
    assert scene.position == mine[0] and save.actions[scene.position - 1][0] == 1
    key(pygame.K_n)
    frames(app)
    key(pygame.K_n)
    frames(app)
    assert scene.position == mine[2]
    key(pygame.K_n, pygame.KMOD_SHIFT)
    frames(app)
    assert scene.position == mine[1]
    assert scene.actor(scene.position) == 1


def test_the_panel_tells_each_move_and_who_made_it(app: App) -> None:
    match = _finished("bombazo", (P, AST, LAN), seed=4)
    save = match.save()
    scene = _review(app, match, names=["Ana"])
    assert scene.told(0) == [app.loc.t("review.deal_line")]
    quiet = [p for p in range(1, scene.total + 1) if not scene.move_lines(p)]
    assert quiet and all(scene.actor(p) == -1 for p in quiet)  # a window closing unseen
    assert scene.seat_title(-1) == "The table"
    assert scene.told(quiet[0]) == ["The table moved on."]
    played = next(i + 1 for i, (seat, action) in enumerate(save.actions)
                  if seat == 0 and action.get("do") == "play")
    assert any(line.startswith("Ana played") for line in scene.told(played))
    assert scene.told(scene.total)[-1] == "The game is over."


def test_a_click_on_the_scrubber_jumps_and_a_drag_follows_the_mouse(app: App) -> None:
    match = _finished("cazabombas", (P, AST, AST))
    scene = _review(app, match)
    total = scene.total
    target = total * 2 // 3
    click((round(scene.scrub_x(target)), SCRUB.centery))
    frames(app)
    assert scene.position == target
    assert _shown(scene) == _replayed(match.save(), target).view_for(0)
    start, end = round(scene.scrub_x(1)), round(scene.scrub_x(total - 1))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(start, SCRUB.centery), button=1))
    frames(app)
    assert scene.position == 1
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(end, SCRUB.top - 40), rel=(0, 0),
                            buttons=(1, 0, 0)))
    frames(app)
    assert scene.position == total - 1
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(end, SCRUB.top - 40), button=1))
    frames(app)
    assert scene.position == total - 1 and not scene.full_size  # the drag ends, no click


def test_every_hand_in_turn_and_full_size(app: App) -> None:
    match = _finished("diebombe", (P, P, AST))
    scene = _review(app, match)
    key(pygame.K_a)
    frames(app)
    assert scene.cycling and scene.seat == 0
    frames(app, round(CYCLE_SECONDS * 60) + 2)
    assert scene.seat == 1
    key(pygame.K_a)
    frames(app)
    assert not scene.cycling
    click(TABLE.center)  # the table at full size, and back
    frames(app)
    assert scene.full_size
    key(pygame.K_z)
    frames(app)
    assert not scene.full_size


@pytest.mark.parametrize(("game", "seats"), FAMILIES)
def test_the_results_review_button_opens_the_review_of_that_game(
        app: App, game: str, seats: tuple[SeatKind, ...]) -> None:
    match = _finished(game, seats, seed=5)
    results = ResultsScene(app, match)
    app.stack.push(results)
    frames(app, 20)
    assert results.review.visible
    click(results.review.rect.center)
    frames(app, 3)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene.save == match.save()
    scene.analysis.stop()
    key(pygame.K_ESCAPE)
    frames(app, 30)  # the button's own pause between two presses
    assert app.stack.top is results
    key(pygame.K_r)  # and its key
    frames(app, 3)
    assert isinstance(app.stack.top, ReviewScene)


def test_a_networked_tables_results_offer_no_review(app: App) -> None:
    class Joined(Match):
        def close(self) -> None:
            pass

    match = Joined(GameConfig("bombazo", (P, LAN, AST)), 3)
    match.play_to_end(LAN)
    results = ResultsScene(app, match)
    app.stack.push(results)
    frames(app, 20)
    assert not results.review.visible
    key(pygame.K_r)
    frames(app, 3)
    assert app.stack.top is results


def test_a_review_of_an_unfinished_game_is_refused(app: App) -> None:
    match = Match(GameConfig("bombazo", (P, LAN, AST)), 3)
    for _ in range(6):
        match.step(LAN)
    assert not match.is_over()
    with pytest.raises(Unfinished):
        ReviewScene(app, match.save(), analysis=False)


def test_the_analysis_comes_in_the_background_with_its_turning_points(app: App) -> None:
    match = _finished("bombazo", (P, AST, LAN), seed=91)
    scene = ReviewScene(app, match.save())
    app.stack.push(scene)
    frames(app, 2)  # the frames go on while it works
    assert scene.analysis.review is None or scene.analysis.fraction <= 1
    scene.analysis.wait(60)
    review = scene.analysis.review
    assert review is not None and review.entries
    points = scene.turning_points()
    assert points and all(scene.actor(p) == scene.seat for p in points)
    key(pygame.K_n)
    frames(app)
    entry = scene.entry(scene.position)
    assert entry is not None and entry.seat == scene.seat
    assert entry.move == scene.position - 1
    other = next(e for e in review.entries if e.best is not None and e.best != e.action)
    assert scene.best_lines(other.move + 1, other)  # the better move, in the log's words
    # opened again, the game's analysis is there at once
    again = ReviewScene(app, match.save())
    assert again.analysis.review is review and not again.analysis.running
    # and kept with the game: another session (nothing in memory) has it at once too
    from game.ui.scenes import review as review_module

    review_module._REVIEWS.clear()
    later = ReviewScene(app, match.save())
    assert later.analysis.review is not None and not later.analysis.running
    assert later.analysis.review.to_json() == review.to_json()


def test_the_heading_counts_the_players_moves_as_the_results_do(app: App) -> None:
    """"Move 3 of 80" in the review and "61 moves" in the results were two counts (the table
    closing a reaction window is a step of the review, not a move)."""
    match = _finished("clasico", (SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.ASTUTO), 5)
    table_steps = len(match.save().actions) - match.player_moves()
    assert table_steps > 0  # a game with windows, or the test tells nothing
    scene = _review(app, match)
    scene.position = len(match.save().actions)
    moves = match.player_moves()
    assert scene._move_heading() == app.loc.t("review.move", n=moves, total=moves)
    scene.position = 1
    assert scene._move_heading() == app.loc.t("review.move", n=1, total=moves)
