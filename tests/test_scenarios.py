"""The scenario corpus of every family of the registry, through one runner
(tests/scenario_runner.py): every ``tests/scenarios/<family>/*.toml`` checked against its
``[expect]`` table and its family's expectations (``tests/scenarios/<family>/expect.py``);
a few files through the command line too; each corpus large enough and covering what its
family must pin; and each family's checks proved able to fail."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.scenario import run_file
from tests.scenario_runner import (
    SCENARIO_DIR,
    ScenarioFile,
    error_problems,
    expect_problems,
    expectations,
    scenario_families,
    shared_self_check,
)

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = scenario_families()
FILES = [(family, path) for family in FAMILIES for path in expectations(family).files]
CLI_FILES = [(family, name) for family in FAMILIES for name in expectations(family).cli_files]


def _id(item: tuple[str, Path | str]) -> str:
    family, path = item
    return f"{family}/{Path(path).stem}"


@pytest.mark.parametrize("item", FILES, ids=_id)
def test_scenario(item: tuple[str, Path]) -> None:
    family, path = item
    expected = expectations(family)
    scenario = ScenarioFile(path)
    problems = expect_problems(scenario, expected)
    assert not problems, f"{path.name}: bad [expect]: {problems}"
    expect = scenario.expect
    outcome = run_file(path)
    report = outcome.report
    assert outcome.exit_code == expect["exit"], (
        f"{path.name}: exit {outcome.exit_code}, expected {expect['exit']}: {report}")
    if outcome.exit_code == 0:
        wrong = (expected.report_problems(report, scenario)
                 + expected.state_mismatches(expect, report))
    else:
        wrong = error_problems(expect, outcome.exit_code, report)
    assert not wrong, f"{path.name}:\n  " + "\n  ".join(wrong)
    again = run_file(path)
    assert (again.exit_code, again.report) == (outcome.exit_code, report), (
        f"{path.name}: a second run gives a different result")


@pytest.mark.parametrize("item", CLI_FILES, ids=_id)
def test_cli_prints_one_json_line(item: tuple[str, str]) -> None:
    family, name = item
    path = expectations(family).folder / name
    expect = ScenarioFile(path).expect
    done = subprocess.run(
        [sys.executable, "-m", "game", "scenario", str(path)],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 1, f"stdout must be one line, got {done.stdout!r} (stderr {done.stderr!r})"
    assert done.returncode == expect["exit"]
    assert json.loads(lines[0]) == json.loads(json.dumps(run_file(path).report))


@pytest.mark.parametrize("family", FAMILIES)
def test_corpus_is_large_enough(family: str) -> None:
    expected = expectations(family)
    assert len(expected.files) >= expected.min_files, (
        f"{len(expected.files)} {family} scenario files, at least {expected.min_files} wanted")


@pytest.mark.parametrize("family", FAMILIES)
def test_corpus_covers_every_exit_code_and_what_its_family_pins(family: str) -> None:
    expected = expectations(family)
    files = [ScenarioFile(path) for path in expected.files]
    assert {scenario.expect["exit"] for scenario in files} == {0, 1, 2}
    missing = expected.coverage(files)
    assert not missing, missing


@pytest.mark.parametrize("family", FAMILIES)
def test_the_checks_catch_a_wrong_report(family: str) -> None:
    shared_self_check()
    expectations(family).self_check()


def test_every_family_keeps_its_scenarios_and_expectations_together() -> None:
    """Derived from the registry: a family that reads scenario files has a folder of them
    with its expectations beside; no scenario file lies outside a family's folder."""
    assert FAMILIES
    for family in FAMILIES:
        expected = expectations(family)
        assert expected.folder.is_dir() and expected.files, f"no scenario files for {family}"
        assert expected.games, f"{family} names no game of the registry"
    stray = [path for path in SCENARIO_DIR.rglob("*.toml")
             if path.parent.name not in FAMILIES or path.parent.parent != SCENARIO_DIR]
    assert not stray, f"scenario files outside a family's folder: {stray}"
