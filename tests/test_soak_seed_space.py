"""Issue 19, fault 4: ``python -m game soak --games 3 --seed 1048574`` reported ``errors: 1`` and
exited 1, because its third game had seed 2^20, which no code carries (codes hold 20-bit seeds)
and so no ``Match`` accepts. The engine soak now wraps its seeds round ``SEED_SPACE``, as its
``--screens`` games always did: every game it plays is one its code replays, whatever ``--seed``
and ``--games`` say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import cli
from game.core.codes import SEED_SPACE
from game.core.config import GameConfig
from game.match.headless import GameRecord
from game.match.headless import play_game as real_play_game
from game.rules.codes import decode
from game.tools import soak
from game.tools.soak import run_soak, seed_at, seed_range, soak_config, soak_tables

ROOT = Path(__file__).resolve().parent.parent


def test_the_command_of_the_issue_finds_no_error() -> None:
    """The very command of the report, as a player types it."""
    done = subprocess.run([sys.executable, "-m", "game", "soak", "--games", "3", "--seed",
                           "1048574", "--quiet"], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("soak: 3 games over ")
    assert "seeds 1048574…0 (wrapped at 1048576)" in lines[0]
    assert lines[-1].endswith("invariant violations: 0, errors: 0")


def test_game_seeds_wrap_round_the_seed_space(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []

    def spy(config: GameConfig, seed: int, *args: Any, **kwargs: Any) -> GameRecord:
        played.append(seed)
        return real_play_game(config, seed, *args, **kwargs)

    monkeypatch.setattr(soak, "play_game", spy)
    report = run_soak(4, SEED_SPACE - 2, progress=False)
    assert report.ok and report.errors == 0 and report.games == 4
    assert played == [SEED_SPACE - 2, SEED_SPACE - 1, 0, 1]
    played.clear()
    assert run_soak(2, 5 * SEED_SPACE + 7, progress=False).ok  # a --seed past 2^20 too
    assert played == [7, 8]


def test_a_problem_past_the_wrap_gives_the_code_of_the_very_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The problem lines name the seed the game really had, and its code replays it."""
    def flaky(config: GameConfig, seed: int, *args: Any, **kwargs: Any) -> GameRecord:
        if seed == 1:
            raise IndexError("list index out of range")
        return real_play_game(config, seed, *args, **kwargs)

    monkeypatch.setattr(soak, "play_game", flaky)
    report = run_soak(4, SEED_SPACE - 2, progress=False)
    assert report.errors == 1
    sample = report.error_samples[0]
    table, config = soak_config(soak_tables(), 3)
    assert sample.startswith(f"{table.name} seed 1 first {config.first} bots ")
    code = sample.split(" code ")[1].split(":")[0]
    assert decode(code) == (config, 1)


def test_the_text_report_says_the_seeds_wrapped(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["soak", "--games", "3", "--seed", str(SEED_SPACE - 1), "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert f"seeds {SEED_SPACE - 1}…1 (wrapped at {SEED_SPACE})" in first


@pytest.mark.parametrize(("seed", "games", "text"), [
    (7, 300, "7…306"),
    (SEED_SPACE - 3, 3, f"{SEED_SPACE - 3}…{SEED_SPACE - 1}"),
    (SEED_SPACE - 3, 4, f"{SEED_SPACE - 3}…0 (wrapped at {SEED_SPACE})"),
    (SEED_SPACE + 2, 1, f"2…2 (wrapped at {SEED_SPACE})"),
])
def test_the_seed_range_is_the_seeds_played(seed: int, games: int, text: str) -> None:
    assert seed_range(seed, games) == text
    assert seed_at(seed, games - 1) < SEED_SPACE
