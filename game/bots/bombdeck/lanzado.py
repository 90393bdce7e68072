"""Lanzado (reckless): plays cards at random, hides bombs anywhere, nopes at random sometimes."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.config import SeatKind
from game.core.rng import Pcg32
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.view import BombView

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
        # The runs are found by their first index, without building a list per run (the
        # simulator's hottest machine player; ``itertools.groupby`` took twice as long).
        starts = [0]
        previous = legal[0]
        for index in range(1, len(legal)):
            action = legal[index]
            if action[1] != previous[1] or action[0] != previous[0]:
                starts.append(index)
            previous = action
        run = rng.below(len(starts))
        start = starts[run]
        size = (starts[run + 1] if run + 1 < len(starts) else len(legal)) - start
        return legal[start + rng.below(size)] if size > 1 else legal[start]


LANZADO = Lanzado()
choose = LANZADO.choose
