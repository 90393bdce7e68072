"""Scenario files for Die Bombe (SCENARIOS.md, "Die Bombe"): a dealt table in, a state out.

Malformed tables are refused whole (exit 2): a wrong type, an id that is not a Die Bombe card,
a seat count outside 3–6, more copies of a card than the game holds, or a table the real game
cannot show (three face-up cards, one face-up card while the deck still holds some, a bomb kept
among won cards, negative minus points, more won lists than seats). The choices where the
documents are silent are in docs/RULES-CHOICES.md, "Die Bombe".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe import scoring
from game.rules.diebombe.actions import Action
from game.rules.diebombe.engine import (
    DIEBOMBE_ENGINE,
    GAME,
    blank_state,
    check_table,
    start,
)
from game.rules.diebombe.state import DieState
from game.rules.kit import StepMissing


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(doc: Mapping[str, Any], key: str, default: int | None) -> int:
    value = doc.get(key, default)
    if not _whole(value):
        raise MalformedInput(f"'{key}' must be a whole number, not {value!r}")
    assert isinstance(value, int)
    return value


def _card_list(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise MalformedInput(f"{where} must be a list of card ids")
    for card in value:
        if card not in C.ALL_CARDS:
            raise MalformedInput(f"unknown card {card!r} in {where} (Die Bombe cards are "
                                 "R3…R25, G3…G25 and B)")
    return list(value)


def _per_seat(deal: Mapping[str, Any], key: str, seats: int) -> list[Any] | None:
    raw = deal.get(key)
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise MalformedInput(f"deal.{key} must be a list with one entry per seat")
    if len(raw) > seats:
        raise MalformedInput(f"deal.{key} has {len(raw)} entries for {seats} seats")
    return raw


_STEP_TYPES: dict[str, tuple[str, type]] = {
    "seat": ("a seat number", int),
    "amount": ("a whole number", int),
    "card": ("a card id", str),
    "target": ("a seat number", int),
    "color": ("\"red\" or \"green\"", str),
}
"""Step fields and the type each must have (a wrong one is malformed, exit 2)."""


class DieScenario:
    """Die Bombe's :class:`~game.rules.kit.ScenarioReader`.

    A ``bomb`` step names a colour, or a card with ``any_card_bombed``; the reader keeps the
    field the table's options use and drops the other, so it remembers the options of the
    table it last set up (the runner reads one file at a time: setup, then its steps)."""

    def __init__(self) -> None:
        self._any_card = False

    # ------------------------------------------------------------------ the table

    def setup(self, doc: Mapping[str, Any]) -> DieState:
        deal = doc.get("deal")
        if deal is not None and not isinstance(deal, Mapping):
            raise MalformedInput("[deal] must be a table")
        won_raw = deal.get("won") if deal is not None else None
        seats = _int(doc, "seats", len(won_raw) if isinstance(won_raw, list) else None)
        seed = _int(doc, "seed", 0)
        options = doc.get("options", [])
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            raise MalformedInput("'options' must be a list of option names")
        option_set = frozenset(options)
        check_table(seats, option_set)
        self._any_card = scoring.ANY_CARD_BOMBED in option_set
        if deal is None:
            config = GameConfig(GAME, (SeatKind.PERSON,) * seats, option_set)
            return DIEBOMBE_ENGINE.new_game(config, seed)
        return self._dealt(deal, seats, option_set, seed)

    def _dealt(self, deal: Mapping[str, Any], seats: int, options: frozenset[str],
               seed: int) -> DieState:
        faceup = _card_list(deal.get("faceup", []), "deal.faceup")
        deck_top_first = _card_list(deal.get("deck", []), "deal.deck")
        won: list[list[str]] = [[] for _ in range(seats)]
        for seat, cards in enumerate(_per_seat(deal, "won", seats) or []):
            won[seat] = _card_list(cards, f"deal.won[{seat}]")
            if C.BOMB in won[seat]:
                raise MalformedInput(f"deal.won[{seat}] keeps a bomb: a bomb taken is played "
                                     "at once, never kept")
        minus = [0] * seats
        for seat, paid in enumerate(_per_seat(deal, "minus", seats) or []):
            if not _whole(paid):
                raise MalformedInput(f"deal.minus[{seat}] must be a whole number, not {paid!r}")
            if paid < 0:
                raise MalformedInput(f"deal.minus[{seat}] is {paid}: minus points are never "
                                     "negative")
            minus[seat] = paid
        if len(faceup) > 2:
            raise MalformedInput(f"deal.faceup shows {len(faceup)} cards: a round turns up two")
        if len(faceup) == 1 and deck_top_first:
            raise MalformedInput("deal.faceup shows one card while the deck still holds "
                                 "cards: a round turns up two")
        counts = Counter(faceup + deck_top_first)
        for cards in won:
            counts.update(cards)
        for card, count in sorted(counts.items()):
            allowed = C.copies_allowed(card)
            if count > allowed:
                raise MalformedInput(f"{count} × {card} is more than a Die Bombe game holds "
                                     f"({allowed})")
        state = blank_state(seats, options, seed)
        state.faceup = faceup
        state.deck = deck_top_first[::-1]
        state.won = won
        state.minus = minus
        start(state)
        return state

    # ------------------------------------------------------------------ steps


    def check_step(self, index: int, step: Mapping[str, Any]) -> None:
        """A field of the wrong type, or a colour that is neither red nor green, makes the
        file malformed (exit 2) before any step runs."""
        where = f"step {index}"
        for key, (what, kind) in _STEP_TYPES.items():
            value = step.get(key)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, kind):
                raise MalformedInput(f"{where}: '{key}' must be {what}, not {value!r}")
        color = step.get("color")
        if color is not None and color not in C.COLORS:
            raise MalformedInput(f"{where}: unknown colour {color!r} (red or green)")

    def step_action(self, step: Mapping[str, Any]) -> tuple[int, Action]:
        """The seat and the action of one ``[[step]]``: only the fields its verb uses are
        kept; a missing one is an illegal step."""
        action = A.action_from_json(step)
        seat = step.get("seat")
        verb = action.verb
        if seat is None:
            raise StepMissing(f"{verb} needs a 'seat'")
        if not _whole(seat):
            raise MalformedInput(f"'seat' must be a seat number, not {seat!r}")
        if verb == A.BID:
            if action.amount is None:
                raise StepMissing("bid needs an 'amount' (1–40)")
            return seat, A.bid(action.amount)
        if verb == A.TAKE:
            if action.card is None:
                raise StepMissing("take needs a 'card' (one of the face-up cards)")
            return seat, A.take(action.card)
        if action.target is None:
            raise StepMissing("bomb needs a 'target' seat")
        if self._any_card:
            if action.card is None:
                raise StepMissing("with any_card_bombed a bomb needs the 'card' it covers")
            return seat, A.bomb(action.target, card=action.card)
        if action.color is None:
            raise StepMissing("bomb needs a 'color' (\"red\" or \"green\")")
        return seat, A.bomb(action.target, color=action.color)

    # ------------------------------------------------------------------ the output

    def output(self, state: DieState) -> dict[str, Any]:
        """The state as SCENARIOS.md prints it."""
        scores = DIEBOMBE_ENGINE.scores(state)
        seats = []
        for cards, paid, score in zip(state.won, state.minus, scores, strict=True):
            seats.append({
                "red": [C.value_of(card) for card in cards if C.color_of(card) == C.RED],
                "green": [C.value_of(card) for card in cards if C.color_of(card) == C.GREEN],
                "minus": paid,
                "score": score,
            })
        return {
            "phase": state.phase.value,
            "round": state.round,
            "to_act": sorted(DIEBOMBE_ENGINE.to_act(state)),
            "faceup": list(state.faceup),
            "deck": state.deck[::-1],
            "set_aside": list(state.set_aside),
            "seats": seats,
            "ranking": DIEBOMBE_ENGINE.ranking(state),
        }


SCENARIO = DieScenario()
