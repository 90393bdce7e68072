"""Maestro (beyond the seeds): Die Bombe's searching bidder, playing for the win.

Astuto weighs a bid by points: its expected final score against the others'. Maestro weighs
every decision by its **chance to win the game**, and bids against what it expects each rival
to bid, seat by seat:

- **Rivals.** ``rivals.rival_pmfs``: each rival's bid as a mixture of the levels' own short
  lists (asked from the rival's place, public facts only), uniform within the stake, and the
  rival's habit, weighted by how well each explained its revealed bids so far.
- **Samples.** ``budget`` joint draws of the rivals' sealed bids from those models (the
  budget: one simulation is one draw, played against every bid from 1 to 40 at once, so the
  bids are compared on the same draws). A draw settles the round for each bid of this seat:
  who pays what, who chooses, who gets the other card or nobody, a tie and its rebid.
- **Outcomes.** Each settled round is played on: the taker's choice (this seat's by the best
  chance, a rival's by its own lead), every bomb (this seat's where its chance is best, a
  rival's where it lifts that rival most above the strongest other seat), and the table is
  valued by ``win_chance``: every seat's expected final score (``base.Table``: the won cards,
  the minus points, and each seat's share of the cards still unseen, counted as the multiset
  the view gives, never in order, the red majority race included) with a spread for the luck
  still to come. With no card unseen the value is exact: the final places (by score, then
  fewer minus points, then shared: 1/k).
- **The unseen cards.** They are counted, not dealt: the search looks one bidding ahead, and
  within that the deck's order only decides which pair comes up next; each seat's expected
  share of the unseen multiset averages over every order exactly, where sampled orders
  would only add noise.
- **Choice.** The bid with the best mean chance; among bids within ``tolerance`` of it the
  lowest (the cheapest way to the same chance). In a rebid it picks at random among the best
  few, so two searching players tied do not tie forever. Taking a card and playing a bomb
  are searched the same way, over the few moves the rules allow.

The budget is counted in draws, never in time (240: a p99 well under 200 ms per decision on
one core at six seats, docs/BENCHMARKS.md, "Die Bombe's Maestro"). Every draw comes from the
generator the match hands over (``DecisionStreams``), so a decision
is a pure function of the view and that generator: the same game code replays the same game.
Nothing reads a sealed bid (a rival that has bid is modelled as one that has not) or the deck
order. The module-wide caches (the levels' short lists, majority chances) only remember pure
answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import erf, exp, sqrt

from game.bots.diebombe.base import SHARE, Table, Won, bomb_covers, cover, covered_by, give
from game.bots.diebombe.rivals import rival_pmfs
from game.core.config import SeatKind
from game.core.rng import Pcg32
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.actions import Action
from game.rules.diebombe.scoring import scores
from game.rules.diebombe.view import DieView

_STEP = 0.5
_NODES = tuple(
    (x, exp(-x * x / 2) * _STEP / sqrt(2 * 3.141592653589793))
    for x in (i * _STEP for i in range(-7, 8)))
"""A standard normal on a grid from -3.5 to 3.5: the quadrature of :func:`win_chance` (the
trapezoid rule on a normal is accurate to a few parts in a thousand at this step)."""
_ROOT2 = sqrt(2.0)

SPREAD = 1.0
"""Scales the luck still to come (the standard deviation of a seat's final score)."""
BID_SWING = 40.0
"""The variance, per round still to come, that bidding adds to a seat's final score."""
MIN_SD = 1.0


def win_chance(means: Sequence[float], sd: float, me: int) -> float:
    """The chance that seat ``me`` ends first when every seat's final score is normal around
    ``means`` with standard deviation ``sd`` (independent seats)."""
    mine = means[me]
    gaps = [mine - mean for seat, mean in enumerate(means) if seat != me]
    scale = sd * _ROOT2
    total = 0.0
    for x, weight in _NODES:
        shift = sd * x
        p = weight
        for gap in gaps:
            p *= 0.5 * (1.0 + erf((gap + shift) / scale))
            if p < 1e-12:
                break
        total += p
    return total


class Judge:
    """Values a table after this round: this seat's chance to win from expected final scores.
    Built once per decision from the view (the unseen multiset, the seats, the options)."""

    __slots__ = ("any_card", "exact", "green_doubles", "me", "sd", "step", "table")

    def __init__(self, view: DieView, step: int = 1) -> None:
        self.me = view.seat
        self.step = step
        self.table = Table(view, view.unseen)
        self.green_doubles = view.green_doubles
        self.any_card = view.any_card_bombed
        self.exact = not view.unseen
        p = SHARE / view.seats
        red = sum(C.value_of(card) ** 2 for card in view.unseen if card[0] == "R")
        green = sum(C.value_of(card) ** 2 for card in view.unseen if card[0] == "G")
        rounds = (len(view.unseen) + 1) // 2
        variance = p * (1 - p) * (2.25 * red + (2.25 if self.green_doubles else 1.0) * green)
        self.sd = max(MIN_SD, SPREAD * sqrt(variance + BID_SWING * rounds / view.seats))

    def means(self, won: Won, minus: Sequence[int]) -> list[float]:
        return self.table.expected(won, minus)

    def chance(self, won: Won, minus: Sequence[int]) -> float:
        if self.exact:
            return self.curve(won, minus)[0]
        return win_chance(self.means(won, minus), self.sd, self.me)

    def curve(self, won: Won, minus: Sequence[int]) -> list[float]:
        """This seat's chance for every price it might still pay on top of ``minus`` (index
        0 … 40): one table valued once, the price only moves this seat's own score."""
        me = self.me
        if self.exact:  # places by score, then by fewer minus points, then shared
            final = scores(won, minus, self.green_doubles)
            rest = max((v, -minus[s]) for s, v in enumerate(final) if s != me)
            ties = 1 + sum(1 for s, v in enumerate(final) if s != me and (v, -minus[s]) == rest)
            out = []
            for price in range(C.MAX_BID + 1):
                key = (final[me] - price, -minus[me] - price)
                out.append(1.0 if key > rest else 1.0 / ties if key == rest else 0.0)
            return out
        means = self.means(won, minus)
        mine = means[me]
        step = self.step
        known: dict[int, float] = {}
        for price in (*range(0, C.MAX_BID, step), C.MAX_BID):
            means[me] = mine - price
            known[price] = win_chance(means, self.sd, me)
        if step == 1:
            return [known[price] for price in range(C.MAX_BID + 1)]
        out = []
        for price in range(C.MAX_BID + 1):  # a quick player's: straight between known prices
            low = price - price % step
            high = min(low + step, C.MAX_BID)
            share = 0.0 if high == low else (price - low) / (high - low)
            out.append(known[low] + (known[high] - known[low]) * share)
        return out

    def lead(self, won: Won, minus: Sequence[int], seat: int) -> float:
        """How far ``seat``'s expected score stands above the strongest other seat's (what a
        rival is modelled to play for when it chooses a card or a bomb)."""
        means = self.means(won, minus)
        return means[seat] - max(v for s, v in enumerate(means) if s != seat)

    def bombed(self, won: Won, minus: Sequence[int], bomber: int) -> Won:
        """``won`` after ``bomber`` plays a bomb: this seat's best move for itself, a rival's
        the one that most lifts it above the strongest other seat."""
        moves = bomb_covers(won, bomber, self.any_card)
        best, best_score = won, float("-inf")
        for target, card in moves:
            after = cover(won, target, card)
            score = (self.chance(after, minus) if bomber == self.me
                     else self.lead(after, minus, bomber))
            if score > best_score:
                best, best_score = after, score
        return best

    def settle(self, won: Won, minus: Sequence[int], taker: int, card: str,
               second: int | None, other: str | None) -> Won:
        """``won`` once ``taker`` has ``card``, ``second`` the other card (``None``: it left
        the game) and every bomb among them has gone off, the taker's first."""
        after = give(won, taker, card)
        if second is not None and other is not None:
            after = give(after, second, other)
        if card == C.BOMB:
            after = self.bombed(after, minus, taker)
        if second is not None and other == C.BOMB:
            after = self.bombed(after, minus, second)
        return after


def _other(faceup: Sequence[str], card: str) -> str | None:
    rest = list(faceup)
    rest.remove(card)
    return rest[0] if rest else None


class Maestro:
    """The searching bidder. ``budget``: simulations per bidding, each a joint draw of the
    rivals' sealed bids; ``modelled``: the rivals' levels asked and recognised by their
    revealed bids (``False``: the plain model, every rival by its habit alone); ``step``: the
    prices apart at which a chance is worked out, straight between (1, every price, for play).
    The names and the ``search`` method are the bomb-deck Maestro's, so
    ``python -m game.tools.maestrobench --game diebombe`` times this one too."""

    __slots__ = ("budget", "modelled", "step")

    level = SeatKind.MAESTRO

    tolerance = 0.002
    """Bids whose mean chance is within this of the best are equally good: the lowest wins."""
    rebid_choices = 3

    def __init__(self, budget: int = 240, modelled: bool = True, step: int = 1) -> None:
        self.budget = budget
        self.modelled = modelled
        self.step = step

    def quick(self) -> Maestro:
        """The same player thinking as little as it can (a few draws, the plain model of
        the rivals, its chance worked out at every eighth price): soaks and checks that play
        thousands of games of every level."""
        return Maestro(budget=4, modelled=False, step=8)

    # ------------------------------------------------------------------ entry point

    def choose(self, view: DieView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        verb = legal[0].verb
        judge = Judge(view, self.step)
        if verb == A.BID:
            return self.search(view, legal, rng, judge)
        if verb == A.TAKE:
            return self.take(view, legal, judge)
        return self.play_bomb(view, legal, judge)

    # ------------------------------------------------------------------ taking and bombs

    def take(self, view: DieView, legal: Sequence[Action], judge: Judge) -> Action:
        me = view.seat
        minus = list(view.minus)
        minus[me] += view.price or 0
        best, best_score = legal[0], float("-inf")
        for action in legal:
            card = action.card or ""
            other = _other(view.faceup, card)
            after = judge.settle(view.won, minus, me, card, view.second, other)
            score = judge.chance(after, minus)
            if score > best_score:
                best, best_score = action, score
        return best

    def play_bomb(self, view: DieView, legal: Sequence[Action], judge: Judge) -> Action:
        best, best_score = legal[0], float("-inf")
        for action in legal:
            target, card = covered_by(view.won, action)
            score = judge.chance(cover(view.won, target, card), view.minus)
            if score > best_score:
                best, best_score = action, score
        return best

    # ------------------------------------------------------------------ bidding

    def search(self, view: DieView, legal: Sequence[Action], rng: Pcg32, judge: Judge
               ) -> Action:
        """The bid with the best mean chance over ``budget`` joint draws of the rivals'
        bids (see the module's docstring)."""
        me = view.seat
        rivals = tuple(seat for seat in view.bidders if seat != me)
        if not rivals:
            return legal[0]
        cdfs = []
        for pmf in rival_pmfs(view, rivals, self.modelled):
            running, cdf = 0.0, []
            for p in pmf:
                running += p
                cdf.append(running)
            cdfs.append(cdf)
        outcomes = _Outcomes(view, judge)
        pair = view.phase == "bid" and len(view.faceup) > 1
        top_bid = C.MAX_BID
        totals = [0.0] * (top_bid + 1)
        samples = max(1, self.budget)
        for _ in range(samples):
            bids = [_draw(cdf, rng) for cdf in cdfs]
            top = max(bids)
            tops = tuple(r for r, b in zip(rivals, bids, strict=True) if b == top)
            lower = [b for b in bids if b < top]
            sec = max(lower) if lower else 0
            secs = [r for r, b in zip(rivals, bids, strict=True) if b == sec] if lower else []
            winner = tops[0] if len(tops) == 1 else -1
            below_value = (outcomes.rebid_without(top, tops) if winner < 0
                           else outcomes.nothing(winner, top, secs[0] if pair and len(secs) == 1
                                                 else None))
            for b in range(1, top):
                if winner < 0 or not pair or b < sec:
                    totals[b] += below_value
                elif b == sec:
                    totals[b] += outcomes.nothing(winner, top, None)
                else:
                    totals[b] += outcomes.second(winner, top)
            totals[top] += outcomes.tie(top, tops)
            second = tops[0] if pair and len(tops) == 1 else None
            wins = outcomes.wins(second)
            for b in range(top + 1, top_bid + 1):
                totals[b] += wins[b]
        best = max(totals[1:])
        near = [b for b in range(1, top_bid + 1)
                if totals[b] >= best - self.tolerance * samples]
        if view.phase == "rebid":
            ranked = sorted(range(1, top_bid + 1), key=lambda b: (-totals[b], b))
            pool = sorted(ranked[: self.rebid_choices]) if len(near) < self.rebid_choices \
                else near[: self.rebid_choices]
            amount = pool[rng.below(len(pool))]
        else:
            amount = near[0]
        return next((action for action in legal if action.amount == amount), legal[0])


def _draw(cdf: Sequence[float], rng: Pcg32) -> int:
    u = rng.below(1 << 24) / (1 << 24) * cdf[-1]
    for amount in range(1, len(cdf)):
        if cdf[amount] > u:
            return amount
    return len(cdf) - 1


class _Outcomes:
    """The value of each way a bidding can settle, worked out once per decision (a few dozen
    tables) and remembered: the draws only pick among them."""

    __slots__ = ("faceup", "judge", "memo", "minus", "view", "won")

    def __init__(self, view: DieView, judge: Judge) -> None:
        self.view = view
        self.judge = judge
        self.faceup = tuple(view.faceup)
        self.won = view.won
        self.minus = view.minus
        self.memo: dict[tuple[object, ...], object] = {}

    def _paid(self, seat: int, price: int) -> list[int]:
        minus = list(self.minus)
        minus[seat] += price
        return minus

    def _rival_takes(self, seat: int, price: int, second: int | None) -> float:
        """This seat's chance once rival ``seat`` pays ``price`` and picks the card that leads
        best; the other goes to ``second`` (``None``: it leaves the game). The pick and its
        bombs do not depend on the price (it moves both choices alike): the table is settled
        once per (rival, second) and only the rival's score moves with the price."""
        key = ("m", seat, second)
        found = self.memo.get(key)
        judge = self.judge
        if found is None:
            best_after, best_lead = self.won, float("-inf")
            for card in dict.fromkeys(self.faceup):
                after = judge.settle(self.won, self.minus, seat, card, second,
                                     _other(self.faceup, card))
                lead = judge.lead(after, self.minus, seat)
                if lead > best_lead:
                    best_after, best_lead = after, lead
            found = self.memo[key] = (best_after, judge.means(best_after, self.minus))
        assert isinstance(found, tuple)
        after, means = found
        if judge.exact:
            return judge.chance(after, self._paid(seat, price))
        shifted = list(means)
        shifted[seat] -= price
        return win_chance(shifted, judge.sd, judge.me)

    def nothing(self, winner: int, price: int, second: int | None) -> float:
        key = ("n", winner, price, second)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._rival_takes(winner, price, second)
        assert isinstance(found, float)
        return found

    def second(self, winner: int, price: int) -> float:
        return self.nothing(winner, price, self.view.seat)

    def rebid_without(self, price: int, tops: tuple[int, ...]) -> float:
        """Rivals tied at the top bid again for one card (this seat out): each as likely to
        take it, paying about what it bid."""
        key = ("r", price, tops)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = sum(self._rival_takes(seat, price, None)
                                         for seat in tops) / len(tops)
        assert isinstance(found, float)
        return found

    def tie(self, price: int, tops: tuple[int, ...]) -> float:
        """This seat tied at the top with ``tops``: a rebid for one card, each tied seat as
        likely to take it, paying about the tied bid."""
        key = ("t", price, tops)
        found = self.memo.get(key)
        if found is None:
            mine = self.wins(None)[price]
            theirs = sum(self._rival_takes(seat, price, None) for seat in tops)
            found = self.memo[key] = (mine + theirs) / (len(tops) + 1)
        assert isinstance(found, float)
        return found

    def wins(self, second: int | None) -> list[float]:
        """Per price b (index 0 … 40), this seat's chance when it takes at b, chooses its card
        and ``second`` takes the other (``None``: the other leaves the game)."""
        key = ("w", second)
        found = self.memo.get(key)
        if found is None:
            judge = self.judge
            best = [0.0] * (C.MAX_BID + 1)
            for card in dict.fromkeys(self.faceup):
                after = judge.settle(self.won, self.minus, self.view.seat, card, second,
                                     _other(self.faceup, card))
                best = [max(a, b) for a, b in zip(best, judge.curve(after, self.minus),
                                                  strict=True)]
            found = self.memo[key] = best
        assert isinstance(found, list)
        return found


MAESTRO = Maestro()
choose = MAESTRO.choose
