"""What Maestro expects of the other seats, from public facts only (a seat's level is public:
the table shows it): who plays them in its imagined futures, and where a seat that hid a bomb
probably put it.

``modelled=True`` reads each seat's level: a machine of a known level plays as that level does
and hides its bombs where that level hides them (Astuto and Despiadado decide from public facts
alone, so their bombs go where the table could work out, give or take the odd surprise);
people and other Maestros are played by Astuto and hide with the plain prior. ``modelled=False``
is the plain model: every other seat is Astuto, and every hidden bomb follows the plain prior.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.bombdeck.astuto import ASTUTO
from game.bots.bombdeck.base import BombBot
from game.bots.bombdeck.despiadado import Despiadado
from game.bots.bombdeck.lanzado import LANZADO
from game.core.config import SeatKind
from game.rules.bombdeck.view import BombView, Hidden, SeatInfo

PLAIN_TOP = 0.5
"""The plain prior's share on the top of the pile (just past the hider's own turns), the rest
spread evenly: people often put a bomb on top for the next seat."""
HABIT = 0.9
"""A machine level's share on the place its own rule picks; the rest spread evenly, so that a
surprise (a tuned level, a person playing as one) is unlikely but never impossible."""


def rollout_players(view: BombView, modelled: bool) -> list[BombBot]:
    """One player per seat for the imagined futures: Astuto for this seat itself."""
    record = view.record
    kinds = record.kinds if record is not None else ()
    seats = len(view.seats)
    if not modelled or len(kinds) != seats:
        return [ASTUTO] * seats
    people = [s for s, kind in enumerate(kinds) if kind == SeatKind.PERSON.value]
    focus = people[0] if len(people) == 1 else None
    players: list[BombBot] = []
    for seat, kind in enumerate(kinds):
        if seat == view.seat:
            players.append(ASTUTO)
        elif kind == SeatKind.LANZADO.value:
            players.append(LANZADO)
        elif kind == SeatKind.DESPIADADO.value:
            players.append(Despiadado(focus))
        else:
            players.append(ASTUTO)
    return players


def _spread(size: int, place: int, share: float) -> list[float]:
    weights = [(1.0 - share) / (size + 1)] * (size + 1)
    weights[min(max(place, 0), size)] += share
    return weights


def plain_prior(view: BombView, index: int, entry: Hidden) -> Sequence[float]:
    """Often on top (just past the hider's own remaining turns), else anywhere."""
    return _spread(entry.size, entry.owed - 1, PLAIN_TOP)


def _hider_view(view: BombView, entry: Hidden) -> BombView:
    """What the hider's level read when it hid the bomb (only public facts are used)."""
    seats = tuple(SeatInfo(0, alive, False, marker)
                  for marker, alive in zip(entry.markers, entry.alive, strict=True))
    return view._replace(seat=entry.seat, phase="place_bomb", current=entry.seat,
                         turns_owed=entry.owed, hand=(), clues=(), seats=seats,
                         deck_size=entry.size, pending=None, giver=None, record=None)


def modelled_prior(view: BombView, index: int, entry: Hidden) -> Sequence[float]:
    """Where the hider's level puts a bomb, from the public facts of that moment."""
    record = view.record
    kind = record.kinds[entry.seat] if record is not None else ""
    if kind == SeatKind.LANZADO.value:
        return (1.0,) * (entry.size + 1)
    if kind == SeatKind.ASTUTO.value:
        return _spread(entry.size, ASTUTO.hide_position(_hider_view(view, entry)), HABIT)
    if kind == SeatKind.DESPIADADO.value:
        return _spread(entry.size, Despiadado().hide_position(_hider_view(view, entry)), HABIT)
    return plain_prior(view, index, entry)
