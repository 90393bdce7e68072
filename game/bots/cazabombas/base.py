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
    scored = _score_cuts(view, legal, analysis, style)
    if not scored:  # only equipment or nothing useful listed: take the first legal move
        return Plan(legal[0], 1.0, False)
    certain = [item for item in scored if item[1] >= CERTAIN]
    if certain:
        action, chance, _ = max(certain, key=lambda item: item[2])
        return Plan(action, chance, True)
    if style.equipment:
        card = _equipment_first(view, legal, scored, analysis)
        if card is not None:
            return Plan(card, 1.0, False)
    if style.pick == "weighted":
        plain = [item for item in scored if item[0].verb == A.DUAL_CUT] or scored
        weights = [max(1, round(item[1] ** 2 * 1000)) for item in plain]
        draw = rng.below(sum(weights))
        for item, weight in zip(plain, weights, strict=True):
            draw -= weight
            if draw < 0:
                return Plan(item[0], item[1], False)
    action, chance, _ = max(scored, key=lambda item: item[2])
    return Plan(action, chance, False)


# ------------------------------------------------------------------------------- scoring


def _mistake_cost(view: CazaView, style: Style) -> tuple[float, float]:
    """(what a wrong blue or yellow cut costs, what a wrong red cut costs)."""
    if view.stabilized:
        return 0.0, 0.0
    if view.mistakes_left == 0:
        return style.loss, style.loss
    return style.loss / 2 ** (view.mistakes_left + 1), style.loss


def _score_cuts(view: CazaView, legal: Sequence[Action], analysis: Analysis, style: Style
                ) -> list[tuple[Action, float, float]]:
    """(action, chance right, expected worth) of every cut in ``legal``."""
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

    scored: list[tuple[Action, float, float]] = []
    for action in legal:
        verb = action.verb
        if verb == A.DUAL_CUT:
            assert action.target is not None and action.stand is not None
            assert action.pos is not None and action.value is not None
            g = stands[action.target][action.stand]
            p = chance(g, action.pos, action.value)
            scored.append((action, p, worth(p, red(g, action.pos), 0.0)))
        elif verb == A.DOUBLE_DETECTOR or (verb == A.EQUIPMENT_VERB
                                           and action.card == W.TRIPLE_DETECTOR):
            assert action.target is not None and action.stand is not None
            assert action.indices is not None and isinstance(action.value, int)
            g = stands[action.target][action.stand]
            singles = [chance(g, i, action.value) for i in action.indices]
            if max(singles) < 0.05:
                continue
            p = analysis.any_of(g, action.indices, action.value)
            p_red = 1.0
            for i in action.indices:
                p_red *= red(g, i)
            if reds_hidden < len(action.indices):
                p_red = 0.0
            cost = style.detector_cost if verb == A.DOUBLE_DETECTOR else style.card_cost
            scored.append((action, p, worth(p, p_red, cost * (1.0 + wrong))))
        elif verb == A.EQUIPMENT_VERB and action.card == W.SUPER_DETECTOR:
            assert action.target is not None and action.stand is not None
            assert isinstance(action.value, int)
            g = stands[action.target][action.stand]
            p = analysis.stand_has.get((g, W.blue_key(action.value)), 0.0)
            uncut = [i for i, wire in enumerate(view.stands[g]) if not wire.cut]
            p_red = 1.0
            for i in uncut:
                p_red *= red(g, i)
            scored.append((action, p, worth(p, p_red, style.card_cost * (1.0 + wrong))))
        elif verb == A.EQUIPMENT_VERB and action.card == W.X_OR_Y_RAY:
            assert action.target is not None and action.stand is not None
            assert action.pos is not None and action.values is not None
            g = stands[action.target][action.stand]
            p = sum(chance(g, action.pos, v) for v in action.values)
            scored.append((action, p, worth(p, red(g, action.pos),
                                            style.card_cost * (1.0 + wrong))))
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
                     scored: list[tuple[Action, float, float]], analysis: Analysis
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
    best = max(item[1] for item in scored)
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
                return max((p for (a, p, _) in scored
                            if a.verb == A.DUAL_CUT and a.value == value), default=0.0)
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
