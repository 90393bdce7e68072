"""End to end: a table across the network, two ``python -m game`` windows on one X display.

Window A (the host) opens a Bombazo table from the new-game screen with a person at seat 0,
"Person on the network" at seat 1 and a machine (Lanzado, who plays many cards: many
reaction windows); the lobby shows the code, which a person
would read off the screen: the test reads it from the host's data folder instead
(``<home>/host/table.json``, written by ``game.net.host.keep`` with the code and the port the
table listens on). Window B (the joining computer) goes to "Join a table", types
``127.0.0.1:PORT``, the code and a name, and presses Enter; back in A, Enter starts the game.
Both people then play through the real table screens with the keyboard (Space draws on one's
turn, Enter confirms the hide-the-bomb picker and the other modals of one's own decisions, and
B presses 2 all the time: seat 2's nope key, ignored unless a reaction window is open and B
holds a nope) until both windows show their results; then each goes to the title and quits
through the quit question, and both processes must exit with 0 and no traceback.

The game writes a trace (``MECHA_CORTA_TRACE``, ``game.ui.launch``): a ``scene`` line at each
change of the top screen, and for a joined table (the host's own screen is one) the public
events as they arrive (``feed``), whose turn it is (``turn``), windows opening and the end.

A network table's deal cannot be chosen from the screens, so whether B ever holds a nope while
a window is open is up to the deal (B only draws, so a nope it gets stays in its hand until a
window opens; when B held one, it always got played in the next window; a third to a half of
the games deal B none before the end): when a game ends without B's nope, both go back to the
title and the table is opened again, up to ``GAMES`` games (all of them without: under 1 run in
100, and the failure says so), and the test asserts that B's nope reached both computers. Three
seats rather than four: B draws more cards before the end, so more games give it a nope.

Needs Xvfb and xdotool, as ``test_window.py`` (whose helpers this reuses).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.ui.settings import Settings
from tests.e2e.test_window import Game, _wait, xvfb

SCREEN = (2560, 720)
"""Two 1280×720 windows side by side (a click goes to the window under the pointer)."""
WINDOW_W = 1280
NEW_GAME = (356, 433)
"""The centre of the title's "New game" button (logical coordinates)."""
JOIN_TABLE = (640, 433)
"""The centre of the title's "Join a table" button."""
SEAT_1_LEFT = (920, 248)
"""The left half of seat 2's choice on the new-game screen: one click from "Person" wraps
round to the last choice, "Person on the network"."""
OPEN_TABLE = (1059, 650)
"""The new-game screen's Start ("Open the table" with a network seat)."""
NAME_B = "Bea"
GAMES = 6
GAME_SECONDS = 420


@pytest.fixture
def wide_display() -> Iterator[str]:
    """A fresh Xvfb server twice as wide as a window; its DISPLAY name."""
    with xvfb(SCREEN) as name:
        yield name


def _start(display: str, folder: Path, settings: Settings) -> Game:
    """A game process with its own data folder (``folder/data``) holding ``settings``."""
    folder.mkdir(parents=True)
    assert settings.save(folder / "data")
    return Game(display, folder)


def _placed(game: Game, x: int) -> None:
    """Find ``game``'s window and move it to ``x`` on the wide screen (no window manager:
    the window goes where it is told)."""
    game.find_window()
    game.xdotool("windowmove", "--sync", game.window, str(x), "0")

    def moved() -> bool:
        shell = dict(line.partition("=")[::2] for line in
                     game.xdotool("getwindowgeometry", "--shell", game.window).splitlines())
        return shell.get("X") == str(x)

    _wait("the window to move", moved, 10)
    game.origin = (x, 0)


def _keys(game: Game, *keys: str) -> None:
    """Keys to ``game``'s window: the keyboard focus is moved to it first (two windows)."""
    game.xdotool("windowfocus", "--sync", game.window)
    game.xdotool("key", "--delay", "20", *keys)


def _type(game: Game, text: str) -> None:
    game.xdotool("windowfocus", "--sync", game.window)
    game.xdotool("type", "--delay", "40", text)


def _scenes(game: Game) -> list[str]:
    return [r["top"] for r in game.records() if r["event"] == "scene"]


def _on(game: Game, scene: str, after: int = 0) -> bool:
    """``game``'s top screen is ``scene`` now (and came after its ``after``-th scene line)."""
    game.alive()
    scenes = _scenes(game)
    return len(scenes) > after and scenes[-1] == scene


def _click_until(game: Game, point: tuple[int, int], scene: str, what: str) -> None:
    """Click ``point`` until ``scene`` is on top (a first click may come before the screen
    takes input, or inside the click guard of a screen just shown)."""
    before = len(_scenes(game))
    for _ in range(10):
        game.click(point)
        try:
            _wait(what, lambda: _on(game, scene, before), 3)
            return
        except AssertionError:
            continue
    raise AssertionError(f"clicking never opened {what}: {_scenes(game)}")


def _table_file(home: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((home / "host" / "table.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "port" in data else None


def _since(game: Game, start: int) -> list[dict[str, Any]]:
    """``game``'s trace lines from its ``start``-th on."""
    return game.records()[start:]


def _open_and_join(a: Game, b: Game, home_a: Path) -> tuple[int, int]:
    """A opens the table, B joins it, A starts it; the trace lengths where the game began."""
    old = _table_file(home_a)
    _click_until(a, NEW_GAME, "NewGameScene", "the new-game screen")
    time.sleep(0.6)  # past the click guard
    a.click(SEAT_1_LEFT)  # seat 2: "Person" → "Person on the network"
    time.sleep(0.4)
    _click_until(a, OPEN_TABLE, "LobbyScene", "the lobby")
    table = _wait("the table's code and port",
                  lambda: (found := _table_file(home_a)) is not None and found != old
                  and not found.get("started") and found, 15)
    code, port = table["code"], table["port"]
    assert set(table["seats"]) == {"0", "1"}, table  # A's person, and the network seat

    _click_until(b, JOIN_TABLE, "JoinScene", "the join screen")
    time.sleep(0.6)
    # the address field has the focus; Ctrl+A and Backspace empty a field first (the name
    # field holds the name given last time)
    _keys(b, "ctrl+a", "BackSpace")
    _type(b, f"127.0.0.1:{port}")
    _keys(b, "Tab", "ctrl+a", "BackSpace")
    _type(b, code)
    _keys(b, "Tab", "ctrl+a", "BackSpace")
    _type(b, NAME_B)
    _keys(b, "Return")

    def joined() -> bool:
        a.alive()
        b.alive()
        found = _table_file(home_a)
        seat = (found or {}).get("seats", {}).get("1", {})
        return seat.get("name") == NAME_B and bool(seat.get("token"))

    _wait("B to take the network seat", joined, 20)
    marks = (len(a.records()), len(b.records()))

    def started() -> bool:
        return _on(a, "TableScene") and _on(b, "TableScene")

    for _ in range(20):  # Enter: the lobby's Start (again if the lobby had not seen B yet)
        _keys(a, "Return")
        try:
            _wait("both tables to open", started, 2)
            break
        except AssertionError:
            continue
    assert started(), (_scenes(a), _scenes(b))
    return marks


def _play(a: Game, b: Game, marks: tuple[int, int]) -> None:
    """Both people play until both windows show their results."""
    end = time.monotonic() + GAME_SECONDS
    done = {"a": False, "b": False}
    while time.monotonic() < end and not all(done.values()):
        for name, game, mark, extra in (("a", a, marks[0], ()), ("b", b, marks[1], ("2",))):
            game.alive()
            if done[name]:
                continue
            scenes = [r["top"] for r in _since(game, mark) if r["event"] == "scene"]
            if scenes[-1:] == ["ResultsScene"]:
                done[name] = True
                continue
            if scenes[-1:] == ["TableScene"]:
                _keys(game, *extra, "space")  # a nope (B), a draw on one's turn
            else:
                _keys(game, "Return")  # a modal of the table's: where the bomb goes, a favour
        time.sleep(0.1)
    assert all(done.values()), f"the results never came: {done}"


def _key_until(game: Game, key: str, scene: str) -> None:
    """Press ``key`` until ``scene`` is on top."""
    for _ in range(10):
        _keys(game, key)
        try:
            _wait(scene, lambda: _on(game, scene), 2)
            return
        except AssertionError:
            continue
    raise AssertionError(f"{key} never showed {scene}: {_scenes(game)}")


def _quit(game: Game) -> None:
    """From the results: Esc to the title, Esc asks to quit, Enter says yes."""
    for scene in ("TitleScene", "ConfirmScene"):
        _key_until(game, "Escape", scene)
    _keys(game, "Return")
    assert game.process.wait(timeout=20) == 0, game.log.read_text(errors="replace")


def _nopes(records: list[dict[str, Any]], seat: int) -> int:
    return sum(1 for r in records if r["event"] == "feed" and r["kind"] == "Noped"
               and r["seat"] == seat)


@pytest.mark.slow
def test_a_network_table_hosted_in_one_window_and_joined_from_another(
        wide_display: str, tmp_path: Path) -> None:
    host = Settings(tutorial_seen=True, machine_speed="fast", reduced_motion=True,
                    reaction_seconds=2, player_names=["Ana"],
                    last_setup={"game": "bombazo", "seats": ["person", "person", "lanzado"],
                                "options": []})
    a = _start(wide_display, tmp_path / "a", host)
    b = _start(wide_display, tmp_path / "b",
               Settings(tutorial_seen=True, machine_speed="fast", reduced_motion=True))
    home_a = tmp_path / "a" / "data"
    try:
        _placed(a, 0)
        _placed(b, WINDOW_W)
        played: list[tuple[int, int]] = []
        for game in range(GAMES):
            if game:  # another table: both back to the title first
                for window in (b, a):
                    _key_until(window, "Escape", "TitleScene")
            marks = _open_and_join(a, b, home_a)
            played.append(marks)
            _play(a, b, marks)
            seen_a, seen_b = _since(a, marks[0]), _since(b, marks[1])
            for records in (seen_a, seen_b):
                starts = [r for r in records if r["event"] == "start"]
                assert len(starts) == 1 and starts[0]["network"] is True, starts
                assert starts[0]["game"] == "bombazo" and len(starts[0]["seats"]) == 3
                overs = [r for r in records if r["event"] == "over"]
                assert len(overs) == 1 and sorted(overs[0]["ranking"]) == [0, 1, 2]
            assert next(r for r in seen_a if r["event"] == "start")["people"] == [0]
            assert next(r for r in seen_b if r["event"] == "start")["people"] == [1]
            # the same game on both computers: the same ranking, the same public events
            assert [r["ranking"] for r in seen_a if r["event"] == "over"] == \
                [r["ranking"] for r in seen_b if r["event"] == "over"]
            assert [(r["kind"], r["seat"]) for r in seen_a if r["event"] == "feed"] == \
                [(r["kind"], r["seat"]) for r in seen_b if r["event"] == "feed"]
            for records, seat in ((seen_a, 0), (seen_b, 1)):
                mine = [r for r in records if r["event"] == "feed" and r["seat"] == seat
                        and r["kind"] == "CardDrawn"]
                assert mine, f"seat {seat} never drew a card from its window"
            if _nopes(seen_a, 1):
                assert _nopes(seen_b, 1) == _nopes(seen_a, 1)
                break
        assert _nopes(_since(a, played[-1][0]), 1), \
            f"B never noped in {len(played)} games (no nope in a window for B's seat)"
        _quit(b)
        _quit(a)
        for window in (a, b):
            log = window.log.read_text(errors="replace")
            assert "Traceback" not in log, log
    finally:
        a.stop()
        b.stop()
