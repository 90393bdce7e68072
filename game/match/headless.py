"""Machine-only games, played to the end without a screen: the simulator's inner loop.

``play_game`` plays one game from a config and a seed through :meth:`Match.play_to_end`, the
same driver the screens use. Every seat is a machine player thinking with
``decision_rng(seed, seat, index)``, so the same seed always gives the same game, and every
action is recorded as ``(seat, action)`` so that ``Match.from_save(record.to_save())`` rebuilds
the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.bots.base import Bot
from game.bots.registry import bot_for, quick_bot_for
from game.core.config import GameConfig
from game.core.engine import Outcome
from game.match.match import BotError, Match
from game.rules.registry import engine_for

if TYPE_CHECKING:
    from game.core.saves import SavedGame

__all__ = ["BotError", "GameRecord", "bots_for", "play_game"]


@dataclass(slots=True)
class GameRecord:
    """One finished game: enough to replay it and to score it."""

    config: GameConfig
    seed: int
    actions: list[tuple[int, Any]] = field(default_factory=list)
    outcome: Outcome | None = None
    violations: list[str] = field(default_factory=list)

    @property
    def ranking(self) -> tuple[int, ...]:
        return self.outcome.ranking if self.outcome is not None else ()

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats sharing first place (one in most games)."""
        return self.outcome.winners if self.outcome is not None else ()

    def to_save(self) -> SavedGame:
        """The save / replay format of ``game.core.saves``: config, seed and the actions."""
        from game.core.saves import SavedGame  # a run of games that keeps none never reads it

        to_json = engine_for(self.config.game).action_to_json
        return SavedGame(self.config, self.seed,
                         tuple((seat, to_json(action)) for seat, action in self.actions))


def bots_for(config: GameConfig, focus: int | None = None, *,
             quick: bool = False) -> list[Bot[Any, Any]]:
    """One machine player per seat, from the registry; a person's seat is an error here.
    ``quick``: a searching level thinks as little as it can (``quick_bot_for``)."""
    get = quick_bot_for if quick else bot_for
    return [get(config.game, kind, focus) for kind in config.seats]


def play_game(config: GameConfig, seed: int,
              bots: Sequence[Bot[Any, Any]] | None = None, *, check: bool = False,
              max_actions: int = 100_000) -> GameRecord:
    """Play one game to the end. ``check`` runs the engine's invariant checks after every
    action (they always run once at the end). A bot that answers illegally raises
    ``BotError``; an engine error propagates: the caller decides whether one bad game is
    fatal."""
    players = list(bots) if bots is not None else bots_for(config)
    match = Match(config, seed, players=players, feed=False)
    violations = match.play_to_end(check=check, max_actions=max_actions)
    return GameRecord(config, seed, match.actions, match.outcome(), violations)
