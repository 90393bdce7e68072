"""Despiadado (ruthless): Astuto's survival instincts, turned against one victim.

- Hides every bomb it defuses on top for the next seat (just past its own remaining turns when it
  still owes some, so it never buries itself).
- Aims every steal at its victim, and attacks or passes whenever the victim plays next.
- The victim is ``focus`` (the person, against the machine) while that seat is alive; otherwise,
  or when no focus is given, the strongest opponent: the most proven defuses, then most cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.bombdeck.astuto import Astuto, _Moves
from game.bots.bombdeck.base import distance, next_alive, unknown_bomb_odds
from game.core.config import SeatKind
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.view import BombView


class Despiadado(Astuto):
    __slots__ = ("focus",)

    level = SeatKind.DESPIADADO

    press_at = 0.20
    """Attack or pass onto the victim once the top card's odds of being a bomb reach this."""

    def __init__(self, focus: int | None = None) -> None:
        self.focus = focus

    def victim(self, view: BombView) -> int | None:
        seats = view.seats
        focus = self.focus
        if (focus is not None and focus != view.seat and 0 <= focus < len(seats)
                and seats[focus].alive):
            return focus
        others = [s for s, info in enumerate(seats) if info.alive and s != view.seat]
        if not others:
            return None
        return max(others, key=lambda s: (seats[s].defuses_proven, seats[s].cards,
                                          -distance(view, s)))

    def steal_target(self, view: BombView, candidates: list[int], has_defuse: bool,
                     shields_matter: bool = False) -> int:
        victim = self.victim(view)
        if victim in candidates and not (shields_matter and view.seats[victim].shield):
            return victim
        return super().steal_target(view, candidates, has_defuse, shields_matter)

    def play(self, view: BombView, moves: _Moves, legal: Sequence[Action]) -> Action:
        victim = self.victim(view)
        if victim is not None and next_alive(view, view.seat) == victim:
            top = view.clue_at(0)
            odds = (1.0 if top == C.BOMB else 0.0) if top is not None else unknown_bomb_odds(view)
            if odds >= self.press_at:
                press = moves.play(C.ATTACK) or moves.play(C.PASS_IT)
                if press is not None:
                    return press
        return super().play(view, moves, legal)

    def hide_position(self, view: BombView) -> int:
        return min(max(0, view.turns_owed - 1), view.deck_size)


DESPIADADO = Despiadado()
choose = DESPIADADO.choose
