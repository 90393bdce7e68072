"""The Die Bombe corpus's expectations (SCENARIOS.md "Die Bombe" is the contract, RULES.md §5 the
law each file pins; docs/RULES-CHOICES.md "Die Bombe" the choices where both are silent), read
by tests/scenario_runner.py.

Exit-0 ``[expect]`` keys: any subset of the output's fields (``seats`` as partial per-seat
tables) plus three extensions for a seeded deal (``deck_size``, ``deck_card_counts``,
``faceup_card_counts``).

Every exit-0 output must have exactly SCENARIOS.md's fields and keep the rules whatever the
file: no card twice (a bomb at most six times), every score recounted here from the red, green
and minus shown (a separate count from the engine's), the ranking ordered by score then fewer
minus points, nobody to act when over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from game.rules.scenario import run_file
from tests.scenario_runner import (
    Expectations,
    ScenarioFile,
    is_int,
    mismatches,
    seat_expect_problems,
    seat_mismatches,
)

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


def exit0_problems(expect: Mapping[str, Any]) -> list[str]:
    return seat_expect_problems(expect.get("seats"), SEAT_FIELDS)


def state_mismatches(expect: Mapping[str, Any], report: Mapping[str, Any]) -> list[str]:
    """Every way an exit-0 report differs from the expectation (empty when it matches)."""
    wrong: list[str] = []
    for key, want in expect.items():
        if key == "exit":
            continue
        if key == "seats":
            wrong.extend(seat_mismatches(want, report.get("seats")))
        elif key == "deck_size":
            if len(report.get("deck", [])) != want:
                wrong.append(f"deck size: expected {want}, got {len(report.get('deck', []))}")
        elif key in ("deck_card_counts", "faceup_card_counts"):
            pile = report.get("deck" if key == "deck_card_counts" else "faceup", [])
            got_counts = {card: pile.count(card) for card in want}
            if got_counts != want:
                wrong.append(f"{key}: expected {want}, got {got_counts}")
        else:
            wrong.extend(mismatches({key: want}, report))
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


def _green_doubles(scenario: ScenarioFile | None) -> bool:
    options = (scenario.doc or {}).get("options", []) if scenario is not None else []
    return isinstance(options, list) and "green_majority_doubles" in options


def report_problems(report: Mapping[str, Any], scenario: ScenarioFile | None = None,
                    green_doubles: bool | None = None) -> list[str]:
    """SCENARIOS.md's output shape and the rules every state keeps, whatever the file (the
    green majority doubles when the file's options say so)."""
    if green_doubles is None:
        green_doubles = _green_doubles(scenario)
    if set(report) != TOP_FIELDS:
        return [f"output fields {sorted(report)} are not {sorted(TOP_FIELDS)}"]
    problems: list[str] = []
    phase, seats, to_act = report["phase"], report["seats"], report["to_act"]
    if phase not in PHASES:
        problems.append(f"unknown phase {phase!r}")
    if not 3 <= len(seats) <= 6:
        problems.append(f"{len(seats)} seats")
    if not is_int(report["round"]) or not 1 <= report["round"] <= 15:
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
        if not is_int(seat["minus"]) or seat["minus"] < 0:
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


def coverage(files: list[ScenarioFile]) -> list[str]:
    """Every phase reached, every verb and option used by a legal scenario."""
    phases: set[str] = set()
    verbs: set[str] = set()
    options: set[str] = set()
    for scenario in files:
        if scenario.expect["exit"] != 0:
            continue
        phases.add(run_file(scenario.path).report["phase"])
        verbs.update(str(step.get("do")) for step in scenario.steps)
        options.update((scenario.doc or {}).get("options", []))
    wanted = ((phases, PHASES, "phases"), (verbs, {"bid", "take", "bomb"}, "verbs"),
              (options, {"any_card_bombed", "green_majority_doubles"}, "options"))
    return [f"{name}: the corpus reaches {sorted(got)}, not {sorted(want)}"
            for got, want, name in wanted if got != want]


def self_check() -> None:
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


EXPECT = Expectations(
    family="diebombe", min_files=30, headers=("# RULES.md", "# SCENARIOS.md"),
    scenario_keys=SCENARIO_KEYS, deal_keys=DEAL_KEYS, exit0_keys=TOP_FIELDS | EXTENSIONS,
    exit0_problems=exit0_problems, state_mismatches=state_mismatches,
    report_problems=report_problems, coverage=coverage, self_check=self_check,
    cli_files=CLI_FILES,
)
