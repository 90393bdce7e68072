"""A table hosted by a program that draws frames: the server and its table on a thread of their
own, and the host's own screen joining that table over the loopback like any other computer.

So the host's screen is a client too: it sees its seats' views and the feed they may see, the
curtain falls only between the people at the host's keyboard, and nothing of the network seats
can reach the host's screen by accident (the same protection, and the same code, as on every
joined computer). The host's person acts on the table through :meth:`ServerThread.call`
(start, a machine for a free seat, a machine for an away person, remove a person), which runs
on the table's thread; nothing else touches the table from outside.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast

from game.bots.registry import stand_in_for
from game.core.errors import MechaCortaError
from game.core.files import read_text_capped
from game.core.saves import write_atomic
from game.match.flow import Pace
from game.net.client import new_token
from game.net.host import TablePlan, keep, open_table, resume_table
from game.net.run import HOST_FOLDER, TLS_FOLDER, TableMissing, local_addresses
from game.net.server import TableServer
from game.net.table import HostTable, Outbox
from game.net.tls import HostIdentity, load_or_make_identity, server_context

R = TypeVar("R")

CALL_TIMEOUT = 5.0
LOCAL_TOKEN_FILE = "local_token"


@dataclass(frozen=True, slots=True)
class Opened:
    """Where the table listens and what the lobby shows."""

    port: int
    code: str
    fingerprint: str
    addresses: tuple[str, ...]
    token: str
    """The host's own screen's token (its seats are reserved for it)."""


class ServerThread:
    """Runs ``table``'s server on its own asyncio loop. ``call(fn)`` runs ``fn`` on that loop
    (where the table lives) and returns its result."""

    def __init__(self, table: HostTable, identity: HostIdentity, folder: Path, *,
                 bind: str = "0.0.0.0", port: int = 0,
                 stand_in_after: float | None = None) -> None:
        self.table = table
        self.identity = identity
        self.folder = folder
        self.server = TableServer(table, ssl_context=server_context(identity), host=bind,
                                  port=port, stand_in_after=stand_in_after)
        self.bind = bind
        self.error: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="mecha-corta-host",
                                        daemon=True)

    def start(self) -> tuple[str, int]:
        """Listen (raises what the OS said: a port in use, no network)."""
        self._thread.start()
        self._ready.wait(10)
        if self.error is not None:
            raise self.error
        address = self.server.address
        if address is None:
            raise OSError("the table's server did not start")
        return address

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            try:
                address = await self.server.start()
            except BaseException as error:  # reported by start() on the caller's thread
                self.error = error
                self._ready.set()
                return
            self.server.on_step = keep(self.table, self.folder, address[1])
            self._ready.set()
            await self.server.run(until_over=False)

        asyncio.run(main())

    def act(self, fn: Callable[[], Outbox]) -> None:
        """Run one of the table's decisions (start, a machine for a seat) on its thread and
        send the messages it answers with to the computers."""
        self.call(fn, send=True)

    def remove_person(self, seat: int) -> str:
        """The host sends the person at ``seat`` away (their computer is told why and
        closed): a machine of the game's stand-in level plays the seat until someone else
        takes it. ``''``, or one line saying why it could not be done."""
        table = self.table
        level = stand_in_for(table.match.config.game)
        try:
            self.act(lambda: table.remove(seat, level))
        except (MechaCortaError, KeyError, RuntimeError) as error:
            return str(error)
        return ""

    def call(self, fn: Callable[[], R], *, send: bool = False) -> R:
        """Run ``fn`` on the table's thread and return what it returns (or raise what it
        raised); ``send``: it returns the table's messages, for the computers."""
        loop = self._loop
        if loop is None or loop.is_closed():
            raise RuntimeError("the table's server is not running")
        future: concurrent.futures.Future[R] = concurrent.futures.Future()

        def run() -> None:
            try:
                result = fn()
                if send:
                    self.server.dispatch(cast(Outbox, result))
                future.set_result(result)
            except BaseException as error:
                future.set_exception(error)

        loop.call_soon_threadsafe(run)
        return future.result(CALL_TIMEOUT)

    def stop(self) -> None:
        """Close the table (every computer is told) and end the thread."""
        loop = self._loop
        if loop is not None and not loop.is_closed() and self._thread.is_alive():
            loop.call_soon_threadsafe(self.server.closed.set)
        self._thread.join(10)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()


def open_hosted(plan: TablePlan | None, home: Path, pace: Pace, local: tuple[int, ...],
                name: str, *, resume: bool = False) -> tuple[ServerThread, Opened]:
    """Open ``plan``'s table (``resume``: the one this computer was hosting) with the seats
    ``local`` kept for the host's own screen; returns the running server and what the
    lobby shows."""
    folder = home / HOST_FOLDER
    if resume:
        table = resume_table(folder, pace)
        if table is None:
            raise TableMissing("there is no unfinished network table to resume")
        token = read_text_capped(folder / LOCAL_TOKEN_FILE, 200).strip()
    else:
        if plan is None:
            raise ValueError("a new table needs its plan")
        table = open_table(plan, folder, pace)
        token = new_token()
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / LOCAL_TOKEN_FILE, token + "\n")
        if local:
            table.reserve(local, token, name)
    table.auto_start = False
    identity = load_or_make_identity(home / TLS_FOLDER)
    thread = ServerThread(table, identity, folder)
    host, port = thread.start()
    addresses = tuple(local_addresses()) if host in ("0.0.0.0", "") else (host,)
    return thread, Opened(port, table.code, identity.fingerprint, addresses, token)
