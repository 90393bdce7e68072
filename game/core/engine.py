"""The contract every game implements (OpenSpiel-style), so that the scenario runner, the
simulator, the machine players and the screens drive any game the same way.

States are mutable and owned by their driver; ``copy`` must be cheap because the strongest
machine level copies a state thousands of times per decision. Everything a screen or a bot
receives is a ``view``: an immutable snapshot of what one seat may know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from game.core.config import GameConfig

TABLE = -1
"""The pseudo-seat that closes a reaction window: the engine knows no time, the table does."""

S = TypeVar("S")
A = TypeVar("A")


class Event(Protocol):
    """A small frozen record of something that happened; ``secret_to`` names the only seats that
    see its hidden details (``None``: public). ``public()`` is what everybody else sees."""

    @property
    def secret_to(self) -> tuple[int, ...] | None: ...

    def public(self) -> Event: ...


class Engine(Protocol[S, A]):
    """One game's rules. Every method is pure apart from ``apply``, which mutates ``state``."""

    game_ids: tuple[str, ...]

    def new_game(self, config: GameConfig, seed: int) -> S: ...

    def copy(self, state: S) -> S: ...

    def to_act(self, state: S) -> list[int]: ...

    def legal_actions(self, state: S, seat: int) -> list[A]: ...

    def apply(self, state: S, seat: int, action: A) -> list[Any]: ...

    def view(self, state: S, seat: int) -> Any: ...

    def is_over(self, state: S) -> bool: ...

    def ranking(self, state: S) -> list[int]: ...

    def action_to_json(self, action: A) -> dict[str, Any]: ...

    def action_from_json(self, data: Mapping[str, Any]) -> A: ...

    def invariant_violations(self, state: S) -> Sequence[str]: ...
