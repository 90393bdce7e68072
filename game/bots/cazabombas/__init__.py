"""Machine teammates of Caza Bombas: Lanzado, Astuto, Despiadado (RULES.md §2, §4).

All three share the planner of ``base`` and differ in style: Astuto is the deducer (exact
layout counts when the table allows, careful with the dial); Despiadado deduces as well but
plays bold (a mistake worries it less, it spends the Double Detector and equipment freely);
Lanzado reads only the cheap relaxation, places its token anywhere, uses no equipment and
picks its cut at random, weighted towards the likely ones.
"""

from __future__ import annotations

from typing import Any

from game.bots.base import BenchTable, Bot
from game.bots.cazabombas.base import CazaPlayer, Style
from game.core.config import SeatKind

ASTUTO = CazaPlayer(SeatKind.ASTUTO, Style())
DESPIADADO = CazaPlayer(SeatKind.DESPIADADO, Style(loss=5.0, detector_cost=0.05,
                                                   card_cost=0.0))
LANZADO = CazaPlayer(SeatKind.LANZADO, Style(exact=False, equipment=False,
                                             informed_token=False, pick="weighted",
                                             detector_cost=0.5))

LEVELS: dict[SeatKind, Bot[Any, Any]] = {
    SeatKind.LANZADO: LANZADO,
    SeatKind.ASTUTO: ASTUTO,
    SeatKind.DESPIADADO: DESPIADADO,
}
"""Every level built for this family, one shared stateless player each."""


def player(kind: SeatKind, focus: int | None) -> Bot[Any, Any] | None:
    """The teammate of ``kind`` (``focus`` means nothing in a cooperative game)."""
    return LEVELS.get(kind)

STAND_IN = SeatKind.ASTUTO
"""The level that plays a person's seat when nobody is at the keyboard (``--autoplay``, a
game played out for its results or a screenshot)."""

BENCH = BenchTable(4, SeatKind.LANZADO, SeatKind.ASTUTO)
"""The table ``python -m game bench --game GAME`` measures: four Lanzado; Astuto's decisions
against three Lanzado."""
