"""Nothing above the rules names a level a game may not have: ``--autoplay``, ``bench`` and
``bench ui`` run a game whose only machine level is Lanzado (the toy games of
``tests/toy_games.py``, with a table scene of their own here), and a game of three seats at
most is benched at three. Each used to ask for Astuto (and ``bench`` for four seats)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import cli
from game.bots import registry as bots
from game.core.config import GameConfig, SeatKind
from game.core.kit import GameDescriptor
from game.match.match import Match
from game.rules import registry as rules
from game.rules.codes import encode
from game.rules.kit import RulesKit
from game.ui import launch
from game.ui import registry as screens
from game.ui.kit import UiKit
from game.ui.scene import Scene
from game.ui.scenes.results import ResultsScene
from tests.toy_games import RandomPlayer, ToyWires, register_toys

P, LZ = SeatKind.PERSON, SeatKind.LANZADO

TOY_TRIO = GameDescriptor(id="toy_trio", family="toy_trio", code_number=16, min_seats=2,
                          max_seats=3, traits=frozenset({"cooperative"}))
"""The wire toy again, at three seats at most (a bench table of four does not fit it)."""


class ToyTable(Scene[None]):
    """A toy game's table: one machine action per frame, then the results."""

    def __init__(self, app: Any, match: Match) -> None:
        super().__init__(app)
        self.match = match

    @property
    def animating(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        if self.match.is_over():
            self.app.stack.replace(ResultsScene(self.app, self.match))
        else:
            self.match.step()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 40, 30))


def _table(app: Any, match: Match, **_: Any) -> ToyTable:
    return ToyTable(app, match)


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    undo = [
        register_toys(),
        rules.register(RulesKit("toy_trio", (TOY_TRIO,), ToyWires(), None, frozenset(),
                                frozenset({"cut"}))),
        bots.register("toy_trio", (LZ,), lambda kind, focus: RandomPlayer()),
        screens.register(UiKit("toy_wires", _table)),
        screens.register(UiKit("toy_trio", _table)),
    ]
    yield
    for step in reversed(undo):
        step()


def test_a_game_without_astuto_has_a_stand_in_and_a_bench_table_that_fits() -> None:
    assert SeatKind.ASTUTO not in bots.levels_for("toy_trio")
    assert bots.stand_in_for("toy_trio") is LZ
    assert bots.bench_table("toy_trio") == (3, LZ, LZ)
    assert bots.stand_in_for("bombazo") is SeatKind.ASTUTO
    assert bots.bench_table("clasico") == (4, LZ, SeatKind.ASTUTO)
    match = launch.play_out(Match(GameConfig("toy_wires", (P, LZ, P)), 3))
    assert match.is_over()
    assert launch.all_machines(GameConfig("toy_wires", (P, LZ))).seats == (LZ, LZ)


def test_autoplay_plays_a_toy_game_whose_people_become_its_stand_in(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = encode(GameConfig("toy_wires", (P, LZ, LZ)), 11)
    assert cli.main(["--autoplay", "--code", code]) == 0
    assert capsys.readouterr().out.startswith("ranking:")


def test_bench_times_a_toy_game_at_its_own_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--game", "toy_trio", "--games", "3", "--astuto-games", "2",
                     "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["engine_games"] == 3 and report["decisions"] > 0
    assert report["engine_table"] == "toy_trio, 3 seats, lanzado"
    assert report["decision_table"] == "toy_trio, lanzado against 2 lanzado"


def test_bench_ui_draws_a_toy_games_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "ui", "--game", "toy_trio", "--frames", "12",
                     "--launch-runs", "0", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["frames"] == 12 and report["table"].startswith("toy_trio, 3 seats, lanzado")
