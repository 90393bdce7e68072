"""Card ids, the three rule sets and their deck compositions (RULES.md §1)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

BOMB = "bomb"
DEFUSE = "defuse"
ATTACK = "attack"
SKIP = "skip"
DRAW_BOTTOM = "draw_bottom"
SEE_FUTURE = "see_future"
SHUFFLE = "shuffle"
FAVOR = "favor"
NOPE = "nope"
PASS_IT = "pass_it"
SWIPE = "swipe"
SHIELD = "shield"
CALM = "calm"
ANIMALS = (
    "animal_chicken",
    "animal_frog",
    "animal_hedgehog",
    "animal_octopus",
    "animal_raccoon",
)

ALL_CARDS: frozenset[str] = frozenset(
    (BOMB, DEFUSE, ATTACK, SKIP, DRAW_BOTTOM, SEE_FUTURE, SHUFFLE, FAVOR, NOPE, PASS_IT, SWIPE,
     SHIELD, CALM, *ANIMALS)
)

TARGETED_CARDS = frozenset((FAVOR, SWIPE))
"""Cards that name another seat holding cards when played alone."""

ADVANCED_COMBOS = "advanced_combos"


class Rules(StrEnum):
    BOMBAZO = "bombazo"
    MAZO = "mazo"
    CLASICO = "clasico"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything that differs between the three rule sets; the engine reads only this."""

    rules: Rules
    name: str
    min_seats: int
    max_seats: int
    deal_size: int
    reactions: bool
    cards: frozenset[str]
    base_counts: tuple[tuple[str, int], ...]
    scales_past_five: bool
    one_reserve_from: int
    animal_trios: bool
    options: frozenset[str]

    def reserve_defuses(self, seats: int) -> int:
        return 1 if seats >= self.one_reserve_from else 2

    def action_counts(self, seats: int) -> dict[str, int]:
        """The deck before dealing, bombs and defuses apart."""
        if self.scales_past_five and seats > 5:
            return {card: round(count * seats / 5) for card, count in self.base_counts}
        return dict(self.base_counts)

    def full_counts(self, seats: int) -> dict[str, int]:
        """Every card a real game at this table holds: the ceiling a dealt position must respect."""
        counts = self.action_counts(seats)
        counts[BOMB] = seats - 1
        counts[DEFUSE] = seats + self.reserve_defuses(seats)
        return counts

    def pairs_allowed(self, card: str, options: frozenset[str]) -> bool:
        if ADVANCED_COMBOS in options:
            return card in self.cards and card not in (BOMB, DEFUSE)
        return card in ANIMALS and card in self.cards

    def trios_allowed(self, card: str, options: frozenset[str]) -> bool:
        if ADVANCED_COMBOS in options:
            return card in self.cards and card not in (BOMB, DEFUSE)
        return self.animal_trios and card in ANIMALS


_ANIMAL_COUNTS = tuple((animal, 4) for animal in ANIMALS)

BOMBAZO = Ruleset(
    rules=Rules.BOMBAZO,
    name=Rules.BOMBAZO.value,
    min_seats=2,
    max_seats=8,
    deal_size=7,
    reactions=True,
    cards=frozenset((BOMB, DEFUSE, ATTACK, SKIP, DRAW_BOTTOM, SEE_FUTURE, SHUFFLE, FAVOR, NOPE,
                     *ANIMALS)),
    base_counts=((ATTACK, 4), (SKIP, 4), (DRAW_BOTTOM, 4), (SEE_FUTURE, 5), (SHUFFLE, 4),
                 (FAVOR, 4), (NOPE, 5), *_ANIMAL_COUNTS),
    scales_past_five=True,
    one_reserve_from=5,
    animal_trios=True,
    options=frozenset(),
)

MAZO = Ruleset(
    rules=Rules.MAZO,
    name=Rules.MAZO.value,
    min_seats=2,
    max_seats=5,
    deal_size=4,
    reactions=False,
    cards=frozenset((BOMB, DEFUSE, SEE_FUTURE, SKIP, DRAW_BOTTOM, PASS_IT, SWIPE, SHIELD, SHUFFLE,
                     CALM)),
    base_counts=((SEE_FUTURE, 5), (SKIP, 5), (DRAW_BOTTOM, 4), (PASS_IT, 4), (SWIPE, 4),
                 (SHIELD, 4), (SHUFFLE, 4), (CALM, 10)),
    scales_past_five=False,
    one_reserve_from=4,
    animal_trios=False,
    options=frozenset(),
)

CLASICO = Ruleset(
    rules=Rules.CLASICO,
    name=Rules.CLASICO.value,
    min_seats=2,
    max_seats=5,
    deal_size=7,
    reactions=True,
    cards=frozenset((BOMB, DEFUSE, ATTACK, SKIP, SEE_FUTURE, SHUFFLE, FAVOR, NOPE, *ANIMALS)),
    base_counts=((ATTACK, 4), (SKIP, 4), (FAVOR, 4), (SHUFFLE, 4), (SEE_FUTURE, 5), (NOPE, 5),
                 *_ANIMAL_COUNTS),
    scales_past_five=False,
    one_reserve_from=5,
    animal_trios=False,
    options=frozenset((ADVANCED_COMBOS,)),
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (BOMBAZO, MAZO, CLASICO)}
