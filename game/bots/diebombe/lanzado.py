"""Lanzado (reckless): bids at random within reason, takes the card that shows the most points,
throws its bombs anywhere.

"Within reason": a bid is uniform from 1 to the round's stake (the best face value on the
table, a bomb counting 10, at least 5), so it never bids 40 for a green 3 but never thinks
about who needs what either.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.diebombe.base import stake
from game.core.config import SeatKind
from game.core.rng import Pcg32
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.actions import Action
from game.rules.diebombe.view import DieView


class Lanzado:
    __slots__ = ()

    level = SeatKind.LANZADO

    def choose(self, view: DieView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        if not legal:
            return None
        verb = legal[0].verb
        if verb == A.BID:
            amount = 1 + rng.below(min(C.MAX_BID, stake(view.faceup)))
            return next((action for action in legal if action.amount == amount), legal[0])
        if verb == A.TAKE:
            return max(legal, key=lambda action: C.value_of(action.card or ""))
        return legal[rng.below(len(legal))]


LANZADO = Lanzado()
choose = LANZADO.choose
