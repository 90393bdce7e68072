"""Caza Bombas's analyst: each cut's chance to be right and to be red, from the cutter's view
at that moment, and the safest cut it had.

The chances are the exact count of wire layouts the machine teammates decide with
(``deduce.analyse`` on the cutter's view: its own stand and the public table, nothing it
could not see; the relaxation where the table is too large to count, ``exact`` says which).
A cut is any move that names wires and may go wrong: a Dual Cut, the Double Detector, the
Triple and Super Detectors and the X or Y Ray. A Solo Cut and revealing the reds cannot go
wrong (chance right 1). The chance red is the chance the move explodes the bomb, scored as
the teammates score it (a detector explodes only when every wire it points at is red).

The generic fields: ``best``/``best_estimate`` are the safest cut available then (the
highest chance right) and its chance; ``before`` is that chance too (what the seat could have
had), ``after`` the chance right of the move made: a drop from before to after is risk taken
beyond the safest cut, so a lost mission shows where it was taken. A move that is not a cut
(a setup token, equipment that only informs) cannot go wrong: ``after`` is 1. The family's
fields: ``kind`` (``cut`` or ``other``), ``chance_right`` and ``chance_red`` of a cut,
``right`` (whether it turned out right), ``exact``.

These are chances of single moves, not of winning the mission: no turning points.
"""

from __future__ import annotations

from typing import Any

from game.bots.analysts import Judgement, Moment, Played
from game.bots.cazabombas.base import stands_of
from game.bots.cazabombas.deduce import Analysis, analyse
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.engine import CAZABOMBAS
from game.rules.cazabombas.state import CazaState
from game.rules.cazabombas.view import CazaView

CUTS = frozenset((A.DUAL_CUT, A.DOUBLE_DETECTOR, A.SOLO_CUT, A.REVEAL_REDS))
"""The verbs that cut (equipment that cuts is told by its card: :data:`CUT_CARDS`)."""
CUT_CARDS = frozenset((W.TRIPLE_DETECTOR, W.SUPER_DETECTOR, W.X_OR_Y_RAY))
SAFER = 1e-9
"""A cut is safer than another when its chance is higher by more than rounding."""


def is_cut(action: Action) -> bool:
    return action.verb in CUTS or (action.verb == A.EQUIPMENT_VERB
                                   and action.card in CUT_CARDS)


def cut_chances(view: CazaView, analysis: Analysis, action: Action) -> tuple[float, float]:
    """(chance right, chance red) of the cut ``action`` from ``view``'s seat, by
    ``analysis`` (of that view)."""
    verb = action.verb
    if verb in (A.SOLO_CUT, A.REVEAL_REDS):
        return 1.0, 0.0
    assert action.target is not None and action.stand is not None
    g = stands_of(view, action.target)[action.stand]
    if verb == A.DUAL_CUT:
        assert action.pos is not None and action.value is not None
        return analysis.chance(g, action.pos, (action.value,)), analysis.red(g, action.pos)
    if action.card == W.X_OR_Y_RAY:
        assert action.pos is not None and action.values is not None
        right = sum(analysis.chance(g, action.pos, (v,)) for v in action.values)
        return right, analysis.red(g, action.pos)
    if action.card == W.SUPER_DETECTOR:
        assert isinstance(action.value, int)
        pointed = [i for i, wire in enumerate(view.stands[g]) if not wire.cut]
        right = analysis.stand_has.get((g, W.blue_key(action.value)), 0.0)
    else:  # the Double and Triple Detectors
        assert action.indices is not None and isinstance(action.value, int)
        pointed = list(action.indices)
        right = analysis.any_of(g, pointed, action.value)
    red = 1.0
    for i in pointed:
        red *= analysis.red(g, i)
    return right, red


class CazaAnalyst:
    """Stateless: one object reviews every Caza Bombas game."""

    turning_points = 0

    def judge(self, moment: Moment, game: Played) -> Judgement:
        before: CazaState = moment.before
        after: CazaState = moment.after
        seat = moment.seat
        action: Action = moment.action
        engine = CAZABOMBAS
        legal = [a for a in engine.legal_actions(before, seat) if is_cut(a)]
        if not legal and not is_cut(action):
            return Judgement(1.0, 1.0, action, 1.0, (("kind", "other"),))
        view = engine.view(before, seat)
        analysis = analyse(view, exact=True)
        extra: list[tuple[str, Any]]
        if is_cut(action):
            right, red = (_clamp(p) for p in cut_chances(view, analysis, action))
            went_wrong = after.mistakes > before.mistakes or after.won is False
            extra = [("kind", "cut"), ("chance_right", right), ("chance_red", red),
                     ("right", not went_wrong)]
            best, best_chance = action, right  # the cut made, unless one was safer
        else:
            right = 1.0
            extra = [("kind", "other")]
            best, best_chance = action, -1.0
        for candidate in legal:
            chance = _clamp(cut_chances(view, analysis, candidate)[0])
            if chance > best_chance + SAFER:
                best, best_chance = candidate, chance
        if best_chance < 0.0:  # no cut was legal
            best_chance = right
        extra.append(("exact", analysis.exact))
        return Judgement(best_chance, right, best, best_chance, tuple(extra))


def _clamp(p: float) -> float:
    return min(1.0, max(0.0, p))


ANALYST = CazaAnalyst()
