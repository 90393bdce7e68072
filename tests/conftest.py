"""Every test runs in an environment of its own, whatever the person running the suite keeps
in theirs (issue 19: with ``MECHA_CORTA_HOME`` set, 24 tests failed and others wrote into that
person's data folder).

At import, before any test module loads pygame: the variables that steer the game or SDL are
dropped (a data folder, a language, SDL's drivers and hints, a display to open windows on), so
a test sees the same world on a desktop, in a container or in CI. The tests that need a
window start their own Xvfb and name it; ``tests/ui`` chooses the dummy drivers.

Python may keep the bytecode it compiles (``PYTHONDONTWRITEBYTECODE`` is dropped too): with it
set, as on some shared machines, nothing writes ``__pycache__``, so each of the few hundred
``python -m game`` processes the tests start compiled the whole game again (about 0.9 s each).
It changes no behaviour, only how often the same source is compiled.

For each test: a data folder of its own, ``MECHA_CORTA_HOME`` set to the test's ``tmp_path``
(the folder the app fixtures already give as the settings folder, so a test that writes an
unfinished game there finds it whether the game reads the variable or the folder it was given):
nothing a test saves is seen by another or lands in a real home. A test about the folder rules
removes the variable itself.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("untimed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("untimed")
"""No property test is timed: Hypothesis's 200 ms deadline and its too-slow check failed
examples of ``test_codes`` when the two cores were busy. Timing goals live in the benchmarks
(``python -m game bench``), never in tests."""

STEERING = ("MECHA_CORTA_HOME", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE",
            "DISPLAY", "WAYLAND_DISPLAY", "PYTHONUNBUFFERED", "PYTHONIOENCODING",
            "PYTHONDONTWRITEBYTECODE")
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
sys.dont_write_bytecode = False  # this process too (pytest-xdist's workers start scrubbed)


@pytest.hookimpl(optionalhook=True)  # run with -p no:xdist too
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject's addopts): one worker more than the cores this process may use.
    The tests also wait (a sound device closing, a window's game pacing itself, a child
    process starting), and a spare worker fills those waits: on two cores the UI tests took
    144 s with three workers, 171 s with two (docs/BENCHMARKS.md). ``-n N`` still chooses."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return cores + 1


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of this test's own (``MECHA_CORTA_HOME``): its ``tmp_path``."""
    monkeypatch.setenv("MECHA_CORTA_HOME", str(tmp_path))
    yield tmp_path
