"""Machine players for the bomb-deck family; they receive a seat's view, never the state.

``bot_for(kind)`` is the registry: it maps a machine ``SeatKind`` to the player of that level.
"""

from __future__ import annotations

from game.bots.astuto import ASTUTO, Astuto
from game.bots.base import Bot
from game.bots.despiadado import DESPIADADO, Despiadado
from game.bots.lanzado import LANZADO, Lanzado
from game.core.config import SeatKind

BOTS: dict[SeatKind, Bot] = {
    SeatKind.LANZADO: LANZADO,
    SeatKind.ASTUTO: ASTUTO,
    SeatKind.DESPIADADO: DESPIADADO,
}
"""Every machine level that exists today, one shared stateless player each."""


class NoSuchBot(ValueError):
    """A seat kind that no machine player plays (a person, or a level not built yet)."""


def bot_for(kind: SeatKind, focus: int | None = None) -> Bot:
    """The player for ``kind``; ``focus`` names Despiadado's victim (the person at the table)."""
    if kind is SeatKind.DESPIADADO and focus is not None:
        return Despiadado(focus)
    bot = BOTS.get(kind)
    if bot is None:
        if kind is SeatKind.PERSON:
            raise NoSuchBot("a person's seat has no machine player")
        raise NoSuchBot(f"no machine player plays {kind.value!r} yet "
                        f"(available: {', '.join(k.value for k in BOTS)})")
    return bot


__all__ = ["BOTS", "Astuto", "Bot", "Despiadado", "Lanzado", "NoSuchBot", "bot_for"]
