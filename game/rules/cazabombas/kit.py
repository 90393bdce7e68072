"""Caza Bombas' kit: its descriptor (missions 1–8 as a pick-one option), its engine, its
scenario reader and the ids its scenario files use (the verbs, and the equipment cards'
ids, which a step may give instead of their numbers), and its hidden twin (``twin.py``)."""

from __future__ import annotations

from game.core.kit import GameDescriptor
from game.rules.cazabombas import actions as A
from game.rules.cazabombas.engine import CAZABOMBAS as ENGINE
from game.rules.cazabombas.scenario import SCENARIO
from game.rules.cazabombas.twin import hidden_twin
from game.rules.cazabombas.wires import EQUIPMENT
from game.rules.kit import RulesKit

MISSIONS = tuple(f"mission{n}" for n in range(1, 9))

CAZABOMBAS = GameDescriptor(id="cazabombas", family="cazabombas", code_number=3,
                            min_seats=2, max_seats=5, options=MISSIONS, pick_one=MISSIONS,
                            traits=frozenset({"cooperative"}), seed_text="002")

KIT = RulesKit("cazabombas", (CAZABOMBAS,), ENGINE, SCENARIO, frozenset(EQUIPMENT.values()),
               frozenset(A.VERBS), hidden_twin)
