"""The choosers return what was clicked (or chosen with the keyboard), ``None`` on cancel."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.bombdeck.choosers import CardChooser, NameCardChooser, SeatChooser
from tests.ui.conftest import click, frames, key
from tests.ui.probes import Probe


def _over_probe(app: App, scene: object) -> Probe:
    below = Probe(app)
    app.stack.reset(below)
    app.stack.push(scene)  # type: ignore[arg-type]
    frames(app, 20)
    return below


def test_the_seat_chooser_returns_the_clicked_seat(app: App) -> None:
    chooser = SeatChooser(app, "Who?", [(1, "Crafty 2"), (3, "Crafty 4"), (5, "Player 6")])
    below = _over_probe(app, chooser)
    assert sorted(chooser.buttons) == [1, 3, 5]  # only the seats it was given
    click(chooser.buttons[3].rect.center)
    frames(app)
    assert below.results == [3]


def test_the_seat_chooser_takes_a_seats_number_key(app: App) -> None:
    chooser = SeatChooser(app, "Who?", [(1, "Crafty 2"), (2, "Crafty 3")])
    below = _over_probe(app, chooser)
    key(pygame.K_3)
    frames(app)
    assert below.results == [2]


def test_the_seat_chooser_can_be_cancelled(app: App) -> None:
    chooser = SeatChooser(app, "Who?", [(1, "Crafty 2")])
    below = _over_probe(app, chooser)
    key(pygame.K_ESCAPE)
    frames(app)
    assert below.results == [None]


def test_the_card_chooser_returns_the_clicked_card(app: App) -> None:
    chooser = CardChooser(app, "Give", [("defuse", "Defuse", ""), ("skip", "Skip", "×2")])
    below = _over_probe(app, chooser)
    click(chooser.card_rect(1).center)
    frames(app)
    assert below.results == []  # marked, not yet given
    click(chooser.give.rect.center)
    frames(app)
    assert below.results == ["skip"]


def test_the_card_chooser_cannot_be_cancelled_and_takes_arrows(app: App) -> None:
    from game.ui.scenes.pause import PauseScene

    chooser = CardChooser(app, "Give", [("defuse", "Defuse", ""), ("skip", "Skip", "")])
    below = _over_probe(app, chooser)
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.stack.top, PauseScene) and below.results == []
    key(pygame.K_ESCAPE)  # resume
    frames(app, 20)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == []  # marked: the same key again gives it
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == ["skip"]


def test_the_name_chooser_returns_the_named_card(app: App) -> None:
    names = [(c, c.title(), "") for c in ("attack", "defuse", "favor", "nope", "shuffle",
                                          "skip", "see_future", "animal_frog", "animal_chicken")]
    chooser = NameCardChooser(app, "Name a card", names)
    below = _over_probe(app, chooser)
    click(chooser.card_rect(8).center)  # the second row
    frames(app)
    assert below.results == ["animal_chicken"]
