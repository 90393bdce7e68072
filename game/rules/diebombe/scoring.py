"""Die Bombe's scoring (RULES.md §5), shared by the engine, the scenario output, the views and
the machine players so that all of them count the same way.

Reds are summed and doubled for every seat holding the most red cards (a tie doubles them all);
greens are added (doubled the same way with the option ``green_majority_doubles``); the bids
paid are taken off. Places go by score, then by fewer minus points, then are shared.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.engine import Outcome
from game.rules.diebombe import cards as C

ANY_CARD_BOMBED = "any_card_bombed"
GREEN_MAJORITY_DOUBLES = "green_majority_doubles"


def color_totals(cards: Sequence[str]) -> tuple[int, int, int, int]:
    """(red cards, red sum, green cards, green sum) of one seat's won cards."""
    reds = red_sum = greens = green_sum = 0
    for card in cards:
        value = C.value_of(card)
        if card[0] == "R":
            reds += 1
            red_sum += value
        elif card[0] == "G":
            greens += 1
            green_sum += value
    return reds, red_sum, greens, green_sum


def scores(won: Sequence[Sequence[str]], minus: Sequence[int],
           green_doubles: bool = False) -> list[int]:
    """Every seat's score as if the game ended now."""
    totals = [color_totals(cards) for cards in won]
    most_red = max((t[0] for t in totals), default=0)
    most_green = max((t[2] for t in totals), default=0)
    out = []
    for (reds, red_sum, greens, green_sum), paid in zip(totals, minus, strict=True):
        red = red_sum * 2 if reds == most_red else red_sum
        green = green_sum * 2 if green_doubles and greens == most_green else green_sum
        out.append(red + green - paid)
    return out


def outcome(won: Sequence[Sequence[str]], minus: Sequence[int],
            green_doubles: bool = False) -> Outcome:
    """Places by score, then fewer minus points; what is still equal is shared."""
    return Outcome.from_scores(scores(won, minus, green_doubles), [-paid for paid in minus])
