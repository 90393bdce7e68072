"""End to end: ``python -m game`` in a real X11 window (Xvfb), driven by xdotool like a person.

Click "Play now", wait for the person's turn, draw with Space, and see the turn pass to the
next seat. The very first "Play now" (no settings yet) is the game that teaches: Space reads its
bubbles and draws nothing until Esc skips the lesson. The game writes what happens to
``MECHA_CORTA_TRACE`` (one JSON line per action and per turn change, see game/ui/launch.py),
which this test reads.

Needs Xvfb and xdotool (``apt-get install xvfb xdotool``): skipped without them on a
developer's machine, a failure in CI (``CI`` set), where .ci/run installs them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from game.match.match import Match
from game.ui.bombdeck.kit import LESSON_CONFIG, LESSON_SEED
from game.ui.settings import HOME_ENV, Settings

ROOT = Path(__file__).resolve().parent.parent.parent
TOOLS = ("Xvfb", "xdotool")
SCREEN = (1280, 720)
PLAY_NOW = (640, 307)
"""The centre of the title's "Play now" button in the 1280×720 logical screen."""
RULES = (470, 507)
"""The centre of the title's "Rules" button."""
def _draw_button() -> tuple[int, int]:
    """The centre of the table's "Draw" button (from the table's own layout)."""
    from game.ui.bombdeck.layout import DRAW as rect

    return (rect.centerx, rect.centery)


DRAW = _draw_button()
TITLE = "Mecha Corta"


def _need_tools() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not missing:
        return
    why = f"{' and '.join(missing)} not installed (apt-get install xvfb xdotool)"
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the end-to-end test: {why}")
    pytest.skip(f"{why}; CI installs them and runs this test")


def _own_displays() -> range:
    """The display numbers this process may take: :99 to :198, shared out among pytest-xdist's
    workers (worker ``gwK`` of ``N`` takes every ``N``-th from ``:99+K``), so two workers never
    start a server on the same number at once and take each other's for their own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    index = int(worker) if worker.isdigit() else 0
    return range(99 + index % count, 199, count)


def _free_display() -> int:
    for number in _own_displays():
        if not Path(f"/tmp/.X{number}-lock").exists() and \
                not Path(f"/tmp/.X11-unix/X{number}").exists():
            return number
    raise RuntimeError("no free X display number between :99 and :198")


def _wait(what: str, check: Callable[[], Any], timeout: float, every: float = 0.1) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


@contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[str]:
    """A fresh Xvfb server of ``size``; its DISPLAY name."""
    _need_tools()
    for _attempt in range(5):
        number = _free_display()
        server = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", f"{size[0]}x{size[1]}x24",
             "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket = Path(f"/tmp/.X11-unix/X{number}")
        end = time.monotonic() + 10
        while time.monotonic() < end and server.poll() is None and not socket.exists():
            time.sleep(0.05)
        if server.poll() is None and socket.exists():
            break
        server.kill()
        server.wait()
    else:
        pytest.fail("Xvfb did not start")
    try:
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh Xvfb server of the window's size; its DISPLAY name."""
    with xvfb(SCREEN) as name:
        yield name


class Game:
    """The game process on ``display`` and the xdotool hands that play it. ``args``: more
    command-line arguments (``--code CODE``); ``settings``: a settings file to start with."""

    def __init__(self, display: str, folder: Path, args: tuple[str, ...] = (),
                 settings: dict[str, Any] | None = None, home: Path | None = None) -> None:
        self.display = display
        self.trace = folder / "trace.jsonl"
        self.log = folder / "game.log"
        env = dict(os.environ)
        env.pop("SDL_VIDEODRIVER", None)  # the UI tests' conftest chose the dummy driver
        env.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   MECHA_CORTA_TRACE=str(self.trace), HOME=str(folder),
                   XDG_DATA_HOME=str(folder / "data"), PYTHONPATH=str(ROOT),
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        # its data folder: the one given, else its own, whatever the outer environment says
        env[HOME_ENV] = str(home if home is not None else folder / "data")
        self.env = env
        if settings is not None:  # where the game reads them: its data folder (above)
            data = Path(env[HOME_ENV])
            data.mkdir(parents=True, exist_ok=True)
            (data / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
        with self.log.open("w") as out:
            self.process = subprocess.Popen([sys.executable, "-m", "game", "--lang", "en",
                                             *args], cwd=ROOT, env=env, stdout=out, stderr=out)
        self.window = ""
        self.origin = (0, 0)
        self.size = SCREEN

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True,
                              text=True, timeout=15, check=False)
        return done.stdout.strip()

    def alive(self) -> None:
        if self.process.poll() is not None:
            raise AssertionError(f"the game exited ({self.process.returncode}):\n"
                                 f"{self.log.read_text(errors='replace')}")

    def find_window(self) -> None:
        def found() -> str:
            self.alive()
            # by process: some xdotool versions cannot match SDL's UTF-8 window name
            ids = self.xdotool("search", "--onlyvisible", "--pid",
                               str(self.process.pid)).split()
            named = [i for i in ids if self.xdotool("getwindowname", i) == TITLE]
            return named[0] if named else ""

        self.window = _wait("the game window", found, 30, 0.2)
        geometry: dict[str, int] = {}
        for line in self.xdotool("getwindowgeometry", "--shell", self.window).splitlines():
            name, _, value = line.partition("=")
            if value.strip().lstrip("-").isdigit():
                geometry[name] = int(value)
        self.origin = (geometry.get("X", 0), geometry.get("Y", 0))
        self.size = (geometry.get("WIDTH", SCREEN[0]), geometry.get("HEIGHT", SCREEN[1]))
        self.xdotool("windowactivate", self.window)
        self.xdotool("windowfocus", self.window)

    def resize(self, width: int, height: int) -> None:
        """Resize the window as a person would drag its corner."""
        self.xdotool("windowsize", self.window, str(width), str(height))
        _wait("the new size", lambda: self._size_now() == (width, height), 10, 0.1)
        self.size = (width, height)
        time.sleep(0.3)  # the game sees the resize on its next frame

    def _size_now(self) -> tuple[int, int]:
        shell = dict(line.partition("=")[::2] for line in
                     self.xdotool("getwindowgeometry", "--shell", self.window).splitlines())
        return int(shell.get("WIDTH", 0)), int(shell.get("HEIGHT", 0))

    def to_screen(self, logical: tuple[int, int]) -> tuple[int, int]:
        """Where a logical point is on the X screen: the frame is letterboxed into the
        window, as big as fits (game.ui.viewport)."""
        width, height = self.size
        scale = min(width / SCREEN[0], height / SCREEN[1])
        left = (width - round(SCREEN[0] * scale)) // 2
        top = (height - round(SCREEN[1] * scale)) // 2
        return (self.origin[0] + left + round(logical[0] * scale),
                self.origin[1] + top + round(logical[1] * scale))

    def click(self, logical: tuple[int, int]) -> None:
        x, y = self.to_screen(logical)
        self.xdotool("mousemove", str(x), str(y))
        time.sleep(0.05)
        self.xdotool("click", "1")

    def key(self, name: str) -> None:
        self.xdotool("key", name)

    def records(self) -> list[dict[str, Any]]:
        if not self.trace.exists():
            return []
        lines = self.trace.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines if line.strip()]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def game(display: str, tmp_path: Path) -> Iterator[Game]:
    """A player who has had the lesson: "Play now" plays at once."""
    assert Settings(tutorial_seen=True).save(tmp_path / "data")
    running = Game(display, tmp_path)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def first_game(display: str, tmp_path: Path) -> Iterator[Game]:
    """Someone who has never played: no settings at all."""
    running = Game(display, tmp_path)
    try:
        yield running
    finally:
        running.stop()


def _play_now(game: Game) -> dict[str, Any]:
    def started() -> dict[str, Any] | None:
        game.alive()
        return next((r for r in game.records() if r["event"] == "start"), None)

    for _ in range(10):  # again if the first click came before the title took input
        game.click(PLAY_NOW)
        try:
            found: dict[str, Any] = _wait("the table to open", started, 3)
            return found
        except AssertionError:
            continue
    raise AssertionError("clicking Play now never opened a table")


def _person_acted(game: Game) -> dict[str, Any] | None:
    game.alive()
    return next((r for r in game.records() if r["event"] == "action"
                 and r["by"] == "person" and r["seat"] == 0), None)


@pytest.mark.slow
def test_the_first_play_now_teaches_and_esc_skips_the_lesson(first_game: Game) -> None:
    game = first_game
    game.find_window()
    start = _play_now(game)
    assert start["code"] == Match(LESSON_CONFIG, LESSON_SEED).code, "not the lesson's deal"
    for _ in range(24):  # Space reads the first bubbles, then is not what the lesson asks
        game.key("space")
        time.sleep(0.25)
    assert _person_acted(game) is None, "Space drew a card through the lesson"
    game.key("Escape")  # the lesson ends; the game goes on
    action: dict[str, Any] | None = None
    for _ in range(30):
        game.key("space")
        try:
            action = _wait("the person's draw", lambda: _person_acted(game), 0.5)
            break
        except AssertionError:
            continue
    assert action is not None and action["verb"] == "draw"


def test_play_now_draw_and_the_turn_passes(game: Game) -> None:
    game.find_window()

    def started() -> dict[str, Any] | None:
        game.alive()
        return next((r for r in game.records() if r["event"] == "start"), None)

    # "Play now" (clicked again if the first click came before the title took input)
    start: dict[str, Any] | None = None
    for _ in range(10):
        game.click(PLAY_NOW)
        try:
            start = _wait("the table to open", started, 3)
            break
        except AssertionError:
            continue
    assert start is not None, "clicking Play now never opened a table"
    assert start["game"] == "bombazo" and start["people"] == [0]
    turns = [r for r in game.records() if r["event"] == "turn"]
    assert turns and turns[0]["seat"] == 0, "the person at seat 0 plays first"

    def drew() -> dict[str, Any] | None:
        game.alive()
        return next((r for r in game.records() if r["event"] == "action"
                     and r["by"] == "person" and r["seat"] == 0), None)

    # Space draws once the deal has finished (input is locked while cards fly)
    action: dict[str, Any] | None = None
    for _ in range(60):
        game.key("space")
        try:
            action = _wait("the person's draw", drew, 0.5)
            break
        except AssertionError:
            continue
    assert action is not None, "Space never drew a card"
    assert action["verb"] == "draw"

    def passed() -> dict[str, Any] | None:
        game.alive()
        later = [r for r in game.records() if r["event"] == "turn"
                 and r["moves"] >= action["moves"] and r["seat"] != 0]
        return later[0] if later else None

    # A drawn bomb is defused and hidden again first: Enter confirms the hide-bomb picker.
    if action["next"] == {"kind": "place_bomb", "seat": 0}:
        for _ in range(20):
            game.key("Return")
            try:
                _wait("the bomb to be hidden", passed, 0.5)
                break
            except AssertionError:
                continue
    turn = _wait("the turn to pass", passed, 20)
    assert turn["seat"] == 1
    game.alive()


def _started(game: Game) -> dict[str, Any] | None:
    game.alive()
    return next((r for r in game.records() if r["event"] == "start"), None)


def test_the_window_is_named_for_the_taskbar(game: Game) -> None:
    game.find_window()
    if shutil.which("xprop") is None:
        pytest.skip("xprop not installed (apt-get install x11-utils)")
    done = subprocess.run(["xprop", "-id", game.window, "WM_CLASS"], env=game.env,
                          capture_output=True, text=True, timeout=15, check=False)
    assert '"mecha-corta"' in done.stdout, done.stdout
    log = game.log.read_text(errors="replace")
    assert "ALSA" not in log and "Traceback" not in log, log


@pytest.mark.slow
def test_enter_after_a_visit_to_the_rules_starts_a_game(game: Game) -> None:
    game.find_window()
    # the click may come before the title takes input: click until the rules open (Esc then
    # leaves them; a click that did not open them leaves the title as it was)
    for _ in range(10):
        game.click(RULES)
        time.sleep(0.5)
    game.key("Escape")
    time.sleep(0.5)
    start: dict[str, Any] | None = None
    for _ in range(10):
        game.key("Return")
        try:
            start = _wait("Enter to start a game", lambda: _started(game), 2)
            break
        except AssertionError:
            game.key("Escape")  # a leftover rules page, or the quit question
            time.sleep(0.3)
    assert start is not None, "Enter on the title did not start a game after the rules"
    assert start["game"] == "bombazo"


@pytest.mark.slow
def test_a_resized_window_scales_and_clicks_land(game: Game) -> None:
    game.find_window()
    for _ in range(10):
        game.click(PLAY_NOW)
        try:
            _wait("the table to open", lambda: _started(game), 3)
            break
        except AssertionError:
            continue
    game.resize(900, 700)  # narrower than 16:9: letterboxed top and bottom

    def drew() -> dict[str, Any] | None:
        game.alive()
        return next((r for r in game.records() if r["event"] == "action"
                     and r["by"] == "person" and r["verb"] == "draw"), None)

    action = None
    for _ in range(60):  # the Draw button, clicked where it is in the scaled frame
        game.click(DRAW)
        try:
            action = _wait("a draw from the scaled button", drew, 0.5)
            break
        except AssertionError:
            continue
    assert action is not None, "the click on the scaled Draw button never landed"


# --------------------------------------------------------------------------- Die Bombe


@pytest.mark.slow
def test_a_whole_game_of_die_bombe_by_keyboard_from_a_typed_code(display: str,
                                                                  tmp_path: Path) -> None:
    """``python -m game --code CODE`` opens a Die Bombe table against two machines; the person
    bids with the number keys and Enter every round (Enter also takes a card and drops a
    bomb) until the trace says the game is over."""
    from game.core.config import GameConfig, SeatKind
    from game.rules.codes import encode
    from game.ui.settings import Settings

    code = encode(GameConfig("diebombe", (SeatKind.PERSON, SeatKind.ASTUTO,
                                          SeatKind.LANZADO)), 611)
    game = Game(display, tmp_path, ("--code", code),
                Settings(machine_speed="fast").to_dict())
    try:
        game.find_window()
        start = _wait("the table to open", lambda: _started(game), 30)
        assert start["game"] == "diebombe" and start["people"] == [0] and start["code"] == code
        amounts = "7135"
        end = time.monotonic() + 400
        over: dict[str, Any] | None = None
        presses = 0
        while over is None and time.monotonic() < end:
            game.alive()
            game.key(amounts[presses % len(amounts)])  # the bid's digit (ignored elsewhere)
            game.key("Return")  # seals the bid, takes the focused card, drops the bomb
            presses += 1
            time.sleep(0.15)
            over = next((r for r in game.records() if r["event"] == "over"), None)
        assert over is not None, "the game never ended"
        mine = [r for r in game.records() if r["event"] == "action" and r["by"] == "person"]
        bids = [r for r in mine if r["verb"] == "bid"]
        assert len(bids) >= 15, "the person bid in every round"
        assert {r["seat"] for r in mine} == {0}
        assert sorted(over["ranking"]) == [0, 1, 2]
        game.alive()
        log = game.log.read_text(errors="replace")
        assert "Traceback" not in log, log
    finally:
        game.stop()


# --------------------------------------------------------------------------- Caza Bombas


@pytest.mark.slow
def test_a_whole_caza_bombas_mission_by_keyboard_from_a_typed_code(display: str,
                                                                   tmp_path: Path) -> None:
    """``python -m game --code CODE`` opens a mission-1 Caza Bombas table, one person and two
    machine teammates; Enter starts the briefing, places the setup token, points at the
    focused teammate's wire and names the focused value, turn after turn, until the trace
    says the mission is over (won or lost)."""
    from game.core.config import GameConfig, SeatKind
    from game.rules.codes import encode
    from game.ui.settings import Settings

    code = encode(GameConfig("cazabombas", (SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.ASTUTO),
                             frozenset({"mission1"})), 4242)
    game = Game(display, tmp_path, ("--code", code),
                Settings(machine_speed="fast", tutorial_seen=True).to_dict())
    try:
        game.find_window()
        start = _wait("the table to open", lambda: _started(game), 30)
        assert start["game"] == "cazabombas" and start["people"] == [0] and start["code"] == code
        end = time.monotonic() + 300
        over: dict[str, Any] | None = None
        while over is None and time.monotonic() < end:
            game.alive()
            game.key("Return")  # the briefing, the token, the wire, the value
            time.sleep(0.15)
            over = next((r for r in game.records() if r["event"] == "over"), None)
        assert over is not None, "the mission never ended"
        mine = [r for r in game.records() if r["event"] == "action" and r["by"] == "person"]
        assert mine and mine[0]["verb"] == "token"
        assert {r["verb"] for r in mine[1:]} <= {"dual_cut", "solo_cut", "reveal_reds"}
        assert len(mine) >= 2 and {r["seat"] for r in mine} == {0}
        game.alive()
        log = game.log.read_text(errors="replace")
        assert "Traceback" not in log, log
    finally:
        game.stop()
