"""Machine players of the bomb-deck family: Lanzado, Astuto, Despiadado and Maestro
(RULES.md §2).

Maestro is imported only when a table seats it: its search brings the sampler and the win
estimate, about as much code again as the three other levels, and most runs (the simulator's
Lanzado and Astuto tables, a game against Astuto) never ask for it.
"""

from __future__ import annotations

from typing import Any

from game.bots.base import BenchTable, Bot
from game.bots.bombdeck.astuto import ASTUTO
from game.bots.bombdeck.despiadado import DESPIADADO, Despiadado
from game.bots.bombdeck.lanzado import LANZADO
from game.core.config import SeatKind


def player(kind: SeatKind, focus: int | None) -> Bot[Any, Any] | None:
    """The bomb-deck player of ``kind`` (``None``: no such level here); ``focus`` names
    Despiadado's victim (the person at the table)."""
    if kind is SeatKind.DESPIADADO and focus is not None:
        return Despiadado(focus)
    if kind is SeatKind.MAESTRO:
        from game.bots.bombdeck.maestro import MAESTRO

        return MAESTRO
    return PLAYERS.get(kind)


PLAYERS: dict[SeatKind, Bot[Any, Any]] = {
    SeatKind.LANZADO: LANZADO,
    SeatKind.ASTUTO: ASTUTO,
    SeatKind.DESPIADADO: DESPIADADO,
}
"""The levels that do not search, one shared stateless player each (Maestro: ``player``)."""

LEVELS: tuple[SeatKind, ...] = (SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO,
                                SeatKind.MAESTRO)
"""Every level built for this family, in the order the screens offer them."""

STAND_IN = SeatKind.ASTUTO
"""The level that plays a person's seat when nobody is at the keyboard (``--autoplay``, a
game played out for its results or a screenshot)."""

BENCH = BenchTable(4, SeatKind.LANZADO, SeatKind.ASTUTO)
"""The table of the speed figures in docs/BENCHMARKS.md: four Lanzado; Astuto's decisions
against three Lanzado."""
