"""Lanzado (reckless): plays cards at random, hides bombs anywhere, nopes at random sometimes."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from operator import itemgetter

from game.core.config import SeatKind
from game.core.rng import Pcg32
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.view import BombView

_KIND = itemgetter(0, 1)
"""An action's kind: its verb and its card."""

NOPE_CHANCE = (1, 4)
"""Lanzado answers a reaction window with its nope one time in four, whatever the play."""


class Lanzado:
    """Each decision first picks a kind of move uniformly (draw, or one card as a play, pair or
    trio), then one of that kind's targets or named cards uniformly. Picking by kind keeps a
    Bombazo trio (dozens of target × named-card choices) from swamping every other move."""

    __slots__ = ()

    level = SeatKind.LANZADO

    def choose(self, view: BombView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        if not legal:
            return None
        if view.phase == "react":
            numerator, denominator = NOPE_CHANCE
            return legal[0] if rng.below(denominator) < numerator else None
        if view.phase != "play" or len(legal) == 1:
            return legal[rng.below(len(legal))]
        # The engine lists each kind (verb, card) as one run; should a kind ever come in two
        # runs, it is only weighted twice: the move is still legal and still deterministic.
        groups = [list(run) for _, run in groupby(legal, _KIND)]
        group = groups[rng.below(len(groups))]
        return group[rng.below(len(group))] if len(group) > 1 else group[0]


LANZADO = Lanzado()
choose = LANZADO.choose
