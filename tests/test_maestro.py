"""Maestro, the searching level: it decides every kind of decision with a legal move, the same
way for the same view and generator, the same way for two states its seat cannot tell apart, and
its games finish. Budgets stay small here: the searches are the slow part."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from game.bots.bombdeck import maestro as maestro_module
from game.bots.bombdeck.astuto import ASTUTO, Astuto
from game.bots.bombdeck.despiadado import Despiadado
from game.bots.bombdeck.maestro import (
    PASS,
    Maestro,
    light_moves,
    light_view,
    quick_nope,
    quick_play,
)
from game.bots.registry import bot_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import DecisionStreams, Pcg32
from game.match.headless import play_game
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.sample import Sampler
from game.rules.bombdeck.state import BombState
from tests.playout import bombdeck_positions

LZ, AS, DE, MA = SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO, SeatKind.MAESTRO
SMALL = 400
"""Simulated actions per decision in these tests."""


def _positions(game: str, seats: int, seed: int) -> Iterator[tuple[BombState, int]]:
    """(state, seat to decide) at every decision of a game of the seeds' levels (every nope
    holder of a window is a decision)."""
    kinds = tuple((LZ, AS, DE)[(s + seed) % 3] for s in range(seats))
    config = GameConfig(game, kinds, first=seed % seats)
    bots = [bot_for(game, kind) for kind in kinds]
    for state in bombdeck_positions(BOMBDECK.new_game(config, seed), bots, seed):
        if not BOMBDECK.is_over(state):
            for seat in BOMBDECK.decision(state).seats:
                yield state, seat


def _one_of_each(game: str, seats: int = 4) -> dict[str, tuple[BombState, int]]:
    """A copied position of each phase where the seat has a real choice (a window: a play
    aimed at the seat, where a nope is worth a search)."""
    found: dict[str, tuple[BombState, int]] = {}
    for seed in range(40):
        for state, seat in _positions(game, seats, seed):
            phase = state.phase.value
            if phase in found:
                continue
            legal = BOMBDECK.legal_actions(state, seat)
            if phase == "react":
                pending = state.pending
                if pending is None or pending.target != seat:
                    continue
            elif len(legal) < 2:
                continue
            found[phase] = (state.copy(), seat)
        if len(found) == (4 if RULESETS[game].reactions else 3):
            break
    return found


GAMES = sorted(RULESETS)


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_decision_is_searched_and_answered_legally(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play (with targets and, in Bombazo, named cards among the candidates), a nope or not,
    a gift, a hidden bomb: each goes through the search and comes back legal."""
    searched: list[tuple[str, list[Action]]] = []
    real = Maestro.search

    def spy(self: Maestro, view: object, first: Action, candidates: list[Action],
            rng: Pcg32) -> Action:
        searched.append((getattr(view, "phase", ""), list(candidates)))
        return real(self, view, first, candidates, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(Maestro, "search", spy)
    bot = Maestro(budget=SMALL)
    positions = _one_of_each(game)
    wanted = {"play", "give", "place_bomb"} | ({"react"} if RULESETS[game].reactions else set())
    if game == "mazo":
        wanted.discard("give")  # no favors in Mazo
    assert wanted <= set(positions)
    for phase, (state, seat) in positions.items():
        view = BOMBDECK.view(state, seat)
        legal = BOMBDECK.legal_actions(state, seat)
        choice = bot.choose(view, legal, Pcg32(3, 1))
        if phase == "react":
            assert choice is None or choice == A.NOPE_ACTION
        else:
            assert choice in legal, (phase, choice)
    assert {phase for phase, _ in searched} == wanted
    for phase, candidates in searched:
        assert len(candidates) >= 2
        if phase == "react":
            assert PASS in candidates and A.NOPE_ACTION in candidates


def test_candidates_cover_targets_and_named_cards() -> None:
    """A hand with a favor, a pair and a trio: the candidates aim at several seats and name
    cards; a place for the bomb: the top, the bottom, in front of each seat, random."""
    bot = Maestro(budget=SMALL)
    for state, seat in _positions("bombazo", 4, 5):
        if state.phase.value != "play" or state.seats - state.alive.count(False) < 4:
            continue
        hand = state.hands[seat]
        hand[:] = [C.FAVOR, C.ANIMALS[0], C.ANIMALS[0], C.ANIMALS[0], C.DEFUSE]
        break
    view = BOMBDECK.view(state, seat)
    legal = BOMBDECK.legal_actions(state, seat)
    default = ASTUTO.choose(view, legal, Pcg32(1))
    assert default is not None
    candidates = bot.candidates(view, legal, default)
    assert candidates[0] == default and len(set(candidates)) == len(candidates)
    assert set(candidates) <= set(legal)
    assert A.DRAW_ACTION in candidates
    assert len({a.target for a in candidates if a.card == C.FAVOR}) >= 2
    assert len({a.target for a in candidates if a.verb == A.PAIR}) >= 2
    trios = [a for a in candidates if a.verb == A.TRIO]
    assert trios and {a.named for a in trios} >= {C.DEFUSE}

    place = BOMBDECK.new_game(GameConfig.machines("bombazo", 4), 9)
    place.hands[0] = [C.SKIP]
    place.deck.append(C.BOMB)
    place.hands[0].append(C.DEFUSE)
    BOMBDECK.apply(place, 0, A.DRAW_ACTION)
    assert place.phase.value == "place_bomb"
    view = BOMBDECK.view(place, 0)
    legal = BOMBDECK.legal_actions(place, 0)
    default = ASTUTO.choose(view, legal, Pcg32(1))
    assert default is not None
    positions = {a.position for a in bot.candidates(view, legal, default)}
    assert {0, 1, 2, 3, view.deck_size, A.RANDOM} <= positions


@pytest.mark.parametrize("game", GAMES)
def test_the_same_view_and_generator_give_the_same_decision(game: str) -> None:
    bot = Maestro(budget=SMALL)
    for phase, (state, seat) in _one_of_each(game).items():
        view = BOMBDECK.view(state, seat)
        legal = BOMBDECK.legal_actions(state, seat)
        answers = {bot.choose(view, legal, DecisionStreams(11).rng(seat, 40)) for _ in range(3)}
        assert len(answers) == 1, phase
        again = Maestro(budget=SMALL).choose(BOMBDECK.view(state.copy(), seat), list(legal),
                                             DecisionStreams(11).rng(seat, 40))
        assert answers == {again}, phase


def _twin(state: BombState, seat: int, seed: int) -> BombState:
    """A state that ``seat`` cannot tell from ``state``: the hidden cards dealt again."""
    view = BOMBDECK.view(state, seat)
    twin = Sampler(view).draw(Pcg32(seed, 9))
    assert BOMBDECK.view(twin, seat) == view
    return twin


@pytest.mark.parametrize("game", GAMES)
def test_two_states_that_differ_only_in_hidden_cards_get_the_same_decision(game: str) -> None:
    """Never peeks: the hidden cards (the pile's order, the other hands) dealt again, the
    same view, the same decision; and the hidden cards did differ."""
    bot = Maestro(budget=SMALL)
    differed = 0
    for phase, (state, seat) in _one_of_each(game).items():
        for seed in range(2):
            twin = _twin(state, seat, seed)
            if twin.deck != state.deck or twin.hands != state.hands:
                differed += 1
            legal = BOMBDECK.legal_actions(state, seat)
            assert BOMBDECK.legal_actions(twin, seat) == legal
            mine = bot.choose(BOMBDECK.view(state, seat), legal, Pcg32(21, 4))
            theirs = bot.choose(BOMBDECK.view(twin, seat), legal, Pcg32(21, 4))
            assert mine == theirs, phase
    assert differed >= 3


def test_the_search_leaves_the_heuristic_move_only_when_another_is_clearly_better() -> None:
    """Over a few games Maestro agrees with Astuto most of the time, and sometimes not: the
    search is not idle, and it does not chase noise."""
    bot = Maestro(budget=1500)
    agree = differ = 0
    for state, seat in _positions("bombazo", 4, 2):
        if state.phase.value not in ("play", "place_bomb"):
            continue
        legal = BOMBDECK.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        view = BOMBDECK.view(state, seat)
        rng = Pcg32(agree + differ, 2)
        if bot.choose(view, legal, rng) == ASTUTO.choose(view, legal, rng):
            agree += 1
        else:
            differ += 1
    assert differ >= 1
    assert agree > differ


def test_no_budget_means_the_heuristic_move() -> None:
    bot = Maestro(budget=0)
    for state, seat in _positions("clasico", 3, 1):
        legal = BOMBDECK.legal_actions(state, seat)
        view = BOMBDECK.view(state, seat)
        assert bot.choose(view, legal, Pcg32(1)) == ASTUTO.choose(view, legal, Pcg32(1))


def test_the_budget_bounds_the_simulated_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision stops once its simulated actions reach the budget (plus the futures of the
    sample in hand, each cut at ``future_limit``)."""
    spent: list[int] = []
    real = maestro_module.rollout

    def counting(state: BombState, players: Sequence[object], me: int, rng: Pcg32,
                 limit: int, horizon: int | None) -> tuple[float, int]:
        value, used = real(state, players, me, rng, limit, horizon)  # type: ignore[arg-type]
        spent[-1] += used + 1
        return value, used

    monkeypatch.setattr(maestro_module, "rollout", counting)
    bot = Maestro(budget=800)
    count = 0
    for state, seat in _positions("bombazo", 4, 3):
        legal = BOMBDECK.legal_actions(state, seat)
        if state.phase.value != "play" or len(legal) < 2:
            continue
        spent.append(0)
        view = BOMBDECK.view(state, seat)
        bot.choose(view, legal, Pcg32(count))
        candidates = len(bot.candidates(view, legal, legal[0])) + 1
        assert spent[-1] <= bot.budget + candidates * bot.future_limit
        count += 1
        if count >= 10:
            break
    assert count == 10 and max(spent) > 0


@pytest.mark.parametrize(("game", "seats"), [("bombazo", 4), ("bombazo", 2), ("mazo", 4),
                                             ("clasico", 5)])
def test_games_with_maestro_seats_finish(game: str, seats: int) -> None:
    small = Maestro(budget=SMALL)
    plain = Maestro(budget=SMALL, modelled=False)
    for seed in range(2):
        kinds = tuple((MA, AS, DE, MA, LZ)[s] for s in range(seats))
        config = GameConfig(game, kinds, first=seed % seats)
        players = [small if kind is MA and s == 0 else plain if kind is MA
                   else bot_for(game, kind) for s, kind in enumerate(kinds)]
        record = play_game(config, seed, players, check=True)
        assert record.violations == []
        assert sorted(record.ranking) == list(range(seats))
        again = play_game(config, seed, players)
        assert again.actions == record.actions


@pytest.mark.parametrize("game", GAMES)
def test_rollout_players_choose_from_the_light_view_as_from_the_full_one(game: str) -> None:
    """The rollouts' shortcut (``light_view``, ``light_moves``) changes no decision of the
    levels it plays: at every position of real games, every seat asked both ways."""
    levels = [ASTUTO, Despiadado(), Despiadado(1), bot_for(game, LZ)]
    asked = nopes = 0
    for seed in range(12):
        for state, seat in _positions(game, 4 if seed % 2 else 3 + seed % 3, seed):
            legal = BOMBDECK.legal_actions(state, seat)
            full = BOMBDECK.view(state, seat)
            light = light_view(state, seat)
            for bot in levels:
                want = bot.choose(full, legal, Pcg32(seed, 3))
                assert bot.choose(light, legal, Pcg32(seed, 3)) == want
                if state.phase.value == "play" and isinstance(bot, Astuto):
                    assert bot.play(light, light_moves(state, seat), ()) == want
                    assert quick_play(bot, state, seat) == want, (bot, state.hands[seat])
                if state.phase.value == "react" and isinstance(bot, Astuto):
                    assert quick_nope(bot, state, seat) == (want is not None), state.pending
                    nopes += want is not None
                asked += 1
    assert asked > 500
    if RULESETS[game].reactions:
        assert nopes > 20, "windows where a seat wants its nope were met"


def test_soaks_get_a_quick_maestro_and_the_other_levels_unchanged() -> None:
    from game.bots.registry import quick_bot_for

    quick = quick_bot_for("mazo", MA)
    assert isinstance(quick, Maestro) and quick.budget == 1 and quick.modelled
    assert bot_for("mazo", MA).budget > 1000  # type: ignore[attr-defined]
    for kind in (LZ, AS, DE):
        assert quick_bot_for("clasico", kind) is bot_for("clasico", kind)
