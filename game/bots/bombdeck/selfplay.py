"""Machine games played out position by position: what fits the win estimate and what the
tests walk."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from game.bots.bombdeck.base import BombBot
from game.core.engine import TABLE
from game.core.rng import DecisionStreams
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import BombState


def positions(state: BombState, players: Sequence[BombBot], seed: int) -> Iterator[BombState]:
    """``state`` at every position of a game between ``players`` (one per seat), from where it
    stands to the end (the same object, played on in place): a window is asked seat by seat
    as the decision lists them, and closed by the table when nobody acts. Each player draws
    from its stream of ``DecisionStreams(seed)``, as the table's machines do."""
    streams = DecisionStreams(seed)
    moves = 0
    yield state
    while not BOMBDECK.is_over(state):
        acted = False
        for seat in BOMBDECK.decision(state).seats:
            legal = BOMBDECK.legal_actions(state, seat)
            if not legal:
                continue
            choice = players[seat].choose(BOMBDECK.view(state, seat), legal,
                                          streams.rng(seat, moves))
            if choice is not None:
                BOMBDECK.apply(state, seat, choice)
                acted = True
                break
        if not acted:
            BOMBDECK.apply(state, TABLE, BOMBDECK.legal_actions(state, TABLE)[0])
        moves += 1
        yield state
