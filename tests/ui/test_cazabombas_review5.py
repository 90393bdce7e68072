"""A fifth review of Caza Bombas, point by point: the board's yellow values are struck out as
their wires are cut (they never changed: review 5)."""

from __future__ import annotations

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.rules.cazabombas import wires as W
from game.ui.cazabombas.paint import cut_colours

AST = SeatKind.ASTUTO


def test_the_boards_yellow_values_follow_the_cuts() -> None:
    match = Match(GameConfig("cazabombas", (AST, AST, AST), frozenset({"mission2"})), 5)
    assert cut_colours(match.view_for(0)) == frozenset()  # nothing cut at the start
    seen: set[int] = set()
    while not match.is_over():
        match.step()
        view = match.view_for(0)
        marked = cut_colours(view)
        assert seen <= marked  # a struck value stays struck
        lying = {w.key for stand in view.stands for w in stand
                 if w.cut and w.key is not None and W.is_yellow(w.key)}
        assert marked == lying and all(W.is_yellow(k) for k in marked)
        seen = set(marked)
    assert match.outcome().team_won  # (the deal: a won mission, every yellow cut)
    assert seen == set(match.view_for(0).yellow_board) and seen
