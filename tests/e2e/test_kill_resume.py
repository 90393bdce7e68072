"""End to end: a game killed mid-play (SIGKILL: no goodbye, no saving on the way out) comes
back where it was.

``python -m game`` runs in a real X11 window (Xvfb) driven by xdotool, with MECHA_CORTA_HOME
as its data folder. "Play now", a few of the person's draws and the machines' moves, then
SIGKILL. A second process on the same folder offers the unfinished game; Enter accepts it. The
trace (MECHA_CORTA_TRACE) says the table opened at the same move with the same game code, and the
autosave written after the resume starts with exactly the actions of the one the kill left
behind and replays (``Match.from_save`` applies every saved move through the engine, legal
where it stands; it does not ask the machines again, docs/SAVES.md): the same game, and the
machines' moves after the resume are those of the same decision streams.

Like test_window.py: skipped without Xvfb and xdotool, a failure in CI.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.core.saves import SavedGame, read_save
from game.match.autosave import FILE_NAME
from game.match.match import Match
from game.ui.settings import HOME_ENV, Settings
from tests.e2e import test_window as window

display = window.display
"""The Xvfb fixture of test_window.py."""

KILL_AFTER = 6
"""Moves in the autosave before the kill."""
MORE = 4
"""Moves the resumed game must make."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data folder both processes share, with quick machines and short windows."""
    folder = tmp_path / "home"
    assert Settings(machine_speed="fast", reaction_seconds=1, fuse_tick=False,
                    tutorial_seen=True).save(folder)
    monkeypatch.setenv(HOME_ENV, str(folder))
    return folder


@pytest.fixture
def games(display: str) -> Iterator[list[window.Game]]:
    started: list[window.Game] = []
    yield started
    for game in started:
        game.stop()


def _start(display: str, folder: Path, games: list[window.Game], home: Path) -> window.Game:
    folder.mkdir()
    game = window.Game(display, folder, home=home)
    games.append(game)
    game.find_window()
    return game


def _autosave(home: Path) -> SavedGame | None:
    try:
        return read_save(home / FILE_NAME)
    except Exception:  # not written yet (the rename is atomic: never half a file)
        return None


PERSON_KEYS = {"play": "space", "place_bomb": "Return", "give": "Return"}
"""The key the person at seat 0 presses for each decision: Space draws, Enter hides a drawn
bomb where the picker proposes, Enter gives the card the chooser proposes."""


def _person_key(home: Path) -> str | None:
    """What the person should press now, read from the autosave (a frame behind at most)."""
    save = _autosave(home)
    if save is None:
        return "space"  # no move yet: the person plays first
    try:
        pending = Match.from_save(save).pending()
    except Exception:
        return None
    if pending.seat == 0 and pending.by_person:
        return PERSON_KEYS.get(pending.phase)
    return None  # the machines' turn, or a reaction window: hands off


def _play_until(game: window.Game, home: Path, ready: Any, what: str,
                timeout: float = 90) -> Any:
    """Play as the person would until ``ready()``."""

    def step() -> Any:
        game.alive()
        found = ready()
        if found:
            return found
        pressed = _person_key(home)
        if pressed is not None:
            game.key(pressed)
        return None

    return window._wait(what, step, timeout, 0.25)


def _started(game: window.Game) -> dict[str, Any] | None:
    game.alive()
    return next((r for r in game.records() if r["event"] == "start"), None)


@pytest.mark.slow  # a real window killed and opened again: 14 s
def test_a_killed_game_resumes_with_the_same_moves(display: str, home: Path, tmp_path: Path,
                                                   games: list[window.Game]) -> None:
    first = _start(display, tmp_path / "first", games, home)
    start: dict[str, Any] | None = None
    for _ in range(10):  # "Play now" (again if the click came before the title took input)
        first.click(window.PLAY_NOW)
        try:
            start = window._wait("the table to open", lambda: _started(first), 3)
            break
        except AssertionError:
            continue
    assert start is not None, "clicking Play now never opened a table"
    assert start["resumed"] is False and start["moves"] == 0

    def far_enough() -> SavedGame | None:
        save = _autosave(home)
        return save if save is not None and len(save.actions) >= KILL_AFTER else None

    _play_until(first, home, far_enough, f"{KILL_AFTER} moves in the autosave")
    first.process.send_signal(signal.SIGKILL)
    first.process.wait(timeout=10)
    assert first.process.returncode == -signal.SIGKILL
    before = _autosave(home)
    assert before is not None and len(before.actions) >= KILL_AFTER
    assert not Match.from_save(before).is_over(), "the game ended before the kill"
    moves = len(before.actions)

    second = _start(display, tmp_path / "second", games, home)
    resumed: dict[str, Any] | None = None
    for _ in range(20):  # Enter accepts the offer
        second.key("Return")
        try:
            resumed = window._wait("the resumed table", lambda: _started(second), 2)
            break
        except AssertionError:
            continue
    assert resumed is not None, "Enter never resumed the game"
    assert resumed["resumed"] is True and resumed["moves"] == moves
    assert resumed["code"] == start["code"], "another game was opened"

    def moved_on() -> SavedGame | bool | None:
        if any(r["event"] == "over" for r in second.records()):
            return True  # it ended: the trace has the rest
        save = _autosave(home)
        return save if save is not None and len(save.actions) >= moves + MORE else None

    after = _play_until(second, home, moved_on, "the resumed game to move on")
    actions = [r for r in second.records() if r["event"] == "action"]
    assert actions and actions[0]["moves"] == moves + 1, "the first move after the resume"
    if isinstance(after, SavedGame):
        assert after.config == before.config and after.seed == before.seed
        assert after.actions[:moves] == before.actions
        replayed = Match.from_save(after)  # every machine move is the machine's own choice
        assert replayed.moves >= moves + MORE
        verbs = [data.get("do") for _seat, data in after.actions[moves:]]
        assert verbs[: len(actions)] == [r["verb"] for r in actions][: len(verbs)]
    second.alive()
    log = second.log.read_text(errors="replace")
    assert "Traceback" not in log, log
