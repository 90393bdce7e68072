"""Die Bombe's kit: its descriptor and the ids its scenario files use; the engine comes with
its own issue."""

from __future__ import annotations

from game.core.kit import GameDescriptor
from game.rules.kit import RulesKit

CARDS = frozenset(["B"] + [f"{colour}{value}" for colour in "RG" for value in range(3, 26, 2)])

DIEBOMBE = GameDescriptor(id="diebombe", family="diebombe", code_number=4,
                          min_seats=3, max_seats=6,
                          options=("any_card_bombed", "green_majority_doubles"),
                          seed_text="004")

KIT = RulesKit("diebombe", (DIEBOMBE,), None, None, CARDS, frozenset(("bid", "take", "bomb")))
