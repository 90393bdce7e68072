"""Die Bombe's machine bidders (RULES.md §2 and §5): they see views only, always answer with a
legal action, decide the same way from the same view and generator, and each plays its level:
Lanzado bids at random within the stake, Astuto values cards by the score they make (the red
majority included) and bombs where it hurts most, Despiadado bombs its leader."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from game.bots.diebombe import LEVELS
from game.bots.diebombe.astuto import ASTUTO
from game.bots.diebombe.base import bid_cdf, majority_chances, stake, win_chances
from game.bots.diebombe.despiadado import Despiadado
from game.bots.diebombe.lanzado import LANZADO
from game.bots.registry import bot_for, levels_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.match.flow import Pace, TableFlow
from game.match.headless import play_game
from game.match.match import Match
from game.rules.diebombe import actions as A
from game.rules.diebombe.actions import Action
from game.rules.diebombe.engine import DIEBOMBE_ENGINE as ENGINE
from game.rules.diebombe.engine import blank_state, start
from game.rules.diebombe.state import DieState, RoundRecord
from game.rules.diebombe.view import DieView

LZ, AS, DE, P = SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO, SeatKind.PERSON
ORDER = (LZ, AS, DE)


def table(faceup: list[str], deck: list[str], won: list[list[str]] | None = None,
          seats: int = 3, options: frozenset[str] = frozenset(),
          minus: list[int] | None = None) -> DieState:
    state = blank_state(seats, options, 0)
    state.faceup = faceup
    state.deck = deck[::-1]
    state.won = won or [[] for _ in range(seats)]
    state.minus = minus or [0] * seats
    start(state)
    return state


def apply(state: DieState, *moves: tuple[int, Action]) -> DieState:
    for seat, action in moves:
        ENGINE.apply(state, seat, action)
    return state


def decide(bot: Any, state: DieState, seat: int, rng: int = 0) -> Action:
    legal = ENGINE.legal_actions(state, seat)
    choice = bot.choose(ENGINE.view(state, seat), legal, Pcg32(rng, 3))
    assert choice in legal
    return choice  # type: ignore[no-any-return]


# --- what they are handed, and what they answer ---------------------------------------------


def _plain(value: object) -> bool:
    if value is None or type(value) in (int, str, bool, float):
        return True
    if isinstance(value, tuple | frozenset):
        return all(_plain(item) for item in value)
    return False


class Recorder:
    """Checks every call a driver makes: the asking seat's view, plain values only, a list of
    legal actions, a generator; then lets the real player choose."""

    def __init__(self, seat: int, level: SeatKind) -> None:
        self.seat = seat
        self.inner = bot_for("diebombe", level)
        self.calls = 0
        self.phases: set[str] = set()

    @property
    def level(self) -> SeatKind:
        return self.inner.level

    def choose(self, *args: Any, **kwargs: Any) -> Action | None:
        assert not kwargs and len(args) == 3
        view, legal, rng = args
        assert type(view) is DieView and view.seat == self.seat
        assert all(type(record) is RoundRecord for record in view.history)
        assert _plain(tuple(view)), "a view holds something that is not a plain value"
        assert type(legal) is list and legal and all(type(a) is Action for a in legal)
        assert type(rng) is Pcg32
        if view.phase in ("bid", "rebid"):
            assert view.my_bid is None, "asked to bid twice"
        self.calls += 1
        self.phases.add(view.phase)
        return self.inner.choose(view, legal, rng)  # type: ignore[no-any-return]


TABLES = [(seats, options) for seats in (3, 4, 5, 6)
          for options in (frozenset(), frozenset({"any_card_bombed", "green_majority_doubles"}))]


@pytest.mark.parametrize(("seats", "options"), TABLES,
                         ids=[f"{s}-{'+'.join(sorted(o)) or 'plain'}" for s, o in TABLES])
def test_every_level_answers_legally_from_views_only(seats: int,
                                                     options: frozenset[str]) -> None:
    phases: set[str] = set()
    for seed in range(4):
        kinds = tuple(ORDER[(seat + seed) % 3] for seat in range(seats))
        bots = [Recorder(seat, kind) for seat, kind in enumerate(kinds)]
        record = play_game(GameConfig("diebombe", kinds, options, seed % seats), seed, bots,
                           check=True)
        assert not record.violations and sorted(record.ranking) == list(range(seats))
        assert all(bot.calls for bot in bots)
        phases |= {phase for bot in bots for phase in bot.phases}
    assert {"bid", "take", "bomb"} <= phases


def test_the_table_hands_machines_views_only() -> None:
    """People and machines at one ``Match``, driven by ``TableFlow`` as the screens drive it."""
    for seed in range(3):
        kinds = (P, LZ, AS, P, DE)
        match = Match(GameConfig("diebombe", kinds), seed)
        recorders = [Recorder(seat, kind) for seat, kind in enumerate(kinds) if kind is not P]
        match._bots = [None if kind is P else next(r for r in recorders if r.seat == seat)
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
        assert match.is_over() and all(r.calls for r in recorders)


def test_the_registry_seats_every_level() -> None:
    assert levels_for("diebombe") == (LZ, AS, DE, SeatKind.MAESTRO) == tuple(LEVELS)
    for level in (LZ, AS, DE, SeatKind.MAESTRO):
        assert bot_for("diebombe", level).level is level
    hunter = bot_for("diebombe", DE, focus=2)
    assert isinstance(hunter, Despiadado) and hunter.focus == 2


@pytest.mark.parametrize("level", [LZ, AS, DE])
def test_the_same_view_and_generator_give_the_same_answer(level: SeatKind) -> None:
    first = play_game(GameConfig("diebombe", (level, LZ, AS, DE)), 77)
    second = play_game(GameConfig("diebombe", (level, LZ, AS, DE)), 77)
    assert first.actions == second.actions and first.outcome == second.outcome


# --- Lanzado ----------------------------------------------------------------------------------


def test_lanzado_bids_at_random_within_the_stake() -> None:
    cheap = table(["G3", "G5"], [])
    dear = table(["R25", "G3"], [])
    cheap_bids = {decide(LANZADO, cheap, 0, rng).amount for rng in range(200)}
    dear_bids = {decide(LANZADO, dear, 0, rng).amount for rng in range(200)}
    assert cheap_bids == set(range(1, stake(["G3", "G5"]) + 1)) == set(range(1, 6))
    assert dear_bids <= set(range(1, 26)) and len(dear_bids) > 15 and max(dear_bids) > 20


def test_lanzado_takes_the_card_that_shows_the_most() -> None:
    state = apply(table(["G9", "R3"], [], [["R5"], ["R7", "R9"], []]),
                  (0, A.bid(9)), (1, A.bid(1)), (2, A.bid(4)))
    assert decide(LANZADO, state, 0) == A.take("G9")


# --- Astuto -----------------------------------------------------------------------------------


def test_astuto_takes_the_card_that_wins_it_the_red_majority() -> None:
    """R3 ties it for the most reds (its 5 + 3 doubled: +11); G9 only adds 9."""
    state = apply(table(["G9", "R3"], [], [["R5"], ["R7", "R9"], []]),
                  (0, A.bid(9)), (1, A.bid(1)), (2, A.bid(4)))
    assert decide(ASTUTO, state, 0) == A.take("R3")


def test_astuto_bids_more_for_what_is_worth_more() -> None:
    def mean_bid(faceup: list[str]) -> float:
        state = table(faceup, ["R7", "G7", "B", "R9"], [["R5"], ["G7"], []], seats=4)
        bids = [decide(ASTUTO, state, 0, rng).amount or 0 for rng in range(30)]
        return sum(bids) / len(bids)

    assert mean_bid(["R25", "G23"]) > mean_bid(["G3", "G5"]) + 5


def test_astuto_never_bids_for_nothing_it_wants() -> None:
    """The last round offers a bomb and nothing to cover with it: it bids among the least."""
    state = table(["B"], [])
    assert {decide(ASTUTO, state, seat, rng).amount for seat in range(3)
            for rng in range(8)} <= {1, 2, 3}


def test_astuto_bombs_where_it_hurts_most() -> None:
    state = apply(table(["B", "G3"], ["R3", "R5"], [[], ["G5", "R25"], ["G7"]]),
                  (0, A.bid(9)), (1, A.bid(1)), (2, A.bid(1)), (0, A.take("B")))
    assert decide(ASTUTO, state, 0) == A.bomb(1, "red")


def test_astuto_rebids_are_never_one_fixed_number() -> None:
    """Two seats tied in a rebid must not tie forever: the bid varies with the generator."""
    state = apply(table(["R25", "G23"], ["R3", "R5"], seats=4),
                  (0, A.bid(20)), (1, A.bid(20)), (2, A.bid(3)), (3, A.bid(3)))
    assert ENGINE.decision(state).phase == "rebid"
    assert len({decide(ASTUTO, state, 0, rng).amount for rng in range(20)}) >= 2


def test_astuto_learns_how_the_table_bids_from_the_revealed_bids() -> None:
    """Against seats that have always bid 1 it bids far less than against seats that have
    always bid the whole stake."""
    def bids_against(amount: int) -> list[int]:
        history = tuple(RoundRecord(r, ("R25", "G25"), ((30, amount, amount),), 0, "R25", 30,
                                    None, None) for r in range(1, 9))
        state = table(["R23", "G21"], ["R3", "R5"])
        state.history = history
        return [decide(ASTUTO, state, 0, rng).amount or 0 for rng in range(20)]

    cheap, dear = bids_against(1), bids_against(25)
    assert max(cheap) < min(dear) and sum(cheap) / len(cheap) < 15


# --- Despiadado ---------------------------------------------------------------------------------


def test_despiadado_bombs_its_focus_even_when_another_card_is_bigger() -> None:
    state = apply(table(["B", "G3"], ["R3", "R5"], [[], ["G5", "R25"], ["G7"]]),
                  (0, A.bid(9)), (1, A.bid(1)), (2, A.bid(1)), (0, A.take("B")))
    assert decide(Despiadado(focus=2), state, 0) == A.bomb(2, "green")


def test_despiadado_without_a_focus_bombs_the_leader() -> None:
    state = apply(table(["B", "G3"], ["R3", "R5"], [[], ["G5", "R9"], ["G25", "G23"]]),
                  (0, A.bid(9)), (1, A.bid(1)), (2, A.bid(1)), (0, A.take("B")))
    assert decide(Despiadado(), state, 0).target == 2


# --- the readings they share --------------------------------------------------------------------


def test_majority_chances_are_certain_at_the_end_and_share_ties() -> None:
    assert majority_chances((2, 1, 2), 0) == (1.0, 0.0, 1.0)
    early = majority_chances((3, 0, 0), 9)
    assert early[0] > early[1] == early[2] and 0 < early[1] < 1


def test_bid_models_and_win_chances_add_up() -> None:
    cdf = bid_cdf([0.5, 0.5, 0.6], 20)
    assert cdf[0] == 0.0 and cdf[40] == 1.0 and all(a <= b for a, b in pairwise(cdf))
    assert cdf[9] < 0.5 < cdf[13]
    win, second = win_chances([cdf, cdf])
    assert win[1] == 0.0 and win[40] > 0.99 and second[40] == 0.0
    assert all(w + s <= 1.0 + 1e-9 for w, s in zip(win, second, strict=True))
