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


class Drawn(NamedTuple):
    """A card drawn from the draw pile since the last shuffle: from the top or the bottom, and
    whether it was a bomb (everybody sees a bomb come out)."""

    seat: int
    bottom: bool
    bomb: bool


class Hidden(NamedTuple):
    """A bomb put back into the draw pile since the last shuffle, and what the table could see
    when it went in (where it went is the hider's secret)."""

    seat: int
    size: int
    """Cards in the draw pile before the bomb went in (it went to 0 … ``size`` from the top)."""
    owed: int
    """Turns the hider owed while hiding it, this one included."""
    markers: tuple[int, ...]
    """Every seat's 🧯 marker count at that moment."""
    alive: tuple[bool, ...]


class Peeked(NamedTuple):
    """A seat saw the top ``shown`` cards of the draw pile (``see_future``)."""

    seat: int
    shown: int


DeckEntry = Drawn | Hidden | Peeked


class SeatRecord(NamedTuple):
    """What a seat remembers beyond the table as it stands: a compact summary of the game so
    far, all of it public or known to this seat.

    ``deck`` lists what happened to the draw pile since the last shuffle (or the deal), in
    order; ``hid`` and ``saw`` add this seat's own secrets to its entries: where it hid its
    bombs and what its peeks showed."""

    kinds: tuple[str, ...]
    """Every seat's kind (``SeatKind`` values: "person", "astuto", …): public at the table."""
    last_actor: int
    """The last seat to act (a window is asked clockwise from the seat after it)."""
    shuffled: tuple[int, int]
    """Cards and bombs in the draw pile right after the last shuffle (or the deal)."""
    deck: tuple[DeckEntry, ...]
    hid: tuple[tuple[int, int], ...]
    """(index in ``deck``, position from the top) of each bomb this seat hid since then."""
    saw: tuple[tuple[int, tuple[str, ...]], ...]
    """(index in ``deck``, the cards it showed, top first) of each of this seat's peeks."""
    known: tuple[tuple[str, ...], ...]
    """Per seat, cards this seat knows that seat holds (sorted; its own hand's entry is
    empty): the dealt defuse, a trio's named card, its own gifts and the cards taken from it,
    a card it saw on the pile drawn by that seat; less what was seen leaving."""
    defuse_caps: tuple[int, ...]
    """Per seat, the most defuses it can hold: its dealt one, plus every card it took unseen
    (a draw, a gift, a steal), less the ones it spent or gave in public."""


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
    record: SeatRecord | None = None
    """The seat's memory of the game (``None`` only in a view built by hand)."""

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
