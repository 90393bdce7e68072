"""Issue 25's speed-ups of Maestro's search: the sampler's kept prefix (the very same samples)
and the rollouts' quick nope (the very same answers)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

import pytest

from game.bots.bombdeck import models
from game.bots.bombdeck.astuto import ASTUTO
from game.bots.bombdeck.despiadado import Despiadado
from game.bots.bombdeck.maestro import quick_nope
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.rules.bombdeck import cards as C
from game.rules.bombdeck import sample as S
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import Phase
from game.rules.bombdeck.view import BombView, Hidden
from tests.playout import bombdeck_positions

GAMES = ("bombazo", "clasico", "mazo")


def _views(game: str, seeds: range) -> Iterator[BombView]:
    """Seat 0's views (a Maestro seat: the engine keeps its record) through Astuto games."""
    kinds = (SeatKind.MAESTRO, *(SeatKind.ASTUTO,) * 3)
    for seed in seeds:
        config = GameConfig(game, kinds, first=seed % 4)
        for state in bombdeck_positions(BOMBDECK.new_game(config, seed), [ASTUTO] * 4, seed):
            if not BOMBDECK.is_over(state) and state.alive[0]:
                yield BOMBDECK.view(state, 0)


def _replayed_from_the_start(sampler: S.Sampler) -> S.Sampler:
    """The same sampler with every story replayed from its shuffle (what it did before)."""
    for story in sampler.stories:
        story.start = 0
        story.prefix = S._Pile(*story.record.shuffled)
    return sampler


@pytest.mark.parametrize("game", GAMES)
def test_the_kept_prefix_gives_the_very_samples_of_a_whole_replay(game: str) -> None:
    after_a_prefix = without_a_hide = 0
    for view in _views(game, range(6)):
        record = view.record
        assert record is not None
        foreign = [i for i, e in enumerate(record.deck)
                   if isinstance(e, Hidden) and e.seat != view.seat]
        after_a_prefix += bool(foreign and foreign[0] > 0)
        without_a_hide += bool(record.deck and not foreign)
        kept = S.Sampler(view, models.modelled_prior)
        whole = _replayed_from_the_start(S.Sampler(view, models.modelled_prior))
        first, second = Pcg32(11, 3), Pcg32(11, 3)
        for _ in range(3):
            a, b = kept.draw(first), whole.draw(second)
            assert (a.deck, a.hands, a.clues) == (b.deck, b.hands, b.clues)
        assert first.next_u32() == second.next_u32(), "the same draws from the generator"
        assert kept.replayed == whole.replayed, "the budget counts the same work"
    assert after_a_prefix > 5 and without_a_hide > 5, "both ways through a replay were met"


@pytest.mark.parametrize("game", ("bombazo", "clasico"))
def test_the_quick_nope_answers_as_astuto_does_from_the_full_view(game: str) -> None:
    """Every window of real games, asked of every seat (its play noped or standing, with and
    without a defuse, with and without its clues): ``quick_nope`` against ``wants_nope`` on
    the full view."""
    levels = (ASTUTO, Despiadado(), Despiadado(2))
    asked: Counter[tuple[bool, bool]] = Counter()
    for seed in range(30):
        config = GameConfig.machines(game, 3 + seed % 3, SeatKind.ASTUTO)
        players = [ASTUTO] * len(config.seats)
        for state in bombdeck_positions(BOMBDECK.new_game(config, seed), players, seed):
            if state.phase is not Phase.REACT or state.pending is None:
                continue
            for nopes, defuse, blind in product((0, 1), (False, True), (False, True)):
                twin = state.copy()
                assert twin.pending is not None
                twin.pending.nopes = nopes
                for seat in range(twin.seats):
                    if not twin.alive[seat]:
                        continue
                    hand = [c for c in twin.hands[seat] if c != C.DEFUSE]
                    twin.hands[seat] = [*hand, C.DEFUSE] if defuse else hand
                    if blind:  # the seat forgets what it saw: the odds decide
                        twin.clues[seat] = {}
                    view = BOMBDECK.view(twin, seat)
                    for bot in levels:
                        want = bot.wants_nope(view)
                        assert quick_nope(bot, twin, seat) == want, (twin.pending, seat)
                        asked[(twin.pending.seat == seat, want)] += 1
    assert min(asked.values()) > 20, asked
