"""Die Bombe's kit (RULES.md §5): its descriptor, its engine, its scenario reader and the ids
its scenario files use, and its hidden twin (``twin.py``)."""

from __future__ import annotations

from game.core.kit import GameDescriptor
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.engine import DIEBOMBE_ENGINE, MAX_SEATS, MIN_SEATS
from game.rules.diebombe.scenario import SCENARIO
from game.rules.diebombe.scoring import ANY_CARD_BOMBED, GREEN_MAJORITY_DOUBLES
from game.rules.diebombe.twin import hidden_twin
from game.rules.kit import RulesKit

CARDS = C.ALL_CARDS

DIEBOMBE = GameDescriptor(id="diebombe", family="diebombe", code_number=4,
                          min_seats=MIN_SEATS, max_seats=MAX_SEATS,
                          options=(ANY_CARD_BOMBED, GREEN_MAJORITY_DOUBLES),
                          seed_text="004")

KIT = RulesKit("diebombe", (DIEBOMBE,), DIEBOMBE_ENGINE, SCENARIO, CARDS, frozenset(A.VERBS),
               hidden_twin)
