"""Game codes (RULES.md §3, docs/CODES.md): round trip, pinned vectors, typos, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import codes as fmt
from game.core.codes import ALPHABET, SEED_SPACE, new_seed
from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput, Problem
from game.core.kit import GameDescriptor
from game.rules import codes
from game.rules.codes import canonical_config, decode, encode, normalize
from game.rules.registry import descriptors

GAMES = descriptors()
GameSpec = GameDescriptor

P, LZ, AS, DE, MA = (SeatKind.PERSON, SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO,
                     SeatKind.MAESTRO)
LEVELS = (LZ, AS, DE, MA)


def cfg(game: str, seats: tuple[SeatKind, ...], options: tuple[str, ...] = (),
        first: int = 0) -> GameConfig:
    return GameConfig(game, seats, frozenset(options), first)


# Pinned: if one of these changes, every code players have written down changes meaning.
GOLDEN: list[tuple[GameConfig, int, str]] = [
    (cfg("mazo", (P, AS, AS)), 0, "911-119"),
    (cfg("bombazo", (P, AS)), 1, "111-128"),
    (cfg("bombazo", (P,) + (MA,) * 7), 424242, "6GD-YAKF"),
    (cfg("clasico", (P, P, P, P), ("advanced_combos",)), SEED_SPACE - 1, "96Z-ZZZD"),
    (cfg("cazabombas", (P, DE, DE, DE), ("mission8",)), 77, "681-13E5"),
    (cfg("diebombe", (P, LZ, LZ, LZ, LZ, LZ), ("any_card_bombed", "green_majority_doubles")),
     5000, "3A1-5W9W"),
    (cfg("bombazo", (P, AS, MA), first=2), 999999, "6CU-ZYH-JZX"),
    (cfg("cazabombas", (MA,) * 5, ("mission3",), first=4), 123456, "5PU-ED34-SK17"),
    (cfg("bombazo", (P, LZ, AS, DE, MA, P, AS, MA), first=7), 65536, "H138-J6G3-1119"),
]


@pytest.mark.parametrize(("config", "seed", "code"), GOLDEN)
def test_golden_vectors(config: GameConfig, seed: int, code: str) -> None:
    assert encode(config, seed) == code
    assert decode(code) == (config, seed)


# --- strategies ---------------------------------------------------------------------------

def _options(spec: GameSpec) -> st.SearchStrategy[frozenset[str]]:
    if spec.pick_one:
        flags = [option for option in spec.options if option not in spec.pick_one]
        return st.builds(lambda pick, rest: frozenset({pick, *rest}),
                         st.sampled_from(spec.pick_one), st.sets(st.sampled_from(flags))
                         if flags else st.just(frozenset()))
    if not spec.options:
        return st.just(frozenset())
    return st.frozensets(st.sampled_from(spec.options))


@st.composite
def configs(draw: st.DrawFn) -> GameConfig:
    spec = draw(st.sampled_from(GAMES))
    count = draw(st.integers(spec.min_seats, spec.max_seats))
    seats = tuple(draw(st.lists(st.sampled_from(list(SeatKind)), min_size=count,
                                max_size=count)))
    return GameConfig(spec.id, seats, draw(_options(spec)), draw(st.integers(0, count - 1)))


@st.composite
def common_configs(draw: st.DrawFn) -> GameConfig:
    """One person at seat 0 and machines of one level (or all persons), first seat 0."""
    spec = draw(st.sampled_from(GAMES))
    count = draw(st.integers(spec.min_seats, spec.max_seats))
    level = draw(st.sampled_from((P, *LEVELS)))
    return GameConfig(spec.id, (P,) + (level,) * (count - 1), draw(_options(spec)), 0)


seeds = st.integers(0, SEED_SPACE - 1)
PINNED_SEEDS = [0, 900387, 752199, 124213, 900387]


# --- round trip -------------------------------------------------------------------------------

@settings(max_examples=400)
@given(configs(), seeds)
def test_round_trip(config: GameConfig, seed: int) -> None:
    code = encode(config, seed)
    assert decode(code) == (config, seed)
    assert normalize(code) == code


@given(common_configs(), seeds)
def test_common_tables_are_short(config: GameConfig, seed: int) -> None:
    code = encode(config, seed)
    assert 6 <= len(code.replace("-", "")) <= 8
    assert decode(code) == (config, seed)


def test_every_common_table_is_short_at_both_ends_of_the_seed_space() -> None:
    for spec in GAMES:
        options = [frozenset()] if not spec.options else [frozenset({o}) for o in spec.options]
        for count in range(spec.min_seats, spec.max_seats + 1):
            for level in (P, *LEVELS):
                for opts in options:
                    config = canonical_config(GameConfig(spec.id, (P,) + (level,) * (count - 1),
                                                         opts))
                    for seed in (0, SEED_SPACE - 1):
                        code = encode(config, seed)
                        assert len(code.replace("-", "")) <= 8, (config, code)


def test_the_seed_example_table_fits_six_symbols_in_two_groups_of_three() -> None:
    # The seed text's example is a code for three seats against a smart (Astuto) machine.
    code = encode(cfg("mazo", (P, AS, AS)), new_seed(2024))
    assert len(code) == 7 and code[3] == "-"


def test_seed_space_is_at_least_2_to_the_20() -> None:
    assert SEED_SPACE >= 1 << 20
    config = cfg("bombazo", (P, AS, AS))
    assert len({encode(config, seed) for seed in range(0, SEED_SPACE, 4099)}) == len(
        range(0, SEED_SPACE, 4099))


# --- typing it in --------------------------------------------------------------------------

@given(configs(), seeds, st.data())
def test_case_spaces_dashes_and_look_alikes_do_not_matter(config: GameConfig, seed: int,
                                                          data: st.DataObject) -> None:
    code = encode(config, seed)
    typed = []
    for char in code.replace("-", ""):
        if char == "1":
            char = data.draw(st.sampled_from("1iIlL"))
        elif data.draw(st.booleans()):
            char = char.lower()
        typed.append(char + data.draw(st.sampled_from(["", "", " ", "-", " - "])))
    assert decode(" " + "".join(typed) + "\n") == (config, seed)


@given(configs(), seeds, st.data())
def test_one_wrong_symbol_is_always_caught(config: GameConfig, seed: int,
                                           data: st.DataObject) -> None:
    symbols = list(encode(config, seed).replace("-", ""))
    at = data.draw(st.integers(0, len(symbols) - 1))
    symbols[at] = data.draw(st.sampled_from([s for s in ALPHABET if s != symbols[at]]))
    with pytest.raises(MalformedInput, match="typo"):
        decode("".join(symbols))


@given(configs(), seeds, st.data())
def test_two_swapped_symbols_are_always_caught(config: GameConfig, seed: int,
                                               data: st.DataObject) -> None:
    symbols = list(encode(config, seed).replace("-", ""))
    i = data.draw(st.integers(0, len(symbols) - 2))
    j = data.draw(st.integers(i + 1, len(symbols) - 1))
    if symbols[i] == symbols[j]:
        return
    symbols[i], symbols[j] = symbols[j], symbols[i]
    with pytest.raises(MalformedInput, match="typo"):
        decode("".join(symbols))


def test_a_leading_symbol_added_is_caught() -> None:
    for _config, _seed, code in GOLDEN:
        with pytest.raises(MalformedInput, match="typo"):
            decode("1" + code)


# --- bad input: always MalformedInput, one line ----------------------------------------------

def _fails_cleanly(text: object) -> str | None:
    try:
        decode(text)  # type: ignore[arg-type]
    except MalformedInput as error:
        message = str(error)
        assert message and "\n" not in message
        return message
    return None


@settings(max_examples=300)
@given(st.text(max_size=40))
def test_any_text_decodes_or_raises_malformed_input(text: str) -> None:
    _fails_cleanly(text)


@settings(max_examples=500)
@given(st.lists(st.integers(0, 31), min_size=5, max_size=20))
def test_any_well_checked_code_decodes_or_raises_malformed_input(payload: list[int]) -> None:
    # A correct check symbol reaches every later stage of decoding.
    code = "".join(ALPHABET[v] for v in payload) + ALPHABET[_check(payload)]
    if _fails_cleanly(code) is None:
        config, seed = decode(code)
        assert normalize(code) == encode(config, seed)


@pytest.mark.parametrize(("text", "message"), [
    ("", "code is empty"),
    (" - ", "code is empty"),
    ("A3N-1K", "code 'A3N-1K' is too short (a code has 6 symbols or more)"),
    ("911-11A", "code '911-11A' has a typo (check symbol does not match)"),
    ("91O-119", "unknown character 'O' in code '91O-119' (codes use digits 1–9 and letters "
                "except I, L, O)"),
    ("910-119", "unknown character '0' in code"),
    ("911-119!", "unknown character '!' in code"),
    ("9" * 31, "is too long"),
    (None, "a game code must be text"),
    (911119, "a game code must be text"),
])
def test_bad_codes_get_one_clear_line(text: object, message: str) -> None:
    got = _fails_cleanly(text)
    assert got is not None and message in got, got


def _check(payload: list[int]) -> int:
    """The check symbol as docs/CODES.md defines it, written independently of the module."""
    acc = 1
    for value in payload:
        acc ^= value
        acc <<= 1
        if acc & 32:
            acc ^= 0b100101
    return acc


def _forge(table: int, seed: int = 0) -> str:
    """A code for any table number, following docs/CODES.md step by step."""
    number = table * (1 << 20) + seed
    length = 5
    while number >= 32**length:
        number -= 32**length
        length += 1
    payload = [(number >> (5 * (length - 1 - i))) & 31 for i in range(length)]
    return "".join(ALPHABET[v] for v in [*payload, _check(payload)])


UNKNOWN_GAME = max(game.code_number for game in descriptors()) + 1
"""The first game number no registered game has (read from the registry: a new game must
not turn this test's unknown game into a known one)."""


def _long(game: int, seats: list[int], first: int = 0, mask: int = 0) -> int:
    rest = mask
    for kind in reversed(seats):
        rest = rest * 8 + kind
    rest = (rest * max(len(seats), 1) + first) * 16 + len(seats)
    return 335 + rest * 16 + game


def test_forged_codes_match_the_documented_format() -> None:
    assert _forge(8, 0) == "911119"
    assert decode(_forge(8, 0)) == (cfg("mazo", (P, AS, AS)), 0)
    assert decode(_forge(_long(0, [0, 2, 4], first=2), 999999)) == (
        cfg("bombazo", (P, AS, MA), first=2), 999999)


@pytest.mark.parametrize(("table", "message"), [
    (_long(0, [0] * 9), "game code names 9 seats; bombazo takes 2–8"),
    (_long(4, [0, 0]), "game code names 2 seats; diebombe takes 3–6"),
    (_long(1, []), "game code names 0 seats; mazo takes 2–5"),
    (_long(UNKNOWN_GAME, [0, 0]), f"names game #{UNKNOWN_GAME + 1}, unknown to this version"),
    (_long(15, [0, 0]), "names game #16, unknown to this version"),
    (_long(1, [0, 5]), "gives seat 1 a player kind #6, unknown to this version"),
    (_long(1, [0, 2], mask=1), "names an option of mazo unknown to this version"),
    (_long(2, [0, 2], mask=2), "names an option of clasico unknown to this version"),
    (_long(3, [0, 2], mask=0b11), "game code names mission1, mission2; cazabombas takes "
                                  "exactly one"),
    (_long(3, [0, 2], mask=0), "has a typo (no version of the game writes it)"),
    # a common table written in the long form: only the short form is a code
    (_long(1, [0, 2, 2]), "has a typo (no version of the game writes it)"),
])
def test_codes_that_name_no_valid_game(table: int, message: str) -> None:
    got = _fails_cleanly(_forge(table, 5))
    assert got is not None and message in got, got


# --- encode refuses what no code can hold ----------------------------------------------------

@pytest.mark.parametrize(("config", "seed", "message"), [
    (cfg("poker", (P, AS)), 0, "unknown game 'poker'"),
    (cfg("bombazo", (P,) * 9), 0, "game config names 9 seats; bombazo takes 2–8"),
    (cfg("diebombe", (P, AS)), 0, "game config names 2 seats; diebombe takes 3–6"),
    (cfg("mazo", (P, AS), ("advanced_combos",)), 0, "option 'advanced_combos' is unknown to "
                                                    "mazo (known: none)"),
    (cfg("cazabombas", (P, AS), ("mission1", "mission2")), 0, "game config names mission1, "
                                                              "mission2"),
    (cfg("mazo", (P, AS), first=2), 0, "first seat 2 is outside 0–1"),
    (cfg("mazo", (P, "robot")), 0, "unknown seat kind 'robot'"),  # type: ignore[arg-type]
    (cfg("mazo", (P, AS)), SEED_SPACE, "seed 1048576 is outside"),
    (cfg("mazo", (P, AS)), -1, "seed -1 is outside"),
])
def test_encode_refuses_bad_configs(config: GameConfig, seed: int, message: str) -> None:
    with pytest.raises(MalformedInput) as caught:
        encode(config, seed)
    assert str(caught.value).startswith(message)


def test_cazabombas_plays_mission1_unless_told() -> None:
    plain = cfg("cazabombas", (P, AS, AS))
    assert encode(plain, 9) == encode(cfg("cazabombas", (P, AS, AS), ("mission1",)), 9)
    assert decode(encode(plain, 9))[0].options == frozenset({"mission1"})


def test_seat_kinds_given_as_their_text_are_read() -> None:
    config = GameConfig("mazo", ("person", "astuto", "astuto"))  # type: ignore[arg-type]
    assert encode(config, 0) == "911-119"


# --- seeds and tables ------------------------------------------------------------------------

@given(st.integers())
def test_new_seed_maps_any_int_into_the_seed_space(entropy: int) -> None:
    seed = new_seed(entropy)
    assert 0 <= seed < SEED_SPACE
    assert new_seed(entropy) == seed


def test_new_seed_uses_every_bit() -> None:
    assert len({new_seed(1 << bit) for bit in range(63)}) == 63
    assert len({new_seed(n) for n in range(-50, 50)}) == 100
    # pinned: the same entropy gives the same seed on every computer
    assert [new_seed(n) for n in (0, 1, 2, -1, 1 << 64)] == PINNED_SEEDS


def test_alphabet_has_32_symbols_without_look_alikes() -> None:
    assert len(ALPHABET) == len(set(ALPHABET)) == 32
    assert not set(ALPHABET) & set("0OIL")
    assert ALPHABET.upper() == ALPHABET


def test_the_tables_are_append_only() -> None:
    # Indices are part of the format: new games, options and kinds go at the end only.
    numbers = {game.id: game.code_number for game in descriptors()}
    assert [numbers[g] for g in ("bombazo", "mazo", "clasico", "cazabombas", "diebombe")] == [
        0, 1, 2, 3, 4]
    assert len(set(numbers.values())) == len(numbers), "two games share a code number"
    assert codes.SEAT_KINDS[:5] == (P, LZ, AS, DE, MA)
    spec = {s.id: s for s in GAMES}
    assert spec["clasico"].options[:1] == ("advanced_combos",)
    assert spec["diebombe"].options[:2] == ("any_card_bombed", "green_majority_doubles")
    assert spec["cazabombas"].options[:8] == tuple(f"mission{n}" for n in range(1, 9))
    assert len(codes._CATALOGUE) == 335


def test_every_bad_code_says_which_problem_it_is() -> None:
    good = encode(cfg("mazo", (P, AS, AS)), 0)
    cases = {"": Problem.CODE_EMPTY, " - ": Problem.CODE_EMPTY, "12": Problem.CODE_TYPO,
             "911-11A": Problem.CODE_TYPO, "9O1-119": Problem.CODE_TYPO,
             fmt.encode_number((335 + 15) * SEED_SPACE + 15): Problem.CODE_NEWER}
    for code, problem in cases.items():
        with pytest.raises(MalformedInput) as caught:
            decode(code)
        assert caught.value.problem is problem, (code, caught.value)
    assert decode(good)


def test_codes_are_grouped_in_threes_and_fours() -> None:
    assert [fmt._group("x" * n) for n in (6, 7, 8, 9, 10, 12)] == [
        "xxx-xxx", "xxx-xxxx", "xxxx-xxxx", "xxx-xxx-xxx", "xxx-xxx-xxxx", "xxxx-xxxx-xxxx"]
