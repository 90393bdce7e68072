"""How likely each seat is to win from here: what Maestro reads at the end of a short future.

A future played to the end of the game says 1 or 0, and one move's effect drowns in the luck of
the fifty draws after it; a future cut short a round or two later and scored by this estimate
keeps the move's effect and little of the luck, so the same budget tells moves apart many
times better. The estimate is a softmax over the seats still in: each seat's strength is a sum
of what it holds (a weight per card kind, one per animal pair) and of where the turn stands
(the seat to draw, what it owes, the bombs' share of the pile). The weights are fitted to the
winners of games between the seeds' levels, one set per rule set (``python -m
game.bots.bombdeck.fitvalue`` writes ``value_weights.py``); they are the only tuned numbers.

The state it reads is a sample (a state Maestro made from its own view): reading every hand
there is not a peek.
"""

from __future__ import annotations

from math import exp

from game.bots.bombdeck.value_weights import WEIGHTS
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.state import BombState

_DEFUSE = C.DEFUSE
TURN_FEATURES = ("to_draw_risk", "owed_risk", "next_risk", "defuse_risk", "shield")
"""The features beside the cards, in the order ``features`` lists them (after the cards and
``animal_pairs``)."""


def card_kinds(ruleset: str) -> tuple[str, ...]:
    """The card kinds a rule set's strength counts: everything but bombs and animals."""
    cards = C.RULESETS[ruleset].cards
    return tuple(sorted(c for c in cards if c != C.BOMB and c not in C.ANIMALS))


def feature_names(ruleset: str) -> tuple[str, ...]:
    return (*card_kinds(ruleset), "animal_pairs", *TURN_FEATURES)


def features(state: BombState, seat: int) -> list[float]:
    """The seat's features, in ``feature_names`` order (the fitter's rows)."""
    kinds = card_kinds(state.ruleset.name)
    hand = state.hands[seat]
    row = [float(hand.count(kind)) for kind in kinds]
    row.append(float(_pairs(hand)))
    row.extend(_turn(state, seat, hand.count(C.DEFUSE)))
    return row


def _pairs(hand: list[str]) -> int:
    pairs = 0
    for animal in C.ANIMALS:
        pairs += hand.count(animal) // 2
    return pairs


def _turn(state: BombState, seat: int, defuses: int) -> tuple[float, float, float, float,
                                                              float]:
    deck = state.deck
    odds = deck.count(C.BOMB) / len(deck) if deck else 0.0
    current = state.current
    drawing = seat == current
    following = not drawing and state.next_alive(current) == seat
    return ((odds if drawing else 0.0),
            (odds * (state.owed - 1) if drawing else 0.0),
            (odds if following else 0.0),
            odds * min(defuses, 2),
            (1.0 if state.shields[seat] else 0.0))


def win_share(state: BombState, me: int) -> float:
    """This seat's chance to win from ``state`` (0 once it is out)."""
    alive = state.alive
    if not alive[me]:
        return 0.0
    weights = WEIGHTS.get(state.ruleset.name)
    if weights is None:
        return 1.0 / alive.count(True)
    cards, pairs, turn = weights
    hands = state.hands
    deck = state.deck
    odds = deck.count(C.BOMB) / len(deck) if deck else 0.0
    current = state.current
    following = state.next_alive(current)
    owed = state.owed - 1
    shields = state.shields
    total = mine = 0.0
    get = cards.get
    for seat, living in enumerate(alive):
        if not living:
            continue
        hand = hands[seat]
        score = 0.0
        defuses = 0
        for card in hand:
            score += get(card, 0.0)
            if card == _DEFUSE:
                defuses += 1
        score += pairs * _pairs(hand)
        if seat == current:
            score += turn[0] * odds + turn[1] * odds * owed
        elif seat == following:
            score += turn[2] * odds
        score += turn[3] * odds * (defuses if defuses < 2 else 2)
        if shields[seat]:
            score += turn[4]
        value = exp(score)
        total += value
        if seat == me:
            mine = value
    return mine / total
