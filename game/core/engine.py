"""The contract every game implements (OpenSpiel-style), so that the scenario runner, the
simulator, the machine players and the screens drive any game the same way.

States are mutable and owned by their driver; ``copy`` must be cheap because the strongest
machine level copies a state thousands of times per decision. Everything a screen or a bot
receives is a ``view``: an immutable snapshot of what one seat may know.

The engine says what kind of decision is pending (:class:`Decision`), so the layers above it
(the match, the table's pacing and curtain, the simulator) need no word of any one game: one
seat decides; several seats each decide once, in any order or at once in secret; or a window is
open in which seats may act and the table closes it (``TABLE`` applies its one legal action).
The end of a game is an :class:`Outcome`: places with ties, scores, a team's result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Protocol, TypeVar

from game.core.config import GameConfig

TABLE = -1
"""The pseudo-seat that closes a window: the engine knows no time, the table does."""

S = TypeVar("S")
A = TypeVar("A")


class DecisionKind(StrEnum):
    """Who may act now, in the words the match and the table's pacing need."""

    ONE = "one"
    """One seat must act (``seats`` holds it)."""
    EACH = "each"
    """Every seat in ``seats`` must act once, in any order, in the open."""
    SECRET = "secret"
    """Every seat in ``seats`` must act once, and nobody sees another's choice until all are
    in (sealed bids): a screen asks each person behind the curtain."""
    WINDOW = "window"
    """The seats in ``seats`` may act (or let it pass); ``TABLE`` closes it."""
    OVER = "over"
    """Nobody acts: the game has ended."""


class Decision(NamedTuple):
    """The pending decision. ``seats``: ONE, the deciding seat; EACH and SECRET, the seats
    still to act, ascending; WINDOW, the seats that may act, ascending; OVER, none. ``phase``
    is the game's own name for the moment (``play``, ``give``, ``react``, ``bid``…): screens
    and logs may show it, the layers above the rules never branch on it. (A NamedTuple: the
    simulator builds one per reaction window, and a frozen dataclass costs three times as
    much to make.)"""

    kind: DecisionKind
    seats: tuple[int, ...]
    phase: str

    @property
    def seat(self) -> int | None:
        """The deciding seat of a ONE decision, else ``None``."""
        return self.seats[0] if self.kind is DecisionKind.ONE else None

    def to_act(self) -> list[int]:
        """The seats that may submit an action now (``TABLE`` first in a window)."""
        if self.kind is DecisionKind.WINDOW:
            return [TABLE, *self.seats]
        return list(self.seats)


OVER = Decision(DecisionKind.OVER, (), "over")


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where every seat stands. ``places[s]``: 1 for first, equal numbers for a shared place
    (two seats sharing first are both 1, the next is 3), ``None`` while not yet placed (a game
    in progress). ``scores``: per seat, for games that keep a score. ``team_won``: a
    cooperative game's result (``None`` in a competitive game or while playing). ``mistakes``:
    a cooperative game's count of the team's wrong moves (the simulator tallies it)."""

    places: tuple[int | None, ...]
    scores: tuple[int, ...] | None = None
    team_won: bool | None = None
    mistakes: int | None = None

    @property
    def ranking(self) -> tuple[int, ...]:
        """The placed seats, best first (a shared place by seat number)."""
        placed = [(place, seat) for seat, place in enumerate(self.places) if place is not None]
        return tuple(seat for _, seat in sorted(placed))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (several when it is shared; none before the end)."""
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"places": list(self.places), "ranking": list(self.ranking)}
        if self.scores is not None:
            out["scores"] = list(self.scores)
        if self.team_won is not None:
            out["team_won"] = self.team_won
        if self.mistakes is not None:
            out["mistakes"] = self.mistakes
        return out

    @staticmethod
    def from_order(seats: int, order: Sequence[int]) -> Outcome:
        """Places from an order with no ties (best first); seats not in it are not placed."""
        places: list[int | None] = [None] * seats
        for place, seat in enumerate(order, start=1):
            places[seat] = place
        return Outcome(tuple(places))

    @staticmethod
    def from_scores(scores: Sequence[int], tiebreak: Sequence[int] | None = None) -> Outcome:
        """Places by score, highest first; equal scores (and equal ``tiebreak``, higher
        better, when given) share a place."""
        keys = [(score, tiebreak[seat] if tiebreak is not None else 0)
                for seat, score in enumerate(scores)]
        places = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        return Outcome(places, tuple(scores))


class Event(Protocol):
    """A small frozen record of something that happened; ``secret_to`` names the only seats that
    see its hidden details (``None``: public). ``public()`` is what everybody else sees."""

    @property
    def secret_to(self) -> tuple[int, ...] | None: ...

    def public(self) -> Event: ...


def seen_by(event: Any, seat: int | None) -> Any:
    """``event`` as ``seat`` may see it (``None``: the public)."""
    secret = event.secret_to
    if secret is None or (seat is not None and seat in secret):
        return event
    return event.public()


class Engine(Protocol[S, A]):
    """One game's rules. Every method is pure apart from ``apply``, which mutates ``state``
    and, when the action is illegal, raises ``IllegalAction`` leaving it untouched.

    ``legal_actions`` lists a seat's moves in an order the engine fixes (the same state always
    gives the same list; the machine players' choices depend on it); it is not sorted by any
    key of the contract's. ``to_act`` is ``decision(state).to_act()``, kept because hot loops
    ask it often."""

    game_ids: tuple[str, ...]

    def new_game(self, config: GameConfig, seed: int) -> S: ...

    def copy(self, state: S) -> S: ...

    def decision(self, state: S) -> Decision: ...

    def to_act(self, state: S) -> list[int]: ...

    def legal_actions(self, state: S, seat: int) -> list[A]: ...

    def apply(self, state: S, seat: int, action: A) -> list[Any]: ...

    def view(self, state: S, seat: int) -> Any: ...

    def is_over(self, state: S) -> bool: ...

    def result(self, state: S) -> Outcome: ...

    def action_to_json(self, action: A) -> dict[str, Any]: ...

    def action_from_json(self, data: Mapping[str, Any]) -> A: ...

    def invariant_violations(self, state: S) -> Sequence[str]: ...
