"""What each face-up card of Die Bombe is worth to each seat now, in points of its expected
final score: the valuation the table's deduction marks show on the bid entry.

It is the smart machines' own yardstick (``base.Table``: what a seat holds, its share of the
cards still unseen, the chance that it ends with the majority of a colour, minus its bids),
read for one seat at a time: a card's worth to a seat is how much that seat's expected final
score moves when it wins the card. A value card adds its points, and more when it lifts the
seat in the red (or, with the option, green) majority race; a bomb is played where it most
lifts the bomber above the strongest of the others, so it is worth what that blow does to the
bomber's own expected score (the majority race alone: a bomb wins no points).

Everything reads a :class:`DieView` (what one seat may know), never the match's state: the
numbers a person sees are what their own view tells, which anyone at the table could count.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots.diebombe.base import Table, Won, bomb_covers, cover, give
from game.rules.diebombe import cards as C
from game.rules.diebombe.view import DieView


@dataclass(frozen=True, slots=True)
class CardWorth:
    """One face-up card and, per seat (in seat order), the points of expected final score
    that seat would gain by winning it now."""

    card: str
    seats: tuple[float, ...]

    def to(self, seat: int) -> float:
        return self.seats[seat]


def card_worths(view: DieView) -> tuple[CardWorth, ...]:
    """Every face-up card of ``view`` (in the table's order) with its worth to every seat."""
    table = Table(view, view.unseen)
    won = view.won
    now = table.expected(won)
    return tuple(CardWorth(card, tuple(_after(view, table, won, seat, card) - now[seat]
                                       for seat in range(view.seats)))
                 for card in view.faceup)


def worth(view: DieView, seat: int, card: str) -> float:
    """The points of expected final score ``seat`` gains by winning ``card`` now."""
    table = Table(view, view.unseen)
    return _after(view, table, view.won, seat, card) - table.expected(view.won)[seat]


def _after(view: DieView, table: Table, won: Won, seat: int, card: str) -> float:
    """``seat``'s expected final score once it has won ``card`` (a bomb: once it has played
    it where it most lifts it above the strongest of the others)."""
    after = give(won, seat, card)
    if card == C.BOMB:
        best: tuple[float, float] | None = None  # (the lead, the bomber's score)
        for target, covered in bomb_covers(after, seat, view.any_card_bombed):
            expected = table.expected(cover(after, target, covered))
            lead = expected[seat] - max(v for s, v in enumerate(expected) if s != seat)
            if best is None or lead > best[0]:
                best = (lead, expected[seat])
        if best is not None:
            return best[1]
    return table.expected(after)[seat]
