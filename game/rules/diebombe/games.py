"""Die Bombe as the registry reads it at start: its descriptor alone (RULES.md §5), without
the engine (``kit.py`` has the whole kit, imported the first time the game is played or
read). Its seat range lives here, and the engine reads it from here."""

from __future__ import annotations

from game.core.kit import GameDescriptor
from game.rules.diebombe.scoring import ANY_CARD_BOMBED, GREEN_MAJORITY_DOUBLES

MIN_SEATS = 3
MAX_SEATS = 6

DIEBOMBE = GameDescriptor(id="diebombe", family="diebombe", code_number=4,
                          min_seats=MIN_SEATS, max_seats=MAX_SEATS,
                          options=(ANY_CARD_BOMBED, GREEN_MAJORITY_DOUBLES),
                          seed_text="004")

GAMES = (DIEBOMBE,)
