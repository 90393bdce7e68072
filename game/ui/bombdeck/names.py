"""Display names for seats and cards, through the locale files."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import pygame

from game.match.source import TableSource
from game.ui.bombdeck.art import art_of, back_of
from game.ui.cards import CARD_SIZE
from game.ui.locale import Translator
from game.ui.table.seats import SeatNamer

T = TypeVar("T")


class Namer(SeatNamer):
    """Seat and card names for one bomb-deck match."""

    def __init__(self, loc_source: Callable[[], Translator], match: TableSource,
                 names: Callable[[], Sequence[str]] | None = None) -> None:
        super().__init__(loc_source, match, names)
        self.ruleset = match.config.game
        self._kept: dict[str, tuple[Hashable, object]] = {}

    def words(self) -> Hashable:
        """All that this namer's words depend on besides what is asked: the language (its
        translator) and the people's names (a joined table's, this computer's)."""
        remote = getattr(self.match, "names", None)
        own = self._names() if self._names is not None else ()
        return (self.loc, tuple(remote) if isinstance(remote, list) else None, tuple(own))

    def kept(self, name: str, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, kept while ``key`` and :meth:`words` stay the same (one value for each
        ``name``): the table asks for its log's lines every frame, and they change only with a
        new entry (formatting 24 events every frame took 0.2–0.5 ms)."""
        full = (key, self.words())
        found = self._kept.get(name)
        if found is not None and found[0] == full:
            return found[1]  # type: ignore[return-value]
        value = make()
        self._kept[name] = (full, value)
        return value

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

    def short(self, card: str) -> str:
        """The card's short title, for a face too narrow for its name (a long hand, a long
        name); empty where the locale has none (the face then cuts the name itself)."""
        key = f"card.{self.ruleset}.{card}.short"
        has = getattr(self.loc, "has", None)
        return self.t(key) if callable(has) and has(key) else ""

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
