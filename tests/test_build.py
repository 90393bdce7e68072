"""The download's build files, checked without running PyInstaller (fast): the spec, the build
script's names and archive, the icon files, and the self-test from source."""

from __future__ import annotations

import ast
import importlib.util
import io
import os
import struct
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

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
        return []


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    """The spec run as PyInstaller runs it, with recorders for PyInstaller's classes."""
    if sys.platform == "win32":
        pytest.importorskip("PyInstaller")  # the Windows version block comes from PyInstaller
    namespace: dict[str, Any] = {"SPECPATH": str(BUILD), "__name__": "__main__",
                                 "Analysis": _Recorder, "PYZ": _Recorder, "EXE": _Recorder}
    source = SPEC.read_text(encoding="utf-8")
    exec(compile(source, str(SPEC), "exec"), namespace)
    return namespace


def test_the_spec_is_python_and_builds_one_executable_from_the_entry_script() -> None:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))
    called = [node.func.id for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]
    assert {"Analysis", "PYZ", "EXE"} <= set(called), called
    assert called.count("EXE") == 1, "one executable, not one per platform"
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


@pytest.mark.parametrize(("system", "machine", "executable_name", "archive_name"), [
    ("Linux", "x86_64", "mecha-corta", "mecha-corta-9.8.7-linux-x86_64.tar.gz"),
    ("Windows", "AMD64", "mecha-corta.exe", "mecha-corta-9.8.7-windows-x86_64.zip"),
    ("Darwin", "arm64", "mecha-corta", "mecha-corta-9.8.7-macos-arm64.tar.gz"),
])
def test_the_archive_holds_the_game_readme_and_licences(
        build: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str,
        machine: str, executable_name: str, archive_name: str) -> None:
    monkeypatch.setattr(build, "DIST", tmp_path)
    monkeypatch.setattr(build.platform, "system", lambda: system)
    monkeypatch.setattr(build.platform, "machine", lambda: machine)
    executable = tmp_path / executable_name
    executable.write_bytes(b"stand-in executable")
    archive = build.pack(executable, "9.8.7")
    assert archive == tmp_path / archive_name
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zipped:
            modes = {info.filename: (info.external_attr >> 16) & 0o777
                     for info in zipped.infolist()}
    else:
        with tarfile.open(archive) as tar:
            modes = {member.name: member.mode for member in tar.getmembers()}
    top = archive_name.removesuffix(".zip").removesuffix(".tar.gz") + "/"
    expected = [executable_name, "README.md", "licenses/LICENSES.md",
                "licenses/fonts/LICENSE-DejaVu.txt"]
    if system == "Linux":
        expected.append("mecha-corta.png")
    if (ROOT / "LICENSE").is_file():
        expected.append("LICENSE")
    assert sorted(modes) == sorted(top + inside for inside in expected)
    assert modes[top + executable_name] == 0o755
    assert modes[top + "README.md"] == 0o644


def test_every_file_the_archive_names_exists(build: ModuleType) -> None:
    for system in ("Linux", "Windows", "Darwin"):
        for source, inside in build.archive_members(Path("stand-in"), system):
            if inside != "stand-in":
                assert source.is_file(), source


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


def test_make_icon_draws_all_three(tmp_path: Path) -> None:
    make_icon = _load("mecha_corta_make_icon", BUILD / "make_icon.py")
    assert make_icon.main(tmp_path) == 0
    _check_png(tmp_path / "icon.png")
    _check_ico(tmp_path / "icon.ico")
    _check_icns(tmp_path / "icon.icns")


# ------------------------------------------------------------ the self-test


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

    for name in ("_check_fonts", "_check_images", "_check_sounds", "_check_engine_games"):
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
