"""Which picture a card of the bomb deck wears: the card ids are the rules', the art is the rule
set's. Clásico's five animal cards are its five cats (RULES.md §1), drawn as cats, not as the
chicken, frog, hedgehog, octopus and raccoon of Bombazo."""

from __future__ import annotations

ART: dict[str, dict[str, str]] = {
    "clasico": {
        "animal_chicken": "cat_churro",
        "animal_frog": "cat_nap",
        "animal_hedgehog": "cat_whiskers",
        "animal_octopus": "cat_pirate",
        "animal_raccoon": "cat_ninja",
    },
}


def art_of(ruleset: str, card: str) -> str:
    """The face and icon ``card`` is drawn with in ``ruleset`` (the card id itself by default)."""
    return ART.get(ruleset, {}).get(card, card)
