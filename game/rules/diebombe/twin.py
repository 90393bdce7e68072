"""``hidden_twin(state, seat, rng)``: a Die Bombe game ``seat`` cannot tell from ``state``.

Everything at this table lies face up except the deck's order and the sealed bids not yet
revealed (RULES.md §5). The twin shuffles the deck (the cards still unseen stay the same
multiset: a player counts them), seals a new bid for every other seat that has bid in the
bidding now (any amount a bid may be), and draws the generator afresh.
"""

from __future__ import annotations

from game.core.rng import Pcg32
from game.rules.diebombe import cards as C
from game.rules.diebombe.state import DieState


def hidden_twin(state: DieState, seat: int, rng: Pcg32) -> DieState:
    twin = state.copy()
    rng.shuffle(twin.deck)
    span = C.MAX_BID - C.MIN_BID + 1
    for other, bid in enumerate(twin.bids):
        if other != seat and bid is not None:
            twin.bids[other] = C.MIN_BID + rng.below(span)
    twin.rng = Pcg32((rng.next_u32() << 32) | rng.next_u32(), rng.next_u32())
    return twin
