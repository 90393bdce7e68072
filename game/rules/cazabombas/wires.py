"""Wires, missions and equipment of Caza Bombas (RULES.md §4): the game's fixed tables.

A wire is kept as an integer *key*, ten times its printed sort value: blue 7 is 70, yellow 2.1 is
21, red 7.5 is 75. Integers sort exactly like the printed values (a float 2.1 would not survive
arithmetic), so a stand is simply a sorted list of keys. In play only a wire's *class* matters:
blue wires by number (1–12), every yellow is ``YELLOW``, every red is ``RED``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Value = int | str
"""A class a player can name or a token can show: 1–12, or ``YELLOW`` (``RED`` is never named)."""

YELLOW = "yellow"
RED = "red"

BLUE_MAX = 12
"""Blue wires run 1–12, four of each."""
BLUE_COPIES = 4
COLOUR_MAX = 11
"""Yellow and red wires run 1.1–11.1 and 1.5–11.5, one of each."""


def blue_key(number: int) -> int:
    return number * 10


def yellow_key(number: int) -> int:
    return number * 10 + 1


def red_key(number: int) -> int:
    return number * 10 + 5


def is_blue(key: int) -> bool:
    return key % 10 == 0


def is_yellow(key: int) -> bool:
    return key % 10 == 1


def is_red(key: int) -> bool:
    return key % 10 == 5


def class_of(key: int) -> Value:
    """What a wire counts as in play: its number, ``YELLOW`` or ``RED``."""
    rest = key % 10
    if rest == 0:
        return key // 10
    return YELLOW if rest == 1 else RED


def sort_value(key: int) -> int | float:
    """The printed sort value, as the scenario files write it (7, 2.1, 7.5)."""
    return key // 10 if key % 10 == 0 else key / 10


def key_of(sort_value_: object) -> int | None:
    """The key of a printed sort value, ``None`` when no wire of the box has it (13, 2.3, 0,
    a string, inf, nan…). Blue may be written 7 or 7.0."""
    if isinstance(sort_value_, bool) or not isinstance(sort_value_, int | float):
        return None
    if isinstance(sort_value_, float) and not math.isfinite(sort_value_):
        return None  # TOML's inf, nan and 1e400: no wire, and round() would raise
    tenths = round(sort_value_ * 10)
    if abs(sort_value_ * 10 - tenths) > 1e-6:
        return None
    number, rest = divmod(tenths, 10)
    if rest == 0 and 1 <= number <= BLUE_MAX:
        return tenths
    if rest in (1, 5) and 1 <= number <= COLOUR_MAX:
        return tenths
    return None


CLASS_BITS: dict[Value, int] = {**{n: 1 << n for n in range(1, BLUE_MAX + 1)},
                                YELLOW: 1 << 13, RED: 1 << 14}
"""One bit per class, for the public "this wire is not …" and "this seat holds …" records."""


def class_bit(value: Value) -> int:
    return CLASS_BITS[value]


def valid_named(value: object) -> bool:
    """A value a player may name in a cut: 1–12 or ``YELLOW``."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 1 <= value <= BLUE_MAX
    return value == YELLOW


def value_order(value: Value) -> int:
    """Numbers first, then yellow: the order the engine lists named values in."""
    return value if isinstance(value, int) else 13


# ------------------------------------------------------------------------------- missions


@dataclass(frozen=True, slots=True)
class Colour:
    """The yellow or red wires of a mission: ``drawn`` values are drawn from ``low``–``high``
    and shown on the board; ``count`` of them go into the bomb. ``count < drawn`` is the
    "X of Y" rule: the drawn values get a "?" marker and nobody knows which are in."""

    count: int
    drawn: int
    low: int = 1
    high: int = COLOUR_MAX

    @property
    def uncertain(self) -> bool:
        return self.count < self.drawn


@dataclass(frozen=True, slots=True)
class Mission:
    number: int
    blue_max: int
    yellow: Colour | None
    red: Colour | None
    equipment: bool
    excluded: frozenset[int] = frozenset()
    """Equipment cards this mission never uses."""

    @property
    def blue_values(self) -> range:
        return range(1, self.blue_max + 1)

    @property
    def wire_count(self) -> int:
        return (self.blue_max * BLUE_COPIES + (self.yellow.count if self.yellow else 0)
                + (self.red.count if self.red else 0))


_MISSIONS: dict[int, tuple[Mission, Mission]] = {}
"""mission number → (its table for 3–5 players, its two-player variant)."""


def _add(number: int, blue_max: int, yellow: Colour | None, red: Colour | None,
         equipment: bool, excluded: frozenset[int] = frozenset(), *,
         two_yellow: Colour | None = None, two_red: Colour | None = None) -> None:
    normal = Mission(number, blue_max, yellow, red, equipment, excluded)
    two = Mission(number, blue_max, two_yellow if two_yellow is not None else yellow,
                  two_red if two_red is not None else red, equipment, excluded)
    _MISSIONS[number] = (normal, two)


_add(1, 6, None, None, False)
_add(2, 8, Colour(2, 2, 1, 7), None, False)
_add(3, 10, None, Colour(1, 1, 1, 9), True, frozenset({2, 12}))
_add(4, 12, Colour(2, 2), Colour(1, 1), True, two_yellow=Colour(4, 4))
_add(5, 12, Colour(2, 3), Colour(1, 1), True, two_red=Colour(2, 2))
_add(6, 12, Colour(4, 4), Colour(1, 1), True, two_red=Colour(2, 2))
_add(7, 12, None, Colour(1, 2), True, two_red=Colour(1, 3))
_add(8, 12, Colour(2, 3), Colour(1, 2), True, two_yellow=Colour(4, 4), two_red=Colour(1, 3))

MISSION_NUMBERS = tuple(sorted(_MISSIONS))


def mission(number: int, seats: int) -> Mission:
    """Mission ``number`` as played by ``seats`` players (the two-player variant at two)."""
    normal, two = _MISSIONS[number]
    return two if seats == 2 else normal


# ------------------------------------------------------------------------------- equipment

LABEL_NEQ = 1
WALKIE_TALKIES = 2
TRIPLE_DETECTOR = 3
POST_IT = 4
SUPER_DETECTOR = 5
REWINDER = 6
EMERGENCY_BATTERIES = 7
GENERAL_RADAR = 8
STABILIZER = 9
X_OR_Y_RAY = 10
COFFEE_MUG = 11
LABEL_EQ = 12

EQUIPMENT: dict[int, str] = {
    LABEL_NEQ: "label_neq",
    WALKIE_TALKIES: "walkie_talkies",
    TRIPLE_DETECTOR: "triple_detector",
    POST_IT: "post_it",
    SUPER_DETECTOR: "super_detector",
    REWINDER: "rewinder",
    EMERGENCY_BATTERIES: "emergency_batteries",
    GENERAL_RADAR: "general_radar",
    STABILIZER: "stabilizer",
    X_OR_Y_RAY: "x_or_y_ray",
    COFFEE_MUG: "coffee_mug",
    LABEL_EQ: "label_eq",
}
"""Card number (its unlock value) → the id scenario files and saves may use for it."""

EQUIPMENT_BY_ID = {name: number for number, name in EQUIPMENT.items()}

TURN_CARDS = frozenset({TRIPLE_DETECTOR, SUPER_DETECTOR, X_OR_Y_RAY, COFFEE_MUG})
"""Cards that are the turn's action (they end the turn); the others come before the action."""

UNLOCK_CUTS = 2
"""A card unlocks once this many blue wires of its number are cut."""
