"""Despiadado (ruthless): Astuto's bidding, turned against one leader.

- The leader is ``focus`` (the person, against the machine) when given, else the other seat
  with the highest expected final score, read afresh at every decision.
- Every bomb it plays goes on the leader whenever the leader has a card to cover (the card
  whose loss hurts the leader most); its utility counts the leader's expected score against
  its own (``beta_leader``) and the rest's only a little (``beta_rest``).
- It expects the leader to be the one that gets a card it does not win (``leader_share``), so
  it bids up whatever the leader needs: the leader pays more for it, or loses it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.diebombe.astuto import Astuto
from game.bots.diebombe.base import Table
from game.core.config import SeatKind
from game.rules.diebombe.actions import Action
from game.rules.diebombe.view import DieView


class Despiadado(Astuto):
    __slots__ = ("focus",)

    level = SeatKind.DESPIADADO

    beta_leader = 0.5
    """How much the leader's expected score counts against its own."""
    beta_rest = 0.1
    """How much the mean of the other seats counts."""
    leader_share = 0.5
    """Its belief that a card it does not win goes to the leader (when the leader bids)."""

    def __init__(self, focus: int | None = None) -> None:
        self.focus = focus

    def focus_seat(self, view: DieView, expected: Sequence[float]) -> int | None:
        focus = self.focus
        if focus is not None and focus != view.seat and 0 <= focus < view.seats:
            return focus
        others = [seat for seat in range(view.seats) if seat != view.seat]
        return max(others, key=lambda seat: (expected[seat], -seat))

    def utility(self, view: DieView, expected: Sequence[float], focus: int | None) -> float:
        me = view.seat
        if focus is None:
            return super().utility(view, expected, focus)
        rest = [value for seat, value in enumerate(expected) if seat not in (me, focus)]
        mean = sum(rest) / len(rest) if rest else 0.0
        return expected[me] - self.beta_leader * expected[focus] - self.beta_rest * mean

    def opponent_weights(self, view: DieView, opponents: Sequence[int],
                         focus: int | None) -> dict[int, float]:
        if focus is None or focus not in opponents or len(opponents) == 1:
            return super().opponent_weights(view, opponents, focus)
        rest = (1 - self.leader_share) / (len(opponents) - 1)
        return {seat: self.leader_share if seat == focus else rest for seat in opponents}

    def play_bomb(self, view: DieView, legal: Sequence[Action]) -> Action:
        leader = self.focus_seat(view, Table(view, view.unseen).expected(view.won))
        on_leader = [action for action in legal if action.target == leader]
        return super().play_bomb(view, on_leader or legal)


DESPIADADO = Despiadado()
choose = DESPIADADO.choose
