"""What the Die Bombe machine players share: reading a view into expected final scores, a model
of how the others bid, and the moves a bomb allows.

Everything reads the view only (the face-up cards, everybody's won cards and minus points, the
multiset of cards still unseen, the revealed bids of past rounds), never the deck order or a
sealed bid; nothing is kept between decisions, so one player object serves every seat.

Expected score. A seat's final score is its reds (doubled if it ends with the most red cards),
its greens (doubled the same way with ``green_majority_doubles``) and minus its bids. The cards
still to come are shared out, each going to a given seat with probability ``SHARE / seats``
(a few leave the game: ties, bombs). So a seat's expected colour total is what it holds plus its
share of what is unseen, times one plus the chance it ends with the majority of that colour;
that chance counts every seat's cards to come as a binomial draw. At the end of the game this is
the exact score.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from game.rules.diebombe import cards as C
from game.rules.diebombe.actions import Action
from game.rules.diebombe.view import DieView

SHARE = 0.85
"""The fraction of the unseen value cards that end up won by somebody (the rest leave the
game: ties, bombs): a seat expects ``SHARE / seats`` of each."""
BOMB_STAKE = 10
"""What a face-up bomb is worth when sizing a round's stake (see :func:`stake`)."""
MIN_STAKE = 5

Won = tuple[tuple[str, ...], ...]


# ------------------------------------------------------------------ majority chances


@lru_cache(maxsize=256)
def _cdf(unseen: int, seats: int) -> tuple[float, ...]:
    """P(a seat gets at most k of ``unseen`` cards), k = 0 … unseen."""
    p = SHARE / seats
    total, out = 0.0, []
    for k in range(unseen + 1):
        total += comb(unseen, k) * p ** k * (1 - p) ** (unseen - k)
        out.append(min(total, 1.0))
    return tuple(out)


@lru_cache(maxsize=256)
def _pmf(unseen: int, seats: int) -> tuple[float, ...]:
    p = SHARE / seats
    return tuple(comb(unseen, k) * p ** k * (1 - p) ** (unseen - k) for k in range(unseen + 1))


@lru_cache(maxsize=1 << 16)
def majority_chances(counts: tuple[int, ...], unseen: int) -> tuple[float, ...]:
    """Per seat, the chance it ends with the most cards of a colour (ties count for all),
    holding ``counts`` now with ``unseen`` cards of that colour still to come."""
    seats = len(counts)
    if unseen == 0:
        most = max(counts)
        return tuple(1.0 if count == most else 0.0 for count in counts)
    pmf, cdf = _pmf(unseen, seats), _cdf(unseen, seats)
    out = []
    for seat, mine in enumerate(counts):
        chance = 0.0
        for k, weight in enumerate(pmf):
            if weight < 1e-9:
                continue
            level = mine + k
            for other, theirs in enumerate(counts):
                if other == seat:
                    continue
                room = level - theirs
                if room < 0:
                    weight = 0.0
                    break
                if room < unseen:
                    weight *= cdf[room]
            chance += weight
        out.append(chance)
    return tuple(out)


# ------------------------------------------------------------------ expected scores


class Table:
    """The won cards, minus points and unseen pool of a view, as expected final scores."""

    __slots__ = ("green_doubles", "minus", "pool", "seats")

    def __init__(self, view: DieView, pool: Sequence[str]) -> None:
        self.seats = view.seats
        self.minus = view.minus
        self.green_doubles = view.green_doubles
        reds = [card for card in pool if card[0] == "R"]
        greens = [card for card in pool if card[0] == "G"]
        self.pool = (len(reds), sum(map(C.value_of, reds)),
                     len(greens), sum(map(C.value_of, greens)))

    def expected(self, won: Won, paid: Sequence[int] | None = None) -> list[float]:
        """Every seat's expected final score with these won cards (and minus points)."""
        seats = self.seats
        share = SHARE / seats
        red_count, red_sum, green_count, green_sum = self.pool
        tallies = [_tally(cards) for cards in won]
        red_chances = majority_chances(tuple(t[0] for t in tallies), red_count)
        green_chances = (majority_chances(tuple(t[2] for t in tallies), green_count)
                         if self.green_doubles else (0.0,) * seats)
        minus = self.minus if paid is None else paid
        return [(t[1] + share * red_sum) * (1 + red_chances[s])
                + (t[3] + share * green_sum) * (1 + green_chances[s]) - minus[s]
                for s, t in enumerate(tallies)]


@lru_cache(maxsize=1 << 14)
def _tally(cards: tuple[str, ...]) -> tuple[int, int, int, int]:
    reds = red_sum = greens = green_sum = 0
    for card in cards:
        if card[0] == "R":
            reds += 1
            red_sum += C.value_of(card)
        elif card[0] == "G":
            greens += 1
            green_sum += C.value_of(card)
    return reds, red_sum, greens, green_sum


def give(won: Won, seat: int, card: str) -> Won:
    """``won`` after ``seat`` wins ``card`` (a bomb is not kept)."""
    if card == C.BOMB:
        return won
    return tuple((*cards, card) if s == seat else cards for s, cards in enumerate(won))


def cover(won: Won, target: int, card: str) -> Won:
    """``won`` after a bomb covers ``card`` of ``target``."""
    cards = list(won[target])
    cards.remove(card)
    return tuple(tuple(cards) if s == target else c for s, c in enumerate(won))


def bomb_covers(won: Won, bomber: int, any_card: bool) -> list[tuple[int, str]]:
    """Every (target, covered card) a bomb of ``bomber`` may hit: the most recent card of
    each colour of every other seat, or with ``any_card_bombed`` every card."""
    moves: list[tuple[int, str]] = []
    for target, cards in enumerate(won):
        if target == bomber or not cards:
            continue
        if any_card:
            moves.extend((target, card) for card in cards)
            continue
        for prefix in ("R", "G"):
            for card in reversed(cards):
                if card[0] == prefix:
                    moves.append((target, card))
                    break
    return moves


def covered_by(won: Won, action: Action) -> tuple[int, str]:
    """The (target, card) a legal bomb action covers."""
    target = action.target
    assert target is not None
    if action.card is not None:
        return target, action.card
    prefix = "R" if action.color == C.RED else "G"
    card = next(c for c in reversed(won[target]) if c[0] == prefix)
    return target, card


# ------------------------------------------------------------------ how the others bid


def stake(faceup: Sequence[str]) -> int:
    """What a round offers, the yardstick bids are measured against: the best face value on
    the table (a bomb counts ``BOMB_STAKE``), at least ``MIN_STAKE``."""
    best = max((C.value_of(card) if card != C.BOMB else BOMB_STAKE for card in faceup),
               default=MIN_STAKE)
    return max(MIN_STAKE, best)


PRIOR_WEIGHT = 3.0
"""How many observed bids the prior (uniform from 1 to the stake) is worth."""
KERNEL = (0.1, 0.2, 0.4, 0.2, 0.1)
"""How one observed bid spreads over its neighbours (it was one draw among many)."""


def bid_ratios(view: DieView) -> list[list[float]]:
    """Per seat, its revealed first bids of past rounds over their round's stake."""
    ratios: list[list[float]] = [[] for _ in range(view.seats)]
    for record in view.history:
        if not record.reveals:
            continue
        size = stake(record.faceup)
        for seat, amount in enumerate(record.reveals[0]):
            if amount is not None:
                ratios[seat].append(amount / size)
    return ratios


def bid_cdf(ratios: Sequence[float], size: int) -> list[float]:
    """``F[x]`` = the chance that a seat bidding with these past ratios bids at most ``x``
    (x = 0 … 40) against a stake of ``size``: the prior plus each observation, spread."""
    top = C.MAX_BID
    mass = [0.0] * (top + 1)
    prior = PRIOR_WEIGHT / size
    for amount in range(1, min(size, top) + 1):
        mass[amount] += prior
    half = len(KERNEL) // 2
    for ratio in ratios:
        centre = min(top, max(1, round(ratio * size)))
        for offset, weight in enumerate(KERNEL, start=-half):
            mass[min(top, max(1, centre + offset))] += weight
    total = sum(mass)
    out, running = [], 0.0
    for value in mass:
        running += value
        out.append(running / total)
    out[top] = 1.0
    return out


def win_chances(cdfs: Sequence[Sequence[float]]) -> tuple[list[float], list[float]]:
    """For each bid b (index 0 … 40): the chance that b is the single highest bid against
    bidders with these distributions, and the chance that it is the single second highest
    (exactly one bid above it, every other below)."""
    top = C.MAX_BID
    win = [0.0] * (top + 1)
    second = [0.0] * (top + 1)
    for b in range(1, top + 1):
        below = [cdf[b - 1] for cdf in cdfs]
        above = [1.0 - cdf[b] for cdf in cdfs]
        product = 1.0
        for value in below:
            product *= value
        win[b] = product
        total = 0.0
        for j, up in enumerate(above):
            if up <= 0.0:
                continue
            rest = 1.0
            for k, value in enumerate(below):
                if k != j:
                    rest *= value
            total += up * rest
        second[b] = total
    return win, second
