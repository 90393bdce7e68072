"""Fuzzing what comes from outside: scenario files (random text, and well-formed files full of
random values) always end in an ``Outcome`` with exit 0, 1 or 2 and one clear line, never a
traceback; and an action the rules refuse never changes the game, in the engine or at a table.

Game codes and saves are fuzzed in ``test_codes.py`` and ``test_saves.py``.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.errors import IllegalAction
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.scenario import (
    EXIT_ILLEGAL,
    EXIT_MALFORMED,
    EXIT_OK,
    KNOWN_CARDS,
    KNOWN_VERBS,
    Outcome,
    run_text,
)

ROOT = Path(__file__).resolve().parent.parent
GAMES = tuple(RULESETS)
BOMB_CARDS = tuple(sorted(card for rs in RULESETS.values() for card in rs.cards))
OTHER_IDS = tuple(sorted(KNOWN_CARDS - set(BOMB_CARDS)))[:6]  # cards of games not played here
FEW = settings(max_examples=150, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --------------------------------------------------------------------------- writing TOML

def _toml_string(text: str) -> str:
    # JSON's escapes are TOML's, except that TOML wants DEL escaped too.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{_toml_string(k)} = {toml_value(v)}" for k, v in value.items())
        return "{" + inner + "}"
    raise TypeError(value)


def toml_doc(doc: dict[str, Any]) -> str:
    """A scenario file: the top-level keys, then the steps as ``[[step]]`` tables."""
    lines = [f"{_toml_string(key)} = {toml_value(value)}" for key, value in doc.items()
             if key != "step" or not _is_table_array(value)]
    steps = doc.get("step")
    if isinstance(steps, list) and _is_table_array(steps):
        for step in steps:
            lines.append("[[step]]")
            lines.extend(f"{_toml_string(k)} = {toml_value(v)}" for k, v in step.items())
    return "\n".join(lines) + "\n"


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(s, dict) for s in value)


# --------------------------------------------------------------------------- strategies

text_values = st.text(alphabet=st.characters(codec="utf-8"), max_size=12)  # no lone surrogates
junk = st.recursive(
    st.booleans() | st.integers(-2**63, 2**63 - 1) | st.floats(allow_nan=False) | text_values,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text_values, inner, max_size=3),
    max_leaves=6,
)
"""Any TOML value (TOML has no null)."""


def weighted(often: st.SearchStrategy[Any], rarely: st.SearchStrategy[Any],
             odds: int) -> st.SearchStrategy[Any]:
    """``rarely`` about one time in ``odds + 1``, else ``often`` (``st.one_of`` would give each
    of them half of the draws)."""
    return st.integers(0, odds).flatmap(lambda i: rarely if i == odds else often)


def mostly(good: st.SearchStrategy[Any], odds: int = 9) -> st.SearchStrategy[Any]:
    """Usually a plausible value; one time in ``odds + 1`` anything at all (never with 0)."""
    return weighted(good, junk, odds) if odds else good


odd_cards = st.sampled_from((*OTHER_IDS, "", "Bomb", "nope ", "random"))
cards = weighted(st.sampled_from(BOMB_CARDS), odd_cards, 12)
seat_numbers = st.integers(-3, 9) | st.sampled_from([2**31, -2**63, 2**63 - 1])
positions = st.integers(-3, 70) | st.just("random") | st.sampled_from([2**40, -2**63])
verbs = weighted(st.sampled_from(A.VERBS),
                 st.sampled_from([*sorted(KNOWN_VERBS - set(A.VERBS)), "Draw", "", "explode"]), 12)


def step_dicts(seat: st.SearchStrategy[Any] = seat_numbers, card: st.SearchStrategy[Any] = cards,
               odds: int = 9) -> st.SearchStrategy[dict[str, Any]]:
    """A ``[[step]]``: a verb, and any of the fields, each possibly of the wrong type."""
    return st.fixed_dictionaries(
        {"do": mostly(verbs, odds)},
        optional={"seat": mostly(seat, odds), "card": mostly(card, odds),
                  "target": mostly(seat, odds), "named": mostly(card, odds),
                  "position": mostly(positions, odds), "extra": junk},
    )


steps = step_dicts()
typed_steps = step_dicts(odds=0)
"""Every field of the right type (random values): these reach the rules."""


@st.composite
def scenario_docs(draw: st.DrawFn) -> dict[str, Any]:
    """A scenario file as SCENARIOS.md describes it, any field of it possibly wrong: mostly
    the right shape (so that many files reach their steps), with random values in it."""
    game = draw(weighted(st.sampled_from(GAMES),
                         junk | st.sampled_from(["cazabombas", "Bombazo"]), 12))
    seats = draw(weighted(st.integers(2, 5), st.integers(0, 10), 6))
    ruleset = RULESETS.get(game) if isinstance(game, str) else None
    own = sorted(ruleset.cards - {"bomb"}) if ruleset is not None else list(BOMB_CARDS)
    card = weighted(st.sampled_from(own), st.just("bomb") | odd_cards, 8)
    doc: dict[str, Any] = {"game": game}
    if draw(st.integers(0, 3)):
        doc["seats"] = draw(mostly(st.just(seats)))
    for key, value in (("first", st.integers(-1, seats)), ("options", st.lists(
            st.sampled_from(["advanced_combos", "mission1", "x"]), max_size=2)),
            ("seed", st.integers(0, 2**32) | st.sampled_from([-1, -2**63, 2**63 - 1]))):
        if draw(st.booleans()):
            doc[key] = draw(mostly(value))
    if draw(st.booleans()):
        hand_count = draw(st.just(seats) | st.integers(0, 9))
        deal = draw(st.fixed_dictionaries(
            {"hands": mostly(st.lists(st.lists(card, max_size=5), min_size=hand_count,
                                      max_size=hand_count))},
            optional={"deck": mostly(st.lists(card, max_size=10)),
                      "discard": mostly(st.lists(card, max_size=4)), "extra": junk}))
        doc["deal"] = draw(mostly(st.just(deal)))
    if draw(st.integers(0, 4)):
        seat = st.integers(0, seats - 1) if seats > 0 else seat_numbers
        doc["step"] = draw(mostly(st.lists(step_dicts(seat | seat_numbers, card),
                                           max_size=14)))
    if draw(st.integers(0, 5)) == 0:
        doc["expect"] = draw(junk)
    return doc


# --------------------------------------------------------------------------- the checks

def check_outcome(outcome: Outcome, step_count: int | None) -> None:
    """Exit 0, 1 or 2; an error is one non-empty line; exit 1 names a step that exists."""
    assert isinstance(outcome, Outcome)
    event(f"exit {outcome.exit_code}")
    assert outcome.exit_code in (EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED)
    report = outcome.report
    json.dumps(report, ensure_ascii=False)  # printable as the one JSON line
    if outcome.exit_code == EXIT_OK:
        assert "error" not in report
        # the bomb-deck phases, and Caza Bombas' setup (its tokens before the first turn)
        assert report["phase"] in ("play", "react", "give", "place_bomb", "over", "setup")
        return
    error = report["error"]
    assert isinstance(error, str) and error.strip() and "\n" not in error and "\r" not in error
    assert "Traceback" not in error
    if outcome.exit_code == EXIT_ILLEGAL:
        step = report["step"]
        assert isinstance(step, int) and not isinstance(step, bool)
        assert step_count is None or 0 <= step < step_count
    else:
        assert "step" not in report


@FEW
@given(st.text(max_size=300) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_any_text_is_a_scenario_or_one_clear_error(text: str) -> None:
    check_outcome(run_text(text), None)


@pytest.mark.slow
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scenario_docs())
def test_any_scenario_document_runs_or_fails_in_one_line(doc: dict[str, Any]) -> None:
    text = toml_doc(doc)
    assert tomllib.loads(text) == doc  # the file says what hypothesis drew
    outcome = run_text(text)
    step_list = doc.get("step")
    check_outcome(outcome, len(step_list) if isinstance(step_list, list) else None)
    again = run_text(text)
    assert (again.exit_code, again.report) == (outcome.exit_code, outcome.report)


@FEW
@given(game=st.sampled_from(GAMES), seats=st.integers(2, 5), seed=st.integers(0, 2**32),
       step_list=st.lists(typed_steps, min_size=1, max_size=20))
def test_random_steps_on_a_dealt_table(game: str, seats: int, seed: int,
                                       step_list: list[dict[str, Any]]) -> None:
    """A real table (dealt by the seed) and random steps: the steps get far into real play."""
    doc = {"game": game, "seats": seats, "seed": seed, "step": step_list}
    check_outcome(run_text(toml_doc(doc)), len(step_list))


def _legal_steps(game: str, seats: int, seed: int, count: int, wrong: dict[str, Any]
                 ) -> list[dict[str, Any]]:
    """``count`` legal steps of a real game, then one step with ``wrong`` mixed in."""
    state = BOMBDECK.new_game(GameConfig(game, (SeatKind.PERSON,) * seats), seed)
    out: list[dict[str, Any]] = []
    for index in range(count):
        if BOMBDECK.is_over(state):
            break
        seat = BOMBDECK.to_act(state)[-1]
        legal = BOMBDECK.legal_actions(state, seat)
        action = legal[(seed + index) % len(legal)]
        BOMBDECK.apply(state, seat, action)
        step = action.to_json()
        if seat != TABLE:
            step["seat"] = seat
        out.append(step)
    return [*out, wrong]


@FEW
@given(game=st.sampled_from(GAMES), seats=st.integers(2, 5), seed=st.integers(0, 2**20),
       count=st.integers(0, 60), wrong=typed_steps | steps)
def test_a_late_random_step_after_legal_ones(game: str, seats: int, seed: int, count: int,
                                             wrong: dict[str, Any]) -> None:
    """Deep positions (windows, gifts, a bomb to hide) reached legally, then anything."""
    step_list = _legal_steps(game, seats, seed, count, wrong)
    outcome = run_text(toml_doc({"game": game, "seats": seats, "seed": seed,
                                 "step": step_list}))
    check_outcome(outcome, len(step_list))
    if outcome.exit_code == EXIT_ILLEGAL:
        assert outcome.report["step"] == len(step_list) - 1  # the legal ones all ran


# --------------------------------------------------------------------------- through the CLI

CLI_CASES: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("not utf-8", b"game = \"bombazo\"\n\xff\xfe\x00"),
    ("not toml", b"[[step]\ndo = "),
    ("huge numbers", b"game = \"bombazo\"\nseats = 3\nseed = 9223372036854775807\n"
                     b"[[step]]\nseat = -9223372036854775808\ndo = \"draw\"\n"),
    ("a float seat", b"game = \"mazo\"\nseats = 2.5\n"),
    ("a table for a step", b"game = \"clasico\"\nseats = 3\nstep = {do = \"draw\"}\n"),
    ("bomb far out of the deck", b"game = \"bombazo\"\nseats = 2\n[deal]\nhands = [[\"defuse\"], "
                                 b"[]]\ndeck = [\"bomb\"]\n[[step]]\nseat = 0\ndo = \"draw\"\n"
                                 b"[[step]]\nseat = 0\ndo = \"place_bomb\"\n"
                                 b"position = 4611686018427387904\n"),
    ("a 5,000-digit integer", b"game = \"bombazo\"\nseed = " + b"9" * 5000 + b"\n"),
    ("nested too deeply", b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n"),
]


def _cli(path: Path) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "game", "scenario", str(path)], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", errors="replace",
                          timeout=60, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(("name", "data"), CLI_CASES, ids=[c[0] for c in CLI_CASES])
def test_the_command_line_prints_one_json_line_and_no_traceback(
        tmp_path: Path, name: str, data: bytes) -> None:
    path = tmp_path / "scenario.toml"
    path.write_bytes(data)
    code, out, err = _cli(path)
    assert "Traceback" not in out + err, err
    lines = out.splitlines()
    assert len(lines) == 1, (out, err)
    printed = json.loads(lines[0])
    assert code in (EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED)
    if code != EXIT_OK:
        assert printed["error"] and "\n" not in printed["error"]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        assert code == EXIT_MALFORMED
        return
    expected = run_text(text)
    assert code == expected.exit_code
    assert printed == json.loads(json.dumps(expected.report, ensure_ascii=False))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.data_too_large,
                                                                HealthCheck.function_scoped_fixture])
@given(doc=scenario_docs())
def test_fuzzed_files_through_the_command_line(tmp_path: Path, doc: dict[str, Any]) -> None:
    path = tmp_path / "fuzzed.toml"
    path.write_text(toml_doc(doc), encoding="utf-8")
    code, out, err = _cli(path)
    assert "Traceback" not in out + err, err
    lines = out.splitlines()
    assert len(lines) == 1, (out, err)
    expected = run_text(path.read_text(encoding="utf-8"))
    assert code == expected.exit_code
    assert json.loads(lines[0]) == json.loads(json.dumps(expected.report, ensure_ascii=False))


# --------------------------------------------------------------------------- rejected actions

TABLES = [(name, seats) for name, rs in RULESETS.items()
          for seats in range(rs.min_seats, rs.max_seats + 1)]
VERBS = (*A.VERBS, "bid", "Draw", "")
actions = st.builds(
    Action,
    verb=st.sampled_from(VERBS),
    card=st.none() | st.sampled_from((*BOMB_CARDS, "", "Nope", "R3")),
    target=st.none() | st.integers(-3, 9),
    named=st.none() | st.sampled_from((*BOMB_CARDS, "x")),
    position=st.none() | st.integers(-3, 70) | st.just(A.RANDOM) | st.just("top"),
)
seats_acting = st.sampled_from([TABLE, -3, 9]) | st.integers(0, 7)


def _reach(data: st.DataObject, game: str, seats: int, seed: int, options: frozenset[str]
           ) -> Any:
    """A state after a prefix of random legal moves (hypothesis picks them)."""
    state = BOMBDECK.new_game(GameConfig(game, (SeatKind.PERSON,) * seats, options), seed)
    for _ in range(data.draw(st.integers(0, 120), label="prefix")):
        if BOMBDECK.is_over(state):
            break
        moves = [(s, a) for s in BOMBDECK.to_act(state) for a in BOMBDECK.legal_actions(state, s)]
        BOMBDECK.apply(state, *data.draw(st.sampled_from(moves), label="legal move"))
    return state


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1),
       advanced=st.booleans(), data=st.data())
def test_a_rejected_action_never_changes_the_state(table: tuple[str, int], seed: int,
                                                   advanced: bool, data: st.DataObject) -> None:
    game, seats = table
    options = frozenset(RULESETS[game].options) if advanced else frozenset()
    state = _reach(data, game, seats, seed, options)
    for _ in range(8):
        seat = data.draw(seats_acting, label="seat")
        action = data.draw(actions, label="action")
        before = state.snapshot()
        legal = BOMBDECK.legal_actions(state, seat) if (seat == TABLE or
                                                        0 <= seat < seats) else []
        try:
            BOMBDECK.apply(state, seat, action)
        except IllegalAction as error:
            assert error.reason and "\n" not in error.reason
            assert state.snapshot() == before, f"{action} by seat {seat} changed the state"
        else:
            assert action in legal, f"{action} by seat {seat} was applied"
            return  # the game moved on: a new random state is another example


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**20 - 1), data=st.data())
def test_a_rejected_action_at_a_table_changes_nothing(game: str, seed: int,
                                                      data: st.DataObject) -> None:
    """The same at a table with people (``Match``): the state, the record of moves and the
    event feed stay as they were."""
    P, AST = SeatKind.PERSON, SeatKind.ASTUTO
    match = Match(GameConfig(game, (P, P, AST)), seed)
    rng_prefix = data.draw(st.integers(0, 60), label="prefix")
    for _ in range(rng_prefix):
        if match.is_over():
            break
        decision = match.pending()
        if decision.is_window:
            match.close_window()
        elif decision.by_person:
            assert decision.seat is not None
            legal = match.legal_for(decision.seat)
            match.submit(decision.seat, data.draw(st.sampled_from(legal), label="person"))
        else:
            match.step_machine()
    for _ in range(6):
        seat = data.draw(st.integers(-2, 3), label="seat")
        action = data.draw(actions, label="action")
        before = (match._state.snapshot(), match.save(), match.feed_size, match.pending())
        try:
            match.submit(seat, action)
        except IllegalAction:
            after = (match._state.snapshot(), match.save(), match.feed_size, match.pending())
            assert after == before
        else:
            return
