"""The Linux download's desktop integration (build/linux/): the menu entry names the game, its
icon and the window class the game sets; the icons come in the sizes desktops ask for; and
install.sh / uninstall.sh, run with bash into a scratch home, put them under ~/.local/share
with an Exec= line that starts the installed game, and take them away again."""

from __future__ import annotations

import configparser
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from types import ModuleType

import pytest

from game.ui import quiet

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "build" / "linux"
DESKTOP = LINUX / "mecha-corta.desktop"
SCRIPTS = [LINUX / "install.sh", LINUX / "uninstall.sh", ROOT / "build" / "bullseye.sh"]
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)

unix_only = pytest.mark.skipif(sys.platform == "win32", reason="install.sh is for Linux (bash)")


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _tool(name: str, package: str) -> str:
    """A checking tool from Debian; CI (.ci/run) installs it, elsewhere its test is skipped."""
    found = shutil.which(name)
    if found:
        return found
    if os.environ.get("CI") and sys.platform.startswith("linux"):
        pytest.fail(f"{name} is missing (.ci/run installs {package})")
    pytest.skip(f"{name} not installed (apt-get install {package})")


def _entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign] # keys keep their case
    parser.read_string(path.read_text(encoding="utf-8"))
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


# ------------------------------------------------------------ the entry and the icons


def test_the_menu_entry_names_the_game_its_icon_and_its_window_class() -> None:
    entry = _entry(DESKTOP)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Mecha Corta"
    assert entry["Exec"] == "mecha-corta"  # install.sh writes the installed path here
    assert entry["Icon"] == quiet.APP_ID == "mecha-corta"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";") and entry["Categories"].endswith(";")
    # the window is matched to its entry by class (X11) or app id (Wayland): the game's own
    assert entry["StartupWMClass"] == quiet.APP_ID
    assert DESKTOP.name == quiet.APP_ID + ".desktop"
    for lang in ("es", "pt"):
        assert entry[f"Comment[{lang}]"] and entry[f"GenericName[{lang}]"]


def test_the_game_sets_the_window_class_the_entry_names(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        monkeypatch.delenv(name, raising=False)
    quiet.name_the_window()
    wm_class = _entry(DESKTOP)["StartupWMClass"]
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == wm_class
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == wm_class
    assert os.environ["SDL_APP_NAME"] == _entry(DESKTOP)["Name"]


def test_the_entry_passes_desktop_file_validate() -> None:
    done = subprocess.run([_tool("desktop-file-validate", "desktop-file-utils"), str(DESKTOP)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_icons_come_in_the_hicolor_sizes() -> None:
    make_icon = _load("mecha_corta_make_icon_for_desktop", ROOT / "build" / "make_icon.py")
    assert make_icon.HICOLOR_SIZES == SIZES and make_icon.APP_ID == quiet.APP_ID
    found = sorted(LINUX.glob("icons/hicolor/*/apps/*.png"))
    assert [path.relative_to(LINUX).as_posix() for path in found] == sorted(
        f"icons/hicolor/{n}x{n}/apps/mecha-corta.png" for n in SIZES)
    for size in SIZES:
        data = (LINUX / "icons" / make_icon.hicolor_path(size)).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (size, size)
        assert data[25] == 6  # RGBA: the rounded corners are transparent


def test_the_shell_scripts_pass_shellcheck() -> None:
    shellcheck = _tool("shellcheck", "shellcheck")
    done = subprocess.run([shellcheck, *map(str, SCRIPTS)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


# ------------------------------------------------------------ install.sh and uninstall.sh


def _exec_argv(value: str) -> list[str]:
    """An Exec= value as the Desktop Entry specification reads it: the string escapes
    first, then the arguments, double-quoted ones with their backslash escapes, then %%."""
    plain, at = "", 0
    while at < len(value):  # the string type's escapes
        char = value[at]
        if char == "\\" and at + 1 < len(value):
            plain += {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(
                value[at + 1], "\\" + value[at + 1])
            at += 2
        else:
            plain += char
            at += 1
    args: list[str] = []
    at = 0
    while at < len(plain):
        if plain[at] == " ":
            at += 1
            continue
        if plain[at] == '"':
            arg, at = "", at + 1
            while plain[at] != '"':
                if plain[at] == "\\":
                    assert plain[at + 1] in '"`$\\', f"a stray backslash in {value!r}"
                    at += 1
                else:
                    assert plain[at] not in '`$', f"{plain[at]} unescaped in {value!r}"
                arg += plain[at]
                at += 1
            args.append(arg)
            at += 1
        else:
            end = plain.find(" ", at)
            end = len(plain) if end == -1 else end
            args.append(plain[at:end])
            at = end
    return [arg.replace("%%", "%") for arg in args]


def test_the_exec_reader_reads_the_specification_examples() -> None:
    """The reader the install tests rely on, on cases worked out from the specification."""
    assert _exec_argv('"/a b/game" --x') == ["/a b/game", "--x"]
    assert _exec_argv(r'"/h\\$x/g\\"q\\`b\\\\c"') == ['/h$x/g"q`b\\c']
    assert _exec_argv("game") == ["game"]
    with pytest.raises(AssertionError):
        _exec_argv('"/h$x/game"')  # a $ needs its backslash inside quotes


@pytest.fixture
def download(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Linux download as build.py packs it, unpacked, with a stand-in game that notes
    each start in $MARK (a shell script: no PyInstaller build needed)."""
    build = _load("mecha_corta_build_for_desktop", ROOT / "build" / "build.py")
    monkeypatch.setattr(build, "DIST", tmp_path / "dist")
    monkeypatch.setattr(build.platform, "system", lambda: "Linux")
    monkeypatch.setattr(build.platform, "machine", lambda: "x86_64")
    (tmp_path / "dist").mkdir()
    game = tmp_path / "dist" / "mecha-corta"
    game.write_text('#!/bin/sh\nprintf "started %s %s\\n" "$0" "$*" >> "$MARK"\n',
                    encoding="utf-8")
    archive = build.pack(game, "9.8.7")
    with tarfile.open(archive) as tar:
        modes = {member.name: member.mode for member in tar.getmembers()}
    assert modes["mecha-corta-9.8.7-linux-x86_64/install.sh"] == 0o755
    program = build.unpack(archive, tmp_path / "unpacked")
    return program.parent


def _run(script: Path, home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {key: value for key, value in os.environ.items() if key != "XDG_DATA_HOME"}
    environ.update(HOME=str(home), **env)
    return subprocess.run(["bash", str(script)], env=environ, capture_output=True, text=True,
                          timeout=60, check=False)


def _installed(data: Path) -> list[Path]:
    return sorted([data / "applications" / "mecha-corta.desktop",
                   data / "mecha-corta" / "mecha-corta",
                   data / "mecha-corta" / "uninstall.sh",
                   data / "mecha-corta" / "README.md",
                   data / "mecha-corta" / "licenses" / "LICENSES.md",
                   *(data / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "mecha-corta.png"
                     for n in SIZES)])


@unix_only
@pytest.mark.parametrize("home_name", ["home", "a home with spaces", 'odd $HOME "q" `b` \\c'])
def test_install_puts_the_game_in_the_menu_and_uninstall_takes_it_out(
        download: Path, tmp_path: Path, home_name: str) -> None:
    home = tmp_path / home_name
    home.mkdir()
    data = home / ".local" / "share"
    (data / "applications").mkdir(parents=True)
    theirs = data / "applications" / "someone-else.desktop"
    theirs.write_text("[Desktop Entry]\n", encoding="utf-8")
    mark = tmp_path / "started.txt"

    done = _run(download / "install.sh", home)
    assert done.returncode == 0, done.stdout + done.stderr
    for path in _installed(data):
        assert path.is_file(), path
    game = data / "mecha-corta" / "mecha-corta"
    assert os.access(game, os.X_OK) and os.access(data / "mecha-corta" / "uninstall.sh",
                                                  os.X_OK)
    for n in SIZES:
        icon = data / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "mecha-corta.png"
        assert icon.read_bytes() == (download / "icons" / "hicolor" / f"{n}x{n}" / "apps" /
                                     "mecha-corta.png").read_bytes()
    entry = data / "applications" / "mecha-corta.desktop"
    fields = _entry(entry)
    assert _exec_argv(fields["Exec"]) == [str(game)]
    assert {key: value for key, value in fields.items() if key != "Exec"} == {
        key: value for key, value in _entry(DESKTOP).items() if key != "Exec"}
    assert f"To remove it: {data / 'mecha-corta' / 'uninstall.sh'}" in done.stdout

    # the Exec line starts the installed game, as a launcher would
    subprocess.run(_exec_argv(fields["Exec"]), env={**os.environ, "MARK": str(mark)},
                   timeout=30, check=True)
    assert mark.read_text(encoding="utf-8") == f"started {game} \n"
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True,
                                 text=True, timeout=60, check=False)
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout

    again = _run(download / "install.sh", home)  # over an installed one: replaced, no error
    assert again.returncode == 0, again.stdout + again.stderr
    assert not list((data / "mecha-corta").glob(".*.new"))

    gone = _run(data / "mecha-corta" / "uninstall.sh", home)
    assert gone.returncode == 0, gone.stdout + gone.stderr
    assert "is uninstalled" in gone.stdout
    for path in _installed(data):
        assert not path.exists(), path
    assert not (data / "mecha-corta").exists()
    assert theirs.is_file()  # only what install.sh put there goes
    assert (data / "icons" / "hicolor").is_dir()

    nothing = _run(download / "uninstall.sh", home)  # a second time: nothing to do
    assert nothing.returncode == 0 and "nothing to remove" in nothing.stdout


@unix_only
def test_install_follows_xdg_data_home(download: Path, tmp_path: Path) -> None:
    home, data = tmp_path / "home", tmp_path / "elsewhere" / "share"
    home.mkdir()
    done = _run(download / "install.sh", home, XDG_DATA_HOME=str(data))
    assert done.returncode == 0, done.stdout + done.stderr
    for path in _installed(data):
        assert path.is_file(), path
    assert not (home / ".local").exists()
    relative = _run(download / "install.sh", home, XDG_DATA_HOME="not/absolute")
    assert relative.returncode == 0  # the specification: a relative one is ignored
    assert (home / ".local" / "share" / "applications" / "mecha-corta.desktop").is_file()
    assert _run(data / "mecha-corta" / "uninstall.sh", home,
                XDG_DATA_HOME=str(data)).returncode == 0
    for path in _installed(data):
        assert not path.exists(), path
    assert (home / ".local" / "share" / "applications" / "mecha-corta.desktop").is_file()


@unix_only
def test_install_refuses_what_it_cannot_install(download: Path, tmp_path: Path) -> None:
    home = tmp_path / "100%home"
    home.mkdir()
    done = _run(download / "install.sh", home)
    assert done.returncode == 1 and "XDG_DATA_HOME" in done.stderr
    assert not (home / ".local").exists()
    (download / "mecha-corta").unlink()
    missing = _run(download / "install.sh", tmp_path)
    assert missing.returncode == 1
    assert "run install.sh from the unpacked download" in missing.stderr


@unix_only
def test_a_launcher_starts_the_installed_game(download: Path, tmp_path: Path) -> None:
    """GLib's launcher (what GNOME and many menus use) reads the installed entry and starts
    the game; skipped without gio."""
    gio = shutil.which("gio")
    if gio is None:
        pytest.skip("gio not installed (apt-get install libglib2.0-bin)")
    home = tmp_path / "a home"
    home.mkdir()
    assert _run(download / "install.sh", home).returncode == 0
    data = home / ".local" / "share"
    mark = tmp_path / "started.txt"
    env = {**os.environ, "HOME": str(home), "MARK": str(mark)}
    env.pop("XDG_DATA_HOME", None)
    done = subprocess.run([gio, "launch", str(data / "applications" / "mecha-corta.desktop")],
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    for _ in range(100):  # gio does not wait for the program
        if mark.exists():
            break
        time.sleep(0.05)
    assert mark.read_text(encoding="utf-8").startswith(
        f"started {data / 'mecha-corta' / 'mecha-corta'}")
