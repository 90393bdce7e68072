"""Every bomb-deck card face on one page (``--screenshot FILE --scene cards``), for checking
the art: each card small, then a few at the size a hovered card is read at."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.bombdeck import cards as C
from game.ui import cards, theme
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App


def _rule_set_of(card: str) -> str:
    """A rule set that has ``card`` (its name comes from that rule set's locale keys)."""
    return next(ruleset.name for ruleset in C.RULESETS.values() if card in ruleset.cards)


class CardSheet(Scene[None]):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        for i, card in enumerate(cards.STYLES):
            name = self.app.loc.t(f"card.{_rule_set_of(card)}.{card}.name")
            face = cards.draw_card(card, name, "")
            cards.blit_card(surface, face, (14 + (i % 10) * 126, 14 + (i // 10) * 172))
        cards.blit_card(surface, cards.draw_back(), (14 + 9 * 126, 186))
        for i, card in enumerate((C.BOMB, C.SEE_FUTURE, C.NOPE, C.DEFUSE, "animal_raccoon")):
            game = _rule_set_of(card)
            face = cards.draw_card(card, self.app.loc.t(f"card.{game}.{card}.name"),
                                   self.app.loc.t(f"card.{game}.{card}.effect"),
                                   cards.card_size(cards.HOVER_SCALE))
            cards.blit_card(surface, face, (14 + i * 196, 360), 12)


def show_sheet(app: App, code: str | None) -> None:
    app.stack.reset(CardSheet(app))
