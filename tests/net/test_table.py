"""The host's table without sockets (game/net/table.py): who may join, what a joined computer
may do, and that what it is sent depends only on what its seats may see."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from game.core.config import GameConfig, SeatKind
from game.core.engine import DecisionKind
from game.core.rng import Pcg32
from game.match.flow import INSTANT, Pace, TableFlow
from game.match.match import Match
from game.net.errors import ProtocolError, Reason, Refused
from game.net.protocol import VERSION, WRONG_CODE_WINDOW, WRONG_CODES, Act, Hello, dumps
from game.net.table import HostTable
from game.rules.registry import kit_for
from tests.every_game import TABLES, config

CODE = "ABC234"
ANA = "a" * 32
BO = "b" * 32


def hello(token: str = ANA, code: str = CODE, seats: int = 1, name: str = "Ana") -> Hello:
    return Hello(VERSION, code, name, token, seats)


def table(game: str = "bombazo", kinds: tuple[SeatKind, ...] | None = None,
          remote: tuple[int, ...] = (0, 2), pace: Pace = INSTANT, seed: int = 7) -> HostTable:
    kinds = kinds or (SeatKind.PERSON, SeatKind.LANZADO, SeatKind.PERSON)
    match = Match(GameConfig(game, kinds), seed)
    return HostTable(TableFlow(match, pace), remote, CODE)


def sent(out: list[tuple[int, dict[str, Any]]], session: int, kind: str) -> list[dict[str, Any]]:
    return [m for s, m in out if s == session and m["k"] == kind]


# ------------------------------------------------------------------ joining


def test_the_game_waits_in_the_lobby_until_every_network_seat_is_taken() -> None:
    host = table()
    out = host.hello(1, "10.0.0.2", hello(), 0.0)
    update = sent(out, 1, "update")[-1]
    assert sent(out, 1, "welcome")[0]["seats"] == [0]
    assert update["started"] is False and update["seats"]["0"]["legal"] == []
    assert host.tick(5.0) == []
    told = host.handle(1, Act(0, 0, {"do": "draw"}))
    assert sent(told, 1, "told")[0]["why"] == "not_now" and host.match.moves == 0
    out = host.hello(2, "10.0.0.3", hello(BO, name="Bo"), 0.0)
    assert host.started
    first = sent(out, 1, "update")[-1]  # the first computer hears the game start
    assert first["started"] is True and first["seats"]["0"]["legal"]
    assert first["table"]["seats"][2] == {"kind": "remote", "name": "Bo", "taken": True,
                                          "away": False, "stand_in": None}


def test_a_wrong_code_is_refused_and_guessing_is_stopped_per_address() -> None:
    host = table()
    for attempt in range(WRONG_CODES):
        with pytest.raises(Refused) as refused:
            host.hello(attempt, "10.0.0.9", hello(code="ZZZ999"), float(attempt))
        assert refused.value.reason is Reason.WRONG_CODE
    with pytest.raises(Refused) as locked:
        host.hello(9, "10.0.0.9", hello(), 5.0)  # even the right code, for a while
    assert locked.value.reason is Reason.TOO_MANY_TRIES
    host.hello(10, "10.0.0.8", hello(), 5.0)  # another computer is not punished
    host.hello(11, "10.0.0.9", hello(BO), 5.0 + WRONG_CODE_WINDOW)
    assert host.full


def test_codes_are_read_as_people_type_them() -> None:
    host = table()
    host.hello(1, "h", hello(code="abc-234"), 0.0)
    assert host.seats[0].taken


def test_another_version_and_a_full_table_are_refused_with_their_reason() -> None:
    host = table()
    with pytest.raises(Refused) as old:
        host.hello(1, "h", Hello(VERSION + 1, CODE, "x", ANA), 0.0)
    assert old.value.reason is Reason.VERSION
    with pytest.raises(Refused) as full:
        host.hello(2, "h", hello(seats=3), 0.0)
    assert full.value.reason is Reason.TABLE_FULL
    host.hello(3, "h", hello(seats=2), 0.0)
    assert [s.name for s in host.seats.values()] == ["Ana 1", "Ana 2"]
    with pytest.raises(Refused):
        host.hello(4, "h", hello(BO), 0.0)


def test_a_rejoin_with_the_token_takes_the_same_seat_and_replaces_the_old_computer() -> None:
    host = table()
    host.hello(1, "h", hello(), 0.0)
    host.hello(2, "h", hello(BO), 0.0)
    out = host.hello(3, "other", hello(), 0.0)  # the same token from elsewhere
    assert sent(out, 1, "bye") == [{"k": "bye", "reason": "replaced"}]
    assert sent(out, 3, "welcome")[0]["seats"] == [0] and 1 not in host.sessions


# ------------------------------------------------------------------ playing


def started() -> HostTable:
    host = table()
    host.hello(1, "h", hello(), 0.0)
    host.hello(2, "h", hello(BO), 0.0)
    return host


def test_only_a_legal_action_of_ones_own_seat_at_the_current_position_is_taken() -> None:
    host = started()
    legal = host.match.legal_for(0)
    assert legal
    with pytest.raises(ProtocolError) as other:
        host.handle(1, Act(2, 0, {"do": "draw"}))
    assert other.value.reason is Reason.OUT_OF_ORDER
    with pytest.raises(ProtocolError):
        host.handle(1, Act(0, 5, {"do": "draw"}))  # a move the game has not reached
    told = host.handle(1, Act(0, 0, {"do": "fly"}))
    assert sent(told, 1, "told")[0]["why"] == "forbidden" and host.match.moves == 0
    out = host.handle(1, Act(0, 0, {"do": "draw"}))
    assert host.match.moves == 1 and sent(out, 2, "update")
    late = host.handle(1, Act(0, 0, {"do": "draw"}))  # the same message again
    assert sent(late, 1, "told")[0]["why"] == "not_now" and host.match.moves == 1


def test_the_computer_that_acted_is_sent_its_update_first() -> None:
    """The person who acted is the one waiting: their update leaves before the others'."""
    host = started()
    host.handle(1, Act(0, 0, {"do": "draw"}))  # Ana (the first to join) draws
    for _ in range(50):  # the machine at seat 1 plays until it is Bo's turn
        if host.match.pending().people == (2,):
            break
        host.tick(1.0)
    assert host.match.pending().people == (2,)
    out = host.handle(2, Act(2, host.match.moves, {"do": "draw"}))
    assert [session for session, m in out if m["k"] == "update"][:2] == [2, 1]


def test_the_server_may_send_the_actors_update_before_the_others_are_built() -> None:
    """``others=False``: the acting computer's update alone; the next ``updates()`` has every
    other computer's (and not the actor's again)."""
    host = started()
    out = host.handle(1, Act(0, 0, {"do": "draw"}), others=False)
    assert [(s, m["k"]) for s, m in out] == [(1, "update")]
    assert [(s, m["k"]) for s, m in host.updates()] == [(2, "update")]
    assert host.updates() == []


def test_an_away_seat_is_waited_for_then_played_by_a_machine_until_its_person_returns() -> None:
    host = started()
    host.drop(1)
    assert host.seats[0].away and host.waiting_for() == (0,)
    assert host.tick(1.0) == [] and host.match.moves == 0
    host.hand_to_machine(0, SeatKind.LANZADO)
    host.tick(0.1)
    assert host.match.moves >= 1
    out = host.hello(5, "h", hello(), 0.0)
    assert not host.seats[0].away and host.seats[0].stand_in is None
    assert host.match.is_person(0) and sent(out, 5, "update")


def test_the_game_code_is_sent_only_once_the_game_is_over() -> None:
    host = started()
    for seat in (0, 2):
        host.hand_to_machine(seat, SeatKind.LANZADO)
    messages = []
    for _ in range(2000):
        messages += [m for _, m in host.tick(0.1)]
        if host.match.is_over():
            break
    assert host.match.is_over()
    assert all("code" not in m for m in messages[:-2])
    assert messages[-1]["code"] == host.match.code and messages[-1]["outcome"] is not None
    assert host.match.code not in "".join(dumps(m) for m in messages[:-2])


# ------------------------------------------------------------------ nothing leaks


def _twin_match(match: Match, state: Any) -> Match:
    twin = Match(match.config, match.seed)
    twin._state = state  # the twin position, nothing else of the match changes
    return twin


def _host_for(match: Match) -> tuple[HostTable, dict[int, int]]:
    seats = range(match.config.seat_count)
    host = HostTable(TableFlow(match, Pace(0, 0, 3.0)), seats, CODE)
    sessions = {}
    for seat in seats:
        host.hello(seat + 1, "h", hello(token=f"{seat:032x}"), 0.0)
        sessions[seat] = seat + 1
    return host, sessions


@pytest.mark.parametrize(("game", "seats"), TABLES[::1], ids=[f"{g}-{s}" for g, s in TABLES])
def test_what_a_computer_is_sent_depends_only_on_what_its_seat_may_see(game: str,
                                                                       seats: int) -> None:
    """Twins that differ only in what seat ``s`` may not see (other hands, the deck's order,
    sealed bids, the generator: the kit's ``hidden_twin``) give ``s``'s computer the same
    bytes, before and after the next move, unless the move showed ``s`` the difference."""
    kit = kit_for(game)
    assert kit.hidden_twin is not None
    people = replace(config(game, seats), seats=(SeatKind.PERSON,) * seats)
    rng = Pcg32(seats * 31 + len(game))
    compared = 0
    for seed in range(2):
        match = Match(people, seed)
        host, sessions = _host_for(match)
        for _ in range(60):
            if match.is_over():
                break
            seat = rng.below(seats)
            twin = _twin_match(match, kit.hidden_twin(match._state, seat, rng))
            twin_host, twin_sessions = _host_for(twin)
            for h, ss in ((host, sessions), (twin_host, twin_sessions)):
                h.sessions[ss[seat]].have = {seat: h.match.feed_size}
            mine = host.sessions[sessions[seat]]
            theirs = twin_host.sessions[twin_sessions[seat]]
            a, b = host.update_for(mine), twin_host.update_for(theirs)
            assert _born_now(a) == _born_now(b)
            move = _some_move(match, rng)
            if move is not None and move[1] not in twin.legal_for(move[0]):
                match.submit(*move)
                continue
            before = match.feed_size
            for m in (match, twin):
                if move is None:
                    m.close_window()
                else:
                    m.submit(*move)
            if match.view_for(seat) == twin.view_for(seat):
                mine.have = {seat: before}
                theirs.have = {seat: 0}
                a, b = host.update_for(mine), twin_host.update_for(theirs)
                assert _born_now(a) == _born_now(b)
                compared += 1
    assert compared >= 10


def _born_now(message: dict[str, Any]) -> str:
    """The message's bytes with its counts started at this position (the twin's match was
    born here: its move and feed numbers start at 0)."""
    message = json.loads(dumps(message))
    message["moves"] = 0
    message.pop("decisions", None)
    for part in message["seats"].values():
        first = part["feed"][0][0] if part["feed"] else 0
        part["feed"] = [[index - first, event] for index, event in part["feed"]]
    return dumps(message)


def _some_move(match: Match, rng: Pcg32) -> tuple[int, Any] | None:
    """A random legal move of the position (``None``: the table closes the window)."""
    pending = match.pending()
    if pending.kind is DecisionKind.WINDOW:
        for seat in pending.seats:
            legal = match.legal_for(seat)
            if legal and rng.below(3) == 0:
                return seat, legal[rng.below(len(legal))]
        return None
    seat = pending.seats[0]
    legal = match.legal_for(seat)
    return seat, legal[rng.below(len(legal))]


def test_a_window_never_tells_who_may_act_in_it() -> None:
    """A nope window's message names no seat: who may act names the Nope holders."""
    host = started()
    host.hand_to_machine(0, SeatKind.LANZADO)
    host.hand_to_machine(2, SeatKind.LANZADO)
    host.flow.pace = Pace(0, 0, 0.05)
    for _ in range(5000):
        pending = host.match.pending()
        if (pending.is_window and pending.seats) or pending.is_over:
            break
        host.tick(0.01)
    assert host.match.pending().seats  # the engine knows who holds a Nope...
    message = host.update_for(next(iter(host.sessions.values())))
    assert message["pending"]["seats"] == []  # ...the computers are not told
    assert message["pending"]["window"] == 0.05


def test_a_table_closed_between_the_actors_update_and_the_others_tells_them_first() -> None:
    """The server sends the actor's update, then the others' one turn of the loop later; if
    the table closes in that turn (the act ended the game), every other computer must still
    get its update (with the result) before the goodbye. It once got the goodbye alone."""
    import asyncio

    from game.net.server import TableServer

    host = started()
    server = TableServer(host, ssl_context=None, host="127.0.0.1", port=0)  # no socket opened
    queues: dict[int, asyncio.Queue[tuple[str, str | None]]] = {1: asyncio.Queue(),
                                                                2: asyncio.Queue()}
    server._queues.update(queues)
    server.dispatch(host.handle(1, Act(0, 0, {"do": "draw"}), others=False))
    asyncio.run(_stopped(server))
    for session, queue in queues.items():
        kinds = []
        while not queue.empty():
            text, _close = queue.get_nowait()
            kinds.append(json.loads(text)["k"])
        assert kinds == ["update", "bye"], (session, kinds)


async def _stopped(server: Any) -> None:
    for queue in server._queues.values():
        _done_as_put(queue)
    await server.stop()


def _done_as_put(queue: Any) -> None:
    """Nobody writes these queues to a socket: mark their items done as they come, so that
    the goodbye does not wait for a writer."""
    real_put = queue.put_nowait

    def put(item: Any) -> None:
        real_put(item)
        queue.task_done()
    queue.put_nowait = put
