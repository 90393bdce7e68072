"""A joined computer plays through the real table screens: the host's table runs on a thread
of this process (its own asyncio loop, real TLS sockets on 127.0.0.1), and the table scene of
each family reads a :class:`~game.net.remote.RemoteMatch` as it reads a local match."""

from __future__ import annotations

import ast
import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pygame
import pytest

from game.bots.registry import stand_in_for
from game.match.flow import Pace
from game.match.match import Match
from game.net.client import Joiner, new_token
from game.net.host import TablePlan, open_table
from game.net.link import Link
from game.net.remote import RemoteFlow, RemoteMatch
from game.net.server import TableServer
from game.net.table import HostTable
from game.net.tls import client_context, load_or_make_identity, server_context
from game.rules.registry import descriptor, family_of, playable
from tests.ui.conftest import key

ROOT = Path(__file__).resolve().parents[2]


class Hosting:
    """A headless host on a thread: ``table``, ``address``; ``stop()`` ends it."""

    def __init__(self, folder: Path, plan: TablePlan, pace: Pace) -> None:
        self.table: HostTable = open_table(plan, folder / "host", pace)
        identity = load_or_make_identity(folder / "tls")
        self.server = TableServer(self.table, ssl_context=server_context(identity),
                                  host="127.0.0.1", tick=0.01)
        self.fingerprint = identity.fingerprint
        self.address: tuple[str, int] | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self._ready.wait(10)

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self.address = await self.server.start()
            self._ready.set()
            await self.server.run(until_over=True)

        asyncio.run(main())

    def stop(self) -> None:
        if self._loop is not None and not self.server.closed.is_set():
            self._loop.call_soon_threadsafe(self.server.closed.set)
        self.thread.join(10)


@pytest.fixture
def hosting(tmp_path: Path) -> Iterator[Callable[..., Hosting]]:
    made: list[Hosting] = []

    def make(game: str, seats: tuple[str, ...], window: float = 0.3) -> Hosting:
        host = Hosting(tmp_path, TablePlan(game, seats, seed=4), Pace(0.0, 0.0, window))
        made.append(host)
        return host

    yield make
    for host in made:
        host.stop()


def join(host: Hosting, name: str = "Ana", seats: int = 1) -> RemoteMatch:
    assert host.address is not None
    url = f"wss://{host.address[0]}:{host.address[1]}"
    return _welcomed(Link(lambda: Joiner(url, host.table.code, name, new_token(),
                                         ssl_context=client_context(), seats=seats)).start())


def _seats(game: str) -> tuple[str, ...]:
    spec = descriptor(game)
    count = max(spec.min_seats, 2)
    return ("remote", *[stand_in_for(game).value] * (count - 1))


ONE_PER_FAMILY = sorted({family_of(game): game for game in playable()}.values())


@pytest.mark.slow
@pytest.mark.parametrize("game", ONE_PER_FAMILY)
def test_a_joined_person_plays_a_whole_game_through_the_table_screen(
        game: str, hosting: Callable[..., Hosting], silent_app: Callable[..., Any]) -> None:
    from game.ui.registry import ui_kit_for

    host = hosting(game, _seats(game))
    remote = join(host)
    link = remote.link
    end = time.monotonic() + 10
    while not (remote.ready and remote.started) and time.monotonic() < end:
        remote.poll()
        time.sleep(0.01)
    assert remote.ready
    app = silent_app("en", reduced_motion=True)
    scene = ui_kit_for(game).table(app, cast(Match, remote), autosaver=None, resume=None,
                                   show_code=False)
    app.stack.push(scene)
    assert isinstance(scene.flow, RemoteFlow) and not scene.flow.hot_seat
    acted = frame = 0
    end = time.monotonic() + 120
    while not remote.is_over() and time.monotonic() < end:
        app.step(1 / 10)  # a tenth of a second a frame: the animations, not the test, wait
        top = app.stack.top
        if top is scene and scene.flow.awaiting_person is not None and scene.may_act:
            legal = remote.legal_for(scene.flow.awaiting_person)
            if legal and scene.submit(legal[0]):
                acted += 1
        elif top is not scene and frame % 10 == 0:
            key(pygame.K_RETURN)  # a modal of the table's own (the mission's briefing)
        frame += 1
        time.sleep(0.002)
    assert remote.is_over(), (f"the game did not end ({remote.moves} moves, top "
                              f"{type(app.stack.top).__name__}, awaiting "
                              f"{scene.flow.awaiting_person}, curtain {scene.flow.curtain_for}, "
                              f"pending {remote.pending()}, legal {remote.legal_for(0)[:3]}, "
                              f"ended {link.ended}, told {remote.told[:2]}, "
                              f"flight {remote._in_flight} {remote.joined.mine[0].legal[:2]}")
    assert acted > 0
    assert remote.outcome() == host.table.match.outcome()
    assert remote.code == host.table.match.code
    for _ in range(200):
        app.step(1 / 30)
    link.close()


def test_what_the_screens_ask_a_match_a_remote_match_answers() -> None:
    """Every ``match.<name>`` the front end reads exists on RemoteMatch, or is named here as
    something a joined table never reaches (the screenshot builders, autoplay and saving make
    local matches only)."""
    local_only = {"step", "play_to_end", "save", "headless", "on_action", "autosave", "flow",
                  "match", "seed_at"}
    used: set[str] = set()
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Attribute):
                continue
            owner = node.value
            if (isinstance(owner, ast.Attribute) and owner.attr == "match") \
                    or (isinstance(owner, ast.Name) and owner.id == "match"):
                used.add(node.attr)
    missing = {name for name in used - local_only if not hasattr(RemoteMatch, name)
               and name not in RemoteMatch.__init__.__code__.co_names}
    assert not missing, f"RemoteMatch lacks {sorted(missing)}"


def test_a_refused_action_is_told_in_a_notice(hosting: Callable[..., Hosting],
                                              silent_app: Callable[..., Any]) -> None:
    from game.ui.netplay import joined_table

    host = hosting("bombazo", ("remote", "lanzado"))
    remote = join(host)
    end = time.monotonic() + 10
    while not (remote.ready and remote.started) and time.monotonic() < end:
        remote.poll()
        time.sleep(0.01)
    app = silent_app("en")
    scene: Any = joined_table(app, remote)
    app.stack.push(scene)
    app.step(1 / 30)
    assert scene.notice.key is None
    remote.told.append({"k": "told", "why": "not_now", "seat": 0, "at": 0, "reason": "late"})
    app.step(1 / 30)
    assert scene.notice.key == "network.too_late"
    assert app.loc.t(scene.notice.key) == "Too late: the table had moved on."
    remote.close()


def test_a_seat_whose_computer_dropped_is_said_while_the_game_waits_for_it(
        hosting: Callable[..., Hosting], silent_app: Callable[..., Any]) -> None:
    """Two network seats: the other computer drops while the game waits for it; the table
    here says it waits for someone away (not a frozen table)."""
    from game.ui.netplay import joined_table

    host = hosting("bombazo", ("remote", "remote"))
    other = join(host, "Bo")
    remote = join(host, "Ana")
    end = time.monotonic() + 10
    while not (remote.ready and remote.started) and time.monotonic() < end:
        remote.poll()
        other.poll()
        time.sleep(0.01)
    waiting_on = remote.pending().seats
    app = silent_app("en")
    scene: Any = joined_table(app, remote)
    app.stack.push(scene)
    mine = remote.people[0]
    if waiting_on == (mine,):  # make the other seat the one the game waits for
        legal = remote.legal_for(mine)
        draw = next(a for a in legal if remote.engine.action_to_json(a) == {"do": "draw"})
        remote.submit(mine, draw)
    end = time.monotonic() + 10
    while remote.pending().seats == (mine,) or remote.in_flight:
        app.step(1 / 30)
        time.sleep(0.01)
        assert time.monotonic() < end
    assert remote.waiting_for_away() == ()
    other.link.close()
    end = time.monotonic() + 10
    while "network.away_wait" not in scene.notice.shown and time.monotonic() < end:
        app.step(1 / 30)
        time.sleep(0.01)
    assert remote.waiting_for_away() and "network.away_wait" in scene.notice.shown
    assert scene.notice.params == {"names": "Bo"}  # who, by name
    [away] = remote.away()  # and where: a tag on the seat (the notice names, the tag points)
    app.step(1 / 30)
    [tag] = scene.away_rects
    assert tag.collidepoint(scene.layout.seat_point(away))
    key(pygame.K_m)  # a joined computer may not hand the seat to a machine
    app.step(1 / 30)
    assert remote.waiting_for_away() and "network.machines_play" not in scene.notice.shown
    remote.close()


def _welcomed(link: Link) -> RemoteMatch:
    """The match a link reads once the host has welcomed it."""
    end = time.monotonic() + 10
    taken: list[dict[str, Any]] = []
    while time.monotonic() < end:
        taken += link.take()
        kinds = [m["k"] for m in taken]
        if "welcome" in kinds:
            at = kinds.index("welcome")
            return RemoteMatch(link, taken[at], taken[at + 1:])
        time.sleep(0.01)
    raise AssertionError(f"no welcome within 10 s (ended: {link.ended})")


def test_the_host_lets_a_machine_play_for_an_away_person_with_m(
        tmp_path: Path, silent_app: Callable[..., Any]) -> None:
    """The host's own screen (its table on a server thread, as the new-game screen opens
    it): the other computer drops while the game waits for it; the notice names who and says
    M; M hands the seat to a machine, the game goes on, and the seat is the person's again
    when their computer comes back with its token."""
    from game.net.hosting import open_hosted
    from game.ui.netplay import joined_table, own_link

    thread, opened = open_hosted(TablePlan("bombazo", ("remote", "remote"), seed=4),
                                 tmp_path, Pace(0.0, 0.0, 0.3), (0,), "Ana")
    try:
        remote = _welcomed(own_link(opened, "Ana", 1))
        remote.hosting = thread
        bo_token = new_token()
        bo = Link(lambda: Joiner(f"wss://127.0.0.1:{opened.port}", opened.code, "Bo", bo_token,
                                 ssl_context=client_context())).start()
        other = _welcomed(bo)
        thread.act(thread.table.start)
        end = time.monotonic() + 10
        while not (remote.ready and remote.started and other.ready):
            remote.poll()
            other.poll()
            time.sleep(0.01)
            assert time.monotonic() < end
        app = silent_app("en")
        scene: Any = joined_table(app, remote)
        app.stack.push(scene)
        while remote.pending().seats != (1,):  # Ana draws until it is Bo's turn
            if remote.pending().seats == (0,) and not remote.in_flight and not scene.busy:
                key(pygame.K_SPACE)
            app.step(1 / 30)
            time.sleep(0.01)
            assert time.monotonic() < end
        bo.close()
        end = time.monotonic() + 10
        while "network.away_wait_host" not in scene.notice.shown:
            app.step(1 / 30)
            time.sleep(0.01)
            assert time.monotonic() < end
        assert scene.notice.params == {"names": "Bo"}
        moves = remote.moves
        key(pygame.K_m)
        app.step(1 / 30)
        assert "network.machines_play" in scene.notice.shown
        while remote.moves == moves:  # the machine plays Bo's turn
            app.step(1 / 30)
            time.sleep(0.01)
            assert time.monotonic() < end
        assert remote.away() == ()
        back = _welcomed(Link(lambda: Joiner(f"wss://127.0.0.1:{opened.port}", opened.code,
                                             "Bo", bo_token, ssl_context=client_context()))
                         .start())
        assert thread.call(lambda: thread.table.seats[1].stand_in) is None  # Bo's again
        back.close()
        remote.close()
    finally:
        thread.stop()


def test_the_host_machines_moves_are_told_while_the_person_decides(
        hosting: Callable[..., Hosting], silent_app: Callable[..., Any]) -> None:
    """The machines' moves arrive while the table waits for its person: they are told (the
    log, the animations) at once, not after the person's next move (a player saw the log two
    draws behind the deck)."""
    from game.ui.netplay import joined_table

    host = hosting("bombazo", ("remote", "lanzado"))
    remote = join(host)
    end = time.monotonic() + 10
    while not (remote.ready and remote.started) and time.monotonic() < end:
        remote.poll()
        time.sleep(0.01)
    app = silent_app("en", reduced_motion=True)
    scene: Any = joined_table(app, remote)
    app.stack.push(scene)
    end = time.monotonic() + 30
    while not (scene.flow.awaiting_person is not None and scene.may_act):
        app.step(1 / 10)
        time.sleep(0.01)
        assert time.monotonic() < end
    draw = next(a for a in remote.legal_for(0)
                if remote.engine.action_to_json(a) == {"do": "draw"})
    before = remote.moves
    assert scene.submit(draw)
    # the machine plays its turn at the host; then the table waits for its person again
    while not (remote.moves > before + 1 and scene.flow.awaiting_person is not None
               and not scene.timeline.busy) and not remote.is_over():
        app.step(1 / 10)
        time.sleep(0.01)
        assert time.monotonic() < end
    for _ in range(5):
        app.step(1 / 10)
    assert scene._told == remote.feed_size  # every event of the machine's turn was told
    remote.close()
