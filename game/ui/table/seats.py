"""Naming the seats of a table, shared by every game's screens: a person's own name (typed on
the new-game screen, else "Player 2"), "Crafty 3" for a machine, in the current language (read
on every call, so a language change shows at once). Each family's namer adds its cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.config import SeatKind
from game.match.source import TableSource
from game.ui.locale import Translator, ordinal, plural
from game.ui.players import person_names, seat_name


class SeatNamer:
    def __init__(self, loc_source: Callable[[], Translator], match: TableSource,
                 names: Callable[[], Sequence[str]] | None = None) -> None:
        """``names``: the people's own names by seat (the settings'), read on every call."""
        self._loc_source = loc_source
        self._names = names
        self.match = match

    @property
    def loc(self) -> Translator:
        return self._loc_source()

    def t(self, key: str, /, **params: Any) -> str:
        return self.loc.t(key, **params)

    def person_at(self, seat: int) -> bool:
        """A person plays ``seat``, at this computer or another: the table waits for them
        ("Waiting for Bo…"), it does not say they are thinking as a machine would. (The
        match's ``is_person`` is narrower on a joined table: the people at this computer,
        those whose input this screen takes.)"""
        return self.match.config.seats[seat] is SeatKind.PERSON

    def plural(self, key: str, n: int, /, **params: Any) -> str:
        return plural(self.loc, key, n, **params)

    def ordinal(self, n: int) -> str:
        return ordinal(self.loc, n)

    def seat(self, seat: int) -> str:
        """A person's own name (else "Player 2"), "Crafty 3" for a machine (seat numbers shown
        from 1)."""
        kinds = self.match.config.seats
        if not 0 <= seat < len(kinds) or kinds[seat] is SeatKind.PERSON:
            return seat_name(self.loc, person_names(self.match, self._names), seat)
        level = self.t(f"level.{kinds[seat].value}.name")
        return self.t("seat.machine", level=level, n=seat + 1)
