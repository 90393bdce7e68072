"""What one seat may know: the only thing a machine player or a screen ever receives.

Views are NamedTuples of tuples: immutable, cheap to build on every decision, and equal for
two states that differ only in what the seat may not see.
"""

from __future__ import annotations

from typing import NamedTuple


class SeatInfo(NamedTuple):
    cards: int
    alive: bool
    shield: bool
    defuses_proven: int


class PublicPlay(NamedTuple):
    """The play under a reaction window, or the favor waiting for its gift."""

    seat: int
    verb: str
    cards: tuple[str, ...]
    target: int | None
    named: str | None
    nopes: int


class BombView(NamedTuple):
    game: str
    options: frozenset[str]
    reactions: bool
    seat: int
    phase: str
    """A ``Phase`` value (a str enum): "play", "react", "give", "place_bomb" or "over"."""
    current: int
    turns_owed: int
    attacked: bool
    hand: tuple[str, ...]
    clues: tuple[tuple[int, str], ...]
    """(position from the top, card) pairs, top first."""
    seats: tuple[SeatInfo, ...]
    deck_size: int
    bombs: int
    discard: tuple[str, ...]
    out: tuple[int, ...]
    pending: PublicPlay | None
    giver: int | None

    @property
    def danger(self) -> float:
        return self.bombs / self.deck_size if self.deck_size else 0.0

    def alive_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.alive]

    def clue_at(self, position: int) -> str | None:
        for pos, card in self.clues:
            if pos == position:
                return card
        return None
