"""Compare the CPU time of one command at an older commit and now, run by turns:
``python build/paired_bench.py REV -- python -m game sim --game clasico --seats 4 --bots lanzado
--games 1000 --seed 1 --json``.

Why by turns: this machine is shared, and its speed drifts by 10-20 % over minutes. Two runs
timed an hour apart compare the hour, not the code; runs alternated in one sitting (A B A B ...)
see the same drift on both sides, so the medians compare the code. CPU time (user + system of
the child, from ``getrusage``) is steadier than wall time when another process shares a core.

A (the old side) is ``REV`` checked out in a temporary worktree (``git worktree add --detach``,
removed at the end); B (the new side) is the working tree this script lives in, uncommitted
changes included. Each side runs with its own root first on ``PYTHONPATH`` and as its working
directory, so ``python -m game`` imports that side's ``game`` package; the script checks this
before timing and says where each side's package came from. A leading ``python`` in the command
is this interpreter (the venv's), so both sides run on the same Python and libraries.

Options: ``--runs N`` per side (5), ``--warmup N`` untimed runs per side first (1: the first run
also pays for the disk cache and the bytecode), ``--json``. Prints every run, the medians and
the ratio B / A (below 1: now is faster), and the median of each pair's own ratio (a run and
the next one see nearly the same machine, so this one shrugs off a slow minute best). Exits 1
when a run fails. The command's own output is thrown away; run it alone once to see that it
does what you mean.

Bytecode: where ``PYTHONDONTWRITEBYTECODE`` is set (as on the shared machine), every run
compiles every module it imports, so the start-up counts in full; unset, the warm-up run
writes the caches and the timed runs read them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def command_for(words: Sequence[str]) -> list[str]:
    """The command as given, with a leading ``python`` meaning this interpreter."""
    command = list(words)
    if command and command[0] in ("python", "python3"):
        command[0] = sys.executable
    return command


def environment(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    path = env.get("PYTHONPATH")
    env["PYTHONPATH"] = str(root) if not path else os.pathsep.join((str(root), path))
    return env


def package_of(root: Path) -> Path:
    """Where ``import game`` finds the package when run as a side runs (a check that the old
    side is not timing the new code, or the other way round)."""
    done = subprocess.run([sys.executable, "-c", "import game; print(game.__file__)"],
                          cwd=root, env=environment(root), capture_output=True, text=True,
                          check=True)
    return Path(done.stdout.strip()).resolve().parent


def cpu_seconds(command: Sequence[str], root: Path) -> float:
    """User + system CPU time of one run of ``command`` (its children included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, cwd=root, env=environment(root), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["(no message)"]
        raise SystemExit(f"the command failed in {root} (exit {done.returncode}): {tail[0]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired(command: Sequence[str], old: Path, new: Path, runs: int, warmup: int,
           say: bool = True) -> tuple[list[float], list[float]]:
    """``runs`` timed runs per side, alternating old, new, old, new..."""
    for _ in range(warmup):
        cpu_seconds(command, old)
        cpu_seconds(command, new)
    times: tuple[list[float], list[float]] = ([], [])
    for index in range(runs):
        for side, root in enumerate((old, new)):
            seconds = cpu_seconds(command, root)
            times[side].append(seconds)
            if say:
                print(f"run {index + 1} {'AB'[side]}: {seconds:.3f} s CPU", flush=True)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if "--" not in words:
        print("usage: paired_bench.py REV [--runs N] [--warmup N] [--json] -- COMMAND...",
              file=sys.stderr)
        return 2
    cut = words.index("--")
    parser = argparse.ArgumentParser(prog="paired_bench.py")
    parser.add_argument("rev", help="the older commit (side A)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(words[:cut])
    command = command_for(words[cut + 1:])
    if not command or args.runs < 1 or args.warmup < 0:
        parser.error("give a command after --, --runs >= 1 and --warmup >= 0")
    new = ROOT
    with tempfile.TemporaryDirectory(prefix="paired-") as scratch:
        old = Path(scratch) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(old), args.rev], check=True)
        try:
            sides = (package_of(old), package_of(new))
            if sides[0] != old / "game" or sides[1] != new / "game":
                raise SystemExit(f"a side imports the wrong package: A {sides[0]}, B {sides[1]}")
            if not args.json:
                print(f"A: {args.rev} ({sides[0]})\nB: working tree ({sides[1]})\n"
                      f"command: {' '.join(words[cut + 1:])}", flush=True)
            a, b = paired(command, old, new, args.runs, args.warmup, say=not args.json)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           check=False)
    med_a, med_b = statistics.median(a), statistics.median(b)
    ratio = med_b / med_a if med_a else float("nan")
    pairs = statistics.median(y / x for x, y in zip(a, b, strict=True) if x)
    if args.json:
        print(json.dumps({"rev": args.rev, "command": words[cut + 1:], "a": a, "b": b,
                          "median_a": med_a, "median_b": med_b, "ratio": ratio,
                          "pair_ratio": pairs}))
    else:
        print(f"median A ({args.rev}): {med_a:.3f} s CPU\nmedian B (now): {med_b:.3f} s CPU\n"
              f"B / A: {ratio:.3f} ({(ratio - 1) * 100:+.1f} %); median of the pairs' "
              f"B / A: {pairs:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
