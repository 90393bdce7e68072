"""Opening a table to the network from the screens: the new-game screen's "Person on the
network" seat, the lobby (code, address, fingerprint, seats filling, Start), and the game
played at the host's screen while another computer (a joiner on a thread, played by a
machine level) plays its seat, to the results; leaving them closes the table."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.config import SeatKind
from game.net.client import Autoplayer, Joiner, new_token
from game.net.errors import Reason
from game.net.link import Link
from game.net.remote import RemoteFlow
from game.net.tls import client_context
from game.ui.app import App
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.new_game import NETWORK, NewGameScene
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import click, frames, key


def _choose(app: App, scene: NewGameScene, seat: int, wanted: object) -> None:
    """Focus a seat's choice and press → until it shows ``wanted`` (real key events)."""
    choice = scene.seat_choices[seat]
    scene.form.focus(choice)
    for _ in range(len(choice.options) + 1):
        if choice.value == wanted:
            return
        key(pygame.K_RIGHT)
        frames(app)
    assert choice.value == wanted


def _open_lobby(app: App) -> LobbyScene:
    scene = NewGameScene(app)
    app.stack.push(scene)
    frames(app)
    _choose(app, scene, 0, SeatKind.PERSON)
    _choose(app, scene, 1, NETWORK)
    for seat in range(2, scene.count):
        _choose(app, scene, seat, SeatKind.LANZADO)
    click(scene.start.rect.center)  # Start: the table opens to the network
    frames(app, 3)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene), (type(lobby), getattr(lobby, "problem", ""))
    return lobby


def _guest(lobby: LobbyScene, level: str = "lanzado") -> Link:
    url = f"wss://127.0.0.1:{lobby.opened.port}"
    return Link(lambda: Joiner(url, lobby.opened.code, "Bo", new_token(),
                               ssl_context=client_context(),
                               player_for=lambda game: Autoplayer(game, SeatKind(level), 3))
                ).start()


def thread_running(lobby: LobbyScene) -> bool:
    return lobby.thread.running


def _until(app: App, done: Callable[[], bool], seconds: float = 20) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        frames(app)
        time.sleep(0.005)
    assert done()


@pytest.mark.slow
def test_a_table_opened_to_the_network_fills_starts_and_plays_to_the_results(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en", reduced_motion=True, machine_speed="fast",
                     reaction_seconds=1)  # each play by a machine waits out its window
    lobby = _open_lobby(app)
    try:
        _until(app, lambda: bool(lobby.rows()))
        assert len(lobby.opened.code) == 6 and lobby.opened.port > 0
        assert not lobby.start.enabled  # the network seat is free
        assert lobby.seat_line(1, lobby.rows()[1])[1] == "waiting…"
        guest = _guest(lobby)
        _until(app, lambda: lobby.start.enabled)
        assert lobby.seat_line(1, lobby.rows()[1]) == ("Bo", "joined")
        key(pygame.K_RETURN)  # Start
        _until(app, lambda: app.stack.top is not lobby)
        table: Any = app.stack.top
        assert isinstance(table.flow, RemoteFlow) and table.match.people == (0,)
        acted = frame = 0
        end = time.monotonic() + 240  # a loaded machine took 85 s for a long deal
        while not isinstance(app.stack.top, ResultsScene) and time.monotonic() < end:
            frames(app, dt=1 / 10)
            top: Any = app.stack.top
            if top is table and table.held_end and frame % 10 == 0:
                key(pygame.K_SPACE)  # the final table waits for the person
            elif top is table and table.flow.awaiting_person is not None and table.may_act:
                legal = table.match.legal_for(table.flow.awaiting_person)
                # drawing ends the turn (a short game); else the first thing the game allows
                draw = [a for a in legal
                        if table.match.engine.action_to_json(a) == {"do": "draw"}]
                if legal and table.submit((draw or legal)[0]):
                    acted += 1
            elif top is not table and frame % 10 == 0:
                key(pygame.K_RETURN)  # a modal of the table's (where the defused bomb goes)
            frame += 1
            time.sleep(0.002)
        assert isinstance(app.stack.top, ResultsScene), "the game never reached its results"
        assert acted > 0 and table.match.is_over()
        results = app.stack.top
        assert results.again.enabled  # the host may deal again for the same people
        assert guest.ended is None and thread_running(lobby)  # open until the results close
        thread = lobby.thread
        key(pygame.K_ESCAPE)  # to the title: the table closes for every computer
        frames(app, 2)
        _until(app, lambda: guest.ended is not None and not thread.running)
        assert guest.ended is not None and guest.ended.reason is None  # a goodbye, not a fault
    finally:
        lobby.thread.stop()


def test_a_free_seat_can_be_given_to_a_machine_and_closing_the_lobby_closes_the_table(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    lobby = _open_lobby(app)
    try:
        _until(app, lambda: bool(lobby.rows()))
        frames(app, 20)  # past the click guard of a new scene
        click(lobby.machines.rect.center)  # machines for the free seats
        _until(app, lambda: lobby.start.enabled)
        assert lobby.seat_line(1, lobby.rows()[1]) == ("Crafty 2", "machine")
        key(pygame.K_ESCAPE)
        _until(app, lambda: not lobby.thread.running)
        assert app.stack.top is not lobby
    finally:
        lobby.thread.stop()


def test_the_host_removes_a_person_who_joined_and_the_seat_is_free_again(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    lobby = _open_lobby(app)
    try:
        _until(app, lambda: bool(lobby.rows()))
        guest = _guest(lobby)
        _until(app, lambda: lobby.start.enabled)
        assert lobby.seat_line(1, lobby.rows()[1]) == ("Bo", "joined")
        assert [b.visible for b in lobby.removers[:3]] == [False, True, False]  # not our own
        frames(app, 20)  # past the click guard of a new scene
        click(lobby.removers[1].rect.center)
        _until(app, lambda: guest.ended is not None and not lobby.start.enabled)
        assert guest.ended is not None and guest.ended.reason is Reason.REMOVED
        assert lobby.seat_line(1, lobby.rows()[1])[1] == "waiting…"
        assert not lobby.removers[1].visible
        _guest(lobby)  # someone else takes the seat
        _until(app, lambda: lobby.start.enabled)
    finally:
        lobby.thread.stop()


def test_the_new_game_screen_asks_for_someone_at_this_computer(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    scene = NewGameScene(app)
    app.stack.push(scene)
    frames(app)
    for seat in range(scene.count):
        _choose(app, scene, seat, NETWORK if seat == 0 else SeatKind.LANZADO)
    click(scene.start.rect.center)
    frames(app)
    assert app.stack.top is scene
    assert scene.problem == app.loc.t("newgame.network_needs_you")


def test_a_hosted_table_left_mid_game_is_offered_again_and_resumes_where_it_was(
        make_app: Callable[..., App]) -> None:
    """The host's program stops mid-game (its table's files stay): the next start offers the
    table on the title, and resuming opens it to the network again at the same move."""
    from game.ui import launch

    app = make_app("en", settings={"reduced_motion": True, "machine_speed": "fast"})
    lobby = _open_lobby(app)
    try:
        _until(app, lambda: bool(lobby.rows()))
        _guest(lobby)
        _until(app, lambda: lobby.start.enabled)
        key(pygame.K_RETURN)
        _until(app, lambda: app.stack.top is not lobby)
        table: Any = app.stack.top
        _until(app, lambda: table.flow.awaiting_person is not None and table.may_act)
        assert table.submit(table.match.legal_for(table.flow.awaiting_person)[0])
        _until(app, lambda: table.match.moves >= 1 and not table.match.in_flight)
    finally:
        lobby.thread.stop()  # the program closes: the table's files stay
    # counted once the table has stopped: the guest and the machines play on until then
    moves = lobby.thread.table.match.moves
    assert moves >= 1
    again = make_app("en", settings={"reduced_motion": True}, wire=True)
    offer = launch.unfinished(again)
    assert offer is not None and offer.hosted and offer.moves == moves
    launch.resume(again, offer)
    resumed = again.stack.top
    assert isinstance(resumed, LobbyScene)
    try:
        _until(again, lambda: again.stack.top is not resumed)
        table = again.stack.top
        assert isinstance(table.flow, RemoteFlow) and table.match.moves == moves
        assert table.match.people == (0,)
    finally:
        resumed.thread.stop()


def test_the_host_removes_a_person_mid_game_from_the_pause_menu(
        make_app: Callable[..., App]) -> None:
    """Esc, "People at the table", Remove, yes: the person's computer is told and closed, a
    machine plays the seat on, and the game goes on at the host."""
    from game.net.remote import RemoteMatch
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.people import PeopleScene

    app = make_app("en", settings={"reduced_motion": True, "machine_speed": "fast"})
    lobby = _open_lobby(app)
    try:
        _until(app, lambda: bool(lobby.rows()))
        guest = _guest(lobby)
        _until(app, lambda: lobby.start.enabled)
        key(pygame.K_RETURN)
        _until(app, lambda: app.stack.top is not lobby)
        table: Any = app.stack.top
        assert isinstance(table.match, RemoteMatch)
        frames(app, 20)
        key(pygame.K_ESCAPE)
        _until(app, lambda: isinstance(app.stack.top, PauseScene))
        pause: Any = app.stack.top
        frames(app, 20)
        click(pause.people_button.rect.center)
        _until(app, lambda: isinstance(app.stack.top, PeopleScene))
        people: Any = app.stack.top
        frames(app, 20)
        [(_seat, row)] = people.rows()
        assert row["name"] == "Bo" and people.removers[0].visible
        click(people.removers[0].rect.center)
        frames(app, 20)
        key(pygame.K_RETURN)  # yes
        _until(app, lambda: guest.ended is not None)
        assert guest.ended is not None and guest.ended.reason is Reason.REMOVED
        _until(app, lambda: bool(people.rows()[0][1].get("stand_in")))
        assert not people.removers[0].visible  # a machine plays the seat on
        moves = table.match.moves
        key(pygame.K_ESCAPE)  # back to the pause menu, then to the table
        frames(app, 20)
        key(pygame.K_ESCAPE)
        _until(app, lambda: table.match.moves > moves or table.match.is_over()
               or (table.flow.awaiting_person is not None))
    finally:
        lobby.thread.stop()
