"""Die Bombe's game state: plain lists behind slots, copied in one cheap pass.

The deck is stored bottom first so that turning up the top card is a ``pop()``; "top first"
exists only at the edges (scenario files and their output). Sealed bids live in ``bids`` and
nowhere else until the reveal: the view reads only the bidder's own entry, so a bid cannot leak
through a screen or a machine player.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from game.core.rng import Pcg32


class Phase(StrEnum):
    BID = "bid"
    """Every seat bids in secret for the face-up cards."""
    REBID = "rebid"
    """The seats tied for the highest bid bid again in secret, for one card."""
    TAKE = "take"
    """The highest bidder chooses a face-up card."""
    BOMB = "bomb"
    """A seat that took a bomb plays it on another seat."""
    OVER = "over"


class RoundRecord(NamedTuple):
    """One finished round as everybody saw it: the public record the machine players read
    (their only clue to how the others bid)."""

    round: int
    faceup: tuple[str, ...]
    reveals: tuple[tuple[int | None, ...], ...]
    """Every reveal of the round, the first bids first: per seat its bid (``None``: not in
    that bidding, a seat left out of a rebid)."""
    taker: int
    card: str
    price: int
    second: int | None
    """The seat that took the other card for free, ``None`` when nobody did."""
    other: str | None
    """The card the second took, ``None`` when nobody took one."""


class DieState:
    """Everything about one game of Die Bombe, the deck order and sealed bids included."""

    __slots__ = (
        "any_card",
        "bidders",
        "bids",
        "bombers",
        "deck",
        "faceup",
        "green_doubles",
        "history",
        "minus",
        "options",
        "phase",
        "price",
        "reveals",
        "rng",
        "round",
        "second",
        "set_aside",
        "taker",
        "total_cards",
        "won",
    )

    options: frozenset[str]
    any_card: bool
    green_doubles: bool
    deck: list[str]
    faceup: list[str]
    won: list[list[str]]
    minus: list[int]
    set_aside: list[str]
    phase: Phase
    round: int
    bidders: tuple[int, ...]
    """The seats in the bidding now: every seat, or the seats tied for the highest bid."""
    bids: list[int | None]
    """Per seat, its sealed bid in the bidding now (``None``: not in yet, or not bidding)."""
    reveals: tuple[tuple[int | None, ...], ...]
    """The reveals of the round in progress (see ``RoundRecord.reveals``)."""
    taker: int
    """The seat that takes (phase take), else -1."""
    price: int
    """What the taker pays when it takes: its winning bid."""
    second: int
    """The seat that takes the other card for free, -1 when nobody does (a tie for second,
    a rebid, a round with one card left): the card the taker leaves goes out of the game."""
    bombers: list[int]
    """Seats holding a bomb they must play, the next to play first."""
    history: tuple[RoundRecord, ...]
    rng: Pcg32
    total_cards: int

    @property
    def seats(self) -> int:
        return len(self.won)

    def copy(self) -> DieState:
        twin = DieState.__new__(DieState)
        twin.options = self.options
        twin.any_card = self.any_card
        twin.green_doubles = self.green_doubles
        twin.deck = self.deck[:]
        twin.faceup = self.faceup[:]
        twin.won = [cards[:] for cards in self.won]
        twin.minus = self.minus[:]
        twin.set_aside = self.set_aside[:]
        twin.phase = self.phase
        twin.round = self.round
        twin.bidders = self.bidders
        twin.bids = self.bids[:]
        twin.reveals = self.reveals
        twin.taker = self.taker
        twin.price = self.price
        twin.second = self.second
        twin.bombers = self.bombers[:]
        twin.history = self.history
        twin.rng = self.rng.copy()
        twin.total_cards = self.total_cards
        return twin

    def snapshot(self) -> tuple[object, ...]:
        """Every field as plain values: two states are the same game iff snapshots are equal."""
        return (
            tuple(sorted(self.options)), tuple(self.deck), tuple(self.faceup),
            tuple(tuple(cards) for cards in self.won), tuple(self.minus),
            tuple(self.set_aside), self.phase.value, self.round, self.bidders,
            tuple(self.bids), self.reveals, self.taker, self.price, self.second,
            tuple(self.bombers), self.history, self.rng.state, self.rng.inc, self.total_cards,
        )

    def card_count(self) -> int:
        """Cards in the game's places now: deck, face up, won, set aside, bombs in hand."""
        return (len(self.deck) + len(self.faceup) + sum(len(cards) for cards in self.won)
                + len(self.set_aside) + len(self.bombers))
