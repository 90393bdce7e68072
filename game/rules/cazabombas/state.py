"""The state of one Caza Bombas mission: plain lists behind slots, copied in one cheap pass.

Stands are numbered across the table (a seat with two stands owns two numbers); each stand is
four parallel lists, one entry per wire in sort order: its key, whether it is cut, the info
token in front of it, and the public "it is not one of these classes" bits a detector's miss
proved. A wire's token and bits travel with it when Walkie-Talkies move it.

What the table knows publicly besides the stands lives here too (the board's yellow and red
values, the "?" markers, how many blue wires of each number the bomb holds, the seats' claims),
so a view is a plain projection of the state.
"""

from __future__ import annotations

from enum import StrEnum

from game.core.rng import Pcg32
from game.rules.cazabombas.wires import Mission, Value


class Phase(StrEnum):
    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


class CazaState:
    """Everything about one mission, hidden wires included."""

    __slots__ = (
        "blue_counts",
        "captain",
        "claims",
        "current",
        "cut",
        "detectors_used",
        "equipment",
        "equipment_used",
        "keys",
        "labels",
        "lacks",
        "lost_by",
        "max_mistakes",
        "mission",
        "mistakes",
        "mistakes_left",
        "notv",
        "phase",
        "red_board",
        "red_count",
        "rng",
        "seat_stands",
        "seats",
        "setup_queue",
        "stabilized",
        "stand_owner",
        "tokens",
        "total",
        "won",
        "yellow_board",
        "yellow_count",
    )

    mission: Mission
    seats: int
    stand_owner: tuple[int, ...]
    seat_stands: tuple[tuple[int, ...], ...]
    keys: list[list[int]]
    cut: list[list[bool]]
    tokens: list[list[Value | None]]
    notv: list[list[int]]
    labels: list[tuple[int, int, str]]
    """(stand, left index, "=" or "≠"): a label in front of wires ``index`` and ``index + 1``."""
    blue_counts: tuple[int, ...]
    """Blue wires of each number in the bomb (index 0 unused): public, 4 in a real mission."""
    yellow_board: tuple[int, ...]
    """Yellow keys shown on the board: the values in the bomb, or the "?" candidates."""
    yellow_count: int
    red_board: tuple[int, ...]
    red_count: int
    captain: int
    current: int
    phase: Phase
    setup_queue: list[int]
    """Seats still to place their setup token, in order (the first is ``current``)."""
    mistakes_left: int
    max_mistakes: int
    mistakes: int
    """Every wrong cut, for the record (a stabilized one and the last, fatal one included)."""
    detectors_used: list[bool]
    equipment: tuple[int, ...]
    equipment_used: list[bool]
    stabilized: bool
    claims: list[int]
    """Per seat: class bits the table knows it holds (it named them in a missed cut, or the
    General Radar said so), dropped when a wire of that class on its stands is cut or it
    swaps a wire."""
    lacks: list[int]
    """Per seat: class bits the General Radar said it lacks, dropped when it swaps a wire."""
    won: bool | None
    lost_by: str | None
    """Why the mission was lost: "red" or "dial"."""
    rng: Pcg32
    total: tuple[int, ...]
    """Every wire key of the mission, sorted: the conservation check."""

    def copy(self) -> CazaState:
        twin = CazaState.__new__(CazaState)
        twin.mission = self.mission
        twin.seats = self.seats
        twin.stand_owner = self.stand_owner
        twin.seat_stands = self.seat_stands
        twin.keys = [stand[:] for stand in self.keys]
        twin.cut = [stand[:] for stand in self.cut]
        twin.tokens = [stand[:] for stand in self.tokens]
        twin.notv = [stand[:] for stand in self.notv]
        twin.labels = self.labels[:]
        twin.blue_counts = self.blue_counts
        twin.yellow_board = self.yellow_board
        twin.yellow_count = self.yellow_count
        twin.red_board = self.red_board
        twin.red_count = self.red_count
        twin.captain = self.captain
        twin.current = self.current
        twin.phase = self.phase
        twin.setup_queue = self.setup_queue[:]
        twin.mistakes_left = self.mistakes_left
        twin.max_mistakes = self.max_mistakes
        twin.mistakes = self.mistakes
        twin.detectors_used = self.detectors_used[:]
        twin.equipment = self.equipment
        twin.equipment_used = self.equipment_used[:]
        twin.stabilized = self.stabilized
        twin.claims = self.claims[:]
        twin.lacks = self.lacks[:]
        twin.won = self.won
        twin.lost_by = self.lost_by
        twin.rng = self.rng.copy()
        twin.total = self.total
        return twin

    def snapshot(self) -> tuple[object, ...]:
        """Every field as plain values: two states are the same game iff snapshots are equal."""
        return (
            self.mission.number, self.seats, self.stand_owner, self.seat_stands,
            tuple(map(tuple, self.keys)), tuple(map(tuple, self.cut)),
            tuple(map(tuple, self.tokens)), tuple(map(tuple, self.notv)), tuple(self.labels),
            self.blue_counts, self.yellow_board, self.yellow_count, self.red_board,
            self.red_count, self.captain, self.current, self.phase.value,
            tuple(self.setup_queue), self.mistakes_left, self.max_mistakes, self.mistakes,
            tuple(self.detectors_used), self.equipment, tuple(self.equipment_used),
            self.stabilized, tuple(self.claims), tuple(self.lacks), self.won, self.lost_by,
            self.rng.state, self.rng.inc, self.total,
        )

    # ------------------------------------------------------------------ small readings

    def uncut_count(self, seat: int) -> int:
        cut = self.cut
        return sum(stand.count(False) for stand in (cut[s] for s in self.seat_stands[seat]))

    def has_uncut(self, seat: int) -> bool:
        cut = self.cut
        return any(False in cut[s] for s in self.seat_stands[seat])

    def blue_cut(self, number: int) -> int:
        """Blue wires of ``number`` already cut (public: they lie face up)."""
        key = number * 10
        count = 0
        for keys, cut in zip(self.keys, self.cut, strict=True):
            for k, c in zip(keys, cut, strict=True):
                if c and k == key:
                    count += 1
        return count
