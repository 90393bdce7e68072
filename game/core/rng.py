"""The project's own seeded generator: PCG32 (XSH-RR, O'Neill 2014).

Python's ``random`` may change between versions and is global; a game code must give the same
game on every Python and every OS, so every random choice of the engine and of the machine
players goes through this small, pinned generator whose state lives inside the game state.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULT = 6364136223846793005

T = TypeVar("T")


class Pcg32:
    """PCG32 with a selectable stream, so derived streams never overlap the game's draws."""

    __slots__ = ("inc", "state")

    def __init__(self, seed: int, stream: int = 54) -> None:
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next_u32()

    def copy(self) -> Pcg32:
        twin = Pcg32.__new__(Pcg32)
        twin.state = self.state
        twin.inc = self.inc
        return twin

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)`` without modulo bias (PCG's bounded draw).

        :meth:`next_u32` is written out here (and in :meth:`shuffle`): the simulator draws
        hundreds of thousands of times a second, and a method call per draw was a tenth of
        its machine players' time. The numbers are the same."""
        if not 0 < bound <= 0x100000000:
            raise ValueError(f"bound must be in 1..2^32, not {bound}")  # never loop forever
        threshold = (0x100000000 - bound) % bound
        old, inc = self.state, self.inc
        while True:
            xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32
            old = (old * _MULT + inc) & _MASK64
            if r >= threshold:
                self.state = old
                return r % bound

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, from the end, one bounded draw per position (each draw is
        :meth:`below`'s, written out)."""
        old, inc = self.state, self.inc
        for i in range(len(items) - 1, 0, -1):
            bound = i + 1
            threshold = (0x100000000 - bound) % bound
            while True:
                xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
                rot = old >> 59
                r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32
                old = (old * _MULT + inc) & _MASK64
                if r >= threshold:
                    break
            j = r % bound
            items[i], items[j] = items[j], items[i]
        self.state = old

    def chance(self, numerator: int, denominator: int) -> bool:
        return self.below(denominator) < numerator


_STREAM_BASE = 0x6D6563686120
_GOLDEN = 0x9E3779B97F4A7C15
_SEAT_MIX = 0xD1B54A32D192ED03
_INDEX_MIX = 0xBF58476D1CE4E5B9


def _splitmix(value: int) -> int:
    """SplitMix64's finalizer: every input bit reaches every output bit."""
    value = (value + _GOLDEN) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


class DecisionStreams:
    """The generators the machine players of one game think with: one per (seat, decision
    index), a pure function of the seed, the seat and the number of actions applied so far.
    So a save replays as plain actions without asking any machine player anything, a resumed
    game's next machine moves are the ones the uninterrupted game would have made, and asking
    the same question twice (a screen polling a reaction window) gives the same answer.

    The simulator makes one per machine decision, so the mixing is one multiply and two
    xorshifts over a SplitMix64 of the seed; PCG's output permutation does the rest."""

    __slots__ = ("_mixed", "_seats")

    def __init__(self, seed: int) -> None:
        self._mixed = _splitmix(seed & _MASK64)
        self._seats: dict[int, tuple[int, Pcg32]] = {}

    def rng(self, seat: int, index: int) -> Pcg32:
        """The generator of that decision. One object per seat is reseeded each time (the
        simulator asks for one per machine decision): it is good for that decision only."""
        found = self._seats.get(seat)
        if found is None:
            twin = Pcg32.__new__(Pcg32)
            twin.inc = ((_STREAM_BASE + 1 + seat) << 1 | 1) & _MASK64
            # The seat goes into the state as well as the stream: PCG's first output depends
            # on the state alone, and seats asked at the same index must not answer alike.
            found = self._seats[seat] = (_splitmix(self._mixed ^ (seat + 1) * _SEAT_MIX), twin)
        base, twin = found
        value = ((base ^ index) * _INDEX_MIX) & _MASK64
        twin.state = value ^ (value >> 29)
        return twin


def decision_rng(seed: int, seat: int, index: int) -> Pcg32:
    """``DecisionStreams(seed).rng(seat, index)``."""
    return DecisionStreams(seed).rng(seat, index)
