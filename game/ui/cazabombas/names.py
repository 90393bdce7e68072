"""Names for one Caza Bombas table in the current language (``cazabombas.*`` keys): seats,
values (numbers, yellow, red) and their letters, equipment cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.config import SeatKind
from game.match.match import Match
from game.rules.cazabombas.wires import EQUIPMENT, RED, YELLOW, Value
from game.ui.locale import Translator, plural
from game.ui.players import seat_name


class Namer:
    """``loc`` and the people's names are read on every call, so a change shows at once."""

    def __init__(self, loc_source: Callable[[], Translator], match: Match,
                 names: Callable[[], Sequence[str]] | None = None) -> None:
        self._loc_source = loc_source
        self._names = names
        self.match = match
        self._owner: tuple[int, ...] | None = None

    @property
    def stand_owner(self) -> tuple[int, ...]:
        """The seat of each stand (fixed for a mission)."""
        if self._owner is None:
            self._owner = tuple(self.match.view_for(-1).stand_owner)
        return self._owner

    @property
    def loc(self) -> Translator:
        return self._loc_source()

    def t(self, key: str, /, **params: Any) -> str:
        return self.loc.t(key, **params)

    def plural(self, key: str, n: int, /, **params: Any) -> str:
        return plural(self.loc, key, n, **params)

    def seat(self, seat: int) -> str:
        """A person's own name (else "Player 2"); "Crafty 3" for a machine."""
        kinds = self.match.config.seats
        if not 0 <= seat < len(kinds) or kinds[seat] is SeatKind.PERSON:
            return seat_name(self.loc, self._names() if self._names is not None else (), seat)
        level = self.t(f"level.{kinds[seat].value}.name")
        return self.t("seat.machine", level=level, n=seat + 1)

    def seats(self, seats: Sequence[int]) -> str:
        names = [self.seat(s) for s in seats]
        if len(names) <= 1:
            return names[0] if names else ""
        return self.t("results.and", a=self.t("common.list_sep").join(names[:-1]), b=names[-1])

    @property
    def letters(self) -> tuple[str, str]:
        """The letters a yellow and a red tile carry in this language."""
        return self.t("cazabombas.letter.yellow"), self.t("cazabombas.letter.red")

    def value(self, value: Value) -> str:
        """"5", "yellow", "red": a value as a sentence names it."""
        if isinstance(value, int):
            return str(value)
        return self.t("cazabombas.value.yellow" if value == YELLOW else "cazabombas.value.red")

    def short(self, value: Value) -> str:
        """"5", or the letter of yellow or red: a chip's label."""
        if isinstance(value, int):
            return str(value)
        return self.letters[0] if value == YELLOW else self.letters[1]

    def card(self, number: int) -> str:
        return self.t(f"cazabombas.eq.{EQUIPMENT[number]}.name")

    def effect(self, number: int) -> str:
        return self.t(f"cazabombas.eq.{EQUIPMENT[number]}.effect")

    def values(self, values: Sequence[Value]) -> str:
        return self.t("common.list_sep").join(self.value(v) for v in values)


__all__ = ["RED", "YELLOW", "Namer"]
