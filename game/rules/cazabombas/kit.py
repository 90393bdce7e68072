"""Caza Bombas' kit: its descriptor (missions 1–8 as a pick-one option) and the ids its
scenario files use; the engine comes with its own issue."""

from __future__ import annotations

from game.core.kit import GameDescriptor
from game.rules.kit import RulesKit

MISSIONS = tuple(f"mission{n}" for n in range(1, 9))

CAZABOMBAS = GameDescriptor(id="cazabombas", family="cazabombas", code_number=3,
                            min_seats=2, max_seats=5, options=MISSIONS, pick_one=MISSIONS,
                            traits=frozenset({"cooperative"}), seed_text="002")

KIT = RulesKit("cazabombas", (CAZABOMBAS,), None, None, frozenset(),
               frozenset(("token", "dual_cut", "double_detector", "solo_cut", "reveal_reds",
                          "equipment")))
