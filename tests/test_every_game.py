"""One generic random-simulation test that every registered game passes (OpenSpiel's idea), on
every table of every game (tests/every_game.py): random legal play from several seeds ends; the
declared decision agrees with ``to_act`` and with who may act; the end has a result every seat is
placed in (or a team result); a save replays to the same state; the same seed gives the same game
whatever the global ``random`` does; an action that is not legal is refused and changes nothing;
copies are independent. Privacy, the other generic check, is tests/test_every_game_privacy.py.
Games are read from the registry, so a new game is tested the day it registers, and the last
test here fails if any generic check leaves out a table.

Everything goes through the engine contract (game/core/engine.py); states must offer
``snapshot()``: plain values, equal exactly when two states are the same game (the contract's
one demand on a state besides the engine's methods)."""

from __future__ import annotations

import random
import sys
from functools import cache
from typing import Any

import pytest

from game.core.config import GameConfig
from game.core.engine import TABLE, DecisionKind
from game.core.errors import IllegalAction, MalformedInput
from game.core.rng import Pcg32
from game.core.saves import loads
from game.rules.registry import engine_for, playable
from game.rules.replay import record, replay
from tests import test_every_game_privacy
from tests.every_game import IDS, TABLES, all_tables, config

MAX_STEPS = 20_000
PROBE_POSITIONS = 240
"""Positions × seats at which the illegal-action probes are tried: fewer positions on a big
table, so every table costs about the same."""


def _playout(engine: Any, config: GameConfig, seed: int, *, check: bool = True
             ) -> tuple[Any, list[tuple[int, Any]]]:
    state = engine.new_game(config, seed)
    chooser = Pcg32(seed, stream=777)
    moves: list[tuple[int, Any]] = []
    for _ in range(MAX_STEPS):
        decision = engine.decision(state)
        assert decision.to_act() == engine.to_act(state)
        if engine.is_over(state):
            assert decision.kind is DecisionKind.OVER and not decision.seats
            return state, moves
        assert (decision.kind is not DecisionKind.OVER and decision.seats) or \
            decision.kind is DecisionKind.WINDOW
        if decision.kind is DecisionKind.ONE:
            assert len(decision.seats) == 1
        assert list(decision.seats) == sorted(set(decision.seats))
        options = [(seat, action) for seat in decision.to_act()
                   for action in engine.legal_actions(state, seat)]
        for seat in decision.seats:
            if decision.kind is not DecisionKind.WINDOW:
                assert engine.legal_actions(state, seat), f"seat {seat} must act but cannot"
        outsiders = set(range(config.seat_count)) - set(decision.seats)
        assert all(engine.legal_actions(state, s) == [] for s in outsiders)
        assert options, f"nobody can act in a game that is not over: {decision}"
        seat, action = options[chooser.below(len(options))]
        engine.apply(state, seat, action)
        moves.append((seat, action))
        if check:
            problems = engine.invariant_violations(state)
            assert not problems, problems
    raise AssertionError(f"no end within {MAX_STEPS} moves")


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_random_games_end_with_everyone_placed(game: str, seats: int) -> None:
    """Four games, each on another of the game's option sets (a mission, a variant)."""
    engine = engine_for(game)
    for seed in range(4):
        state, moves = _playout(engine, config(game, seats, seed), seed)
        outcome = engine.result(state)
        assert len(outcome.places) == seats and moves
        if outcome.team_won is None:
            assert sorted(outcome.ranking) == list(range(seats)), "a seat is not placed"
            assert outcome.winners and min(p for p in outcome.places if p is not None) == 1
        assert engine.to_act(state) == []
        assert all(engine.legal_actions(state, s) == [] for s in [TABLE, *range(seats)])


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_a_save_replays_to_the_same_state(game: str, seats: int) -> None:
    engine = engine_for(game)
    table = config(game, seats, seats)
    state, moves = _playout(engine, table, 11, check=False)
    save = loads(record(table, 11, moves).dumps())
    assert replay(save).snapshot() == state.snapshot()


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_same_seed_same_game_whatever_the_global_random(game: str, seats: int) -> None:
    engine = engine_for(game)
    table = config(game, seats)
    random.seed(1)
    first, _ = _playout(engine, table, 5, check=False)
    random.seed(999)
    random.random()
    second, _ = _playout(engine, table, 5, check=False)
    assert first.snapshot() == second.snapshot()
    assert _playout(engine, table, 6, check=False)[0].snapshot() != first.snapshot()


@cache
def _probes(games: tuple[str, ...]) -> tuple[Any, ...]:
    """Actions to try where they are not legal: every action seen in a random game of each of
    ``games`` (the games one engine plays: a card of another rule set is a probe too), and the
    same with each whole-number field set to a seat or place that does not exist (decoded by
    the engine's own ``action_from_json``; what it refuses to decode is no action)."""
    seen: dict[str, Any] = {}
    for game in games:
        engine = engine_for(game)
        spec_seats = max(seats for g, seats in TABLES if g == game)
        for seed in (8, 9):
            _, moves = _playout(engine, config(game, spec_seats, seed), seed, check=False)
            for _, action in moves:
                seen.setdefault(repr(action), action)
    engine = engine_for(games[0])
    probes = dict(seen)
    for action in seen.values():
        data = engine.action_to_json(action)
        for key, value in data.items():
            if not isinstance(value, int) or isinstance(value, bool):
                continue
            for wrong in (99, -1):
                try:
                    odd = engine.action_from_json({**data, key: wrong})
                except MalformedInput:
                    continue
                probes.setdefault(repr(odd), odd)
    return tuple(probes.values())


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_illegal_actions_are_refused_and_change_nothing(game: str, seats: int) -> None:
    """At the positions of a random game, every probe that is not legal for a seat (the table
    included) raises ``IllegalAction`` and leaves the state as it was."""
    engine = engine_for(game)
    probes = _probes(tuple(g for g in playable() if engine_for(g) is engine))
    state = engine.new_game(config(game, seats, 1), 8)
    chooser = Pcg32(8, 1)
    tried = 0
    for _ in range(PROBE_POSITIONS // (seats + 1)):
        if engine.is_over(state):
            break
        for seat in [TABLE, *range(seats)]:
            legal = engine.legal_actions(state, seat)
            for probe in probes:
                if probe in legal:
                    continue
                before = state.snapshot()
                with pytest.raises(IllegalAction):
                    engine.apply(state, seat, probe)
                assert state.snapshot() == before, f"seat {seat} {probe!r} changed the state"
                tried += 1
        options = [(s, a) for s in engine.to_act(state) for a in engine.legal_actions(state, s)]
        seat, action = options[chooser.below(len(options))]
        engine.apply(state, seat, action)
    assert tried > 0


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_copies_are_independent(game: str, seats: int) -> None:
    engine = engine_for(game)
    table = config(game, seats, 2)
    state = engine.new_game(table, 4)
    _, moves = _playout(engine, table, 4, check=False)
    half = moves[: len(moves) // 2]
    for seat, action in half:
        engine.apply(state, seat, action)
    twin = engine.copy(state)
    before = state.snapshot()
    for seat, action in moves[len(half):]:
        engine.apply(twin, seat, action)
    assert state.snapshot() == before
    assert engine.is_over(twin)


# --------------------------------------------------------------------------- no table left out

GENERIC_MODULES = (sys.modules[__name__], test_every_game_privacy)
NOT_PER_GAME = frozenset({
    "test_every_check_runs_on_every_table_of_every_game",
    "test_secret_events_shown_unstripped_are_caught",  # loops over every game itself
    "test_every_kit_of_the_registry_says_what_a_seat_may_not_see",  # likewise
})


def _parameters(check: Any) -> dict[str, list[Any]]:
    """A test function's parametrize marks: argument names to their values."""
    found: dict[str, list[Any]] = {}
    for mark in getattr(check, "pytestmark", []):
        if mark.name == "parametrize":
            names = mark.args[0]
            found[names if isinstance(names, str) else ",".join(names)] = list(mark.args[1])
    return found


def test_every_check_runs_on_every_table_of_every_game() -> None:
    """Each generic check is parametrized over every table the registry holds now (or, for
    a check of the check, over every game): none runs on a subset such as ``TABLES[::2]``,
    which once left out a game whose only table fell on an odd index."""
    tables = all_tables()
    games = list(playable())
    assert games and {game for game, _ in tables} == set(games)
    checked = 0
    for module in GENERIC_MODULES:
        for name, check in vars(module).items():
            if not name.startswith("test_") or not callable(check) or name in NOT_PER_GAME:
                continue
            parameters = _parameters(check)
            if "game,seats" in parameters:
                assert parameters["game,seats"] == tables, f"{name} leaves out a table"
            else:
                assert parameters.get("game") == games, f"{name} is not run for every game"
            checked += 1
    assert checked >= 9
