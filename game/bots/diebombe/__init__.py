"""Machine bidders of Die Bombe: Lanzado, Astuto, Despiadado and Maestro (RULES.md §2 and §5).

Maestro is imported with the others: its search reads Astuto's and Despiadado's own bidding
(to model the rivals) and adds little code of its own, so a lazy import would save nothing.
"""

from __future__ import annotations

from typing import Any

from game.bots.base import BenchTable, Bot
from game.bots.diebombe.astuto import ASTUTO
from game.bots.diebombe.despiadado import DESPIADADO, Despiadado
from game.bots.diebombe.lanzado import LANZADO
from game.bots.diebombe.maestro import MAESTRO
from game.core.config import SeatKind


def player(kind: SeatKind, focus: int | None) -> Bot[Any, Any] | None:
    """The Die Bombe player of ``kind`` (``None``: no such level here); ``focus`` names
    Despiadado's leader to hunt (the person at the table)."""
    if kind is SeatKind.DESPIADADO and focus is not None:
        return Despiadado(focus)
    return LEVELS.get(kind)


LEVELS: dict[SeatKind, Bot[Any, Any]] = {
    SeatKind.LANZADO: LANZADO,
    SeatKind.ASTUTO: ASTUTO,
    SeatKind.DESPIADADO: DESPIADADO,
    SeatKind.MAESTRO: MAESTRO,
}
"""Every level built for this family, in the order the screens offer them, one shared
stateless player each."""

STAND_IN = SeatKind.ASTUTO
"""The level that plays a person's seat when nobody is at the keyboard (``--autoplay``, a
game played out for its results or a screenshot)."""

BENCH = BenchTable(4, SeatKind.LANZADO, SeatKind.ASTUTO)
"""The table ``python -m game bench --game GAME`` measures: four Lanzado; Astuto's decisions
against three Lanzado."""
