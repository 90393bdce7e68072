"""Caza Bombas actions: immutable tuples that read and write the scenario step fields.

One NamedTuple for every verb; a verb uses only some fields. ``legal_actions`` lists each move
in a canonical form (``own`` left out, so the leftmost matching wire is cut; ``indices`` in
ascending order); ``apply`` also takes the forms a scenario or a person may give (an explicit
``own``, indices in the order of preference), which do the same move on another of one's
identical wires or with another tie-break. Listing every such variant would multiply a list
that already holds thousands of detector moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from game.core.errors import MalformedInput
from game.rules.cazabombas.wires import (
    EMERGENCY_BATTERIES,
    EQUIPMENT,
    EQUIPMENT_BY_ID,
    Value,
    valid_named,
)

TOKEN = "token"
DUAL_CUT = "dual_cut"
DOUBLE_DETECTOR = "double_detector"
SOLO_CUT = "solo_cut"
REVEAL_REDS = "reveal_reds"
EQUIPMENT_VERB = "equipment"

VERBS = (TOKEN, DUAL_CUT, DOUBLE_DETECTOR, SOLO_CUT, REVEAL_REDS, EQUIPMENT_VERB)


class Action(NamedTuple):
    verb: str
    card: int | None = None
    target: int | None = None
    """A teammate's seat (cuts, detectors, Walkie-Talkies, Coffee Mug)."""
    stand: int | None = None
    """Which of that seat's stands (0 or 1); one's own stand for tokens, Post-it and labels."""
    pos: int | None = None
    """The wire's index in that stand (``index`` in files)."""
    indices: tuple[int, ...] | None = None
    value: Value | None = None
    values: tuple[Value, ...] | None = None
    own: tuple[int, int] | None = None
    """(stand, index) of the actor's own wire."""
    seats: tuple[int, ...] | None = None
    """Emergency Batteries: the seats whose Double Detector comes back."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.verb}
        for name in ("card", "target", "stand", "pos", "value"):
            field = getattr(self, name)
            if field is not None:
                out["index" if name == "pos" else name] = field
        for name in ("indices", "values", "own", "seats"):
            field = getattr(self, name)
            if field is not None:
                out[name] = list(field)
        return out


REVEAL_ACTION = Action(REVEAL_REDS)


def _whole(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(f"'{key}' must be a whole number, not {value!r}")
    return value


def _wholes(data: Mapping[str, Any], key: str) -> tuple[int, ...] | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, list | tuple) or not all(
            isinstance(item, int) and not isinstance(item, bool) for item in value):
        raise MalformedInput(f"'{key}' must be a list of whole numbers, not {value!r}")
    return tuple(value)


def named_value(value: object, key: str = "value") -> Value:
    """A named value as a field holds it: 1–12 or "yellow" ("red" too: naming it is illegal,
    not malformed); anything else no wire can have."""
    if valid_named(value) or value == "red":
        assert isinstance(value, int | str)
        return value
    raise MalformedInput(f"'{key}' must be 1–12 or \"yellow\", not {value!r}")


def card_number(value: object) -> int | None:
    """An equipment card written as its number (1–12) or its id (``rewinder``)."""
    if value is None:
        return None
    if isinstance(value, str):
        number = EQUIPMENT_BY_ID.get(value)
        if number is None:
            raise MalformedInput(f"unknown equipment card {value!r}")
        return number
    if isinstance(value, bool) or not isinstance(value, int) or value not in EQUIPMENT:
        raise MalformedInput(f"'card' must be an equipment card 1–12, not {value!r}")
    return value


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read a step or a saved action; a field of the wrong type is malformed, not illegal."""
    verb = data.get("do")
    if not isinstance(verb, str) or verb not in VERBS:
        raise MalformedInput(f"unknown action {verb!r} (known: {', '.join(VERBS)})")
    card = card_number(data.get("card"))
    raw_target = data.get("target")
    seats = _wholes(data, "seats")
    target: int | None
    if isinstance(raw_target, list):  # Emergency Batteries may name two seats
        seats = _wholes(data, "target")
        target = None
    else:
        target = _whole(data, "target")
    if card == EMERGENCY_BATTERIES and target is not None and seats is None:
        seats, target = (target,), None  # one seat written as a plain target
    value = data.get("value")
    values = data.get("values")
    if values is not None:
        if not isinstance(values, list | tuple):
            raise MalformedInput(f"'values' must be a list of values, not {values!r}")
        values = tuple(named_value(item, "values") for item in values)
    own = _wholes(data, "own")
    if own is not None and len(own) != 2:
        raise MalformedInput(f"'own' must be [stand, index], not {list(own)!r}")
    return Action(
        verb,
        card,
        target,
        _whole(data, "stand"),
        _whole(data, "index"),
        _wholes(data, "indices"),
        None if value is None else named_value(value),
        values,
        None if own is None else (own[0], own[1]),
        seats,
    )
