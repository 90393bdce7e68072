"""Attacks on the files the game reads when it starts: the unfinished game and the settings.

An attack on the game found saves and settings files that stopped it (a seed no code can carry,
a 400-digit volume, a list where a name belongs, a 5,000-digit number). Those cases are fixed
and tested one by one; this module makes many more like them, so ``python -m game soak --saves
N`` and the fuzz tests keep looking: real unfinished games (:func:`real_saves`) changed a little
(:func:`attack_save`: a number, a seat, a seed, an option, a type, a key dropped, the moves cut
or shuffled, huge numbers, deep nesting, the text cut short, stray bytes), written as version 1
or sealed as version 2, and settings files of random JSON or random bytes
(:func:`attack_settings`). Every draw comes from the project's own generator, so a run is the
same for the same seed.

The tree helpers (:func:`paths`, :func:`replaced`, :func:`dropped`) and :data:`ODD_VALUES` are
shared with the hypothesis fuzzers in the tests.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.core.codes import SEED_SPACE
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.core.saves import seal
from game.match.autosave import EXTRA, Seen
from game.match.flow import INSTANT, TableFlow
from game.match.match import Match

Node = str | int
Where = tuple[Node, ...]
"""A path into parsed JSON: keys and list indexes from the root."""

ODD_VALUES: tuple[object, ...] = (
    None, True, False, 0, 1, -1, 2, 3, 7, 8, 9, 15, 42, 1_000_000, SEED_SPACE - 1, SEED_SPACE,
    2**31, 2**63, -(2**63), 10**300, 0.5, -0.0, 1.0, 1e308, float("inf"), float("nan"), "",
    "0", "person", "astuto", "lanzado", "despiadado", "maestro", "wizard", "bombazo", "mazo",
    "clasico", "cazabombas", "diebombe", "poker", "advanced_combos", "mission1", "mission9",
    "draw", "play", "pair", "trio", "give", "place_bomb", "nope", "resolve", "bomb", "defuse",
    "attack", "favor", "x" * 300, "\u0000", "\ud7ff", [], {}, [[[]]], {"seat": 0}, [0, 1, 2],
    {"do": "draw", "seat": 0}, "mecha-corta-save", "auto", "es", "fast", "slow",
)
"""Values an attacker tries where a number, a name or a list belongs (JSON can write them all:
``NaN`` and ``Infinity`` are Python's own extension, which ``json.loads`` reads)."""

SAVE_TABLES: tuple[GameConfig, ...] = (
    GameConfig("bombazo", (SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.ASTUTO, SeatKind.ASTUTO)),
    GameConfig("bombazo", (SeatKind.PERSON, SeatKind.PERSON, SeatKind.LANZADO)),
    GameConfig("clasico", (SeatKind.PERSON, SeatKind.DESPIADADO, SeatKind.ASTUTO),
               frozenset({"advanced_combos"}), 1),
    GameConfig("mazo", (SeatKind.PERSON, SeatKind.PERSON)),
)
"""The tables of the real saves: one person or hot seat, each rule set, machine levels mixed."""

SETTINGS_KEYS = ("language", "volume", "mute", "machine_speed", "reduced_motion", "fullscreen",
                 "reaction_seconds", "fuse_tick", "player_names", "last_setup",
                 "tutorial_seen")
GOOD_SETTINGS: dict[str, object] = {
    "language": "pt", "volume": 0.5, "mute": False, "machine_speed": "fast",
    "reduced_motion": True, "fullscreen": False, "reaction_seconds": 6, "fuse_tick": True,
    "player_names": ["Ana", "", "Zé"], "tutorial_seen": True,
    "last_setup": {"game": "mazo", "seats": ["person", "astuto"], "options": []},
}


# ------------------------------------------------------------ real saves


def play_until(match: Match, moves: int, rng: Pcg32) -> Match:
    """Play ``match`` on to ``moves`` moves (or its end): the people choose at random, the
    machines as they would, a reaction window closes as the table would close it."""
    while match.moves < moves and not match.is_over():
        pending = match.pending()
        if pending.by_person and pending.seat is not None:
            legal = match.legal_for(pending.seat)
            match.submit(pending.seat, legal[rng.below(len(legal))])
        else:
            match.step()  # a machine's move, or the table closing a window
    return match


def save_data(match: Match, seen: Seen, version: int = 2) -> dict[str, Any]:
    """What the autosave writes for ``match`` (in ``version``), the table's ``extra`` included."""
    data = match.save().to_json(version=version)
    data[EXTRA] = seen.to_json()
    return data


def real_saves(seed: int = 0) -> list[dict[str, Any]]:
    """Unfinished games of every table in :data:`SAVE_TABLES`, as plain (version 1) data with
    the table's ``extra``: the material the attacks change."""
    out = []
    for index, config in enumerate(SAVE_TABLES):
        rng = Pcg32(seed, stream=index)
        match = play_until(Match(config, (seed * 7919 + index) % SEED_SPACE), 8 + 9 * index, rng)
        flow = TableFlow(match, INSTANT)
        out.append(save_data(match, Seen.of(flow, match.people[0]), version=1))
    return out


# ------------------------------------------------------------ the tree


def paths(tree: object, here: Where = ()) -> list[Where]:
    """Every place in ``tree`` (parsed JSON), parents before children, the root left out."""
    found: list[Where] = []
    children: Sequence[tuple[Node, object]] = ()
    if isinstance(tree, dict):
        children = list(tree.items())
    elif isinstance(tree, list):
        children = list(enumerate(tree))
    for key, child in children:
        found.append((*here, key))
        found.extend(paths(child, (*here, key)))
    return found


def _copy(tree: Any) -> Any:
    if isinstance(tree, dict):
        return {key: _copy(value) for key, value in tree.items()}
    if isinstance(tree, list):
        return [_copy(value) for value in tree]
    return tree


def _parent(tree: Any, where: Where) -> Any:
    node = tree
    for key in where[:-1]:
        node = node[key]
    return node


def replaced(tree: Any, where: Where, value: object) -> Any:
    """A copy of ``tree`` with ``value`` at ``where``."""
    out = _copy(tree)
    _parent(out, where)[where[-1]] = value
    return out


def dropped(tree: Any, where: Where) -> Any:
    """A copy of ``tree`` without the key or the list item at ``where``."""
    out = _copy(tree)
    del _parent(out, where)[where[-1]]
    return out


def sealed(plain: dict[str, Any], moves: object = None) -> dict[str, Any]:
    """Plain (version 1) data as version 2, whatever it holds: the seed and the actions (when
    present) sealed, ``moves`` their count unless given."""
    out = {key: value for key, value in plain.items() if key not in ("seed", "actions")}
    secret: dict[str, Any] = {key: plain[key] for key in ("seed", "actions") if key in plain}
    actions = secret.get("actions")
    if moves is None:
        moves = len(actions) if isinstance(actions, list) else 0
    out["version"] = 2 if plain.get("version") == 1 else plain.get("version")
    out["moves"] = moves
    out["sealed"] = seal(secret)
    return out


def dumps(data: object) -> bytes:
    """JSON as the attacker writes it: ``NaN`` and ``Infinity`` allowed, text as UTF-8 (a lone
    surrogate written as it is, which no UTF-8 reader accepts)."""
    return json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")


def huge_number(text: bytes, rng: Pcg32) -> bytes:
    """The first number in ``text`` made 4,300 digits or more long (Python refuses to read
    such a number as an int: a ``ValueError``, not a ``JSONDecodeError``)."""
    at = next((i for i, byte in enumerate(text) if 0x30 <= byte <= 0x39), None)
    digits = b"1" + b"0" * (4300 + rng.below(2000))
    return digits if at is None else text[:at] + digits + text[at:]


def deep(rng: Pcg32) -> bytes:
    """Nesting deeper than Python's parser goes (a ``RecursionError``)."""
    depth = 5000 + rng.below(100_000)
    return b"[" * depth + b"]" * depth


# ------------------------------------------------------------ the attacks


def _tree_attack(tree: Any, rng: Pcg32) -> tuple[Any, str]:
    places = paths(tree)
    if not places:
        return rng.choice(ODD_VALUES), "root"
    where = rng.choice(places)
    label = "/".join(str(part) for part in where[:2])
    roll = rng.below(11)
    if roll < 6:
        return replaced(tree, where, rng.choice(ODD_VALUES)), f"value at {label}"
    if roll < 8:
        return dropped(tree, where), f"drop {label}"
    actions = tree.get("actions") if isinstance(tree, dict) else None
    if isinstance(actions, list) and actions:
        moved = list(actions)
        if roll == 8:
            rng.shuffle(moved)
            return replaced(tree, ("actions",), moved), "shuffle actions"
        if roll == 9:
            return replaced(tree, ("actions",), moved[: rng.below(len(moved))]), "cut actions"
        # a new deal, its first moves or none (they replay in most deals): the attack that
        # found a seed no code can carry
        seed = rng.choice((SEED_SPACE - 1, SEED_SPACE, SEED_SPACE + rng.below(2**30), 2**64))
        tree = replaced(tree, ("actions",), moved[: rng.below(3)])
        return {**tree, "seed": seed}, "new deal"
    return replaced(tree, where, [tree] if rng.chance(1, 2) else {}), f"wrap {label}"


def attack_save(base: dict[str, Any], rng: Pcg32) -> tuple[bytes, str]:
    """One attack on a real save (plain data with ``extra``): the bytes of the file and what
    was done to it."""
    roll = rng.below(20)
    if roll == 0:
        return bytes(rng.below(256) for _ in range(rng.below(400))), "random bytes"
    if roll == 1:
        return deep(rng), "deep nesting"
    tree, kinds = base, []
    for _ in range(1 + rng.below(3)):
        tree, kind = _tree_attack(tree, rng)
        kinds.append(kind)
    version = 1 if rng.chance(1, 3) else 2
    data = sealed(tree) if version == 2 and isinstance(tree, dict) else tree
    if version == 2 and isinstance(data, dict) and rng.chance(1, 6):
        data["moves"] = rng.choice(ODD_VALUES)
        kinds.append("moves")
    text = dumps(data)
    if roll == 2:
        text = huge_number(text, rng)
        kinds.append("huge number")
    elif roll == 3:
        text = text[: rng.below(max(1, len(text)))]
        kinds.append("cut short")
    elif roll == 4 and text:
        at = rng.below(len(text))
        text = text[:at] + bytes([rng.below(256)]) + text[at + 1:]
        kinds.append("one byte")
    return text, f"v{version}: " + ", ".join(kinds)


def attack_settings(rng: Pcg32) -> tuple[bytes, str]:
    """One settings file an attacker writes: each key good, missing or odd; an unknown key;
    a huge number; random bytes; deep nesting; JSON that is not an object."""
    roll = rng.below(16)
    if roll == 0:
        return bytes(rng.below(256) for _ in range(rng.below(200))), "random bytes"
    if roll == 1:
        return deep(rng), "deep nesting"
    if roll == 2:
        return dumps(rng.choice(ODD_VALUES)), "not an object"
    data: dict[str, object] = {}
    for key in SETTINGS_KEYS:
        pick = rng.below(4)
        if pick == 0:
            data[key] = GOOD_SETTINGS[key]
        elif pick < 3:
            data[key] = rng.choice(ODD_VALUES)
    if rng.chance(1, 4):
        data[str(rng.choice(ODD_VALUES))] = rng.choice(ODD_VALUES)
    text = dumps(data)
    if roll == 3:
        return huge_number(text, rng), "huge number"
    if roll == 4:
        return text[: rng.below(max(1, len(text)))], "cut short"
    return text, "odd values"
