"""A join kept on its own thread, for a program whose main thread draws frames.

The :class:`~game.net.client.Joiner` runs on an asyncio loop in a daemon thread; every message
it has read and checked is copied into a queue the game's thread drains once a frame
(:meth:`Link.take`), and the game's actions go the other way with :meth:`Link.send`. Nothing
else is shared between the threads: the game's thread keeps its own copy of the table
(``game.net.remote``), built from the same checked messages.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.errors import MechaCortaError
from game.net.client import Joiner
from game.net.errors import Reason, Refused


@dataclass(frozen=True, slots=True)
class Ended:
    """How the join ended: the table said goodbye (``reason`` None), it was refused or lost
    (``reason`` says why), with one line for the person."""

    reason: Reason | None
    line: str


class Link:
    """``make_joiner``: builds the joiner on the link's thread (its TLS pin and token are the
    caller's)."""

    def __init__(self, make_joiner: Callable[[], Joiner]) -> None:
        self._make = make_joiner
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._joiner: Joiner | None = None
        self._task: asyncio.Task[Any] | None = None
        self._ready = threading.Event()
        self._tasks: set[asyncio.Future[Any]] = set()
        self.connected = False
        """A connection is up now (else the link is trying to reconnect)."""
        self.ended: Ended | None = None
        self._thread = threading.Thread(target=self._run, name="mecha-corta-link", daemon=True)

    def start(self) -> Link:
        self._thread.start()
        self._ready.wait(5)
        return self

    # ------------------------------------------------------------ the game's thread

    def take(self) -> list[dict[str, Any]]:
        """The messages read since the last call, in order."""
        out: list[dict[str, Any]] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` (an ``act``, a ``leave``) as soon as the link's thread can."""
        loop, joiner = self._loop, self._joiner
        if loop is None or joiner is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(lambda: self._spawn(joiner.send(message)))
        except RuntimeError:  # the loop closed meanwhile: the link has ended
            return

    def _spawn(self, work: Any) -> None:
        """Run ``work`` on the link's loop, holding the task until it is done (asyncio keeps
        only a weak reference: an unheld task may be collected before it runs)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def close(self, leave: bool = False) -> None:
        """Stop (``leave``: tell the host the person leaves for good first)."""
        loop, task = self._loop, self._task
        if loop is None or task is None or loop.is_closed():
            return

        async def stop() -> None:
            if leave and self._joiner is not None:
                await self._joiner.send({"k": "leave"})
            task.cancel()

        # The coroutine is made on the link's loop: made here, it would be left unawaited
        # (a warning) if the link ended on its own before the loop ran the callback.
        try:
            loop.call_soon_threadsafe(lambda: self._spawn(stop()))
        except RuntimeError:  # the loop closed meanwhile: nothing left to stop
            return
        self._thread.join(3)

    # ------------------------------------------------------------ the link's thread

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    async def _main(self) -> None:
        joiner = self._make()
        self._joiner = joiner
        joiner.on_message = self._inbox.put
        joiner.on_connection = self._connected
        self._task = asyncio.current_task()
        self._ready.set()
        try:
            await joiner.run()
        except asyncio.CancelledError:
            self.ended = Ended(Reason.CLOSED, "left the table")
        except Refused as refused:
            self.ended = Ended(refused.reason, str(refused))
        except (MechaCortaError, ConnectionError, OSError) as error:
            self.ended = Ended(Reason.MALFORMED, str(error) or type(error).__name__)
        else:
            self.ended = Ended(None, "the table closed")

    def _connected(self, up: bool) -> None:
        self.connected = up
