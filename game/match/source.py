"""What a table's screens and its flow may ask of the game they show: :class:`TableSource`.

Two things answer it: a :class:`~game.match.match.Match` on this computer, and a
:class:`~game.net.remote.RemoteMatch` fed by a host across the network, which holds no state,
no seed of the deal that anyone could read and no moves, only what its seats may see. The
screens are typed against this protocol, so that mypy, not a cast, says a joined table
answers everything a screen asks (and a screen that reached for something only a local match
has, such as its saved moves, would not type-check).
"""

from __future__ import annotations

from typing import Any, Protocol

from game.core.config import GameConfig
from game.core.engine import Outcome
from game.match.match import FeedItem, MachineJob, Pending


class TableSource(Protocol):
    """The game a table shows, as its screens read it."""

    config: GameConfig
    engine: Any
    """The rules' engine (the screens read its static tables: card names, counts)."""
    people: tuple[int, ...]
    """The seats decided by people at this computer."""

    @property
    def seed(self) -> int:
        """Only for what is drawn at random on screen (confetti), never for the deal."""

    @property
    def code(self) -> str:
        """The game code; a joined table knows it once the game is over."""

    @property
    def moves(self) -> int: ...

    @property
    def feed_size(self) -> int: ...

    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome: ...

    def ranking(self) -> tuple[int, ...]: ...

    def is_person(self, seat: int) -> bool: ...

    def pending(self) -> Pending: ...

    def view_for(self, seat: int) -> Any: ...

    def legal_for(self, seat: int) -> list[Any]: ...

    def feed_for(self, viewer: int | None, since: int = 0) -> list[FeedItem]: ...

    def submit(self, seat: int, action: Any) -> list[FeedItem]: ...

    def player_moves(self) -> int: ...

    def machine_choice(self) -> tuple[int, Any] | None: ...

    # what the table's flow asks besides (game.match.flow.TableFlow): who moves next, when

    @property
    def choice_known(self) -> bool: ...

    def machine_job(self) -> MachineJob: ...

    def offer(self, job: MachineJob, choice: tuple[int, Any] | None) -> bool: ...

    def step_machine(self) -> list[FeedItem]: ...

    def close_window(self) -> list[FeedItem]: ...

    def window_may_close_early(self) -> bool: ...
