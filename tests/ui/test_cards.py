"""Card faces drawn by code: every card at two sizes, distinct pixels, icons small and big."""

from __future__ import annotations

import pygame
import pytest

from game.rules.bombdeck.cards import ALL_CARDS
from game.ui import cards
from game.ui.app import App
from game.ui.icons import ICONS, draw_icon

SIZES = (cards.CARD_SIZE, cards.card_size(cards.HOVER_SCALE))


@pytest.mark.parametrize("card_id", sorted(ALL_CARDS))
def test_every_card_renders_at_two_sizes(app: App, card_id: str) -> None:
    for size in SIZES:
        face = cards.draw_card(card_id, "Name", "One line of effect text", size)
        assert face.get_size() == size
        assert face.get_at((size[0] // 2, size[1] // 2)).a == 255  # opaque face
        assert face.get_at((0, 0)).a == 0  # rounded corner


def test_every_card_has_its_own_colour_and_icon(app: App) -> None:
    assert set(cards.STYLES) >= ALL_CARDS and set(ICONS) >= ALL_CARDS
    faces = {c: pygame.image.tobytes(cards.draw_card(c, "", "", cards.CARD_SIZE), "RGBA")
             for c in sorted(ALL_CARDS)}
    assert len(set(faces.values())) == len(faces)
    icons = {}
    for c in sorted(ALL_CARDS):
        surf = pygame.Surface((48, 48), pygame.SRCALPHA)
        draw_icon(surf, c, (0, 0, 48, 48), (0, 0, 0))  # same ink: the shape must differ
        icons[c] = pygame.image.tobytes(surf, "RGBA")
    assert len(set(icons.values())) == len(icons)


def test_two_different_cards_give_different_pixels(app: App) -> None:
    a = cards.draw_card("skip", "Skip", "")
    b = cards.draw_card("draw_bottom", "Skip", "")
    differing = sum(1 for x in range(0, a.get_width(), 3) for y in range(0, a.get_height(), 3)
                    if a.get_at((x, y)) != b.get_at((x, y)))
    assert differing > 200


def test_faces_and_backs_are_cached_per_size(app: App) -> None:
    assert cards.draw_card("nope", "Nope", "x") is cards.draw_card("nope", "Nope", "x")
    assert cards.draw_card("nope", "Nope", "x") is not cards.draw_card("nope", "Nope", "y")
    assert cards.draw_back() is cards.draw_back()
    assert cards.draw_back((55, 77)).get_size() == (55, 77)


def test_names_and_effects_change_the_face(app: App) -> None:
    plain = pygame.image.tobytes(cards.draw_card("bomb", "", "", SIZES[1]), "RGBA")
    named = pygame.image.tobytes(cards.draw_card("bomb", "Bomba", "", SIZES[1]), "RGBA")
    effect = pygame.image.tobytes(cards.draw_card("bomb", "Bomba", "¡Boom!", SIZES[1]), "RGBA")
    assert len({plain, named, effect}) == 3


def test_icons_draw_small_and_unknown_cards_do_not_crash(app: App) -> None:
    target = pygame.Surface((200, 200), pygame.SRCALPHA)
    for c in [*sorted(ALL_CARDS), "back", "wire_red", ""]:
        for side in (12, 20, 64):
            draw_icon(target, c, (10, 10, side, side))
    face = cards.draw_card("wire_red", "?", "")
    assert face.get_size() == cards.CARD_SIZE


def test_blit_card_with_shadow_and_fade(app: App) -> None:
    table = pygame.Surface((400, 400))
    table.fill((20, 60, 40))
    before = table.get_at((160, 170))
    cards.blit_card(table, cards.draw_back(), (50, 50), elevation=12)
    cards.blit_card(table, cards.draw_card("defuse", "D", ""), (200, 50), alpha=0.5)
    assert table.get_at((160, 170)) != before  # the shadow fell past the card
