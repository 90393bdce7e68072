"""The download's build files, checked without running PyInstaller (fast): the spec (for each
system: Linux's one file, Windows' version block and icon, macOS's .app bundle), the build
script's names, archives, sums and glibc check, the icon files, and the self-test from source."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import io
import os
import plistlib
import shutil
import struct
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pytest

import game
from game.rules.registry import playable
from game.ui import selftest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SPEC = BUILD / "mecha-corta.spec"
ICONS = ROOT / "assets" / "icon"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def build() -> ModuleType:
    return _load("mecha_corta_build_script", BUILD / "build.py")


def _pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    assert isinstance(version, str)
    return version


# ------------------------------------------------------------ the spec


class _Recorder:
    """Stands in for PyInstaller's Analysis, PYZ and EXE: keeps what the spec passes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args = args
        self.kwargs = kwargs

    def __getattr__(self, name: str) -> list[Any]:  # a.pure, a.scripts, a.binaries, a.datas
        return _Toc(name)


class _Toc(list[Any]):
    """An empty table of contents that knows which one it is (a.binaries is not a.datas)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Toc) and other.name == self.name

    __hash__ = None  # type: ignore[assignment]


def _run_spec(analysis: type[_Recorder] = _Recorder) -> dict[str, Any]:
    namespace: dict[str, Any] = {"SPECPATH": str(BUILD), "__name__": "__main__",
                                 "Analysis": analysis, "PYZ": _Recorder, "EXE": _Recorder,
                                 "COLLECT": _Recorder, "BUNDLE": _Recorder}
    source = SPEC.read_text(encoding="utf-8")
    exec(compile(source, str(SPEC), "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    """The spec run as PyInstaller runs it, with recorders for PyInstaller's classes."""
    if sys.platform == "win32":
        pytest.importorskip("PyInstaller")  # the Windows version block comes from PyInstaller
    return _run_spec()


def _version_info_stand_in() -> ModuleType:
    """PyInstaller.utils.win32.versioninfo as recorders: the real one imports pywin32's
    win32api, which only Windows has."""
    module = ModuleType("PyInstaller.utils.win32.versioninfo")
    for name in ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable",
                 "StringStruct", "VarFileInfo", "VarStruct"):
        setattr(module, name, type(name, (_Recorder,), {}))
    return module


def _spec_on(platform: str, monkeypatch: pytest.MonkeyPatch,
             analysis: type[_Recorder] = _Recorder) -> dict[str, Any]:
    """The spec run as on another system (``sys.platform``: win32, darwin, linux)."""
    if platform == "win32":
        pytest.importorskip("PyInstaller")
        monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32.versioninfo",
                            _version_info_stand_in())
    with monkeypatch.context() as patch:
        patch.setattr(sys, "platform", platform)
        return _run_spec(analysis)


class _AnalysisWithLibraries(_Recorder):
    """An Analysis that found what it finds on Linux: libpython, SDL, the C++ runtime."""

    binaries: ClassVar[list[tuple[str, str, str]]] = [
        ("libpython3.11.so.1.0", "/usr/lib/libpython3.11.so.1.0", "BINARY"),
        ("libstdc++.so.6", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6", "BINARY"),
        ("libgcc_s.so.1", "/lib/x86_64-linux-gnu/libgcc_s.so.1", "BINARY"),
        ("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "/site/libSDL2.so", "BINARY"),
        ("pygame_ce.libs/libharfbuzz-672f7280.so.0.61430.0", "/site/libharfbuzz.so", "BINARY"),
    ]


def test_linux_leaves_the_cxx_runtime_to_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bundled libstdc++ from the (older) build system stops the player's OpenGL driver
    from loading: the window never opens. The system's own is always there."""
    found = [name for name, _, _ in _AnalysisWithLibraries.binaries]
    linux = _spec_on("linux", monkeypatch, _AnalysisWithLibraries)
    bundled = [name for name, _, _ in linux["exe"].args[2]]
    assert bundled == [found[0], found[3], found[4]]
    for platform in ("darwin", "win32"):  # there the C++ runtime travels as it is
        other = _spec_on(platform, monkeypatch, _AnalysisWithLibraries)
        binaries = (other["coll"].args[1] if platform == "darwin" else other["exe"].args[2])
        assert [name for name, _, _ in binaries] == found


def test_the_spec_is_python_and_builds_one_executable_from_the_entry_script() -> None:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))
    called = [node.func.id for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]
    assert {"Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"} <= set(called), called
    assert called.count("EXE") == 1, "one executable, not one per platform"
    assert called.count("BUNDLE") == 1
    assert (BUILD / "entry.py").is_file()


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def test_the_spec_writes_no_path_separator() -> None:
    """Paths are joined with pathlib, so the same spec builds on Windows and macOS."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    bad = [(node.lineno, node.value) for node in ast.walk(tree)
           if isinstance(node, ast.Constant) and isinstance(node.value, str)
           and id(node) not in docs and ("/" in node.value or "\\" in node.value)]
    assert not bad, f"hard-coded separators in the spec: {bad}"


def test_the_spec_freezes_the_entry_script(spec: dict[str, Any]) -> None:
    analysis = spec["a"]
    assert [Path(p) for p in analysis.args[0]] == [BUILD / "entry.py"]
    assert (BUILD / "entry.py").is_file()
    assert spec["exe"].kwargs["name"] == "mecha-corta"
    assert spec["exe"].kwargs["upx"] is False
    assert spec["VERSION"] == _pyproject_version()


def test_the_spec_carries_every_locale_and_asset(spec: dict[str, Any]) -> None:
    datas = {(Path(src), Path(dest)) for src, dest in spec["a"].kwargs["datas"]}
    locales = sorted((ROOT / "locales").glob("*.toml"))
    assert len(locales) >= 3
    for path in locales:
        assert (path, Path("locales")) in datas
    assets = [p for p in (ROOT / "assets").rglob("*") if p.is_file()
              and "__pycache__" not in p.parts and p.suffix not in (".ico", ".icns")]
    for path in assets:
        assert (path, path.parent.relative_to(ROOT)) in datas, path
    for name in ("DejaVuSans.ttf", "LICENSE-DejaVu.txt", "click.wav", "icon.png"):
        assert any(src.name == name for src, _ in datas), name


def test_the_spec_freezes_every_game_module(spec: dict[str, Any]) -> None:
    hidden = set(spec["a"].kwargs["hiddenimports"])
    for name in ("game", "game.cli", "game.ui.selftest", "game.ui.app", "game.i18n.paths"):
        assert name in hidden


def _game_imports() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    names.update(("game", "pygame", "tomllib", "json", "argparse", "wave"))
    return names


def test_the_spec_excludes_nothing_the_game_imports(spec: dict[str, Any]) -> None:
    excludes = spec["a"].kwargs["excludes"]
    assert {"tkinter", "numpy", "pytest", "hypothesis", "mypy"} <= set(excludes)
    for module in _game_imports():
        for excluded in excludes:
            assert module != excluded and not module.startswith(excluded + "."), (
                f"the game imports {module}, which the spec excludes ({excluded})")


def test_the_spec_stamps_the_icon_for_this_system(spec: dict[str, Any]) -> None:
    icon = spec["exe"].kwargs["icon"]
    if sys.platform == "win32":
        assert Path(icon) == ICONS / "icon.ico"
    elif sys.platform == "darwin":
        assert Path(icon) == ICONS / "icon.icns"
    else:
        assert icon is None
    for name in ("icon.png", "icon.ico", "icon.icns"):
        assert (ICONS / name).is_file()


def test_linux_gets_one_stripped_file_with_a_console(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _spec_on("linux", monkeypatch)
    exe = spec["exe"]
    assert exe.args[2:4] == (spec["a"].binaries, spec["a"].datas)  # inside the one file
    assert exe.kwargs["exclude_binaries"] is False
    assert exe.kwargs["strip"] is True and exe.kwargs["console"] is True
    assert exe.kwargs["icon"] is None and exe.kwargs["version"] is None
    assert "app" not in spec and "coll" not in spec


def test_windows_gets_the_icon_and_a_version_block(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _spec_on("win32", monkeypatch)
    exe = spec["exe"].kwargs
    assert Path(exe["icon"]) == ICONS / "icon.ico"
    assert exe["console"] is False  # no console window behind the game
    assert exe["strip"] is False and exe["exclude_binaries"] is False
    block = exe["version"]
    assert type(block).__name__ == "VSVersionInfo"
    version = _pyproject_version()
    numbers = [int(part) for part in version.split(".")]
    fixed = block.kwargs["ffi"].kwargs
    assert fixed["filevers"] == fixed["prodvers"] == tuple((numbers + [0] * 4)[:4])
    string_info, var_info = block.kwargs["kids"]
    (table,) = string_info.args[0]
    language, entries = table.args
    assert language == "040904B0"  # U.S. English, Unicode: what Explorer reads first
    strings = dict(entry.args for entry in entries)
    assert strings["ProductName"] == strings["FileDescription"] == "Mecha Corta"
    assert strings["FileVersion"] == strings["ProductVersion"] == version
    assert strings["OriginalFilename"] == "mecha-corta.exe"
    assert strings["InternalName"] == "mecha-corta"
    (translation,) = var_info.args[0]
    assert translation.args == ("Translation", [0x0409, 1200])
    assert "app" not in spec


def test_macos_gets_an_app_bundle_with_name_version_and_icon(
        build: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _spec_on("darwin", monkeypatch)
    exe, coll, app = spec["exe"], spec["coll"], spec["app"]
    assert exe.kwargs["exclude_binaries"] is True  # a one-folder build inside the bundle
    assert spec["a"].binaries not in exe.args and spec["a"].datas not in exe.args
    assert exe.kwargs["console"] is False  # windowed: else PyInstaller sets LSBackgroundOnly
    assert exe.kwargs["strip"] is False  # strip would break the signatures
    assert exe.kwargs["name"] == "mecha-corta"
    assert coll.args[0] is exe and coll.args[1:] == (spec["a"].binaries, spec["a"].datas)
    assert app.args == (coll,)
    assert app.kwargs["name"] == "Mecha Corta.app" == build.product_name("Darwin")
    assert Path(app.kwargs["icon"]) == ICONS / "icon.icns"
    version = _pyproject_version()
    assert app.kwargs["version"] == version
    plist = app.kwargs["info_plist"]
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Mecha Corta"
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == version
    assert plist["CFBundleIdentifier"] == app.kwargs["bundle_identifier"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSApplicationCategoryType"] == "public.app-category.card-games"
    assert "LSBackgroundOnly" not in plist
    plistlib.dumps(plist)  # every value is one a property list can hold


# ------------------------------------------------------------ names and version


@pytest.mark.parametrize(("system", "machine", "expected"), [
    ("Linux", "x86_64", "mecha-corta-{v}-linux-x86_64"),
    ("Windows", "AMD64", "mecha-corta-{v}-windows-x86_64"),
    ("Darwin", "arm64", "mecha-corta-{v}-macos-arm64"),
    ("Linux", "aarch64", "mecha-corta-{v}-linux-arm64"),
    ("Darwin", "x86_64", "mecha-corta-{v}-macos-x86_64"),
    ("Windows", "ARM64", "mecha-corta-{v}-windows-arm64"),
])
def test_archive_names(build: ModuleType, system: str, machine: str, expected: str) -> None:
    version = build.read_version()
    assert build.archive_name(version, system, machine) == expected.format(v=version)


def test_archive_kinds_and_executable_names(build: ModuleType) -> None:
    assert build.archive_suffix("Windows") == ".zip"
    assert build.archive_suffix("Linux") == build.archive_suffix("Darwin") == ".tar.gz"
    assert build.executable_name("Windows") == "mecha-corta.exe"
    assert build.executable_name("Darwin") == build.executable_name("Linux") == "mecha-corta"
    assert build.archive_name("1.2.3") == (
        f"mecha-corta-1.2.3-{build.os_name()}-{build.arch_name()}")


def test_the_version_is_pyprojects(build: ModuleType) -> None:
    assert build.read_version() == _pyproject_version() == game.__version__


def _archive_modes(archive: Path) -> dict[str, int]:
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zipped:
            return {info.filename: (info.external_attr >> 16) & 0o777
                    for info in zipped.infolist()}
    with tarfile.open(archive) as tar:
        return {member.name + ("/" if member.isdir() else ""): member.mode
                for member in tar.getmembers()}


def _on(build: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, system: str,
        machine: str) -> None:
    monkeypatch.setattr(build, "DIST", tmp_path)
    monkeypatch.setattr(build, "WORK", tmp_path / "work")
    monkeypatch.setattr(build.platform, "system", lambda: system)
    monkeypatch.setattr(build.platform, "machine", lambda: machine)


HICOLOR = [f"icons/hicolor/{n}x{n}/apps/mecha-corta.png"
           for n in (16, 22, 24, 32, 48, 64, 128, 256, 512)]


@pytest.mark.parametrize(("system", "machine", "executable_name", "archive_name"), [
    ("Linux", "x86_64", "mecha-corta", "mecha-corta-9.8.7-linux-x86_64.tar.gz"),
    ("Windows", "AMD64", "mecha-corta.exe", "mecha-corta-9.8.7-windows-x86_64.zip"),
])
def test_the_archive_holds_the_game_readme_and_licences(
        build: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str,
        machine: str, executable_name: str, archive_name: str) -> None:
    _on(build, monkeypatch, tmp_path, system, machine)
    executable = tmp_path / executable_name
    executable.write_bytes(b"stand-in executable")
    archive = build.pack(executable, "9.8.7")
    assert archive == tmp_path / archive_name
    modes = _archive_modes(archive)
    top = archive_name.removesuffix(".zip").removesuffix(".tar.gz") + "/"
    expected = [executable_name, "README.md", "licenses/LICENSES.md",
                "licenses/fonts/LICENSE-DejaVu.txt"]
    if system == "Linux":
        expected += ["mecha-corta.desktop", "install.sh", "uninstall.sh", *HICOLOR]
    if (ROOT / "LICENSE").is_file():
        expected.append("LICENSE")
    assert sorted(modes) == sorted(top + inside for inside in expected)
    assert modes[top + executable_name] == 0o755
    assert modes[top + "README.md"] == 0o644
    if system == "Linux":
        assert modes[top + "install.sh"] == modes[top + "uninstall.sh"] == 0o755
        assert modes[top + "mecha-corta.desktop"] == modes[top + HICOLOR[0]] == 0o644
    program = build.unpack(archive, tmp_path / "unpacked")
    assert program == tmp_path / "unpacked" / top / executable_name
    assert program.read_bytes() == b"stand-in executable"
    if sys.platform != "win32":
        assert os.access(program, os.X_OK)


def _stand_in_app(folder: Path, version: str, **plist: Any) -> Path:
    """A .app as PyInstaller lays it out, small: Info.plist, the executable, the icon, a
    library in Frameworks and a symbolic link to it from Resources."""
    app = folder / "Mecha Corta.app"
    contents = app / "Contents"
    for sub in ("MacOS", "Resources", "Frameworks"):
        (contents / sub).mkdir(parents=True)
    executable = contents / "MacOS" / "mecha-corta"
    executable.write_bytes(b"stand-in executable")
    executable.chmod(0o755)
    (contents / "Resources" / "icon.icns").write_bytes((ICONS / "icon.icns").read_bytes())
    (contents / "Frameworks" / "libSDL2.dylib").write_bytes(b"stand-in library")
    (contents / "Resources" / "libSDL2.dylib").symlink_to(Path("..") / "Frameworks" /
                                                           "libSDL2.dylib")
    info = {"CFBundleName": "Mecha Corta", "CFBundleDisplayName": "Mecha Corta",
            "CFBundleExecutable": "mecha-corta", "CFBundleIconFile": "icon.icns",
            "CFBundlePackageType": "APPL", "CFBundleShortVersionString": version,
            "CFBundleVersion": version, "CFBundleIdentifier": "org.mechacorta.mecha-corta"}
    info.update(plist)
    (contents / "Info.plist").write_bytes(plistlib.dumps(info))
    return app


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links and modes: Unix")
@pytest.mark.parametrize("machine", ["arm64", "x86_64"])
def test_the_macos_archive_holds_the_app_bundle(
        build: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        machine: str) -> None:
    _on(build, monkeypatch, tmp_path, "Darwin", machine)
    app = _stand_in_app(tmp_path, "9.8.7")
    archive = build.pack(app, "9.8.7")
    assert archive == tmp_path / f"mecha-corta-9.8.7-macos-{machine}.tar.gz"
    top = f"mecha-corta-9.8.7-macos-{machine}/"
    modes = _archive_modes(archive)
    bundle = top + "Mecha Corta.app/Contents/"
    assert modes[bundle + "MacOS/mecha-corta"] == 0o755
    assert modes[bundle + "Info.plist"] == modes[bundle + "Frameworks/libSDL2.dylib"] == 0o644
    assert modes[top + "Mecha Corta.app/"] == 0o755
    assert top + "README.md" in modes and top + "licenses/LICENSES.md" in modes
    assert not [name for name in modes if name.endswith((".desktop", ".sh"))]
    with tarfile.open(archive) as tar:
        link = tar.getmember(bundle + "Resources/libSDL2.dylib")
        assert link.issym() and link.linkname == "../Frameworks/libSDL2.dylib"
    program = build.unpack(archive, tmp_path / "unpacked")
    assert program == tmp_path / "unpacked" / bundle / "MacOS" / "mecha-corta"
    assert os.access(program, os.X_OK)
    unpacked = program.parent.parent
    assert (unpacked / "Resources" / "libSDL2.dylib").read_bytes() == b"stand-in library"
    build.check_app_bundle(unpacked.parent, "9.8.7")


@pytest.mark.skipif(sys.platform == "win32", reason="modes: Unix")
@pytest.mark.parametrize(("plist", "complaint"), [
    ({"CFBundleName": "mecha-corta"}, "CFBundleName"),
    ({"CFBundleShortVersionString": "0.0.0"}, "CFBundleShortVersionString"),
    ({"CFBundleIconFile": "icon-windowed.icns"}, "CFBundleIconFile"),
    ({"LSBackgroundOnly": True}, "LSBackgroundOnly"),
])
def test_a_wrong_app_bundle_fails_the_build(build: ModuleType, tmp_path: Path,
                                             plist: dict[str, Any], complaint: str) -> None:
    app = _stand_in_app(tmp_path, "9.8.7", **plist)
    with pytest.raises(build.BuildError, match=complaint):
        build.check_app_bundle(app, "9.8.7")


def test_the_archive_has_its_sha256_beside_it(build: ModuleType, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _on(build, monkeypatch, tmp_path, "Linux", "x86_64")
    executable = tmp_path / "mecha-corta"
    executable.write_bytes(b"stand-in executable")
    archive = build.pack(executable, "9.8.7")
    line = (tmp_path / (archive.name + ".sha256")).read_text(encoding="utf-8")
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    assert line == f"{digest}  mecha-corta-9.8.7-linux-x86_64.tar.gz\n"  # sha256sum's format
    if shutil.which("sha256sum"):
        done = subprocess.run(["sha256sum", "-c", archive.name + ".sha256"], cwd=tmp_path,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr


def test_every_file_the_archive_names_exists(build: ModuleType) -> None:
    for system in ("Linux", "Windows", "Darwin"):
        for source, inside in build.archive_members(Path("stand-in"), system):
            if inside != "stand-in":
                assert source.is_file(), source
    linux = [inside for _, inside in build.archive_members(Path("stand-in"), "Linux")]
    assert [name for name in linux if name.startswith("icons/")] == HICOLOR


@pytest.mark.parametrize(("system", "runnable"), [
    ("Linux", "mecha-corta"), ("Windows", "mecha-corta.exe"),
    ("Darwin", "Mecha Corta.app/Contents/MacOS/mecha-corta"),
])
def test_the_program_to_run_in_each_download(build: ModuleType, system: str,
                                             runnable: str) -> None:
    assert build.runnable_path(system) == runnable
    assert runnable.startswith(build.product_name(system))


# ------------------------------------------------------------ glibc


OBJDUMP_SAMPLE = """
libexample.so:     file format elf64-x86-64

DYNAMIC SYMBOL TABLE:
0000000000000000      DF *UND*	0000000000000000 (GLIBC_2.2.5) free
0000000000000000      DF *UND*	0000000000000000 (GLIBC_2.29) pow
0000000000000000      DF *UND*	0000000000000000 (GLIBC_2.3.4) __memcpy_chk
0000000000000000      DF *UND*	0000000000000000 (GLIBCXX_3.4.32) _ZNSt6thread
0000000000000000      DF *UND*	0000000000000000 (GLIBC_PRIVATE) _dl_find_object
0000000000001234 g    DF .text	0000000000000042  Base        example_init
"""


def test_the_highest_glibc_symbol_version_is_read_from_objdump(build: ModuleType) -> None:
    assert build.highest_glibc(OBJDUMP_SAMPLE) == (2, 29)  # not GLIBCXX_, not GLIBC_PRIVATE
    assert build.highest_glibc(OBJDUMP_SAMPLE.replace("2.29", "2.34")) == (2, 34)
    assert build.highest_glibc(OBJDUMP_SAMPLE.replace("2.29", "2.9")) == (2, 9)  # 2.9 < 2.29
    assert build.highest_glibc("no versions here") is None
    assert build.parse_version("2.31") == (2, 31)
    with pytest.raises(build.BuildError, match="not a version"):
        build.parse_version("2.x")


def _objdump() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("ELF files and glibc: Linux")
    if shutil.which("objdump") is None:
        if os.environ.get("CI"):
            pytest.fail("objdump is missing (.ci/run installs binutils)")
        pytest.skip("objdump not installed (apt-get install binutils)")


def test_glibc_is_read_from_the_binaries_inside_a_one_file_executable(
        build: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A PyInstaller archive holding two ELF files and a data file: objdump reads both ELF
    files, unpacked, and the highest version decides; over the limit, the build fails."""
    _objdump()
    from PyInstaller.archive.writers import CArchiveWriter

    python = Path(sys.executable).resolve()
    data = tmp_path / "notes.txt"
    data.write_text("not a binary", encoding="utf-8")
    ls = Path(shutil.which("ls") or "/bin/ls").resolve()
    archive = tmp_path / "archive"
    CArchiveWriter(str(archive), [("libstand-in.so.1", str(python), True, "b"),
                                  ("lib-dynload/_stand_in.so", str(ls), True, "b"),
                                  ("notes.txt", str(data), True, "x")], "libpython3.so")
    bundle = tmp_path / "mecha-corta"  # as PyInstaller makes it: the bootloader, then the archive
    bundle.write_bytes(ls.read_bytes() + archive.read_bytes())
    needed = build.glibc_needed(bundle)
    names = {name for _, name in needed}
    assert names == {"mecha-corta", "libstand-in.so.1", "lib-dynload/_stand_in.so"}
    system = build.parse_version(os.confstr("CS_GNU_LIBC_VERSION").split()[-1])
    assert (2, 2, 5) <= needed[0][0] <= system
    assert needed == sorted(needed, reverse=True)
    build.check_glibc(bundle, system)  # within the limit: passes
    out = capsys.readouterr().out
    assert f"highest: GLIBC_{'.'.join(map(str, needed[0][0]))}, over the 3 ELF files" in out
    with pytest.raises(build.BuildError, match=r"over --max-glibc 2\.0 \("):
        build.check_glibc(bundle, (2, 0))


def test_a_plain_elf_file_is_read_as_itself(build: ModuleType) -> None:
    _objdump()
    python = Path(sys.executable).resolve()
    needed = build.glibc_needed(python)
    assert [name for _, name in needed] in ([python.name], [])  # a static build asks nothing


def test_a_missing_pyinstaller_is_one_line(build: ModuleType,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(build.BuildError, match="pip install pyinstaller"):
        build.check_pyinstaller()


# ------------------------------------------------------------ the icon


def _check_png(path: Path) -> None:
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert struct.unpack(">II", data[16:24]) == (256, 256)


def _check_ico(path: Path) -> None:
    data = path.read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sides = set()
    for index in range(count):
        side, _, _, _, _, _, size, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index: 22 + 16 * index])
        sides.add(side or 256)
        assert offset + size <= len(data)
        assert data[offset: offset + 8] == PNG_SIGNATURE
    assert {16, 32, 48, 256} <= sides


def _check_icns(path: Path) -> None:
    data = path.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    kinds, at = [], 8
    while at < len(data):
        kind, length = data[at: at + 4], struct.unpack(">I", data[at + 4: at + 8])[0]
        assert length > 8 and data[at + 8: at + 16] == PNG_SIGNATURE
        kinds.append(kind)
        at += length
    assert at == len(data)
    assert {b"ic07", b"ic08", b"ic09"} <= set(kinds)


def test_the_committed_icons_are_well_formed() -> None:
    _check_png(ICONS / "icon.png")
    _check_ico(ICONS / "icon.ico")
    _check_icns(ICONS / "icon.icns")


def test_make_icon_draws_every_icon(tmp_path: Path) -> None:
    make_icon = _load("mecha_corta_make_icon", BUILD / "make_icon.py")
    assert make_icon.main(tmp_path, tmp_path / "linux") == 0
    _check_png(tmp_path / "icon.png")
    _check_ico(tmp_path / "icon.ico")
    _check_icns(tmp_path / "icon.icns")
    drawn = sorted(path.relative_to(tmp_path / "linux").as_posix()
                   for path in (tmp_path / "linux").rglob("*.png"))
    assert drawn == sorted(name.removeprefix("icons/") for name in HICOLOR)
    import pygame

    for size in make_icon.HICOLOR_SIZES:  # the committed ones are today's drawing, pixel for pixel
        path = make_icon.hicolor_path(size)
        fresh, committed = (pygame.image.load(str(folder / path))
                            for folder in (tmp_path / "linux", BUILD / "linux" / "icons"))
        assert fresh.get_size() == committed.get_size() == (size, size)
        assert (pygame.image.tobytes(fresh, "RGBA") ==
                pygame.image.tobytes(committed, "RGBA")), path


# ------------------------------------------------------------ the self-test


@pytest.mark.slow
def test_the_selftest_passes_from_source() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-c",
         "import sys; from game.ui.selftest import run_selftest; sys.exit(run_selftest())"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    lines = out.splitlines()
    assert lines[-1].startswith("selftest ok: ")
    assert not [line for line in lines if line.startswith("FAIL")]
    for lang in ("es", "en", "pt"):
        assert any(line.startswith(f"ok   locale {lang} (") for line in lines), lang
    for game_id in playable():
        assert any(line.startswith(f"ok   engine game {game_id} ") for line in lines), game_id
    for prefix in ("ok   font ", "ok   image assets/icon/icon.png", "ok   sound ",
                   "ok   every sound", "ok   game fonts"):
        assert any(line.startswith(prefix) for line in lines), prefix
    from game.rules.registry import family_of
    from game.ui.registry import on_screen

    families = {family_of(game) for game in on_screen()}
    screens = [line for line in lines if line.startswith("ok   screens game ")]
    assert len(screens) == len(families) and families, screens  # one game of each family


def test_a_failing_check_fails_the_selftest(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(report: Any) -> None:
        report.check("locale xx", lambda: (_ for _ in ()).throw(OSError("no such file")))

    def nothing(report: Any) -> None:
        return None

    for name in ("_check_fonts", "_check_images", "_check_sounds", "_check_engine_games",
                 "_check_network"):
        monkeypatch.setattr(selftest, name, nothing)
    monkeypatch.setattr(selftest, "_check_locales", broken)
    monkeypatch.setattr(selftest, "_screens_game", lambda game: lambda: "stand-in")
    out = io.StringIO()
    assert selftest.run_selftest(out) == 1
    lines = out.getvalue().splitlines()
    assert "FAIL locale xx: OSError: no such file" in lines
    assert "ok   screens game bombazo (stand-in)" in lines
    from game.rules.registry import family_of
    from game.ui.registry import on_screen

    screens = len({family_of(game) for game in on_screen()})  # one stand-in game per family
    assert lines[-1].startswith(f"SELFTEST FAILED: {screens} checks ok, 1 failing, 0 skipped")


def test_the_screens_game_goes_through_autoplay(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    class Result:
        frames = 321

        def line(self) -> str:
            return "ranking: 2 0 3 1"

    def autoplay(code: str | None = None, lang: str | None = None, *,
                 show: bool | None = None) -> Result:
        seen.update(code=code, lang=lang, show=show)
        return Result()

    import game.ui.autoplay

    monkeypatch.setattr(game.ui.autoplay, "autoplay", autoplay)
    line = selftest._screens_game("mazo")()
    assert seen["lang"] == "en" and seen["show"] is False
    from game.rules.codes import decode

    config, seed = decode(seen["code"])
    assert config.game == "mazo" and seed == selftest.SEED
    assert "ranking: 2 0 3 1" in line and "321 frames" in line
