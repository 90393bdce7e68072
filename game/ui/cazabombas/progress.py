"""The training campaign on this computer: which missions the player's team has won
(``Settings.cazabombas_progress``, checked on load like every setting), and the table that
comes next: the next mission after a win, the same mission with the next Captain after a loss
(RULES.md §4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.config import GameConfig
from game.match.match import Match
from game.rules.cazabombas.kit import MISSIONS as MISSION_OPTIONS
from game.rules.cazabombas.wires import MISSION_NUMBERS

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.settings import Settings

MISSIONS = MISSION_NUMBERS
"""1–8."""


def won(settings: Settings) -> frozenset[int]:
    """The missions won, among those this version has."""
    return frozenset(n for n in settings.cazabombas_progress if n in MISSIONS)


def record_win(app: App, mission: int) -> None:
    """Remember that the team won ``mission`` (saved at once)."""
    if mission not in MISSIONS or mission in won(app.settings):
        return
    app.settings.cazabombas_progress = sorted({*app.settings.cazabombas_progress, mission})
    app.save_settings()


def mission_of(config: GameConfig) -> int:
    picked = [int(option[7:]) for option in config.options if option in MISSION_OPTIONS]
    return picked[0] if picked else MISSIONS[0]


def with_mission(config: GameConfig, number: int) -> GameConfig:
    """``config`` playing mission ``number`` (a first mission: a random Captain)."""
    options = frozenset(o for o in config.options if o not in MISSION_OPTIONS)
    return GameConfig(config.game, config.seats, options | {f"mission{number}"})


def next_captain(config: GameConfig, captain: int, seed: int) -> GameConfig:
    """The same table dealt from ``seed`` with the Captain one seat on from ``captain``: the
    ``first`` that makes the engine draw that Captain (asked of the engine, not worked out
    here)."""
    seats = config.seat_count
    wanted = (captain + 1) % seats
    for first in range(seats):
        trial = GameConfig(config.game, config.seats, config.options, first)
        if Match(trial, seed).view_for(-1).captain == wanted:
            return trial
    return config
