"""The engine contract carries the two other shapes of game the collection will hold."""

from __future__ import annotations

from typing import Any

from game.core.config import GameConfig
from game.core.engine import Engine
from tests.playout import random_playout
from tests.toy_games import ToyBidding, ToyWires


def test_simultaneous_secret_bids_fit_the_contract() -> None:
    engine: Engine[Any, Any] = ToyBidding()
    config = GameConfig.machines("toy_bidding", 4)
    state = engine.new_game(config, 1)
    assert engine.to_act(state) == [0, 1, 2, 3], "every bidder acts at once"
    engine.apply(state, 2, engine.legal_actions(state, 2)[2])
    assert engine.to_act(state) == [0, 1, 3]
    views = [engine.view(state, seat) for seat in range(4)]
    assert views[2].my_bid == 3 and all(v.my_bid is None for i, v in enumerate(views) if i != 2)
    assert views[0].has_bid == (False, False, True, False), "who bid is public, not how much"
    final, moves = random_playout(engine, config, 4)
    assert engine.is_over(final) and len(moves) == 12


def test_cooperative_hidden_stands_fit_the_contract() -> None:
    engine: Engine[Any, Any] = ToyWires()
    config = GameConfig.machines("toy_wires", 3)
    state = engine.new_game(config, 2)
    for seat in range(3):
        shown = engine.view(state, seat)[3]
        assert all(v is not None for v in shown[seat])
        assert all(v is None for t, stand in enumerate(shown) if t != seat for v in stand)
    final, _ = random_playout(engine, config, 2)
    assert engine.is_over(final)
