"""Game codes: a short text that pins a game (its config and its seed), e.g. ``911-119``.

The text format is ``game.core.codes``; this module says which number means which table. Its
tables are part of the format (docs/CODES.md) and append-only: the games are numbered by their
descriptors' ``code_number`` and their options by their order in the descriptor, seat kinds by
:data:`SEAT_KINDS`; and the catalogue of common tables is frozen, so a code written today reads
the same game in every later version.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codes import SEED_SPACE, check_seed, decode_number, encode_number
from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput, Problem
from game.core.kit import GameDescriptor
from game.rules import registry


def _by_number(number: int) -> GameDescriptor | None:
    return next((game for game in registry.descriptors() if game.code_number == number), None)


def _by_id(game_id: object) -> GameDescriptor | None:
    return next((game for game in registry.descriptors() if game.id == game_id), None)


SEAT_KINDS: tuple[SeatKind, ...] = (
    SeatKind.PERSON, SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO, SeatKind.MAESTRO,
)
"""Index ``i`` is the seat kind's number in the long form: append only."""

_KIND_INDEX = {kind: index for index, kind in enumerate(SEAT_KINDS)}

# Radices of the long form: room for 16 games, 15 seats and 8 seat kinds.
_GAME_RADIX = 16
_SEATS_RADIX = 16
_KIND_RADIX = 8

# --- the catalogue of common tables (frozen) ----------------------------------------------


@dataclass(frozen=True, slots=True)
class _Table:
    game: str
    options: frozenset[str]
    seats: int
    level: SeatKind | None  # machines' level behind one person at seat 0; None: all persons

    def config(self) -> GameConfig:
        if self.level is None:
            kinds = (SeatKind.PERSON,) * self.seats
        else:
            kinds = (SeatKind.PERSON,) + (self.level,) * (self.seats - 1)
        return GameConfig(self.game, kinds, self.options, 0)


def _build_catalogue() -> tuple[_Table, ...]:
    # FROZEN: this literal, not the descriptors, defines table numbers 0..334. Options added to
    # a game later are written in the long form; never edit these lists.
    levels: tuple[SeatKind | None, ...] = (
        SeatKind.ASTUTO, SeatKind.LANZADO, SeatKind.DESPIADADO, SeatKind.MAESTRO, None,
    )
    variants: list[tuple[str, tuple[str, ...], int, int]] = [
        ("bombazo", (), 2, 8),
        ("mazo", (), 2, 5),
        ("clasico", (), 2, 5),
        ("cazabombas", ("mission1",), 2, 5),
        ("diebombe", (), 3, 6),
        ("clasico", ("advanced_combos",), 2, 5),
        ("diebombe", ("any_card_bombed",), 3, 6),
        ("diebombe", ("green_majority_doubles",), 3, 6),
        ("diebombe", ("any_card_bombed", "green_majority_doubles"), 3, 6),
    ]
    variants += [("cazabombas", (f"mission{n}",), 2, 5) for n in range(2, 9)]
    return tuple(
        _Table(game, frozenset(options), seats, level)
        for level in levels
        for game, options, low, high in variants
        for seats in range(low, high + 1)
    )


_CATALOGUE = _build_catalogue()
_CATALOGUE_INDEX = {table.config(): number for number, table in enumerate(_CATALOGUE)}

# --- public API ------------------------------------------------------------------------------


def canonical_config(config: GameConfig) -> GameConfig:
    """The config a code of ``config`` gives back; ``MalformedInput`` if no code can hold it.

    Checks the game, the seat count and kinds, the options and the first seat, and fills in a
    default pick (``cazabombas`` without a mission plays ``mission1``)."""
    spec = _by_id(config.game)
    if spec is None:
        raise MalformedInput(f"unknown game {config.game!r} "
                             f"(known: {', '.join(registry.game_ids())})")
    seats = tuple(_seat_kind(kind) for kind in config.seats)
    _check_seat_count(spec, len(seats), "game config")
    if isinstance(config.first, bool) or not isinstance(config.first, int) \
            or not 0 <= config.first < len(seats):
        raise MalformedInput(f"first seat {config.first!r} is outside 0–{len(seats) - 1}")
    options = frozenset(config.options)
    unknown = sorted(str(option) for option in options - set(spec.options))
    if unknown:
        known = ", ".join(spec.options) or "none"
        raise MalformedInput(f"option {unknown[0]!r} is unknown to {spec.id} (known: {known})")
    options = _with_pick(spec, options, "game config")
    return GameConfig(spec.id, seats, options, config.first)


def encode(config: GameConfig, seed: int) -> str:
    """The game code of ``config`` and ``seed`` (``0 <= seed < SEED_SPACE``), e.g. ``911-119``.

    Raises ``MalformedInput`` for a config no game accepts or a seed out of range."""
    check_seed(seed)
    return encode_number(_table_number(canonical_config(config)) * SEED_SPACE + seed)


def decode(code: str) -> tuple[GameConfig, int]:
    """The config and seed a code pins. Case, spaces and dashes do not matter; a typed I or L
    reads as 1. Any bad code raises ``MalformedInput`` with one line saying what is wrong and a
    ``problem`` saying which kind (empty, mistyped, newer than this version)."""
    number, shown = decode_number(code)
    table, seed = divmod(number, SEED_SPACE)
    config = _config_of(table, shown)
    if _table_number(config) != table:
        raise MalformedInput(f"code {shown} has a typo (no version of the game writes it)",
                             Problem.CODE_TYPO)
    return config, seed


def normalize(code: str) -> str:
    """A typed code in the form the game shows it (upper case, grouped); may raise like
    ``decode``."""
    return encode(*decode(code))


# --- the pieces --------------------------------------------------------------------------------


def _seat_kind(kind: object) -> SeatKind:
    try:
        return SeatKind(kind if isinstance(kind, str) else "")
    except ValueError:
        raise MalformedInput(f"unknown seat kind {kind!r}") from None


def _check_seat_count(spec: GameDescriptor, count: int, what: str,
                      problem: Problem = Problem.MALFORMED) -> None:
    if not spec.min_seats <= count <= spec.max_seats:
        noun = "seat" if count == 1 else "seats"
        raise MalformedInput(f"{what} names {count} {noun}; {spec.id} takes "
                             f"{spec.min_seats}–{spec.max_seats}", problem)


def _with_pick(spec: GameDescriptor, options: frozenset[str], what: str,
               problem: Problem = Problem.MALFORMED) -> frozenset[str]:
    if not spec.pick_one:
        return options
    picked = [option for option in spec.pick_one if option in options]
    if not picked:
        return options | {spec.pick_one[0]}
    if len(picked) > 1:
        raise MalformedInput(f"{what} names {', '.join(picked)}; {spec.id} takes exactly one "
                             f"of {spec.pick_one[0]}…{spec.pick_one[-1]}", problem)
    return options


def _table_number(config: GameConfig) -> int:
    """0..334: the frozen catalogue; from 335: the long form (config must be canonical)."""
    number = _CATALOGUE_INDEX.get(config)
    if number is not None:
        return number
    spec = _by_id(config.game)
    assert spec is not None  # config is canonical
    mask = sum(1 << bit for bit, option in enumerate(spec.options) if option in config.options)
    rest = mask
    for kind in reversed(config.seats):
        rest = rest * _KIND_RADIX + _KIND_INDEX[kind]
    rest = rest * len(config.seats) + config.first
    rest = rest * _SEATS_RADIX + len(config.seats)
    rest = rest * _GAME_RADIX + spec.code_number
    return len(_CATALOGUE) + rest


def _config_of(table: int, shown: str) -> GameConfig:
    if table < len(_CATALOGUE):
        return _CATALOGUE[table].config()
    rest, game = divmod(table - len(_CATALOGUE), _GAME_RADIX)
    spec = _by_number(game)
    if spec is None:
        raise MalformedInput(f"code {shown} names game #{game + 1}, unknown to this version "
                             "of the program", Problem.CODE_NEWER)
    rest, count = divmod(rest, _SEATS_RADIX)
    _check_seat_count(spec, count, "game code", Problem.CODE_TYPO)
    rest, first = divmod(rest, count)
    seats: list[SeatKind] = []
    for seat in range(count):
        rest, kind = divmod(rest, _KIND_RADIX)
        if kind >= len(SEAT_KINDS):
            raise MalformedInput(f"code {shown} gives seat {seat} a player kind #{kind + 1}, "
                                 "unknown to this version of the program", Problem.CODE_NEWER)
        seats.append(SEAT_KINDS[kind])
    if rest >> len(spec.options):
        raise MalformedInput(f"code {shown} names an option of {spec.id} unknown to this "
                             "version of the program", Problem.CODE_NEWER)
    options = frozenset(option for bit, option in enumerate(spec.options) if rest >> bit & 1)
    options = _with_pick(spec, options, "game code", Problem.CODE_TYPO)
    return GameConfig(spec.id, tuple(seats), options, first)
