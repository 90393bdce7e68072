"""Names for one Die Bombe table in the current language: seats, cards, colours and their
letters (``diebombe.*`` keys)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.config import SeatKind
from game.match.match import Match
from game.rules.diebombe import cards as C
from game.ui.locale import Translator, ordinal, plural


class Namer:
    """``loc`` is read on every call, so a language change shows at once."""

    def __init__(self, loc_source: Callable[[], Translator], match: Match) -> None:
        self._loc_source = loc_source
        self.match = match

    @property
    def loc(self) -> Translator:
        return self._loc_source()

    def t(self, key: str, /, **params: Any) -> str:
        return self.loc.t(key, **params)

    def plural(self, key: str, n: int, /, **params: Any) -> str:
        return plural(self.loc, key, n, **params)

    def ordinal(self, n: int) -> str:
        return ordinal(self.loc, n)

    def seat(self, seat: int) -> str:
        """"Player 2" for a person, "Crafty 3" for a machine (seat numbers shown from 1)."""
        kinds = self.match.config.seats
        if not 0 <= seat < len(kinds) or kinds[seat] is SeatKind.PERSON:
            return self.t("seat.player", n=seat + 1)
        level = self.t(f"level.{kinds[seat].value}.name")
        return self.t("seat.machine", level=level, n=seat + 1)

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
