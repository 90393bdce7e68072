"""What one seat may know in Die Bombe: the only thing a machine player or a screen receives.

Everything at this table is public except the deck's order and the bids not yet revealed. A
view holds the seat's own sealed bid and, of the others, only whether they have bid: two
states that differ in another seat's sealed bid give equal views. The cards still unseen are
given as a sorted multiset (what a player at the real table counts), never in deck order.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.diebombe.scoring import scores
from game.rules.diebombe.state import RoundRecord


class DieView(NamedTuple):
    game: str
    options: frozenset[str]
    seat: int
    phase: str
    """A ``Phase`` value: "bid", "rebid", "take", "bomb" or "over"."""
    round: int
    faceup: tuple[str, ...]
    deck_size: int
    unseen: tuple[str, ...]
    """The cards still face down, sorted (their order is hidden)."""
    won: tuple[tuple[str, ...], ...]
    """Per seat, its cards in the order won."""
    minus: tuple[int, ...]
    set_aside: tuple[str, ...]
    bidders: tuple[int, ...]
    """The seats in the bidding now (phases bid and rebid)."""
    has_bid: tuple[bool, ...]
    my_bid: int | None
    """This seat's own sealed bid in the bidding now."""
    taker: int | None
    price: int | None
    """What the taker pays (phase take)."""
    second: int | None
    """The seat that takes the other card for free (phase take); ``None``: the card the taker
    leaves goes out of the game."""
    bombers: tuple[int, ...]
    """Seats that must play a bomb, the next one first."""
    reveals: tuple[tuple[int | None, ...], ...]
    """The reveals of the round in progress."""
    history: tuple[RoundRecord, ...]

    @property
    def seats(self) -> int:
        return len(self.won)

    @property
    def any_card_bombed(self) -> bool:
        return "any_card_bombed" in self.options

    @property
    def green_doubles(self) -> bool:
        return "green_majority_doubles" in self.options

    def scores(self) -> list[int]:
        """Every seat's score as if the game ended now."""
        return scores(self.won, self.minus, self.green_doubles)
