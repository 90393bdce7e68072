"""Machine players receive views only (RULES.md §2), checked on what they are really handed.

Every bot of every whole game is wrapped in a recorder that keeps the types of everything
``choose`` receives: the view must be a ``BombView`` of the asking seat made only of immutable
plain values (nothing that could reach or alias the state), the legal actions a list of
``Action``, the generator a ``Pcg32``, and nothing else. This runs through both drivers that ask
machines: ``play_game`` (the simulator) and ``Match`` (the table the screens use).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from game.bots.bombdeck.maestro import Maestro
from game.bots.registry import bot_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.match.flow import Pace, TableFlow
from game.match.headless import play_game
from game.match.match import Match
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.sample import sample
from game.rules.bombdeck.state import BombState, Phase
from game.rules.bombdeck.view import (
    BombView,
    Drawn,
    Hidden,
    Peeked,
    PublicPlay,
    SeatInfo,
    SeatRecord,
)

LEVELS = (SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO)
PLAIN = (int, str, bool, type(None), Phase)
"""``Phase`` is a str enum: its members are constants."""
RECORDS = (BombView, SeatInfo, PublicPlay, SeatRecord, Drawn, Hidden, Peeked)
"""The only structured values a view may hold (all NamedTuples: immutable)."""


def _walk(value: object, path: str, found: list[str]) -> None:
    """Every value in a view is plain, a tuple or frozenset of plain values, or a record."""
    kind = type(value)
    if kind in PLAIN:
        return
    if kind in RECORDS or kind is tuple or kind is frozenset:
        assert isinstance(value, tuple | frozenset)
        if kind in RECORDS:
            assert isinstance(value, tuple)
            for name, item in zip(value._fields, value, strict=True):  # type: ignore[attr-defined]
                _walk(item, f"{path}.{name}", found)
        else:
            for index, item in enumerate(value):
                _walk(item, f"{path}[{index}]", found)
        return
    found.append(f"{path}: {kind.__name__}")


class Recorder:
    """A machine player that writes down what it is handed, then lets the real one choose."""

    def __init__(self, seat: int, level: SeatKind, log: list[tuple[Any, ...]],
                 focus: int | None = None, inner: Any = None) -> None:
        self.seat = seat
        self.inner = inner if inner is not None else bot_for("bombazo", level, focus)
        self.log = log

    @property
    def level(self) -> SeatKind:
        return self.inner.level

    def choose(self, *args: Any, **kwargs: Any) -> Action | None:
        # Deliberately loose: whatever a driver passes is recorded before anything can fail.
        self.log.append((self.seat, tuple(args), dict(kwargs)))
        view, legal, rng = args
        return self.inner.choose(view, legal, rng)


def check_log(log: list[tuple[Any, ...]]) -> set[str]:
    """Assert every call handed over a view of the asking seat, a list of actions and a
    generator, positionally and nothing more; returns the phases seen."""
    assert log, "no machine was ever asked"
    phases: set[str] = set()
    for seat, args, kwargs in log:
        assert not kwargs, kwargs
        assert len(args) == 3, [type(a).__name__ for a in args]
        view, legal, rng = args
        assert type(view) is BombView, type(view)
        assert view.seat == seat, "a machine was shown another seat's view"
        assert type(legal) is list and legal, type(legal)
        assert all(type(action) is Action for action in legal)
        assert type(rng) is Pcg32, type(rng)
        assert not any(isinstance(a, BombState) for a in args)
        found: list[str] = []
        _walk(view, "view", found)
        assert not found, f"a view holds something that is not a plain value: {found[:3]}"
        phases.add(view.phase)
    return phases


TABLES = [(game, seats, options) for game, rs in RULESETS.items()
          for seats in sorted({rs.min_seats, 4, rs.max_seats})
          for options in ({frozenset(), frozenset(rs.options)} if rs.options else {frozenset()})]


@pytest.mark.parametrize(("game", "seats", "options"), TABLES,
                         ids=[f"{g}-{s}{'-' + '+'.join(sorted(o)) if o else ''}"
                              for g, s, o in TABLES])
def test_the_simulator_hands_machines_views_only(game: str, seats: int,
                                                 options: frozenset[str]) -> None:
    log: list[tuple[Any, ...]] = []
    phases: set[str] = set()
    for seed in range(6):
        kinds = tuple(LEVELS[(seat + seed) % 3] for seat in range(seats))
        config = GameConfig(game, kinds, options, seed % seats)
        bots = [Recorder(seat, kind, log) for seat, kind in enumerate(kinds)]
        record = play_game(config, seed, bots, check=True)
        assert not record.violations
        phases |= check_log(log)
        log.clear()
    assert {"play", "place_bomb"} <= phases
    if RULESETS[game].reactions:
        assert "react" in phases


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_the_table_hands_machines_views_only(game: str) -> None:
    """People and machines at one ``Match``, played through ``TableFlow`` (as the screens do)."""
    P = SeatKind.PERSON
    log: list[tuple[Any, ...]] = []
    phases: set[str] = set()
    for seed in range(4):
        kinds = (P, *LEVELS) if seed % 2 else (P, P, LEVELS[seed % 3], LEVELS[(seed + 1) % 3])
        match = Match(GameConfig(game, kinds), seed)
        focus = 0 if match.people == (0,) else None
        match._bots = [None if kind is P else Recorder(seat, kind, log, focus)
                       for seat, kind in enumerate(kinds)]
        flow = TableFlow(match, Pace(0.0, 0.0, 0.0))
        people = Pcg32(seed, 7)
        for _ in range(20_000):
            if match.is_over():
                break
            if flow.curtain_for is not None:
                flow.confirm_curtain()
            elif flow.awaiting_person is not None:
                legal = match.legal_for(flow.awaiting_person)
                flow.submit(legal[people.below(len(legal))])
            else:
                flow.update(0.1)
        assert match.is_over()
        phases |= check_log(log)
        log.clear()
    assert {"play"} <= phases


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_maestro_is_handed_views_only_and_decides_alike_on_states_it_cannot_tell_apart(
        game: str) -> None:
    """Maestro (a small budget) in whole games, through the simulator: views only, like the
    other levels. And at each of its decisions, the state with its hidden cards dealt again
    (``sample``: the pile's order and the other hands, consistent with the seat's view) gets
    the same answer: whatever the search does, it never reads what the seat may not see."""
    small = Maestro(budget=300)
    kinds = (SeatKind.MAESTRO, SeatKind.ASTUTO, SeatKind.DESPIADADO, SeatKind.MAESTRO)
    config = GameConfig(game, kinds, first=1)
    checked = differed = 0
    for seed in range(3, 13):  # games until twelve of Maestro's decisions were checked
        log: list[tuple[Any, ...]] = []
        bots = [Recorder(seat, kind, log, inner=small if kind is SeatKind.MAESTRO else None)
                for seat, kind in enumerate(kinds)]
        record = play_game(config, seed, bots, check=True)
        assert not record.violations
        phases = check_log([entry for entry in log if entry[0] in (0, 3)])
        assert "play" in phases
        state = BOMBDECK.new_game(config, seed)
        for seat, action in record.actions:
            if seat in (0, 3) and checked < 12:
                view = BOMBDECK.view(state, seat)
                legal = BOMBDECK.legal_actions(state, seat)
                twin = sample(view, Pcg32(checked, 8))
                assert BOMBDECK.view(twin, seat) == view
                differed += twin.deck != state.deck or twin.hands != state.hands
                assert (small.choose(view, legal, Pcg32(checked, 1))
                        == small.choose(BOMBDECK.view(twin, seat),
                                        BOMBDECK.legal_actions(twin, seat), Pcg32(checked, 1)))
                checked += 1
            BOMBDECK.apply(state, seat, action)
        if checked == 12:
            break
    assert checked == 12 and differed >= 6


def test_the_walk_catches_a_mutable_value() -> None:
    """The structural check is not vacuous: a list or a state inside a view is reported."""
    found: list[str] = []
    _walk((1, "a", [2], frozenset({3})), "v", found)
    assert found == ["v[2]: list"]
    found = []
    _walk((BombState.__new__(BombState),), "v", found)
    assert found == ["v[0]: BombState"]


def test_the_recorder_sees_what_a_driver_passes() -> None:
    log: list[tuple[Any, ...]] = []
    recorder = Recorder(0, SeatKind.LANZADO, log)
    config = GameConfig.machines("mazo", 2)
    record = play_game(config, 1, [recorder, Recorder(1, SeatKind.LANZADO, log)])
    assert record.ranking and log
    with pytest.raises(AssertionError):
        check_log([(0, (None, [], Pcg32(1)), {})])
    with pytest.raises(AssertionError):
        bad: Sequence[Any] = log[0][1]
        check_log([(1 - log[0][0], tuple(bad), {})])  # another seat's view
