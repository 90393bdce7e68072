"""Progress feedback for long command-line runs."""

from __future__ import annotations

import time
from typing import TextIO

PROGRESS_AFTER = 2.0
"""Seconds before a run that is not on a terminal starts reporting progress."""


class Progress:
    """A bar on a terminal (redrawn in place), or a plain line per tenth of a long run when
    stderr is a file or a pipe, so logs stay readable. Silent for short runs off a terminal."""

    def __init__(self, total: int, stream: TextIO, enabled: bool = True, *,
                 label: str = "sim") -> None:
        self.total = total
        self.label = label
        self.stream = stream
        self.enabled = enabled and total > 0
        self.tty = enabled and stream.isatty()
        self.start = time.perf_counter()
        self.next_draw = self.start
        self.next_tenth = 1
        self.drawn = False

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        speed = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"
        if self.tty:
            if now < self.next_draw and done < self.total:
                return
            self.next_draw = now + 0.1
            width = 30
            filled = width * done // self.total
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r[{bar}] {done}/{self.total} games, {speed} games/s ")
            self.stream.flush()
            self.drawn = True
            return
        if elapsed < PROGRESS_AFTER:
            return
        tenth = 10 * done // self.total
        if tenth >= self.next_tenth and done < self.total:
            self.next_tenth = tenth + 1
            self.stream.write(f"{self.label}: {done}/{self.total} games ({10 * tenth}%), "
                              f"{speed} games/s\n")
            self.stream.flush()

    def close(self) -> None:
        if self.tty and self.drawn:
            self.stream.write("\r" + " " * 72 + "\r")
            self.stream.flush()
