"""The command line answers bad input with one line and its documented exit code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli
from game.core.config import GameConfig, SeatKind
from game.core.saves import write_atomic
from game.rules.codes import encode
from game.rules.registry import engine_for
from game.rules.replay import record
from tests.playout import random_playout


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr().out.strip()
    return code, out


def test_replay_prints_where_the_game_stands(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    config = GameConfig.machines("clasico", 3)
    state, moves = random_playout(engine_for("clasico"), config, 4)
    path = tmp_path / "game.json"
    write_atomic(path, record(config, 4, moves).dumps())
    code, out = _run(capsys, "replay", str(path))
    report = json.loads(out)
    assert code == 0
    assert report["over"] is True and report["actions"] == len(moves)
    assert report["ranking"] == engine_for("clasico").ranking(state)


@pytest.mark.parametrize("content", ["", "{", '{"format": "mecha-corta-save"}', "[1, 2]"])
def test_replay_of_a_damaged_save_is_one_line_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out = _run(capsys, "replay", str(path))
    assert code == 2
    assert len(out.splitlines()) == 1 and "error" in json.loads(out)


def test_code_reads_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    config = GameConfig("bombazo", (SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.ASTUTO))
    text = encode(config, 77)
    code, out = _run(capsys, "code", text.lower())
    report = json.loads(out)
    assert code == 0
    assert report["code"] == text and report["seed"] == 77
    assert report["seats"] == ["person", "astuto", "astuto"]


@pytest.mark.parametrize("bad", ["", "A3N", "!!!!!!!", "OOOO-OOOO", "9" * 40])
def test_a_bad_code_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    code, out = _run(capsys, "code", bad)
    assert code == 2
    assert len(out.splitlines()) == 1 and json.loads(out)["error"]


def test_missing_scenario_file_is_malformed(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    code, out = _run(capsys, "scenario", str(tmp_path / "nope.toml"))
    assert code == 2 and "cannot read" in json.loads(out)["error"]


def test_a_bug_ends_in_one_line_not_a_traceback(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    import game.rules.scenario as runner

    def broken(path: Path) -> None:
        raise KeyError("surprise")

    monkeypatch.setattr(runner, "run_file", broken)
    assert cli.main(["scenario", "x.toml"]) == cli.EXIT_INTERNAL
    err = capsys.readouterr().err
    assert "internal error" in err and "Traceback" not in err and len(err.splitlines()) == 1


def test_real_process_bad_code_prints_no_traceback() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "code", "O0O-ILL"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr + done.stdout
    assert json.loads(done.stdout)["error"]


def test_stats_counts_the_past_games_once_and_prints_the_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from datetime import UTC, datetime

    from game.history.archive import Archive
    from game.match.match import Match

    monkeypatch.setenv("MECHA_CORTA_HOME", str(tmp_path))
    match = Match(GameConfig("bombazo", (SeatKind.PERSON, SeatKind.LANZADO)), 4)
    match.play_to_end(SeatKind.LANZADO)
    Archive(tmp_path).add(match, ["Ana"], datetime(2026, 12, 2, tzinfo=UTC))
    code, out = _run(capsys, "stats", "--json")
    data = json.loads(out)
    assert code == 0 and data["counted_now"] == 1
    ana = data["players"]["ana"]
    assert ana["games"]["bombazo"]["games"] == [1, int(match.outcome().places[0] == 1)]
    assert ana["games"]["bombazo"]["levels"]["lanzado"][0] == 1
    code, out = _run(capsys, "stats", "--json")
    assert json.loads(out)["counted_now"] == 0
    code, out = _run(capsys, "stats")
    assert code == 0 and out.startswith("Ana: 1 game, ") and "against lanzado" in out


def test_review_last_prints_one_entry_per_decision_of_the_newest_kept_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from datetime import UTC, datetime

    from game.core.engine import TABLE
    from game.history.archive import Archive
    from game.match.match import Match

    monkeypatch.setenv("MECHA_CORTA_HOME", str(tmp_path))
    code, out = _run(capsys, "review", "--last", "--json")
    assert code == 2 and json.loads(out)["error"]  # nothing kept yet
    older = Match(GameConfig("diebombe", (SeatKind.LANZADO,) * 3), 8)
    older.play_to_end()
    Archive(tmp_path).add(older, [], datetime(2026, 12, 1, tzinfo=UTC))
    match = Match(GameConfig("bombazo", (SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.ASTUTO)), 4)
    match.play_to_end(SeatKind.ASTUTO)
    past = Archive(tmp_path).add(match, ["Ana"], datetime(2026, 12, 2, tzinfo=UTC))
    code, out = _run(capsys, "review", "--last", "--json")
    assert code == 0
    entries = [json.loads(line) for line in out.splitlines()]
    decisions = [(i, seat) for i, (seat, _a) in enumerate(match.actions) if seat != TABLE]
    assert [(e["move"], e["seat"]) for e in entries] == decisions
    for entry in entries:
        assert 0 <= entry["before"] <= 1 and 0 <= entry["after"] <= 1
        assert 0 <= entry["best_estimate"] <= 1 and "turning_point" in entry
    assert any(entry["turning_point"] for entry in entries)
    kept = tmp_path / "games" / f"{past.id}.json"
    code, out = _run(capsys, "review", str(kept), "--json")
    assert code == 0 and [json.loads(line) for line in out.splitlines()] == entries
    code, out = _run(capsys, "review", str(kept))
    assert code == 0 and out.startswith(f"bombazo, 3 seats: {len(entries)} decisions")
    assert len(out.splitlines()) == len(entries) + 2


def test_review_refuses_a_bad_file_and_an_unfinished_game_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.match.match import Match

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mecha-corta-finished-game", "save": 3}\n', encoding="utf-8")
    code, out = _run(capsys, "review", str(bad), "--json")
    assert code == 2 and len(out.splitlines()) == 1 and json.loads(out)["error"]
    code, out = _run(capsys, "review", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in json.loads(out)["error"]
    match = Match(GameConfig("bombazo", (SeatKind.ASTUTO,) * 3), 5)
    for _ in range(4):
        match.step()
    unfinished = tmp_path / "unfinished.json"
    write_atomic(unfinished, json.dumps(match.save().to_json()))
    code, out = _run(capsys, "review", str(unfinished), "--json")
    assert code == 2 and len(out.splitlines()) == 1
    assert "not over" in json.loads(out)["error"]
