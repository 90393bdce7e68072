"""How a machine teammate of Caza Bombas decides, from its view alone (RULES.md §2, §4).

One planner serves every level; a level is a :class:`Style`. The planner

- places its setup token on the blue wire whose value the table would least expect at that
  place (the most surprising, so the most informative: a token on a 2 at the far right of a
  stand tells the table much, one on a 2 at the far left little);
- solo-cuts or reveals when it can (always right), then cuts a wire the deducer proves;
- otherwise scores every cut by its expected worth: +1 when right; when wrong, a blue or yellow
  wire costs a step of the dial (dearer as the dial nears the skull; a loss at the last step)
  and a red wire loses the mission; the Double Detector and the detector cards are scored the
  same way, less what spending them costs;
- uses equipment before its action when it helps: the Rewinder after a mistake, the Emergency
  Batteries on a spent detector, the Stabilizer before a doubtful cut, and the cards that only
  inform (Post-it, labels, General Radar) when it has no certain cut. Walkie-Talkies and the
  Coffee Mug are never used (no simple rule makes them pay).

:func:`plan` returns the action with the chance the planner gives it and whether it claims the
cut is certain, so a test can hold every certainty to the truth.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import log
from typing import NamedTuple

from game.bots.base import Bot
from game.bots.cazabombas.deduce import Analysis, _count, _problem, analyse
from game.core.config import SeatKind
from game.core.rng import Pcg32
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.view import CazaView, WireSeen

CERTAIN = 1.0 - 1e-9

CazaBot = Bot[CazaView, Action]


@dataclass(frozen=True, slots=True)
class Style:
    """What separates the levels."""

    exact: bool = True
    """Count layouts exactly when the table allows (else always the relaxation)."""
    loss: float = 10.0
    """What losing the mission is worth against one right cut."""
    detector_cost: float = 0.3
    """The Double Detector is spent once: its worth for later, in right cuts."""
    card_cost: float = 0.15
    equipment: bool = True
    informed_token: bool = True
    pick: str = "best"
    """"best": the highest score; "weighted": at random, by chance squared (Lanzado)."""
    planned_miss: bool = True
    """Whether a cut rated at 0% may be chosen on purpose when every cut that may be right
    risks red (a step of the dial instead of a chance of losing): see :func:`worth_weighing`
    and RULE-CHOICES.md, "Caza Bombas: the planned miss"."""


class Scored(NamedTuple):
    """One cut as the planner weighs it."""

    action: Action
    chance: float
    """The chance it is right, by the cutter's own count."""
    red: float
    """The chance it explodes the bomb (a detector: only when every wire it points at is
    red)."""
    worth: float
    """Its expected worth in right cuts (see :func:`_score_cuts`)."""
    long_shot: bool = False
    """A detector whose every wire is under 5% to match: never picked as such (a waste of
    the detector), but kept so that :func:`needless_miss` sees it."""


class Plan(NamedTuple):
    action: Action
    chance: float
    """The chance the planner gives the action of being right (1 for a move that cannot go
    wrong)."""
    certain: bool
    """A cut the planner claims is right whatever the hidden wires are."""


def stands_of(view: CazaView, seat: int) -> tuple[int, ...]:
    return tuple(g for g, owner in enumerate(view.stand_owner) if owner == seat)


def plan(view: CazaView, legal: Sequence[Action], rng: Pcg32, style: Style) -> Plan:
    if len(legal) == 1:
        only = legal[0]
        return Plan(only, 1.0, only.verb in (A.REVEAL_REDS, A.SOLO_CUT))
    if view.phase == "setup":
        return Plan(_token(view, legal, rng, style), 1.0, False)
    solos = [a for a in legal if a.verb == A.SOLO_CUT]
    if solos:
        best = max(solos, key=lambda a: _own_count(view, a.value))
        return Plan(best, 1.0, True)
    analysis = analyse(view, exact=style.exact)
    every = _score_cuts(view, legal, analysis, style)
    if not every:  # only equipment or nothing useful listed: take the first legal move
        return Plan(legal[0], 1.0, False)
    certain = [item for item in every if item.chance >= CERTAIN]
    if certain:
        top = max(certain, key=lambda item: item.worth)
        return Plan(top.action, top.chance, True)
    scored = worth_weighing(every, style)
    if style.equipment:
        card = _equipment_first(view, legal, scored, analysis)
        if card is not None:
            return Plan(card, 1.0, False)
    if style.pick == "weighted":
        usual = [item for item in every if not item.long_shot]
        kept = set(scored)
        plain = [item for item in usual if item.action.verb == A.DUAL_CUT] or usual
        if not kept.intersection(plain):
            plain = scored
        # The draw is over every usual cut, as before the 0% rule, and drawn again while it
        # falls on one the rule drops: the odds among the rest are the same, and a draw that
        # did not fall on a dropped cut picks what it always picked (so the same seed plays
        # the same game, unless the old draw took a needless miss).
        while True:
            item = _weighted(plain, rng)
            if item in kept:
                return Plan(item.action, item.chance, False)
    top = max(scored, key=lambda item: item.worth)
    return Plan(top.action, top.chance, False)


def _weighted(items: Sequence[Scored], rng: Pcg32) -> Scored:
    """One of ``items`` at random, by chance squared (a 0% cut keeps a sliver)."""
    weights = [max(1, round(item.chance ** 2 * 1000)) for item in items]
    draw = rng.below(sum(weights))
    for item, weight in zip(items, weights, strict=True):
        draw -= weight
        if draw < 0:
            return item
    return items[-1]  # not reached: the draw is below the sum


# ------------------------------------------------------------------------------- the 0% rule


ZERO = 1e-9
"""A chance at most this is 0 (a sum of floats may leave a crumb)."""


def needless_miss(item: Scored, every: Sequence[Scored]) -> bool:
    """Whether ``item`` is a cut its own count rates at 0% while another cut has a better
    chance of being right and no more risk of red: it can only cost a step of the dial (or
    the mission) that the other cut risks no more of, and the other may be right. Such a cut
    is never chosen, at any level (issue 25)."""
    return item.chance <= ZERO and any(
        other.chance > item.chance + ZERO and other.red <= item.red + ZERO for other in every)


def worth_weighing(every: Sequence[Scored], style: Style) -> list[Scored]:
    """The cuts a level picks among: the usual ones (not the long shots), less every needless
    miss (:func:`needless_miss`) and, unless the style allows a *planned* miss (a 0% cut
    chosen because every cut that may be right risks more red), less every 0% cut while one
    that may be right exists. A long shot comes back only when every usual cut was dropped
    for it."""
    def dropped(item: Scored) -> bool:
        if needless_miss(item, every):
            return True
        return (not style.planned_miss and item.chance <= ZERO
                and any(other.chance > ZERO for other in every))
    usual = [item for item in every if not item.long_shot and not dropped(item)]
    return usual or [item for item in every if not dropped(item)]


# ------------------------------------------------------------------------------- scoring


def _mistake_cost(view: CazaView, style: Style) -> tuple[float, float]:
    """(what a wrong blue or yellow cut costs, what a wrong red cut costs)."""
    if view.stabilized:
        return 0.0, 0.0
    if view.mistakes_left == 0:
        return style.loss, style.loss
    return style.loss / 2 ** (view.mistakes_left + 1), style.loss


def _score_cuts(view: CazaView, legal: Sequence[Action], analysis: Analysis, style: Style
                ) -> list[Scored]:
    """Every cut in ``legal`` with its chance right, its chance red and its expected
    worth."""
    wrong, boom = _mistake_cost(view, style)
    reds_hidden = _reds_hidden(view)
    stands = [stands_of(view, seat) for seat in range(view.seats)]
    chance_of: dict[tuple[int, int, object], float] = {}
    red_of: dict[tuple[int, int], float] = {}

    def chance(g: int, i: int, value: W.Value) -> float:
        key = (g, i, value)
        found = chance_of.get(key)
        if found is None:
            found = chance_of[key] = analysis.chance(g, i, (value,))
        return found

    def red(g: int, i: int) -> float:
        found = red_of.get((g, i))
        if found is None:
            found = red_of[(g, i)] = analysis.red(g, i) if reds_hidden else 0.0
        return found

    def worth(p: float, p_red: float, cost: float) -> float:
        return p - (1.0 - p - p_red) * wrong - p_red * boom - cost

    scored: list[Scored] = []
    for action in legal:
        verb = action.verb
        if verb == A.DUAL_CUT:
            assert action.target is not None and action.stand is not None
            assert action.pos is not None and action.value is not None
            g = stands[action.target][action.stand]
            p = chance(g, action.pos, action.value)
            p_red = red(g, action.pos)
            scored.append(Scored(action, p, p_red, worth(p, p_red, 0.0)))
        elif verb == A.DOUBLE_DETECTOR or (verb == A.EQUIPMENT_VERB
                                           and action.card == W.TRIPLE_DETECTOR):
            assert action.target is not None and action.stand is not None
            assert action.indices is not None and isinstance(action.value, int)
            g = stands[action.target][action.stand]
            singles = [chance(g, i, action.value) for i in action.indices]
            p = analysis.any_of(g, action.indices, action.value)
            p_red = 1.0
            for i in action.indices:
                p_red *= red(g, i)
            if reds_hidden < len(action.indices):
                p_red = 0.0
            cost = style.detector_cost if verb == A.DOUBLE_DETECTOR else style.card_cost
            scored.append(Scored(action, p, p_red, worth(p, p_red, cost * (1.0 + wrong)),
                                 max(singles) < 0.05))
        elif verb == A.EQUIPMENT_VERB and action.card == W.SUPER_DETECTOR:
            assert action.target is not None and action.stand is not None
            assert isinstance(action.value, int)
            g = stands[action.target][action.stand]
            p = analysis.stand_has.get((g, W.blue_key(action.value)), 0.0)
            uncut = [i for i, wire in enumerate(view.stands[g]) if not wire.cut]
            p_red = 1.0
            for i in uncut:
                p_red *= red(g, i)
            scored.append(Scored(action, p, p_red,
                                 worth(p, p_red, style.card_cost * (1.0 + wrong))))
        elif verb == A.EQUIPMENT_VERB and action.card == W.X_OR_Y_RAY:
            assert action.target is not None and action.stand is not None
            assert action.pos is not None and action.values is not None
            g = stands[action.target][action.stand]
            p = sum(chance(g, action.pos, v) for v in action.values)
            p_red = red(g, action.pos)
            scored.append(Scored(action, p, p_red,
                                 worth(p, p_red, style.card_cost * (1.0 + wrong))))
    return scored


def _reds_hidden(view: CazaView) -> int:
    """Red wires that may still hide on the other stands (at most)."""
    seen = sum(1 for g, stand in enumerate(view.stands) for wire in stand
               if wire.key is not None and W.is_red(wire.key)
               and (wire.cut or view.stand_owner[g] == view.seat))
    return max(0, view.red_count - seen)


def _own_count(view: CazaView, value: W.Value | None) -> int:
    return sum(1 for g in view.my_stands for wire in view.stands[g]
               if not wire.cut and wire.key is not None and W.class_of(wire.key) == value)


# ------------------------------------------------------------------------------- equipment


def _equipment_first(view: CazaView, legal: Sequence[Action],
                     scored: Sequence[Scored], analysis: Analysis
                     ) -> Action | None:
    """An equipment card worth using before this turn's (doubtful) cut, if any."""
    cards: dict[int, list[Action]] = {}
    for action in legal:
        if action.verb == A.EQUIPMENT_VERB and action.card is not None:
            cards.setdefault(action.card, []).append(action)
    if not cards:
        return None
    if W.REWINDER in cards:
        return cards[W.REWINDER][0]
    if W.EMERGENCY_BATTERIES in cards:
        mine = [a for a in cards[W.EMERGENCY_BATTERIES] if a.seats and view.seat in a.seats]
        return max(mine or cards[W.EMERGENCY_BATTERIES], key=lambda a: len(a.seats or ()))
    best = max(item.chance for item in scored)
    if W.STABILIZER in cards and not view.stabilized and best < 0.9:
        return cards[W.STABILIZER][0]
    if W.POST_IT in cards:
        return _most_surprising(view, cards[W.POST_IT])
    for label in (W.LABEL_EQ, W.LABEL_NEQ):
        if label in cards:
            both_uncut = [a for a in cards[label] if a.indices is not None and not any(
                view.stands[stands_of(view, view.seat)[a.stand or 0]][i].cut
                for i in a.indices)]
            return (both_uncut or cards[label])[0]
    if W.GENERAL_RADAR in cards:
        held = {W.class_of(w.key) for g in view.my_stands for w in view.stands[g]
                if not w.cut and w.key is not None and W.is_blue(w.key)}
        asks = [a for a in cards[W.GENERAL_RADAR] if a.value in held]
        if asks:
            def where(action: Action) -> float:
                value = action.value
                assert value is not None
                return max((item.chance for item in scored
                            if item.action.verb == A.DUAL_CUT and item.action.value == value),
                           default=0.0)
            return min(asks, key=where)
    return None


# ------------------------------------------------------------------------------- setup token


def _token(view: CazaView, legal: Sequence[Action], rng: Pcg32, style: Style) -> Action:
    if not style.informed_token:
        return legal[rng.below(len(legal))]
    return _most_surprising(view, legal)


def _most_surprising(view: CazaView, legal: Sequence[Action]) -> Action:
    """The move that shows the table the wire it least expects where it lies: the chance of
    each of this seat's wires is read as the table sees the stand (nobody's wires known but
    the cut ones), and the lowest chance wins."""
    mine = stands_of(view, view.seat)
    public = _public(view)
    surprise: dict[tuple[int, int], float] = {}
    for g in {mine[a.stand or 0] for a in legal}:
        problem = _problem(public)
        if g not in problem.stands:
            continue
        result = Analysis(tuple(problem.keys))
        _count(problem, [problem.stands.index(g)], [], result, relaxed=True)
        for i, wire in enumerate(view.stands[g]):
            if wire.key is not None:
                p = result.slots.get((g, i), {}).get(wire.key, 0.0)
                surprise[(g, i)] = -log(p) if p > 0 else 50.0
    return max(legal, key=lambda a: surprise.get((mine[a.stand or 0], a.pos or 0), 0.0))


def _public(view: CazaView) -> CazaView:
    """The view of someone who sees none of the stands (the table's common knowledge)."""
    hidden = tuple(tuple(wire if wire.cut else WireSeen(None, False, wire.token, wire.notv)
                         for wire in stand) for stand in view.stands)
    return view._replace(seat=-1, my_stands=(), stands=hidden)


# ------------------------------------------------------------------------------- the levels


class CazaPlayer:
    """A machine teammate of one level: stateless, so one object serves every seat."""

    __slots__ = ("level", "style")

    def __init__(self, level: SeatKind, style: Style) -> None:
        self.level = level
        self.style = style

    def plan(self, view: CazaView, legal: Sequence[Action], rng: Pcg32) -> Plan:
        return plan(view, legal, rng, self.style)

    def choose(self, view: CazaView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        if not legal:
            return None
        return plan(view, legal, rng, self.style).action
