"""What one seat may know in Caza Bombas: the only thing a machine teammate or a screen receives.

A seat sees its own stands face up and every other stand face down: for each wire there, only
what lies on the table (a cut wire's key, the token in front of it, what detector misses proved
it is not) and its place in the sort order. The board is public: the dial, the equipment, the
yellow and red values shown (or their "?" markers), the validated numbers, who has used a
Double Detector, the labels and what seats are known to hold or lack.

Views are NamedTuples of tuples: immutable, and equal for two states that differ only in wires
the seat cannot see (a test holds the engine to that).
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.cazabombas.wires import Value


class WireSeen(NamedTuple):
    key: int | None
    """The wire's key when the seat may see it (its own stand, or the wire is cut)."""
    cut: bool
    token: Value | None
    notv: int
    """Class bits (``wires.CLASS_BITS``) the wire is publicly known not to be."""


class EquipmentSeen(NamedTuple):
    number: int
    unlocked: bool
    used: bool


class CazaView(NamedTuple):
    game: str
    mission: int
    seat: int
    seats: int
    phase: str
    current: int
    captain: int
    mistakes_left: int
    max_mistakes: int
    won: bool | None
    stand_owner: tuple[int, ...]
    my_stands: tuple[int, ...]
    stands: tuple[tuple[WireSeen, ...], ...]
    blue_counts: tuple[int, ...]
    yellow_board: tuple[int, ...]
    yellow_count: int
    red_board: tuple[int, ...]
    red_count: int
    equipment: tuple[EquipmentSeen, ...]
    detectors_used: tuple[bool, ...]
    stabilized: bool
    labels: tuple[tuple[int, int, str], ...]
    claims: tuple[int, ...]
    lacks: tuple[int, ...]
    validated: tuple[int, ...]
    """Blue numbers whose every wire is cut (the validation tokens on the board)."""
    setup_queue: tuple[int, ...]

    @property
    def yellow_uncertain(self) -> bool:
        """The yellow values on the board are "?" candidates, not all in the bomb."""
        return len(self.yellow_board) > self.yellow_count

    @property
    def red_uncertain(self) -> bool:
        return len(self.red_board) > self.red_count
