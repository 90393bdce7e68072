"""Ctrl-C ends the program once, with one line.

A terminal sends SIGINT to the whole process group, and the download's bootloader forwards
the one it receives to the Python process it started: that process can be told twice. Python's
own handler raises ``KeyboardInterrupt`` for each, so the second one may land inside the
``except KeyboardInterrupt`` that prints "interrupted", and the program then dies of the
signal (exit -2, a traceback) instead of exiting 130 with its line. Here the first SIGINT
raises and every later one is ignored until the program has exited.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class _Once:
    """The handler: raise once, then ignore; remembers that it fired."""

    def __init__(self) -> None:
        self.fired = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.fired = True
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise KeyboardInterrupt


@contextmanager
def interrupted_once() -> Iterator[None]:
    """Within the block, the first SIGINT raises ``KeyboardInterrupt`` and later ones are
    ignored. Afterwards the previous handler comes back, unless the block was interrupted
    (the program is on its way out: a late Ctrl-C must not cut its last line). Outside the
    main thread (a test calling the command line from a worker) signals are not ours to set."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    once = _Once()
    signal.signal(signal.SIGINT, once)
    try:
        yield
    finally:
        if not once.fired:
            signal.signal(signal.SIGINT, previous)
