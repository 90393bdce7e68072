"""Every test runs in an environment of its own, whatever the person running the suite keeps
in theirs (issue 19: with ``MECHA_CORTA_HOME`` set, 24 tests failed and others wrote into that
person's data folder).

At import, before any test module loads pygame: the variables that steer the game or SDL are
dropped (a data folder, a language, SDL's drivers and hints, a display to open windows on), so
a test sees the same world on a desktop, in a container or in CI. The tests that need a
window start their own Xvfb and name it; ``tests/ui`` chooses the dummy drivers.

For each test: a data folder of its own, ``MECHA_CORTA_HOME`` set to the test's ``tmp_path``
(the folder the app fixtures already give as the settings folder, so a test that writes an
unfinished game there finds it whether the game reads the variable or the folder it was given):
nothing a test saves is seen by another or lands in a real home. A test about the folder rules
removes the variable itself.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

STEERING = ("MECHA_CORTA_HOME", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE",
            "DISPLAY", "WAYLAND_DISPLAY", "PYTHONUNBUFFERED", "PYTHONIOENCODING")
"""Variables the game or the tests' subprocesses read, dropped for the whole run."""
STEERING_PREFIXES = ("SDL_", "PYGAME_")
"""SDL's and pygame's variables: drivers, hints, audio device, window position."""


def _scrub(environ: os._Environ[str]) -> None:
    for name in list(environ):
        if name in STEERING or name.startswith(STEERING_PREFIXES):
            del environ[name]
    environ["LANG"] = "C.UTF-8"
    environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


_scrub(os.environ)


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of this test's own (``MECHA_CORTA_HOME``): its ``tmp_path``."""
    monkeypatch.setenv("MECHA_CORTA_HOME", str(tmp_path))
    yield tmp_path
