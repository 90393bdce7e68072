"""Keep the C libraries' chatter off the player's terminal.

Without a sound card, libasound prints about sixteen "cannot find card" lines while SDL looks
for an audio device; they say nothing the game does not handle (it plays silent). While pygame
starts, the process's standard error goes to a temporary file instead; whatever the libraries
wrote there goes to the log at debug level, and Python's own errors still raise as before.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

log = logging.getLogger(__name__)


@contextlib.contextmanager
def library_noise_to_log(what: str) -> Iterator[None]:
    """Run the block with file descriptor 2 pointed at a temporary file (where the C
    libraries write), then restore it and log what they said."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no real stderr (a windowed build)
        yield
        return
    with tempfile.TemporaryFile() as sink:
        try:
            os.dup2(sink.fileno(), 2)
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            said = sink.read().decode("utf-8", "replace").strip()
            if said:
                lines = said.splitlines()
                log.debug("%s: the libraries said %d line(s), first: %s", what, len(lines),
                          lines[0])


APP_ID = "mecha-corta"
"""The window's class (X11 WM_CLASS, Wayland app id): what taskbars group by and what the
Linux download's .desktop file names as StartupWMClass."""


def name_the_window() -> None:
    """Ask SDL for our window class before the first window opens (the default is the
    program's file name, ``__main__.py`` when run from source)."""
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
    os.environ.setdefault("SDL_APP_NAME", "Mecha Corta")
