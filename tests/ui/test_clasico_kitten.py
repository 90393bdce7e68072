"""Clásico says kittens (issue 20): its bomb card, its deck back and its danger meter draw an
exploding kitten (drawn by code in ``bombdeck/kitten.py``), not Bombazo's bomb; read from the
frames the two tables draw."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.rules.bombdeck.cards import ANIMALS
from game.ui import gfx
from game.ui.app import App
from game.ui.bombdeck import layout as L
from game.ui.bombdeck import paint
from game.ui.bombdeck.art import art_of
from game.ui.bombdeck.centre import FUSE_Y
from game.ui.bombdeck.table import TableScene
from game.ui.icons import draw_icon
from tests.ui.test_table import open_table

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def _frame(app: App, game: str) -> tuple[TableScene, pygame.Surface]:
    scene = open_table(app, Match(GameConfig(game, (P, AST, AST)), 5))
    app.step(1 / 60)
    surface = gfx.Canvas((1280, 720))
    scene.draw(surface)
    app.stack.pop()
    return scene, surface


def test_the_clasico_bomb_deck_and_meter_show_a_kitten(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    kitten_table, kitten = _frame(app, "clasico")
    bomb_table, bomb = _frame(app, "bombazo")
    medallion = pygame.Rect(0, 0, 60, 60)
    medallion.center = L.DECK.center
    assert _pixels(kitten, medallion) != _pixels(bomb, medallion), "the deck back"
    meter_icon = pygame.Rect(L.METER.left + 10, L.METER.top + FUSE_Y - 24, 44, 44)
    assert _pixels(kitten, meter_icon) != _pixels(bomb, meter_icon), "the meter"
    face = pygame.image.tobytes(paint.face_of(kitten_table, "bomb"), "RGBA")
    assert face != pygame.image.tobytes(paint.face_of(bomb_table, "bomb"), "RGBA"), "the card"


def test_the_kitten_is_its_own_picture() -> None:
    kitten = art_of("clasico", "bomb")
    assert kitten != "bomb" and art_of("bombazo", "bomb") == "bomb"

    def icon(card: str) -> bytes:
        surf = pygame.Surface((60, 60), pygame.SRCALPHA)
        draw_icon(surf, card, (0, 0, 60, 60), (0, 0, 0))
        return pygame.image.tobytes(surf, "RGBA")

    others = {icon(card) for card in ("bomb", *(art_of("clasico", a) for a in ANIMALS))}
    assert icon(kitten) not in others and icon(kitten) != icon("unknown-card")
