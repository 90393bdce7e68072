"""``hidden_twin(state, seat, rng)``: a mission ``seat`` cannot tell from ``state``.

What a seat cannot see is the key of every wire on another seat's stands that is neither cut nor
marked by a token. The twin deals those keys again among those places, as a walk of random
swaps of two of them: a swap is kept only when the table still reads true afterwards (each
stand in sort order, every detector's "not this class" mark, every label, what the General Radar
or a missed cut said a seat holds or lacks, and, while the setup tokens go down, a blue wire for
every seat still to place one). Every place the walk can reach is a deal the seat's view allows,
and the walk starts from the true one, so it never fails; the generator is drawn afresh too
(it decides nothing a seat has seen).
"""

from __future__ import annotations

from itertools import pairwise

from game.core.rng import Pcg32
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.state import CazaState, Phase

SWAPS_PER_WIRE = 3
"""Swap attempts per hidden wire: enough that most twins differ from the true deal."""


def hidden_twin(state: CazaState, seat: int, rng: Pcg32) -> CazaState:
    twin = state.copy()
    places = [(g, i) for g, owner in enumerate(twin.stand_owner) if owner != seat
              for i, done in enumerate(twin.cut[g])
              if not done and twin.tokens[g][i] is None]
    keys = twin.keys
    for _ in range(SWAPS_PER_WIRE * len(places)):
        g, i = places[rng.below(len(places))]
        h, j = places[rng.below(len(places))]
        if keys[g][i] == keys[h][j]:
            continue
        keys[g][i], keys[h][j] = keys[h][j], keys[g][i]
        if not (_reads_true(twin, g) and _reads_true(twin, h)):
            keys[g][i], keys[h][j] = keys[h][j], keys[g][i]
    twin.rng = Pcg32((rng.next_u32() << 32) | rng.next_u32(), rng.next_u32())
    return twin


def _reads_true(state: CazaState, g: int) -> bool:
    """Whether stand ``g`` and its owner agree with everything the table was told."""
    keys = state.keys[g]
    if any(a > b for a, b in pairwise(keys)):
        return False
    if any(bits & W.class_bit(W.class_of(key))
           for key, bits in zip(keys, state.notv[g], strict=True)):
        return False
    for stand, i, kind in state.labels:
        if stand == g and (W.class_of(keys[i]) == W.class_of(keys[i + 1])) != (kind == "="):
            return False
    owner = state.stand_owner[g]
    queued = state.phase is Phase.SETUP and owner in state.setup_queue
    if not (queued or state.claims[owner] or state.lacks[owner]):
        return True
    held = 0
    blue = False
    for s in state.seat_stands[owner]:
        for key, done, token in zip(state.keys[s], state.cut[s], state.tokens[s], strict=True):
            if not done:
                held |= W.class_bit(W.class_of(key))
                blue |= token is None and W.is_blue(key)
    if state.claims[owner] & ~held or state.lacks[owner] & held:
        return False
    return blue or not queued
