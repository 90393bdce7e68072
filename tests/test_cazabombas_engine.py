"""The Caza Bombas engine beyond the scenario files: invariants of every reachable state
(hypothesis picks the table and every move), what a view shows, the Captain and the replay of
a failed mission, the deal, and the result. That a view hides what its seat cannot see is the
generic privacy test (tests/test_every_game_privacy.py, with the kit's ``hidden_twin``)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig
from game.core.errors import IllegalAction, MalformedInput
from game.core.rng import Pcg32
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.engine import CAZABOMBAS, replay_config
from game.rules.cazabombas.state import CazaState, Phase

TABLES = [(mission, seats) for mission in range(1, 9) for seats in range(2, 6)]


def _config(mission: int, seats: int) -> GameConfig:
    return GameConfig.machines("cazabombas", seats, options=frozenset({f"mission{mission}"}))


def _moves(state: CazaState) -> list[tuple[int, Action]]:
    return [(seat, action) for seat in CAZABOMBAS.to_act(state)
            for action in CAZABOMBAS.legal_actions(state, seat)]


def _stands_ok(state: CazaState, start: Counter[int]) -> None:
    now = Counter(key for stand in state.keys for key in stand)
    assert now == start, "wires not conserved"
    for stand in state.keys:
        assert stand == sorted(stand), "a stand left its sort order"
    assert 0 <= state.mistakes_left <= state.seats - 1, "dial out of bounds"
    assert (state.phase is Phase.OVER) == (state.won is not None)
    for g, (keys, tokens) in enumerate(zip(state.keys, state.tokens, strict=True)):
        for key, token in zip(keys, tokens, strict=True):
            assert token is None or token == W.class_of(key), f"a false token on stand {g}"


@settings(max_examples=120, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_reachable_states_keep_the_invariants(table: tuple[int, int], seed: int,
                                              data: st.DataObject) -> None:
    mission, seats = table
    state = CAZABOMBAS.new_game(_config(mission, seats), seed)
    start = Counter(key for stand in state.keys for key in stand)
    assert sum(start.values()) == W.mission(mission, seats).wire_count
    cut_before = 0
    for _ in range(400):
        if CAZABOMBAS.is_over(state):
            break
        seat, action = data.draw(st.sampled_from(_moves(state)), label="move")
        CAZABOMBAS.apply(state, seat, action)
        _stands_ok(state, start)
        assert not CAZABOMBAS.invariant_violations(state)
        cut_now = sum(stand.count(True) for stand in state.cut)
        assert cut_now >= cut_before, "a cut wire came back"
        cut_before = cut_now
    else:
        raise AssertionError("the mission did not end")


def _safe(state: CazaState, action: Action) -> bool:
    """Whether a move cannot hurt, read from the whole state (the tests' oracle): equipment
    used before the action, a solo cut, a reveal, or a cut that is right."""
    if action.verb in ("solo_cut", "reveal_reds", "token"):
        return True
    if action.verb == "equipment" and action.card not in (3, 5, 10):
        return True
    if action.target is None or action.stand is None:
        return False
    g = state.seat_stands[action.target][action.stand]
    wires = [action.pos] if action.pos is not None else list(action.indices or ())
    if not wires:
        wires = [i for i, done in enumerate(state.cut[g]) if not done]
    named = action.values or (action.value,)
    return any(W.class_of(state.keys[g][i]) in named for i in wires)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(table=st.sampled_from([t for t in TABLES if t[0] >= 3]),
       seed=st.integers(0, 2**32 - 1), data=st.data())
def test_long_missions_with_equipment_keep_the_invariants(
        table: tuple[int, int], seed: int, data: st.DataObject) -> None:
    """Mostly right moves, so missions last and every equipment card gets its turn."""
    mission, seats = table
    state = CAZABOMBAS.new_game(_config(mission, seats), seed)
    start = Counter(key for stand in state.keys for key in stand)
    for _ in range(600):
        if CAZABOMBAS.is_over(state):
            break
        moves = _moves(state)
        safe = [(s, a) for s, a in moves if _safe(state, a)]
        cards = [(s, a) for s, a in safe if a.verb == "equipment"]
        pool = cards if cards and data.draw(st.booleans(), label="equip") else safe or moves
        seat, action = data.draw(st.sampled_from(pool), label="move")
        CAZABOMBAS.apply(state, seat, action)
        _stands_ok(state, start)
        assert not CAZABOMBAS.invariant_violations(state)
    else:
        raise AssertionError("the mission did not end")


def test_a_view_shows_the_seats_own_wires_and_the_cut_ones() -> None:
    """What a seat's view shows: its own wires and every cut one, never another's uncut key
    (that twins of a state look the same to each seat is the generic privacy test,
    tests/test_every_game_privacy.py)."""
    state = CAZABOMBAS.new_game(_config(4, 4), 3)
    twin = state.copy()
    mine = state.seat_stands[0][0]
    other = state.seat_stands[1][0]
    i = next(i for i, key in enumerate(twin.keys[mine]) if key != twin.keys[other][0])
    twin.keys[mine][i], twin.keys[other][0] = twin.keys[other][0], twin.keys[mine][i]
    assert CAZABOMBAS.view(twin, 0) != CAZABOMBAS.view(state, 0)
    assert CAZABOMBAS.view(twin, 2) == CAZABOMBAS.view(state, 2)
    twin = state.copy()
    twin.cut[other][0] = True
    assert CAZABOMBAS.view(twin, 0) != CAZABOMBAS.view(state, 0)
    seen = CAZABOMBAS.view(state, 0)
    assert all(wire.key is not None for wire in seen.stands[mine])
    assert all(wire.key is None for wire in seen.stands[other])


def test_the_captain_is_drawn_from_the_seed_and_a_replay_names_the_next() -> None:
    captains = Counter(CAZABOMBAS.new_game(_config(1, 4), seed).captain for seed in range(200))
    assert set(captains) == {0, 1, 2, 3} and min(captains.values()) > 25
    for seed in range(12):
        config = _config(3, 4)
        failed = CAZABOMBAS.new_game(config, seed)
        again = replay_config(config, failed, seed + 1000)
        assert CAZABOMBAS.new_game(again, seed + 1000).captain == (failed.captain + 1) % 4
    state = CAZABOMBAS.new_game(_config(1, 4), 7)
    assert state.phase is Phase.SETUP and state.current == state.captain


@pytest.mark.parametrize(("mission", "seats"), TABLES)
def test_a_real_deal_is_the_mission_dealt_evenly(mission: int, seats: int) -> None:
    spec = W.mission(mission, seats)
    state = CAZABOMBAS.new_game(_config(mission, seats), mission * 10 + seats)
    keys = [key for stand in state.keys for key in stand]
    blues = Counter(key for key in keys if W.is_blue(key))
    assert blues == {W.blue_key(n): 4 for n in range(1, spec.blue_max + 1)}
    yellow = [key for key in keys if W.is_yellow(key)]
    red = [key for key in keys if W.is_red(key)]
    assert len(yellow) == (spec.yellow.count if spec.yellow else 0) == state.yellow_count
    assert len(red) == (spec.red.count if spec.red else 0) == state.red_count
    assert set(yellow) <= set(state.yellow_board) and set(red) <= set(state.red_board)
    assert len(state.yellow_board) == (spec.yellow.drawn if spec.yellow else 0)
    assert len(state.red_board) == (spec.red.drawn if spec.red else 0)
    sizes = [len(stand) for stand in state.keys]
    assert max(sizes) - min(sizes) <= 1
    first = state.seat_stands[state.captain][0]
    ordered = sizes[first:] + sizes[:first]
    assert ordered == sorted(ordered, reverse=True), "the Captain's stand is dealt first"
    assert len(state.equipment) == (seats if spec.equipment else 0)
    assert not set(state.equipment) & spec.excluded
    assert state.mistakes_left == seats - 1


def test_two_player_variants_differ_from_the_table_of_three_to_five() -> None:
    for number, field, two, more in ((4, "yellow", 4, 2), (5, "red", 2, 1), (6, "red", 2, 1),
                                     (8, "yellow", 4, 2)):
        assert getattr(W.mission(number, 2), field).count == two
        assert getattr(W.mission(number, 3), field).count == more
    red7 = W.mission(7, 2).red
    assert red7 is not None and (red7.count, red7.drawn) == (1, 3)
    red7 = W.mission(7, 4).red
    assert red7 is not None and (red7.count, red7.drawn) == (1, 2)


def test_the_result_places_everyone_first_only_when_won() -> None:
    state = CAZABOMBAS.new_game(_config(1, 3), 1)
    playing = CAZABOMBAS.result(state)
    assert playing.team_won is None and playing.places == (None, None, None)
    state.phase, state.won = Phase.OVER, True
    won = CAZABOMBAS.result(state)
    assert won.places == (1, 1, 1) and won.team_won is True and won.winners == (0, 1, 2)
    state.won = False
    lost = CAZABOMBAS.result(state)
    assert lost.places == (None, None, None) and lost.team_won is False and not lost.winners
    assert lost.to_json()["mistakes"] == 0


def test_illegal_moves_leave_the_state_untouched_and_say_why() -> None:
    state = CAZABOMBAS.new_game(_config(4, 3), 2)
    before = state.snapshot()
    for seat, action, why in (
        (state.current, Action("dual_cut", target=0, stand=0, pos=0, value=1), "setup"),
        (state.current, Action("reveal_reds"), "setup"),
        ((state.current + 1) % 3, Action("token", stand=0, pos=0), "places its token"),
        (state.current, Action("token", stand=5, pos=0), "no stand"),
        (state.current, Action("token", stand=0, pos=0, value=3), "takes no value"),
        (state.current, Action("equipment"), "card"),
    ):
        with pytest.raises(IllegalAction, match=why):
            CAZABOMBAS.apply(state, seat, action)
        assert state.snapshot() == before


def test_a_config_that_is_no_mission_is_refused() -> None:
    with pytest.raises(MalformedInput):
        CAZABOMBAS.new_game(GameConfig.machines("cazabombas", 4,
                                                options=frozenset({"mission9"})), 0)
    with pytest.raises(MalformedInput):
        CAZABOMBAS.new_game(GameConfig.machines("cazabombas", 6), 0)


def test_actions_round_trip_through_json() -> None:
    state = CAZABOMBAS.new_game(_config(8, 4), 5)
    chooser = Pcg32(5, 1)
    seen = 0
    while not CAZABOMBAS.is_over(state) and seen < 200:
        moves = _moves(state)
        for _, action in moves[:: max(1, len(moves) // 25)]:
            assert CAZABOMBAS.action_from_json(CAZABOMBAS.action_to_json(action)) == action
        seat, action = moves[chooser.below(len(moves))]
        CAZABOMBAS.apply(state, seat, action)
        seen += 1
