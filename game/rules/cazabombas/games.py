"""Caza Bombas as the registry reads it at start: its descriptor alone (missions 1–8 as a
pick-one option), without the engine (``kit.py`` has the whole kit, imported the first time
the game is played or read)."""

from __future__ import annotations

from game.core.kit import GameDescriptor

MISSIONS = tuple(f"mission{n}" for n in range(1, 9))

CAZABOMBAS = GameDescriptor(id="cazabombas", family="cazabombas", code_number=3,
                            min_seats=2, max_seats=5, options=MISSIONS, pick_one=MISSIONS,
                            traits=frozenset({"cooperative"}), seed_text="002")

GAMES = (CAZABOMBAS,)
