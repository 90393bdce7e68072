"""States that went stale or wrong at the table, through real pygame events: the draw
button's count on someone else's turn, your own badge hiding the defuse you hold."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.ui.app import App
from tests.ui.conftest import frames, post
from tests.ui.test_table import find_match, holds, my_turn, open_table, until
from tests.ui.textspy import spy

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


# --- the draw button -----------------------------------------------------------------------------

def test_after_your_attack_the_button_says_no_count_on_the_machines_turn(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    def ready(match: Match) -> bool:  # nobody can nope the attack away
        return holds(0, "attack")(match) and not any(
            "nope" in match.view_for(seat).hand for seat in (1, 2))

    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)), ready)
    scene = open_table(app, match, Pace(machine_delay=30.0, machine_window_delay=30.0,
                                        window_seconds=0.2))
    until(app, my_turn(app, scene))
    scene.submit(Action(A.PLAY, "attack"))
    until(app, lambda: not scene.busy and match.pending().seat == 1)
    assert scene.shown.turns_owed == 2 and scene.shown.current == 1
    drawn = spy(monkeypatch)
    frames(app, 3)
    assert scene.draws_left() == 0
    assert "Draw" in drawn.strings
    assert not [text for text in drawn.strings if "left" in text]


def test_when_you_owe_two_the_chip_says_so(silent_app: Callable[..., App],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("es")

    def attacked(match: Match) -> bool:
        for _ in range(400):  # machines move; the person draws
            if match.is_over():
                return False
            pending = match.pending()
            if pending.seat == 0 and pending.phase == "play":
                if match.view_for(0).turns_owed == 2:
                    return True
                match.submit(0, A.DRAW_ACTION)
            elif pending.by_person:
                match.submit(0, match.legal_for(0)[0])
            else:
                match.step()
        return False

    match = find_match(GameConfig("bombazo", (P, AST)), attacked)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    drawn = spy(monkeypatch)
    frames(app, 2)
    assert scene.draws_left() == 2 and "te quedan 2" in drawn.strings


# --- your badge ----------------------------------------------------------------------------------

def _two_defuses(match: Match) -> bool:
    """The person holds two defuses, the table knows of one (they drew the second)."""
    for _ in range(600):
        if match.is_over():
            return False
        pending = match.pending()
        if pending.seat == 0 and pending.phase == "play":
            view = match.view_for(0)
            if view.hand.count("defuse") >= 2 and view.seats[0].defuses_proven == 1:
                return True
            match.submit(0, A.DRAW_ACTION)
        elif pending.by_person:
            match.submit(0, match.legal_for(0)[0])
        else:
            match.step()
    return False


def test_your_badge_shows_the_defuses_you_hold_and_what_the_others_know(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)), _two_defuses)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    held = match.view_for(0).hand.count("defuse")
    drawn = spy(monkeypatch)
    frames(app, 2)
    assert f"×{held}" in drawn.strings  # what you know: your hand
    home = scene.layout.badges()[0]
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=home.center, rel=(0, 0),
                            buttons=(0, 0, 0)))
    frames(app, 2)
    assert f"In your hand: Defuse ×{held}" in drawn.strings
    assert "Seen by the others: Defuse ×1" in drawn.strings  # what they see: the public count


def test_the_others_badges_show_only_the_public_count(silent_app: Callable[..., App],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.bombdeck import paint

    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)), _two_defuses)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    badges: dict[str, object] = {}
    real = paint.draw_badge

    def record(surface: pygame.Surface, rect: pygame.Rect, info: object, *a: object,
               **kw: object) -> None:
        badges[info.name] = info  # type: ignore[attr-defined]
        real(surface, rect, info, *a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "draw_badge", record)
    frames(app, 2)
    mine = badges["Player 1"]
    assert mine.held == match.view_for(0).hand.count("defuse")  # type: ignore[attr-defined]
    assert mine.defuses == 1  # type: ignore[attr-defined]
    for seat in (1, 2):
        other = badges[scene.namer.seat(seat)]
        assert other.held is None  # type: ignore[attr-defined]
