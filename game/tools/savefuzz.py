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

What is attacked is derived, never listed: the saves are of every game the rules registry can
play, each option set and every pick of a pick-one group (each mission) (:func:`save_tables`),
and the settings files hold every field of ``Settings`` (:data:`SETTINGS_KEYS`). A fuzzer that
covered only the games and keys of the day it was written would miss exactly the files a new
game or a new key brings (issue 19: it attacked bomb-deck saves only, and no campaign progress).

The tree helpers (:func:`paths`, :func:`replaced`, :func:`dropped`) and :data:`ODD_VALUES` are
shared with the hypothesis fuzzers in the tests.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from game.bots.base import Bot
from game.bots.registry import levels_for, quick_bot_for
from game.core.codes import SEED_SPACE
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.core.saves import seal
from game.match.autosave import EXTRA, Seen
from game.match.flow import INSTANT, TableFlow
from game.match.match import Match
from game.rules.registry import descriptor, playable
from game.ui.settings import Settings

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
    [1, 1, 99], [99, 100], [True, 2], [2.0], [3, -1], list(range(1, 101)),
)
"""Values an attacker tries where a number, a name or a list belongs (JSON can write them all:
``NaN`` and ``Infinity`` are Python's own extension, which ``json.loads`` reads)."""

SETTINGS_KEYS: tuple[str, ...] = tuple(field.name for field in fields(Settings))
"""Every key of the settings file, read from the ``Settings`` dataclass: a key added there is
attacked here without a line changed."""
GOOD_SETTINGS: dict[str, object] = {
    "language": "pt", "volume": 0.5, "mute": False, "machine_speed": "fast",
    "reduced_motion": True, "fullscreen": False, "reaction_seconds": 6, "fuse_tick": True,
    "player_names": ["Ana", "", "Zé"], "tutorial_seen": True,
    "last_setup": {"game": "mazo", "seats": ["person", "astuto"], "options": []},
    "cazabombas_progress": [3, 1, 3],
}
"""Good values other than the defaults (a list out of order and repeated: the loader
normalizes it); a key missing here still gets a good value, its default (:func:`good_setting`)."""


def good_setting(key: str) -> object:
    """A value the loader must accept for ``key``: :data:`GOOD_SETTINGS`'s, else the default
    of a fresh ``Settings`` (always good, so a new key is fuzzed before anybody picks one)."""
    if key in GOOD_SETTINGS:
        return GOOD_SETTINGS[key]
    return getattr(Settings(), key)


# ------------------------------------------------------------ the tables


def option_sets(game: str) -> list[frozenset[str]]:
    """The option sets a game's saves are made with: its free options none and all, each
    with every pick of its pick-one group (every mission) when it has one."""
    spec = descriptor(game)
    free = frozenset(option for option in spec.options if option not in spec.pick_one)
    sets = [frozenset(), free] if free else [frozenset()]
    if spec.pick_one:
        sets = [chosen | {pick} for pick in spec.pick_one for chosen in sets]
    return sets


def save_tables(games: Sequence[str] | None = None) -> tuple[GameConfig, ...]:
    """The tables of the real saves, for every playable game (or ``games``), read from the
    registries so that a new game, option or mission is attacked without a line here.

    Each game gets one table per option set (:func:`option_sets`), and two at least, taking
    turns between one person against the machines and a hot seat (two people and the rest
    machines): the one-person table keeps a person's hand on screen, the hot seat the curtain,
    and both land in the file's ``extra``. The seat count, where the people sit, the machine
    levels and the first seat move along from table to table, so together they reach the
    corners of each game (its fewest and most seats, every level)."""
    tables: list[GameConfig] = []
    turn = 0
    for game in playable() if games is None else games:
        spec = descriptor(game)
        levels = levels_for(game)
        sets = option_sets(game)
        counts = spec.seat_range
        for index in range(max(2, len(sets))):
            # the fewest seats, the most, one more than the fewest, one less than the most…
            step = (index // 2) % len(counts)
            seats = counts[step] if index % 2 == 0 else counts[-1 - step]
            people = 1 if index % 2 == 0 else min(2, seats)
            at = turn % seats  # where the people sit
            kinds = tuple(
                SeatKind.PERSON if (seat - at) % seats < people or not levels
                else levels[(turn + seat) % len(levels)] for seat in range(seats))
            tables.append(spec.table(kinds, sets[index % len(sets)], (turn * 3) % seats))
            turn += 1
    return tuple(tables)


# ------------------------------------------------------------ real saves


def play_until(match: Match, moves: int, rng: Pcg32) -> Match:
    """Play ``match`` on to ``moves`` moves (or its end): the machines as they would, a window
    closes as the table would close it, and the people as people do (:func:`person_move`),
    now and then acting in a window too; people who must all act (sealed bids) act once the
    machines have."""
    while match.moves < moves and not match.is_over():
        pending = match.pending()
        if pending.by_person and pending.seat is not None:
            person_move(match, pending.seat, rng)
        elif pending.is_window and pending.people and rng.chance(1, 6):
            seat = rng.choice(pending.people)
            if match.legal_for(seat):
                person_move(match, seat, rng)
            else:
                match.step()
        elif not pending.is_window and pending.people and not pending.machines:
            person_move(match, rng.choice(pending.people), rng)
        else:
            match.step()  # a machine's move, or the table closing a window
    return match


def person_move(match: Match, seat: int, rng: Pcg32) -> None:
    """A person's move at ``seat``: one time in three any legal action, else what one of the
    game's machine levels would do there. Random moves alone end some games within a handful
    of moves (a cooperative mission lost at the first wrong cut), and a save of the middle of
    a game holds more for an attack to break."""
    legal = match.legal_for(seat)
    levels = levels_for(match.config.game)
    choice = None
    if levels and not rng.chance(1, 3):
        bot = quick_bot_for(match.config.game, rng.choice(levels))
        choice = bot.choose(match.view_for(seat), legal, rng)
    if choice is None or choice not in legal:
        choice = legal[rng.below(len(legal))]
    match.submit(seat, choice)


def save_data(match: Match, seen: Seen, version: int = 2) -> dict[str, Any]:
    """What the autosave writes for ``match`` (in ``version``), the table's ``extra`` included."""
    data = match.save().to_json(version=version)
    data[EXTRA] = seen.to_json()
    return data


def fresh_match(config: GameConfig, seed: int) -> Match:
    """A match of ``config`` whose machines think as little as they can (``quick_bot_for``):
    the saves are made for their moves, not for how well they are played, and a searching
    level at full strength would make every fuzz run wait for it. (Replaying a save asks no
    machine anything, so the files are the same whoever made the moves.)"""
    people = [seat for seat, kind in enumerate(config.seats) if kind is SeatKind.PERSON]
    focus = people[0] if len(people) == 1 else None
    players: list[Bot[Any, Any] | None] = [
        None if kind is SeatKind.PERSON else quick_bot_for(config.game, kind, focus)
        for kind in config.seats]
    return Match(config, seed, players=players)


def unfinished(config: GameConfig, seed: int, moves: int, rng: Pcg32) -> Match:
    """``config``'s game played on to ``moves`` moves; a game that ends before is played again
    (the same deal, the same choices) to half its length, so the save is always unfinished
    (a finished game is removed on load, never attacked)."""
    start = rng.copy()
    match = play_until(fresh_match(config, seed), moves, rng)
    if match.is_over():
        match = play_until(fresh_match(config, seed), match.moves // 2, start)
    return match


def real_saves(seed: int = 0, games: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Unfinished games of every table of :func:`save_tables` (every playable game, or
    ``games``), as plain (version 1) data with the table's ``extra``: the material the
    attacks change."""
    out = []
    for index, config in enumerate(save_tables(games)):
        rng = Pcg32(seed, stream=index)
        # a few moves in for some tables, forty-odd for others: early and late positions
        moves = 4 + rng.below(12) + 5 * (index % 8)
        match = unfinished(config, (seed * 7919 + index) % SEED_SPACE, moves, rng)
        flow = TableFlow(match, INSTANT)
        home = match.people[0] if match.people else None
        out.append(save_data(match, Seen.of(flow, home), version=1))
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
            data[key] = good_setting(key)
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
