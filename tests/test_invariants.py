"""Invariants of every reachable bomb-deck state, explored by hypothesis.

Hypothesis picks the table and every move (so it can shrink a failing game to a short one);
after each move the engine's own bookkeeping is checked against independent counts.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import BombState, Phase

tables = st.sampled_from(
    [(name, seats) for name, rs in RULESETS.items()
     for seats in range(rs.min_seats, rs.max_seats + 1)]
)


def _all_cards(state: BombState) -> Counter[str]:
    counts: Counter[str] = Counter(state.deck)
    counts.update(state.discard)
    for hand in state.hands:
        counts.update(hand)
    counts[C.SHIELD] += sum(state.shields)
    if state.phase is Phase.PLACE_BOMB:
        counts[C.BOMB] += 1
    return counts


def _check(state: BombState, start: Counter[str], exploded_before: int) -> None:
    now = _all_cards(state)
    exploded = len(state.out)
    # Cards are conserved: only a bomb leaves the game, one per explosion.
    expected = start.copy()
    expected[C.BOMB] -= exploded
    assert +now == +expected, "cards not conserved"
    alive = state.alive.count(True)
    assert exploded == state.seats - alive
    if state.phase is not Phase.OVER:
        assert now[C.BOMB] == alive - 1, "bombs in play must be seats alive − 1"
        assert state.owed >= 1, "the current seat owes at least its own turn"
    else:
        assert alive == 1 and state.owed == 0
        assert state.alive[state.current], "the winner is the current seat"
    assert state.owed >= 0, "turn debt never negative"
    assert exploded >= exploded_before, "nobody comes back"
    assert state.alive[state.current]


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_reachable_states_keep_the_invariants(table: tuple[str, int], seed: int,
                                              data: st.DataObject) -> None:
    game, seats = table
    state = BOMBDECK.new_game(GameConfig.machines(game, seats), seed)
    start = _all_cards(state)
    assert start[C.BOMB] == seats - 1
    for _ in range(2_000):
        if BOMBDECK.is_over(state):
            break
        options = [(s, a) for s in BOMBDECK.to_act(state) for a in BOMBDECK.legal_actions(state, s)]
        seat, action = data.draw(st.sampled_from(options), label="move")
        before = len(state.out)
        BOMBDECK.apply(state, seat, action)
        _check(state, start, before)
    else:
        raise AssertionError("game did not end")
    ranking = BOMBDECK.ranking(state)
    assert len(ranking) == seats and len(set(ranking)) == seats
    assert [s for s in range(seats) if state.alive[s]] == [ranking[0]], "exactly one winner"


@settings(max_examples=60, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_copies_are_independent(table: tuple[str, int], seed: int, data: st.DataObject) -> None:
    game, seats = table
    state = BOMBDECK.new_game(GameConfig.machines(game, seats), seed)
    for _ in range(data.draw(st.integers(0, 40), label="prefix")):
        if BOMBDECK.is_over(state):
            return
        options = [(s, a) for s in BOMBDECK.to_act(state) for a in BOMBDECK.legal_actions(state, s)]
        BOMBDECK.apply(state, *data.draw(st.sampled_from(options), label="move"))
    frozen = state.snapshot()
    twin = state.copy()
    assert twin.snapshot() == frozen
    for _ in range(30):
        if BOMBDECK.is_over(twin):
            break
        options = [(s, a) for s in BOMBDECK.to_act(twin) for a in BOMBDECK.legal_actions(twin, s)]
        BOMBDECK.apply(twin, *data.draw(st.sampled_from(options), label="twin move"))
    assert state.snapshot() == frozen, "playing on a copy changed the original"
