"""Die Bombe's kit (RULES.md §5): its descriptor, its engine, its scenario reader and the ids
its scenario files use, and its hidden twin (``twin.py``)."""

from __future__ import annotations

from typing import get_args

from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.engine import DIEBOMBE_ENGINE
from game.rules.diebombe.events import DieEvent
from game.rules.diebombe.games import GAMES
from game.rules.diebombe.scenario import SCENARIO
from game.rules.diebombe.twin import hidden_twin
from game.rules.diebombe.view import DieView
from game.rules.kit import RulesKit

CARDS = C.ALL_CARDS

KIT = RulesKit("diebombe", GAMES, DIEBOMBE_ENGINE, SCENARIO, CARDS, frozenset(A.VERBS),
               hidden_twin, view_type=DieView, event_types=get_args(DieEvent))
