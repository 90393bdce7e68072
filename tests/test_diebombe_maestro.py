"""Die Bombe's Maestro (issue 25): a legal answer to every decision, the same answer from the
same view and generator, never a peek at the deck order or a sealed bid, whole games at every
table size, the past rebuilt exactly from the public record, the rivals recognised by their
revealed bids, and play for the win where the win is plain to see.

No timing here: the decision times and the tournament rows are in docs/BENCHMARKS.md and
docs/TOURNAMENT.md, with the commands that measured them."""

from __future__ import annotations

from typing import Any

import pytest

from game.bots.diebombe import LEVELS
from game.bots.diebombe.maestro import MAESTRO, Judge, Maestro, win_chance
from game.bots.diebombe.rivals import MODELS, past_views, rival_pmfs, shortlist, weights
from game.bots.registry import bot_for, levels_for, quick_bot_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import DecisionStreams, Pcg32
from game.match.headless import play_game
from game.rules.diebombe import actions as A
from game.rules.diebombe.actions import Action
from game.rules.diebombe.engine import DIEBOMBE_ENGINE as ENGINE
from game.rules.diebombe.state import DieState
from game.rules.diebombe.twin import hidden_twin
from game.rules.diebombe.view import DieView
from tests.test_diebombe_bots import table

LZ, AS, DE, MA = SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO, SeatKind.MAESTRO
SMALL = Maestro(budget=24)
"""A cheap but whole Maestro (rivals recognised, every outcome valued) for the many positions
below."""


def _positions(seats: int, seed: int, options: frozenset[str] = frozenset()
               ) -> list[tuple[DieState, int]]:
    """Every decision of one game (Maestro in seat 0, the three seed levels around it), each
    as (a copy of the state, the seat asked)."""
    kinds = tuple((MA, AS, DE, LZ, AS, DE)[s] for s in range(seats))
    state = ENGINE.new_game(GameConfig("diebombe", kinds, options), seed)
    players: list[Any] = [SMALL if kind is MA else bot_for("diebombe", kind) for kind in kinds]
    streams = DecisionStreams(seed)
    out: list[tuple[DieState, int]] = []
    index = 0
    while not ENGINE.is_over(state):
        for seat in ENGINE.to_act(state):
            out.append((state.copy(), seat))
            legal = ENGINE.legal_actions(state, seat)
            action = players[seat].choose(ENGINE.view(state, seat), legal,
                                          streams.rng(seat, index))
            ENGINE.apply(state, seat, action)
            index += 1
            break
    return out


def _one_of_each(seats: int = 4) -> dict[str, tuple[DieState, int]]:
    """A position of each phase where the seat has a real choice (more than one move)."""
    found: dict[str, tuple[DieState, int]] = {}
    for seed in range(40):
        for state, seat in _positions(seats, seed):
            phase = state.phase.value
            if phase not in found and len(ENGINE.legal_actions(state, seat)) > 1:
                found[phase] = (state, seat)
        if {"bid", "rebid", "take", "bomb"} <= set(found):
            break
    assert {"bid", "rebid", "take", "bomb"} <= set(found)
    return found


# --- the registry --------------------------------------------------------------------------


def test_maestro_is_offered_after_despiadado_and_soaks_get_a_quick_one() -> None:
    assert levels_for("diebombe") == (LZ, AS, DE, MA) == tuple(LEVELS)
    assert bot_for("diebombe", MA) is MAESTRO
    quick = quick_bot_for("diebombe", MA)
    assert isinstance(quick, Maestro) and quick.budget < MAESTRO.budget
    assert not quick.modelled and MAESTRO.modelled and quick.step > MAESTRO.step == 1
    for kind in (LZ, AS, DE):
        assert quick_bot_for("diebombe", kind) is bot_for("diebombe", kind)


# --- legal, deterministic, never peeks ------------------------------------------------------


def test_every_kind_of_decision_is_answered_legally_and_the_same_way_twice() -> None:
    for phase, (state, seat) in _one_of_each().items():
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        answers = {SMALL.choose(view, legal, DecisionStreams(11).rng(seat, 40))
                   for _ in range(3)}
        assert len(answers) == 1, phase
        (answer,) = answers
        assert answer in legal, phase
        again = Maestro(budget=24).choose(ENGINE.view(state.copy(), seat), list(legal),
                                           DecisionStreams(11).rng(seat, 40))
        assert again == answer, phase


def test_two_tables_that_differ_only_in_what_is_hidden_get_the_same_decision() -> None:
    """Never peeks: the deck reshuffled and the other seats' sealed bids sealed anew (the
    rules' hidden twin), the same view, the same decision; and the hidden parts did differ."""
    differed = 0
    asked = 0
    for seed in range(3):
        for state, seat in _positions(4, seed)[::3]:
            twin = hidden_twin(state, seat, Pcg32(seed, 9))
            view = ENGINE.view(state, seat)
            assert ENGINE.view(twin, seat) == view
            if twin.deck != state.deck or twin.bids != state.bids:
                differed += 1
            legal = ENGINE.legal_actions(state, seat)
            mine = SMALL.choose(view, legal, Pcg32(21, 4))
            theirs = SMALL.choose(ENGINE.view(twin, seat), legal, Pcg32(21, 4))
            assert mine == theirs
            asked += 1
    assert asked > 30 and differed > asked // 2


def test_a_rival_that_has_sealed_its_bid_is_modelled_as_one_that_has_not() -> None:
    """Whether a rival has bid yet is all the table shows of a sealed bid, and it says
    nothing about the amount: neither the rivals' models nor the bid move with it."""
    state = table(["R25", "G3"], ["G5", "R3", "B", "G7"], seats=4)
    before = ENGINE.view(state, 0)
    ENGINE.apply(state, 2, A.bid(31))
    after = ENGINE.view(state, 0)
    assert before.has_bid != after.has_bid
    assert rival_pmfs(before, (1, 2, 3)) == rival_pmfs(after, (1, 2, 3))
    asked = 0
    for seed in range(3):
        for state, seat in _positions(4, seed):
            view = ENGINE.view(state, seat)
            if view.phase != "bid" or not any(view.has_bid):
                continue
            legal = ENGINE.legal_actions(state, seat)
            unsealed = view._replace(has_bid=(False,) * view.seats)
            assert SMALL.choose(view, legal, Pcg32(5, 1)) == SMALL.choose(unsealed, legal,
                                                                          Pcg32(5, 1))
            asked += 1
    assert asked > 50


# --- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "options"), [
    (3, frozenset()), (4, frozenset({"any_card_bombed"})), (6, frozenset()),
    (5, frozenset({"green_majority_doubles"}))])
def test_quick_maestros_play_whole_games(seats: int, options: frozenset[str]) -> None:
    quick = quick_bot_for("diebombe", MA)
    for seed in range(2):
        kinds = tuple((MA, AS, MA, DE, LZ, MA)[s] for s in range(seats))
        config = GameConfig("diebombe", kinds, options, seed % seats)
        players = [quick if kind is MA else bot_for("diebombe", kind) for kind in kinds]
        record = play_game(config, seed, players, check=True)
        assert record.violations == []
        assert sorted(record.ranking) == list(range(seats))
        assert play_game(config, seed, players).actions == record.actions


# --- the past, and who the rivals are -------------------------------------------------------


def test_the_past_is_rebuilt_exactly_from_the_public_record() -> None:
    """``past_views`` gives, for every past round, the very view the table showed at that
    round's first bidding (who asked and who had bid aside), bombs and ties included."""
    rebuilt = 0
    for seed in range(4):
        options = frozenset({"any_card_bombed"}) if seed % 2 else frozenset()
        shown: dict[int, DieView] = {}
        for state, seat in _positions(4, seed, options):
            view = ENGINE.view(state, seat)
            if view.phase == "bid" and view.round not in shown:
                shown[view.round] = view
            past = past_views(view)
            assert len(past) == len(view.history)
            for k, then in enumerate(past):
                first = shown[view.history[k].round]
                assert then == first._replace(seat=then.seat, my_bid=None,
                                              has_bid=then.has_bid), (seed, k)
                rebuilt += 1
    assert rebuilt > 500


def test_a_table_the_record_cannot_explain_has_no_past() -> None:
    state = table(["R25", "G3"], ["G5", "R3", "B", "G7"], won=[["R9"], [], []])
    ENGINE.apply(state, 0, A.bid(9))
    ENGINE.apply(state, 1, A.bid(3))
    ENGINE.apply(state, 2, A.bid(2))
    ENGINE.apply(state, 0, A.take("R25"))
    view = ENGINE.view(state, 1)
    assert len(view.history) == 1 and past_views(view) == []


def test_the_rivals_are_recognised_by_their_revealed_bids() -> None:
    kinds = (MA, AS, DE, LZ)
    players = [SMALL, *(bot_for("diebombe", kind) for kind in kinds[1:])]
    record = play_game(GameConfig("diebombe", kinds), 3, players)
    state = ENGINE.new_game(GameConfig("diebombe", kinds), 3)
    for seat, action in record.actions[:-12]:  # the last first bidding, before any bid
        ENGINE.apply(state, seat, action)
    mix = weights(ENGINE.view(state, 0), (1, 2, 3))
    for seat, model in ((1, "astuto"), (2, "despiadado")):
        assert mix[seat][MODELS.index(model)] > 0.9, (seat, mix[seat])
    lanzado = mix[3]
    assert lanzado[MODELS.index("astuto")] + lanzado[MODELS.index("despiadado")] < 0.1
    # a recognised level's next bid is expected in its own short list
    view = ENGINE.view(state, 0)
    assert view.phase == "bid"
    astuto = rival_pmfs(view, (1, 2, 3))[0]
    listed = shortlist("astuto", view._replace(seat=1, my_bid=None))
    assert sum(astuto[amount] for amount in listed) > 0.8
    assert sum(rival_pmfs(view, (1, 2, 3), identify=False)[0][a] for a in listed) < 0.8


# --- playing for the win ------------------------------------------------------------------


def test_the_chances_of_all_seats_add_up_and_a_lead_counts() -> None:
    means = [40.0, 30.0, 35.0, 10.0]
    total = sum(win_chance(means, 12.0, seat) for seat in range(4))
    assert total == pytest.approx(1.0, abs=0.01)
    assert win_chance(means, 12.0, 0) > win_chance(means, 12.0, 2) > win_chance(means, 12.0, 1)
    assert win_chance(means, 40.0, 0) < win_chance(means, 12.0, 0)


def test_the_last_round_is_valued_exactly() -> None:
    """No card unseen: the scores are final, a tie goes to fewer minus points, then is
    shared."""
    state = table(["R3", "G5"], [], won=[["G25"], ["G21"], ["G23"]])
    judge = Judge(ENGINE.view(state, 0))
    assert judge.exact
    won = ENGINE.view(state, 0).won
    assert judge.chance(won, (0, 0, 0)) == 1.0
    assert judge.chance(won, (2, 0, 0)) == 0.0  # 23 each, seat 2 paid less
    assert judge.chance(won, (1, 0, 0)) == 1.0
    shared = (("G25", "G3"), ("G21",), ("G21", "G7"))
    assert judge.chance(shared, (3, 0, 3)) == 0.5
    assert judge.chance(shared, (3, 0, 2)) == 0.0
    assert judge.curve(won, (0, 0, 0))[:4] == [1.0, 1.0, 0.0, 0.0]


def test_in_the_last_round_it_outbids_what_the_rivals_would_pay_when_the_card_wins() -> None:
    """Last round, a red 25 up: with it seat 0 holds the most red cards, 2 * (3 + 25) = 56
    less its bid, against at most 13 for the others. Astuto would bid 26 for it from either
    rival's seat, so Maestro goes higher, as long as the price still leaves it first. With
    nothing on the table that can make it first, it bids the least."""
    state = table(["R25", "G3"], [], won=[["R3"], ["R5"], ["G9"]])
    view = ENGINE.view(state, 0)
    choice = MAESTRO.choose(view, ENGINE.legal_actions(state, 0), Pcg32(1, 1))
    assert choice is not None and choice.amount is not None
    assert 26 < choice.amount <= 56 - 13 - 1
    hopeless = table(["G3", "G5"], [], won=[[], ["G25"], ["G23"]])
    low = MAESTRO.choose(ENGINE.view(hopeless, 0), ENGINE.legal_actions(hopeless, 0),
                         Pcg32(1, 1))
    assert low == A.bid(1)


def test_it_takes_the_card_that_wins_and_bombs_the_seat_that_would_win() -> None:
    state = table(["R25", "G3"], [], won=[["R3"], ["R5", "R7"], ["G9"]])
    for seat, amount in ((0, 20), (1, 3), (2, 1)):
        ENGINE.apply(state, seat, A.bid(amount))
    view = ENGINE.view(state, 0)
    assert MAESTRO.choose(view, ENGINE.legal_actions(state, 0), Pcg32(2, 2)) == A.take("R25")
    bomb = table(["B", "G3"], [], won=[["R21"], ["R25", "G9"], ["G7"]])
    for seat, amount in ((0, 2), (1, 1), (2, 1)):
        ENGINE.apply(bomb, seat, A.bid(amount))
    ENGINE.apply(bomb, 0, A.take("B"))
    legal = ENGINE.legal_actions(bomb, 0)
    choice: Action | None = MAESTRO.choose(ENGINE.view(bomb, 0), legal, Pcg32(3, 3))
    assert choice == A.bomb(1, "red")
