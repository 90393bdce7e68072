"""Play again with the same people (issue 22): at the results of a networked table the host's
Play again deals the same game afresh at the same seats; every computer follows (the host's
own screen reads its table as the others do), a joined computer's results wait for it."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.core.config import SeatKind
from game.match.flow import Pace
from game.net.client import Autoplayer, Joined, Joiner, new_token
from game.net.host import TablePlan
from game.net.hosting import open_hosted
from game.net.link import Link
from game.net.protocol import VERSION
from game.net.tls import client_context
from game.ui.netplay import joined_table, own_link
from game.ui.scenes.results import ResultsScene
from game.ui.widgets import text_of
from tests.ui.conftest import key
from tests.ui.test_remote_table import _welcomed


def _until(app: Any, done: Callable[[], bool], seconds: float, act: Callable[[], None]
           ) -> None:
    end = time.monotonic() + seconds
    while not done():
        act()
        app.step(1 / 30)
        time.sleep(0.002)
        assert time.monotonic() < end


def test_the_host_plays_again_and_every_computer_follows(
        tmp_path: Path, silent_app: Callable[..., Any]) -> None:
    thread, opened = open_hosted(TablePlan("bombazo", ("remote", "remote"), seed=4),
                                 tmp_path, Pace(0.0, 0.0, 0.2), (0,), "Ana")
    try:
        remote = _welcomed(own_link(opened, "Ana", 1))
        remote.hosting = thread
        bo = Link(lambda: Joiner(f"wss://127.0.0.1:{opened.port}", opened.code, "Bo",
                                 new_token(), ssl_context=client_context(),
                                 player_for=lambda game: Autoplayer(game, SeatKind.LANZADO, 3))
                  ).start()
        end = time.monotonic() + 10
        while not thread.call(lambda: thread.table.full):  # Bo has taken the network seat
            time.sleep(0.01)
            assert time.monotonic() < end
        thread.act(thread.table.start)
        while not (remote.ready and remote.started):
            remote.poll()
            time.sleep(0.01)
            assert time.monotonic() < end
        app = silent_app("en", reduced_motion=True)
        scene: Any = joined_table(app, remote)
        app.stack.push(scene)

        def draw() -> None:  # Ana draws at her every turn
            top: Any = app.stack.top
            if getattr(top, "held_end", False):
                key(pygame.K_SPACE)  # the final table waits for the person
            elif top is not None and getattr(top, "flow", None) is not None \
                    and top.flow.awaiting_person is not None and top.may_act:
                legal = top.match.legal_for(top.flow.awaiting_person)
                mine = [a for a in legal if top.match.engine.action_to_json(a) == {"do": "draw"}]
                top.submit((mine or legal)[0])
            elif top is not None and not isinstance(top, ResultsScene) \
                    and getattr(top, "flow", None) is None:
                key(pygame.K_RETURN)  # a modal of the table (where the bomb goes)

        _until(app, lambda: isinstance(app.stack.top, ResultsScene), 90, draw)
        results = app.stack.top
        assert isinstance(results, ResultsScene) and results.again.enabled
        first_code = remote.code
        assert first_code
        remote.hosting = None  # as a joined computer's results show it: the host's call
        joined = ResultsScene(app, remote)
        assert not joined.again.enabled
        assert text_of(joined.again.text) == "The host starts the next game"
        remote.hosting = thread
        key(pygame.K_RETURN)  # Play again
        _until(app, lambda: not isinstance(app.stack.top, ResultsScene), 10, lambda: None)
        again: Any = app.stack.top
        assert again.match is remote and remote.games == 1 and not remote.is_over()
        assert remote.code == ""  # the new deal's code is told at its end only
        seats_moved: set[int] = set()

        def play_and_watch() -> None:
            draw()
            seats_moved.update(seat for seat, _ in thread.call(lambda: list(
                thread.table.match.actions)))

        _until(app, lambda: {0, 1} <= seats_moved, 60, play_and_watch)  # both play again
        assert thread.call(lambda: thread.table.round) == 1
        bo.close()
        remote.close()
    finally:
        thread.stop()


def test_a_joined_computer_starts_afresh_at_a_new_game_and_carries_on_at_a_rejoin() -> None:
    """The welcome's ``again``: a count that changed is a new game (the seats' feeds, views,
    outcome and code forgotten); the same count is a rejoin (everything kept)."""
    joined = Joined()
    welcome = {"k": "welcome", "v": VERSION, "seats": [1], "again": 0,
               "table": {"game": "bombazo", "seats": []}}
    joined.read(welcome)
    joined.mine[1].feed.append((0, None))
    joined.code, joined.moves = "ABC-123", 40
    joined.read(welcome)  # a rejoin
    assert joined.mine[1].feed and joined.code == "ABC-123" and joined.moves == 40
    joined.read({**welcome, "again": 1})  # the host dealt again
    assert joined.games == 1 and not joined.mine[1].feed and joined.code is None
    assert joined.moves == 0 and joined.outcome is None
