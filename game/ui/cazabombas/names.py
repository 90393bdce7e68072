"""Names for one Caza Bombas table in the current language (``cazabombas.*`` keys): seats,
values (numbers, yellow, red) and their letters, equipment cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.match.source import TableSource
from game.rules.cazabombas.wires import EQUIPMENT, RED, YELLOW, Value
from game.ui.locale import Translator
from game.ui.table.seats import SeatNamer


class Namer(SeatNamer):
    """The shared seat names (``game.ui.table.seats``) with this game's values and cards."""

    def __init__(self, loc_source: Callable[[], Translator], match: TableSource,
                 names: Callable[[], Sequence[str]] | None = None) -> None:
        super().__init__(loc_source, match, names)
        self._owner: tuple[int, ...] | None = None

    @property
    def stand_owner(self) -> tuple[int, ...]:
        """The seat of each stand (fixed for a mission)."""
        if self._owner is None:
            self._owner = tuple(self.match.view_for(-1).stand_owner)
        return self._owner

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
