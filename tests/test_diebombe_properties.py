"""Die Bombe's invariants over reachable states, explored by hypothesis (RULES.md §5).

Hypothesis picks the table, the options, the seed and every move (bids mostly from a handful of
amounts, so that ties, rebids and ties for second come often), and can shrink a failing game to
a short one. After each move the engine's bookkeeping is checked against counts made here: the
30 cards are all somewhere, minus points only grow (by exactly the price paid) and are never
negative, no seat keeps a bomb. Views are plain and show a seat its own sealed bid; that
another seat's sealed bid changes neither a view nor the events a seat sees is the generic
privacy test (tests/test_every_game_privacy.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig
from game.core.engine import DecisionKind
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.rules.diebombe.engine import DIEBOMBE_ENGINE as ENGINE
from game.rules.diebombe.state import DieState, Phase

OPTIONS = ("any_card_bombed", "green_majority_doubles")
tables = st.tuples(st.integers(3, 6),
                   st.sets(st.sampled_from(OPTIONS)).map(frozenset),
                   st.integers(0, 2**32 - 1))
FULL = Counter(C.full_deck())
WHOLE_GAMES = [HealthCheck.large_base_example, HealthCheck.data_too_large]
"""A whole game is some eighty moves: hypothesis's smallest example is a whole game."""


def _cards(state: DieState) -> Counter[str]:
    counts: Counter[str] = Counter(state.deck)
    counts.update(state.faceup)
    counts.update(state.set_aside)
    for cards in state.won:
        counts.update(cards)
    counts[C.BOMB] += len(state.bombers)
    return counts


def _move(state: DieState, data: st.DataObject) -> tuple[int, A.Action]:
    decision = ENGINE.decision(state)
    seat = data.draw(st.sampled_from(decision.seats), label="seat")
    legal = ENGINE.legal_actions(state, seat)
    if decision.kind is DecisionKind.SECRET:
        amount = data.draw(st.sampled_from((1, 2, 3, 17, 40)) | st.integers(1, 40),
                           label="bid")
        return seat, A.bid(amount)
    return seat, data.draw(st.sampled_from(legal), label="move")


def _recount(state: DieState) -> list[int]:
    """RULES.md §5's scoring, counted here apart from the engine's."""
    reds = [[C.value_of(c) for c in cards if c[0] == "R"] for cards in state.won]
    greens = [[C.value_of(c) for c in cards if c[0] == "G"] for cards in state.won]
    most_red, most_green = max(map(len, reds)), max(map(len, greens))
    doubles = "green_majority_doubles" in state.options
    return [sum(r) * (1 + (len(r) == most_red)) + sum(g) * (1 + (doubles and len(g) == most_green))
            - paid for r, g, paid in zip(reds, greens, state.minus, strict=True)]


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=WHOLE_GAMES)
@given(table=tables, data=st.data())
def test_reachable_states_keep_the_invariants(table: tuple[int, frozenset[str], int],
                                              data: st.DataObject) -> None:
    seats, options, seed = table
    state = ENGINE.new_game(GameConfig.machines("diebombe", seats, options=options), seed)
    assert _cards(state) == FULL and len(state.deck) == 28
    assert all(card != C.BOMB for card in state.faceup), "the first round shows value cards"
    rounds = 1
    for _ in range(5_000):
        if ENGINE.is_over(state):
            break
        seat, action = _move(state, data)
        minus_before = state.minus[:]
        events = ENGINE.apply(state, seat, action)
        assert not ENGINE.invariant_violations(state)
        assert _cards(state) == FULL, "cards not conserved"
        paid = [0] * seats
        for event in events:
            if isinstance(event, E.CardTaken):
                paid[event.seat] += event.paid
            if isinstance(event, E.RoundStarted):
                rounds += 1
                assert event.round == state.round == rounds
        assert [after - before for after, before in zip(state.minus, minus_before,
                                                        strict=True)] == paid
        assert min(state.minus) >= 0, "minus points never negative"
        assert all(C.BOMB not in cards for cards in state.won), "a bomb is never kept"
        assert ENGINE.result(state).scores == tuple(_recount(state))
    else:
        raise AssertionError("the game did not end")
    assert rounds == C.ROUNDS == len(state.history)
    outcome = ENGINE.result(state)
    assert all(place is not None for place in outcome.places)
    assert sorted(outcome.ranking) == list(range(seats))
    assert outcome.scores == tuple(_recount(state))
    keys = [(outcome.scores[s], -state.minus[s]) for s in outcome.ranking]
    assert keys == sorted(keys, reverse=True)


def _walk(value: Any) -> bool:
    """True when a view holds only immutable plain values (tuples, frozensets, records)."""
    if value is None or isinstance(value, int | str | float):
        return True
    if isinstance(value, tuple | frozenset):
        return all(_walk(item) for item in value)
    return False


@settings(max_examples=6, deadline=None, suppress_health_check=WHOLE_GAMES)
@given(table=tables, data=st.data())
def test_views_are_plain_and_own_bids_only(table: tuple[int, frozenset[str], int],
                                           data: st.DataObject) -> None:
    seats, options, seed = table
    state = ENGINE.new_game(GameConfig.machines("diebombe", seats, options=options), seed)
    while not ENGINE.is_over(state):
        for viewer in range(seats):
            view = ENGINE.view(state, viewer)
            assert _walk(tuple(view))
            assert view.my_bid == state.bids[viewer]
            assert view.unseen == tuple(sorted(state.deck))
            assert view.phase == state.phase.value
        ENGINE.apply(state, *_move(state, data))
    assert ENGINE.view(state, 0).phase == Phase.OVER.value
