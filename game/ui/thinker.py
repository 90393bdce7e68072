"""The one worker thread where a searching machine thinks while the frames keep coming
(``TableFlow``'s thinker, ``App.thinker``).

Plain ``threading`` and a queue: the bundle leaves ``concurrent`` out (see the PyInstaller
spec), and one daemon thread is all a table needs. Jobs run one at a time in the order given,
so two searches never run at once; a job still running when the game quits is simply dropped
(the thread is a daemon: quitting never waits for a search)."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Handle(Generic[T]):
    """A job given to the thinker: ``done()`` without waiting, ``result()`` waiting (its
    exception, if it raised, comes out here, on the caller's thread)."""

    def __init__(self) -> None:
        self._ready = threading.Event()
        self._value: Any = None
        self._error: BaseException | None = None

    def done(self) -> bool:
        return self._ready.is_set()

    def result(self, timeout: float | None = None) -> T:
        if not self._ready.wait(timeout):
            raise TimeoutError("the thinker has not finished this job")
        if self._error is not None:
            raise self._error
        value: T = self._value
        return value

    def _settle(self, value: Any, error: BaseException | None) -> None:
        self._value, self._error = value, error
        self._ready.set()


class Thinker:
    """One daemon thread running the jobs it is given, one after another."""

    def __init__(self, name: str = "thinker") -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Handle[Any]] | None] = \
            queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._name = name
        self._closed = False

    def submit(self, job: Callable[[], T]) -> Handle[T]:
        if self._closed:
            raise RuntimeError("the thinker is closed")
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name=self._name, daemon=True)
            self._thread.start()
        handle: Handle[T] = Handle()
        self._jobs.put((job, handle))
        return handle

    def close(self) -> None:
        """No more jobs; the one running (if any) finishes on its own and is dropped."""
        self._closed = True
        self._jobs.put(None)

    def _work(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            job, handle = item
            try:
                value = job()
            except BaseException as error:  # handed to whoever asks for the result
                handle._settle(None, error)
            else:
                handle._settle(value, None)
