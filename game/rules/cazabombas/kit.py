"""Caza Bombas' kit: its descriptor (missions 1–8 as a pick-one option), its engine, its
scenario reader and the ids its scenario files use (the verbs, and the equipment cards'
ids, which a step may give instead of their numbers), and its hidden twin (``twin.py``)."""

from __future__ import annotations

from typing import get_args

from game.rules.cazabombas import actions as A
from game.rules.cazabombas.engine import CAZABOMBAS as ENGINE
from game.rules.cazabombas.events import CazaEvent
from game.rules.cazabombas.games import GAMES, MISSIONS
from game.rules.cazabombas.scenario import SCENARIO
from game.rules.cazabombas.twin import hidden_twin
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import EQUIPMENT
from game.rules.kit import RulesKit

__all__ = ["KIT", "MISSIONS"]

KIT = RulesKit("cazabombas", GAMES, ENGINE, SCENARIO, frozenset(EQUIPMENT.values()),
               frozenset(A.VERBS), hidden_twin, view_type=CazaView,
               event_types=get_args(CazaEvent))
