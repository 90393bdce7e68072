"""Clásico's five cats are drawn as cats (the card ids stay animal_*, the art follows the rule
set), everywhere its cards are drawn; and its danger meter shows the ratio like the others."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.rules.bombdeck.cards import ANIMALS
from game.ui import cards
from game.ui.app import App
from game.ui.bombdeck import paint
from game.ui.bombdeck.art import art_of
from game.ui.bombdeck.choosers import CardChooser
from game.ui.bombdeck.face import hand_face
from game.ui.bombdeck.kit import legend
from game.ui.icons import draw_icon
from tests.ui.test_table import open_table
from tests.ui.textspy import spy

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


def _icon(card: str) -> bytes:
    surf = pygame.Surface((60, 60), pygame.SRCALPHA)
    draw_icon(surf, card, (0, 0, 60, 60), (0, 0, 0))  # one ink: the drawing must differ
    return pygame.image.tobytes(surf, "RGBA")


def test_five_distinct_cats_for_the_five_animal_cards(app: App) -> None:
    cats = [art_of("clasico", animal) for animal in ANIMALS]
    assert len(set(cats)) == 5 and all(cat.startswith("cat_") for cat in cats)
    assert [art_of("bombazo", animal) for animal in ANIMALS] == list(ANIMALS)
    pictures = {_icon(card) for card in (*cats, *ANIMALS)}
    assert len(pictures) == 10, "a cat drawn like another cat, or like an animal"
    faces = {pygame.image.tobytes(cards.draw_card(cat, "x", ""), "RGBA") for cat in cats}
    assert len(faces) == 5


def test_the_clasico_table_draws_cats(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    scene = open_table(app, Match(GameConfig("clasico", (P, AST, AST)), 3))
    for animal in ANIMALS:
        face = paint.face_of(scene, animal)  # with its effect line on it (issue 20)
        name, line = scene.namer.card(animal), scene.namer.line(animal)
        cat = hand_face(art_of("clasico", animal), name, line)
        plain = hand_face(animal, name, line)
        assert face is cat and face is not plain
    bombazo = open_table(app, Match(GameConfig("bombazo", (P, AST, AST)), 3))
    assert paint.face_of(bombazo, "animal_frog") is hand_face(
        "animal_frog", bombazo.namer.card("animal_frog"), bombazo.namer.line("animal_frog"))


def test_the_choosers_and_the_rules_page_draw_cats_too(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    scene = open_table(app, Match(GameConfig("clasico", (P, AST, AST)), 3))
    chooser = CardChooser(app, "Give", [("animal_frog", "Nap Cat", "")], scene.namer.art)
    assert chooser.art("animal_frog") == "cat_nap"
    icons = {icon for icon, _key in legend("clasico")}
    assert {art_of("clasico", a) for a in ANIMALS} <= icons and not icons & set(ANIMALS)
    assert set(ANIMALS) <= {icon for icon, _key in legend("bombazo")}


@pytest.mark.parametrize("game", ["clasico", "bombazo", "mazo"])
def test_every_meter_shows_the_ratio(silent_app: Callable[..., App],
                                     monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    app = silent_app("es")
    match = Match(GameConfig(game, (P, AST, AST)), 3)
    drawn = spy(monkeypatch)
    open_table(app, match)
    app.step(1 / 30)
    view = match.view_for(0)
    percent = f"{round(100 * view.danger)} %"
    assert percent in drawn.strings
    assert any(re.fullmatch(r"\d+ (bombas|gatitos) / \d+ cartas", t) for t in drawn.strings)
