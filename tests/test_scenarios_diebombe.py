"""The Die Bombe scenario corpus: every ``tests/scenarios/diebombe/*.toml`` through the runner,
checked against its ``[expect]`` table (SCENARIOS.md "Die Bombe" is the contract, RULES.md §5
the law each file pins; docs/RULES-CHOICES.md "Die Bombe" the choices where both are silent).

The files follow the bomb-deck corpus's conventions (tests/test_scenarios.py): a first line
quoting RULES.md or SCENARIOS.md, an ``[expect]`` table that is the last of the file, ``exit``
0, 1 or 2; exit 0 compares any subset of the output's fields (``seats`` as partial per-seat
tables) plus three extensions for a seeded deal (``deck_size``, ``deck_card_counts``,
``faceup_card_counts``); exit 1 needs ``step``; ``error_contains`` checks the message.

Besides each file's own checks, every exit-0 output must have exactly SCENARIOS.md's fields and
keep the rules whatever the file: no card twice (a bomb at most six times), every score
recounted here from the red, green and minus shown (a separate count from the engine's), the
ranking ordered by score then fewer minus points, nobody to act when over. Every run must be
deterministic.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from game.rules.scenario import run_file
from tests.test_scenarios import ScenarioFile, error_problems

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios" / "diebombe"
FILES = sorted(SCENARIO_DIR.glob("*.toml"))
MIN_FILES = 30

TOP_FIELDS = frozenset(("phase", "round", "to_act", "faceup", "deck", "set_aside", "seats",
                        "ranking"))
SEAT_FIELDS = frozenset(("red", "green", "minus", "score"))
EXTENSIONS = frozenset(("deck_size", "deck_card_counts", "faceup_card_counts"))
PHASES = frozenset(("bid", "rebid", "take", "bomb", "over"))
SCENARIO_KEYS = frozenset(("game", "seats", "seed", "options", "deal", "step", "expect"))
DEAL_KEYS = frozenset(("faceup", "deck", "won", "minus"))
"""What SCENARIOS.md documents for a Die Bombe file: the corpus uses nothing else."""
VALUES = frozenset(range(3, 26, 2))
CLI_FILES = (
    "highest_pays_and_chooses_second_takes_the_other_free.toml",
    "bid_over_forty_is_illegal.toml",
    "malformed_a_value_card_twice.toml",
    "red_majority_doubles_the_reds.toml",
)


# --------------------------------------------------------------------------- the [expect] table


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def expect_problems(scenario: ScenarioFile) -> list[str]:
    """What is wrong with a file's ``[expect]`` table itself (empty when it is usable)."""
    expect = scenario.expect
    problems: list[str] = []
    if not scenario.header.startswith(("# RULES.md", "# SCENARIOS.md")):
        problems.append("the first line must be a comment quoting RULES.md or SCENARIOS.md")
    code = expect.get("exit")
    if not _is_int(code) or code not in (0, 1, 2):
        return [*problems, f"'exit' must be 0, 1 or 2, not {code!r}"]
    doc = scenario.doc
    if doc is None and code != 2:
        problems.append("a file that is not valid TOML can only expect exit 2")
    if doc is not None:
        if doc.get("game") != "diebombe":
            problems.append("a file of this corpus plays diebombe")
        extra = set(doc) - SCENARIO_KEYS
        deal = doc.get("deal")
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
        seats = expect.get("seats")
        if seats is not None:
            if not isinstance(seats, list) or not all(isinstance(s, Mapping) for s in seats):
                problems.append("'seats' must be a list of tables, one per seat")
            else:
                for index, seat in enumerate(seats):
                    if set(seat) - SEAT_FIELDS:
                        problems.append(f"seats[{index}]: unknown keys "
                                        f"{sorted(set(seat) - SEAT_FIELDS)}")
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
    elif keys - {"error_contains"}:
        problems.append(f"exit 2 prints no state; cannot check {sorted(keys)}")
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
            got = report.get("seats")
            if not isinstance(got, list) or len(got) != len(want):
                wrong.append(f"seats: expected {len(want)} seats, got {got!r}")
                continue
            for index, (partial, seat) in enumerate(zip(want, got, strict=True)):
                for field, value in partial.items():
                    if seat.get(field) != value:
                        wrong.append(f"seats[{index}].{field}: expected {value!r}, "
                                     f"got {seat.get(field)!r}")
        elif key == "deck_size":
            if len(report.get("deck", [])) != want:
                wrong.append(f"deck size: expected {want}, got {len(report.get('deck', []))}")
        elif key in ("deck_card_counts", "faceup_card_counts"):
            pile = report.get("deck" if key == "deck_card_counts" else "faceup", [])
            got_counts = {card: pile.count(card) for card in want}
            if got_counts != want:
                wrong.append(f"{key}: expected {want}, got {got_counts}")
        elif key not in report:
            wrong.append(f"{key}: missing from the output")
        elif report[key] != want:
            wrong.append(f"{key}: expected {want!r}, got {report[key]!r}")
    return wrong


def recount(seats: Sequence[Mapping[str, Any]], green_doubles: bool) -> list[int]:
    """RULES.md §5's scoring, counted from the output alone."""
    most_red = max(len(seat["red"]) for seat in seats)
    most_green = max(len(seat["green"]) for seat in seats)
    out = []
    for seat in seats:
        red = sum(seat["red"]) * (2 if len(seat["red"]) == most_red else 1)
        doubled = green_doubles and len(seat["green"]) == most_green
        green = sum(seat["green"]) * (2 if doubled else 1)
        out.append(red + green - seat["minus"])
    return out


def report_problems(report: Mapping[str, Any], green_doubles: bool = False) -> list[str]:
    """SCENARIOS.md's output shape and the rules every state keeps, whatever the file."""
    if set(report) != TOP_FIELDS:
        return [f"output fields {sorted(report)} are not {sorted(TOP_FIELDS)}"]
    problems: list[str] = []
    phase, seats, to_act = report["phase"], report["seats"], report["to_act"]
    if phase not in PHASES:
        problems.append(f"unknown phase {phase!r}")
    if not 3 <= len(seats) <= 6:
        problems.append(f"{len(seats)} seats")
    if not _is_int(report["round"]) or not 1 <= report["round"] <= 15:
        problems.append(f"round {report['round']!r} is not 1–15")
    if to_act != sorted(set(to_act)) or not set(to_act) <= set(range(len(seats))):
        problems.append(f"to_act {to_act} is not ascending seats of the table")
    cards: Counter[str] = Counter(report["faceup"] + report["deck"] + report["set_aside"])
    for index, seat in enumerate(seats):
        if set(seat) != SEAT_FIELDS:
            return [*problems, f"seats[{index}] fields {sorted(seat)} are not "
                                f"{sorted(SEAT_FIELDS)}"]
        for colour, prefix in (("red", "R"), ("green", "G")):
            if not set(seat[colour]) <= VALUES:
                problems.append(f"seats[{index}].{colour} has a value no card has")
            cards.update(f"{prefix}{value}" for value in seat[colour])
        if not _is_int(seat["minus"]) or seat["minus"] < 0:
            problems.append(f"seats[{index}].minus is {seat['minus']!r}")
    for card, count in cards.items():
        if count > (6 if card == "B" else 1):
            problems.append(f"{count} × {card} on the table")
    if problems:
        return problems
    scores = recount(seats, green_doubles)
    if [seat["score"] for seat in seats] != scores:
        problems.append(f"scores {[s['score'] for s in seats]} are not {scores}")
    if len(report["faceup"]) > 2:
        problems.append(f"{len(report['faceup'])} cards face up")
    if phase == "over":
        if to_act or report["faceup"] or report["deck"]:
            problems.append("when over, nobody acts and no card is left to play")
        ranking = report["ranking"]
        if sorted(ranking) != list(range(len(seats))):
            problems.append(f"ranking {ranking} does not list every seat once")
        else:
            keys = [(-scores[s], seats[s]["minus"]) for s in ranking]
            if keys != sorted(keys):
                problems.append(f"ranking {ranking} is not by score, then fewer minus points")
            for index, (a, b) in enumerate(pairwise(ranking)):
                if keys[index] == keys[index + 1] and a > b:
                    problems.append(f"a shared place lists seat {a} before seat {b}")
    else:
        if report["ranking"] != []:
            problems.append("a ranking before the end")
        if not to_act:
            problems.append("nobody to act in a game that is not over")
        if phase in ("take", "bomb") and len(to_act) != 1:
            problems.append(f"one seat takes or bombs, not {to_act}")
        if phase == "bomb" and report["faceup"]:
            problems.append("a bomb is played before the next cards are turned up")
        if phase in ("bid", "rebid", "take") and not report["faceup"]:
            problems.append(f"phase {phase} with nothing face up")
    return problems


# --------------------------------------------------------------------------- the tests


def _green_doubles(scenario: ScenarioFile) -> bool:
    options = (scenario.doc or {}).get("options", [])
    return isinstance(options, list) and "green_majority_doubles" in options


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_scenario(path: Path) -> None:
    scenario = ScenarioFile(path)
    problems = expect_problems(scenario)
    assert not problems, f"{path.name}: bad [expect]: {problems}"
    expect = scenario.expect
    outcome = run_file(path)
    report = outcome.report
    assert outcome.exit_code == expect["exit"], (
        f"{path.name}: exit {outcome.exit_code}, expected {expect['exit']}: {report}")
    if outcome.exit_code == 0:
        wrong = (report_problems(report, _green_doubles(scenario))
                 + state_mismatches(expect, report))
    else:
        wrong = error_problems(expect, outcome.exit_code, report)
    assert not wrong, f"{path.name}:\n  " + "\n  ".join(wrong)
    again = run_file(path)
    assert (again.exit_code, again.report) == (outcome.exit_code, report), (
        f"{path.name}: a second run gives a different result")


@pytest.mark.parametrize("name", CLI_FILES)
def test_cli_prints_one_json_line(name: str) -> None:
    path = SCENARIO_DIR / name
    expect = ScenarioFile(path).expect
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", str(path)],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 1, f"stdout must be one line, got {done.stdout!r} ({done.stderr!r})"
    assert done.returncode == expect["exit"]
    assert json.loads(lines[0]) == json.loads(json.dumps(run_file(path).report))


def test_corpus_is_large_enough() -> None:
    assert len(FILES) >= MIN_FILES, f"{len(FILES)} scenario files, at least {MIN_FILES} wanted"


def test_corpus_covers_every_phase_verb_option_and_exit_code() -> None:
    codes: set[int] = set()
    phases: set[str] = set()
    verbs: set[str] = set()
    options: set[str] = set()
    for path in FILES:
        scenario = ScenarioFile(path)
        codes.add(scenario.expect["exit"])
        if scenario.expect["exit"] != 0:
            continue
        phases.add(run_file(path).report["phase"])
        verbs.update(str(step.get("do")) for step in scenario.steps)
        options.update((scenario.doc or {}).get("options", []))
    assert codes == {0, 1, 2}
    assert phases == PHASES
    assert verbs == {"bid", "take", "bomb"}
    assert options == {"any_card_bombed", "green_majority_doubles"}


def test_the_checks_catch_a_wrong_report() -> None:
    """The checks themselves can fail: a report that differs anywhere checked is caught."""
    report: dict[str, Any] = {
        "phase": "over", "round": 15, "to_act": [], "faceup": [], "deck": [],
        "set_aside": ["B", "R7"],
        "seats": [{"red": [25, 5], "green": [], "minus": 0, "score": 60},
                  {"red": [21], "green": [3], "minus": 0, "score": 24},
                  {"red": [3], "green": [25, 23], "minus": 4, "score": 47}],
        "ranking": [0, 2, 1],
    }
    assert report_problems(report) == []
    assert report_problems(report, green_doubles=True)  # seat 2's greens would double
    expect = {"exit": 0, "phase": "over", "ranking": [0, 2, 1], "deck_size": 0,
              "faceup_card_counts": {"B": 0}, "seats": [{"score": 60}, {}, {"minus": 4}]}
    assert state_mismatches(expect, report) == []
    for key, wrong in (("phase", "bid"), ("ranking", [0, 1, 2]), ("deck_size", 1),
                       ("faceup_card_counts", {"B": 1}), ("seats", [{"score": 61}, {}, {}]),
                       ("seats", [{}])):
        assert state_mismatches({**expect, key: wrong}, report), f"{key}={wrong!r} not caught"
    broken: list[dict[str, Any]] = [
        {**report, "ranking": [2, 0, 1]},
        {**report, "to_act": [1]},
        {**report, "round": 0},
        {**report, "set_aside": ["R25"]},
        {**report, "seats": [{**report["seats"][0], "score": 59}, *report["seats"][1:]]},
        {**report, "game": "diebombe"},
        {**report, "phase": "bid", "ranking": []},  # nobody to act, nothing face up
    ]
    for wrong_report in broken:
        assert report_problems(wrong_report), f"{wrong_report} not caught"
    assert count_checks({"exit": 0, "seats": [{}, {}, {}]}) == 0
    assert error_problems({"exit": 1, "step": 2}, 1, {"error": "no", "step": 1})
