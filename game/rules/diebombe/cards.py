"""Die Bombe's cards (RULES.md §5): 6 bombs and red and green value cards 3, 5 … 25.

A card is its id everywhere (engine, scenario files, saves): ``R25`` is the red 25, ``G3`` the
green 3, ``B`` a bomb. Ids are plain strings so that a state copies as lists of strings and a
scenario file reads them as they are written.
"""

from __future__ import annotations

BOMB = "B"
RED = "red"
GREEN = "green"
COLORS = (RED, GREEN)
"""The two colours a bomb may be played on, in the order legal moves list them."""

VALUES = tuple(range(3, 26, 2))
"""The values of each colour: 3, 5, 7 … 25 (twelve cards)."""
BOMBS = 6
ROUNDS = 15
"""30 cards, two per round."""
MIN_BID = 1
MAX_BID = 40

RED_CARDS = tuple(f"R{value}" for value in VALUES)
GREEN_CARDS = tuple(f"G{value}" for value in VALUES)
VALUE_CARDS = RED_CARDS + GREEN_CARDS
ALL_CARDS: frozenset[str] = frozenset((BOMB, *VALUE_CARDS))
DECK_SIZE = len(VALUE_CARDS) + BOMBS

_COLOR_OF = {**{card: RED for card in RED_CARDS}, **{card: GREEN for card in GREEN_CARDS}}
_VALUE_OF = {card: int(card[1:]) for card in VALUE_CARDS}


def color_of(card: str) -> str | None:
    """``red`` or ``green`` for a value card, ``None`` for a bomb."""
    return _COLOR_OF.get(card)


def value_of(card: str) -> int:
    """The points printed on a value card (0 for a bomb, which scores nothing)."""
    return _VALUE_OF.get(card, 0)


def copies_allowed(card: str) -> int:
    """How many of ``card`` a game holds: six bombs, one of each value card."""
    if card == BOMB:
        return BOMBS
    return 1 if card in _VALUE_OF else 0


def full_deck() -> list[str]:
    """Every card of a game, value cards first in a fixed order (the deal shuffles them)."""
    return [*VALUE_CARDS, *([BOMB] * BOMBS)]
