"""One contract, every rule set and seat count (OpenSpiel's generic random-simulation test)."""

from __future__ import annotations

import random

import pytest

from game.core.config import GameConfig
from game.core.engine import TABLE
from game.core.errors import IllegalAction
from game.core.rng import Pcg32
from game.core.saves import loads
from game.rules.bombdeck import cards as C
from game.rules.registry import engine_for
from game.rules.replay import record, replay
from tests.playout import random_playout

TABLES = [
    (game, seats)
    for game, low, high in (("bombazo", 2, 8), ("mazo", 2, 5), ("clasico", 2, 5))
    for seats in range(low, high + 1)
]
IDS = [f"{game}-{seats}" for game, seats in TABLES]


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_random_games_end_with_one_winner(game: str, seats: int) -> None:
    engine = engine_for(game)
    for seed in range(4):
        state, moves = random_playout(engine, GameConfig.machines(game, seats), seed)
        ranking = engine.ranking(state)
        assert sorted(ranking) == list(range(seats))
        assert engine.to_act(state) == []
        assert all(engine.legal_actions(state, s) == [] for s in [TABLE, *range(seats)])
        assert moves


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_replay_from_json_reproduces_the_state(game: str, seats: int) -> None:
    engine = engine_for(game)
    config = GameConfig.machines(game, seats)
    state, moves = random_playout(engine, config, 11)
    save = loads(record(config, 11, moves).dumps())
    assert replay(save).snapshot() == state.snapshot()


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_same_seed_same_game_despite_global_random(game: str, seats: int) -> None:
    engine = engine_for(game)
    config = GameConfig.machines(game, seats)
    random.seed(1)
    first, _ = random_playout(engine, config, 5)
    random.seed(999)
    random.random()
    second, _ = random_playout(engine, config, 5)
    assert first.snapshot() == second.snapshot()
    other, _ = random_playout(engine, config, 6)
    assert other.snapshot() != first.snapshot()


def _hide_differently(state, seat: int, rng: Pcg32):  # type: ignore[no-untyped-def]
    """A twin state that differs only in what ``seat`` may not see: other hands' contents
    (sizes and proven defuses kept), unclued deck order, and the generator."""
    twin = state.copy()
    others = [s for s in range(twin.seats) if s != seat and twin.hands[s]]
    pool = [card for s in others for card in twin.hands[s] if card != C.DEFUSE]
    rng.shuffle(pool)
    for s in others:
        keep = [card for card in twin.hands[s] if card == C.DEFUSE]
        size = len(twin.hands[s]) - len(keep)
        twin.hands[s] = keep + pool[:size]
        del pool[:size]
    known = set(twin.clues[seat])
    free = [i for i in range(len(twin.deck)) if i not in known]
    cards = [twin.deck[i] for i in free]
    rng.shuffle(cards)
    for i, card in zip(free, cards, strict=True):
        twin.deck[i] = card
    twin.rng = Pcg32(rng.next_u32())
    return twin


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_view_hides_what_the_seat_may_not_see(game: str, seats: int) -> None:
    engine = engine_for(game)
    state = engine.new_game(GameConfig.machines(game, seats), 3)
    chooser = Pcg32(3, 9)
    for _ in range(60):
        if engine.is_over(state):
            break
        for seat in range(seats):
            twin = _hide_differently(state, seat, chooser)
            assert engine.view(twin, seat) == engine.view(state, seat)
        seat = engine.to_act(state)[-1]
        legal = engine.legal_actions(state, seat)
        engine.apply(state, seat, legal[chooser.below(len(legal))])


def test_view_changes_when_the_seat_own_hand_changes() -> None:
    """The hiding test above could pass with a constant view; this pins that it cannot."""
    engine = engine_for("bombazo")
    state = engine.new_game(GameConfig.machines("bombazo", 3), 3)
    twin = state.copy()
    twin.hands[0][0], twin.hands[1][0] = twin.hands[1][0], twin.hands[0][0]
    if sorted(twin.hands[0]) != sorted(state.hands[0]):
        assert engine.view(twin, 0) != engine.view(state, 0)
    twin = state.copy()
    twin.deck[-1], twin.deck[0] = twin.deck[0], twin.deck[-1]
    twin.clues[0][len(twin.deck) - 1] = twin.deck[-1]
    assert engine.view(twin, 0) != engine.view(state, 0)


@pytest.mark.parametrize(("game", "seats"), TABLES[::3], ids=IDS[::3])
def test_illegal_actions_leave_the_state_untouched(game: str, seats: int) -> None:
    engine = engine_for(game)
    state = engine.new_game(GameConfig.machines(game, seats), 8)
    chooser = Pcg32(8, 1)
    probes = [
        engine.action_from_json({"do": verb, "card": card, "target": target, "position": pos})
        for verb in ("draw", "play", "pair", "trio", "nope", "resolve", "give", "place_bomb")
        for card in ("attack", "defuse", "nope", "animal_frog", "calm", None)
        for target in (None, 0, 1, 99)
        for pos in (None, 0, 999)
    ]
    for _ in range(80):
        if engine.is_over(state):
            break
        for seat in [TABLE, *range(seats)]:
            legal = set(engine.legal_actions(state, seat))
            for probe in probes:
                if probe in legal:
                    continue
                before = state.snapshot()
                with pytest.raises(IllegalAction):
                    engine.apply(state, seat, probe)
                assert state.snapshot() == before
        seat = engine.to_act(state)[-1]
        legal_now = engine.legal_actions(state, seat)
        engine.apply(state, seat, legal_now[chooser.below(len(legal_now))])
