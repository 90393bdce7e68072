"""The game-code format: a number written in a short text with a check symbol, e.g.
``911-119``, and the seed space a code carries.

This module is the format only (docs/CODES.md): which number means which game, options and
seats is ``game.rules.codes``, which reads the games' descriptors.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.errors import MalformedInput, Problem

# --- the alphabet --------------------------------------------------------------------------

ALPHABET = "123456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""32 symbols, value = position: no 0, I, L or O, so no two look alike."""

_VALUE = {symbol: value for value, symbol in enumerate(ALPHABET)}
_TYPED_AS_ONE = frozenset("IL")  # read as '1' (after upper-casing)
_SEPARATORS = frozenset("-\u2010\u2011\u2012\u2013\u2014\u2212_")  # plus any whitespace

SEED_BITS = 20
SEED_SPACE = 1 << SEED_BITS
"""Seeds a code can carry: ``0 .. SEED_SPACE - 1``."""


def seed_at(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run of games from ``seed`` (sim, soak, tournament):
    ``seed + index``, wrapped round the seeds a code can carry. Every game a tool plays must be
    one its code replays, and a run that starts near the top of the seed space must not report
    the seeds past it as errors of the engine (issue 19)."""
    return (seed + index) % SEED_SPACE

_MASK64 = (1 << 64) - 1

MIN_LENGTH = 6
"""Symbols in the shortest code: five payload symbols and the check symbol."""

MAX_LENGTH = 30
"""Longest input read (the check symbol catches every transposition up to 31 symbols)."""


def check_seed(seed: object) -> int:
    """``seed`` when a code can carry it; ``MalformedInput`` otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_SPACE:
        raise MalformedInput(f"seed {seed!r} is outside 0–{SEED_SPACE - 1} (see new_seed)")
    return seed


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


def encode_number(number: int) -> str:
    """``number`` (≥ 0) as a grouped code with its check symbol."""
    symbols = _payload(number)
    symbols.append(_check_symbol(symbols))
    return _group("".join(ALPHABET[value] for value in symbols))


def decode_number(code: str) -> tuple[int, str]:
    """The number a code writes, and the code as quoted in messages. Case, spaces and dashes
    do not matter; a typed I or L reads as 1. A mistyped code raises ``MalformedInput`` (its
    ``problem`` says whether it was empty or mistyped) with one line saying what is wrong."""
    if not isinstance(code, str):
        raise MalformedInput("a game code must be text", Problem.CODE_TYPO)
    shown = _shown(code)
    symbols = _symbols(code, shown)
    if not symbols:
        raise MalformedInput("code is empty", Problem.CODE_EMPTY)
    if len(symbols) < MIN_LENGTH:
        raise MalformedInput(f"code {shown} is too short (a code has {MIN_LENGTH} symbols "
                             "or more)", Problem.CODE_TYPO)
    if len(symbols) > MAX_LENGTH:
        raise MalformedInput(f"code {shown} is too long (a code has at most {MAX_LENGTH} "
                             "symbols)", Problem.CODE_TYPO)
    payload, check = symbols[:-1], symbols[-1]
    if _check_symbol(payload) != check:
        raise MalformedInput(f"code {shown} has a typo (check symbol does not match)",
                             Problem.CODE_TYPO)
    return _offset(len(payload)) + _value(payload), shown


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
                                 "digits 1–9 and letters except I, L, O)", Problem.CODE_TYPO)
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
