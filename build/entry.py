"""The script PyInstaller freezes (see build/mecha-corta.spec): it starts the game's own command
line, ``game.cli.main``, so the bundle takes every argument ``python -m game`` takes.

``--selftest`` (as the first argument) is handled here, before the command line: the headless
self-check of ``game.ui.selftest``, whose exit code is the verdict. So the built executable
has it whatever ``game.cli`` offers; ``python -m game --selftest`` gives the same from source
once the command line routes the flag to the same function.

Run from source too: ``python build/entry.py [--selftest | ARGS...]``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

SELFTEST_LOG = "mecha-corta-selftest.txt"


def _source_checkout() -> None:
    """From source, make the repository root importable (``game`` sits beside ``build``)."""
    if not getattr(sys, "frozen", False):
        root = str(Path(__file__).resolve().parent.parent)
        if root not in sys.path:
            sys.path.insert(0, root)


def _report_stream() -> Any:
    """Where the self-test writes. A windowed Windows build has no standard output: attach to
    the console of the shell that started it, else write to a file in the temp folder."""
    if sys.stdout is not None:
        return sys.stdout
    if sys.platform == "win32":
        try:
            import ctypes

            if ctypes.windll.kernel32.AttachConsole(-1):  # ATTACH_PARENT_PROCESS
                return open("CONOUT$", "w", encoding="utf-8")
        except (AttributeError, OSError):
            pass
    import tempfile

    return open(Path(tempfile.gettempdir()) / SELFTEST_LOG, "w", encoding="utf-8")


def _selftest() -> int:
    from game.ui.selftest import run_selftest

    return run_selftest(_report_stream())


def main() -> int:
    _source_checkout()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = sys.argv[1:]
    if args[:1] == ["--selftest"]:
        return _selftest()
    from game.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
