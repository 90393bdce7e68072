"""Time the launch of the built game to its first frame: ``python build/first_frame.py``.

Each run spawns ``dist/mecha-corta --first-frame`` (the game starts as a player's double click
starts it, shows the title's first frame, prints ``first frame`` and leaves) and takes the time
from just before the spawn to that line. For the one-file executable this includes everything
a player waits for: unpacking the bundle to a temporary folder, starting Python, the imports,
opening the window and the audio device, fonts and sounds, the first frame. Every run unpacks
afresh (the one-file bootloader removes its folder on exit), so no run is cheaper than another
because of the bundle; the first run may still be slower while the operating system reads the
file into its cache.

Options: ``--runs N`` (10), ``--exe PATH`` (default: the build in dist/), ``--source`` (time
``python -m game --first-frame`` from the source tree instead), ``--json``. The SDL video and
audio drivers are the environment's: with no display, set ``SDL_VIDEODRIVER=dummy`` or run under
``xvfb-run``. Prints each run, the first, the median and the slowest; exits 1 when the median is
over ``--budget`` seconds (1.0).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LINE = "first frame"
BUDGET = 1.0
TIMEOUT = 60.0


def default_exe() -> Path:
    return ROOT / "dist" / ("mecha-corta.exe" if sys.platform == "win32" else "mecha-corta")


def time_once(command: Sequence[str], env: dict[str, str]) -> float:
    """Seconds from spawning ``command`` to its ``first frame`` line."""
    start = time.perf_counter()
    with subprocess.Popen(list(command), env=env, cwd=ROOT, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == LINE:
                seconds = time.perf_counter() - start
                break
        else:
            _, err = child.communicate(timeout=TIMEOUT)
            raise RuntimeError(f"{' '.join(command)} exited {child.returncode} without a "
                               f"'{LINE}' line: {err.strip()[-300:]}")
        child.communicate(timeout=TIMEOUT)
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/first_frame.py",
                                     description="Time launch to first frame.")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--exe", type=Path, default=None)
    parser.add_argument("--source", action="store_true",
                        help="time `python -m game --first-frame` from source instead")
    parser.add_argument("--budget", type=float, default=BUDGET)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    if args.source:
        command = [sys.executable, "-m", "game", "--first-frame"]
        what = "python -m game --first-frame (source)"
    else:
        exe = args.exe or default_exe()
        if not exe.is_file():
            print(f"first_frame.py: error: {exe} is not built (python build/build.py)",
                  file=sys.stderr)
            return 2
        command = [str(exe), "--first-frame"]
        what = f"{exe.name} --first-frame ({exe.stat().st_size / 1e6:.1f} MB)"
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    video = env.get("SDL_VIDEODRIVER") or ("x11/wayland" if env.get("DISPLAY") or
                                           env.get("WAYLAND_DISPLAY") else "default")
    print(f"{what}; video driver {video}, audio driver {env.get('SDL_AUDIODRIVER', 'default')}; "
          f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs", flush=True)
    runs: list[float] = []
    for index in range(args.runs):
        try:
            seconds = time_once(command, env)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
            print(f"first_frame.py: error: {error}", file=sys.stderr)
            return 2
        runs.append(seconds)
        print(f"  run {index + 1}: {seconds:.3f} s", flush=True)
    median = statistics.median(runs)
    report = {"command": command, "video": video, "runs_s": [round(r, 3) for r in runs],
              "first_s": round(runs[0], 3), "median_s": round(median, 3),
              "max_s": round(max(runs), 3), "budget_s": args.budget}
    print(f"launch to first frame: first {runs[0]:.3f} s, median {median:.3f} s, slowest "
          f"{max(runs):.3f} s over {len(runs)} runs (budget {args.budget:g} s)")
    if args.json:
        print(json.dumps(report))
    return 0 if median <= args.budget else 1


if __name__ == "__main__":
    sys.exit(main())
