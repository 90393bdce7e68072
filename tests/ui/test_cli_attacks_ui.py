"""Issue 8's attacks on the front end's command line, replayed through the real process:
``--screenshot`` to names that cannot hold a PNG, a full disk, video drivers that do not exist,
and the window with no display. Each answers one line on stderr and its exit code; never a
traceback, never ``internal error``, never a corrupt or misnamed file."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import cli
from game.ui import app as app_module
from game.ui.app import NoDisplay, require_display, save_png
from tests.test_cli_attacks import ROOT, assert_one_line, game

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _shot(target: str, folder: Path, **popen: Any) -> tuple[str, list[str]]:
    """``--screenshot target`` run in ``folder``: the one error line and what the folder holds
    afterwards."""
    done = game("--screenshot", target, cwd=folder, **popen)
    return assert_one_line(done), sorted(p.name for p in folder.iterdir())


# --- names that cannot hold a PNG --------------------------------------------------------------

@pytest.mark.parametrize("name", ["", "shot.jpg", "shot", "adir", "adir/", "loop", "/dev/full",
                                  "shot.png.txt"])
def test_a_name_that_is_not_a_png_is_refused(tmp_path: Path, name: str) -> None:
    (tmp_path / "adir").mkdir()
    (tmp_path / "loop").symlink_to("loop")
    line, left = _shot(name, tmp_path)
    assert line.endswith(f"must end in .png (not {name!r})")
    assert left == ["adir", "loop"]  # nothing written


@pytest.mark.parametrize(("setup", "name", "says"), [
    ("folder", "adir.png", "Is a directory"),
    ("loop", "loop.png", "Too many levels of symbolic links"),
    ("loop", "loop.png/x.png", "Too many levels of symbolic links"),
    ("none", "a" * 300 + ".png", "File name too long"),
    ("device", "full.png", "not a regular file"),
    ("file", "note.txt/x.png", "Not a directory"),
])
def test_a_png_name_the_system_refuses_is_one_line_exit_2(tmp_path: Path, setup: str, name: str,
                                                           says: str) -> None:
    if setup == "folder":
        (tmp_path / "adir.png").mkdir()
    elif setup == "loop":
        (tmp_path / "loop.png").symlink_to("loop.png")
    elif setup == "device":
        if not Path("/dev/full").exists():
            pytest.skip("no /dev/full here")
        (tmp_path / "full.png").symlink_to("/dev/full")
    elif setup == "file":
        (tmp_path / "note.txt").write_text("a file, not a folder", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    line, left = _shot(name, tmp_path)
    assert says in line
    assert left == before  # no temporary file left behind
    assert not Path("/dev/full").is_file()


def test_a_full_disk_fails_and_leaves_no_png(tmp_path: Path) -> None:
    """The file-size limit (``ulimit -f``) stands in for a full disk: the PNG does not fit.
    Before: 'shot.png' printed, exit 0, a truncated PNG left."""
    resource = pytest.importorskip("resource")
    (tmp_path / "shot.png").write_bytes(b"the picture from before")
    line, left = _shot("shot.png", tmp_path, preexec_fn=lambda: resource.setrlimit(
        resource.RLIMIT_FSIZE, (8192, 8192)))
    assert "File too large" in line and "shot.png" in line
    assert left == ["shot.png"]  # no temporary file left behind
    assert (tmp_path / "shot.png").read_bytes() == b"the picture from before"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_the_path_printed_to_a_full_disk_is_one_line_exit_2(tmp_path: Path) -> None:
    with Path("/dev/full").open("w") as full:
        done = game("--screenshot", "shot.png", cwd=tmp_path, stdout=full.fileno())
    assert "No space left on device" in assert_one_line(done)


# --- the writer itself -------------------------------------------------------------------------

def _surface() -> pygame.Surface:
    surface = pygame.Surface((40, 30))
    surface.fill((200, 40, 90))
    return surface


def test_save_png_writes_a_png_through_a_link_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "pictures" / "real.png"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "shot.png"
    link.symlink_to(real)
    assert save_png(_surface(), link) == link
    assert link.is_symlink() and real.read_bytes().startswith(PNG_SIGNATURE)
    assert pygame.image.load(str(real)).get_size() == (40, 30)
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.png"]


def test_save_png_makes_the_folders_and_a_readable_file(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b" / "shot.PNG"
    save_png(_surface(), out)
    assert out.read_bytes().startswith(PNG_SIGNATURE)
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask  # as any new file, not the temp's 0600


@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_a_failing_write_leaves_the_old_picture_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    out = tmp_path / "shot.png"
    out.write_bytes(b"the picture from before")

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    target = {"write": (app_module, "_write_all"), "fsync": (os, "fsync"),
              "replace": (os, "replace")}[failing]
    monkeypatch.setattr(*target, full)
    with pytest.raises(OSError, match="No space left"):
        save_png(_surface(), out)
    assert out.read_bytes() == b"the picture from before"
    assert [p.name for p in tmp_path.iterdir()] == ["shot.png"]


# --- video drivers -----------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["--screenshot", "shot.png"], ["--autoplay"], ["--selftest"],
                                  ["--screenshot", "shot.png", "--scene", "results"]])
@pytest.mark.parametrize("driver", ["bogus", "no such driver"])
def test_a_video_driver_that_does_not_exist_is_one_line_exit_2(tmp_path: Path, args: list[str],
                                                               driver: str) -> None:
    """The headless modes choose the dummy driver themselves, but one the user names is used:
    when it cannot start, they say so (before: 'internal error', or a self-test that passed
    without ever trying it)."""
    done = game(*args, cwd=tmp_path, env={"SDL_VIDEODRIVER": driver})
    assert f"SDL_VIDEODRIVER={driver}" in assert_one_line(done)
    assert not list(tmp_path.iterdir())


def test_an_empty_video_driver_is_no_driver_at_all(tmp_path: Path) -> None:
    done = game("--screenshot", "shot.png", cwd=tmp_path, env={"SDL_VIDEODRIVER": ""})
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "shot.png").read_bytes().startswith(PNG_SIGNATURE)


# --- the window without a display --------------------------------------------------------------

NO_DISPLAY = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how Linux says it")
@pytest.mark.parametrize(("args", "env", "says"), [
    ([], {}, "DISPLAY and WAYLAND_DISPLAY are not set"),
    (["--lang", "en"], {"DISPLAY": ":77"}, "offscreen"),  # no X server there: SDL goes offscreen
    (["--first-frame"], {}, "DISPLAY and WAYLAND_DISPLAY are not set"),
], ids=["no display", "a display nobody answers", "first frame"])
def test_the_window_without_a_display_says_so(tmp_path: Path, args: list[str],
                                              env: dict[str, str], says: str) -> None:
    """Before: the game ran on SDL's offscreen driver, unseen, until killed. (A session's
    XDG_RUNTIME_DIR keeps libwayland, which SDL tries after X11, from adding its own line.)"""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    if "DISPLAY" in env and Path("/tmp/.X11-unix/X77").exists():
        pytest.skip("an X server answers at :77 here")
    try:
        done = game(*args, cwd=tmp_path, unset=NO_DISPLAY, timeout=60,
                    env={"MECHA_CORTA_HOME": str(tmp_path), "XDG_RUNTIME_DIR": str(runtime),
                         **env})
    except subprocess.TimeoutExpired:
        pytest.fail("the window ran with no display instead of saying it cannot open")
    line = assert_one_line(done, code=1)
    assert line.startswith("python -m game: cannot open the game window: no display")
    assert says in line


def test_a_headless_driver_nobody_asked_for_is_no_display(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the platform: SDL picking its offscreen driver on its own means no display."""
    pygame.quit()
    for name in NO_DISPLAY:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    with pytest.raises(NoDisplay, match="offscreen"):
        require_display()


@pytest.mark.parametrize("driver", ["dummy", "offscreen"])
def test_a_headless_driver_asked_for_is_taken(monkeypatch: pytest.MonkeyPatch,
                                              driver: str) -> None:
    """``SDL_VIDEODRIVER=dummy`` keeps working for the window (tests, benchmarks)."""
    pygame.quit()
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", driver)
    require_display()
    pygame.quit()


# --- a damaged locale file ---------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "damage"), [
    ("es", b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n"),
    ("en", b"n = " + b"9" * 5000 + b"\n"),
], ids=["es nested too deeply", "en with a 5,000-digit integer"])
def test_a_damaged_locale_file_still_gives_a_screenshot(tmp_path: Path, lang: str,
                                                        damage: bytes) -> None:
    """A copy of the game whose locale file is damaged: the texts fall back (to English, or
    to the keys when English is the damaged one) with one warning. Before: 'internal error'."""
    copy = tmp_path / "copy"
    for part in ("game", "locales", "assets"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "locales" / f"{lang}.toml").write_bytes(damage)
    done = game("--screenshot", "shot.png", "--lang", "es", cwd=tmp_path,
                env={"PYTHONPATH": str(copy)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "shot.png"
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert f"{lang}.toml" in done.stderr and "fall back" in done.stderr
    assert (tmp_path / "shot.png").read_bytes().startswith(PNG_SIGNATURE)


# --- random names ------------------------------------------------------------------------------

NAME_TEXT = st.text(st.characters(blacklist_characters="\x00/\\", blacklist_categories=("Cs",)),
                    min_size=1, max_size=300)
"""A file name a shell can pass, without folders (so the fuzz stays in its own folder)."""


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
                    max_size=40).filter(lambda n: not n.lower().endswith(".png")),
       more=st.lists(st.sampled_from(["--scene", "title", "nowhere", "--lang", "en", "--code",
                                      "911-119", "ZZZ", "--autoplay"]), max_size=3))
def test_random_screenshot_names_are_refused_in_one_line(name: str, more: list[str]) -> None:
    """``--screenshot`` with a name that is not a PNG's, and random flags: exit 2, one line,
    never 3; nothing drawn, nothing written (the working folder is a fresh one)."""
    err = io.StringIO()
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder), \
            contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = cli.main(["--screenshot", name, *more])
        except SystemExit as stop:  # argparse: a flag missing its value
            code = stop.code if isinstance(stop.code, int) else 2
        assert not os.listdir(folder)
    assert code == 2, err.getvalue()
    assert err.getvalue().count("\n") == 1 and "internal error" not in err.getvalue()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=NAME_TEXT, suffix=st.sampled_from([".png", ".PNG", ""]))
def test_save_png_writes_a_png_or_raises_oserror(name: str, suffix: str) -> None:
    """Any name: a whole PNG appears, or ``OSError`` (a name too long, '.' or '..') and no
    file; never another exception, never a temporary file left."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / (name + suffix)
        try:
            save_png(_surface(), target)
        except OSError:
            assert os.listdir(folder) == []
            return
        assert target.read_bytes().startswith(PNG_SIGNATURE)
        assert os.listdir(folder) == [target.name]
