"""Caza Bombas' machine teammates: what they deduce is true, what they call certain is right,
they see views only, and they play well enough to matter.

The certainty test replays thousands of positions of real games (every level, every mission,
two to five players) and holds each cut a teammate claims is certain to the hidden truth; the
soundness test holds the deducer's every wire (exact and relaxed) to the same truth: the
wire's real key must be among those it allows. The deducer is also checked against brute-force
enumeration on small positions.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations
from math import factorial
from typing import Any

import pytest

from game import cli
from game.bots.cazabombas import ASTUTO, DESPIADADO, LANZADO
from game.bots.cazabombas.base import CazaPlayer, Plan
from game.bots.cazabombas.deduce import analyse
from game.bots.registry import bot_for, levels_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32, decision_rng
from game.match.headless import play_game
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.engine import CAZABOMBAS, build_state
from game.rules.cazabombas.state import CazaState
from game.rules.cazabombas.view import CazaView, EquipmentSeen, WireSeen
from game.rules.cazabombas.wires import class_of


def _config(mission: int, seats: int, kinds: Sequence[SeatKind] | None = None) -> GameConfig:
    chosen = tuple(kinds) if kinds is not None else (SeatKind.ASTUTO,) * seats
    return GameConfig("cazabombas", chosen, frozenset({f"mission{mission}"}))


def _right(state: CazaState, seat: int, action: Action) -> bool:
    """Whether a cut is right, read from the whole state."""
    if action.verb in ("solo_cut", "reveal_reds"):
        return True
    assert action.target is not None and action.stand is not None
    g = state.seat_stands[action.target][action.stand]
    if action.pos is not None:
        wires = [action.pos]
    elif action.indices is not None:
        wires = list(action.indices)
    else:
        wires = [i for i, done in enumerate(state.cut[g]) if not done]
    named = action.values or (action.value,)
    return any(class_of(state.keys[g][i]) in named for i in wires)


@functools.cache
def _positions(games: int) -> list[tuple[CazaState, int]]:
    """Positions where a machine teammate decides, from real games of every level. Played
    once, when the first test asks (not at import: collecting the suite, on every xdist
    worker, would play them each time); the tests only read them."""
    found: list[tuple[CazaState, int]] = []
    levels = (SeatKind.ASTUTO, SeatKind.DESPIADADO, SeatKind.LANZADO)
    for index in range(games):
        mission, seats = 1 + index % 8, 2 + index % 4
        kinds = [levels[(index + s) % 3] for s in range(seats)]
        config = _config(mission, seats, kinds)
        record = play_game(config, 500 + index)
        state = CAZABOMBAS.new_game(config, 500 + index)
        for seat, action in record.actions:
            if state.phase.value == "play":
                found.append((state.copy(), seat))
            CAZABOMBAS.apply(state, seat, action)
    return found


GAMES = 96


def positions() -> list[tuple[CazaState, int]]:
    """The positions of :data:`GAMES` real games (played on first use)."""
    return _positions(GAMES)


@pytest.mark.slow
def test_there_are_thousands_of_positions() -> None:
    assert len(positions()) >= 2000


@pytest.mark.slow
@pytest.mark.parametrize(("player", "step"), [(ASTUTO, 1), (DESPIADADO, 3), (LANZADO, 2)],
                         ids=["astuto", "despiadado", "lanzado"])
def test_every_cut_a_teammate_calls_certain_is_right(player: CazaPlayer, step: int) -> None:
    """Astuto, the deducer, on every position; the others on a share of them."""
    certain = 0
    chosen = positions()[::step]
    for index, (state, seat) in enumerate(chosen):
        legal = CAZABOMBAS.legal_actions(state, seat)
        plan: Plan = player.plan(CAZABOMBAS.view(state, seat), legal, decision_rng(7, seat, index))
        assert plan.action in legal
        if plan.certain:
            certain += 1
            assert plan.chance >= 1.0 - 1e-9
            assert _right(state, seat, plan.action), (
                f"position {index}: {plan.action} was called certain and is wrong")
    assert certain >= len(chosen) // 4, "so few certain cuts: the test would prove little"


@pytest.mark.slow
def test_the_deducer_never_rules_out_the_truth() -> None:
    checked = 0
    for state, seat in positions()[::3]:
        view = CAZABOMBAS.view(state, seat)
        for exact in (True, False):
            analysis = analyse(view, exact=exact)
            for (g, i), chances in analysis.slots.items():
                assert state.stand_owner[g] != seat and not state.cut[g][i]
                assert chances.get(state.keys[g][i], 0.0) > 0.0, (g, i, chances)
                assert abs(sum(chances.values()) - 1.0) < 1e-6
                checked += 1
            hidden = sum(1 for g, owner in enumerate(state.stand_owner) if owner != seat
                         for done in state.cut[g] if not done)
            assert len(analysis.slots) == hidden
    assert checked > 5000


# --------------------------------------------------------------------------- brute force


def _brute(view: CazaView) -> tuple[int, dict[tuple[int, int, int], float]]:
    """Every layout of the hidden keys over the slots, checked against everything public."""
    me = view.seat
    slots = [(g, i) for g, stand in enumerate(view.stands) if view.stand_owner[g] != me
             for i, wire in enumerate(stand) if not wire.cut]
    seen = Counter(wire.key for g, stand in enumerate(view.stands) for wire in stand
                   if wire.key is not None and (wire.cut or view.stand_owner[g] == me))
    blue = [W.blue_key(n) for n in range(1, 13) for _ in range(view.blue_counts[n])]
    chances: dict[tuple[int, int, int], float] = {}
    total = 0.0
    count = 0
    for yellow in combinations(view.yellow_board, view.yellow_count):
        for red in combinations(view.red_board, view.red_count):
            bomb = Counter(blue + list(yellow) + list(red))
            if any(seen[key] > bomb[key] for key in seen):
                continue
            hidden = bomb - seen
            if sum(hidden.values()) != len(slots):
                continue
            for layout in set(permutations(list(hidden.elements()))):
                keys = [[wire.key for wire in stand] for stand in view.stands]
                for (g, i), key in zip(slots, layout, strict=True):
                    keys[g][i] = key
                if not _fits(view, slots, keys):
                    continue
                weight = 1.0
                for g, stand_keys in enumerate(keys):
                    if view.stand_owner[g] != me:
                        for copies in Counter(stand_keys).values():
                            weight /= factorial(copies)
                total += weight
                count += 1
                for (g, i), key in zip(slots, layout, strict=True):
                    chances[(g, i, key)] = chances.get((g, i, key), 0.0) + weight
    return count, {k: v / total for k, v in chances.items()}


def _fits(view: CazaView, slots: list[tuple[int, int]], keys: list[list[Any]]) -> bool:
    if any(stand != sorted(stand) for stand in keys):
        return False
    for g, i in slots:
        wire, value = view.stands[g][i], class_of(keys[g][i])
        bit = W.CLASS_BITS[value]
        if wire.token is not None and wire.token != value:
            return False
        if (wire.notv | view.lacks[view.stand_owner[g]]) & bit:
            return False
    for seat in range(view.seats):
        if seat == view.seat:
            continue
        for value, bit in W.CLASS_BITS.items():
            if view.claims[seat] & bit and not any(
                    class_of(keys[g][i]) == value for g, i in slots
                    if view.stand_owner[g] == seat):
                return False
    return True


def _small_state(seed: int) -> CazaState:
    rng = Pcg32(seed, 3)
    mission = W.mission(8 if seed % 2 else 5, 3)
    pool: list[int] = []
    for n in (2, 5, 9):
        pool += [W.blue_key(n)] * (1 + rng.below(2))
    board_y, board_r = (21, 41, 81), (35, 65)
    pool += [*sorted(board_y[:2] if seed % 3 else board_y[1:]), 35 if seed % 5 else 65]
    rng.shuffle(pool)
    stands = [sorted(pool[i::4]) for i in range(4)]
    blue = [0] * 13
    for key in pool:
        if W.is_blue(key):
            blue[key // 10] += 1
    return build_state(mission, 3, 0, stands, tuple(blue), (board_y, 2), (board_r, 1), (), rng)


def test_the_exact_count_matches_brute_force() -> None:
    compared = 0
    for seed in range(24):
        state = _small_state(seed)
        chooser = Pcg32(seed, 8)
        for _ in range(5):
            if CAZABOMBAS.is_over(state):
                break
            for seat in range(3):
                view = CAZABOMBAS.view(state, seat)
                count, chances = _brute(view)
                analysis = analyse(view)
                assert analysis.exact and analysis.layouts == count
                got = {(g, i, key): p for (g, i), row in analysis.slots.items()
                       for key, p in row.items()}
                assert set(got) == set(chances)
                for key, p in chances.items():
                    assert got[key] == pytest.approx(p, abs=1e-9)
                compared += 1
            moves = [(s, a) for s in CAZABOMBAS.to_act(state)
                     for a in CAZABOMBAS.legal_actions(state, s)]
            right = [(s, a) for s, a in moves if a.verb == "token" or _right(state, s, a)]
            pool = right if right and chooser.below(3) else moves
            CAZABOMBAS.apply(state, *pool[chooser.below(len(pool))])
    assert compared >= 150


def test_pair_chances_are_those_of_the_brute_force() -> None:
    """The detectors read the chance that two wires of one stand share a number."""
    state = _small_state(4)
    view = CAZABOMBAS.view(state, 0)
    analysis = analyse(view)
    slots = [(g, i) for g, stand in enumerate(view.stands) if view.stand_owner[g] != 0
             for i, wire in enumerate(stand) if not wire.cut]
    me = 0
    for g in {g for g, _ in slots}:
        indices = [i for gg, i in slots if gg == g]
        for a, b in combinations(indices, 2):
            for n in (2, 5, 9):
                both = _brute_both(view, me, g, a, b, W.blue_key(n))
                assert analysis.both(g, a, b, n) == pytest.approx(both, abs=1e-9)


def _brute_both(view: CazaView, me: int, g: int, a: int, b: int, key: int) -> float:
    slots = [(gg, i) for gg, stand in enumerate(view.stands) if view.stand_owner[gg] != me
             for i, wire in enumerate(stand) if not wire.cut]
    seen = Counter(wire.key for gg, stand in enumerate(view.stands) for wire in stand
                   if wire.key is not None and (wire.cut or view.stand_owner[gg] == me))
    blue = [W.blue_key(n) for n in range(1, 13) for _ in range(view.blue_counts[n])]
    hit = total = 0.0
    for yellow in combinations(view.yellow_board, view.yellow_count):
        for red in combinations(view.red_board, view.red_count):
            bomb = Counter(blue + list(yellow) + list(red))
            if any(seen[k] > bomb[k] for k in seen):
                continue
            hidden = bomb - seen
            for layout in set(permutations(list(hidden.elements()))):
                keys = [[wire.key for wire in stand] for stand in view.stands]
                for (gg, i), k in zip(slots, layout, strict=True):
                    keys[gg][i] = k
                if not _fits(view, slots, keys):
                    continue
                weight = 1.0
                for gg, stand_keys in enumerate(keys):
                    if view.stand_owner[gg] != me:
                        for copies in Counter(stand_keys).values():
                            weight /= factorial(copies)
                total += weight
                if keys[g][a] == key and keys[g][b] == key:
                    hit += weight
    return hit / total


# --------------------------------------------------------------------------- players


_PLAIN = (int, str, bool, float, type(None))
_RECORDS = (CazaView, WireSeen, EquipmentSeen)


def _immutable(value: object) -> bool:
    if type(value) in _PLAIN:
        return True
    if type(value) in _RECORDS or type(value) is tuple:
        assert isinstance(value, tuple)
        return all(_immutable(item) for item in value)
    return False


class _Recorder:
    def __init__(self, inner: Any, log: list[tuple[Any, ...]]) -> None:
        self.inner, self.log = inner, log

    @property
    def level(self) -> SeatKind:
        level: SeatKind = self.inner.level
        return level

    def choose(self, *args: Any, **kwargs: Any) -> Any:
        self.log.append((args, kwargs))
        return self.inner.choose(*args)


def test_teammates_are_handed_views_only() -> None:
    for seats in (2, 3, 5):
        log: list[tuple[Any, ...]] = []
        config = _config(8, seats)
        players = [_Recorder(bot_for("cazabombas", kind), log) for kind in config.seats]
        play_game(config, seats, players)
        assert log
        for args, kwargs in log:
            assert not kwargs and len(args) == 3
            view, legal, rng = args
            assert isinstance(view, CazaView) and _immutable(view)
            assert isinstance(legal, list) and all(isinstance(a, Action) for a in legal)
            assert isinstance(rng, Pcg32)


def test_every_level_is_registered() -> None:
    assert levels_for("cazabombas") == (SeatKind.LANZADO, SeatKind.ASTUTO,
                                         SeatKind.DESPIADADO)


def test_the_same_question_gets_the_same_answer() -> None:
    first = _positions(10)  # the first 200 positions are those of the first ten games
    assert len(first) >= 200
    for state, seat in first[:200:7]:
        view = CAZABOMBAS.view(state, seat)
        legal = CAZABOMBAS.legal_actions(state, seat)
        for player in (ASTUTO, LANZADO):
            assert player.choose(view, legal, Pcg32(3)) == player.choose(view, legal, Pcg32(3))


@pytest.mark.slow
def test_astuto_clears_the_first_missions_and_beats_lanzado() -> None:
    def wins(kind: SeatKind, mission: int, games: int) -> int:
        return sum(bool(play_game(_config(mission, 4, [kind] * 4), seed).outcome.team_won)
                   for seed in range(games))  # type: ignore[union-attr]
    assert wins(SeatKind.ASTUTO, 1, 20) >= 18
    assert wins(SeatKind.ASTUTO, 2, 12) >= 11
    assert wins(SeatKind.ASTUTO, 4, 10) > wins(SeatKind.LANZADO, 4, 10) + 2


def test_the_simulator_reports_the_team_and_its_mistakes(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["sim", "--game", "cazabombas", "--options", "mission3", "--seats", "3",
                     "--bots", "lanzado", "--games", "12", "--timing", "--json",
                     "--quiet"]) == 0
    import json

    report = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert report["errors"] == 0 and report["games"] == 12
    assert 0.0 <= report["team_win_rate"] <= 1.0
    assert isinstance(report["mistakes_per_mission"], float)
    assert report["mistakes_per_mission"] > 0, "twelve reckless missions without a mistake"
    times = report["decision_ms"]
    assert times["decisions"] > 12 and 0 < times["p50"] <= times["p99"] <= times["max"]
