"""Names for one Die Bombe table in the current language: seats, cards, colours and their
letters (``diebombe.*`` keys)."""

from __future__ import annotations

from game.rules.diebombe import cards as C
from game.ui.table.seats import SeatNamer


class Namer(SeatNamer):
    """Seat, card and colour names for one Die Bombe match."""

    def color(self, color: str) -> str:
        """"red" or "green" (lower case, for sentences)."""
        return self.t(f"diebombe.color.{color}")

    def letter(self, color: str | None) -> str:
        return self.t(f"diebombe.letter.{color}") if color is not None else ""

    def word(self, card: str) -> str:
        """The word printed on a face: "Red", "Green" or "Bomb"."""
        color = C.color_of(card)
        return self.t(f"diebombe.word.{color}" if color is not None else "diebombe.bomb")

    def card(self, card: str) -> str:
        """"red 17", "green 5", "a bomb"."""
        color = C.color_of(card)
        if color is None:
            return self.t("diebombe.a_bomb")
        return self.t(f"diebombe.card.{color}", n=C.value_of(card))
