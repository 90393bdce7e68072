"""A searching player thinking on a worker thread (``TableFlow(thinker=…)``) plays the very
game it plays on the caller's thread, windows included; an answer for a position already left
is dropped."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.bots.bombdeck.maestro import Maestro
from game.bots.registry import bot_for
from game.core.config import GameConfig, SeatKind
from game.match.flow import INSTANT, TableFlow
from game.match.match import Match

MA, AS = SeatKind.MAESTRO, SeatKind.ASTUTO


def _players() -> list[Any]:
    return [Maestro(budget=150), bot_for("bombazo", AS), Maestro(budget=150)]


def test_threaded_thinking_plays_the_same_game() -> None:
    config = GameConfig("bombazo", (MA, AS, MA))
    plain = Match(config, 21, players=_players(), feed=False)
    plain.play_to_end()
    match = Match(config, 21, players=_players())
    with ThreadPoolExecutor(max_workers=1) as thinker:
        flow = TableFlow(match, INSTANT, thinker)
        searched = 0
        for _ in range(10_000):
            if match.is_over():
                break
            flow.update(0.1)
            if flow.searching:
                searched += 1
                flow.settle()
    assert match.is_over() and searched > 0
    assert match.actions == plain.actions


def test_an_answer_for_a_position_left_is_dropped() -> None:
    match = Match(GameConfig("bombazo", (AS, AS)), 4)
    job = match.machine_job()
    answer = job.run()
    match.step_machine()
    assert not match.offer(job, answer)
    fresh = match.machine_job()
    assert not match.choice_known
    assert match.offer(fresh, fresh.run()) and match.choice_known


class _Gated:
    """A searching level's stand-in that thinks until the test opens its gate."""

    level = SeatKind.MAESTRO

    def __init__(self) -> None:
        import threading

        self.gate = threading.Event()
        self.asked = 0
        self.inner = bot_for("bombazo", AS)

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        self.asked += 1
        assert self.gate.wait(20)
        return self.inner.choose(view, legal, rng)


def test_a_person_acting_while_it_thinks_wins_the_race() -> None:
    from game.match.flow import Pace
    from game.rules.bombdeck import actions as A
    from game.rules.bombdeck.actions import Action

    bot = _Gated()
    match = Match(GameConfig("bombazo", (SeatKind.PERSON, MA, AS)), 2,
                  players=[None, bot, bot_for("bombazo", AS)])
    with ThreadPoolExecutor(max_workers=1) as thinker:
        flow = TableFlow(match, Pace(0.1, 0.1, 2.0), thinker)
        flow.submit(Action(A.PLAY, "skip"))
        assert match.pending().is_window
        for _ in range(100):  # the window's length and more: it waits for the machine
            assert flow.update(0.05) == []
        assert flow.searching and flow.thinking is None  # never named in a window
        flow.window_act(0, A.NOPE_ACTION)  # the person nopes while the machine thinks
        bot.gate.set()
        thinker.submit(lambda: None).result(5)
        for _ in range(200):
            flow.update(0.05)
            if flow.searching:
                flow.settle()
            if flow.person_to_act() is not None:
                break
    assert match.actions[1] == (0, A.NOPE_ACTION)
    assert bot.asked >= 2  # asked again at the new position: the first answer was dropped
    assert match.moves >= 3 and not match.pending().is_window  # on to the next decision
