"""What happened, as small frozen records the screens animate and the log prints.

``secret_to`` names the seats that may see an event's hidden detail (the card drawn, where a
bomb went, which card changed hands); ``public()`` is the same event with that detail removed,
which is all any other seat ever receives.
"""

from __future__ import annotations

from typing import NamedTuple


class CardPlayed(NamedTuple):
    seat: int
    verb: str
    cards: tuple[str, ...]
    target: int | None = None
    named: str | None = None
    secret_to: tuple[int, ...] | None = None

    def public(self) -> CardPlayed:
        return self


class Noped(NamedTuple):
    seat: int
    nopes: int
    secret_to: tuple[int, ...] | None = None

    def public(self) -> Noped:
        return self


class WindowClosed(NamedTuple):
    cancelled: bool
    secret_to: tuple[int, ...] | None = None

    def public(self) -> WindowClosed:
        return self


class CardDrawn(NamedTuple):
    seat: int
    card: str | None
    bottom: bool
    secret_to: tuple[int, ...] | None

    def public(self) -> CardDrawn:
        return self._replace(card=None) if self.secret_to is not None else self


class BombDrawn(NamedTuple):
    seat: int
    defused: bool
    secret_to: tuple[int, ...] | None = None

    def public(self) -> BombDrawn:
        return self


class BombHidden(NamedTuple):
    seat: int
    position: int | None
    secret_to: tuple[int, ...] | None

    def public(self) -> BombHidden:
        return self._replace(position=None)


class PlayerExploded(NamedTuple):
    seat: int
    secret_to: tuple[int, ...] | None = None

    def public(self) -> PlayerExploded:
        return self


class CardTaken(NamedTuple):
    """A card moved from ``giver`` to ``taker`` (pair, swipe, favor, trio)."""

    giver: int
    taker: int
    card: str | None
    how: str
    secret_to: tuple[int, ...] | None

    def public(self) -> CardTaken:
        return self._replace(card=None) if self.secret_to is not None else self


class FutureSeen(NamedTuple):
    seat: int
    cards: tuple[str, ...]
    secret_to: tuple[int, ...] | None

    def public(self) -> FutureSeen:
        return self._replace(cards=())


class DeckShuffled(NamedTuple):
    seat: int
    secret_to: tuple[int, ...] | None = None

    def public(self) -> DeckShuffled:
        return self


class ShieldSpent(NamedTuple):
    seat: int
    stopped: str
    secret_to: tuple[int, ...] | None = None

    def public(self) -> ShieldSpent:
        return self


class FavorAsked(NamedTuple):
    giver: int
    taker: int
    secret_to: tuple[int, ...] | None = None

    def public(self) -> FavorAsked:
        return self


class TurnBegan(NamedTuple):
    seat: int
    turns_owed: int
    secret_to: tuple[int, ...] | None = None

    def public(self) -> TurnBegan:
        return self


class GameOver(NamedTuple):
    winner: int
    ranking: tuple[int, ...]
    secret_to: tuple[int, ...] | None = None

    def public(self) -> GameOver:
        return self


BombEvent = (
    CardPlayed | Noped | WindowClosed | CardDrawn | BombDrawn | BombHidden | PlayerExploded
    | CardTaken | FutureSeen | DeckShuffled | ShieldSpent | FavorAsked | TurnBegan | GameOver
)


def seen_by(event: BombEvent, seat: int) -> BombEvent:
    """The event as ``seat`` may see it."""
    secret = event.secret_to
    if secret is None or seat in secret:
        return event
    return event.public()
