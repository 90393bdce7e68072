"""Build the download: ``python build/build.py [--selftest]``.

1. Runs PyInstaller on ``build/mecha-corta.spec`` with this Python (``sys.executable -m
   PyInstaller``): ``dist/mecha-corta`` (``dist\\mecha-corta.exe`` on Windows), one file.
2. Packs ``dist/mecha-corta-<version>-<os>-<arch>.tar.gz`` (``.zip`` on Windows) holding that
   executable, README.md, the project's LICENSE (when there is one) and the assets' licences.
3. Prints the sizes; fails when the executable is over ``--max-mb`` (25 MB).
4. With ``--selftest``, runs ``<executable> --selftest`` and fails when it fails.

The version comes from pyproject.toml. Build dependency: PyInstaller (``pip install
pyinstaller``); the icons in assets/icon are committed (``build/make_icon.py`` redraws them).
Details: docs/PACKAGING.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import struct
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "mecha-corta.spec"
WORK = HERE / "work"
DIST = ROOT / "dist"
NAME = "mecha-corta"
MAX_MB = 25.0
"""The size budget of the one-file executable (docs/BENCHMARKS.md), in MB of 10**6 bytes."""
SELFTEST_TIMEOUT = 600

OS_NAMES = {"linux": "linux", "windows": "windows", "darwin": "macos"}
ARCH_NAMES = {
    "x86_64": "x86_64", "amd64": "x86_64", "x64": "x86_64", "em64t": "x86_64",
    "arm64": "arm64", "aarch64": "arm64", "armv8": "arm64", "armv8l": "arm64",
    "i386": "x86", "i486": "x86", "i586": "x86", "i686": "x86", "x86": "x86",
}


class BuildError(Exception):
    """A step failed; the message is printed as one line."""


# ------------------------------------------------------------ names


def read_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    with pyproject.open("rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    if not isinstance(version, str) or not version:
        raise BuildError(f"{pyproject}: no [project] version")
    return version


def os_name(system: str | None = None) -> str:
    """``linux``, ``windows`` or ``macos`` from ``platform.system()``'s answer."""
    system = platform.system() if system is None else system
    return OS_NAMES.get(system.lower(), system.lower())


def arch_name(machine: str | None = None) -> str:
    """``x86_64``, ``arm64`` (or ``x86``) from ``platform.machine()``'s answer. Without an
    argument, a 32-bit Python on a 64-bit x86 system counts as ``x86`` (it builds 32-bit)."""
    if machine is None:
        name = ARCH_NAMES.get(platform.machine().lower(), platform.machine().lower())
        if name == "x86_64" and struct.calcsize("P") == 4:
            return "x86"
        return name
    return ARCH_NAMES.get(machine.lower(), machine.lower())


def archive_name(version: str, system: str | None = None, machine: str | None = None) -> str:
    """``mecha-corta-<version>-<os>-<arch>``: the download's name, without its extension."""
    return f"{NAME}-{version}-{os_name(system)}-{arch_name(machine)}"


def archive_suffix(system: str | None = None) -> str:
    return ".zip" if os_name(system) == "windows" else ".tar.gz"


def executable_name(system: str | None = None) -> str:
    return NAME + (".exe" if os_name(system) == "windows" else "")


def archive_members(executable: Path, system: str | None = None) -> list[tuple[Path, str]]:
    """(file, path inside the archive's folder) for every file the download holds."""
    members = [(executable, executable.name), (ROOT / "README.md", "README.md")]
    for name in ("LICENSE", "LICENSE.md", "LICENSE.txt"):
        if (ROOT / name).is_file():
            members.append((ROOT / name, name))
            break
    # the assets' licences, laid out as assets/LICENSES.md links them
    members.append((ROOT / "assets" / "LICENSES.md", "licenses/LICENSES.md"))
    members.append((ROOT / "assets" / "fonts" / "LICENSE-DejaVu.txt",
                    "licenses/fonts/LICENSE-DejaVu.txt"))
    if os_name(system) == "linux":  # an ELF file holds no icon: ship it for a desktop entry
        members.append((ROOT / "assets" / "icon" / "icon.png", f"{NAME}.png"))
    return members


# ------------------------------------------------------------ steps


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB ({size:,} bytes)"


def _shown(path: Path) -> str:
    """``path`` from the repository root when it is inside it."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def _step(text: str) -> None:
    print(f"==> {text}", flush=True)


def check_pyinstaller() -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        raise BuildError(f"PyInstaller is not installed for {sys.executable}; install it with: "
                         f"{sys.executable} -m pip install pyinstaller")


def check_icons() -> None:
    needed = [ROOT / "assets" / "icon" / name for name in ("icon.png", "icon.ico", "icon.icns")]
    if all(path.is_file() for path in needed):
        return
    _step("drawing the icon (build/make_icon.py)")
    subprocess.run([sys.executable, str(HERE / "make_icon.py")], check=True)


def run_pyinstaller(clean: bool) -> Path:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(DIST), "--workpath", str(WORK)]
    if clean:
        command.append("--clean")
    command.append(str(SPEC))
    _step(f"PyInstaller ({' '.join(command[1:])})")
    start = time.perf_counter()
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    result = subprocess.run(command, cwd=ROOT, env=env, check=False)
    if result.returncode != 0:
        raise BuildError(f"PyInstaller failed (exit {result.returncode}); its messages are above")
    executable = DIST / executable_name()
    if not executable.is_file():
        raise BuildError(f"PyInstaller finished but {executable} is not there")
    print(f"    built {_shown(executable)} in {time.perf_counter() - start:.0f} s",
          flush=True)
    return executable


def pack(executable: Path, version: str) -> Path:
    name = archive_name(version)
    target = DIST / (name + archive_suffix())
    members = archive_members(executable)
    for source, _ in members:
        if not source.is_file():
            raise BuildError(f"{source} is missing, cannot pack {target.name}")
    _step(f"packing {_shown(target)}")
    if target.suffix == ".zip":
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for source, inside in members:
                info = zipfile.ZipInfo.from_file(source, f"{name}/{inside}")
                info.compress_type = zipfile.ZIP_DEFLATED
                mode = 0o755 if source == executable else 0o644
                info.external_attr = (0o100000 | mode) << 16
                archive.writestr(info, source.read_bytes())
    else:
        runnable = f"{name}/{executable.name}"

        def tidy(info: tarfile.TarInfo) -> tarfile.TarInfo:
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mode = 0o755 if info.name == runnable else 0o644
            return info

        with tarfile.open(target, "w:gz", compresslevel=9) as tar:
            for source, inside in members:
                tar.add(source, f"{name}/{inside}", recursive=False, filter=tidy)
    for _, inside in members:
        print(f"    {inside}", flush=True)
    return target


def selftest(executable: Path) -> None:
    _step(f"{_shown(executable)} --selftest")
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        result = subprocess.run([str(executable), "--selftest"], env=env, check=False,
                                timeout=SELFTEST_TIMEOUT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise BuildError(f"the self-test did not end within {SELFTEST_TIMEOUT} s") from None
    if result.returncode != 0:
        raise BuildError(f"the built executable's self-test failed (exit {result.returncode})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/build.py",
                                     description="Build the one-file executable and the "
                                                 "download archive into dist/.")
    parser.add_argument("--selftest", action="store_true",
                        help="run the built executable's --selftest and fail if it fails")
    parser.add_argument("--clean", action="store_true",
                        help="drop PyInstaller's cache first (slower, from scratch)")
    parser.add_argument("--max-mb", type=float, default=MAX_MB,
                        help=f"fail when the executable is bigger (MB; {MAX_MB:g}; 0: no limit)")
    args = parser.parse_args(argv)
    try:
        version = read_version()
        _step(f"Mecha Corta {version} for {os_name()} {arch_name()}, with Python "
              f"{platform.python_version()} ({sys.executable})")
        check_pyinstaller()
        check_icons()
        executable = run_pyinstaller(args.clean)
        archive = pack(executable, version)
        size = executable.stat().st_size
        _step("sizes")
        print(f"    {_shown(executable)}: {_mb(size)}", flush=True)
        print(f"    {_shown(archive)}: {_mb(archive.stat().st_size)}", flush=True)
        if args.max_mb and size > args.max_mb * 1e6:
            raise BuildError(f"{executable.name} is {size / 1e6:.1f} MB, over the "
                             f"{args.max_mb:g} MB budget")
        if args.selftest:
            selftest(executable)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"build.py: error: {' '.join(map(str, error.cmd))} failed (exit "
              f"{error.returncode})", file=sys.stderr)
        return 1
    _step("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
