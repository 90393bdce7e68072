"""The host's server: a WebSocket endpoint (``websockets``' asyncio server) in front of a
:class:`~game.net.table.HostTable`.

Everything a connection sends is read here first: its size (the library refuses a frame over
:data:`~game.net.protocol.MAX_CLIENT_MESSAGE` and closes), its rate (a token bucket per
connection), its order (sequence numbers 1, 2, 3 …), its shape (``parse_client``); whatever
fails closes that connection with a reason and touches nothing else. Only then does the table
see it. Each connection has its own outgoing queue and writer, so a slow or stuck computer
never holds up the others. The table's clock ticks here (machines, windows).

All of it runs on one asyncio loop: the table is only ever touched from that loop's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.errors import ProtocolError, Reason, Refused
from game.net.protocol import (
    BURST,
    CONNECTIONS_PER_ADDRESS,
    HELLO_TIMEOUT,
    MAX_CLIENT_MESSAGE,
    MESSAGES_PER_SECOND,
    Act,
    Hello,
    dumps,
    parse_client,
)
from game.net.table import HostTable, Outbox

log = logging.getLogger(__name__)

POLICY = 1008
"""WebSocket close code for a connection closed for what it sent (RFC 6455: policy)."""
GOING_AWAY = 1001
LINGER = 10.0
"""Seconds a table whose game is over stays open for computers that dropped shortly before
the end (they retry every 2 s at most), so that they too get the result and a goodbye."""


@dataclass(slots=True)
class Bucket:
    """A token bucket: :data:`MESSAGES_PER_SECOND` sustained, :data:`BURST` at once."""

    tokens: float = float(BURST)
    last: float = 0.0

    def take(self, now: float) -> bool:
        self.tokens = min(float(BURST), self.tokens + (now - self.last) * MESSAGES_PER_SECOND)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


def close_reason(reason: Reason, message: str) -> str:
    """A close frame's reason: the kind, then the line (at most 123 bytes, as RFC 6455
    allows)."""
    text = f"{reason.value}: {message}"
    return text.encode("utf-8")[:120].decode("utf-8", "ignore")


class TableServer:
    """Serves one table. ``on_step``: told after anything changed the match (the host saves
    it); ``tick``: seconds between two ticks of the table's clock."""

    def __init__(self, table: HostTable, *, ssl_context: ssl.SSLContext | None,
                 host: str = "0.0.0.0", port: int = 0, tick: float = 0.05,
                 on_step: Callable[[], None] | None = None,
                 stand_in_after: float | None = None, linger: float = LINGER,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.table = table
        self.ssl_context = ssl_context
        self.host = host
        self.port = port
        self.tick = tick
        self.on_step = on_step
        self.stand_in_after = stand_in_after
        """Seconds an away person's seat waits before a machine plays it (``None``: it
        waits for them; the host's screen asks its person instead)."""
        self.linger = linger
        self.clock = clock
        self.address: tuple[str, int] | None = None
        self._server: Server | None = None
        self._queues: dict[int, asyncio.Queue[tuple[str, str | None]]] = {}
        self._per_address: Counter[str] = Counter()
        self._next_id = 0
        self._moves = table.match.moves
        self.closed = asyncio.Event()

    # ------------------------------------------------------------ running

    async def start(self) -> tuple[str, int]:
        """Listen; returns the bound (host, port) (port 0 picks a free one)."""
        self._server = await serve(
            self._connection, self.host, self.port, ssl=self.ssl_context,
            max_size=MAX_CLIENT_MESSAGE, max_queue=BURST, compression=None,
            server_header=None, open_timeout=HELLO_TIMEOUT, ping_interval=10,
            ping_timeout=20, close_timeout=2)
        sock = next(iter(self._server.sockets))
        name = sock.getsockname()
        self.address = (str(name[0]), int(name[1]))
        return self.address

    async def run(self, *, until_over: bool = True) -> None:
        """Tick the table until it is over (``until_over``) or :meth:`stop` is called; at
        the end every computer gets its last update and a goodbye."""
        last = self.clock()
        while not self.closed.is_set():
            await asyncio.sleep(self.tick)
            now = self.clock()
            self.dispatch(self.table.tick(now - last))
            if self.stand_in_after is not None:
                self.dispatch(self.table.hand_over_the_away(now, self.stand_in_after))
            last = now
            if until_over and self.table.match.is_over():
                await self._wait_for_the_away()
                break
        await self.stop()

    async def _wait_for_the_away(self) -> None:
        """The game is over: give a computer that dropped (crashed, killed, lost its network)
        :attr:`linger` seconds to come back for the result before the table closes."""
        end = self.clock() + self.linger
        while not self.closed.is_set() and self.clock() < end \
                and any(seat.away for seat in self.table.seats.values()):
            await asyncio.sleep(self.tick)

    async def stop(self) -> None:
        """Say goodbye to every computer and close the port. Whatever the computers have not
        yet been sent goes first: an act's other updates wait one turn of the loop after the
        actor's (``_read``), and the game's last move can end the table in that turn — the
        others then had their goodbye without the result (seen under load in the capture
        test)."""
        self.dispatch(self.table.updates())
        for session_id in list(self._queues):
            self._send(session_id, {"k": "bye", "reason": Reason.CLOSED.value},
                       close=close_reason(Reason.CLOSED, "the table is closed"))
        await asyncio.sleep(0)
        queues = list(self._queues.values())
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(q.join() for q in queues)), 5)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.closed.set()

    def dispatch(self, out: Outbox) -> None:
        """Queue the table's messages (and save the match when it moved)."""
        moves = self.table.match.moves
        if moves != self._moves:
            self._moves = moves
            if self.on_step is not None:
                self.on_step()
        for session_id, message in out:
            close = None
            if message.get("k") == "bye":
                close = close_reason(Reason(message["reason"]), "goodbye")
            self._send(session_id, message, close=close)

    def _send(self, session_id: int, message: dict[str, Any], *, close: str | None = None
              ) -> None:
        queue = self._queues.get(session_id)
        if queue is not None:
            queue.put_nowait((dumps(message), close))
            if close is not None:
                # Its writer ends with this message: nothing more is sent to it, and the
                # table's goodbye at the end does not wait for a queue nobody reads (it
                # waited its whole 5 s after every game: a goodbye came with the result).
                del self._queues[session_id]

    # ------------------------------------------------------------ one connection

    async def _connection(self, conn: ServerConnection) -> None:
        address = str(conn.remote_address[0]) if conn.remote_address else "?"
        if self._per_address[address] >= CONNECTIONS_PER_ADDRESS:
            await conn.close(POLICY, close_reason(Reason.TOO_MANY_CONNECTIONS,
                                                  "too many connections from this computer"))
            return
        self._per_address[address] += 1
        self._next_id += 1
        session_id = self._next_id
        queue: asyncio.Queue[tuple[str, str | None]] = asyncio.Queue()
        writer = asyncio.create_task(self._writer(conn, queue))
        joined = False
        try:
            raw = await asyncio.wait_for(conn.recv(), HELLO_TIMEOUT)
            n, hello = parse_client(raw)
            if n != 1 or not isinstance(hello, Hello):
                raise ProtocolError("the first message must be hello 1", Reason.OUT_OF_ORDER)
            try:
                out = self.table.hello(session_id, address, hello, self.clock())
            except Refused as refused:
                queue.put_nowait((dumps({"k": "refused", "reason": refused.reason.value,
                                         "message": str(refused)}),
                                  close_reason(refused.reason, str(refused))))
                await queue.join()
                return
            self._queues[session_id] = queue
            joined = True
            self.dispatch(out)
            await self._read(conn, session_id)
        except ProtocolError as error:
            log.info("closing %s: %s", address, error)
            queue.put_nowait(("", close_reason(error.reason, str(error))))
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(queue.join(), 2)
        except (TimeoutError, ConnectionClosed):
            pass
        finally:
            self._queues.pop(session_id, None)
            if joined:
                self.dispatch(self.table.drop(session_id, self.clock()))
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer
            self._per_address[address] -= 1
            if conn.state.name == "OPEN":
                with contextlib.suppress(ConnectionClosed):
                    await conn.close(GOING_AWAY)

    async def _read(self, conn: ServerConnection, session_id: int) -> None:
        bucket = Bucket(last=self.clock())
        expected = 2
        async for raw in conn:
            if not bucket.take(self.clock()):
                raise ProtocolError(f"more than {MESSAGES_PER_SECOND} messages a second",
                                    Reason.TOO_FAST)
            n, message = parse_client(raw)
            if n != expected:
                raise ProtocolError(f"message {n} where {expected} was due",
                                    Reason.OUT_OF_ORDER)
            expected += 1
            self.dispatch(self.table.handle(session_id, message, others=False))
            if isinstance(message, Act):
                # the acting computer's update is on its way (saved first, in dispatch)
                # before the other computers' are built
                await asyncio.sleep(0)
                self.dispatch(self.table.updates())

    async def _writer(self, conn: ServerConnection,
                      queue: asyncio.Queue[tuple[str, str | None]]) -> None:
        """Sends one connection's messages in order; a close request ends it."""
        while True:
            text, close = await queue.get()
            try:
                if text:
                    await conn.send(text)
                if close is not None:
                    await conn.close(POLICY if not close.startswith("closed")
                                     else GOING_AWAY, close)
            except ConnectionClosed:
                pass
            finally:
                queue.task_done()
            if close is not None:
                # Drain what is left, so whoever waits on the queue is not stuck.
                while not queue.empty():
                    queue.get_nowait()
                    queue.task_done()
                return
