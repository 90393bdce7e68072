"""The scenario corpus's runner, shared by every family (tests/test_scenarios.py runs it).

Each family of the registry that reads scenario files (its kit has a ``scenario`` reader) keeps
them in ``tests/scenarios/<family>/``, beside ``expect.py``: its :class:`Expectations`, what
its ``[expect]`` tables may say and what every output of its files must keep (SCENARIOS.md is
the contract, RULES.md the law each file pins).

Every file is a normal scenario plus an ``[expect]`` table that the runner ignores. ``[expect]``
must be the last table of the file (its sub-tables may follow it), so that it can be read even
from a file whose scenario part is deliberately not valid TOML. Keys every family shares:

- ``exit`` (required): 0, 1 or 2.
- exit 0: the family's checks (``Expectations.exit0_keys``); at least one real check is
  required: a file that only says ``exit = 0`` cannot fail and is rejected.
- exit 1: ``step`` (required, the index of the illegal step) and optionally ``error_contains``.
- exit 2: optionally ``error_contains``.

Besides the file's own checks, every exit-0 output must keep the family's rules
(``Expectations.report_problems``), every error report is one line, and every run is
deterministic.
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules import registry

SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"


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

    @staticmethod
    def of_text(text: str, name: str = "made.toml") -> ScenarioFile:
        """A file made in a test, never written to disk."""
        scenario = ScenarioFile.__new__(ScenarioFile)
        scenario.path = Path(name)
        scenario.text = text
        scenario.header = text.splitlines()[0]
        scenario.doc = tomllib.loads(text)
        scenario.expect = scenario.doc["expect"]
        return scenario

    @property
    def steps(self) -> list[Any]:
        steps = (self.doc or {}).get("step", [])
        return steps if isinstance(steps, list) else []


@dataclass(frozen=True)
class Expectations:
    """One family's rules for its corpus. ``games``: the ids its files play (the registry's
    games of the family); ``scenario_keys``, ``deal_keys`` and ``step_keys``: what its part of
    SCENARIOS.md documents (``None``: not checked); ``exit0_keys``: what an exit-0 ``[expect]``
    may compare; ``exit0_problems``: the family's own checks of those values;
    ``state_mismatches(expect, report)``: every way an output differs from the expectation;
    ``report_problems(report, scenario)``: the rules every output of the family keeps;
    ``coverage(files)``: what the corpus as a whole must pin (every card, verb, exit code…);
    ``self_check()``: proof that the family's checks fail on a wrong report."""

    family: str
    min_files: int
    headers: tuple[str, ...]
    scenario_keys: frozenset[str]
    exit0_keys: frozenset[str]
    state_mismatches: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]]
    report_problems: Callable[[Mapping[str, Any], ScenarioFile], list[str]]
    coverage: Callable[[list[ScenarioFile]], list[str]]
    self_check: Callable[[], None]
    cli_files: tuple[str, ...]
    deal_keys: frozenset[str] | None = None
    step_keys: frozenset[str] | None = None
    exit0_problems: Callable[[Mapping[str, Any]], list[str]] = lambda expect: []

    @property
    def folder(self) -> Path:
        return SCENARIO_DIR / self.family

    @property
    def files(self) -> list[Path]:
        return sorted(self.folder.glob("*.toml"))

    @property
    def games(self) -> frozenset[str]:
        return frozenset(game.id for kit in registry.kits() if kit.family == self.family
                         for game in kit.games)


def scenario_families() -> list[str]:
    """The families of the registry that read scenario files."""
    return [kit.family for kit in registry.kits() if kit.scenario is not None]


def expectations(family: str) -> Expectations:
    """``tests/scenarios/<family>/expect.py``'s ``EXPECT``."""
    module = importlib.import_module(f"tests.scenarios.{family}.expect")
    found: Expectations = module.EXPECT
    assert found.family == family
    return found


# --------------------------------------------------------------------------- the [expect] table


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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


def expect_problems(scenario: ScenarioFile, family: Expectations) -> list[str]:
    """What is wrong with a file's ``[expect]`` table itself (empty when it is usable)."""
    expect = scenario.expect
    problems: list[str] = []
    if not scenario.header.startswith(family.headers):
        quoted = " or ".join(header.lstrip("# ") for header in family.headers)
        problems.append(f"the first line must be a comment quoting {quoted}")
    code = expect.get("exit")
    if not is_int(code) or code not in (0, 1, 2):
        return [*problems, f"'exit' must be 0, 1 or 2, not {code!r}"]
    problems.extend(_doc_problems(scenario, family))
    if code != 2 and scenario.doc is None:
        problems.append("a file that is not valid TOML can only expect exit 2")
    if "error_contains" in expect and not (
            isinstance(expect["error_contains"], str) and expect["error_contains"]):
        problems.append("'error_contains' must be a non-empty string")
    keys = set(expect) - {"exit"}
    if code == 0:
        unknown = keys - family.exit0_keys
        if unknown:
            problems.append(f"unknown keys for exit 0: {sorted(unknown)}")
        problems.extend(family.exit0_problems(expect))
        if count_checks(expect) == 0:
            problems.append("exit 0 with nothing else to check: this file cannot fail")
    elif code == 1:
        unknown = keys - {"step", "error_contains"}
        if unknown:
            problems.append(f"exit 1 prints no state; cannot check {sorted(unknown)}")
        step: Any = expect.get("step")
        if not is_int(step):
            problems.append("exit 1 needs 'step', the index of the illegal step")
        elif not 0 <= step < len(scenario.steps):
            problems.append(f"'step' {step} is not a step of this file ({len(scenario.steps)})")
    else:
        unknown = keys - {"error_contains"}
        if unknown:
            problems.append(f"exit 2 prints no state; cannot check {sorted(unknown)}")
    return problems


def _doc_problems(scenario: ScenarioFile, family: Expectations) -> list[str]:
    """The scenario part: one of the family's games, and only what SCENARIOS.md documents."""
    doc = scenario.doc
    if doc is None:
        return []
    problems = []
    if doc.get("game") not in family.games:
        problems.append(f"a file of this corpus plays one of {sorted(family.games)}")
    extra = set(doc) - family.scenario_keys - {"expect"}
    deal = doc.get("deal")
    if family.deal_keys is not None and isinstance(deal, Mapping):
        extra |= {f"deal.{key}" for key in set(deal) - family.deal_keys}
    if extra:
        problems.append(f"fields SCENARIOS.md does not document: {sorted(extra)}")
    if family.step_keys is not None:
        for index, step in enumerate(scenario.steps):
            if isinstance(step, Mapping) and set(step) - family.step_keys:
                problems.append(f"step {index}: undocumented "
                                f"{sorted(set(step) - family.step_keys)}")
    return problems


# --------------------------------------------------------------------------- comparing


def mismatches(expect: Mapping[str, Any], report: Mapping[str, Any]) -> list[str]:
    """The plain comparison of the output's top-level fields every family starts from."""
    wrong = []
    for key, want in expect.items():
        if key not in report:
            wrong.append(f"{key}: missing from the output")
        elif report[key] != want:
            wrong.append(f"{key}: expected {want!r}, got {report[key]!r}")
    return wrong


def seat_mismatches(want: list[Mapping[str, Any]], got: Any) -> list[str]:
    """``seats`` as partial per-seat tables (``{}``: that seat is not checked)."""
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


def seat_expect_problems(seats: Any, fields: frozenset[str]) -> list[str]:
    """An expected ``seats``: a list of tables, one per seat, naming only ``fields``."""
    if seats is None:
        return []
    if not isinstance(seats, list) or not all(isinstance(s, Mapping) for s in seats):
        return ["'seats' must be a list of tables, one per seat ({} = not checked)"]
    problems = []
    for index, seat in enumerate(seats):
        unknown = set(seat) - fields
        if unknown:
            problems.append(f"seats[{index}]: unknown keys {sorted(unknown)}")
    return problems


def error_problems(expect: Mapping[str, Any], code: int, report: Mapping[str, Any]) -> list[str]:
    """An exit-1 or exit-2 report: exactly its fields, one line of error, the right step."""
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


def shared_self_check() -> None:
    """The shared checks can fail too."""
    assert count_checks({"exit": 0, "seats": [{}, {}]}) == 0
    assert error_problems({"exit": 1, "step": 2}, 1, {"error": "no", "step": 1})
    assert error_problems({"exit": 2, "error_contains": "seat"}, 2, {"error": "no"})
    assert error_problems({"exit": 2}, 2, {"error": "two\nlines"})
    assert seat_mismatches([{"hand": []}], [{"hand": ["x"]}])
    assert mismatches({"phase": "play"}, {"phase": "over"})
