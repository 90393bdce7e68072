"""Choices that are not choices (issue 20): a chooser with one button is skipped and the table
says what it did; an empty deck has one place for the bomb; the card a favor gives is marked
first and given on a confirmation; a click lands on the card drawn where it clicks."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.core.config import GameConfig, SeatKind
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.ui.app import App
from game.ui.bombdeck.choosers import CardChooser, SeatChooser
from game.ui.bombdeck.hand import HandFan
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.table import TableScene
from tests.ui.conftest import click, key
from tests.ui.probes import Probe
from tests.ui.test_table import (
    card_centre,
    find_match,
    frames,
    holds,
    my_turn,
    open_table,
    until,
)

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


def test_the_only_opponent_is_asked_without_a_chooser_and_the_table_says_so(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = find_match(GameConfig("bombazo", (P, AST)), holds(0, "favor"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    click(card_centre(scene, "favor"))
    frames(app)
    assert scene.panel is not None
    play = scene.panel.primary()
    assert play is not None
    click(play.rect.center)
    frames(app, 3)
    assert not isinstance(app.stack.top, SeatChooser)
    assert match.submitted == [(0, Action(A.PLAY, "favor", 1))]
    assert "Favor" in scene.said and "nobody else" in scene.said
    assert scene.said_left > 0


def _defuse_into_an_empty_deck(app: App) -> tuple[TableScene, list[object]]:
    match = find_match(GameConfig("bombazo", (P, AST)), holds(0, "defuse"))
    match._state.deck[:] = ["bomb"]  # the last card of the deck is a bomb
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    pushed: list[object] = []
    key(pygame.K_SPACE)  # draw it
    for _ in range(600):
        frames(app)
        if isinstance(app.stack.top, HideBombScene):
            pushed.append(app.stack.top)
            break
        if scene.timeline.skippable:
            key(pygame.K_RETURN)  # cut the big moments short
        if match.pending().phase == "play" and match.moves > 1:
            break
    return scene, pushed


def test_an_empty_deck_takes_the_bomb_back_without_the_picker(
        silent_app: Callable[..., App]) -> None:
    app = silent_app()
    scene, pushed = _defuse_into_an_empty_deck(app)
    match = scene.match
    assert pushed == []  # no picker over "0 cards in the deck"
    assert (0, Action(A.PLACE_BOMB, position=0)) in match.submitted  # type: ignore[attr-defined]
    assert "deck was empty" in scene.said


def test_the_favor_chooser_marks_a_card_and_gives_it_on_a_confirmation(app: App) -> None:
    below = Probe(app)
    app.stack.reset(below)
    chooser = CardChooser(app, "Give", [("defuse", "Defuse", ""), ("skip", "Skip", "×2")])
    app.stack.push(chooser)
    frames(app, 20)
    key(pygame.K_SPACE)  # the focused card: marked, not given
    frames(app)
    assert below.results == [] and chooser.chosen == 0
    key(pygame.K_RIGHT)
    key(pygame.K_SPACE)  # another card: marked instead
    frames(app)
    assert below.results == [] and chooser.chosen == 1
    assert chooser._give_text() == "Give Skip"
    key(pygame.K_SPACE)  # Space again: still only marked (Space never gives, review 2)
    frames(app)
    assert below.results == [] and chooser.chosen == 1
    key(pygame.K_RETURN)  # Enter on the marked card: given
    frames(app)
    assert below.results == ["skip"]


def test_a_click_goes_to_the_card_drawn_under_it() -> None:
    """Each card drawn in its own colour: at every sampled point well inside a card, the
    hand's hit test names the card whose colour is there (a card still shrinking back after
    the mouse left it is drawn over its neighbours, and so takes their clicks only there)."""
    colours = [(20 + k * 28, 200 - k * 20, 60 + k * 15) for k in range(8)]

    def face(card: str, big: bool, shown: int | None) -> pygame.Surface:
        surf = pygame.Surface((110, 154))
        surf.fill(colours[int(card[1:])])
        return surf

    wrong = checked = 0
    for scenario in range(30):
        rng = random.Random(scenario)
        fan = HandFan()
        fan.set_cards(tuple(f"c{k}" for k in range(8)))
        first = fan.rect_of(rng.randrange(8))
        assert first is not None
        fan.mouse(first.center)
        for _ in range(rng.randrange(1, 30)):
            fan.update(1 / 60)
        fan.mouse((rng.randrange(244, 1270), rng.randrange(440, 720)))
        for _ in range(rng.randrange(0, 5)):
            fan.update(1 / 60)
        surf = pygame.Surface((1280, 720))
        surf.fill((0, 0, 0))
        fan.draw(surf, face, 0.0)
        for _ in range(300):
            pos = (rng.randrange(250, 1264), rng.randrange(420, 714))
            colour = tuple(surf.get_at(pos))[:3]
            if colour not in colours or any(
                    tuple(surf.get_at((pos[0] + dx, pos[1] + dy)))[:3] != colour
                    for dx in (-4, 4) for dy in (-4, 4)):
                continue  # an edge or the felt
            checked += 1
            if fan._hit(pos) != colours.index(colour):
                wrong += 1
    assert checked > 2000
    assert wrong == 0
