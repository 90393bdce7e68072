"""A family's rules kit: its games' descriptors, its engine and its scenario reader.

``game.rules.registry`` holds one kit per family; nothing else in the layers above names a
family's package. A family whose engine is not built yet still registers its descriptors, so
its game codes read (and say "cannot be played yet") and its scenario ids are known.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.engine import Engine
from game.core.kit import GameDescriptor


class StepMissing(Exception):
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


@dataclass(frozen=True, slots=True)
class RulesKit:
    """``cards`` and ``verbs``: the ids its scenario files may name (an id unknown to every
    family makes a file malformed). ``engine`` and ``scenario`` are ``None`` while the family
    is only described."""

    family: str
    games: tuple[GameDescriptor, ...]
    engine: Engine[Any, Any] | None
    scenario: ScenarioReader | None
    cards: frozenset[str]
    verbs: frozenset[str]
