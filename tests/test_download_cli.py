"""The download answers the command line exactly as the source does (issue 19: its
``--selftest`` was handled beside the command line, so Ctrl-C printed a traceback and "Failed to
execute script", a full disk or a closed pipe a traceback, ``--selftest --bogus`` ran and
exited 0, and the messages named ``python -m game``).

Each attack runs on ``build/entry.py`` from source (the script PyInstaller freezes) and on the
built one-file program in ``dist/`` when there is one: CI builds it just before the tests
(``.ci/run``), so there it must be present; elsewhere a missing or stale build is skipped.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "build" / "entry.py"
PROGRAM = "mecha-corta"


def _built_program() -> Path | None:
    """The one-file program ``build/build.py`` left in ``dist/``, if it is newer than every
    source file it was made from."""
    spec = importlib.util.spec_from_file_location("mecha_corta_build_for_cli", ROOT / "build"
                                                  / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    path = Path(build.DIST) / build.runnable_path()
    if not path.is_file():
        return None
    sources = [ENTRY, *(ROOT / "game").rglob("*.py")]
    if max(source.stat().st_mtime for source in sources) > path.stat().st_mtime:
        return None if not os.environ.get("CI") else path
    return path


def _programs() -> list[object]:
    built = _built_program()
    reason = "no current build in dist/ (python build/build.py)"
    must = bool(os.environ.get("CI"))
    return [
        pytest.param([sys.executable, str(ENTRY)], id="source"),
        pytest.param([str(built)] if built is not None else None, id="download",
                     marks=() if built is not None or must else pytest.mark.skip(reason=reason)),
    ]


PROGRAMS = pytest.mark.parametrize("program", _programs())


def _env(buffered: bool = True) -> dict[str, str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


def _run(program: list[str] | None, *args: str, stdout: int | None = subprocess.PIPE,
         buffered: bool = True) -> subprocess.CompletedProcess[str]:
    assert program is not None, "CI builds the download before the tests: dist/ has none"
    return subprocess.run([*program, *args], env=_env(buffered), stdout=stdout,
                          stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                          timeout=180, check=False)


def _one_line(done: subprocess.CompletedProcess[str], code: int) -> str:
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "Failed to execute" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@PROGRAMS
def test_an_unknown_argument_after_selftest_is_refused(program: list[str] | None) -> None:
    line = _one_line(_run(program, "--selftest", "--bogus"), 2)
    assert line.startswith(f"{PROGRAM}: error: ") and "--bogus" in line


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@PROGRAMS
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["--selftest"], ["--help"]], ids=["selftest", "help"])
def test_a_full_disk_is_one_line_exit_2(program: list[str] | None, args: list[str],
                                        buffered: bool) -> None:
    full = os.open("/dev/full", os.O_WRONLY)
    try:
        done = _run(program, *args, stdout=full, buffered=buffered)
    finally:
        os.close(full)
    assert "No space left on device" in _one_line(done, 2)


@PROGRAMS
def test_a_closed_pipe_ends_the_selftest_quietly(program: list[str] | None) -> None:
    """``mecha-corta --selftest | head -c1``: the reader is gone before the first line."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = _run(program, "--selftest", stdout=write)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (141, "")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@PROGRAMS
def test_ctrl_c_during_the_selftest_is_one_line_exit_130(program: list[str] | None) -> None:
    """Ctrl-C as a terminal sends it: SIGINT to the whole process group (the download's
    bootloader and the Python process it starts), once the self-test has begun."""
    assert program is not None, "CI builds the download before the tests: dist/ has none"
    process = subprocess.Popen([*program, "--selftest"], env=_env(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                               start_new_session=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first, "the self-test printed nothing"
        time.sleep(0.3)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    # 130, or the download's bootloader ending by the same SIGINT after its child said so
    # (a loaded machine, once: -2): a shell reports both as 130
    code = 130 if process.returncode == -signal.SIGINT else process.returncode
    done = subprocess.CompletedProcess(process.args, code, out, err)
    assert _one_line(done, 130) == f"{PROGRAM}: interrupted"
