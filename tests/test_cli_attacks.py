"""Issue 8's attacks on the command line, each replayed through the real process: a bad input
is one line (on stderr, or the command's JSON error line on stdout) and exit 2; never a
traceback, never ``internal error``. The front end's attacks (screenshots, video drivers, the
window) are in ``tests/ui/test_cli_attacks_ui.py``."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import cli

ROOT = Path(__file__).resolve().parent.parent
HUGE = "9" * 5000
"""Past Python's 4,300-digit limit for reading an integer: json and tomllib raise
``ValueError``."""
DEEP = 100_000
"""Nesting far past the recursion limit: json and tomllib raise ``RecursionError``."""


def environment(env: dict[str, str] | None = None, *, buffered: bool = False,
                unset: tuple[str, ...] = ()) -> dict[str, str]:
    """This environment, headless, running this repository's game, without the ``unset``
    variables; ``buffered``: standard output buffered as Python buffers it by default (a
    failing write then shows at the last flush), else written through (``PYTHONUNBUFFERED``)."""
    full = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    for name in (*unset, "PYTHONUNBUFFERED"):
        full.pop(name, None)
    full.update(env or {})
    if not buffered:
        full["PYTHONUNBUFFERED"] = "1"
    return full


def game(*args: str, env: dict[str, str] | None = None, stdout: int | None = subprocess.PIPE,
         buffered: bool = False, unset: tuple[str, ...] = (), timeout: float = 120,
         cwd: Path = ROOT, **popen: Any) -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` (this repository's game, headless) in ``cwd``."""
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd,
                          env=environment(env, buffered=buffered, unset=unset), stdout=stdout,
                          stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                          timeout=timeout, check=False, **popen)


def assert_one_line(done: subprocess.CompletedProcess[str], *, code: int = 2) -> str:
    """The exit code, and exactly one line on stderr (nothing on stdout); returns it."""
    assert done.returncode == code, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert not (done.stdout or "").strip(), done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def assert_json_error(done: subprocess.CompletedProcess[str]) -> str:
    """Exit 2 and one ``{"error": …}`` line on stdout, nothing on stderr; returns the error."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert not done.stderr.strip(), done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    error: str = json.loads(lines[0])["error"]
    assert error and "\n" not in error and "internal error" not in error
    return error


# --- scenario ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "text", "says"), [
    ("deep array", "x = " + "[" * DEEP + "]" * DEEP + "\n", "nested too deeply"),
    ("deep inline table", "x = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n",
     "nested too deeply"),
    ("huge integer", f'game = "bombazo"\nseed = {HUGE}\n', "more than 4300 digits"),
    ("huge integer in a step", f'game = "bombazo"\n[[step]]\nseat = {HUGE}\ndo = "draw"\n',
     "more than 4300 digits"),
])
def test_scenario_of_a_hostile_file_is_one_json_line_exit_2(tmp_path: Path, name: str,
                                                            text: str, says: str) -> None:
    path = tmp_path / "attack.toml"
    path.write_text(text, encoding="utf-8")
    assert says in assert_json_error(game("scenario", str(path)))


# --- replay ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "text", "says"), [
    ("huge seed", '{"format": "mecha-corta-save", "version": 1, "seed": ' + HUGE + "}",
     "more than 4300 digits"),
    ("huge number anywhere", "[" + HUGE + "]", "more than 4300 digits"),
    ("deep nesting", "[" * DEEP + "]" * DEEP, ""),
])
def test_replay_of_a_hostile_file_is_one_json_line_exit_2(tmp_path: Path, name: str, text: str,
                                                          says: str) -> None:
    path = tmp_path / "attack.json"
    path.write_text(text, encoding="utf-8")
    assert says in assert_json_error(game("replay", str(path)))


def test_replay_of_a_folder_is_one_json_line_exit_2(tmp_path: Path) -> None:
    assert_json_error(game("replay", str(tmp_path)))


# --- standard output that refuses what is printed -------------------------------------------

OUTPUT_COMMANDS = [
    pytest.param(["code", "911-119"], id="code"),
    pytest.param(["sim", "--game", "bombazo", "--bots", "astuto", "--games", "5", "--quiet"],
                 id="sim"),
    pytest.param(["sim", "--game", "mazo", "--bots", "lanzado", "--games", "5", "--quiet",
                  "--json"], id="sim --json"),
    # argparse prints the help and swallows a failed write: unbuffered (PYTHONUNBUFFERED=1,
    # common in containers) nothing was left for the last flush to catch (issue 19)
    pytest.param(["--help"], id="--help"),
    pytest.param(["sim", "--help"], id="sim --help"),
]
BUFFERING = pytest.mark.parametrize("buffered", [False, True], ids=["unbuffered", "buffered"])


def _with_stdout(args: list[str], fd: int, buffered: bool,
                 **popen: Any) -> subprocess.CompletedProcess[str]:
    try:
        return game(*args, stdout=fd, buffered=buffered, **popen)
    finally:
        os.close(fd)


@BUFFERING
@pytest.mark.parametrize("args", OUTPUT_COMMANDS)
def test_a_closed_pipe_ends_quietly(args: list[str], buffered: bool) -> None:
    """``… | head -c 10``: the reader is gone before the command prints. The read end is
    closed before the process starts, so the write fails every time, not by a race."""
    read, write = os.pipe()
    os.close(read)
    done = _with_stdout(args, write, buffered)
    assert done.returncode == 141, done.stderr  # 128 + SIGPIPE, as a shell reports `yes | head`
    assert done.stderr == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@BUFFERING
@pytest.mark.parametrize("args", OUTPUT_COMMANDS)
def test_a_full_disk_on_standard_output_is_one_line_exit_2(args: list[str],
                                                           buffered: bool) -> None:
    done = _with_stdout(args, os.open("/dev/full", os.O_WRONLY), buffered)
    assert "No space left on device" in assert_one_line(done)


@BUFFERING
@pytest.mark.parametrize("args", OUTPUT_COMMANDS)
def test_output_to_a_file_past_its_size_limit_is_one_line_exit_2(
        tmp_path: Path, args: list[str], buffered: bool) -> None:
    """A full disk for a regular file: the size limit (``ulimit -f``) refuses writes past
    40 bytes. Buffered, the failure comes at the last flush, which the command line must make
    itself: at the interpreter's exit it is a warning and exit 120."""
    resource = pytest.importorskip("resource")
    out = os.open(tmp_path / "out.txt", os.O_WRONLY | os.O_CREAT)
    done = _with_stdout(args, out, buffered, preexec_fn=lambda: resource.setrlimit(
        resource.RLIMIT_FSIZE, (40, 40)))
    assert "File too large" in assert_one_line(done)


# --- text the terminal cannot show ------------------------------------------------------------

@pytest.mark.parametrize(("args", "encoding", "code"), [
    (["replay", "\udcff.json"], "utf-8:strict", 2),  # a Latin-1 file name, a UTF-8 locale
    (["scenario", "\udcff.toml"], "utf-8:strict", 2),
    (["sim", "--game", "bombazo", "--bots", "astuto", "--games", "3", "--quiet"], "ascii", 0),
], ids=["replay", "scenario", "sim"])
def test_text_the_output_cannot_encode_is_escaped_not_a_crash(args: list[str], encoding: str,
                                                              code: int) -> None:
    """A file name that is not UTF-8 (given as bytes, Python holds it as a lone surrogate) or
    a '·' on an ASCII terminal: before, printing it raised UnicodeEncodeError (exit 3)."""
    done = subprocess.run([os.fsencode(sys.executable), b"-m", b"game",
                           *(os.fsencode(arg) for arg in args)], cwd=ROOT,
                          env=environment({"PYTHONIOENCODING": encoding}), capture_output=True,
                          timeout=120, check=False)
    assert done.returncode == code, done.stderr
    assert not done.stderr
    if code == 2:
        assert "\udcff" in json.loads(done.stdout)["error"]  # a JSON escape, read back


# --- random argument lists ---------------------------------------------------------------------

ARG_TEXT = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
                   max_size=24)
"""What a shell can pass: any text but NUL (lone surrogates are tested above, through bytes)."""
HOSTILE_FILES: list[bytes] = [
    b"", b"{", b"[1, 2]", b"x = 1\n", b'{"format": "mecha-corta-save"}',
    b"[" * 5000 + b"]" * 5000, b'{"seed": ' + HUGE.encode() + b"}",
    b"game = \"bombazo\"\nseed = " + HUGE.encode() + b"\n", b"\xff\xfe\x00",
]


def _sim_argv() -> st.SearchStrategy[list[str]]:
    """``sim`` with every option drawn from sensible and hostile values, at most 3 games, so
    no example runs long."""
    values = {
        "--game": st.sampled_from(["bombazo", "mazo", "clasico", "die_bombe", ""]) | ARG_TEXT,
        "--bots": st.sampled_from(["astuto", "lanzado,astuto", "despiadado,maestro", ",,"])
        | ARG_TEXT,
        "--games": st.sampled_from(["1", "3", "0", "-1", "1e3", HUGE]),
        "--seats": st.sampled_from(["1", "2", "4", "8", "9", "0", "x"]),
        "--seed": st.sampled_from(["0", "7", "-5", "18446744073709551616", HUGE]) | ARG_TEXT,
        "--options": ARG_TEXT,
        "--focus": st.sampled_from(["0", "3", "-1", "99"]),
    }
    flags = st.lists(st.sampled_from(["--rotate", "--check", "--json", "--quiet"]), max_size=4)
    chosen = st.dictionaries(st.sampled_from(sorted(values)), st.just(""), max_size=7)
    return st.tuples(chosen, flags).flatmap(lambda picked: st.fixed_dictionaries(
        {name: values[name] for name in picked[0]}).map(
        lambda options: ["sim", "--games", "2", *[part for name, value in options.items()
                                                  for part in (name, value)], *picked[1]]))


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(argv=st.one_of(
    st.tuples(st.just("code"), ARG_TEXT | st.sampled_from(["911-119", HUGE])).map(list),
    st.tuples(st.sampled_from(["replay", "scenario"]),
              st.sampled_from(range(len(HOSTILE_FILES)))).map(lambda t: [t[0], f"@{t[1]}"]),
    st.tuples(st.sampled_from(["replay", "scenario"]), ARG_TEXT).map(list),
    _sim_argv(),
), extra=st.lists(ARG_TEXT | st.sampled_from(["--json", "-h", "--", "--lang"]), max_size=1)
   | st.just([]))
def test_random_argument_lists_never_end_in_an_internal_error(argv: list[str],
                                                              extra: list[str]) -> None:
    """The command line in process, on argument lists a fuzzer builds: every one ends with
    exit 0, 1 or 2, never 3 (a bug) and never a traceback. ``@N`` is replaced by a file
    holding ``HOSTILE_FILES[N]``; the window is never reached (a subcommand always leads)."""
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for index, content in enumerate(HOSTILE_FILES):
            path = Path(folder) / f"file{index}"
            path.write_bytes(content)
            files.append(str(path))
        full = [files[int(arg[1:])] if arg[:1] == "@" and arg[1:].isdigit() else arg
                for arg in [*argv, *extra]]
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            try:
                code = cli.main(full)
            except SystemExit as stop:  # argparse: --help, or a bad argument
                code = stop.code if isinstance(stop.code, int) else 2
    assert code in (0, 1, 2), (full, err.getvalue())
    assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue()


# --- round three (issue 19) ------------------------------------------------------------------

@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
@pytest.mark.parametrize("command", ["replay", "scenario"])
def test_an_endless_file_is_refused_not_read_until_memory_runs_out(command: str) -> None:
    """``/dev/zero`` never ends: the reader stops past its cap (1 MB) and says so."""
    assert "larger than 1 MB" in assert_json_error(game(command, "/dev/zero", timeout=60))


def test_a_file_past_the_cap_is_refused_and_one_under_it_is_read(tmp_path: Path) -> None:
    from game.core.files import MAX_BYTES

    big = tmp_path / "big.json"
    big.write_bytes(b" " * MAX_BYTES + b"{}")
    assert "larger than 1 MB" in assert_json_error(game("replay", str(big)))
    fits = tmp_path / "fits.json"
    fits.write_bytes(b" " * (MAX_BYTES - 2) + b"{}")
    assert "larger than" not in assert_json_error(game("replay", str(fits)))


@pytest.mark.parametrize("seconds", ["-1", "nan", "0", "inf", "1e400", "ten"])
def test_bench_idle_measures_only_a_positive_number_of_seconds(seconds: str) -> None:
    line = assert_one_line(game("bench", "idle", f"--seconds={seconds}"))
    assert "--seconds" in line


def test_replay_takes_exactly_the_saves_the_game_resumes(tmp_path: Path) -> None:
    """A save with seats no machine of that game plays (Maestro at a Caza Bombas or Die Bombe
    table): the resume loader sets it aside, so ``replay`` refuses it too; one the loader
    resumes, ``replay`` reads."""
    from game.bots.registry import levels_for
    from game.core.config import GameConfig, SeatKind
    from game.core.saves import SavedGame, write_atomic
    from game.match.autosave import FILE_NAME, Autosaver, DamagedSave
    from game.rules.registry import descriptor, playable

    checked = 0
    for name in playable():
        spec = descriptor(name)
        seats = spec.min_seats
        for kind in (SeatKind.MAESTRO, SeatKind.ASTUTO):
            config = GameConfig(name, (kind,) * seats, spec.with_defaults(frozenset()))
            folder = tmp_path / f"{name}-{kind.value}"
            folder.mkdir()
            path = folder / FILE_NAME
            write_atomic(path, SavedGame(config, 5, ()).dumps())
            replayed = game("replay", str(path))
            try:
                Autosaver(folder).load_unfinished()
            except DamagedSave:
                resumes = False
            else:
                resumes = True
            assert resumes == (kind in levels_for(name)), (name, kind)
            assert (replayed.returncode == 0) == resumes, (name, kind, replayed.stdout)
            if not resumes:
                assert "maestro" in assert_json_error(replayed)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("command", [
    ["sim", "--game", "bombazo", "--bots", "lanzado", "--games", "3", "--quiet", "--json"],
    ["tournament", "--bots", "lanzado,lanzado", "--games", "3", "--jobs", "1", "--quiet",
     "--json"],
], ids=["sim", "tournament"])
def test_runs_that_cross_the_top_of_the_seed_space_wrap_round(command: list[str]) -> None:
    """Seeds 2^20 - 2, 2^20 - 1, 0: every game is one a code replays, none an error."""
    done = game(*command, "--seed", str((1 << 20) - 2))
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    errors = report["errors"] if "errors" in report else \
        sum(row["errors"] for row in report["rows"])
    assert errors == 0, report
