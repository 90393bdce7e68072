"""The bomb-deck family's kit: Bombazo, Bomba en el Mazo and Clásico (RULES.md §1)."""

from __future__ import annotations

from game.core.kit import GameDescriptor
from game.core.rng import Pcg32
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.sample import sample
from game.rules.bombdeck.scenario import SCENARIO
from game.rules.bombdeck.state import BombState
from game.rules.kit import RulesKit

FAMILY = "bombdeck"
REACTIONS = "reactions"
"""Trait: the rule set has nopes and reaction windows."""


def _descriptor(ruleset: C.Ruleset, code_number: int, seed_text: str) -> GameDescriptor:
    return GameDescriptor(
        id=ruleset.name, family=FAMILY, code_number=code_number,
        min_seats=ruleset.min_seats, max_seats=ruleset.max_seats,
        options=tuple(sorted(ruleset.options)),
        traits=frozenset({REACTIONS} if ruleset.reactions else ()), seed_text=seed_text)


BOMBAZO = _descriptor(C.BOMBAZO, 0, "000")
MAZO = _descriptor(C.MAZO, 1, "001")
CLASICO = _descriptor(C.CLASICO, 2, "003")


def hidden_twin(state: BombState, seat: int, rng: Pcg32) -> BombState:
    """A state ``seat`` cannot tell from ``state``: the searching players' sample, drawn from
    the seat's view alone (other hands, the pile's unseen order, the generator)."""
    return sample(BOMBDECK.view(state, seat), rng)


KIT = RulesKit(FAMILY, (BOMBAZO, MAZO, CLASICO), BOMBDECK, SCENARIO, C.ALL_CARDS,
               frozenset(A.VERBS), hidden_twin)
