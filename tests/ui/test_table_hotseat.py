"""Hot seat at the table: the curtain before every other person's decision (a favor's gift
included), and again after a reaction window everybody watched."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.ui.app import App
from game.ui.bombdeck.choosers import CardChooser
from game.ui.scenes.curtain import CurtainScene
from tests.ui.conftest import key
from tests.ui.test_table import find_match, frames, holds, my_turn, open_table, until

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
PACE = Pace(machine_delay=0.05, machine_window_delay=3.0, window_seconds=0.4)


def _curtain(app: App) -> Callable[[], bool]:
    return lambda: isinstance(app.stack.top, CurtainScene) and app._guard <= 0


def test_a_favor_brings_the_curtain_for_the_giver_then_the_card_chooser(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    config = GameConfig("bombazo", (P, P, AST))

    def fits(match: object) -> bool:
        from game.match.match import Match

        assert isinstance(match, Match)
        return holds(0, "favor")(match) and "nope" not in match.view_for(0).hand \
            and "nope" not in match.view_for(1).hand

    match = find_match(config, fits)
    scene = open_table(app, match, PACE)
    until(app, _curtain(app))
    assert app.stack.top.seat == 0  # type: ignore[union-attr]
    key(pygame.K_RETURN)
    until(app, my_turn(app, scene))
    scene.submit(Action(A.PLAY, "favor", 1))
    until(app, _curtain(app))
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.seat == 1
    assert "choose a card to give" in curtain.reason
    assert not scene.private_ok
    key(pygame.K_RETURN)
    until(app, lambda: isinstance(app.stack.top, CardChooser) and app._guard <= 0)
    assert scene.home == 1 and scene.private_ok
    chooser = app.stack.top
    assert isinstance(chooser, CardChooser)
    given = chooser.choices[0][0]
    key(pygame.K_RETURN)  # marks the card
    frames(app)
    key(pygame.K_RETURN)  # gives it
    until(app, lambda: match.pending().phase == "play")
    assert match.submitted[-1] == (1, Action(A.GIVE, given))


def test_after_a_window_on_their_own_play_the_player_shows_their_cards_on_the_table(
        silent_app: Callable[..., App]) -> None:
    """Everybody watched the window, so the hand went face down; it is still the same
    person's turn: no second curtain (issue 20's review), their cards wait face down under
    their name until Show my cards (Space), and that press does not also draw."""
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, P, AST)), holds(0, "see_future"))
    scene = open_table(app, match, PACE)
    until(app, _curtain(app))
    key(pygame.K_RETURN)
    until(app, my_turn(app, scene))
    scene.submit(Action(A.PLAY, "see_future"))
    until(app, lambda: match.pending().is_window)
    assert not scene.private_ok  # everybody is looking
    until(app, lambda: not match.pending().is_window and not scene.busy)
    frames(app, 10)
    assert not isinstance(app.stack.top, CurtainScene)
    assert scene.veiled and scene.show_button.visible and not scene.draw_button.visible
    assert not scene.private_ok and not scene.hand.faces
    from game.ui.bombdeck.paint import _banner_rows

    assert _banner_rows(scene) == []  # not "Waiting for Player 1…" over their own turn
    moves = match.moves
    key(pygame.K_1)  # nothing but Show my cards acts while they are face down
    key(pygame.K_LEFT)
    frames(app, 3)
    assert scene.veiled and match.moves == moves
    key(pygame.K_SPACE)
    frames(app, 3)
    assert scene.private_ok and scene.hand.faces and scene.shown.clues  # the peek, theirs
    assert match.moves == moves and not scene.show_button.visible  # Space did not draw
    key(pygame.K_SPACE)
    frames(app, 3)
    assert match.moves == moves + 1  # the next one does


def test_after_a_window_another_persons_turn_still_brings_the_whole_curtain(
        silent_app: Callable[..., App]) -> None:
    """The window on someone's play was watched by all; when it is then another person's
    decision (the attacked person, here), the whole curtain comes down for them."""
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, P, AST)),
                       lambda m: holds(0, "attack")(m) and "nope" not in m.view_for(1).hand)
    scene = open_table(app, match, PACE)
    until(app, _curtain(app))
    key(pygame.K_RETURN)
    until(app, my_turn(app, scene))
    scene.submit(Action(A.PLAY, "attack"))
    until(app, _curtain(app))
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.seat == 1
    assert not scene.veiled
