"""Which picture a card of the bomb deck wears: the card ids are the rules', the art is the rule
set's. Clásico's five animal cards are its five cats (RULES.md §1), drawn as cats, not as the
chicken, frog, hedgehog, octopus and raccoon of Bombazo; and its bomb is an exploding kitten
(``kitten.py``), on its bomb card, its deck back, its danger meter, its explosion and its
hot-seat curtain."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import cards
from game.ui.bombdeck.kitten import KITTEN, kitten_back
from game.ui.scenes import curtain

ART: dict[str, dict[str, str]] = {
    "clasico": {
        "bomb": KITTEN,
        "animal_chicken": "cat_churro",
        "animal_frog": "cat_nap",
        "animal_hedgehog": "cat_whiskers",
        "animal_octopus": "cat_pirate",
        "animal_raccoon": "cat_ninja",
    },
}

BACKS: dict[str, Callable[[tuple[int, int]], pygame.Surface]] = {"clasico": kitten_back}
"""A rule set's own card back (the shared one by default)."""

for _ruleset, _art in ART.items():  # its hot-seat curtain shows its own bomb too
    if "bomb" in _art:
        curtain.PICTURES.setdefault(_ruleset, _art["bomb"])


def art_of(ruleset: str, card: str) -> str:
    """The face and icon ``card`` is drawn with in ``ruleset`` (the card id itself by default)."""
    return ART.get(ruleset, {}).get(card, card)


def back_of(ruleset: str, size: tuple[int, int] = cards.CARD_SIZE) -> pygame.Surface:
    """The back of ``ruleset``'s cards at ``size``."""
    return BACKS.get(ruleset, cards.draw_back)(size)
