"""Machine players of the bomb-deck family: Lanzado, Astuto, Despiadado and Maestro
(RULES.md §2)."""

from __future__ import annotations

from typing import Any

from game.bots.base import Bot
from game.bots.bombdeck.astuto import ASTUTO
from game.bots.bombdeck.despiadado import DESPIADADO, Despiadado
from game.bots.bombdeck.lanzado import LANZADO
from game.bots.bombdeck.maestro import MAESTRO
from game.core.config import SeatKind


def player(kind: SeatKind, focus: int | None) -> Bot[Any, Any] | None:
    """The bomb-deck player of ``kind`` (``None``: no such level here); ``focus`` names
    Despiadado's victim (the person at the table)."""
    if kind is SeatKind.DESPIADADO and focus is not None:
        return Despiadado(focus)
    return LEVELS.get(kind)


LEVELS: dict[SeatKind, Bot[Any, Any]] = {
    SeatKind.LANZADO: LANZADO,
    SeatKind.ASTUTO: ASTUTO,
    SeatKind.DESPIADADO: DESPIADADO,
    SeatKind.MAESTRO: MAESTRO,
}
"""Every level built for this family, one shared stateless player each."""
