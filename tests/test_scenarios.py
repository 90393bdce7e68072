"""The scenario corpus: every ``tests/scenarios/*.toml`` through the runner, checked against its
``[expect]`` table (SCENARIOS.md is the contract, RULES.md §1 the law each file pins).

Each file is a normal scenario plus an ``[expect]`` table that the runner ignores. ``[expect]``
must be the last table of the file (its sub-tables may follow it), so that it can be read even
from a file whose scenario part is deliberately not valid TOML.

``[expect]`` keys:

- ``exit`` (required): 0, 1 or 2.
- exit 0: any subset of the output's top-level fields (compared exactly), ``seats`` as a list of
  partial per-seat tables (one per seat, ``{}`` = not checked), and extensions for outcomes the
  seed decides: ``deck_sorted`` (the deck as a multiset), ``hand_sizes`` (cards per seat),
  ``bomb_clue_of`` (a seat whose clues point at a bomb that really is there),
  ``hand_card_counts`` (``{card = [count per seat]}``), ``deck_card_counts`` (``{card = count}``)
  and ``table_card_counts`` (every card in hands, deck and discard, compared exactly). At least one
  real check is required: a file that only says ``exit = 0`` cannot fail and is rejected.
- exit 1: ``step`` (required, the index of the illegal step) and optionally ``error_contains``.
- exit 2: optionally ``error_contains``.

Besides the file's own checks, every exit-0 output must be well formed and consistent (schema,
danger meter, clues that are true, the game-over shape), and every run must be deterministic.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from game.rules.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(SCENARIO_DIR.glob("*.toml"))
MIN_FILES = 65

TOP_FIELDS = frozenset(
    ("game", "phase", "over", "winner", "ranking", "current", "turns_owed", "seats", "deck",
     "discard", "danger")
)
SEAT_FIELDS = frozenset(("hand", "alive", "shield", "defuse_marker", "clues"))
EXTENSIONS = frozenset(
    ("deck_sorted", "hand_sizes", "bomb_clue_of", "hand_card_counts", "deck_card_counts",
     "table_card_counts")
)
PHASES = frozenset(("play", "react", "give", "place_bomb", "over"))
SCENARIO_KEYS = frozenset(("game", "seats", "first", "seed", "options", "deal", "step", "expect"))
DEAL_KEYS = frozenset(("hands", "deck"))
"""What SCENARIOS.md documents for a bomb-deck file: the corpus uses nothing else."""

CLI_FILES = (
    "nope_chain_of_three_cancels.toml",
    "ranking_after_several_explosions.toml",
    "bomb_placed_out_of_range_is_illegal.toml",
    "malformed_bad_toml.toml",
    "malformed_too_many_bombs_for_seat_count.toml",
)

ANIMALS = ("animal_chicken", "animal_frog", "animal_hedgehog", "animal_octopus", "animal_raccoon")
CARDS_BY_GAME: dict[str, frozenset[str]] = {
    "bombazo": frozenset(("bomb", "defuse", "attack", "skip", "draw_bottom", "see_future",
                          "shuffle", "favor", "nope", *ANIMALS)),
    "mazo": frozenset(("bomb", "defuse", "skip", "draw_bottom", "see_future", "shuffle",
                       "pass_it", "swipe", "shield", "calm")),
    "clasico": frozenset(("bomb", "defuse", "attack", "skip", "see_future", "shuffle", "favor",
                          "nope", *ANIMALS)),
}
"""RULES.md §1, the cards table: each rule set's cards (a ✓ in its column)."""


# --------------------------------------------------------------------------- reading a file


class ScenarioFile:
    """One corpus file: its whole text, its scenario (``None`` if not TOML) and its ``[expect]``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        lines = self.text.splitlines()
        starts = [i for i, line in enumerate(lines) if line.strip() == "[expect]"]
        if len(starts) != 1:
            raise AssertionError(f"{path.name}: needs exactly one '[expect]' line")
        tail = tomllib.loads("\n".join(lines[starts[0]:]))
        if set(tail) != {"expect"}:
            raise AssertionError(f"{path.name}: [expect] must be the last table of the file")
        self.expect: dict[str, Any] = tail["expect"]
        self.header = lines[0] if lines else ""
        try:
            self.doc: dict[str, Any] | None = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError:
            self.doc = None
        if self.doc is not None and self.doc.get("expect") != self.expect:
            raise AssertionError(f"{path.name}: [expect] read alone differs from the whole file")

    @property
    def steps(self) -> list[Any]:
        steps = (self.doc or {}).get("step", [])
        return steps if isinstance(steps, list) else []


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def expect_problems(scenario: ScenarioFile) -> list[str]:
    """What is wrong with a file's ``[expect]`` table itself (empty when it is usable)."""
    expect = scenario.expect
    problems: list[str] = []
    if not (scenario.header.startswith("# RULES.md") or scenario.header.startswith(
            "# SCENARIOS.md")):
        problems.append("the first line must be a comment quoting RULES.md or SCENARIOS.md")
    code = expect.get("exit")
    if not _is_int(code) or code not in (0, 1, 2):
        return [*problems, f"'exit' must be 0, 1 or 2, not {code!r}"]
    if scenario.doc is None and code != 2:
        problems.append("a file that is not valid TOML can only expect exit 2")
    if scenario.doc is not None:
        extra = set(scenario.doc) - SCENARIO_KEYS
        deal = scenario.doc.get("deal")
        if isinstance(deal, Mapping):
            extra |= {f"deal.{key}" for key in set(deal) - DEAL_KEYS}
        if extra:
            problems.append(f"fields SCENARIOS.md does not document: {sorted(extra)}")
    if "error_contains" in expect and not (
            isinstance(expect["error_contains"], str) and expect["error_contains"]):
        problems.append("'error_contains' must be a non-empty string")
    keys = set(expect) - {"exit"}
    if code == 0:
        unknown = keys - TOP_FIELDS - EXTENSIONS
        if unknown:
            problems.append(f"unknown keys for exit 0: {sorted(unknown)}")
        problems.extend(_seat_expect_problems(expect.get("seats")))
        if "hand_sizes" in expect and not (
                isinstance(expect["hand_sizes"], list) and all(map(_is_int, expect["hand_sizes"]))):
            problems.append("'hand_sizes' must be a list of whole numbers")
        if "bomb_clue_of" in expect and not _is_int(expect["bomb_clue_of"]):
            problems.append("'bomb_clue_of' must be a seat number")
        for key in ("hand_card_counts", "deck_card_counts", "table_card_counts"):
            if key in expect and not (isinstance(expect[key], Mapping) and expect[key]):
                problems.append(f"'{key}' must be a non-empty table of card counts")
        if count_checks(expect) == 0:
            problems.append("exit 0 with nothing else to check: this file cannot fail")
    elif code == 1:
        unknown = keys - {"step", "error_contains"}
        if unknown:
            problems.append(f"exit 1 prints no state; cannot check {sorted(unknown)}")
        step = expect.get("step")
        if not _is_int(step):
            problems.append("exit 1 needs 'step', the index of the illegal step")
        elif not 0 <= step < len(scenario.steps):
            problems.append(f"'step' {step} is not a step of this file ({len(scenario.steps)})")
    else:
        unknown = keys - {"error_contains"}
        if unknown:
            problems.append(f"exit 2 prints no state; cannot check {sorted(unknown)}")
    return problems


def _seat_expect_problems(seats: Any) -> list[str]:
    if seats is None:
        return []
    if not isinstance(seats, list) or not all(isinstance(s, Mapping) for s in seats):
        return ["'seats' must be a list of tables, one per seat ({} = not checked)"]
    problems = []
    for index, seat in enumerate(seats):
        unknown = set(seat) - SEAT_FIELDS
        if unknown:
            problems.append(f"seats[{index}]: unknown keys {sorted(unknown)}")
    return problems


def count_checks(expect: Mapping[str, Any]) -> int:
    """How many values an exit-0 expectation really compares (empty seat tables count nothing)."""
    count = 0
    for key, value in expect.items():
        if key == "exit":
            continue
        if key == "seats" and isinstance(value, list):
            count += sum(len(seat) for seat in value if isinstance(seat, Mapping))
        else:
            count += 1
    return count


# --------------------------------------------------------------------------- comparing


def state_mismatches(expect: Mapping[str, Any], report: Mapping[str, Any]) -> list[str]:
    """Every way an exit-0 report differs from the expectation (empty when it matches)."""
    wrong: list[str] = []
    for key, want in expect.items():
        if key == "exit":
            continue
        if key == "seats":
            wrong.extend(_seat_mismatches(want, report.get("seats")))
        elif key == "deck_sorted":
            got = sorted(report.get("deck", []))
            if got != sorted(want):
                wrong.append(f"deck as a multiset: expected {sorted(want)}, got {got}")
        elif key == "hand_sizes":
            got = [len(seat["hand"]) for seat in report.get("seats", [])]
            if got != want:
                wrong.append(f"hand sizes: expected {want}, got {got}")
        elif key == "bomb_clue_of":
            wrong.extend(_bomb_clue_mismatches(want, report))
        elif key in ("hand_card_counts", "deck_card_counts", "table_card_counts"):
            got_counts = _card_counts(key, want, report)
            if got_counts != want:
                wrong.append(f"{key}: expected {want}, got {got_counts}")
        elif key not in report:
            wrong.append(f"{key}: missing from the output")
        elif report[key] != want:
            wrong.append(f"{key}: expected {want!r}, got {report[key]!r}")
    return wrong


def _seat_mismatches(want: list[Mapping[str, Any]], got: Any) -> list[str]:
    if not isinstance(got, list) or len(got) != len(want):
        return [f"seats: expected {len(want)} seats, got {got!r}"]
    wrong = []
    for index, (partial, seat) in enumerate(zip(want, got, strict=True)):
        for key, value in partial.items():
            if key not in seat:
                wrong.append(f"seats[{index}].{key}: missing from the output")
            elif seat[key] != value:
                wrong.append(f"seats[{index}].{key}: expected {value!r}, got {seat[key]!r}")
    return wrong


def _card_counts(key: str, want: Mapping[str, Any], report: Mapping[str, Any]) -> Any:
    hands = [seat["hand"] for seat in report.get("seats", [])]
    if key == "hand_card_counts":
        return {card: [hand.count(card) for hand in hands] for card in want}
    if key == "deck_card_counts":
        return {card: report.get("deck", []).count(card) for card in want}
    table = Counter(report.get("deck", []) + report.get("discard", []))
    for hand in hands:
        table.update(hand)
    return dict(table)


def _bomb_clue_mismatches(seat: int, report: Mapping[str, Any]) -> list[str]:
    deck = report.get("deck", [])
    clues = report.get("seats", [])[seat]["clues"]
    bombs = [p for p, card in clues.items() if card == "bomb"]
    if not bombs:
        return [f"seat {seat} has no clue of a bomb: {clues}"]
    if not any(int(p) < len(deck) and deck[int(p)] == "bomb" for p in bombs):
        return [f"seat {seat}'s bomb clues {bombs} point at no bomb in {deck}"]
    return []


def report_problems(report: Mapping[str, Any]) -> list[str]:
    """SCENARIOS.md's output shape and the rules every state must keep, whatever the file."""
    problems: list[str] = []
    if set(report) != TOP_FIELDS:
        return [f"output fields {sorted(report)} are not {sorted(TOP_FIELDS)}"]
    deck, seats = report["deck"], report["seats"]
    if report["phase"] not in PHASES:
        problems.append(f"unknown phase {report['phase']!r}")
    if report["danger"] != {"bombs": deck.count("bomb"), "cards": len(deck)}:
        problems.append(f"danger {report['danger']} does not count the deck {deck}")
    over = report["phase"] == "over"
    if report["over"] != over:
        problems.append(f"'over' is {report['over']} in phase {report['phase']}")
    if over:
        winner = report["winner"]
        if report["current"] != winner or report["turns_owed"] != 0:
            problems.append("when over, the winner is the current seat and owes 0 turns")
        if report["ranking"][:1] != [winner] or sorted(report["ranking"]) != list(
                range(len(seats))):
            problems.append(f"ranking {report['ranking']} does not list every seat, winner first")
    elif report["winner"] is not None:
        problems.append("a winner before the game is over")
    if not seats[report["current"]]["alive"]:
        problems.append(f"the current seat {report['current']} is out")
    for index, seat in enumerate(seats):
        if set(seat) != SEAT_FIELDS:
            problems.append(f"seats[{index}] fields {sorted(seat)} are not {sorted(SEAT_FIELDS)}")
            continue
        if seat["hand"] != sorted(seat["hand"]):
            problems.append(f"seats[{index}].hand is not sorted")
        if seat["defuse_marker"] and "defuse" not in seat["hand"]:
            problems.append(f"seats[{index}] shows the 🧯 marker without a defuse in hand")
        if not seat["alive"] and (seat["hand"] or seat["defuse_marker"]):
            problems.append(f"seats[{index}] is out but still holds cards or the marker")
        for position, card in seat["clues"].items():
            true = position.isdigit() and int(position) < len(deck) and deck[int(position)] == card
            if not true:
                problems.append(f"seats[{index}] has a false clue {position}: {card}")
    return problems


def error_problems(expect: Mapping[str, Any], code: int, report: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    keys = {"error", "step"} if code == 1 else {"error"}
    if set(report) != keys:
        problems.append(f"an exit-{code} report has exactly {sorted(keys)}, got {sorted(report)}")
    error = report.get("error")
    if not isinstance(error, str) or not error.strip() or "\n" in error:
        problems.append(f"the error must be one non-empty line, got {error!r}")
    elif "error_contains" in expect and expect["error_contains"] not in error:
        problems.append(f"the error {error!r} does not mention {expect['error_contains']!r}")
    if code == 1 and report.get("step") != expect["step"]:
        problems.append(f"illegal step: expected {expect['step']}, got {report.get('step')!r}")
    return problems


# --------------------------------------------------------------------------- the tests


def _id(path: Path) -> str:
    return path.stem


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_scenario(path: Path) -> None:
    scenario = ScenarioFile(path)
    problems = expect_problems(scenario)
    assert not problems, f"{path.name}: bad [expect]: {problems}"
    expect = scenario.expect
    outcome = run_file(path)
    report = outcome.report
    assert outcome.exit_code == expect["exit"], (
        f"{path.name}: exit {outcome.exit_code}, expected {expect['exit']}: {report}"
    )
    if outcome.exit_code == 0:
        wrong = report_problems(report) + state_mismatches(expect, report)
    else:
        wrong = error_problems(expect, outcome.exit_code, report)
    assert not wrong, f"{path.name}:\n  " + "\n  ".join(wrong)
    again = run_file(path)
    assert (again.exit_code, again.report) == (outcome.exit_code, report), (
        f"{path.name}: a second run gives a different result"
    )


@pytest.mark.parametrize("name", CLI_FILES)
def test_cli_prints_one_json_line(name: str) -> None:
    path = SCENARIO_DIR / name
    expect = ScenarioFile(path).expect
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", str(path)],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 1, f"stdout must be one line, got {done.stdout!r} (stderr {done.stderr!r})"
    assert done.returncode == expect["exit"]
    printed = json.loads(lines[0])
    assert printed == json.loads(json.dumps(run_file(path).report, ensure_ascii=False))


def test_corpus_is_large_enough() -> None:
    assert len(FILES) >= MIN_FILES, f"{len(FILES)} scenario files, at least {MIN_FILES} wanted"


def test_corpus_covers_every_card_and_exit_code() -> None:
    seen: dict[str, set[str]] = {game: set() for game in CARDS_BY_GAME}
    codes: set[int] = set()
    for path in FILES:
        scenario = ScenarioFile(path)
        codes.add(scenario.expect["exit"])
        doc = scenario.doc
        if doc is None or doc.get("game") not in seen or scenario.expect["exit"] != 0:
            continue
        cards = seen[doc["game"]]
        deal = doc.get("deal", {})
        for hand in deal.get("hands", []):
            cards.update(hand)
        cards.update(deal.get("deck", []))
        for step in scenario.steps:
            cards.update(str(step[key]) for key in ("card", "named") if key in step)
    assert codes == {0, 1, 2}
    for game, cards in CARDS_BY_GAME.items():
        missing = cards - seen[game]
        assert not missing, f"no legal {game} scenario uses {sorted(missing)}"


def test_comparison_catches_a_wrong_engine() -> None:
    """The checks themselves can fail: a report that differs anywhere checked is caught."""
    report = {
        "game": "bombazo", "phase": "play", "over": False, "winner": None, "ranking": [],
        "current": 1, "turns_owed": 2,
        "seats": [
            {"hand": ["defuse"], "alive": True, "shield": False, "defuse_marker": True,
             "clues": {"0": "bomb"}},
            {"hand": [], "alive": True, "shield": False, "defuse_marker": False, "clues": {}},
        ],
        "deck": ["bomb", "skip"], "discard": ["attack"], "danger": {"bombs": 1, "cards": 2},
    }
    assert report_problems(report) == []
    expect = {"exit": 0, "current": 1, "turns_owed": 2, "deck_sorted": ["skip", "bomb"],
              "hand_sizes": [1, 0], "bomb_clue_of": 0, "hand_card_counts": {"defuse": [1, 0]},
              "deck_card_counts": {"bomb": 1},
              "table_card_counts": {"bomb": 1, "skip": 1, "attack": 1, "defuse": 1},
              "seats": [{"hand": ["defuse"], "clues": {"0": "bomb"}}, {}]}
    assert state_mismatches(expect, report) == []
    for key, wrong in (("current", 0), ("turns_owed", 3), ("deck_sorted", ["skip"]),
                       ("hand_sizes", [1, 1]), ("bomb_clue_of", 1),
                       ("hand_card_counts", {"defuse": [0, 1]}), ("deck_card_counts", {"bomb": 2}),
                       ("table_card_counts", {"bomb": 1, "skip": 1, "attack": 1}),
                       ("seats", [{"hand": []}, {}]), ("seats", [{}])):
        assert state_mismatches({**expect, key: wrong}, report), f"{key}={wrong!r} not caught"
    bad_clue = json.loads(json.dumps(report))
    bad_clue["seats"][0]["clues"] = {"1": "bomb"}
    assert report_problems(bad_clue)
    bad_danger = {**report, "danger": {"bombs": 0, "cards": 2}}
    assert report_problems(bad_danger)
    assert count_checks({"exit": 0, "seats": [{}, {}]}) == 0
    assert error_problems({"exit": 1, "step": 2}, 1, {"error": "no", "step": 1})
