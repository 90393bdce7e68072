"""A family's rules kit: its games' descriptors, its engine, its scenario reader and its
hidden twin (what a seat may not see).

``game.rules.registry`` holds one kit per family; nothing else in the layers above names a
family's package. A family whose engine is not built yet still registers its descriptors, so
its game codes read (and say "cannot be played yet") and its scenario ids are known.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.engine import Engine
from game.core.errors import MechaCortaError
from game.core.kit import GameDescriptor
from game.core.rng import Pcg32


class StepMissing(MechaCortaError):
    """A scenario step lacks a field its action needs: an illegal step (exit 1), not a
    malformed file."""


class ScenarioReader(Protocol):
    """Reads a family's scenario files (SCENARIOS.md): a dealt table in, a state out."""

    def check_step(self, index: int, step: Mapping[str, Any]) -> None:
        """``MalformedInput`` for a step field of the wrong type (checked before any step)."""

    def setup(self, doc: Mapping[str, Any]) -> Any:
        """The state the file describes; ``MalformedInput`` for a bad table."""

    def step_action(self, step: Mapping[str, Any]) -> tuple[int, Any]:
        """One step's seat and action; ``StepMissing`` when a field its verb needs is
        absent."""

    def output(self, state: Any) -> dict[str, Any]:
        """The state as SCENARIOS.md prints it."""


HiddenTwin = Callable[[Any, int, Pcg32], Any]
"""``twin(state, seat, rng)``: a new state that differs from ``state`` only in what ``seat`` may
not see (other hands, the order of what lies face down, sealed bids, the generator), drawn
with ``rng`` among the states the seat cannot tell from it; ``state`` is left untouched. The
generic privacy test (tests/test_every_game_privacy.py) holds every game to "such twins give
the seat the same view and, after the same action, the same events": a family states what is
hidden once, here, instead of each test guessing at its state's fields."""


@dataclass(frozen=True, slots=True)
class RulesKit:
    """``cards`` and ``verbs``: the ids its scenario files may name (an id unknown to every
    family makes a file malformed). ``engine`` and ``scenario`` are ``None`` while the family
    is only described. ``hidden_twin``: see :data:`HiddenTwin` (``None`` for a family that has
    not said what its seats may not see; every kit of the registry with an engine has one).

    ``view_type`` and ``event_types``: the class of the family's views and every class its
    feed events may be, for the network codec (game/net/codec.py), which builds from a message
    only these and the records their fields name; ``None`` and ``()`` for a family that cannot
    be played across a network (every kit of the registry with an engine names them)."""

    family: str
    games: tuple[GameDescriptor, ...]
    engine: Engine[Any, Any] | None
    scenario: ScenarioReader | None
    cards: frozenset[str]
    verbs: frozenset[str]
    hidden_twin: HiddenTwin | None = None
    view_type: type | None = None
    event_types: tuple[type, ...] = ()
