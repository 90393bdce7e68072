"""The machine-player protocol every game's players follow.

A machine player is ``choose(view, legal, rng) -> action | None``: a pure function of what its
seat may see (the engine's view), the legal actions the engine offers, and a generator derived
from the seed, the seat and the decision index (``game.core.rng.decision_rng``). It never
receives the state. In a window (``DecisionKind.WINDOW``) ``None`` means "let it pass"; in
every other decision it must return one of ``legal``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol, TypeVar

from game.core.config import SeatKind
from game.core.rng import Pcg32

V_contra = TypeVar("V_contra", contravariant=True)
A = TypeVar("A")


class Bot(Protocol[V_contra, A]):
    """A machine player of one level. Stateless: the same call gives the same answer."""

    @property
    def level(self) -> SeatKind: ...

    def choose(self, view: V_contra, legal: Sequence[A], rng: Pcg32) -> A | None: ...


class BenchTable(NamedTuple):
    """The table a family's speed is measured on (``python -m game bench --game G``): the
    engine's games are played by ``seats`` machines of level ``filler``; the decision time is
    one ``timed`` machine's, against ``filler`` in every other seat. The registry fits
    ``seats`` to each game's seat range. (A NamedTuple, as the registry's ``Players``: both
    are made at every start, and a dataclass costs ten times as much to define.)"""

    seats: int
    filler: SeatKind
    timed: SeatKind
