"""The suite is hermetic: tests that read the data folder, the language or SDL's drivers pass
with a person's own values in the environment, and write nothing into that person's data
folder (issue 19: with ``MECHA_CORTA_HOME`` set, 24 tests failed, the lesson's among them).
``tests/conftest.py`` does the work; this runs a sample of such tests in a child pytest under
a hostile environment. CI runs the whole suite so (``.ci/run``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (
    "tests/ui/test_settings.py",
    "tests/ui/test_tutorial.py::test_how_to_play_asks_before_replacing_the_unfinished_game",
    "tests/ui/test_resume.py",
)
"""Tests of the folder rules, of an unfinished game found in the app's folder, of resuming."""


@pytest.mark.slow  # a run of the suite's sample under a hostile environment: 16 s
def test_a_persons_environment_changes_no_test_and_receives_no_file(tmp_path: Path) -> None:
    theirs = tmp_path / "their-data"
    theirs.mkdir()
    env = {**os.environ, "MECHA_CORTA_HOME": str(theirs), "LANG": "pt_BR.UTF-8",
           "LC_ALL": "pt_BR.UTF-8", "LANGUAGE": "pt", "SDL_VIDEODRIVER": "bogus",
           "SDL_AUDIODRIVER": "bogus", "PYTHONUNBUFFERED": "1", "DISPLAY": ":97"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-n", "0", "-x", *SAMPLE], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=False)  # in one process: a sample
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert list(theirs.iterdir()) == []
