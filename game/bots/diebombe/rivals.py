"""How Maestro expects the other seats of Die Bombe to bid, from public facts only.

A seat's sealed bid is hidden, but every past bid was revealed (``RoundRecord.reveals``) and the
levels that bid from public facts (Astuto, Despiadado) can be asked what they would bid from any
seat: the face-up cards, the won cards, the minus points and the unseen multiset are all on the
table. So each rival's next bid is a mixture of four models:

- **astuto**, **despiadado**: the short list of bids that level picks among at random from the
  rival's place (``shortlist``), plus a little spread (``EPSILON``) for a surprise;
- **lanzado**: uniform from 1 to the round's stake, as that level bids;
- **habit**: the rival's own past bids as shares of what was on offer (``base.bid_cdf``), the
  model that fits anybody else (a person, another Maestro).

The mixture's weights are a posterior: every model is scored on the rival's revealed first bids
of the latest rounds, asked from the table as it stood then (``past_views`` rebuilds it from the
public record). A machine of a known level is soon recognised (its revealed bids are in that
level's short list, round after round), a person falls back on habit. Nothing here reads a
sealed bid or the deck order: a past view is made of what the record and the set-aside pile
show.
"""

from __future__ import annotations

from functools import lru_cache
from math import exp, log

from game.bots.diebombe.astuto import ASTUTO, Astuto
from game.bots.diebombe.base import bid_cdf, bid_ratios, stake
from game.bots.diebombe.despiadado import DESPIADADO
from game.core.rng import Pcg32
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe.view import DieView

MODELS = ("astuto", "despiadado", "lanzado", "habit")
PRIOR = (0.3, 0.3, 0.1, 0.3)
"""The models' weights before any revealed bid (the same order as ``MODELS``)."""
EPSILON = 0.05
"""The share of a level's prediction spread over every bid: a tuned or human seat that bids
like the level most of the time is not ruled out by one odd bid."""
FLOOR = 0.02
"""The share of every rival's final prediction spread over every bid, whatever the posterior."""
RECENT = 8
"""Only the latest this many rounds are scored: a level shows itself within a few rounds, and
a decision after a game is resumed (nothing remembered yet) asks the levels at most this many
rounds back, which keeps its worst case near the median's few times over."""
BIDS = C.MAX_BID

_LEVELS: dict[str, Astuto] = {"astuto": ASTUTO, "despiadado": DESPIADADO}


class _Pick(Pcg32):
    """A stand-in generator that reads a level's short list: ``below(n)`` records ``n`` and
    answers ``index`` (the level draws exactly once per bid)."""

    __slots__ = ("bound", "index")

    def __init__(self, index: int) -> None:  # no stream: nothing is drawn
        self.index = index
        self.bound = 1

    def below(self, bound: int) -> int:
        self.bound = bound
        return min(self.index, bound - 1)


@lru_cache(maxsize=8192)
def shortlist(model: str, seen: DieView) -> tuple[int, ...]:
    """The bids the level ``model`` picks among, at random, from ``seen`` (a view whose seat
    is the rival's: everything a level reads is public). Remembered: the same past round is
    asked at every later decision of the game."""
    player = _LEVELS[model]
    pick = _Pick(0)
    first = player.bid(seen, A.BIDS, pick).amount
    out = [first]
    for index in range(1, pick.bound):
        out.append(player.bid(seen, A.BIDS, _Pick(index)).amount)
    return tuple(amount for amount in out if amount is not None)


def _spread(pmf: list[float], share: float) -> list[float]:
    even = share / BIDS
    return [0.0] + [(1 - share) * p + even for p in pmf[1:]]


def model_pmf(model: str, seen: DieView) -> list[float]:
    """``P[x]``, x = 0 … 40: the chance the rival at ``seen.seat`` bids x under ``model``."""
    pmf = [0.0] * (BIDS + 1)
    if model in _LEVELS:
        listed = shortlist(model, seen)
        for amount in listed:
            pmf[amount] += 1 / len(listed)
        return _spread(pmf, EPSILON)
    size = stake(seen.faceup)
    if model == "lanzado":
        top = min(BIDS, size)
        for amount in range(1, top + 1):
            pmf[amount] = 1 / top
        return _spread(pmf, EPSILON)
    cdf = bid_cdf(bid_ratios(seen)[seen.seat], size)
    for amount in range(1, BIDS + 1):
        pmf[amount] = cdf[amount] - cdf[amount - 1]
    return pmf


def past_views(view: DieView) -> list[DieView]:
    """The table at the first bidding of every past round, from the record and the set-aside
    pile (as a player would count it); empty when the record does not explain the table (a
    game started from a scenario in mid-play)."""
    seats = view.seats
    history = view.history
    won: list[list[str]] = [[] for _ in range(seats)]
    minus = [0] * seats
    aside = view.set_aside
    used = 0
    tail = [*view.unseen, *view.faceup]
    unseen_at: list[tuple[str, ...]] = [()] * len(history)
    for k in range(len(history) - 1, -1, -1):
        unseen_at[k] = tuple(sorted(tail))
        tail.extend(history[k].faceup)
    views: list[DieView] = []
    everyone = tuple(range(seats))
    for k, record in enumerate(history):
        views.append(view._replace(
            phase="bid", round=record.round, faceup=record.faceup,
            deck_size=len(unseen_at[k]), unseen=unseen_at[k],
            won=tuple(map(tuple, won)), minus=tuple(minus), set_aside=aside[:used],
            bidders=everyone, has_bid=(False,) * seats, my_bid=None, taker=None, price=None,
            second=None, bombers=(), reveals=(), history=history[:k]))
        minus[record.taker] += record.price
        bombers: list[int] = []
        for seat, card in ((record.taker, record.card), (record.second, record.other)):
            if seat is None or card is None:
                continue
            if card == C.BOMB:
                bombers.append(seat)
            else:
                won[seat].append(card)
        if record.second is None and len(record.faceup) > 1:
            used += 1  # the card nobody took
        for bomber in bombers:
            if used >= len(aside) or aside[used] != C.BOMB:
                return views if k == len(history) - 1 and view.phase == "bomb" else []
            used += 1
            if any(cards for seat, cards in enumerate(won) if seat != bomber):
                covered = aside[used] if used < len(aside) else ""
                owner = next((seat for seat, cards in enumerate(won)
                              if seat != bomber and covered in cards), None)
                if owner is None:
                    return []
                won[owner].remove(covered)
                used += 1
    if tuple(minus) != view.minus:
        return []
    if view.phase != "bomb" and tuple(map(tuple, won)) != view.won:
        return []
    return views


def weights(view: DieView, rivals: tuple[int, ...]) -> dict[int, tuple[float, ...]]:
    """Per rival, the posterior weight of each model (``MODELS`` order) given its revealed
    first bids of the latest ``RECENT`` rounds."""
    logs = {rival: [log(p) for p in PRIOR] for rival in rivals}
    pairs = list(zip(past_views(view), view.history, strict=False))
    for past, record in pairs[-RECENT:]:
        if not record.reveals:
            continue
        shown = record.reveals[0]
        for rival in rivals:
            amount = shown[rival]
            if amount is None:
                continue
            seen = past._replace(seat=rival)
            row = logs[rival]
            for index, model in enumerate(MODELS):
                row[index] += log(max(model_pmf(model, seen)[amount], 1e-9))
    out: dict[int, tuple[float, ...]] = {}
    for rival, row in logs.items():
        top = max(row)
        raw = [exp(value - top) for value in row]
        total = sum(raw)
        out[rival] = tuple(value / total for value in raw)
    return out


def rival_pmfs(view: DieView, rivals: tuple[int, ...], identify: bool = True
               ) -> list[list[float]]:
    """Per rival, ``P[x]`` of its bid in the bidding now (x = 0 … 40): the models mixed by
    their posterior weights, spread by ``FLOOR``; without ``identify``, its habit alone (the
    plain model, as Astuto reads the table: nothing asked of the levels, so it costs little).
    The view asked forgets who has bid: in a first bidding it is then the very view
    ``past_views`` rebuilds for this round later on, so the levels' short lists are worked
    out once."""
    plain = (0.0, 0.0, 0.0, 1.0)
    mix = weights(view, rivals) if identify else {rival: plain for rival in rivals}
    out = []
    for rival in rivals:
        seen = view._replace(seat=rival, my_bid=None, has_bid=(False,) * view.seats)
        pmf = [0.0] * (BIDS + 1)
        for model, weight in zip(MODELS, mix[rival], strict=True):
            if weight < 1e-4:
                continue
            for amount, p in enumerate(model_pmf(model, seen)):
                pmf[amount] += weight * p
        total = sum(pmf)
        out.append(_spread([p / total for p in pmf], FLOOR))
    return out
