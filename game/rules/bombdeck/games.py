"""The bomb-deck family's games, Bombazo, Bomba en el Mazo and Clásico (RULES.md §1), as the
registry reads them at start: their descriptors alone, without the engine (``kit.py`` has the
whole kit, imported the first time one of them is played or read)."""

from __future__ import annotations

from game.core.kit import GameDescriptor
from game.rules.bombdeck import cards as C

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

GAMES = (BOMBAZO, MAZO, CLASICO)
