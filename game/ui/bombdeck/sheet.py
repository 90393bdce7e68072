"""Every bomb-deck card face on one page (``--screenshot FILE --scene cards``), for checking
the art: each card small, then a few at the size a hovered card is read at."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.bombdeck import cards as C
from game.ui import cards, theme
from game.ui.bombdeck.art import ART, back_of
from game.ui.bombdeck.face import fitting_title
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App


def _name_key(face: str) -> str:
    """The locale key of a face's name: a card of a rule set that has it, or the card whose
    art it is (Clásico's cats and its kitten)."""
    for game, faces in ART.items():
        for card, art in faces.items():
            if art == face:
                return f"card.{game}.{card}.name"
    game = next(ruleset.name for ruleset in C.RULESETS.values() if face in ruleset.cards)
    return f"card.{game}.{face}.name"


class CardSheet(Scene[None]):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        loc = self.app.loc
        has = getattr(loc, "has", None)
        for i, card in enumerate(cards.STYLES):
            key = _name_key(card)
            short = key.removesuffix(".name") + ".short"
            # as the hand shows it: whole, or its short form (never broken: review 2)
            title = fitting_title(loc.t(key), loc.t(short) if callable(has) and has(short)
                                  else "", cards.CARD_W)
            face = cards.draw_card(card, title, "")
            cards.blit_card(surface, face, (14 + (i % 12) * 105, 14 + (i // 12) * 172))
        # the backs beside the big faces: the shared one, and Clásico's with the kitten
        cards.blit_card(surface, cards.draw_back(), (1024, 360))
        cards.blit_card(surface, back_of("clasico"), (1148, 360))
        for i, card in enumerate((C.BOMB, C.SEE_FUTURE, C.NOPE, C.DEFUSE, "cat_ninja")):
            key = _name_key(card)
            face = cards.draw_card(card, self.app.loc.t(key),
                                   self.app.loc.t(key.removesuffix(".name") + ".effect"),
                                   cards.card_size(cards.HOVER_SCALE))
            cards.blit_card(surface, face, (14 + i * 196, 360), 12)


def show_sheet(app: App, code: str | None) -> None:
    app.stack.reset(CardSheet(app))
