"""What happened in Die Bombe, as small frozen records the screens animate and the log prints.

``secret_to`` names the seats that may see an event's hidden detail; ``public()`` is the same
event with that detail removed. Only a sealed bid is secret: the table sees that a seat has bid,
and the amount only when every bid is revealed.
"""

from __future__ import annotations

from typing import NamedTuple


class RoundStarted(NamedTuple):
    round: int
    faceup: tuple[str, ...]
    secret_to: tuple[int, ...] | None = None

    def public(self) -> RoundStarted:
        return self


class BidPlaced(NamedTuple):
    """A seat sealed its bid; ``amount`` is seen by that seat alone until the reveal."""

    seat: int
    amount: int | None
    rebid: bool
    secret_to: tuple[int, ...] | None

    def public(self) -> BidPlaced:
        return self._replace(amount=None) if self.secret_to is not None else self


class BidsRevealed(NamedTuple):
    """Every bid of a bidding at once. ``bids``: per seat (``None``: not in this bidding).
    ``highest``: the seats with the highest bid (several: they bid again). ``second``: the
    seat that takes the other card for free, or ``None`` (a tie for second, a rebid, a
    single card, or several highest)."""

    bids: tuple[int | None, ...]
    rebid: bool
    highest: tuple[int, ...]
    second: int | None
    secret_to: tuple[int, ...] | None = None

    def public(self) -> BidsRevealed:
        return self


class CardTaken(NamedTuple):
    """``seat`` took ``card``; ``paid`` is the bid it paid (0 for the second's free card)."""

    seat: int
    card: str
    paid: int
    secret_to: tuple[int, ...] | None = None

    def public(self) -> CardTaken:
        return self


class CardLeft(NamedTuple):
    """``card`` left the game: ``why`` is ``tie`` (nobody takes it: a tie for second or a
    rebid), ``no_target`` (a bomb with no card to cover)."""

    card: str
    why: str
    secret_to: tuple[int, ...] | None = None

    def public(self) -> CardLeft:
        return self


class BombPlayed(NamedTuple):
    """``bomber`` played a bomb on ``target``, covering ``covered``: both left the game."""

    bomber: int
    target: int
    covered: str
    secret_to: tuple[int, ...] | None = None

    def public(self) -> BombPlayed:
        return self


class GameOver(NamedTuple):
    scores: tuple[int, ...]
    places: tuple[int, ...]
    ranking: tuple[int, ...]
    secret_to: tuple[int, ...] | None = None

    def public(self) -> GameOver:
        return self


DieEvent = (RoundStarted | BidPlaced | BidsRevealed | CardTaken | CardLeft | BombPlayed
            | GameOver)
