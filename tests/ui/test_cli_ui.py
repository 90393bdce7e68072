"""The command line's front-end flags: --screenshot, --scene, --code, --lang, --autoplay,
--first-frame, and ``bench ui``; the subcommands keep working beside them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import cli
from game.core.config import GameConfig, SeatKind
from game.rules.codes import encode
from game.ui import launch
from game.ui.screenshot import scenes

ROOT = Path(__file__).resolve().parent.parent.parent
K = SeatKind


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return env


def _game(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          cwd=ROOT, env=_env(), timeout=timeout, check=False)


def _png_size(path: Path) -> tuple[int, int]:
    image = pygame.image.load(str(path))
    return image.get_size()


# --- --screenshot ----------------------------------------------------------------------------

@pytest.mark.parametrize("scene", ["title", "new_game", "results"])
def test_screenshot_writes_a_1280x720_png(tmp_path: Path, scene: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"{scene}.png"
    assert cli.main(["--screenshot", str(out), "--scene", scene, "--lang", "pt"]) == 0
    assert out.is_file() and _png_size(out) == (1280, 720)
    assert capsys.readouterr().out.strip() == str(out)


def test_screenshot_of_the_table_pinned_by_a_code(tmp_path: Path) -> None:
    code = encode(GameConfig("bombazo", (K.PERSON, K.ASTUTO, K.ASTUTO)), 99)
    out = tmp_path / "table.png"
    assert cli.main(["--screenshot", str(out), "--scene", "table", "--code", code,
                     "--lang", "en"]) == 0
    assert _png_size(out) == (1280, 720)


def test_every_scene_the_help_names_exists() -> None:
    for name in ("title", "new_game", "settings", "rules", "pause", "results", "table",
                 "curtain", "hide_bomb", "react", "chooser"):
        assert name in scenes()


def test_screenshot_in_a_real_process(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    done = _game("--screenshot", str(out), "--scene", "new_game", "--lang", "es", timeout=60)
    assert done.returncode == 0, done.stderr
    assert _png_size(out) == (1280, 720)
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("argv", [
    ["--screenshot", "x.png", "--scene", "nowhere"],
    ["--screenshot", "x.png", "--scene", "results", "--code", "ZZZ-ZZZ"],
    ["--screenshot", "x.png", "--code", "12"],
    ["--scene", "title"],
    ["--screenshot", "x.png", "--lang", "fr"],
    ["--screenshot", "x.png", "--autoplay"],
    ["--autoplay", "--code", "not a code"],
    ["--code", "ZZZ-ZZZ"],
])
def test_bad_flags_are_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           argv: list[str]) -> None:
    argv = [str(tmp_path / a) if a.endswith(".png") else a for a in argv]
    try:
        code = cli.main(argv)
    except SystemExit as stop:  # argparse's own checks (a --lang it does not know)
        code = int(stop.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err, err
    assert not list(tmp_path.iterdir())  # nothing written


def test_bad_scene_in_a_real_process(tmp_path: Path) -> None:
    done = _game("--screenshot", str(tmp_path / "x.png"), "--scene", "nowhere", timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "unknown scene 'nowhere'" in done.stderr


def test_a_code_this_version_cannot_play_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    maestro = encode(GameConfig("cazabombas", (K.PERSON, K.MAESTRO, K.ASTUTO),
                                frozenset({"mission1"})), 5)
    assert cli.main(["--autoplay", "--code", maestro]) == 2
    assert "maestro" in capsys.readouterr().err


# --- the window ------------------------------------------------------------------------------

def test_no_flags_opens_the_window_with_the_code_and_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str | None, str | None]] = []
    monkeypatch.setattr(launch, "run", lambda lang, code: calls.append((lang, code)) or 0)
    code = encode(launch.PLAY_NOW, 3)
    assert cli.main([]) == 0
    assert cli.main(["--lang", "pt", "--code", code]) == 0
    assert calls == [(None, None), ("pt", code)]


def test_first_frame_probe(monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--first-frame", "--lang", "en"]) == 0
    assert capsys.readouterr().out.strip() == launch.FIRST_FRAME_LINE


# --- --autoplay ------------------------------------------------------------------------------

def test_autoplay_plays_to_the_results_and_prints_every_seat() -> None:
    code = encode(GameConfig("bombazo", (K.PERSON, K.LANZADO, K.DESPIADADO, K.ASTUTO)), 321)
    done = _game("--autoplay", "--code", code, "--lang", "en")
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    assert line.startswith("ranking: ")
    assert sorted(int(seat) for seat in line.split()[1:]) == [0, 1, 2, 3]


def test_autoplay_without_a_code_plays_play_now_with_machines(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--autoplay", "--lang", "es"]) == 0
    line = capsys.readouterr().out.strip()
    assert sorted(int(seat) for seat in line.removeprefix("ranking: ").split()) == [0, 1, 2, 3]


def test_autoplay_gives_up_past_its_frame_cap() -> None:
    from game.ui.autoplay import AutoplayStuck, autoplay

    with pytest.raises(AutoplayStuck, match="no results screen after 30 frames"):
        autoplay(encode(launch.PLAY_NOW, 8), "en", max_frames=30, show=False)


def test_autoplay_cap_exits_1(monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui import autoplay as module

    real = module.autoplay
    monkeypatch.setattr(module, "autoplay",
                        lambda code, lang: real(code, lang, max_frames=10, show=False))
    assert cli.main(["--autoplay"]) == 1
    assert "no results screen after 10 frames" in capsys.readouterr().err


# --- bench -----------------------------------------------------------------------------------

def test_bench_takes_an_optional_target() -> None:
    parser = cli.build_parser()
    assert parser.parse_args(["bench"]).target == "engine"
    assert parser.parse_args(["bench", "--json"]).target == "engine"
    assert parser.parse_args(["bench", "ui", "--json"]).target == "ui"
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(["bench", "gpu"])
    assert stop.value.code == 2


def test_bench_ui_prints_frame_times(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "ui", "--json", "--frames", "40", "--launch-runs", "1"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["frames"] == 40
    assert 0 < report["p50_ms"] <= report["p99_ms"] <= report["max_ms"]
    assert report["first_frame_s"] > 0 and len(report["first_frame_runs_s"]) == 1
    assert report["table"].startswith("bombazo, 8 seats")


# --- MECHA_CORTA_TRACE -----------------------------------------------------------------------

def test_the_trace_has_one_line_per_action_and_turn(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    trace = tmp_path / "trace.jsonl"
    monkeypatch.setenv(launch.TRACE_ENV, str(trace))
    code = encode(GameConfig("clasico", (K.PERSON, K.ASTUTO, K.LANZADO)), 12)
    match = launch.match_from_code(code)
    assert match.on_action is not None  # the trace follows it
    launch.play_out(match)
    records = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    assert records[0]["event"] == "start" and records[0]["code"] == code
    actions = [r for r in records if r["event"] == "action"]
    assert len(actions) == match.moves
    assert {r["by"] for r in actions} <= {"person", "machine", "table"}
    turns = [r["seat"] for r in records if r["event"] == "turn"]
    assert turns[0] == 0 and len(turns) > 3
    assert records[-1] == {**records[-1], "event": "over", "ranking": list(match.ranking())}


def test_no_trace_without_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(launch.TRACE_ENV, raising=False)
    assert type(launch.make_match(launch.PLAY_NOW)) is launch.Match
