"""``python -m game soak``: machine-only games of every table with invariant checks, and games
through the screens with the memory they keep."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from game import cli
from game.bots.registry import levels_for
from game.core.config import GameConfig
from game.match.headless import GameRecord
from game.match.headless import play_game as real_play_game
from game.rules.codes import decode
from game.rules.registry import descriptor, playable
from game.tools import soak
from game.tools.soak import (
    ScreensReport,
    SoakTable,
    resident_bytes,
    soak_config,
    soak_tables,
)

ROOT = Path(__file__).resolve().parent.parent


def _soak(*args: str, timeout: int = 300) -> tuple[int, dict[str, Any], str]:
    done = subprocess.run([sys.executable, "-m", "game", "soak", *args, "--json"], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=timeout,
                          check=False)
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    return done.returncode, json.loads(lines[0]), done.stderr


@pytest.mark.slow
def test_a_small_soak_visits_every_table_without_a_problem() -> None:
    code, report, _err = _soak("--games", "300", "--seed", "7")
    assert code == 0 and report["ok"] is True
    assert report["games"] == 300 and report["seed"] == 7
    assert report["invariant_violations"] == 0 and report["errors"] == 0
    assert report["violation_samples"] == [] and report["error_samples"] == []
    assert report["games_per_second"] > 0 and report["seconds"] > 0
    assert report["replayed"] >= 1
    names = [row["table"] for row in report["tables"]]
    assert names == [table.name for table in soak_tables()]
    assert all(row["games"] >= 300 // len(names) for row in report["tables"])
    assert sum(row["games"] for row in report["tables"]) == 300
    assert all(row["avg_actions"] > 0 for row in report["tables"])
    assert report["screens"] is None


@pytest.mark.slow
def test_screens_report_the_memory_they_keep() -> None:
    code, report, err = _soak("--games", "0", "--screens", "2", "--quiet", timeout=300)
    screens = report["screens"]
    assert screens["games"] == screens["planned"] == 2 and screens["error"] is None
    assert screens["frames"] > 100 and screens["seconds"] > 0
    assert len(screens["codes"]) == 2 and len(screens["rss_mb_per_game"]) == 2
    if sys.platform.startswith("linux"):
        assert screens["memory_source"] == "VmRSS"
        first, last = screens["rss_mb_after_first"], screens["rss_mb_after_last"]
        assert 10 < first < 4000 and 10 < last < 4000
        assert screens["growth_mb"] == pytest.approx(last - first, abs=0.02)
        assert screens["late_from_game"] == 1
    # no threshold on the figure here: the exit code just follows it
    assert code == (0 if screens["ok"] else 1) and report["ok"] is screens["ok"]
    assert err == ""  # --quiet


# --- the cycle ----------------------------------------------------------------------------------

def test_the_tables_are_every_game_seat_count_and_option_set() -> None:
    tables = soak_tables()
    assert len(tables) == len(set(tables))
    assert {t.game for t in tables} == set(playable())
    for name in playable():
        spec = descriptor(name)
        mine = [t for t in tables if t.game == name]
        assert {t.seats for t in mine} == set(spec.seat_range)
        free = [option for option in spec.options if option not in spec.pick_one]
        wanted = {frozenset(chosen) for size in range(len(free) + 1)
                  for chosen in combinations(free, size)}
        if spec.pick_one:  # one table per pick (a mission), never none nor two
            wanted = {chosen | {pick} for pick in spec.pick_one for chosen in wanted}
        assert {t.options for t in mine} == wanted
    assert SoakTable("clasico", 3, frozenset({"advanced_combos"})).name == \
        "clasico/3+advanced_combos"


def test_the_cycle_moves_the_table_then_the_levels_then_the_first_seat() -> None:
    tables = soak_tables()
    count = len(tables)
    seen_tables = [soak_config(tables, i)[0] for i in range(count)]
    assert seen_tables == tables
    bombazo4 = tables.index(SoakTable("bombazo", 4))
    levels = levels_for("bombazo")
    rounds = [soak_config(tables, bombazo4 + r * count)[1]
              for r in range(soak.mixes("bombazo") * 4)]
    mixes = {config.seats for config in rounds}
    assert {(level,) * 4 for level in levels} <= mixes
    assert any(len(set(kinds)) == len(levels) for kinds in mixes)
    assert {config.first for config in rounds} == {0, 1, 2, 3}
    assert soak_config(tables, 12345) == soak_config(tables, 12345)


# --- problems are reported, with what reproduces them --------------------------------------------

@pytest.mark.slow  # a soak of real games: 6 s
def test_violations_and_errors_are_counted_with_their_seed_and_code(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def flaky(config: GameConfig, seed: int, *args: Any, **kwargs: Any) -> GameRecord:
        if seed == 5:
            raise IndexError("list index out of range")
        record = real_play_game(config, seed, *args, **kwargs)
        if seed == 9:
            record.violations.append("after action 3: 2 bombs in play with 2 seats alive")
        return record

    monkeypatch.setattr(soak, "play_game", flaky)
    assert cli.main(["soak", "--games", "40", "--json", "--quiet"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    assert (report["errors"], report["invariant_violations"]) == (1, 1)
    error, violation = report["error_samples"][0], report["violation_samples"][0]
    assert "seed 5 " in error and "IndexError: list index out of range" in error
    assert "seed 9 " in violation and "2 bombs in play" in violation
    table, config = soak_config(soak_tables(), 5)
    assert error.startswith(f"{table.name} seed 5 first {config.first} bots ")
    code = error.split(" code ")[1].split(":")[0]
    assert decode(code) == (config, 5)  # the code replays the very game
    rows = {row["table"]: row for row in report["tables"]}
    assert rows[table.name]["errors"] == 1


@pytest.mark.slow  # a soak of real games: 8 s
def test_the_text_report_is_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    count = len(soak_tables())  # one game of every table
    assert cli.main(["soak", "--games", str(count), "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"soak: {count} games over {count} tables")
    assert out[1].split() == ["table", "games", "actions/game", "violations", "errors"]
    assert out[2].split()[:2] == ["bombazo/2", "1"]
    assert out[-1].endswith("invariant violations: 0, errors: 0")


@pytest.mark.parametrize("args", [["--games", "-1"], ["--screens", "x"],
                                  ["--max-growth-mb", "0"], ["--max-growth-mb", "nan"]])
def test_bad_arguments_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        code = cli.main(["soak", *args])
        raise SystemExit(code)
    assert exit_info.value.code == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "error" in err


# --- the memory verdict ------------------------------------------------------------------------

MB = 2**20


@pytest.mark.parametrize(("resident", "ok"), [
    ([100 * MB, 119 * MB], True),
    ([100 * MB, 120 * MB], False),
    ([100 * MB, 150 * MB, 110 * MB], True),  # growth is from game 1 to the last game
    ([None, None], True),  # not measurable here: no verdict on memory
])
def test_memory_growth_of_twenty_mb_or_more_fails(resident: list[int | None], ok: bool) -> None:
    report = ScreensReport(len(resident), 20.0, games=len(resident), resident=resident)
    assert report.ok is ok
    data = report.to_json()
    assert data["ok"] is ok and len(data["rss_mb_per_game"]) == len(resident)


def test_a_run_that_stopped_early_fails() -> None:
    report = ScreensReport(3, 20.0, games=1, resident=[100 * MB], error="game 2: stuck")
    assert not report.ok and report.to_json()["growth_mb"] is None


def test_late_growth_separates_a_cache_filling_up_from_a_leak() -> None:
    filling = ScreensReport(6, 20.0, games=6, resident=[v * MB for v in (100, 120, 130, 131,
                                                                          131, 131)])
    leaking = ScreensReport(6, 20.0, games=6, resident=[v * MB for v in (100, 104, 108, 112,
                                                                          116, 120)])
    assert filling.late_from == leaking.late_from == 3
    assert filling.to_json()["late_growth_mb"] == 1.0
    assert leaking.to_json()["late_growth_mb"] == 12.0


def test_resident_memory_is_read() -> None:
    value, source = resident_bytes()
    if sys.platform.startswith("linux"):
        assert source == "VmRSS" and value is not None and value > 10 * MB
    else:
        assert source in ("ru_maxrss (peak)", "unavailable")
