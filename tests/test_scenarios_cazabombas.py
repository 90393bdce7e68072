"""The Caza Bombas scenario corpus: every ``tests/scenarios/cazabombas/*.toml`` through the
runner, checked against its ``[expect]`` table (SCENARIOS.md "Caza Bombas" is the contract,
RULES.md §4 and docs/RULES-CHOICES.md the law each file pins).

``[expect]`` must be the last table of the file. Keys:

- ``exit`` (required): 0, 1 or 2.
- exit 0: any of the output's fields ``phase``, ``current``, ``captain``, ``mistakes_left``,
  ``won``, ``equipment``, ``detectors_used`` (compared exactly), and, since TOML has no null
  for the ``token`` and ``won`` fields, these readings of ``players``: ``wires`` (every stand's
  sort values), ``cut`` (every cut wire as [seat, stand, index]), ``tokens`` (every token as
  [seat, stand, index, value]), ``stand_sizes``, ``wire_counts`` ({blue, yellow, red}),
  ``equipment_count`` and ``equipment_without`` (card numbers that must not be in play). At
  least one check is required: a file that only says ``exit = 0`` cannot fail.
- exit 1: ``step`` (required) and optionally ``error_contains``.
- exit 2: optionally ``error_contains``.

Every exit-0 output must also be well formed and consistent (fields, sorted stands, the dial
in bounds, ``won`` and ``phase`` agreeing, equipment unlocked exactly when two of its wires are
cut), and every run deterministic.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from game.rules.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios" / "cazabombas"
FILES = sorted(SCENARIO_DIR.glob("*.toml"))
MIN_FILES = 40

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


class ScenarioFile:
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

    @property
    def steps(self) -> list[Any]:
        steps = (self.doc or {}).get("step", [])
        return steps if isinstance(steps, list) else []


def expect_problems(scenario: ScenarioFile) -> list[str]:
    expect = scenario.expect
    problems: list[str] = []
    if not scenario.header.startswith(("# RULES.md", "# SCENARIOS.md", "# RULES-CHOICES.md")):
        problems.append("the first line must be a comment quoting the rule it pins")
    code = expect.get("exit")
    if code not in (0, 1, 2) or isinstance(code, bool):
        return [*problems, f"'exit' must be 0, 1 or 2, not {code!r}"]
    doc = scenario.doc
    if doc is None and code != 2:
        problems.append("a file that is not valid TOML can only expect exit 2")
    if doc is not None:
        if doc.get("game") != "cazabombas":
            problems.append("every file of this corpus is a cazabombas table")
        extra = set(doc) - SCENARIO_KEYS
        if extra:
            problems.append(f"fields SCENARIOS.md does not document: {sorted(extra)}")
        for index, step in enumerate(scenario.steps):
            if isinstance(step, Mapping) and set(step) - STEP_KEYS:
                problems.append(f"step {index}: undocumented {sorted(set(step) - STEP_KEYS)}")
    keys = set(expect) - {"exit"}
    if code == 0:
        unknown = keys - CHECKED - EXTENSIONS
        if unknown:
            problems.append(f"unknown keys for exit 0: {sorted(unknown)}")
        if not keys:
            problems.append("exit 0 with nothing else to check: this file cannot fail")
    elif code == 1:
        if keys - {"step", "error_contains"}:
            problems.append("exit 1 prints no state")
        step = expect.get("step")
        if not isinstance(step, int) or not 0 <= step < len(scenario.steps):
            problems.append("exit 1 needs 'step', the index of one of the file's steps")
    elif keys - {"error_contains"}:
        problems.append("exit 2 prints no state")
    return problems


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


def report_problems(report: Mapping[str, Any]) -> list[str]:
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
        wrong = report_problems(report) + state_mismatches(expect, report)
    else:
        wrong = error_problems(expect, outcome.exit_code, report)
    assert not wrong, f"{path.name}:\n  " + "\n  ".join(wrong)
    again = run_file(path)
    assert (again.exit_code, again.report) == (outcome.exit_code, report)


@pytest.mark.parametrize("name", CLI_FILES)
def test_cli_prints_one_json_line(name: str) -> None:
    path = SCENARIO_DIR / name
    expect = ScenarioFile(path).expect
    done = subprocess.run([sys.executable, "-m", "game", "scenario", str(path)], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=60,
                          check=False)
    lines = done.stdout.splitlines()
    assert len(lines) == 1, (done.stdout, done.stderr)
    assert done.returncode == expect["exit"]
    assert json.loads(lines[0]) == json.loads(json.dumps(run_file(path).report))


def test_corpus_is_large_enough_and_covers_every_verb_card_and_exit() -> None:
    assert len(FILES) >= MIN_FILES, f"{len(FILES)} files, at least {MIN_FILES} wanted"
    verbs: set[str] = set()
    cards: set[int] = set()
    codes: set[int] = set()
    missions: dict[int, set[int]] = {}
    for path in FILES:
        scenario = ScenarioFile(path)
        codes.add(scenario.expect["exit"])
        doc = scenario.doc or {}
        if scenario.expect["exit"] == 0:
            missions.setdefault(doc.get("mission", 1), set()).add(doc.get("seats", 0))
            for step in scenario.steps:
                verbs.add(step["do"])
                if step["do"] == "equipment":
                    cards.add(step["card"])
    assert codes == {0, 1, 2}
    assert verbs == set(VERBS), f"no legal scenario uses {set(VERBS) - verbs}"
    assert cards == set(range(1, 13)), f"no legal scenario uses card {set(range(1, 13)) - cards}"
    assert set(missions) == set(range(1, 9)), f"missions never set up: {missions}"
    for number in range(4, 9):
        assert 2 in missions[number], f"mission {number}'s two-player variant is not pinned"


def test_the_checks_catch_a_wrong_engine() -> None:
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
    assert error_problems({"exit": 1, "step": 2}, 1, {"error": "no", "step": 1})
    assert expect_problems(_fake('# RULES.md x\ngame = "cazabombas"\n[expect]\nexit = 0\n'))


def _fake(text: str) -> ScenarioFile:
    class Fake(ScenarioFile):
        def __init__(self) -> None:
            self.path = Path("fake.toml")
            self.text = text
            self.header = text.splitlines()[0]
            self.doc = tomllib.loads(text)
            self.expect = self.doc["expect"]
    return Fake()
