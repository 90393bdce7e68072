"""The script PyInstaller freezes (see build/mecha-corta.spec): it starts the game's own command
line, ``game.cli.main``, under the program's own name, so the bundle takes every argument
``python -m game`` takes and answers bad input, Ctrl-C, a full disk and a closed pipe exactly
as the source does (issue 19: a ``--selftest`` handled here, beside the command line, skipped
all of that). ``--selftest`` is the command line's flag too.

A windowed Windows build has no standard output: for ``--selftest`` the report goes to the
console of the shell that started it, else to a file in the temp folder.

Run from source too: ``python build/entry.py [--selftest | ARGS...]``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

PROGRAM = "mecha-corta"
"""The name the download's messages give the program (``mecha-corta: error: …``)."""
SELFTEST_LOG = "mecha-corta-selftest.txt"
EXIT_INTERRUPTED = 130


def _source_checkout() -> None:
    """From source, make the repository root importable (``game`` sits beside ``build``)."""
    if not getattr(sys, "frozen", False):
        root = str(Path(__file__).resolve().parent.parent)
        if root not in sys.path:
            sys.path.insert(0, root)


def _report_stream() -> Any:
    """Where the self-test writes when there is no standard output: the console of the shell
    that started a windowed Windows build, else a file in the temp folder."""
    if sys.platform == "win32":
        try:
            import ctypes

            if ctypes.windll.kernel32.AttachConsole(-1):  # ATTACH_PARENT_PROCESS
                return open("CONOUT$", "w", encoding="utf-8")
        except (AttributeError, OSError):
            pass
    import tempfile

    return open(Path(tempfile.gettempdir()) / SELFTEST_LOG, "w", encoding="utf-8")


def main() -> int:
    _source_checkout()
    from game.tools.interrupt import interrupted_once  # light: the signal module only

    with interrupted_once():
        return _run()


def _run() -> int:
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        args = sys.argv[1:]
        if "--selftest" in args and sys.stdout is None:
            sys.stdout = _report_stream()
        from game.cli import main as cli_main

        return cli_main(args, prog=PROGRAM)
    except KeyboardInterrupt:  # before the command line took over (while importing it)
        if sys.stderr is not None:
            print(f"{PROGRAM}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
