"""Machine-only games in bulk: which bots sit where, and the tally of many games.

The clock is not here (``game/match`` never reads it): the command line times the run and
feeds each finished ``GameRecord`` to a ``SimTally``.

Seat rule for ``--bots``: one name plays every seat; several names must give exactly one name per
seat, in seat order (``astuto,lanzado,lanzado,lanzado`` at four seats). Anything else is an
error: a shorter list is never cycled, so a typo cannot silently change the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.bots.registry import levels_for
from game.core.config import GameConfig, SeatKind
from game.core.errors import MechaCortaError
from game.match.headless import GameRecord

MAX_SAMPLES = 5
"""How many error and violation messages a tally keeps to show."""


class SimSetupError(MechaCortaError, ValueError):
    """A simulation that cannot be set up; the message is one line for the command line."""


def parse_bots(spec: str, seats: int, game: str) -> tuple[SeatKind, ...]:
    names = [name.strip().lower() for name in spec.split(",")]
    if not all(names):
        raise SimSetupError(f"--bots {spec!r}: empty name in the list")
    known = {kind.value: kind for kind in levels_for(game)}
    kinds: list[SeatKind] = []
    for name in names:
        kind = known.get(name)
        if kind is None and name in {k.value for k in SeatKind if k.is_machine}:
            raise SimSetupError(f"--bots: the {name!r} level is not built yet for {game} "
                                f"(available: {', '.join(known) or 'none'})")
        if kind is None:
            raise SimSetupError(
                f"--bots: unknown machine player {name!r} (known: {', '.join(known)})"
            )
        kinds.append(kind)
    if len(kinds) == 1:
        return (kinds[0],) * seats
    if len(kinds) != seats:
        raise SimSetupError(
            f"--bots names {len(kinds)} players for {seats} seats: give one name for every "
            f"seat, or exactly {seats} names in seat order"
        )
    return tuple(kinds)


def config_for(game: str, kinds: tuple[SeatKind, ...], options: frozenset[str],
               index: int, rotate: bool) -> GameConfig:
    """Game ``index`` of a run; ``rotate`` moves the first player round the table game by
    game, so that no seat keeps the advantage (or handicap) of playing first."""
    first = index % len(kinds) if rotate else 0
    return GameConfig(game, kinds, options, first)


@dataclass(slots=True)
class SimTally:
    """Wins per seat, actions, invariant violations and errors over many games."""

    seats: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    """Per seat: games won, a first place shared by k seats counting 1/k."""
    team_games: int = 0
    team_wins: int = 0
    """Cooperative games: those that had a team result, and those the team won."""
    mistakes: int = 0
    mistake_games: int = 0
    """Cooperative games that count their wrong moves (``Outcome.mistakes``): the sum, and
    how many games."""
    actions: int = 0
    finished: int = 0
    violations: int = 0
    errors: int = 0
    violation_samples: list[str] = field(default_factory=list)
    error_samples: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0.0] * self.seats

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.finished += 1
        self.actions += len(record.actions)
        winners = record.winners
        for seat in winners:
            self.wins[seat] += 1 / len(winners)
        outcome = record.outcome
        if outcome is not None and outcome.team_won is not None:
            self.team_games += 1
            self.team_wins += outcome.team_won
            if outcome.mistakes is not None:
                self.mistakes += outcome.mistakes
                self.mistake_games += 1
        if record.violations:
            self.violations += len(record.violations)
            for problem in record.violations:
                if len(self.violation_samples) < MAX_SAMPLES:
                    self.violation_samples.append(f"seed {record.seed}: {problem}")

    def add_error(self, seed: int, error: BaseException) -> None:
        self.games += 1
        self.errors += 1
        if len(self.error_samples) < MAX_SAMPLES:
            text = " ".join(str(error).split()) or "(no message)"
            self.error_samples.append(f"seed {seed}: {type(error).__name__}: {text}")

    @property
    def win_rate(self) -> list[float]:
        """Wins over every game played, errors included (an aborted game has no winner)."""
        if not self.games:
            return [0.0] * self.seats
        return [round(w / self.games, 4) for w in self.wins]

    @property
    def avg_actions(self) -> float:
        return round(self.actions / self.finished, 2) if self.finished else 0.0

    def to_json(self, seconds: float, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = dict(extra or {})
        out.update({
            "games": self.games,
            "games_per_second": round(self.games / seconds, 1) if seconds > 0 else 0.0,
            "seconds": round(seconds, 3),
            "wins": [round(w, 3) if w % 1 else int(w) for w in self.wins],
            "win_rate": self.win_rate,
            "avg_actions": self.avg_actions,
            "invariant_violations": self.violations,
            "errors": self.errors,
            "violation_samples": list(self.violation_samples),
            "error_samples": list(self.error_samples),
        })
        if self.team_games:
            out["team_win_rate"] = round(self.team_wins / self.team_games, 4)
        if self.mistake_games:
            out["mistakes_per_mission"] = round(self.mistakes / self.mistake_games, 3)
        return out
