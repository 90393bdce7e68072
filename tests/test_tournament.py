"""``python -m game tournament``: the Wilson interval, the table, the same result for any
number of jobs, Ctrl-C keeping what was played, bad arguments (one line, exit 2). Astuto-only
rows and a few games: nothing here waits for Maestro."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game import cli
from game.core.config import SeatKind
from game.tools import tournament
from game.tools.tournament import Row, default_rows, run_tournament, table_lines, wilson

ROOT = Path(__file__).resolve().parent.parent
AS, LZ, DE, MA = SeatKind.ASTUTO, SeatKind.LANZADO, SeatKind.DESPIADADO, SeatKind.MAESTRO
ROWS = (Row("bombazo", (AS, LZ, LZ)), Row("mazo", (AS, DE)))


def test_wilson_matches_known_values() -> None:
    # 8 of 10 at 95%: the textbook Wilson score interval is 0.490 … 0.943
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_default_matrix_measures_maestro() -> None:
    rows = default_rows()
    assert all(row.kinds[0] is MA for row in rows)
    assert {(row.game, len(row.kinds)) for row in rows} == {
        ("bombazo", 4), ("bombazo", 2), ("mazo", 4), ("clasico", 4)}
    assert Row("bombazo", (MA, AS, AS, AS)).label == "maestro vs 3 astuto"
    assert Row("bombazo", (MA, DE)).label == "maestro vs despiadado"


def test_the_same_result_for_any_number_of_jobs() -> None:
    one = run_tournament(ROWS, 7, seed=11, jobs=1, progress=False).to_json()
    two = run_tournament(ROWS, 7, seed=11, jobs=2, progress=False).to_json()
    assert one["rows"] == two["rows"]
    assert [row["games"] for row in one["rows"]] == [7, 7]
    assert one["complete"] is True


def test_the_table_has_a_rate_and_an_interval_per_row() -> None:
    outcome = run_tournament(ROWS, 5, jobs=1, progress=False)
    lines = list(table_lines(outcome))
    assert "95% interval" in lines[1]
    row = next(line for line in lines if line.startswith("bombazo astuto vs 2 lanzado"))
    report = outcome.to_json()["rows"][0]
    low, high = report["ci95"]
    assert f"{report['win_rate'] * 100:.1f}%" in row and f"{high * 100:.1f}%" in row
    assert low <= report["win_rate"] <= high


def test_ctrl_c_keeps_the_games_played(monkeypatch: pytest.MonkeyPatch) -> None:
    real = tournament.play_chunk
    calls = []

    def stopping(task: Any) -> Any:
        calls.append(task)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(tournament, "play_chunk", stopping)
    outcome = run_tournament(ROWS, 6, jobs=1, progress=False)
    assert outcome.complete is False
    assert [score.games for score in outcome.scores] == [2 * tournament.CHUNK, 0]
    assert "interrupted" in next(iter(table_lines(outcome)))


def test_cli_json_and_rows_of_your_own(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tournament", "--bots", "astuto,lanzado,lanzado", "--bots", "astuto",
                     "--seats", "3", "--games", "3", "--jobs", "1", "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [row["bots"] for row in report["rows"]] == [["astuto", "lanzado", "lanzado"],
                                                        ["astuto"] * 3]
    assert all(row["games"] == 3 and row["errors"] == 0 for row in report["rows"])


BAD = [
    ["tournament", "--games", "0"],
    ["tournament", "--games", "many"],
    ["tournament", "--jobs", "0"],
    ["tournament", "--game", "poker"],
    ["tournament", "--game", "diebombe"],
    ["tournament", "--bots", "genius"],
    ["tournament", "--bots", "astuto,lanzado", "--seats", "4"],
    ["tournament", "--game", "cazabombas", "--bots", "maestro", "--seats", "4"],
    ["tournament", "--game", "mazo", "--bots", "astuto", "--seats", "9"],
    ["tournament", "--seats", "3"],
    ["tournament", "--bots", "astuto", "--options", "turbo"],
]


@pytest.mark.parametrize("argv", BAD, ids=lambda a: " ".join(a[1:]))
def test_bad_arguments_give_one_line_and_exit_2(argv: list[str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        code = cli.main(argv)
        raise SystemExit(code)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_ctrl_c_in_a_real_run_with_workers() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-m", "game", "tournament", "--bots", "astuto,lanzado", "--games",
         "1000000", "--jobs", "2"], cwd=ROOT, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # Ctrl-C once the games are under way: the workers are there and have played a while (a
    # loaded machine may take more than a few seconds to start them).
    deadline = time.monotonic() + 60
    children = Path(f"/proc/{child.pid}/task/{child.pid}/children")
    while time.monotonic() < deadline and child.poll() is None:
        if children.exists() and len(children.read_text().split()) >= 2:
            break
        time.sleep(0.1)
    time.sleep(2)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert "interrupted" in out.splitlines()[0] and "astuto vs lanzado" in out
    assert err.strip().endswith("tournament: interrupted") and "Traceback" not in err
