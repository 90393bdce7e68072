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
