"""Bomb-deck actions: immutable tuples, the same object for the same move.

Actions are NamedTuples rather than dataclasses because the simulator builds and compares
millions of them; equal actions compare equal, hash alike and serialise to the scenario
step fields (``do``, ``card``, ``target``, ``named``, ``position``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from game.core.errors import MalformedInput

DRAW = "draw"
PLAY = "play"
PAIR = "pair"
TRIO = "trio"
NOPE = "nope"
RESOLVE = "resolve"
GIVE = "give"
PLACE_BOMB = "place_bomb"

VERBS = (DRAW, PLAY, PAIR, TRIO, NOPE, RESOLVE, GIVE, PLACE_BOMB)
RANDOM = "random"
"""The ``place_bomb`` position that lets the generator choose."""


class Action(NamedTuple):
    verb: str
    card: str | None = None
    target: int | None = None
    named: str | None = None
    position: int | str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.verb}
        if self.card is not None:
            out["card"] = self.card
        if self.target is not None:
            out["target"] = self.target
        if self.named is not None:
            out["named"] = self.named
        if self.position is not None:
            out["position"] = self.position
        return out


DRAW_ACTION = Action(DRAW)
NOPE_ACTION = Action(NOPE, "nope")
RESOLVE_ACTION = Action(RESOLVE)


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read a step or a saved action; a wrongly typed field is malformed, not illegal."""
    verb = data.get("do")
    if not isinstance(verb, str) or verb not in VERBS:
        raise MalformedInput(f"unknown action {verb!r} (known: {', '.join(VERBS)})")
    card = data.get("card")
    if card is not None and not isinstance(card, str):
        raise MalformedInput(f"'card' must be a card id, not {card!r}")
    target = data.get("target")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise MalformedInput(f"'target' must be a seat number, not {target!r}")
    named = data.get("named")
    if named is not None and not isinstance(named, str):
        raise MalformedInput(f"'named' must be a card id, not {named!r}")
    position = data.get("position")
    if position is not None and (
        isinstance(position, bool) or not (isinstance(position, int) or position == RANDOM)
    ):
        raise MalformedInput(f"'position' must be a whole number or \"random\", not {position!r}")
    if verb == NOPE and card is None:
        card = "nope"
    return Action(verb, card, target, named, position)
