"""Display names for seats and cards, through the locale files."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.config import SeatKind
from game.match.match import Match
from game.ui.bombdeck.art import art_of
from game.ui.locale import Translator, ordinal, plural
from game.ui.players import seat_name


class Namer:
    """Names for one match in the current language (``loc`` is read on every call, so a
    language change shows at once)."""

    def __init__(self, loc_source: Callable[[], Translator], match: Match,
                 names: Callable[[], Sequence[str]] | None = None) -> None:
        """``names``: the people's own names by seat (the settings'), read on every call."""
        self._loc_source = loc_source
        self._names = names
        self.match = match
        self.ruleset = match.config.game

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
        """A person's own name (else "Player 2"), "Crafty 3" for a machine (seat numbers shown
        from 1)."""
        kinds = self.match.config.seats
        if not 0 <= seat < len(kinds) or kinds[seat] is SeatKind.PERSON:
            return seat_name(self.loc, self._names() if self._names is not None else (), seat)
        level = self.t(f"level.{kinds[seat].value}.name")
        return self.t("seat.machine", level=level, n=seat + 1)

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

    def effect(self, card: str) -> str:
        return self.t(f"card.{self.ruleset}.{card}.effect")

    def cards(self, cards: tuple[str, ...]) -> str:
        return self.t("common.list_sep").join(self.card(c) for c in cards)

    @property
    def kitten(self) -> bool:
        """Clásico calls its bomb a kitten."""
        return self.ruleset == "clasico"
