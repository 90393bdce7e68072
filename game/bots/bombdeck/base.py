"""What every bomb-deck machine player shares: the protocol, and small readings of a view.

A machine player is ``choose(view, legal, rng) -> Action | None``: a pure function of what its
seat may see (``BombView``), the legal actions the engine offers, and its own generator. It never
receives the state. During a reaction window ``legal`` is ``[nope]`` and ``None`` means "no nope";
in every other phase it must return one of ``legal``.

Everything here reads a view only; nothing keeps memory between decisions, so a bot object is
safe to share between seats and games.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import Bot
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.view import BombView

REACT = "react"
PLAY = "play"
GIVE = "give"
PLACE_BOMB = "place_bomb"

ESCAPES = frozenset((C.SKIP, C.ATTACK, C.DRAW_BOTTOM, C.PASS_IT))
"""Cards that end a turn without drawing the top card."""

CARD_VALUE: dict[str, int] = {
    C.DEFUSE: 100,
    C.NOPE: 40,
    C.ATTACK: 34,
    C.PASS_IT: 32,
    C.SKIP: 30,
    C.DRAW_BOTTOM: 24,
    C.SEE_FUTURE: 22,
    C.SHUFFLE: 16,
    C.FAVOR: 14,
    C.SWIPE: 13,
    C.SHIELD: 11,
    C.CALM: 0,
    C.BOMB: 0,
}
"""How much a smart seat wants to keep a card (an animal alone: 2; one of a pair: 8)."""


BombBot = Bot[BombView, Action]
"""A bomb-deck machine player."""


def card_value(card: str, hand: Sequence[str]) -> int:
    value = CARD_VALUE.get(card)
    if value is not None:
        return value
    return 8 if hand.count(card) >= 2 else 2  # an animal: worth more as one of a pair


def next_alive(view: BombView, seat: int) -> int:
    """The seat that plays after ``seat`` (clockwise, skipping the seats that are out)."""
    seats = view.seats
    n = len(seats)
    nxt = (seat + 1) % n
    while not seats[nxt].alive and nxt != seat:
        nxt = (nxt + 1) % n
    return nxt


def distance(view: BombView, seat: int) -> int:
    """How many places clockwise ``seat`` sits after this view's seat (1: the next seat). Ties
    between targets break on it, so that no seat number is favoured over another."""
    return (seat - view.seat) % len(view.seats)


def clockwise_from(view: BombView, seat: int) -> list[int]:
    """The other seats still alive, in playing order after ``seat``."""
    seats = view.seats
    n = len(seats)
    return [s for s in ((seat + k) % n for k in range(1, n)) if seats[s].alive]


def unknown_bomb_odds(view: BombView) -> float:
    """The chance that a deck card this seat has no clue about is a bomb."""
    known = 0
    known_bombs = 0
    for _, card in view.clues:
        known += 1
        if card == C.BOMB:
            known_bombs += 1
    unknown = view.deck_size - known
    if unknown <= 0:
        return 0.0
    return max(0, view.bombs - known_bombs) / unknown


def top_odds(view: BombView) -> float:
    """The chance that the top card is a bomb, from this seat's knowledge."""
    top = view.clue_at(0)
    if top is not None:
        return 1.0 if top == C.BOMB else 0.0
    return unknown_bomb_odds(view)


def give_cheapest(view: BombView, legal: Sequence[Action]) -> Action:
    """The favor gift a careful seat makes: the card it least needs."""
    hand = view.hand
    return min(legal, key=lambda a: (card_value(a.card or "", hand), a.card or ""))
