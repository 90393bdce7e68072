"""The headless host and the headless joiner of the command line (``python -m game host``,
``python -m game join``): what the tests, the benchmark and a table without a screen run.

The host's first line on standard output is ``listening HOST:PORT code CODE fingerprint FP``
(the tests read it to join); its last, when the game is over, the result as JSON. A joiner
prints the result as JSON when the table says goodbye after the game.
"""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path
from typing import IO, Any

from game.core.config import SeatKind
from game.core.engine import Outcome
from game.core.errors import MechaCortaError
from game.match.flow import Pace
from game.net.client import Autoplayer, Joiner, JoinResult
from game.net.errors import Reason, Refused
from game.net.host import TablePlan, keep, open_table, resume_table, saved_port
from game.net.server import TableServer
from game.net.table import HostTable
from game.net.tls import (
    KnownHosts,
    NotEncrypted,
    Trust,
    address_key,
    client_context,
    load_or_make_identity,
    normalise_fingerprint,
    peer_fingerprint,
    server_context,
)

HOST_FOLDER = "host"
"""The host's table and autosave, inside the data folder (apart from the screens' own
unfinished game)."""
TLS_FOLDER = "tls"


class TableMissing(MechaCortaError):
    """``--resume`` with no table to resume."""


def local_addresses() -> list[str]:
    """This computer's addresses others on the network may reach (best effort: the one the
    OS would use to reach a LAN, then loopback)."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # never sent: UDP connect only picks a route
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    if "127.0.0.1" not in found:
        found.append("127.0.0.1")
    return found


async def host_headless(plan: TablePlan | None, home: Path, *, bind: str, port: int,
                        pace: Pace, out: IO[str], stand_in_after: float | None = None
                        ) -> dict[str, Any]:
    """Open (``plan``) or resume (``None``) a table with no screen and run it to the end;
    returns the result."""
    folder = home / HOST_FOLDER
    table: HostTable | None
    if plan is None:
        table = resume_table(folder, pace)
        if table is None:
            raise TableMissing("there is no unfinished network table to resume")
        port = port or (saved_port(folder) or 0)
    else:
        table = open_table(plan, folder, pace)
    identity = load_or_make_identity(home / TLS_FOLDER)
    server = TableServer(table, ssl_context=server_context(identity), host=bind, port=port,
                         stand_in_after=stand_in_after)
    address = await server.start()
    server.on_step = keep(table, folder, address[1])
    shown = local_addresses()[0] if bind in ("0.0.0.0", "") else address[0]
    print(f"listening {shown}:{address[1]} code {table.code} fingerprint "
          f"{identity.fingerprint.replace(' ', '')}", file=out, flush=True)
    await server.run(until_over=True)
    result = result_json(table.match.outcome(), table.match.code, table.match.moves)
    # The game is over and its code shown: its actions are no secret any more, and with them
    # anyone can replay it (the fault tests check a killed and resumed table against them).
    result["actions"] = [[seat, dict(action)] for seat, action in table.match.save().actions]
    return result


def result_json(outcome: Outcome | None, code: str | None, moves: int | None = None
                ) -> dict[str, Any]:
    data: dict[str, Any] = {"outcome": outcome.to_json() if outcome is not None else None,
                            "code": code}
    if moves is not None:
        data["moves"] = moves
    return data


async def join_headless(target: str, code: str, home: Path, *, name: str,
                        level: str | None, seats: int, transcript: IO[str] | None,
                        fingerprint: str | None, seed: int) -> JoinResult:
    """Join ``target`` (``HOST:PORT``) and play (``level``: a machine plays the seats) until
    the table closes. The token is kept per table in the data folder, so running the same
    command again rejoins the same seats."""
    from game.net.tokens import Tokens

    host, _, port_text = target.rpartition(":")
    if not host or not port_text.isdigit():
        raise ValueError(f"{target!r}: HOST:PORT expected")
    port = int(port_text)
    tokens = Tokens(home)
    token = tokens.token_for(target, code)
    known = KnownHosts(home)
    pinned = normalise_fingerprint(fingerprint) if fingerprint else None

    def check_peer(tls: Any) -> None:
        if tls is None:
            raise NotEncrypted("the table's connection is not encrypted")
        seen = peer_fingerprint(tls)
        if pinned is not None and seen != pinned:
            raise Refused("the table's fingerprint is not the one given", Reason.FINGERPRINT)
        if pinned is None and known.check(address_key(host, port), seen) is Trust.CHANGED:
            raise Refused("the table's fingerprint changed since this computer last joined "
                          "it: compare it with the host's screen", Reason.FINGERPRINT)

    def player_for(game: str) -> Autoplayer | None:
        return None if level is None else Autoplayer(game, SeatKind(level), seed)

    joiner = Joiner(f"wss://{host}:{port}", code, name, token, ssl_context=client_context(),
                    seats=seats, player_for=player_for, transcript=transcript,
                    check_peer=check_peer)
    return await joiner.run()


def print_json(data: dict[str, Any], out: IO[str] = sys.stdout) -> None:
    print(json.dumps(data, ensure_ascii=False), file=out, flush=True)


async def loopback_game(folder: Path, game: str, level: str) -> tuple[Outcome, int, str]:
    """A whole game on this computer through the network code: a host on 127.0.0.1 with a
    certificate made in ``folder``, two joined seats played by ``level``, TLS pinned by
    fingerprint. Returns the outcome both joiners saw, the moves, and the TLS version (the
    self-test of the download: the libraries and the encryption are really in it)."""
    import asyncio
    import ssl

    from game.net.client import new_token

    plan = TablePlan(game, ("remote", "remote", level), seed=1)
    table = open_table(plan, folder / HOST_FOLDER, Pace(0.0, 0.0, 0.3))
    identity = load_or_make_identity(folder / TLS_FOLDER)
    server = TableServer(table, ssl_context=server_context(identity), host="127.0.0.1")
    host, port = await server.start()
    versions: list[str] = []

    def pin(tls: Any) -> None:
        if not isinstance(tls, ssl.SSLObject) or peer_fingerprint(tls) != identity.fingerprint:
            raise NotEncrypted("the loopback table's certificate is not the host's")
        versions.append(str(tls.version()))

    joiners = [Joiner(f"wss://{host}:{port}", table.code, name, new_token(),
                      ssl_context=client_context(), check_peer=pin, give_up=20,
                      player_for=lambda g: Autoplayer(g, SeatKind(level), 1))
               for name in ("a", "b")]
    running = asyncio.create_task(server.run(until_over=True))
    results = await asyncio.wait_for(asyncio.gather(*(j.run() for j in joiners)), 120)
    await running
    outcomes = {str(r.outcome) for r in results}
    if len(outcomes) != 1 or results[0].outcome != table.match.outcome():
        raise RuntimeError(f"the joined computers saw {outcomes}")
    outcome = results[0].outcome
    assert outcome is not None
    return outcome, table.match.moves, versions[0]
