"""Privacy, one generic check for every game (tests/privacy.py): twins of a state that differ
only in what one seat may not see (each kit's ``hidden_twin``) give that seat the same view, the
same legal actions and, after the same move, the same events; and two moves of another seat
that leave the seat's view the same show it the same events. On every table of every game of
the registry. The rest of this module proves the check can fail: a view that shows another
seat's view, events that carry what the acting seat sees or are not stripped, and a twin that
changes what the seat sees are each caught in every game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.rules.kit import HiddenTwin
from game.rules.registry import descriptor, engine_for, kit_for, playable
from tests.every_game import IDS, TABLES, config
from tests.privacy import Tally, walk

POSITIONS = 160
"""Positions checked per table (every seat's twin at each), over as many games as it takes."""
LEVELS = (SeatKind.LANZADO, SeatKind.MAESTRO)
"""Every other game seats a level that remembers: a bomb-deck view then carries the seat's
record of the game, which must hide as much as the rest."""


def _tables(game: str, seats: int) -> Callable[[int], GameConfig]:
    """The config of the ``seed``-th game: the options walked (with ``seats`` in the variant,
    the four Caza Bombas tables between them play all eight missions), the level alternated."""
    return lambda seed: config(game, seats, seats * 2 + seed, LEVELS[seed % 2])


def _twin(game: str) -> HiddenTwin:
    twin = kit_for(game).hidden_twin
    assert twin is not None, f"the {kit_for(game).family} kit does not say what a seat may " \
                             "not see (RulesKit.hidden_twin)"
    return twin


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_a_seat_cannot_tell_its_twins_apart(game: str, seats: int) -> None:
    tally = walk(engine_for(game), _twin(game), _tables(game, seats), POSITIONS)
    assert not tally.problems, "\n".join(tally.problems)
    assert tally.twins == POSITIONS * seats
    assert tally.others_saw * 4 >= tally.twins, (
        f"only {tally.others_saw} of {tally.twins} twins differ in anything a seat sees: "
        "the twin hides too little to test")
    assert tally.compared * 2 >= POSITIONS, f"events compared after {tally.compared} moves only"


# --------------------------------------------------------------------------- it can fail


class _Proxy:
    """An engine that answers like ``inner`` except where a subclass says otherwise."""

    def __init__(self, inner: Any, seats: int) -> None:
        self.inner = inner
        self.seats = seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class _ViewShowsTheNextSeat(_Proxy):
    def view(self, state: Any, seat: int) -> Any:
        return self.inner.view(state, seat), self.inner.view(state, (seat + 1) % self.seats)


@dataclass(frozen=True)
class _Marked:
    """An event that carries ``extra`` for everybody, and strips as ``strip`` says."""

    inner: Any
    extra: Any
    strip: bool

    @property
    def secret_to(self) -> tuple[int, ...] | None:
        secret: tuple[int, ...] | None = self.inner.secret_to
        return secret

    def public(self) -> _Marked:
        return _Marked(self.inner.public() if self.strip else self.inner, self.extra, self.strip)


class _EventsShowTheActorsView(_Proxy):
    def apply(self, state: Any, seat: int, action: Any) -> list[Any]:
        events = self.inner.apply(state, seat, action)
        shown = self.inner.view(state, seat) if seat >= 0 else None
        return [_Marked(event, shown, strip=True) for event in events]


class _SecretsUnstripped(_Proxy):
    def apply(self, state: Any, seat: int, action: Any) -> list[Any]:
        return [_Marked(event, None, strip=False) for event in self.inner.apply(state, seat,
                                                                               action)]


def _smallest(game: str) -> int:
    return descriptor(game).min_seats


def _leaky_walk(game: str, proxy: type[_Proxy], twin: HiddenTwin | None = None,
                positions: int = 60) -> Tally:
    seats = _smallest(game)
    engine = proxy(engine_for(game), seats)
    return walk(engine, twin or _twin(game), _tables(game, seats), positions)


def _caught(tally: Tally, what: str) -> bool:
    return any(what in problem for problem in tally.problems)


@pytest.mark.parametrize("game", playable())
def test_a_view_that_shows_another_seats_view_is_caught(game: str) -> None:
    tally = _leaky_walk(game, _ViewShowsTheNextSeat)
    assert _caught(tally, "the seat's view tells the twin apart"), tally.problems


@pytest.mark.parametrize("game", playable())
def test_events_that_show_the_acting_seats_view_are_caught(game: str) -> None:
    tally = _leaky_walk(game, _EventsShowTheActorsView)
    assert _caught(tally, "different events"), tally.problems


def test_secret_events_shown_unstripped_are_caught() -> None:
    """Wherever random play meets an event secret to some seat (a drawn card, a sealed bid),
    an engine whose ``public()`` strips nothing is caught."""
    met = []
    for game in playable():
        plain = walk(engine_for(game), _twin(game), _tables(game, _smallest(game)), 60)
        if plain.secrets:
            met.append(game)
            assert _caught(_leaky_walk(game, _SecretsUnstripped), "different events"), game
    assert met, "no game's random play met a secret event: the check is not tried"


@pytest.mark.parametrize("game", playable())
def test_a_twin_that_changes_what_the_seat_sees_is_caught(game: str) -> None:
    """The kit's twin made for the next seat: it deals again what this seat holds."""
    twin = _twin(game)
    seats = _smallest(game)

    def for_the_next_seat(state: Any, seat: int, rng: Pcg32) -> Any:
        return twin(state, (seat + 1) % seats, rng)

    tally = walk(engine_for(game), for_the_next_seat, _tables(game, seats), 60)
    assert _caught(tally, "the seat's view tells the twin apart"), tally.problems


def test_every_kit_of_the_registry_says_what_a_seat_may_not_see() -> None:
    missing: Sequence[str] = [game for game in playable() if kit_for(game).hidden_twin is None]
    assert not missing, f"kits without a hidden_twin: {missing}"
