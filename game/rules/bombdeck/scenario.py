"""Scenario files for the bomb-deck family (SCENARIOS.md): a dealt table in, a state out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.errors import MalformedInput
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import cards as C
from game.rules.bombdeck import record as R
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.engine import BOMBDECK, blank_state, check_table, ruleset_of
from game.rules.bombdeck.state import BombState
from game.rules.kit import StepMissing


def _int(doc: Mapping[str, Any], key: str, default: int) -> int:
    value = doc.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(f"'{key}' must be a whole number, not {value!r}")
    return value


def _card_list(value: Any, where: str, known_cards: frozenset[str]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise MalformedInput(f"{where} must be a list of card ids")
    for card in value:
        if card not in known_cards:
            raise MalformedInput(f"unknown card {card!r} in {where}")
    return list(value)


def setup(doc: Mapping[str, Any], known_cards: frozenset[str] = C.ALL_CARDS) -> BombState:
    """The table a scenario describes: dealt by hand under ``[deal]``, else by its seed."""
    ruleset = ruleset_of(str(doc["game"]))
    deal_doc = doc.get("deal")
    hands_given = deal_doc.get("hands") if isinstance(deal_doc, Mapping) else None
    # Without ``seats`` a dealt table says how many sit at it.
    seats = _int(doc, "seats", len(hands_given) if isinstance(hands_given, list) else 0)
    first = _int(doc, "first", 0)
    seed = _int(doc, "seed", 0)
    options = doc.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise MalformedInput("'options' must be a list of option names")
    option_set = frozenset(options)
    check_table(ruleset, seats, option_set)
    if not 0 <= first < seats:
        raise MalformedInput(f"'first' must be a seat from 0 to {seats - 1}, not {first}")
    deal = doc.get("deal")
    if deal is None:
        config = GameConfig(ruleset.name, (SeatKind.PERSON,) * seats, option_set, first)
        state = BOMBDECK.new_game(config, seed)
        return state
    if not isinstance(deal, Mapping):
        raise MalformedInput("[deal] must be a table")
    hands_raw = deal.get("hands", [[] for _ in range(seats)])
    if not isinstance(hands_raw, list):
        raise MalformedInput("deal.hands must be a list of hands")
    if len(hands_raw) != seats:
        raise MalformedInput(f"deal.hands has {len(hands_raw)} hands for {seats} seats")
    hands = [_card_list(h, f"deal.hands[{i}]", known_cards) for i, h in enumerate(hands_raw)]
    deck_top_first = _card_list(deal.get("deck", []), "deal.deck", known_cards)
    discard = _card_list(deal.get("discard", []), "deal.discard", known_cards)
    counts = Counter(deck_top_first + discard)
    for hand in hands:
        counts.update(hand)
    ceiling = ruleset.full_counts(seats)
    for card, count in sorted(counts.items()):
        allowed = ceiling.get(card, 0)
        if count > allowed:
            raise MalformedInput(
                f"{count} × {card} is more than a {seats}-seat {ruleset.name} game "
                f"holds ({allowed})"
            )
    state = blank_state(ruleset, seats, option_set, seed)
    state.hands = hands
    state.deck = deck_top_first[::-1]
    state.discard = discard
    state.markers = [1 if C.DEFUSE in hand else 0 for hand in hands]
    state.current = first
    state.total_cards = state.card_count()
    R.start(state, ("person",) * seats, first, tuple(len(hand) for hand in hands))
    return state


_NEEDS: dict[str, tuple[str, ...]] = {
    A.DRAW: (),
    A.NOPE: (),
    A.RESOLVE: (),
    A.PLAY: ("card",),
    A.PAIR: ("card", "target"),
    A.TRIO: ("card", "target", "named"),
    A.GIVE: ("card",),
    A.PLACE_BOMB: ("position",),
}


def step_action(step: Mapping[str, Any]) -> tuple[int, Action]:
    """The seat and the action of one ``[[step]]``: only the fields its verb uses are kept."""
    action = A.action_from_json(step)
    seat_raw = step.get("seat")
    if seat_raw is not None and (isinstance(seat_raw, bool) or not isinstance(seat_raw, int)):
        raise MalformedInput(f"'seat' must be a seat number, not {seat_raw!r}")
    verb = action.verb
    needs = _NEEDS[verb]
    if verb == A.PLAY and action.card in C.TARGETED_CARDS:
        needs = ("card", "target")
    if verb == A.RESOLVE:
        return TABLE, A.RESOLVE_ACTION
    if seat_raw is None:
        raise StepMissing(f"{verb} needs a 'seat'")
    if verb == A.NOPE:
        return seat_raw, A.NOPE_ACTION
    for field in needs:
        if getattr(action, field) is None:
            raise StepMissing(f"{verb} needs a '{field}'")
    kept = Action(
        verb,
        action.card if "card" in needs else None,
        action.target if "target" in needs else None,
        action.named if "named" in needs else None,
        action.position if "position" in needs else None,
    )
    return seat_raw, kept


_STEP_TYPES: dict[str, tuple[type, ...]] = {
    "seat": (int,),
    "card": (str,),
    "target": (int,),
    "named": (str,),
}


def check_step(index: int, step: Mapping[str, Any]) -> None:
    """A field of the wrong type makes the file malformed (exit 2) before any step runs."""
    where = f"step {index}"
    for key, types in _STEP_TYPES.items():
        value = step.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, types):
            raise MalformedInput(f"{where}: '{key}' has the wrong type ({value!r})")
    position = step.get("position")
    if position is not None and (
        isinstance(position, bool) or not (isinstance(position, int) or position == A.RANDOM)
    ):
        raise MalformedInput(f"{where}: 'position' must be a whole number or \"random\"")




def output(state: BombState) -> dict[str, Any]:
    """The state as SCENARIOS.md prints it."""
    deck = state.deck
    top = len(deck) - 1
    over = state.phase.value == "over"
    seats = []
    for seat, hand in enumerate(state.hands):
        clues = state.clues[seat]
        seats.append({
            "hand": sorted(hand),
            "alive": state.alive[seat],
            "shield": state.shields[seat],
            "defuse_marker": state.markers[seat] > 0,
            "clues": {str(top - i): card for i, card in sorted(clues.items(), reverse=True)},
        })
    return {
        "game": state.ruleset.name,
        "phase": state.phase.value,
        "over": over,
        "winner": state.current if over else None,
        "ranking": BOMBDECK.ranking(state),
        "current": state.current,
        "turns_owed": state.owed,
        "seats": seats,
        "deck": deck[::-1],
        "discard": list(state.discard),
        "danger": {"bombs": deck.count(C.BOMB), "cards": len(deck)},
    }


class BombScenario:
    """The bomb-deck family's :class:`~game.rules.kit.ScenarioReader`."""

    check_step = staticmethod(check_step)
    setup = staticmethod(setup)
    step_action = staticmethod(step_action)
    output = staticmethod(output)


SCENARIO = BombScenario()
