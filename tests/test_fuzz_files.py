"""Fuzzing the files the game reads when it starts (issue 8: an attack found 17 saves that
crashed every launch, all of one cause, and settings files that stopped the game).

- Saves: real unfinished games, changed a little (numbers, seats, seeds, options, types, keys
  dropped, the moves cut or shuffled, huge numbers, the text cut short, a stray byte), written
  as version 1 or sealed as version 2. ``Autosaver.load_unfinished`` either returns a game that
  rebuilds as a real ``Match`` whose code encodes (the table shows it on every frame), or
  raises ``DamagedSave`` with the file set aside unchanged. The screens get the same check in
  ``tests/ui/test_files_attacks.py``.
- Settings: random JSON per key, random bytes. ``Settings.load`` never raises, every key it
  gives is valid, and the last-resort catch-all is never needed.
- ``python -m game soak --saves N`` runs the same attacks (``game.tools.savefuzz``).
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.core.codes import SEED_SPACE
from game.core.errors import MalformedInput
from game.core.saves import loads, read_save
from game.match.autosave import FILE_NAME, Autosaver, DamagedSave, Unfinished, restore_curtain
from game.match.flow import INSTANT, TableFlow
from game.match.match import Match
from game.rules.codes import canonical_config
from game.tools import savefuzz
from game.tools.savefuzz import ODD_VALUES, dropped, paths, replaced, sealed
from game.ui.settings import FILE_NAME as SETTINGS_FILE
from game.ui.settings import Settings

pytestmark = pytest.mark.slow  # fuzzing saves and settings files: 18 s of a core (CI runs it)

ROOT = Path(__file__).resolve().parent.parent
V1_FILE = Path(__file__).parent / "data" / "current-v1.json"
SEAT_NAMES = ["person", "lanzado", "astuto", "despiadado", "maestro", "wizard", "", "PERSON"]
OPTION_NAMES = ["advanced_combos", "mission1", "mission3", "any_card_bombed", "x"]


@cache
def bases() -> tuple[dict[str, Any], ...]:
    """Real unfinished games as plain data with the table's ``extra``: every table the soak
    attacks, and 0.1.0's own file."""
    v1 = json.loads(V1_FILE.read_text(encoding="utf-8"))
    return (*savefuzz.real_saves(0), v1)


# --- what an attacker writes ---------------------------------------------------------------

odd = st.one_of(st.sampled_from(ODD_VALUES), st.integers(), st.floats(),
                st.text(max_size=6), st.lists(st.integers(-2, 9), max_size=3))
seeds = st.one_of(st.integers(SEED_SPACE - 2, SEED_SPACE + 2), st.integers(min_value=0),
                  st.integers(), st.sampled_from([2**64, -1, 0.5, "1", None]))


@st.composite
def attacked_tree(draw: st.DrawFn) -> Any:
    """A real save (plain data) after one to three attacks."""
    tree: Any = draw(st.sampled_from(bases()))
    for _ in range(draw(st.integers(0, 3))):
        if not isinstance(tree, dict):
            break
        attack = draw(st.sampled_from(["value", "value", "drop", "seed", "seats", "options",
                                       "first", "cut", "cut", "shuffle", "extra"]))
        event(f"attack: {attack}")
        actions = tree.get("actions")
        if attack == "seed":  # a new deal: the first moves or none still replay in most
            tree = {**tree, "seed": draw(seeds)}
            if isinstance(actions, list) and draw(st.booleans()):
                tree["actions"] = actions[: draw(st.integers(0, 2))]
        elif attack == "seats":
            tree = {**tree, "config": {**_dict(tree.get("config")),
                                       "seats": draw(st.lists(st.sampled_from(SEAT_NAMES),
                                                              max_size=10))}}
        elif attack == "options":
            tree = {**tree, "config": {**_dict(tree.get("config")),
                                       "options": draw(st.lists(st.sampled_from(OPTION_NAMES),
                                                                max_size=3))}}
        elif attack == "first":
            tree = {**tree, "config": {**_dict(tree.get("config")),
                                       "first": draw(st.integers(-2, 10) | odd)}}
        elif attack == "extra":
            tree = {**tree, "extra": draw(st.fixed_dictionaries(
                {}, optional={"viewer": odd, "curtain_for": odd, "home": odd}) | odd)}
        elif attack in ("cut", "shuffle") and isinstance(actions, list) and actions:
            kept = draw(st.permutations(actions)) if attack == "shuffle" else \
                actions[: draw(st.integers(0, len(actions) - 1))]
            tree = {**tree, "actions": kept}
        else:
            where = draw(st.sampled_from(paths(tree)))
            tree = replaced(tree, where, draw(odd)) if attack == "value" \
                else dropped(tree, where)
    return tree


def _dict(value: object) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {}


@st.composite
def attacked_file(draw: st.DrawFn) -> bytes:
    """The bytes of an attacked unfinished-game file, version 1 or 2."""
    tree = draw(attacked_tree())
    version = draw(st.sampled_from([1, 2]))
    if version == 2 and isinstance(tree, dict):
        right = draw(st.booleans() | st.just(True))
        tree = sealed(tree) if right else sealed(tree, moves=draw(odd))
    text = savefuzz.dumps(tree)
    ending = draw(st.sampled_from(["as is"] * 6 + ["huge number", "cut short", "one byte"]))
    event(f"file: version {version}, {ending}")
    if ending == "huge number":
        at = draw(st.sampled_from([i for i, b in enumerate(text) if 0x30 <= b <= 0x39] or [0]))
        text = text[:at] + b"1" + b"0" * draw(st.integers(4300, 6000)) + text[at:]
    elif ending == "cut short":
        text = text[: draw(st.integers(0, max(0, len(text) - 1)))]
    elif ending == "one byte" and text:
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + bytes([draw(st.integers(0, 255))]) + text[at + 1:]
    return text


# --- what must happen -------------------------------------------------------------------------


def _quiet(_text: str) -> None:
    return None


def load_attacked(folder: Path, data: bytes,
                  note: Callable[[str], None] = _quiet) -> Unfinished | None:
    """Write ``data`` as the unfinished game and load it as the title does; fails the test
    unless it loads a game that resumes or is set aside, unchanged, as damaged. ``note``: the
    outcome (hypothesis's ``event``)."""
    path = folder / FILE_NAME
    path.write_bytes(data)
    try:
        found = Autosaver(folder).load_unfinished()
    except DamagedSave as damaged:
        note("damaged")
        assert damaged.set_aside is not None and not path.exists()
        assert damaged.set_aside.read_bytes() == data
        assert damaged.message and "\n" not in damaged.message
        return None
    if found is None:
        note("finished")
        assert not path.exists()
        return None
    note("resumes")
    match = Match.from_save(found.save)  # what the title's resume does
    assert match.code  # what the table draws on every frame
    again = match.save()  # the same game (an action's JSON may come back normalized, and the
    # config as its code gives it back: a mission-less Caza Bombas plays the default mission)
    assert (again.config, again.seed, len(again.actions)) == \
        (canonical_config(found.save.config), found.save.seed, len(found.save.actions))
    restore_curtain(TableFlow(match, INSTANT), found.seen)
    assert all(seat is None or 0 <= seat < found.seats
               for seat in (found.seen.viewer, found.seen.curtain_for, found.seen.home))
    return found


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attacked_file())
def test_an_attacked_save_resumes_or_is_set_aside(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        load_attacked(Path(folder), data, event)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attacked_file())
def test_whatever_loads_replays_the_same_with_the_replay_tools(data: bytes) -> None:
    """``loads`` (``python -m game replay``) answers a save or ``MalformedInput``, nothing
    else, and agrees with the autosave about the ones it reads."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    try:
        save = loads(text)
    except MalformedInput as error:
        assert str(error) and "\n" not in str(error)
        return
    assert save.seed < SEED_SPACE


def test_the_seed_2_to_the_20_that_crashed_every_launch_is_set_aside(tmp_path: Path) -> None:
    """The cause of the 17 crashes the attack found, in both versions."""
    for version in (1, 2):
        tree = {**bases()[0], "seed": SEED_SPACE}
        data = savefuzz.dumps(sealed(tree) if version == 2 else tree)
        assert load_attacked(tmp_path, data) is None
        assert (tmp_path / f"current.damaged-{version}.json").read_bytes() == data


def test_every_real_save_resumes_in_both_versions(tmp_path: Path) -> None:
    for base in bases():
        for data in (savefuzz.dumps(base), savefuzz.dumps(sealed(base))):
            assert load_attacked(tmp_path, data) is not None
    assert read_save(V1_FILE).seed == 1


# --- settings ------------------------------------------------------------------------------------

KEYS = [*savefuzz.SETTINGS_KEYS, "unknown", ""]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from(ODD_VALUES),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=6)


@st.composite
def settings_file(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["object", "object", "object", "bytes", "any json",
                                 "huge number"]))
    event(f"settings: {kind}")
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "any json":
        return savefuzz.dumps(draw(json_values))
    data = draw(st.dictionaries(st.sampled_from(KEYS), json_values, max_size=10))
    text = savefuzz.dumps(data)
    if kind == "huge number":
        text = text.replace(b"{", b'{"volume": 1' + b"0" * draw(st.integers(300, 5000)) + b",",
                            1).replace(b",}", b"}")
    return text


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(settings_file())
def test_loading_any_settings_file_never_raises_and_gives_valid_values(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / SETTINGS_FILE).write_bytes(data)
        records: list[logging.LogRecord] = []
        handler = logging.Handler(logging.ERROR)
        handler.emit = records.append  # type: ignore[method-assign]
        log = logging.getLogger("game.ui.settings")
        log.addHandler(handler)
        try:
            loaded = Settings.load(Path(folder))
        finally:
            log.removeHandler(handler)
        assert Settings.from_dict(loaded.to_dict()) == loaded, "every key valid"
        assert not records, f"the catch-all was needed: {records[0].getMessage()}"


# --- the soak runs the same attacks ----------------------------------------------------------


@pytest.mark.slow
def test_soak_attacks_saves_and_settings_files() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "soak", "--games", "0", "--saves",
                           "300", "--seed", "3", "--json"], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", timeout=300, check=False)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stdout
    report = json.loads(done.stdout.splitlines()[-1])["saves"]
    assert report["saves"] == report["settings"] == 300 and report["crashes"] == 0
    assert report["accepted"] > 0 and report["damaged"] > 0, "both answers are exercised"
    assert report["accepted"] + report["damaged"] + report["finished"] == 300
    assert report["ok"] is True


def test_the_soak_counts_a_crash_with_the_attack_that_made_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.tools import soak

    class Broken(Match):
        @classmethod
        def from_save(cls, save: object) -> Match:
            raise RuntimeError("the table would crash here")

    monkeypatch.setattr(soak, "Match", Broken)
    report = soak.run_saves(80, seed=2)
    assert not report.ok and report.accepted == 0
    assert report.crashes == 80 - report.damaged - report.finished > 0
    assert all("(loaded): RuntimeError: the table would crash here" in s
               for s in report.samples)
    lines = soak.summary_lines(None, None, report)
    assert f"crashes: {report.crashes}" in lines[0] and len(lines) == 1 + len(report.samples)
    monkeypatch.undo()

    monkeypatch.setattr(Settings, "load", classmethod(lambda cls, folder=None: 1 / 0))
    report = soak.run_saves(20, seed=2)
    assert report.crashes == 20 and report.settings == 20 and not report.ok
    assert report.samples[0].startswith("settings 0 (") and "ZeroDivisionError" in \
        report.samples[0]
    assert logging.getLogger("game").handlers == [], "the soak gives the log back"
