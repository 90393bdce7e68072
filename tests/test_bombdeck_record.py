"""The seat's record in the bomb-deck view (``game/rules/bombdeck/record.py``): every claim it
makes is true of the hidden state, at every step of real games, and it says only what the seat
may know."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.rng import Pcg32
from game.match.match import Match
from game.rules.bombdeck import cards as C
from game.rules.bombdeck import events as E
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import BombState, Phase
from game.rules.bombdeck.view import Drawn, Hidden, Peeked

TABLES = [(name, seats) for name, rs in RULESETS.items()
          for seats in range(rs.min_seats, rs.max_seats + 1)]

REMEMBERS = SeatKind.MAESTRO
"""A level that reads the record: with one at the table the engine keeps it."""


def _check_record(state: BombState, events: list[list[E.BombEvent]]) -> None:
    """Everything the record claims holds in ``state``."""
    for viewer in range(state.seats):
        record = BOMBDECK.view(state, viewer).record
        assert record is not None
        for holder, known in enumerate(record.known):
            if holder == viewer:
                assert known == ()
                continue
            missing = Counter(known) - Counter(state.hands[holder])
            assert not missing, f"seat {viewer} thinks seat {holder} holds {dict(missing)}"
            assert list(known) == sorted(known)
        for holder, cap in enumerate(record.defuse_caps):
            assert state.hands[holder].count(C.DEFUSE) <= cap, f"seat {holder} beats its cap"
        assert record.defuse_caps[viewer] >= 0
    # the draw pile's story adds up to the bombs in it now
    size, bombs = state.shuffled
    for entry in state.log:
        if isinstance(entry, Drawn):
            size -= 1
            bombs -= entry.bomb
        elif isinstance(entry, Hidden):
            assert entry.size == size
            size += 1
            bombs += 1
    assert size == len(state.deck)
    assert bombs == state.deck.count(C.BOMB)


def _random_game(game: str, seats: int, seed: int, steps: int = 400
                 ) -> tuple[BombState, list[list[E.BombEvent]]]:
    state = BOMBDECK.new_game(GameConfig.machines(game, seats, REMEMBERS), seed)
    chooser = Pcg32(seed, 11)
    history: list[list[E.BombEvent]] = []
    for _ in range(steps):
        if BOMBDECK.is_over(state):
            break
        _check_record(state, history)
        seats_to_act = BOMBDECK.to_act(state)
        seat = seats_to_act[chooser.below(len(seats_to_act))]
        legal = BOMBDECK.legal_actions(state, seat)
        history.append(BOMBDECK.apply(state, seat, legal[chooser.below(len(legal))]))
    _check_record(state, history)
    return state, history


@settings(max_examples=80, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_the_record_only_claims_what_is_true(table: tuple[str, int], seed: int) -> None:
    _random_game(*table, seed)


def test_a_favor_gift_is_known_to_both_and_thins_what_the_others_know() -> None:
    state = BOMBDECK.new_game(GameConfig.machines("bombazo", 4, REMEMBERS), 5)
    state.hands[0] = [C.FAVOR, C.DEFUSE]
    state.hands[1] = [C.NOPE, C.DEFUSE, C.SKIP]
    state.known = [tuple((C.DEFUSE,) if h != v else () for h in range(4)) for v in range(4)]
    state.known[2] = ((C.DEFUSE,), (C.DEFUSE, C.NOPE), (), (C.DEFUSE,))  # 2 saw a trio
    BOMBDECK.apply(state, 0, Action("play", C.FAVOR, 1))
    BOMBDECK.apply(state, TABLE, Action("resolve"))
    BOMBDECK.apply(state, 1, Action("give", C.SKIP))
    assert state.known[0][1] == (C.DEFUSE,)                  # the favored knows what stayed
    assert state.known[1][0] == (C.DEFUSE, C.SKIP)           # the giver knows what it gave
    assert state.known[2][1] == ()                           # one card of each kind may be gone
    assert state.known[3][1] == ()
    assert state.known[2][0] == (C.DEFUSE,)                  # the taker only gained
    assert state.caps == (2, 1, 1, 1)                        # it took a card unseen
    assert state.last_actor == 1


def test_a_trio_moves_its_named_card_in_front_of_everybody() -> None:
    state = BOMBDECK.new_game(GameConfig.machines("bombazo", 3, REMEMBERS), 5)
    cat = C.ANIMALS[0]
    state.hands[0] = [cat, cat, cat, C.DEFUSE]
    state.hands[2] = [C.DEFUSE, C.NOPE]
    BOMBDECK.apply(state, 0, Action("trio", cat, 2, C.DEFUSE))
    BOMBDECK.apply(state, TABLE, Action("resolve"))
    both = (C.DEFUSE, C.DEFUSE)
    assert state.known[1][0] == both and state.known[2][0] == both
    assert state.known[1][2] == () and state.known[0][2] == ()
    assert state.caps == (2, 1, 0)


def test_a_card_seen_on_the_pile_is_known_in_the_hand_that_draws_it() -> None:
    state = BOMBDECK.new_game(GameConfig.machines("bombazo", 3, REMEMBERS), 5)
    state.deck[-1] = C.ATTACK
    state.hands[0].append(C.SEE_FUTURE)
    state.current = 0
    BOMBDECK.apply(state, 0, Action("play", C.SEE_FUTURE))
    BOMBDECK.apply(state, TABLE, Action("resolve"))
    assert isinstance(state.log[-1], Peeked) and state.saw[0][-1][1][0] == C.ATTACK
    BOMBDECK.apply(state, 0, Action("draw"))                # 0 takes its own clue
    assert state.known[0][0] == ()
    top = state.deck[-1]
    BOMBDECK.apply(state, 1, Action("draw"))                # 1 takes 0's second clue
    if top != C.BOMB:
        assert top in state.known[0][1]
        assert top not in state.known[2][1] or top == C.DEFUSE
    assert [type(e) for e in state.log[-2:]] == [Drawn, Drawn]


def test_only_the_hider_and_the_peeker_get_their_secrets() -> None:
    state = BOMBDECK.new_game(GameConfig.machines("bombazo", 3, REMEMBERS), 9)
    bombs = state.deck.count(C.BOMB)
    state.deck = [C.BOMB] * (bombs - 1) + [c for c in state.deck if c != C.BOMB] + [C.BOMB]
    state.shuffled = (len(state.deck), bombs)
    BOMBDECK.apply(state, 0, Action("draw"))
    assert state.phase is Phase.PLACE_BOMB
    BOMBDECK.apply(state, 0, Action("place_bomb", position=2))
    mine, theirs = BOMBDECK.view(state, 0).record, BOMBDECK.view(state, 1).record
    assert mine is not None and theirs is not None
    assert mine.hid == ((1, 2),) and theirs.hid == ()
    assert mine.deck == theirs.deck
    hidden = mine.deck[1]
    assert isinstance(hidden, Hidden) and hidden.seat == 0 and hidden.owed == 1


@pytest.mark.parametrize("game", ["bombazo", "mazo"])
def test_the_last_actor_is_the_match_s(game: str) -> None:
    match = Match(GameConfig(game, (SeatKind.MAESTRO, SeatKind.LANZADO, SeatKind.DESPIADADO),
                             first=2), 31)
    view = match.view_for(0)
    assert view.record.last_actor == 2 and view.record.kinds == ("maestro", "lanzado",
                                                                 "despiadado")
    while not match.is_over():
        match.step()
        assert match.view_for(1).record.last_actor == match._last_actor


def test_a_shuffle_starts_the_story_again() -> None:
    state = BOMBDECK.new_game(GameConfig.machines("bombazo", 4, REMEMBERS), 2)
    BOMBDECK.apply(state, 0, Action("draw"))
    assert len(state.log) == 1
    state.hands[1].append(C.SHUFFLE)
    BOMBDECK.apply(state, 1, Action("play", C.SHUFFLE))
    BOMBDECK.apply(state, TABLE, Action("resolve"))
    assert state.log == () and state.shuffled == (len(state.deck), state.deck.count(C.BOMB))


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_the_record_is_kept_only_for_a_table_that_reads_it_and_changes_nothing(
        game: str) -> None:
    """Keeping the record costs the simulator a tenth of its speed, so a table of the seeds'
    levels and people goes without; with or without it, the same seed is the same game."""
    for seed in range(6):
        kept = BOMBDECK.new_game(GameConfig.machines(game, 4, REMEMBERS), seed)
        plain = BOMBDECK.new_game(GameConfig.machines(game, 4, SeatKind.ASTUTO), seed)
        assert kept.recording and not plain.recording
        chooser = Pcg32(seed, 5)
        while not BOMBDECK.is_over(kept):
            seats = BOMBDECK.to_act(kept)
            assert seats == BOMBDECK.to_act(plain)
            seat = seats[chooser.below(len(seats))]
            legal = BOMBDECK.legal_actions(kept, seat)
            assert legal == BOMBDECK.legal_actions(plain, seat)
            view = BOMBDECK.view(plain, seat)
            assert view.record is None
            assert view == BOMBDECK.view(kept, seat)._replace(record=None)
            action = legal[chooser.below(len(legal))]
            assert BOMBDECK.apply(kept, seat, action) == BOMBDECK.apply(plain, seat, action)
        assert plain.log == () and kept.snapshot()[:18] == plain.snapshot()[:18]
