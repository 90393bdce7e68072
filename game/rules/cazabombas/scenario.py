"""Caza Bombas scenario files (SCENARIOS.md, "Caza Bombas"): a dealt table in, a state out.

Without ``[deal]`` the seed deals a real mission (with the Captain the file names, 0 by
default). With ``[deal]`` the table is a position: the wires dealt are the whole bomb, so the
public board counts them (how many blue wires of each number, which yellow and red values; an
"X of Y" colour shows the dealt values plus as many extra "?" candidates as the mission draws
beyond what it puts in, drawn by the seed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.core.errors import MalformedInput
from game.core.rng import Pcg32
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.engine import (
    CARD_NEEDS,
    MAX_SEATS,
    MIN_SEATS,
    NEEDS,
    build_state,
    deal_mission,
    draw_equipment,
    fields_of,
    stand_layout,
)
from game.rules.cazabombas.state import CazaState
from game.rules.kit import StepMissing


def _int(doc: Mapping[str, Any], key: str, default: int | None) -> int:
    value = doc.get(key, default)
    if value is None:
        raise MalformedInput(f"'{key}' is needed")
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(f"'{key}' must be a whole number, not {value!r}")
    return value


def _mission_number(doc: Mapping[str, Any]) -> int:
    options = doc.get("options", [])
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise MalformedInput("'options' must be a list of option names")
    named = []
    for option in options:
        number = option.removeprefix("mission")
        if option == number or not number.isdigit() or int(number) not in W.MISSION_NUMBERS:
            raise MalformedInput(f"cazabombas has no option {option!r}")
        named.append(int(number))
    if "mission" in doc:
        number = _int(doc, "mission", None)
        if number not in W.MISSION_NUMBERS:
            raise MalformedInput(f"'mission' must be 1–8, not {number}")
        named.append(number)
    if len(set(named)) > 1:
        raise MalformedInput(f"one mission at a time, not {sorted(set(named))}")
    return named[0] if named else 1


def _equipment(doc: Mapping[str, Any], mission: W.Mission) -> tuple[int, ...] | None:
    raw = doc.get("equipment")
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise MalformedInput("'equipment' must be a list of card numbers")
    cards = [A.card_number(item) for item in raw]
    numbers = [card for card in cards if card is not None]
    if len(set(numbers)) != len(numbers):
        raise MalformedInput("'equipment' names a card twice")
    for card in numbers:
        if not mission.equipment:
            raise MalformedInput(f"mission {mission.number} uses no equipment")
        if card in mission.excluded:
            raise MalformedInput(f"mission {mission.number} does not use equipment card {card}")
    return tuple(sorted(numbers))


def _stands(deal: Mapping[str, Any], seats: int, captain: int) -> list[list[int]]:
    """The dealt stands in table order, each checked: sorted, and every value a wire."""
    raw = deal.get("stands")
    if not isinstance(raw, list):
        raise MalformedInput("deal.stands must be a list: each player's list of stands")
    if len(raw) != seats:
        raise MalformedInput(f"deal.stands has {len(raw)} players for {seats} seats")
    _, per_seat = stand_layout(seats, captain)
    stands: list[list[int]] = []
    for seat, player in enumerate(raw):
        wanted = len(per_seat[seat])
        if not isinstance(player, list) or len(player) != wanted or not all(
                isinstance(stand, list) for stand in player):
            raise MalformedInput(f"deal.stands[{seat}] must be a list of {wanted} stand(s) "
                                 f"(each a list of wires) at {seats} players")
        for number, stand in enumerate(player):
            keys = []
            for value in stand:
                key = W.key_of(value)
                if key is None:
                    raise MalformedInput(f"deal.stands[{seat}][{number}]: no wire is {value!r}")
                keys.append(key)
            if keys != sorted(keys):
                raise MalformedInput(f"deal.stands[{seat}][{number}] is not sorted ascending")
            stands.append(keys)
    return stands


def _check_box(stands: list[list[int]], mission: W.Mission) -> None:
    """Never more of a kind than the mission uses."""
    counts = Counter(key for stand in stands for key in stand)
    for key, count in sorted(counts.items()):
        shown = W.sort_value(key)
        if W.is_blue(key):
            if key // 10 > mission.blue_max:
                raise MalformedInput(f"mission {mission.number} has blue wires 1–"
                                     f"{mission.blue_max}, not {shown}")
            if count > W.BLUE_COPIES:
                raise MalformedInput(f"{count} blue {shown} wires: the box holds "
                                     f"{W.BLUE_COPIES}")
            continue
        colour = mission.yellow if W.is_yellow(key) else mission.red
        name = "yellow" if W.is_yellow(key) else "red"
        if colour is None:
            raise MalformedInput(f"mission {mission.number} has no {name} wire ({shown})")
        if not colour.low <= key // 10 <= colour.high:
            raise MalformedInput(f"mission {mission.number} draws its {name} wires from "
                                 f"{colour.low}–{colour.high}, not {shown}")
        if count > 1:
            raise MalformedInput(f"{count} {name} {shown} wires: the box holds one")
    for name, colour, test in (("yellow", mission.yellow, W.is_yellow),
                               ("red", mission.red, W.is_red)):
        dealt = sum(count for key, count in counts.items() if test(key))
        allowed = colour.count if colour is not None else 0
        if dealt > allowed:
            raise MalformedInput(f"{dealt} {name} wires: mission {mission.number} uses "
                                 f"{allowed}")


def _board(rng: Pcg32, dealt: list[int], colour: W.Colour | None, key: Any
           ) -> tuple[tuple[int, ...], int]:
    """The board for a dealt colour: the dealt values, plus the extra "?" candidates of an
    "X of Y" rule."""
    if colour is None:
        return (), 0
    board = sorted(dealt)
    if colour.uncertain:
        numbers = [n for n in range(colour.low, colour.high + 1) if key(n) not in dealt]
        rng.shuffle(numbers)
        board = sorted(board + [key(n) for n in numbers[: colour.drawn - colour.count]])
    return tuple(board), len(dealt)


def setup(doc: Mapping[str, Any]) -> CazaState:
    """The table a scenario describes: dealt by hand under ``[deal]``, else by its seed."""
    deal = doc.get("deal")
    if deal is not None and not isinstance(deal, Mapping):
        raise MalformedInput("[deal] must be a table")
    raw_stands = deal.get("stands") if deal is not None else None
    seats = _int(doc, "seats", len(raw_stands) if isinstance(raw_stands, list) else None)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise MalformedInput(f"cazabombas takes {MIN_SEATS}–{MAX_SEATS} seats, not {seats}")
    captain = _int(doc, "captain", 0)
    if not 0 <= captain < seats:
        raise MalformedInput(f"'captain' must be a seat from 0 to {seats - 1}, not {captain}")
    seed = _int(doc, "seed", 0)
    number = _mission_number(doc)
    mission = W.mission(number, seats)
    equipment = _equipment(doc, mission)
    rng = Pcg32(seed)
    if deal is None:
        return deal_mission(number, seats, captain, rng, equipment)
    stands = _stands(deal, seats, captain)
    _check_box(stands, mission)
    if equipment is None:
        equipment = draw_equipment(rng, mission, seats)
    everything = [key for stand in stands for key in stand]
    yellow = _board(rng, [k for k in everything if W.is_yellow(k)], mission.yellow, W.yellow_key)
    red = _board(rng, [k for k in everything if W.is_red(k)], mission.red, W.red_key)
    blue = [0] * (W.BLUE_MAX + 1)
    for key in everything:
        if W.is_blue(key):
            blue[key // 10] += 1
    return build_state(mission, seats, captain, stands, tuple(blue), yellow, red, equipment,
                       rng)


# ------------------------------------------------------------------------------- steps


def _value_ok(value: object) -> bool:
    return W.valid_named(value) or value == W.RED


def check_step(index: int, step: Mapping[str, Any]) -> None:
    """A field of the wrong type, or a value no wire can have, makes the file malformed."""
    where = f"step {index}"

    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def wholes(value: object) -> bool:
        return isinstance(value, list) and all(whole(item) for item in value)

    for key in ("seat", "stand", "index"):
        if key in step and not whole(step[key]):
            raise MalformedInput(f"{where}: '{key}' must be a whole number ({step[key]!r})")
    if "target" in step and not (whole(step["target"]) or wholes(step["target"])):
        raise MalformedInput(f"{where}: 'target' must be a seat number ({step['target']!r})")
    for key in ("indices", "seats"):
        if key in step and not wholes(step[key]):
            raise MalformedInput(f"{where}: '{key}' must be a list of whole numbers")
    if "own" in step and not (wholes(step["own"]) and len(step["own"]) == 2):
        raise MalformedInput(f"{where}: 'own' must be [stand, index]")
    if "value" in step and not _value_ok(step["value"]):
        raise MalformedInput(f"{where}: no wire has the value {step['value']!r} "
                             "(1–12 or \"yellow\")")
    if "values" in step and not (isinstance(step["values"], list)
                                 and all(_value_ok(v) for v in step["values"])):
        raise MalformedInput(f"{where}: 'values' must be a list of values (1–12 or \"yellow\")")
    if "card" in step:
        try:
            A.card_number(step["card"])
        except MalformedInput as error:
            raise MalformedInput(f"{where}: {error}") from None


def step_action(step: Mapping[str, Any]) -> tuple[int, Action]:
    """The seat and the action of one ``[[step]]``: only the fields its verb uses are kept;
    a field it needs and lacks is an illegal step."""
    action = A.action_from_json(step)
    seat = step.get("seat")
    if seat is None:
        raise StepMissing(f"{action.verb} needs a 'seat'")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise MalformedInput(f"'seat' must be a seat number, not {seat!r}")
    if action.verb == A.EQUIPMENT_VERB:
        if action.card is None:
            raise StepMissing("equipment needs a 'card'")
        needs = CARD_NEEDS[action.card]
    else:
        needs = NEEDS[action.verb]
    for name in needs:
        if getattr(action, name) is None:
            shown = {"seats": "target", "pos": "index"}.get(name, name)
            raise StepMissing(f"{action.verb} needs '{shown}'")
    used = fields_of(action)
    kept = Action(action.verb, *(getattr(action, name) if name in used else None
                                 for name in Action._fields[1:]))
    return seat, kept


# ------------------------------------------------------------------------------- output


def output(state: CazaState) -> dict[str, Any]:
    """The state as SCENARIOS.md prints it."""
    players = []
    for stands in state.seat_stands:
        players.append([
            [{"wire": W.sort_value(key), "cut": done, "token": token}
             for key, done, token in zip(state.keys[g], state.cut[g], state.tokens[g],
                                         strict=True)]
            for g in stands
        ])
    return {
        "phase": state.phase.value,
        "current": state.current,
        "captain": state.captain,
        "mistakes_left": state.mistakes_left,
        "won": state.won,
        "equipment": [{"number": card, "unlocked": state.blue_cut(card) >= W.UNLOCK_CUTS,
                       "used": used}
                      for card, used in zip(state.equipment, state.equipment_used,
                                            strict=True)],
        "detectors_used": list(state.detectors_used),
        "players": players,
    }


class CazaScenario:
    """Caza Bombas' :class:`~game.rules.kit.ScenarioReader`."""

    check_step = staticmethod(check_step)
    setup = staticmethod(setup)
    step_action = staticmethod(step_action)
    output = staticmethod(output)


SCENARIO = CazaScenario()
