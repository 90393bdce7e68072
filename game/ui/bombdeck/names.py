"""Display names for seats and cards, through the locale files."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.match.match import Match
from game.ui.bombdeck.art import art_of, back_of
from game.ui.cards import CARD_SIZE
from game.ui.locale import Translator
from game.ui.table.seats import SeatNamer


class Namer(SeatNamer):
    """Seat and card names for one bomb-deck match."""

    def __init__(self, loc_source: Callable[[], Translator], match: Match,
                 names: Callable[[], Sequence[str]] | None = None) -> None:
        super().__init__(loc_source, match, names)
        self.ruleset = match.config.game

    def card(self, card: str) -> str:
        return self.t(f"card.{self.ruleset}.{card}.name")

    def cards_of(self, card: str) -> str:
        """The plural a pair or a trio is named with ("a pair of Frogs"); the name itself where
        the rule set has no plural for that card."""
        key = f"card.{self.ruleset}.{card}.plural"
        has = getattr(self.loc, "has", None)
        if callable(has) and has(key):
            return self.t(key)
        return self.card(card)

    def art(self, card: str) -> str:
        """The picture ``card`` wears in this rule set (Clásico's animals are cats)."""
        return art_of(self.ruleset, card)

    def back(self, size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
        """This rule set's card back (Clásico's wears the kitten)."""
        return back_of(self.ruleset, size)

    def effect(self, card: str) -> str:
        return self.t(f"card.{self.ruleset}.{card}.effect")

    def line(self, card: str) -> str:
        """The effect in a few words, on the card's face in the hand (``face.py``)."""
        return self.t(f"card.{self.ruleset}.{card}.line")

    def cards(self, cards: tuple[str, ...]) -> str:
        return self.t("common.list_sep").join(self.card(c) for c in cards)

    @property
    def kitten(self) -> bool:
        """Clásico calls its bomb a kitten."""
        return self.ruleset == "clasico"
