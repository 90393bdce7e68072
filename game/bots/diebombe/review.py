"""Die Bombe's analyst: each bid against what the card turned out to be worth to that seat at
the end, and the bid that would have been enough to take it (RULES.md §5).

A bid's family fields:

- ``took``: the card the seat got from that bidding: the highest bidder's choice (it paid
  ``paid``, its bid) or, as single second highest, the other card for free; ``None`` when it
  got nothing (a tie at the top sends the tied seats to bid again: that bidding gave nobody
  anything, the rebid is its own entry).
- ``worth``: what that card was worth to the seat at the end: its final score with the card
  less its final score without it, majorities included (a red card that gave it the most red
  cards is worth its value and the doubling of every other red it holds; a card later covered
  by a bomb is worth 0). A bomb taken is worth ``None`` here: it scores nothing for its taker,
  and the bomb's own entry says what it covered.
- ``enough``: the lowest bid that would have made the seat the single highest bidder of that
  bidding, so first to choose: one more than the highest other bid (``None`` above 40: no
  bid could). For the highest bidder it is at most its bid; ``bid - enough`` is what it paid
  beyond need.

The generic fields of a bid: ``before``, the chance the bid would be the single highest as
the machine players model the others' bids from the seat's view then (``base.win_chances``
over their past bids); ``after``, 1 if it was and 0 if not; ``best``, the bid of ``enough``
(``None`` when no bid could be), ``best_estimate`` its chance by the same model.

Taking a face-up card and playing a bomb are judged by the seat's share of the expected
points (``base.Table``, from the seat's view: its expected final score over everybody's,
negative scores counted as none) before and after the move; ``best`` is what Astuto would
have done from that view, with its share after it. A bomb's entry also says the card it
``covered`` and ``damage``: what that card was worth to its owner at the end, counted as
``worth`` is. No turning points: a bid's before and after are not a running chance to win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.bots.analysts import Judgement, Moment, Played
from game.bots.diebombe.astuto import ASTUTO
from game.bots.diebombe.base import Table, bid_cdf, bid_ratios, stake, win_chances
from game.core.rng import Pcg32
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.engine import DIEBOMBE_ENGINE
from game.rules.diebombe.scoring import scores
from game.rules.diebombe.state import DieState, RoundRecord

STREAM = 0xD1E
"""The ``Pcg32`` stream Astuto's choices are asked with (it draws only to break ties)."""


def worth(final: DieState, seat: int, card: str) -> int:
    """What ``card`` was worth to ``seat`` at the end: its final score less what it would
    have been without the card (0 when the card is no longer the seat's: covered)."""
    won = [list(cards) for cards in final.won]
    if card not in won[seat]:
        return 0
    with_it = scores(won, final.minus, final.green_doubles)[seat]
    won[seat].remove(card)
    return with_it - scores(won, final.minus, final.green_doubles)[seat]


def enough(bids: Sequence[int | None], seat: int) -> int | None:
    """The lowest bid that makes ``seat`` the single highest among ``bids`` (``None``: not
    in that bidding), or ``None`` when no bid can (an other bid of 40)."""
    others = [amount for s, amount in enumerate(bids) if s != seat and amount is not None]
    needed = max(others, default=0) + 1
    return max(needed, C.MIN_BID) if needed <= C.MAX_BID else None


class DieBombeAnalyst:
    """Stateless: one object reviews every Die Bombe game."""

    turning_points = 0

    def judge(self, moment: Moment, game: Played) -> Judgement:
        verb = moment.action.verb
        if verb == A.BID:
            return self._bid(moment, game)
        return self._move(moment, game)

    def _bid(self, moment: Moment, game: Played) -> Judgement:
        before: DieState = moment.before
        final: DieState = game.final
        seat, amount = moment.seat, int(moment.action.amount)
        record = next(r for r in final.history if r.round == before.round)
        which = len(before.reveals)
        bids = record.reveals[which]
        last = which == len(record.reveals) - 1
        took, paid = _took(record, seat, last)
        top = [s for s, b in enumerate(bids) if b is not None and b == max(
            b for b in bids if b is not None)]
        single_highest = top == [seat]
        view = DIEBOMBE_ENGINE.view(before, seat)
        size = stake(view.faceup)
        ratios = bid_ratios(view)
        wins, _seconds = win_chances([bid_cdf(ratios[s], size)
                                      for s in view.bidders if s != seat])
        needed = enough(bids, seat)
        value = None if took is None or took == C.BOMB else worth(final, seat, took)
        extra: tuple[tuple[str, Any], ...] = (
            ("kind", "bid"), ("round", before.round), ("rebid", before.phase.value == "rebid"),
            ("amount", amount), ("took", took), ("paid", paid), ("worth", value),
            ("enough", needed))
        return Judgement(wins[amount], 1.0 if single_highest else 0.0,
                         None if needed is None else A.bid(needed),
                         0.0 if needed is None else wins[needed], extra)

    def _move(self, moment: Moment, game: Played) -> Judgement:
        before: DieState = moment.before
        after: DieState = moment.after
        seat, action = moment.seat, moment.action
        engine = DIEBOMBE_ENGINE
        legal = engine.legal_actions(before, seat)
        rng = Pcg32((game.seed << 20) ^ moment.index, STREAM)
        best = ASTUTO.choose(engine.view(before, seat), legal, rng)
        share_after = _share(after, seat)
        if best == action or best is None:
            best, best_share = action, share_after
        else:
            twin = engine.copy(before)
            engine.apply(twin, seat, best)
            best_share = _share(twin, seat)
        extra: list[tuple[str, Any]] = [("kind", action.verb)]
        if action.verb == A.BOMB:
            covered = next(card for card in before.won[action.target or 0]
                           if card not in after.won[action.target or 0])
            final = game.final
            restored = [list(cards) for cards in final.won]
            target = action.target or 0
            restored[target].append(covered)
            damage = (scores(restored, final.minus, final.green_doubles)[target]
                      - scores(final.won, final.minus, final.green_doubles)[target])
            extra += [("covered", covered), ("damage", damage)]
        return Judgement(_share(before, seat), share_after, best, best_share, tuple(extra))


def _took(record: RoundRecord, seat: int, last: bool) -> tuple[str | None, int]:
    """The card ``seat`` got from a bidding of ``record``'s round and what it paid
    (``last``: the round's last bidding, the one that gave the cards)."""
    if not last:
        return None, 0
    if seat == record.taker:
        return record.card, record.price
    if seat == record.second:
        return record.other, 0
    return None, 0


def _share(state: DieState, seat: int) -> float:
    """The seat's share of the expected points, from its view of ``state``."""
    view = DIEBOMBE_ENGINE.view(state, seat)
    expected = [max(0.0, e) for e in Table(view, view.unseen).expected(view.won)]
    total = sum(expected)
    return expected[seat] / total if total > 0 else 1.0 / view.seats


ANALYST = DieBombeAnalyst()
