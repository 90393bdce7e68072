"""Die Bombe's actions: a bid, taking a face-up card, playing a bomb.

Actions are NamedTuples: equal moves compare equal and hash alike, the engine hands out one
shared object per move, and each serialises to the fields of a scenario step (``do``,
``amount``, ``card``, ``target``, ``color``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from game.core.errors import MalformedInput
from game.rules.diebombe import cards as C

BID = "bid"
TAKE = "take"
BOMB = "bomb"
VERBS = (BID, TAKE, BOMB)


class Action(NamedTuple):
    verb: str
    amount: int | None = None
    card: str | None = None
    target: int | None = None
    color: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.verb}
        if self.amount is not None:
            out["amount"] = self.amount
        if self.card is not None:
            out["card"] = self.card
        if self.target is not None:
            out["target"] = self.target
        if self.color is not None:
            out["color"] = self.color
        return out


BIDS: tuple[Action, ...] = tuple(Action(BID, amount) for amount in
                                 range(C.MIN_BID, C.MAX_BID + 1))
"""Every bid, lowest first: the legal moves of a bidder, shared by every state."""


def bid(amount: int) -> Action:
    """The shared action for a bid of ``amount`` (a new one outside 1–40, for tests)."""
    if C.MIN_BID <= amount <= C.MAX_BID:
        return BIDS[amount - C.MIN_BID]
    return Action(BID, amount)


def take(card: str) -> Action:
    return Action(TAKE, card=card)


def bomb(target: int, color: str | None = None, card: str | None = None) -> Action:
    return Action(BOMB, target=target, color=color, card=card)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read a step or a saved action; a wrongly typed field is malformed, not illegal."""
    verb = data.get("do")
    if not isinstance(verb, str) or verb not in VERBS:
        raise MalformedInput(f"unknown action {verb!r} (known: {', '.join(VERBS)})")
    amount = data.get("amount")
    if amount is not None and not _whole(amount):
        raise MalformedInput(f"'amount' must be a whole number, not {amount!r}")
    card = data.get("card")
    if card is not None and not isinstance(card, str):
        raise MalformedInput(f"'card' must be a card id, not {card!r}")
    target = data.get("target")
    if target is not None and not _whole(target):
        raise MalformedInput(f"'target' must be a seat number, not {target!r}")
    color = data.get("color")
    if color is not None and not isinstance(color, str):
        raise MalformedInput(f"'color' must be \"red\" or \"green\", not {color!r}")
    if color is not None and color not in C.COLORS:
        raise MalformedInput(f"unknown colour {color!r} (known: red, green)")
    if verb == BID and amount is not None:
        return bid(amount)
    return Action(verb, amount, card, target, color)
