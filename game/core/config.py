"""What pins a game before the first card: which game, its options, who sits where."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class SeatKind(StrEnum):
    """A seat is a person at the keyboard or a machine player of a given level."""

    PERSON = "person"
    LANZADO = "lanzado"
    ASTUTO = "astuto"
    DESPIADADO = "despiadado"
    MAESTRO = "maestro"

    @property
    def is_machine(self) -> bool:
        return self is not SeatKind.PERSON

    @property
    def searches(self) -> bool:
        """A level that searches before it acts (Maestro): a decision takes a noticeable
        while, so the screens let it think in the background and show that it does."""
        return self is SeatKind.MAESTRO

    @property
    def remembers(self) -> bool:
        """A level that reads its seat's record of the game (who hid each bomb, who peeked
        where; the bomb-deck view's ``record``). Keeping the record costs the engine a tenth
        of its speed, so a game keeps it only when a seat at the table reads it."""
        return self is SeatKind.MAESTRO


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A game id (``bombazo``, ``mazo``, ``clasico``, …), its seats and its option flags."""

    game: str
    seats: tuple[SeatKind, ...]
    options: frozenset[str] = field(default_factory=frozenset)
    first: int = 0

    @property
    def seat_count(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "seats": [kind.value for kind in self.seats],
            "options": sorted(self.options),
            "first": self.first,
        }

    @staticmethod
    def machines(game: str, count: int, level: SeatKind = SeatKind.LANZADO,
                 options: frozenset[str] = frozenset()) -> GameConfig:
        return GameConfig(game, tuple([level] * count), options)
