"""The bomb deck's results say a place plainly (issue 20): "Out 3rd" where the place number
goes, never "2nd … Exploded 3rd" on one row; the person who lost reads the same under the
headline. Other games keep their numbers."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.ui import launch
from game.ui.app import App
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import frames
from tests.ui.probes import TableStub
from tests.ui.textspy import spy

K = SeatKind


@pytest.fixture
def app(stubbed_app: App) -> App:
    return stubbed_app


def _lost(game: str, seats: tuple[SeatKind, ...]) -> Match:
    """A finished game the person (seat 0) did not win."""
    for seed in range(1, 200):
        match = launch.play_out(Match(GameConfig(game, seats), seed))
        if 0 not in match.outcome().winners:
            return match
    raise AssertionError("the person always won")


def _shown(app: App, match: Match, monkeypatch: pytest.MonkeyPatch) -> tuple[ResultsScene,
                                                                                set[str]]:
    frames(app, 2)
    app.push(TableStub(app, match))
    scene = ResultsScene(app, match)
    app.stack.replace(scene)
    frames(app, 20)
    drawn = spy(monkeypatch)
    frames(app, 2)
    return scene, drawn.strings


def test_a_bomb_deck_row_says_out_nth_instead_of_two_ordinals(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    match = _lost("bombazo", (K.PERSON, K.ASTUTO, K.ASTUTO, K.ASTUTO))
    scene, strings = _shown(app, match, monkeypatch)
    loc: Any = app.loc
    places = match.outcome().places
    person = places[0]
    assert person is not None
    out = 4 - person + 1
    assert f"Out {loc.ordinal(out)}" in strings
    assert scene.headline()[1] == f"You were the {loc.ordinal(out)} to explode."
    assert not any(s.startswith("Exploded") for s in strings)
    for n in (2, 3, 4):
        assert loc.ordinal(n) not in strings  # the bare place numbers are gone
    assert loc.ordinal(1) in strings  # the winner keeps the crown and "1st"


def test_other_games_keep_their_place_numbers(app: App,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    match = _lost("diebombe", (K.PERSON, K.ASTUTO, K.ASTUTO))
    scene, strings = _shown(app, match, monkeypatch)
    loc: Any = app.loc
    assert loc.ordinal(2) in strings
    assert not any(s.startswith("Out ") for s in strings)
    assert scene.headline()[1].startswith("You finished")
