"""The bomb-deck family's kit: Bombazo, Bomba en el Mazo and Clásico (RULES.md §1)."""

from __future__ import annotations

from typing import get_args

from game.core.rng import Pcg32
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.events import BombEvent
from game.rules.bombdeck.games import FAMILY, GAMES
from game.rules.bombdeck.scenario import SCENARIO
from game.rules.bombdeck.state import BombState
from game.rules.bombdeck.view import BombView
from game.rules.kit import RulesKit


def hidden_twin(state: BombState, seat: int, rng: Pcg32) -> BombState:
    """A state ``seat`` cannot tell from ``state``: the searching players' sample, drawn from
    the seat's view alone (other hands, the pile's unseen order, the generator)."""
    from game.rules.bombdeck.sample import sample  # a search's module: read only when asked

    return sample(BOMBDECK.view(state, seat), rng)


KIT = RulesKit(FAMILY, GAMES, BOMBDECK, SCENARIO, C.ALL_CARDS,
               frozenset(A.VERBS), hidden_twin, view_type=BombView,
               event_types=get_args(BombEvent))
