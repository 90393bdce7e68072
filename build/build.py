"""Build the download: ``python build/build.py [--selftest] [--max-glibc 2.31]``.

1. Runs PyInstaller on ``build/mecha-corta.spec`` with this Python (``sys.executable -m
   PyInstaller``). Linux and Windows: ``dist/mecha-corta`` (``dist\\mecha-corta.exe``), one file;
   macOS: ``dist/Mecha Corta.app``, an application bundle.
2. Packs ``dist/mecha-corta-<version>-<os>-<arch>.tar.gz`` (``.zip`` on Windows) holding the game
   (the executable, or the .app), README.md, the project's LICENSE (when there is one) and the
   assets' licences; on Linux also the menu entry (``mecha-corta.desktop``), the icons in the
   hicolor sizes and ``install.sh`` / ``uninstall.sh`` (build/linux/). Beside it,
   ``<archive>.sha256`` (the ``sha256sum`` format).
3. Prints the sizes; fails when the one-file executable (macOS: the archive) is over
   ``--max-mb`` (25 MB). On Linux, prints the highest glibc version any binary in the bundle asks
   for (``objdump -T``) and fails when it is over ``--max-glibc``.
4. With ``--selftest``, unpacks the archive and runs the game in it with ``--selftest``; fails
   when that fails.

The version comes from pyproject.toml. Build dependency: PyInstaller (``pip install
pyinstaller``); the icons in assets/icon and build/linux/icons are committed
(``build/make_icon.py`` redraws them). Details: docs/PACKAGING.md.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import platform
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
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
LINUX_FILES = HERE / "linux"
NAME = "mecha-corta"
APP_NAME = "Mecha Corta"
"""The macOS bundle is ``Mecha Corta.app`` (the spec's APP_NAME)."""
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


def product_name(system: str | None = None) -> str:
    """What PyInstaller leaves in dist/ for the player: ``Mecha Corta.app`` on macOS, else the
    one-file executable."""
    return APP_NAME + ".app" if os_name(system) == "macos" else executable_name(system)


def runnable_path(system: str | None = None) -> str:
    """The program to start, as a path inside the archive's folder (``/``-separated)."""
    if os_name(system) == "macos":
        return f"{APP_NAME}.app/Contents/MacOS/{NAME}"
    return executable_name(system)


LINUX_SCRIPTS = ("install.sh", "uninstall.sh")


def archive_members(product: Path, system: str | None = None) -> list[tuple[Path, str]]:
    """(file or folder, path inside the archive's folder) for everything the download holds. A
    folder (the macOS .app) is packed with all it holds."""
    members = [(product, product.name), (ROOT / "README.md", "README.md")]
    for name in ("LICENSE", "LICENSE.md", "LICENSE.txt"):
        if (ROOT / name).is_file():
            members.append((ROOT / name, name))
            break
    # the assets' licences, laid out as assets/LICENSES.md links them
    members.append((ROOT / "assets" / "LICENSES.md", "licenses/LICENSES.md"))
    members.append((ROOT / "assets" / "fonts" / "LICENSE-DejaVu.txt",
                    "licenses/fonts/LICENSE-DejaVu.txt"))
    if os_name(system) == "linux":  # the application menu: an entry, icons and the installer
        members.append((LINUX_FILES / f"{NAME}.desktop", f"{NAME}.desktop"))
        members.extend((LINUX_FILES / script, script) for script in LINUX_SCRIPTS)
        icons = LINUX_FILES / "icons"
        members.extend((icon, icon.relative_to(LINUX_FILES).as_posix())
                       for icon in sorted(icons.glob(f"hicolor/*/apps/{NAME}.png"),
                                          key=_icon_order))
    return members


def _icon_order(path: Path) -> int:
    """hicolor/16x16/... before hicolor/128x128/...: by size."""
    return int(path.parts[-3].partition("x")[0])


# ------------------------------------------------------------ glibc


GLIBC_SYMBOL = re.compile(r"\bGLIBC_(\d+(?:\.\d+)+)\b")
"""A glibc symbol version in ``objdump -T``'s output (``(GLIBC_2.29) pow``); not GLIBC_PRIVATE,
not libstdc++'s GLIBCXX_."""


def parse_version(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split("."))
    except ValueError:
        raise BuildError(f"not a version: {text!r} (e.g. 2.31)") from None


def highest_glibc(objdump_output: str) -> tuple[int, ...] | None:
    """The highest ``GLIBC_x.y[.z]`` symbol version in ``objdump -T``'s output, or None."""
    versions = [parse_version(found) for found in GLIBC_SYMBOL.findall(objdump_output)]
    return max(versions) if versions else None


def bundled_elf_files(executable: Path, into: Path) -> list[tuple[str, Path]]:
    """(name, file) for the executable and every ELF file its one-file archive carries (the
    libraries unpacked at run time: libpython, the extension modules, SDL...), written to
    ``into``. What objdump cannot see inside the executable itself."""
    with executable.open("rb") as handle:
        found = [(executable.name, executable)] if handle.read(4) == b"\x7fELF" else []
    try:
        from PyInstaller.archive.readers import CArchiveReader

        reader = CArchiveReader(str(executable))
    except Exception:  # not a PyInstaller one-file executable: the file itself only
        return found
    for index, (name, entry) in enumerate(sorted(reader.toc.items())):
        if entry[-1] != "b":  # binaries and extension modules (data files are "x")
            continue
        data = reader.extract(name)
        if data[:4] != b"\x7fELF":
            continue
        target = into / f"{index:04d}-{Path(name).name}"
        target.write_bytes(data)
        found.append((name, target))
    return found


def glibc_needed(executable: Path) -> list[tuple[tuple[int, ...], str]]:
    """(highest glibc version, file name) for each ELF file in the one-file executable, the
    highest first. Needs ``objdump`` (binutils)."""
    objdump = shutil.which("objdump")
    if objdump is None:
        raise BuildError("objdump is not installed (binutils): cannot read the glibc versions")
    needed = []
    with tempfile.TemporaryDirectory(prefix="mecha-corta-elf-") as folder:
        for name, path in bundled_elf_files(executable, Path(folder)):
            result = subprocess.run([objdump, "-T", str(path)], capture_output=True, text=True,
                                    check=False)
            if result.returncode != 0:
                raise BuildError(f"objdump -T {name} failed: {result.stderr.strip()}")
            version = highest_glibc(result.stdout)
            if version is not None:
                needed.append((version, name))
    needed.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return needed


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def check_glibc(executable: Path, limit: tuple[int, ...] | None) -> None:
    _step(f"glibc the bundle needs (objdump -T on {executable.name} and the "
          "binaries inside it)")
    needed = glibc_needed(executable)
    if not needed:
        raise BuildError(f"no GLIBC_ symbol versions found in {executable}")
    top = needed[0][0]
    print(f"    highest: GLIBC_{_dotted(top)}, over the {len(needed)} ELF files that name a "
          "glibc version; the top ones:", flush=True)
    for version, name in needed[:5]:
        print(f"    GLIBC_{_dotted(version):<8} {name}", flush=True)
    if limit is not None and top > limit:
        over = ", ".join(name for version, name in needed if version > limit)
        raise BuildError(f"the bundle needs glibc {_dotted(top)}, over --max-glibc "
                         f"{_dotted(limit)} ({over}): build on an older system")


# ------------------------------------------------------------ the macOS bundle


def check_app_bundle(app: Path, version: str) -> None:
    """The .app's Info.plist names the game, its version, an icon and an executable that are
    there."""
    contents = app / "Contents"
    with (contents / "Info.plist").open("rb") as handle:
        info = plistlib.load(handle)
    problems = []
    for key, wanted in (("CFBundleName", APP_NAME), ("CFBundleDisplayName", APP_NAME),
                        ("CFBundleShortVersionString", version), ("CFBundleVersion", version),
                        ("CFBundlePackageType", "APPL"), ("CFBundleExecutable", NAME)):
        if info.get(key) != wanted:
            problems.append(f"{key} is {info.get(key)!r}, not {wanted!r}")
    icon = str(info.get("CFBundleIconFile", ""))
    if not icon.endswith(".icns") or not (contents / "Resources" / icon).is_file():
        problems.append(f"CFBundleIconFile {icon!r} is not an .icns file in Contents/Resources")
    if info.get("LSBackgroundOnly"):
        problems.append("LSBackgroundOnly is set (a console build): no Dock icon, no menu bar")
    if not os.access(contents / "MacOS" / NAME, os.X_OK):
        problems.append(f"Contents/MacOS/{NAME} is missing or not executable")
    if problems:
        raise BuildError(f"{app.name}: " + "; ".join(problems))
    print(f"    {app.name}: Info.plist names {APP_NAME} {version}, icon {icon}", flush=True)


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
    needed.append(LINUX_FILES / "icons" / "hicolor" / "256x256" / "apps" / f"{NAME}.png")
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
    product = DIST / product_name()
    if not (DIST / runnable_path()).is_file():
        raise BuildError(f"PyInstaller finished but {DIST / runnable_path()} is not there")
    print(f"    built {_shown(product)} in {time.perf_counter() - start:.0f} s", flush=True)
    return product


def _runnable(inside: str) -> bool:
    """Whether a file packed at ``inside`` (a path within the archive's folder) is a program:
    the game, the Linux install scripts. Files inside the .app keep their own modes."""
    return inside in (executable_name(), runnable_path(), *LINUX_SCRIPTS)


def pack(product: Path, version: str) -> Path:
    """The download archive of ``product`` (the executable, or the .app), and its .sha256."""
    name = archive_name(version)
    target = DIST / (name + archive_suffix())
    members = archive_members(product)
    for source, _ in members:
        if not (source.is_file() or (source == product and source.is_dir())):
            raise BuildError(f"{source} is missing, cannot pack {target.name}")
    _step(f"packing {_shown(target)}")
    if target.suffix == ".zip":
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for source, inside in members:
                info = zipfile.ZipInfo.from_file(source, f"{name}/{inside}")
                info.compress_type = zipfile.ZIP_DEFLATED
                mode = 0o755 if _runnable(inside) else 0o644
                info.external_attr = (0o100000 | mode) << 16
                archive.writestr(info, source.read_bytes())
    else:
        runnable = {f"{name}/{inside}" for _, inside in members if _runnable(inside)}
        bundle = f"{name}/{product.name}/" if product.is_dir() else None

        def tidy(info: tarfile.TarInfo) -> tarfile.TarInfo:
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            if info.isdir():
                info.mode = 0o755
            elif bundle is not None and info.name.startswith(bundle):
                info.mode = 0o755 if info.mode & 0o111 else 0o644  # the .app's own modes
            else:
                info.mode = 0o755 if info.name in runnable else 0o644
            return info

        with tarfile.open(target, "w:gz", compresslevel=9) as tar:
            for source, inside in members:
                # a folder goes in whole (sorted), its symbolic links kept as links
                tar.add(source, f"{name}/{inside}", recursive=True, filter=tidy)
    for _, inside in members:
        print(f"    {inside}{'/' if inside == product.name and product.is_dir() else ''}",
              flush=True)
    write_checksum(target)
    return target


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_checksum(archive: Path) -> Path:
    """``<archive>.sha256``: one line as ``sha256sum`` writes it (``sha256sum -c`` and ``shasum
    -a 256 -c`` check it)."""
    target = archive.with_name(archive.name + ".sha256")
    target.write_text(f"{sha256_of(archive)}  {archive.name}\n", encoding="utf-8")
    return target


def unpack(archive: Path, into: Path) -> Path:
    """Unpack the download as a player would; returns the runnable program in it."""
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zipped:
            zipped.extractall(into)
            for info in zipped.infolist():  # zipfile drops the modes: put them back
                mode = (info.external_attr >> 16) & 0o777
                if mode:
                    (into / info.filename).chmod(mode)
    else:
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(into, filter="data")
            else:  # a Python without the extraction filters (before 3.11.4)
                tar.extractall(into)  # our own archive, just written
    name = archive.name.removesuffix(archive_suffix())
    return into / name / runnable_path()


def selftest(archive: Path) -> None:
    program = unpack(archive, WORK / "unpacked")
    _step(f"{_shown(program)} --selftest (from the unpacked {archive.name})")
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        result = subprocess.run([str(program), "--selftest"], env=env, check=False,
                                timeout=SELFTEST_TIMEOUT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise BuildError(f"the self-test did not end within {SELFTEST_TIMEOUT} s") from None
    if result.returncode != 0:
        raise BuildError(f"the built game's self-test failed (exit {result.returncode})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/build.py",
                                     description="Build the one-file executable and the "
                                                 "download archive into dist/.")
    parser.add_argument("--selftest", action="store_true",
                        help="run the built executable's --selftest and fail if it fails")
    parser.add_argument("--clean", action="store_true",
                        help="drop PyInstaller's cache first (slower, from scratch)")
    parser.add_argument("--max-mb", type=float, default=MAX_MB,
                        help=f"fail when the one-file executable (macOS: the archive) is "
                             f"bigger (MB; {MAX_MB:g}; 0: no limit)")
    parser.add_argument("--max-glibc", metavar="X.Y",
                        help="Linux: fail when a binary in the bundle needs a newer glibc "
                             "(objdump -T), e.g. 2.31")
    args = parser.parse_args(argv)
    try:
        version = read_version()
        limit = parse_version(args.max_glibc) if args.max_glibc else None
        system = os_name()
        if limit is not None and system != "linux":
            raise BuildError("--max-glibc is for Linux builds")
        _step(f"Mecha Corta {version} for {system} {arch_name()}, with Python "
              f"{platform.python_version()} ({sys.executable})")
        check_pyinstaller()
        check_icons()
        product = run_pyinstaller(args.clean)
        if system == "macos":
            check_app_bundle(product, version)
        archive = pack(product, version)
        _step("sizes")
        if product.is_file():
            measured = product
            print(f"    {_shown(product)}: {_mb(product.stat().st_size)}", flush=True)
        else:  # the .app: its files add up; the budget is the download's
            measured = archive
            total = sum(path.stat().st_size for path in product.rglob("*")
                        if path.is_file() and not path.is_symlink())
            print(f"    {_shown(product)}: {_mb(total)} in its files", flush=True)
        print(f"    {_shown(archive)}: {_mb(archive.stat().st_size)}", flush=True)
        size = measured.stat().st_size
        if args.max_mb and size > args.max_mb * 1e6:
            raise BuildError(f"{measured.name} is {size / 1e6:.1f} MB, over the "
                             f"{args.max_mb:g} MB budget")
        if system == "linux" and (limit is not None or shutil.which("objdump")):
            check_glibc(product, limit)
        if args.selftest:
            selftest(archive)
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
