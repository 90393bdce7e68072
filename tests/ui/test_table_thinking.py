"""A searching machine (Maestro) thinks in the app's worker thread: the frames keep coming and
take input, its seat says it is thinking, and its move comes when it has answered, the same
move as without the thread. Leaving the table while it thinks loses nothing.

The machine here is a stand-in at Maestro's level that waits for the test to let it answer
(then answers as Astuto), so the test decides how long it thinks."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pytest

from game.bots.registry import bot_for
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.match.flow import Pace
from game.match.match import Match
from game.ui.app import App
from game.ui.scenes.pause import PauseScene
from tests.ui.conftest import key
from tests.ui.test_table import open_table, until
from tests.ui.textspy import spy

P, MA = SeatKind.PERSON, SeatKind.MAESTRO
QUICK = Pace(machine_delay=0.05, machine_window_delay=0.05, window_seconds=1.0)
DT = 1 / 30


class Gated:
    """Thinks until ``gate`` opens; notes the threads it was asked on."""

    level = SeatKind.MAESTRO

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.threads: list[str] = []
        self.inner = bot_for("bombazo", SeatKind.ASTUTO)

    def choose(self, view: Any, legal: Sequence[Any], rng: Pcg32) -> Any:
        self.threads.append(threading.current_thread().name)
        assert self.gate.wait(20), "the test never let the machine answer"
        return self.inner.choose(view, legal, rng)


def _match(bot: Gated, seed: int = 3) -> Match:
    """You and the machine; the machine plays first."""
    return Match(GameConfig("bombazo", (P, MA), first=1), seed, players=[None, bot])


def _steps(app: App, n: int) -> None:
    for _ in range(n):
        app.step(DT)


def test_the_table_keeps_drawing_and_shows_the_seat_thinking(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("en")
    bot = Gated()
    match = _match(bot)
    scene = open_table(app, match, QUICK)
    drawn = spy(monkeypatch)
    _steps(app, 20)  # far past the machine's delay: it is still thinking
    assert match.moves == 0
    assert scene.flow.thinking == 1 and scene.flow.searching
    assert bot.threads and all(name.startswith("thinker") for name in bot.threads)
    assert any("is thinking" in text for text in drawn.strings)
    # the frames take real input meanwhile: Esc opens the pause menu and closes it again
    key(pygame.K_ESCAPE)
    _steps(app, 2)
    assert isinstance(app.stack.top, PauseScene)
    key(pygame.K_ESCAPE)
    _steps(app, 10)  # the stack's click guard passes
    assert app.stack.top is scene and match.moves == 0
    bot.gate.set()
    until(app, lambda: match.moves > 0)
    assert scene.flow.thinking is None
    assert match.actions[0][0] == 1  # the machine moved, and the game goes on


def test_the_move_is_the_one_it_makes_without_the_thread(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    threaded, plain = Gated(), Gated()
    plain.gate.set()
    match, twin = _match(threaded, 8), _match(plain, 8)
    open_table(app, match, QUICK)
    _steps(app, 3)
    threaded.gate.set()
    until(app, lambda: match.moves > 0)
    twin.step_machine()  # thinks here, on this thread
    assert match.actions[0] == twin.actions[0]


def test_leaving_while_it_thinks_loses_nothing(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    bot = Gated()
    match = _match(bot, 5)
    open_table(app, match, QUICK)
    _steps(app, 5)
    for _ in range(500):  # the job is handed to the thread; on a busy machine it starts later
        if bot.threads:
            break
        time.sleep(0.01)
    assert bot.threads, "it was thinking"
    saved = match.save()
    app.stack.reset()  # the table closes (quit, or back to the title) while it thinks
    bot.gate.set()
    app.thinker.submit(lambda: None).result(5)  # the thread has finished with it
    assert match.moves == 0 and match.save() == saved
    again = Match.from_save(saved)
    assert again.moves == 0 and again.code == match.code


def test_the_thinker_runs_jobs_in_turn_and_hands_errors_back() -> None:
    from game.ui.thinker import Thinker

    thinker = Thinker()
    order: list[int] = []
    gate = threading.Event()
    first = thinker.submit(lambda: gate.wait(5) and order.append(1))
    second = thinker.submit(lambda: order.append(2))
    assert not first.done() and not second.done()  # one at a time: the second waits
    gate.set()
    second.result(5)
    assert order == [1, 2] and first.done()

    def broken() -> None:
        raise ValueError("bad move")

    with pytest.raises(ValueError, match="bad move"):
        thinker.submit(broken).result(5)
    thinker.close()
    with pytest.raises(RuntimeError):
        thinker.submit(lambda: None)
