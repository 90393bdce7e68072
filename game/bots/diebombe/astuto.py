"""Astuto (smart): values each face-up card by what it adds to its own expected final score
(the red majority race included) and what it denies the others, and bids to win the card it
wants at the lowest price it expects to suffice.

- Values. Its yardstick is its utility: its own expected final score minus ``beta`` times the
  others' (a mix of the strongest and the mean, ``lam``), all counted from the cards still
  unseen (``base.Table``). A card's value to a seat is how much that utility moves when that
  seat wins it; a bomb's, how much it moves when that seat plays it where it hurts most.
- Prices. Each other seat's next bid is modelled from its revealed bids of past rounds, as a
  share of what was on offer then (``base.bid_cdf``), so it learns a cautious table from a
  reckless one. For every bid from 1 to 40 it weighs the chance of being the single highest
  (pay, choose), the single second (the other card for free) and neither, and bids what gives
  the most, picking at random among the lowest few bids within ``tolerance`` of the best so it
  is never predictable (and two Astuto tied in a rebid do not tie forever).
- Taking, it chooses the card that leaves it best off once the second has taken the other card
  and every bomb has gone off; playing a bomb, it covers the card whose loss helps it most.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.diebombe.base import (
    Table,
    Won,
    bid_cdf,
    bid_ratios,
    bomb_covers,
    cover,
    covered_by,
    give,
    stake,
    win_chances,
)
from game.core.config import SeatKind
from game.core.rng import Pcg32
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.actions import Action
from game.rules.diebombe.view import DieView


class Astuto:
    """The smart machine bidder. The class attributes are its tuned weights."""

    __slots__ = ()

    level = SeatKind.ASTUTO

    beta = 0.6
    """How much the others' expected scores count against its own."""
    lam = 0.5
    """Of the others, the share of the strongest (the rest is their mean)."""
    tolerance = 0.4
    """Bids whose worth is within this many points of the best are equally good."""
    choices = 3
    """It picks at random among the lowest this many equally good bids; in a rebid among
    this many of its best, equally good or not."""

    # ------------------------------------------------------------------ utility

    def focus_seat(self, view: DieView, expected: Sequence[float]) -> int | None:
        """The seat it watches most closely (Despiadado's leader); Astuto watches none."""
        return None

    def utility(self, view: DieView, expected: Sequence[float], focus: int | None) -> float:
        me = view.seat
        others = [value for seat, value in enumerate(expected) if seat != me]
        return expected[me] - self.beta * (self.lam * max(others)
                                           + (1 - self.lam) * sum(others) / len(others))

    def opponent_weights(self, view: DieView, opponents: Sequence[int],
                         focus: int | None) -> dict[int, float]:
        """How likely each opponent is to be the one that gets a card it does not win."""
        return {seat: 1 / len(opponents) for seat in opponents}

    # ------------------------------------------------------------------ choosing

    def choose(self, view: DieView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        verb = legal[0].verb
        if verb == A.BID:
            return self.bid(view, legal, rng)
        if verb == A.TAKE:
            return self.take(view, legal)
        return self.play_bomb(view, legal)

    def bid(self, view: DieView, legal: Sequence[Action], rng: Pcg32) -> Action:
        me = view.seat
        table = Table(view, view.unseen)
        won = view.won
        expected = table.expected(won)
        focus = self.focus_seat(view, expected)
        base = self.utility(view, expected, focus)
        opponents = [seat for seat in view.bidders if seat != me]
        faceup = view.faceup
        gain: dict[tuple[int, str], float] = {}
        for card in set(faceup):
            for seat in range(view.seats):
                gain[seat, card] = self.after_taking(view, table, won, seat, card, focus) - base
        weights = self.opponent_weights(view, opponents, focus)

        def to_others(card: str) -> float:
            return sum(weights[seat] * gain[seat, card] for seat in opponents)

        # The card another winner takes: the one that shows the most points.
        their_pick = max(faceup, key=C.value_of)
        rest = list(faceup)
        rest.remove(their_pick)
        left = rest[0] if rest else None
        pair = left is not None and view.phase == "bid"
        if pair:
            assert left is not None
            win = max(gain[me, card] + to_others(_other(faceup, card)) for card in faceup)
            nothing = to_others(their_pick) + to_others(left)
            second = gain[me, left] + to_others(their_pick)
        else:
            win = max(gain[me, card] for card in faceup)
            nothing = to_others(their_pick)
            second = nothing
        size = stake(faceup)
        ratios = bid_ratios(view)
        wins, seconds = win_chances([bid_cdf(ratios[seat], size) for seat in opponents])
        worth = [0.0] * (C.MAX_BID + 1)
        for amount in range(1, C.MAX_BID + 1):
            worth[amount] = (wins[amount] * (win - nothing - amount)
                             + (seconds[amount] * (second - nothing) if pair else 0.0))
        ranked = sorted(range(1, C.MAX_BID + 1), key=lambda amount: (-worth[amount], amount))
        best = worth[ranked[0]]
        pool = sorted(amount for amount in ranked if worth[amount] >= best - self.tolerance)
        pool = pool[: self.choices]
        if view.phase == "rebid" and len(pool) < self.choices:
            pool = ranked[: self.choices]
        amount = pool[rng.below(len(pool))]
        return next((action for action in legal if action.amount == amount), legal[0])

    def after_taking(self, view: DieView, table: Table, won: Won, seat: int, card: str,
                     focus: int | None) -> float:
        """Its utility once ``seat`` has won ``card`` (and played it, a bomb)."""
        after = give(won, seat, card)
        if card == C.BOMB:
            after = self.bombed(view, table, after, seat, focus)
        return self.utility(view, table.expected(after), focus)

    def bombed(self, view: DieView, table: Table, won: Won, bomber: int,
               focus: int | None) -> Won:
        """``won`` after ``bomber`` plays a bomb: its own best move for this player, else
        the move that most lifts the bomber above the strongest of the others."""
        moves = bomb_covers(won, bomber, view.any_card_bombed)
        if not moves:
            return won
        best: Won = won
        best_score = float("-inf")
        for target, card in moves:
            after = cover(won, target, card)
            expected = table.expected(after)
            if bomber == view.seat:
                score = self.utility(view, expected, focus)
            else:
                score = expected[bomber] - max(v for s, v in enumerate(expected) if s != bomber)
            if score > best_score:
                best, best_score = after, score
        return best

    def take(self, view: DieView, legal: Sequence[Action]) -> Action:
        me = view.seat
        table = Table(view, view.unseen)
        won = view.won
        focus = self.focus_seat(view, table.expected(won))
        second = view.second
        best: Action = legal[0]
        best_score = float("-inf")
        for action in legal:
            card = action.card or ""
            other = _other(view.faceup, card) if len(view.faceup) > 1 else None
            after = give(won, me, card)
            if second is not None and other is not None:
                after = give(after, second, other)
            if card == C.BOMB:
                after = self.bombed(view, table, after, me, focus)
            if second is not None and other == C.BOMB:
                after = self.bombed(view, table, after, second, focus)
            score = self.utility(view, table.expected(after), focus)
            if score > best_score:
                best, best_score = action, score
        return best

    def play_bomb(self, view: DieView, legal: Sequence[Action]) -> Action:
        table = Table(view, view.unseen)
        won = view.won
        focus = self.focus_seat(view, table.expected(won))
        best: Action = legal[0]
        best_score = float("-inf")
        for action in legal:
            target, card = covered_by(won, action)
            score = self.utility(view, table.expected(cover(won, target, card)), focus)
            if score > best_score:
                best, best_score = action, score
        return best


def _other(faceup: Sequence[str], card: str) -> str:
    """The face-up card that is not ``card`` (the same id when both are bombs)."""
    rest = list(faceup)
    rest.remove(card)
    return rest[0]


ASTUTO = Astuto()
choose = ASTUTO.choose
