"""One generic random-simulation test that every registered game passes (OpenSpiel's idea):
random legal play from many seeds at every seat count ends; the declared decision agrees with
``to_act`` and with who may act; the end has a result every seat is placed in (or a team
result); a save replays to the same state; the same seed gives the same game whatever the
global ``random`` does; an action that is not legal is refused and changes nothing; copies are
independent. Games are read from the registry, so a new game is tested the day it registers.

States must offer ``snapshot()``: plain values, equal exactly when two states are the same
game (the contract's one demand on a state besides the engine's methods)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.core.config import GameConfig
from game.core.engine import TABLE, DecisionKind
from game.core.errors import IllegalAction
from game.core.rng import Pcg32
from game.core.saves import loads
from game.rules.registry import descriptor, engine_for, playable
from game.rules.replay import record, replay

TABLES = [(game, seats) for game in playable() for seats in descriptor(game).seat_range]
IDS = [f"{game}-{seats}" for game, seats in TABLES]
MAX_STEPS = 20_000


def _config(game: str, seats: int) -> GameConfig:
    spec = descriptor(game)
    return GameConfig.machines(game, seats, options=spec.with_defaults(spec.defaults))


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
            assert not engine.invariant_violations(state)
    raise AssertionError(f"no end within {MAX_STEPS} moves")


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_random_games_end_with_everyone_placed(game: str, seats: int) -> None:
    engine = engine_for(game)
    for seed in range(4):
        state, moves = _playout(engine, _config(game, seats), seed)
        outcome = engine.result(state)
        assert len(outcome.places) == seats and moves
        if outcome.team_won is None:
            assert all(place is not None for place in outcome.places)
            assert outcome.winners and min(p for p in outcome.places if p is not None) == 1
        assert all(engine.legal_actions(state, s) == [] for s in [TABLE, *range(seats)])


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_a_save_replays_to_the_same_state(game: str, seats: int) -> None:
    engine = engine_for(game)
    config = _config(game, seats)
    state, moves = _playout(engine, config, 11, check=False)
    save = loads(record(config, 11, moves).dumps())
    assert replay(save).snapshot() == state.snapshot()


@pytest.mark.parametrize(("game", "seats"), TABLES[::2], ids=IDS[::2])
def test_same_seed_same_game_whatever_the_global_random(game: str, seats: int) -> None:
    engine = engine_for(game)
    config = _config(game, seats)
    random.seed(1)
    first, _ = _playout(engine, config, 5, check=False)
    random.seed(999)
    random.random()
    second, _ = _playout(engine, config, 5, check=False)
    assert first.snapshot() == second.snapshot()
    assert _playout(engine, config, 6, check=False)[0].snapshot() != first.snapshot()


@pytest.mark.parametrize(("game", "seats"), TABLES[::2], ids=IDS[::2])
def test_illegal_actions_are_refused_and_change_nothing(game: str, seats: int) -> None:
    """Every action seen legal somewhere in the game is tried everywhere it is not legal."""
    engine = engine_for(game)
    config = _config(game, seats)
    _, seen = _playout(engine, config, 8, check=False)
    probes = list({repr(a): a for _, a in seen}.values())[:60]
    state = engine.new_game(config, 8)
    chooser = Pcg32(8, 1)
    for _ in range(60):
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
                assert state.snapshot() == before
        options = [(s, a) for s in engine.to_act(state) for a in engine.legal_actions(state, s)]
        seat, action = options[chooser.below(len(options))]
        engine.apply(state, seat, action)


@pytest.mark.parametrize(("game", "seats"), TABLES[::2], ids=IDS[::2])
def test_copies_are_independent(game: str, seats: int) -> None:
    engine = engine_for(game)
    config = _config(game, seats)
    state = engine.new_game(config, 4)
    _, moves = _playout(engine, config, 4, check=False)
    half = moves[: len(moves) // 2]
    for seat, action in half:
        engine.apply(state, seat, action)
    twin = engine.copy(state)
    before = state.snapshot()
    for seat, action in moves[len(half):]:
        engine.apply(twin, seat, action)
    assert state.snapshot() == before
    assert engine.is_over(twin)
