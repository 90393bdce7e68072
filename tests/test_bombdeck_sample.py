"""``sample(view, rng)``: every sampled state agrees with everything the seat sees or knows,
draws its hidden cards as that knowledge allows, and never reads the true state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from game.bots.registry import bot_for
from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.rng import Pcg32
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.sample import sample
from game.rules.bombdeck.state import BombState
from game.rules.bombdeck.view import BombView, Hidden
from tests.playout import bombdeck_positions

LEVELS = (SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO)
TABLES = [(name, seats) for name, rs in RULESETS.items()
          for seats in range(rs.min_seats, rs.max_seats + 1)]

REMEMBERS = SeatKind.MAESTRO
"""A level that reads the record: with one at the table the engine keeps it."""


def _positions(state: BombState) -> Iterator[BombState]:
    """Every position of a machine game (the levels mixed round the table), as it is played."""
    bots = [bot_for(state.ruleset.name, LEVELS[s % 3]) for s in range(state.seats)]
    return bombdeck_positions(state, bots, 77)


def _check(state: BombState, view: BombView, twin: BombState) -> None:
    """``twin`` (a sample of ``view``) against the view and the true ``state``."""
    seat = view.seat
    assert BOMBDECK.view(twin, seat) == view
    assert BOMBDECK.invariant_violations(twin) == []
    assert twin.rng.state != state.rng.state
    record = view.record
    assert record is not None
    for other in range(twin.seats):
        if other == seat:
            continue
        hand = Counter(twin.hands[other])
        assert not Counter(record.known[other]) - hand, "a known card is missing"
        assert hand[C.DEFUSE] <= record.defuse_caps[other], "more defuses than the ceiling"
        assert hand[C.DEFUSE] >= view.seats[other].defuses_proven
        if not twin.alive[other]:
            assert twin.clues[other] == {}
        elif not any(isinstance(e, Hidden) and e.seat == other for e in record.deck):
            assert sorted(twin.clues[other]) == sorted(state.clues[other]), \
                f"seat {other}'s clue positions are public"
        for index, card in twin.clues[other].items():
            assert twin.deck[index] == card


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=[f"{g}-{s}" for g, s in TABLES])
def test_every_sample_agrees_with_the_view(game: str, seats: int) -> None:
    rng = Pcg32(seats, 5)
    checked = 0
    for number in range(4):
        config = GameConfig.machines(game, seats, REMEMBERS, options=frozenset(
            {C.ADVANCED_COMBOS} if game == "clasico" and number >= 2 else ()))
        state = BOMBDECK.new_game(config, 100 * seats + number)
        for step, position in enumerate(_positions(state)):
            if step % 3:
                continue
            for seat in range(seats):
                if not position.alive[seat]:
                    continue
                view = BOMBDECK.view(position, seat)
                for _ in range(3):
                    _check(position, view, sample(view, rng))
                    checked += 1
    assert checked >= 50 * seats, checked


def test_what_the_seat_saw_before_a_bomb_went_in_still_counts() -> None:
    """Seat 0 saw the top three cards safe and took the first; seat 1 drew a bomb from the
    bottom and hid it (which erases 0's clues). The two cards 0 saw are still safe, so the top
    two never hold two bombs, though two of the four cards are bombs."""
    state = BOMBDECK.new_game(GameConfig.machines("bombazo", 3, REMEMBERS), 12)
    safe = [c for c in state.deck if c not in (C.BOMB, C.DEFUSE)][:3]
    state.deck = [C.BOMB, C.BOMB, *safe[::-1]]  # bottom first: the top three are safe
    state.hands[0].append(C.SEE_FUTURE)
    state.hands[1].append(C.DRAW_BOTTOM)
    state.total_cards = state.card_count()
    state.shuffled = (5, 2)
    BOMBDECK.apply(state, 0, Action("play", C.SEE_FUTURE))
    BOMBDECK.apply(state, TABLE, Action("resolve"))
    BOMBDECK.apply(state, 0, Action("draw"))
    BOMBDECK.apply(state, 1, Action("play", C.DRAW_BOTTOM))
    BOMBDECK.apply(state, TABLE, Action("resolve"))
    BOMBDECK.apply(state, 1, Action("place_bomb", position=2))
    view = BOMBDECK.view(state, 0)
    assert view.clues == () and view.deck_size == 4 and view.bombs == 2
    rng = Pcg32(3)
    tops: Counter[tuple[bool, ...]] = Counter()
    for _ in range(400):
        twin = sample(view, rng)
        assert BOMBDECK.view(twin, 0) == view
        tops[tuple(card == C.BOMB for card in twin.deck[::-1])] += 1
    assert all(top[0] + top[1] <= 1 for top in tops), tops
    # the hidden bomb went anywhere alike (uniform prior): on top about one time in four
    on_top = sum(n for top, n in tops.items() if top[0])
    assert 60 < on_top < 140, tops


def test_the_deal_is_drawn_as_the_seat_knows_it_not_as_it_is() -> None:
    """At the deal a seat knows nothing of the pile: bombs sit anywhere alike in the samples,
    whatever the true pile holds; the reserve defuses are in the pile (hands hold only their
    dealt one), and another hand holds what the seat does not."""
    state = BOMBDECK.new_game(GameConfig.machines("bombazo", 4, REMEMBERS), 21)
    state.deck.remove(C.BOMB)
    state.deck.append(C.BOMB)  # the true top card is a bomb
    view = BOMBDECK.view(state, 0)
    rng = Pcg32(8)
    top_bombs = 0
    positions: Counter[int] = Counter()
    for _ in range(1500):
        twin = sample(view, rng)
        top_bombs += twin.deck[-1] == C.BOMB
        positions.update(i for i, card in enumerate(twin.deck) if card == C.BOMB)
        assert twin.deck.count(C.DEFUSE) == 2
        assert all(hand.count(C.DEFUSE) == 1 for hand in twin.hands)
        assert not set(twin.hands[1]) & {C.BOMB}
    odds = view.bombs / view.deck_size
    assert abs(top_bombs / 1500 - odds) < 0.035, (top_bombs, odds)
    per_place = 1500 * view.bombs / view.deck_size
    assert min(positions.values()) > 0.6 * per_place and max(positions.values()) < 1.4 * per_place


def test_a_sample_reads_the_view_only() -> None:
    """Two states that differ only in what seat 0 may not see give the same samples."""
    state = BOMBDECK.new_game(GameConfig.machines("clasico", 4, REMEMBERS), 4)
    for position in _positions(state):
        if len(position.log) >= 6:
            break
    view = BOMBDECK.view(position, 0)
    other = sample(view, Pcg32(1))
    assert other.snapshot() != position.snapshot()
    assert BOMBDECK.view(other, 0) == view
    one = sample(BOMBDECK.view(position, 0), Pcg32(2)).snapshot()
    two = sample(BOMBDECK.view(other, 0), Pcg32(2)).snapshot()
    assert one == two
