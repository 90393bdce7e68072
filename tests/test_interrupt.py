"""Ctrl-C is told once: the second SIGINT a terminal and the download's bootloader both send
must not cut the "interrupted" line (game/tools/interrupt.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from game.tools.interrupt import interrupted_once

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def test_a_second_sigint_while_the_first_is_handled_is_ignored() -> None:
    script = textwrap.dedent("""
        import os, signal, sys, time
        from game.tools.interrupt import interrupted_once
        try:
            with interrupted_once():
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(5)
        except KeyboardInterrupt:
            os.kill(os.getpid(), signal.SIGINT)   # the bootloader's copy, while handling
            time.sleep(0.2)
            print("interrupted", file=sys.stderr)
            sys.exit(130)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=os.getcwd())
    assert (done.returncode, done.stderr) == (130, "interrupted\n")


def test_the_previous_handler_comes_back_when_nothing_interrupted() -> None:
    def mine(signum: int, frame: object) -> None:
        raise AssertionError("not called")

    before = signal.signal(signal.SIGINT, mine)
    try:
        with interrupted_once():
            assert signal.getsignal(signal.SIGINT) is not mine
        assert signal.getsignal(signal.SIGINT) is mine
    finally:
        signal.signal(signal.SIGINT, before)


def test_without_it_the_second_sigint_kills_the_program() -> None:
    """The check above can fail: Python's own handler lets the second signal through."""
    script = textwrap.dedent("""
        import os, signal, sys, time
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.2)
            print("interrupted", file=sys.stderr)
            sys.exit(130)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode != 130
