"""``python -m game sim`` and ``bench``: JSON fields and types, the seat rule, bad arguments
(one line, exit 2), errors counted rather than fatal. Small runs only; nothing is timed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import cli
from game.core.config import SeatKind
from game.match.headless import GameRecord, play_game
from game.match.sim import SimSetupError, SimTally, config_for, parse_bots
from game.tools import simrun

ROOT = Path(__file__).resolve().parent.parent
LZ, AS, DE = SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120, check=False)


def _json_main(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert cli.main(list(args)) == 0
    out = capsys.readouterr().out.strip().splitlines()
    report: dict[str, Any] = json.loads(out[-1])
    return report


# --- the JSON report --------------------------------------------------------------------------

def test_sim_json_fields_and_types(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json_main(capsys, "sim", "--game", "clasico", "--seats", "4", "--bots", "lanzado",
                        "--games", "30", "--seed", "3", "--json")
    assert report["games"] == 30
    assert isinstance(report["games_per_second"], float) and report["games_per_second"] > 0
    rates = report["win_rate"]
    assert isinstance(rates, list) and len(rates) == 4
    assert all(isinstance(r, float) and 0.0 <= r <= 1.0 for r in rates)
    assert sum(rates) == pytest.approx(1.0, abs=1e-3)  # each rounded to 4 places
    assert isinstance(report["avg_actions"], float) and report["avg_actions"] > 10
    assert report["invariant_violations"] == 0 and isinstance(report["invariant_violations"], int)
    assert report["errors"] == 0 and isinstance(report["errors"], int)
    assert report["bots"] == ["lanzado"] * 4
    assert sum(report["wins"]) == 30


def test_sim_json_is_the_last_line_of_a_real_run() -> None:
    done = _run("sim", "--game", "bombazo", "--seats", "3", "--bots", "astuto,lanzado,despiadado",
                "--games", "10", "--json", "--check")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["games"] == 10 and len(report["win_rate"]) == 3
    assert report["bots"] == ["astuto", "lanzado", "despiadado"]
    assert report["check"] is True and report["invariant_violations"] == 0
    assert done.stderr == ""  # a short run off a terminal shows no progress


def test_sim_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("sim", "--game", "mazo", "--seats", "5", "--bots", "astuto", "--games", "25",
            "--seed", "9", "--json")
    first = _json_main(capsys, *args)
    second = _json_main(capsys, *args)
    for key in ("wins", "win_rate", "avg_actions"):
        assert first[key] == second[key]


def test_sim_rotate_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json_main(capsys, "sim", "--game", "clasico", "--seats", "3", "--bots", "astuto",
                        "--games", "12", "--rotate", "--options", "advanced_combos", "--json")
    assert report["rotate"] is True and report["options"] == ["advanced_combos"]
    assert report["errors"] == 0


def test_sim_focus_runs(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json_main(capsys, "sim", "--game", "bombazo", "--seats", "4", "--bots",
                        "lanzado,despiadado,despiadado,despiadado", "--focus", "0",
                        "--games", "10", "--json")
    assert report["errors"] == 0


def test_sim_table_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["sim", "--game", "bombazo", "--bots", "astuto,lanzado,lanzado,lanzado",
                     "--games", "8"]) == 0
    captured = capsys.readouterr()
    assert "win rate" in captured.out and "astuto" in captured.out
    assert "games/s" in captured.out
    assert not captured.out.strip().splitlines()[-1].startswith("{")


def test_a_game_that_raises_is_counted_not_fatal(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def flaky(config: Any, seed: int, *args: Any, **kwargs: Any) -> GameRecord:
        if seed % 3 == 0:
            raise RuntimeError(f"boom at {seed}\nsecond line")
        return play_game(config, seed, *args, **kwargs)

    monkeypatch.setattr(simrun, "play_game", flaky)
    report = _json_main(capsys, "sim", "--game", "mazo", "--seats", "3", "--bots", "lanzado",
                        "--games", "9", "--json")
    assert report["games"] == 9 and report["errors"] == 3
    assert report["error_samples"][0] == "seed 0: RuntimeError: boom at 0 second line"
    assert sum(report["wins"]) == 6


# --- bad arguments: one line, exit 2 ------------------------------------------------------------

BAD = [
    ["sim", "--game", "poker", "--bots", "lanzado"],
    ["sim", "--game", "mazo", "--seats", "7", "--bots", "lanzado"],
    ["sim", "--game", "bombazo", "--seats", "1", "--bots", "lanzado"],
    ["sim", "--game", "bombazo", "--seats", "4", "--bots", "astuto,lanzado"],
    ["sim", "--game", "bombazo", "--bots", "genius"],
    ["sim", "--game", "cazabombas", "--seats", "4", "--bots", "maestro"],
    ["sim", "--game", "bombazo", "--bots", "person"],
    ["sim", "--game", "bombazo", "--bots", "astuto,,lanzado,lanzado"],
    ["sim", "--game", "bombazo", "--bots", "lanzado", "--games", "0"],
    ["sim", "--game", "bombazo", "--bots", "lanzado", "--games", "many"],
    ["sim", "--game", "bombazo", "--bots", "lanzado", "--seed", "-4"],
    ["sim", "--game", "bombazo", "--bots", "lanzado", "--options", "turbo"],
    ["sim", "--game", "bombazo", "--bots", "lanzado", "--focus", "9"],
    ["sim", "--bots", "lanzado"],
    ["sim", "--game", "bombazo", "--bots", "lanzado", "--fast"],
    ["bench", "--games", "-1"],
    ["bench", "--game", "poker"],
    ["nonsense"],
]


@pytest.mark.parametrize("argv", BAD, ids=lambda a: " ".join(a[1:]) or a[0])
def test_bad_arguments_give_one_line_and_exit_2(argv: list[str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        code = cli.main(argv)
        raise SystemExit(code)
    assert raised.value.code == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "error" in lines[0]
    assert captured.out == ""


def test_bad_arguments_in_a_real_process() -> None:
    done = _run("sim", "--game", "bombazo", "--seats", "4", "--bots", "astuto,lanzado")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert "one name for every seat" in done.stderr


def test_scenario_subcommand_still_answers() -> None:
    done = _run("scenario", "does-not-exist.toml")
    assert done.returncode == 2
    assert "error" in json.loads(done.stdout)


# --- the seat rule and the tally -----------------------------------------------------------------

def test_parse_bots_seat_rule() -> None:
    assert parse_bots("astuto", 3, "bombazo") == (AS, AS, AS)
    assert parse_bots(" Astuto , lanzado ", 2, "bombazo") == (AS, LZ)
    assert parse_bots("despiadado,lanzado,astuto", 3, "bombazo") == (DE, LZ, AS)
    with pytest.raises(SimSetupError, match="2 players for 4 seats"):
        parse_bots("astuto,lanzado", 4, "bombazo")
    with pytest.raises(SimSetupError, match="unknown machine player"):
        parse_bots("astuto,robot", 2, "bombazo")


def test_config_for_rotates_the_first_seat() -> None:
    kinds = (AS, LZ, LZ)
    assert [config_for("mazo", kinds, frozenset(), i, True).first for i in range(4)] == [0, 1, 2, 0]
    assert config_for("mazo", kinds, frozenset(), 5, False).first == 0


def test_tally_counts_errors_as_games_without_winner() -> None:
    tally = SimTally(2)
    tally.add_error(4, ValueError(""))
    assert tally.games == 1 and tally.win_rate == [0.0, 0.0]
    assert tally.error_samples == ["seed 4: ValueError: (no message)"]
    report = tally.to_json(0.0)
    assert report["games_per_second"] == 0.0 and report["avg_actions"] == 0.0


# --- bench -------------------------------------------------------------------------------------

def test_bench_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json_main(capsys, "bench", "--games", "10", "--astuto-games", "4", "--json")
    for key in ("engine_games_per_second", "decision_median_us", "decision_p99_us",
                "state_copy_us", "view_us"):
        assert isinstance(report[key], float) and report[key] > 0
    assert report["engine_games"] == 10 and report["decisions"] > 10
    assert report["timed_level"] == "astuto"  # the default table's timed level, by name


def test_bench_times_the_game_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json_main(capsys, "bench", "--game", "diebombe", "--games", "5",
                        "--astuto-games", "2", "--json")
    assert report["engine_table"].startswith("diebombe") and report["decision_table"].startswith(
        "diebombe")
    assert report["decisions"] > 10 and report["decision_median_us"] > 0


def test_sim_seats_maestro_like_any_level(capsys: pytest.CaptureFixture[str]) -> None:
    report = _json_main(capsys, "sim", "--game", "bombazo", "--seats", "4", "--bots",
                        "maestro,astuto,astuto,astuto", "--rotate", "--games", "1", "--json")
    assert report["bots"] == ["maestro", "astuto", "astuto", "astuto"]
    assert report["games"] == 1 and report["errors"] == 0 and sum(report["wins"]) == 1
