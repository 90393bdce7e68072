"""The Caza Bombas corpus's expectations (SCENARIOS.md "Caza Bombas" is the contract, RULES.md §4
and docs/RULES-CHOICES.md the law each file pins), read by tests/scenario_runner.py.

Exit-0 ``[expect]`` keys: any of the output's fields ``phase``, ``current``, ``captain``,
``mistakes_left``, ``won``, ``equipment``, ``detectors_used`` (compared exactly), and, since TOML
has no null for the ``token`` and ``won`` fields, these readings of ``players``: ``wires``
(every stand's sort values), ``cut`` (every cut wire as [seat, stand, index]), ``tokens``
(every token as [seat, stand, index, value]), ``stand_sizes``, ``wire_counts`` ({blue, yellow,
red}), ``equipment_count`` and ``equipment_without`` (card numbers that must not be in play).

Every exit-0 output must also be well formed and consistent: fields, sorted stands, the dial in
bounds, ``won`` and ``phase`` agreeing, equipment unlocked exactly when two of its wires are cut.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tests.scenario_runner import Expectations, ScenarioFile, expect_problems

TOP_FIELDS = ("phase", "current", "captain", "mistakes_left", "won", "equipment",
              "detectors_used", "players")
CHECKED = frozenset(TOP_FIELDS) - {"players"}
EXTENSIONS = frozenset(("wires", "cut", "tokens", "stand_sizes", "wire_counts",
                        "equipment_count", "equipment_without"))
SCENARIO_KEYS = frozenset(("game", "seats", "mission", "captain", "seed", "equipment", "deal",
                           "step", "expect"))
STEP_KEYS = frozenset(("seat", "do", "stand", "index", "indices", "target", "value", "values",
                       "own", "card"))
"""What SCENARIOS.md documents for a Caza Bombas file: the corpus uses nothing else."""
VERBS = ("token", "dual_cut", "double_detector", "solo_cut", "reveal_reds", "equipment")
CLI_FILES = ("dual_cut_right_cuts_both_wires.toml", "malformed_unsorted_stand.toml",
             "dual_cut_naming_a_value_you_lack_is_illegal.toml")


# --------------------------------------------------------------------------- readings


def _cut(report: Mapping[str, Any]) -> list[list[int]]:
    return sorted([seat, stand, index]
                  for seat, player in enumerate(report["players"])
                  for stand, wires in enumerate(player)
                  for index, wire in enumerate(wires) if wire["cut"])


def _tokens(report: Mapping[str, Any]) -> list[list[Any]]:
    return sorted(([seat, stand, index, wire["token"]]
                   for seat, player in enumerate(report["players"])
                   for stand, wires in enumerate(player)
                   for index, wire in enumerate(wires) if wire["token"] is not None), key=str)


def _kind(wire: int | float) -> str:
    if isinstance(wire, int):
        return "blue"
    return "yellow" if round(wire * 10) % 10 == 1 else "red"


def reading(key: str, report: Mapping[str, Any]) -> Any:
    players = report["players"]
    if key == "wires":
        return [[[wire["wire"] for wire in stand] for stand in player] for player in players]
    if key == "cut":
        return _cut(report)
    if key == "tokens":
        return _tokens(report)
    if key == "stand_sizes":
        return [[len(stand) for stand in player] for player in players]
    if key == "wire_counts":
        counts = {"blue": 0, "yellow": 0, "red": 0}
        for player in players:
            for stand in player:
                for wire in stand:
                    counts[_kind(wire["wire"])] += 1
        return counts
    if key == "equipment_count":
        return len(report["equipment"])
    if key == "equipment_without":
        return None
    return report.get(key, "<missing>")


def state_mismatches(expect: Mapping[str, Any], report: Mapping[str, Any]) -> list[str]:
    wrong = []
    for key, want in expect.items():
        if key == "exit":
            continue
        if key == "equipment_without":
            present = sorted({card["number"] for card in report["equipment"]} & set(want))
            if present:
                wrong.append(f"equipment {present} should not be in play")
            continue
        if key == "tokens":
            want = sorted(want, key=str)
        if key == "cut":
            want = sorted(want)
        got = reading(key, report)
        if got != want:
            wrong.append(f"{key}: expected {want!r}, got {got!r}")
    return wrong


def report_problems(report: Mapping[str, Any], scenario: ScenarioFile | None = None
                    ) -> list[str]:
    """SCENARIOS.md's output shape and what every state must keep, whatever the file."""
    if list(report) != list(TOP_FIELDS):
        return [f"output fields {list(report)} are not {list(TOP_FIELDS)}"]
    problems: list[str] = []
    phase, won = report["phase"], report["won"]
    if phase not in ("setup", "play", "over"):
        problems.append(f"unknown phase {phase!r}")
    if (phase == "over") != (won is not None):
        problems.append(f"phase {phase} with won={won}")
    seats = len(report["players"])
    if not 0 <= report["mistakes_left"] <= seats - 1:
        problems.append(f"mistakes_left {report['mistakes_left']} outside 0–{seats - 1}")
    if len(report["detectors_used"]) != seats:
        problems.append("detectors_used is not one flag per seat")
    for field in ("current", "captain"):
        if not 0 <= report[field] < seats:
            problems.append(f"{field} {report[field]} is not a seat")
    cut_blue: dict[int, int] = {}
    everything_cut = True
    for player in report["players"]:
        for stand in player:
            values = [wire["wire"] for wire in stand]
            if values != sorted(values):
                problems.append(f"a stand out of order: {values}")
            for wire in stand:
                if set(wire) != {"wire", "cut", "token"}:
                    problems.append(f"wire fields {sorted(wire)}")
                if wire["cut"] and isinstance(wire["wire"], int):
                    cut_blue[wire["wire"]] = cut_blue.get(wire["wire"], 0) + 1
                everything_cut &= wire["cut"]
                token = wire["token"]
                kind = _kind(wire["wire"])
                if token is not None and token != (wire["wire"] if kind == "blue" else kind):
                    problems.append(f"token {token!r} in front of {wire['wire']}")
    if won is True and not everything_cut:
        problems.append("won with a wire uncut")
    numbers = [card["number"] for card in report["equipment"]]
    if numbers != sorted(set(numbers)):
        problems.append(f"equipment {numbers} not sorted or repeated")
    for card in report["equipment"]:
        if card["unlocked"] != (cut_blue.get(card["number"], 0) >= 2):
            problems.append(f"equipment {card['number']} unlocked={card['unlocked']} with "
                            f"{cut_blue.get(card['number'], 0)} of its wires cut")
        if card["used"] and not card["unlocked"]:
            problems.append(f"equipment {card['number']} used while locked")
    return problems


def coverage(files: list[ScenarioFile]) -> list[str]:
    """Every verb and equipment card in a legal scenario, every mission set up, and the
    two-player variant of missions 4–8 pinned."""
    verbs: set[str] = set()
    cards: set[int] = set()
    missions: dict[int, set[int]] = {}
    for scenario in files:
        doc = scenario.doc or {}
        if scenario.expect["exit"] == 0:
            missions.setdefault(doc.get("mission", 1), set()).add(doc.get("seats", 0))
            for step in scenario.steps:
                verbs.add(step["do"])
                if step["do"] == "equipment":
                    cards.add(step["card"])
    problems = []
    if verbs != set(VERBS):
        problems.append(f"no legal scenario uses {set(VERBS) - verbs}")
    if cards != set(range(1, 13)):
        problems.append(f"no legal scenario uses card {set(range(1, 13)) - cards}")
    if set(missions) != set(range(1, 9)):
        problems.append(f"missions never set up: {missions}")
    problems.extend(f"mission {number}'s two-player variant is not pinned"
                    for number in range(4, 9) if 2 not in missions.get(number, set()))
    return problems


def self_check() -> None:
    """The checks themselves can fail: a report that differs anywhere checked is caught."""
    report = {
        "phase": "play", "current": 1, "captain": 0, "mistakes_left": 1, "won": None,
        "equipment": [{"number": 6, "unlocked": False, "used": False}],
        "detectors_used": [False, False],
        "players": [[[{"wire": 1, "cut": True, "token": None},
                      {"wire": 2.1, "cut": False, "token": "yellow"}]],
                    [[{"wire": 1, "cut": True, "token": 1},
                      {"wire": 7.5, "cut": False, "token": None}]]],
    }
    assert report_problems(report) == []
    expect = {"exit": 0, "current": 1, "wires": [[[1, 2.1]], [[1, 7.5]]],
              "cut": [[1, 0, 0], [0, 0, 0]], "tokens": [[1, 0, 0, 1], [0, 0, 1, "yellow"]],
              "stand_sizes": [[2], [2]], "wire_counts": {"blue": 2, "yellow": 1, "red": 1},
              "equipment_count": 1, "equipment_without": [2, 12]}
    assert state_mismatches(expect, report) == []
    for key, wrong in (("current", 0), ("wires", [[[1, 2.1]], [[1, 7]]]), ("cut", [[0, 0, 0]]),
                       ("tokens", [[1, 0, 0, 1]]), ("stand_sizes", [[2], [1]]),
                       ("wire_counts", {"blue": 3, "yellow": 0, "red": 1}),
                       ("equipment_count", 2), ("equipment_without", [6])):
        assert state_mismatches({**expect, key: wrong}, report), f"{key}={wrong!r} not caught"
    for broken in ({"phase": "over"}, {"mistakes_left": 2}, {"current": 5},
                   {"equipment": [{"number": 6, "unlocked": True, "used": False}]},
                   {"detectors_used": [False]}):
        assert report_problems({**report, **broken}), broken
    unsorted = json.loads(json.dumps(report))
    unsorted["players"][0][0].reverse()
    assert report_problems(unsorted)
    wrong_token = json.loads(json.dumps(report))
    wrong_token["players"][1][0][0]["token"] = 2
    assert report_problems(wrong_token)
    made = ScenarioFile.of_text('# RULES.md x\ngame = "cazabombas"\n[expect]\nexit = 0\n')
    assert expect_problems(made, EXPECT)


EXPECT = Expectations(
    family="cazabombas", min_files=40,
    headers=("# RULES.md", "# SCENARIOS.md", "# RULES-CHOICES.md"),
    scenario_keys=SCENARIO_KEYS, step_keys=STEP_KEYS, exit0_keys=CHECKED | EXTENSIONS,
    state_mismatches=state_mismatches, report_problems=report_problems, coverage=coverage,
    self_check=self_check, cli_files=CLI_FILES,
)
