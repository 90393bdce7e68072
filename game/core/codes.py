"""Game codes: a short text that pins a game (its config and its seed), e.g. ``911-119``.

The format is written down in docs/CODES.md; the tables below are part of it. They are
append-only: a game, an option or a seat kind is only ever added at the end, and the catalogue
of common tables is frozen, so a code written today reads the same game in every later version.

This module knows the games by id on purpose: ``game.core`` may not import ``game.rules``, and a
code must stay readable even if a game's engine changes. A test checks that every game the
registry knows is known here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput

# --- the alphabet --------------------------------------------------------------------------

ALPHABET = "123456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""32 symbols, value = position: no 0, I, L or O, so no two look alike."""

_VALUE = {symbol: value for value, symbol in enumerate(ALPHABET)}
_TYPED_AS_ONE = frozenset("IL")  # read as '1' (after upper-casing)
_SEPARATORS = frozenset("-\u2010\u2011\u2012\u2013\u2014\u2212_")  # plus any whitespace

SEED_BITS = 20
SEED_SPACE = 1 << SEED_BITS
"""Seeds a code can carry: ``0 .. SEED_SPACE - 1``."""

_MASK64 = (1 << 64) - 1

MIN_LENGTH = 6
"""Symbols in the shortest code: five payload symbols and the check symbol."""

MAX_LENGTH = 30
"""Longest input read (the check symbol catches every transposition up to 31 symbols)."""

# --- the games, their seats and options (append-only) -------------------------------------


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a code may say about one game. ``options[j]`` is bit ``j`` of the option mask."""

    id: str
    min_seats: int
    max_seats: int
    options: tuple[str, ...] = ()
    pick_one: tuple[str, ...] = ()
    """Options of which exactly one is always on; with none named, the first one is."""


GAMES: tuple[GameSpec, ...] = (
    GameSpec("bombazo", 2, 8),
    GameSpec("mazo", 2, 5),
    GameSpec("clasico", 2, 5, ("advanced_combos",)),
    GameSpec("cazabombas", 2, 5, tuple(f"mission{n}" for n in range(1, 9)),
             pick_one=tuple(f"mission{n}" for n in range(1, 9))),
    GameSpec("diebombe", 3, 6, ("any_card_bombed", "green_majority_doubles")),
)
"""Index ``i`` is the game's number in the long form: append only."""

GAME_IDS: tuple[str, ...] = tuple(spec.id for spec in GAMES)
_SPEC = {spec.id: spec for spec in GAMES}

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
    # FROZEN: this literal, not the live tables above, defines table numbers 0..334. Options
    # added to a game later are written in the long form; never edit these lists.
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


def new_seed(entropy: int) -> int:
    """Map any integer (a clock reading, ``secrets.randbits(64)``, …) to a code's seed space.

    Every bit counts and nearby inputs land far apart: the integer is zigzagged to a natural
    number, its 64-bit slices are XORed together, mixed with SplitMix64's finalizer, and the top
    20 bits are the seed."""
    remaining = abs(entropy) * 2 + (1 if entropy < 0 else 0)
    folded = 0
    while remaining:
        folded ^= remaining & _MASK64
        remaining >>= 64
    folded = ((folded ^ (folded >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    folded = ((folded ^ (folded >> 27)) * 0x94D049BB133111EB) & _MASK64
    folded ^= folded >> 31
    return folded >> (64 - SEED_BITS)


def canonical_config(config: GameConfig) -> GameConfig:
    """The config a code of ``config`` gives back; ``MalformedInput`` if no code can hold it.

    Checks the game, the seat count and kinds, the options and the first seat, and fills in a
    default pick (``cazabombas`` without a mission plays ``mission1``)."""
    spec = _SPEC.get(config.game) if isinstance(config.game, str) else None
    if spec is None:
        raise MalformedInput(f"unknown game {config.game!r} (known: {', '.join(GAME_IDS)})")
    seats = tuple(_seat_kind(kind) for kind in config.seats)
    _check_seat_count(spec, len(seats), "game config")
    if not isinstance(config.first, int) or not 0 <= config.first < len(seats):
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
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_SPACE:
        raise MalformedInput(f"seed {seed!r} is outside 0–{SEED_SPACE - 1} (see new_seed)")
    symbols = _payload(_table_number(canonical_config(config)) * SEED_SPACE + seed)
    symbols.append(_check_symbol(symbols))
    return _group("".join(ALPHABET[value] for value in symbols))


def decode(code: str) -> tuple[GameConfig, int]:
    """The config and seed a code pins. Case, spaces and dashes do not matter; a typed I or L
    reads as 1. Any bad code raises ``MalformedInput`` with one line saying what is wrong."""
    if not isinstance(code, str):
        raise MalformedInput("a game code must be text")
    shown = _shown(code)
    symbols = _symbols(code, shown)
    if not symbols:
        raise MalformedInput("code is empty")
    if len(symbols) < MIN_LENGTH:
        raise MalformedInput(f"code {shown} is too short (a code has {MIN_LENGTH} symbols "
                             "or more)")
    if len(symbols) > MAX_LENGTH:
        raise MalformedInput(f"code {shown} is too long (a code has at most {MAX_LENGTH} "
                             "symbols)")
    payload, check = symbols[:-1], symbols[-1]
    if _check_symbol(payload) != check:
        raise MalformedInput(f"code {shown} has a typo (check symbol does not match)")
    number = _offset(len(payload)) + _value(payload)
    table, seed = divmod(number, SEED_SPACE)
    config = _config_of(table, shown)
    if _payload(_table_number(config) * SEED_SPACE + seed) != payload:
        raise MalformedInput(f"code {shown} has a typo (no version of the game writes it)")
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


def _check_seat_count(spec: GameSpec, count: int, what: str) -> None:
    if not spec.min_seats <= count <= spec.max_seats:
        noun = "seat" if count == 1 else "seats"
        raise MalformedInput(f"{what} names {count} {noun}; {spec.id} takes "
                             f"{spec.min_seats}–{spec.max_seats}")


def _with_pick(spec: GameSpec, options: frozenset[str], what: str) -> frozenset[str]:
    if not spec.pick_one:
        return options
    picked = [option for option in spec.pick_one if option in options]
    if not picked:
        return options | {spec.pick_one[0]}
    if len(picked) > 1:
        raise MalformedInput(f"{what} names {', '.join(picked)}; {spec.id} takes exactly one "
                             f"of {spec.pick_one[0]}…{spec.pick_one[-1]}")
    return options


def _table_number(config: GameConfig) -> int:
    """0..334: the frozen catalogue; from 335: the long form (config must be canonical)."""
    number = _CATALOGUE_INDEX.get(config)
    if number is not None:
        return number
    spec = _SPEC[config.game]
    mask = sum(1 << bit for bit, option in enumerate(spec.options) if option in config.options)
    rest = mask
    for kind in reversed(config.seats):
        rest = rest * _KIND_RADIX + _KIND_INDEX[kind]
    rest = rest * len(config.seats) + config.first
    rest = rest * _SEATS_RADIX + len(config.seats)
    rest = rest * _GAME_RADIX + GAME_IDS.index(config.game)
    return len(_CATALOGUE) + rest


def _config_of(table: int, shown: str) -> GameConfig:
    if table < len(_CATALOGUE):
        return _CATALOGUE[table].config()
    rest, game = divmod(table - len(_CATALOGUE), _GAME_RADIX)
    if game >= len(GAMES):
        raise MalformedInput(f"code {shown} names game #{game + 1}, unknown to this version "
                             "of the program")
    spec = GAMES[game]
    rest, count = divmod(rest, _SEATS_RADIX)
    _check_seat_count(spec, count, "game code")
    rest, first = divmod(rest, count)
    seats: list[SeatKind] = []
    for seat in range(count):
        rest, kind = divmod(rest, _KIND_RADIX)
        if kind >= len(SEAT_KINDS):
            raise MalformedInput(f"code {shown} gives seat {seat} a player kind #{kind + 1}, "
                                 "unknown to this version of the program")
        seats.append(SEAT_KINDS[kind])
    if rest >> len(spec.options):
        raise MalformedInput(f"code {shown} names an option of {spec.id} unknown to this "
                             "version of the program")
    options = frozenset(option for bit, option in enumerate(spec.options) if rest >> bit & 1)
    options = _with_pick(spec, options, "game code")
    return GameConfig(spec.id, tuple(seats), options, first)


def _offset(length: int) -> int:
    """The first number written with ``length`` payload symbols (shorter ones come first)."""
    return sum(32**k for k in range(MIN_LENGTH - 1, length))


def _value(symbols: Iterable[int]) -> int:
    number = 0
    for value in symbols:
        number = number * 32 + value
    return number


def _payload(number: int) -> list[int]:
    """``number`` in the shortest length whose range holds it, most significant symbol first."""
    length = MIN_LENGTH - 1
    while number >= 32**length:
        number -= 32**length
        length += 1
    return [(number >> (5 * (length - 1 - i))) & 31 for i in range(length)]


def _times_x(value: int) -> int:
    """Multiply by x in GF(32) = GF(2)[x] / (x^5 + x^2 + 1)."""
    value <<= 1
    return value ^ 0b100101 if value & 0b100000 else value


def _check_symbol(payload: list[int]) -> int:
    """x^k + sum(d_i * x^(k-i)) over GF(32), i = 0..k-1: any one wrong symbol, or two different
    symbols swapped (at any distance up to 30), changes it; so does a leading symbol added."""
    acc = 1
    for value in payload:
        acc = _times_x(acc ^ value)
    return acc


def _shown(code: str) -> str:
    text = code.strip()
    return repr(text if len(text) <= 24 else text[:21] + "...")


def _symbols(code: str, shown: str) -> list[int]:
    symbols: list[int] = []
    for char in code:
        if char.isspace() or char in _SEPARATORS:
            continue
        upper = char.upper()
        if upper in _TYPED_AS_ONE:
            upper = "1"
        value = _VALUE.get(upper)
        if value is None:
            raise MalformedInput(f"unknown character {char!r} in code {shown} (codes use "
                                 "digits 1–9 and letters except I, L, O)")
        symbols.append(value)
        if len(symbols) > MAX_LENGTH:
            break
    return symbols


def _group(text: str) -> str:
    """Groups of three or four, as even as possible, the longer ones last: 3-3, 3-4, 4-4,
    3-3-3, …"""
    count = -(-len(text) // 4)
    size, longer = divmod(len(text), count)
    groups: list[str] = []
    start = 0
    for index in range(count):
        width = size + (1 if index >= count - longer else 0)
        groups.append(text[start:start + width])
        start += width
    return "-".join(groups)
