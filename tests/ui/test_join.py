"""The joining side of a network table, through the real screens with real pygame events: the
title's button, the join screen typed into, a real host on a thread of this process (TLS on
127.0.0.1, ``tests/ui/test_remote_table.Hosting``), the fingerprint remembered or refused, the
refusals as one translated line, Esc, and the family's table once the host's game starts."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.bots.registry import stand_in_for
from game.match.flow import Pace
from game.net.discovery import FoundTable
from game.net.host import TablePlan
from game.net.protocol import VERSION
from game.net.remote import RemoteFlow, RemoteMatch
from game.net.tls import KnownHosts, address_key, short_fingerprint
from game.net.tokens import Tokens
from game.ui.app import App
from game.ui.locale import text_of
from game.ui.registry import FEATURED
from game.ui.scenes import join as join_module
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.join import JoinScene, Listed, Phase, parse_address
from game.ui.scenes.title import TitleScene
from tests.ui.conftest import click, frames, key, post
from tests.ui.test_remote_table import Hosting, join

GAME = FEATURED.game
MACHINE = stand_in_for(GAME).value


@pytest.fixture
def hosting(tmp_path: Path) -> Iterator[Callable[..., Hosting]]:
    """Hosts of ``GAME`` on threads (``seats``: "remote" for a network seat, else a machine
    level), stopped after the test; their files in a folder apart from the app's."""
    made: list[Hosting] = []

    def make(*seats: str) -> Hosting:
        host = Hosting(tmp_path / f"host{len(made)}", TablePlan(GAME, seats, seed=4),
                       Pace(0.0, 0.0, 0.3))
        made.append(host)
        return host

    yield make
    for host in made:
        host.stop()


@pytest.fixture
def app(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> App:
    """The title in English, silent; the network's table list empty (no multicast here)."""
    monkeypatch.setattr(join_module, "make_browser", lambda: Listed())
    return make_app("en", audio=False)


def settle(app: App) -> None:
    frames(app, 20)  # past the click guard of the last push


def typed(text: str) -> None:
    post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def until(app: App, done: Callable[[], bool], seconds: float = 10.0,
          seen: Callable[[], None] | None = None) -> None:
    """Frames (real time passing: the link and the host run on threads) until ``done``."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        app.step(1 / 60)
        if seen is not None:
            seen()
        time.sleep(0.005)


def open_join(app: App) -> JoinScene:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    settle(app)
    click(title.join_table.rect.center)
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, JoinScene)
    settle(app)
    return scene


def fill(scene: JoinScene, address: str, code: str, name: str | None = None) -> None:
    """Type into the form as a person does: the address, Enter, the code, (Tab, the name)."""
    app = scene.app
    assert scene.form.focused is scene.address
    typed(address)
    key(pygame.K_RETURN)
    frames(app)
    assert scene.form.focused is scene.code  # Enter moved on: the code is missing
    typed(code)
    frames(app)
    if name is not None:
        key(pygame.K_TAB)
        frames(app)
        assert scene.form.focused is scene.name
        key(pygame.K_a, pygame.KMOD_CTRL)
        typed(name)
        frames(app)


def address_of(host: Hosting) -> str:
    assert host.address is not None
    return f"{host.address[0]}:{host.address[1]}"


def wrong_code(host: Hosting) -> str:
    return "ZZZZZZ" if host.table.code != "ZZZZZZ" else "YYYYYY"


def free_port() -> int:
    """A port nothing listens on (taken and given back at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


# --- the title --------------------------------------------------------------------------------

def test_the_title_button_opens_the_join_screen_by_click_and_by_keyboard(app: App) -> None:
    scene = open_join(app)
    assert scene.phase is Phase.FORM and app.loc.t("join.title") != "⟦join.title⟧"
    key(pygame.K_ESCAPE)
    frames(app)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    settle(app)
    for _ in range(len(title.form.widgets)):  # Tab reaches it like every other button
        key(pygame.K_TAB)
        frames(app)
        if title.form.focused is title.join_table:
            break
    assert title.form.focused is title.join_table
    key(pygame.K_RETURN)
    frames(app)
    assert isinstance(app.stack.top, JoinScene)


# --- joining a real host ------------------------------------------------------------------

def test_typing_and_enter_joins_waits_for_the_game_then_opens_the_table(
        app: App, hosting: Callable[..., Hosting], tmp_path: Path) -> None:
    host = hosting("remote", "remote", MACHINE)
    scene = open_join(app)
    fill(scene, address_of(host), host.table.code.lower(), "Ana")
    fingerprints: set[str] = set()
    statuses: set[str] = set()

    def look() -> None:
        fingerprints.add(scene.fingerprint_line())
        statuses.add(scene.status())

    key(pygame.K_RETURN)
    until(app, lambda: scene.phase is Phase.WAITING
          and scene.status() == app.loc.t("join.waiting") and bool(scene.seat_lines()),
          seen=look)
    assert app.stack.top is scene and not scene.error
    assert short_fingerprint(host.fingerprint) in fingerprints
    assert app.loc.t("join.connecting", address=address_of(host)) in statuses \
        or app.loc.t("join.checking") in statuses
    lines = [line for line, _mine in scene.seat_lines()]
    assert lines[0] == app.loc.t("join.seat_you", name="Ana")
    assert lines[1] == app.loc.t("join.seat_free", n=2)
    assert lines[2] == app.loc.t("newgame.machine_level",
                                 level=app.loc.t(f"level.{MACHINE}.name"))
    assert host.table.seats[0].name == "Ana"
    # the host's certificate is remembered, the seat's token kept for a rejoin
    assert host.address is not None
    assert KnownHosts(tmp_path).known(address_key(*host.address)) == host.fingerprint
    token = Tokens(tmp_path).token_for(address_of(host), host.table.code)
    assert host.table.seats[0].token == token
    assert app.settings.player_names[:1] == ["Ana"]
    frames(app, 30)
    assert app.stack.top is scene  # the game has not started: still waiting
    other = join(host, "Bea")  # another computer takes the last seat: the game starts
    try:
        until(app, lambda: app.stack.top is not scene)
        table = app.stack.top
        assert table is scene.table_scene
        assert isinstance(getattr(table, "flow", None), RemoteFlow)
        assert isinstance(app.stack.scenes()[0], TitleScene) and len(app.stack) == 2
        remote = scene.remote
        assert isinstance(remote, RemoteMatch) and remote.started and remote.people == (0,)
        assert remote.names[:2] == ["Ana", "Bea"]
        frames(app, 10)
        assert remote.link.ended is None  # handed over, not closed
    finally:
        other.link.close()
        if scene.remote is not None:
            scene.remote.link.close()


def test_one_person_and_a_machine_start_at_once(app: App, hosting: Callable[..., Hosting]
                                                 ) -> None:
    host = hosting("remote", MACHINE)
    scene = open_join(app)
    fill(scene, address_of(host), host.table.code)
    key(pygame.K_RETURN)
    until(app, lambda: app.stack.top is not scene)
    assert isinstance(getattr(app.stack.top, "flow", None), RemoteFlow)
    assert scene.remote is not None
    scene.remote.link.close()


def test_a_wrong_code_is_one_translated_line_and_the_screen_stays(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch,
        hosting: Callable[..., Hosting]) -> None:
    monkeypatch.setattr(join_module, "make_browser", lambda: Listed())
    app = make_app("es", audio=False)
    host = hosting("remote", MACHINE)
    scene = open_join(app)
    fill(scene, address_of(host), wrong_code(host))
    key(pygame.K_RETURN)
    until(app, lambda: scene.phase is Phase.FORM and bool(scene.error))
    assert scene.error == app.loc.t("join.reason.wrong_code")
    assert scene.error.startswith("Código de mesa incorrecto")  # the person's language
    assert app.stack.top is scene and scene.link is None and scene.remote is None
    assert not host.table.seats[0].taken
    assert scene.address.enabled and scene.join.enabled  # the form is back, to try again


def test_a_typo_is_said_before_anything_is_sent(app: App) -> None:
    scene = open_join(app)
    fill(scene, "192.168.1.20", "ABCDEF")  # no port
    key(pygame.K_RETURN)
    frames(app)
    assert scene.error == app.loc.t("join.bad_address") and scene.link is None
    scene.address.text = "127.0.0.1:9"
    scene.code.text = "AB-C"
    scene.start()
    assert scene.error == app.loc.t("join.bad_code") and scene.link is None


def test_esc_cancels_a_join_under_way_then_goes_back(app: App) -> None:
    scene = open_join(app)
    address = f"127.0.0.1:{free_port()}"  # nobody answers there: the link keeps trying
    fill(scene, address, "ABCDEF")
    key(pygame.K_RETURN)
    frames(app, 3)
    assert scene.phase is Phase.CONNECTING
    assert scene.status() == app.loc.t("join.connecting", address=address)
    assert not scene.join.enabled and not scene.address.enabled
    link = scene.link
    assert link is not None
    key(pygame.K_ESCAPE)
    frames(app)
    assert scene.phase is Phase.FORM and scene.link is None and link.ended is not None
    assert scene.error == app.loc.t("join.cancelled") and app.stack.top is scene
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.stack.top, TitleScene)


def test_esc_while_waiting_leaves_the_seat_free(app: App, hosting: Callable[..., Hosting]
                                                 ) -> None:
    host = hosting("remote", "remote")
    scene = open_join(app)
    fill(scene, address_of(host), host.table.code)
    key(pygame.K_RETURN)
    until(app, lambda: scene.phase is Phase.WAITING)
    assert host.table.seats[0].taken
    key(pygame.K_ESCAPE)
    frames(app)
    assert scene.phase is Phase.FORM and app.stack.top is scene
    end = time.monotonic() + 5
    while host.table.seats[0].taken and time.monotonic() < end:
        time.sleep(0.01)
    assert not host.table.seats[0].taken


def test_a_lost_connection_says_so_and_the_link_takes_the_seat_back(
        app: App, hosting: Callable[..., Hosting]) -> None:
    host = hosting("remote", "remote")
    scene = open_join(app)
    fill(scene, address_of(host), host.table.code)
    key(pygame.K_RETURN)
    until(app, lambda: scene.phase is Phase.WAITING)
    token = host.table.seats[0].token
    server, loop = host.server._server, host._loop
    assert server is not None and loop is not None

    def cut() -> None:  # the network drops: no goodbye, the connection is simply gone
        for conn in list(server.connections):
            conn.transport.abort()

    loop.call_soon_threadsafe(cut)
    statuses: set[str] = set()
    until(app, lambda: app.loc.t("join.lost") in statuses,
          seen=lambda: statuses.add(scene.status()))
    assert scene.phase is Phase.WAITING and not scene.error  # still at the table
    until(app, lambda: scene.status() == app.loc.t("join.waiting")
          and host.table.seats[0].session is not None)  # the host's side, on its thread
    assert host.table.seats[0].token == token
    other = join(host, "Bea")
    try:
        until(app, lambda: app.stack.top is not scene)  # the same seat plays
        assert scene.remote is not None and scene.remote.people == (0,)
    finally:
        other.link.close()
        if scene.remote is not None:
            scene.remote.link.close()


def test_a_table_closed_before_the_game_is_one_line(app: App,
                                                    hosting: Callable[..., Hosting]) -> None:
    host = hosting("remote", "remote")
    scene = open_join(app)
    fill(scene, address_of(host), host.table.code)
    key(pygame.K_RETURN)
    until(app, lambda: scene.phase is Phase.WAITING)
    host.stop()  # the host closes its table: a goodbye to every computer
    until(app, lambda: scene.phase is Phase.FORM)
    assert scene.error == app.loc.t("join.reason.closed") and app.stack.top is scene


# --- trust ------------------------------------------------------------------------------------

def test_a_changed_fingerprint_is_refused_until_the_person_accepts_it(
        app: App, hosting: Callable[..., Hosting], tmp_path: Path) -> None:
    host = hosting("remote", "remote")
    assert host.address is not None
    known = KnownHosts(tmp_path)
    before = " ".join(["AB12"] * 16)
    hostkey = address_key(*host.address)
    known.remember(hostkey, before)
    scene = open_join(app)
    fill(scene, address_of(host), host.table.code)
    key(pygame.K_RETURN)
    until(app, lambda: isinstance(app.stack.top, ConfirmScene))
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and confirm.danger
    message = text_of(confirm.message)
    assert short_fingerprint(host.fingerprint) in message and "AB12 AB12 AB12 AB12" in message
    assert not host.table.seats[0].taken  # nothing was sent: not even the code
    settle(app)
    key(pygame.K_ESCAPE)  # no
    frames(app)
    assert app.stack.top is scene and scene.phase is Phase.FORM
    assert scene.error == app.loc.t("join.reason.fingerprint")
    assert known.known(hostkey) == before and not host.table.seats[0].taken
    key(pygame.K_RETURN)  # the focus is in a field: Enter joins again
    until(app, lambda: isinstance(app.stack.top, ConfirmScene))
    settle(app)
    key(pygame.K_RETURN)  # yes: trust it and join
    frames(app)
    until(app, lambda: scene.phase is Phase.WAITING)
    assert known.known(hostkey) == host.fingerprint and host.table.seats[0].taken
    assert not scene.error


def test_a_listed_table_is_chosen_by_its_row_and_checked_against_its_advert(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch,
        hosting: Callable[..., Hosting], tmp_path: Path) -> None:
    """The list: a table of another version takes no click; the right one fills the address;
    a table whose advertised fingerprint is not the host's is refused until accepted."""
    host = hosting("remote", "remote")
    assert host.address is not None
    ip, port = host.address
    wrong = FoundTable("Ana", GAME, ip, port, 0, 2, "0000 1111 2222 3333", "0000111122223333",
                       VERSION)
    newer = FoundTable("Zoe", GAME, ip, port + 1, 0, 2, "4444 5555 6666 7777",
                       "4444555566667777", VERSION + 1)
    monkeypatch.setattr(join_module, "make_browser", lambda: Listed((wrong, newer)))
    app = make_app("en", audio=False)
    scene = open_join(app)
    assert scene.rows[0].enabled and not scene.rows[1].enabled
    assert scene.table_line(newer) == app.loc.t("join.other_version")
    click(scene.rows[1].rect.center)
    frames(app)
    assert scene.picked is None and scene.address.text == ""
    settle(app)
    click(scene.rows[0].rect.center)
    frames(app)
    assert scene.picked == wrong and scene.address.text == f"{ip}:{port}"
    assert scene.form.focused is scene.code
    typed(host.table.code)
    key(pygame.K_RETURN)
    until(app, lambda: isinstance(app.stack.top, ConfirmScene))
    assert not host.table.seats[0].taken
    settle(app)
    key(pygame.K_RETURN)
    until(app, lambda: scene.phase is Phase.WAITING)
    assert KnownHosts(tmp_path).known(wrong.host_id) == host.fingerprint


# --- pieces -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "parsed"), [
    ("192.168.1.20:52114", ("192.168.1.20", 52114)),
    (" mesa.local:8765 ", ("mesa.local", 8765)),
    ("[fe80::1]:4000", ("fe80::1", 4000)),
    ("192.168.1.20", None), ("host:0", None), ("host:65536", None), (":80", None),
    ("fe80::1:4000", None), ("[nope]:80", None), ("a b:80", None), ("host:8o", None),
])
def test_addresses_as_typed(text: str, parsed: Any) -> None:
    assert parse_address(text) == parsed
