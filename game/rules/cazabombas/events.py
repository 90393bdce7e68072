"""What happened in a mission, as small frozen records for the screens, the log and replays.

Nearly everything in Caza Bombas happens face up: a cut wire lies face up, a miss puts a token
in front of the wire, the dial is on the board. Two things stay hidden: the own wire a missed cut
meant (it is never in an event), and the two wires Walkie-Talkies swap, which only the two seats
involved see (``secret_to``; ``public()`` drops the wires' keys).
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.cazabombas.wires import Value

Wire = tuple[int, int, int]
"""(stand, index, key): a wire where it lies, as the table sees it."""


class TokenPlaced(NamedTuple):
    seat: int
    stand: int
    at: int
    value: Value
    why: str
    """"setup", "post_it" or "miss"."""
    secret_to: tuple[int, ...] | None = None

    def public(self) -> TokenPlaced:
        return self


class WiresCut(NamedTuple):
    """A right cut (dual cut, detector, X or Y Ray), a solo cut, or reds revealed."""

    seat: int
    verb: str
    wires: tuple[Wire, ...]
    secret_to: tuple[int, ...] | None = None

    def public(self) -> WiresCut:
        return self


class CutMissed(NamedTuple):
    """A wrong cut: the wires pointed at, the values named, where the token went."""

    seat: int
    verb: str
    stand: int
    indices: tuple[int, ...]
    values: tuple[Value, ...]
    mistakes_left: int
    stabilized: bool
    secret_to: tuple[int, ...] | None = None

    def public(self) -> CutMissed:
        return self


class Exploded(NamedTuple):
    seat: int
    stand: int
    indices: tuple[int, ...]
    secret_to: tuple[int, ...] | None = None

    def public(self) -> Exploded:
        return self


class EquipmentUsed(NamedTuple):
    seat: int
    card: int
    secret_to: tuple[int, ...] | None = None

    def public(self) -> EquipmentUsed:
        return self


class LabelPlaced(NamedTuple):
    seat: int
    stand: int
    at: int
    kind: str
    secret_to: tuple[int, ...] | None = None

    def public(self) -> LabelPlaced:
        return self


class RadarAnswered(NamedTuple):
    value: Value
    holders: tuple[bool, ...]
    secret_to: tuple[int, ...] | None = None

    def public(self) -> RadarAnswered:
        return self


class DialMoved(NamedTuple):
    mistakes_left: int
    secret_to: tuple[int, ...] | None = None

    def public(self) -> DialMoved:
        return self


class DetectorsRecharged(NamedTuple):
    seats: tuple[int, ...]
    secret_to: tuple[int, ...] | None = None

    def public(self) -> DetectorsRecharged:
        return self


class WiresSwapped(NamedTuple):
    """Walkie-Talkies: ``seat`` gave the wire at ``given`` (its stand, index before the swap)
    and took the one at ``taken``; the keys are for the two seats only."""

    seat: int
    teammate: int
    given: tuple[int, int]
    taken: tuple[int, int]
    given_key: int | None
    taken_key: int | None
    secret_to: tuple[int, ...] | None

    def public(self) -> WiresSwapped:
        return self._replace(given_key=None, taken_key=None)


class TurnBegan(NamedTuple):
    seat: int
    phase: str
    secret_to: tuple[int, ...] | None = None

    def public(self) -> TurnBegan:
        return self


class MissionOver(NamedTuple):
    won: bool
    reason: str
    """"defused", "red" or "dial"."""
    secret_to: tuple[int, ...] | None = None

    def public(self) -> MissionOver:
        return self


CazaEvent = (TokenPlaced | WiresCut | CutMissed | Exploded | EquipmentUsed | LabelPlaced
             | RadarAnswered | DialMoved | DetectorsRecharged | WiresSwapped | TurnBegan
             | MissionOver)
