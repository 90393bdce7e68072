"""Bad files never stop the game: a settings file that is damaged, partial, of the wrong types,
with unknown values or unknown keys falls back key by key with a warning naming the key (a file
that is not JSON at all is set aside), the game starts on it; the data folder follows
MECHA_CORTA_HOME, then platformdirs, then ~/.mecha-corta; and a locale key that is missing or
malformed shows in the fallback language on the screens. The settings files an attack found
(issue 8) start the game, an unforeseen error gives the defaults, no temporary file is left
behind, and a log file that cannot be written is skipped in silence."""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.i18n import Locale, load, locale_file
from game.ui import app as app_module
from game.ui import launch
from game.ui.app import App
from game.ui.scenes.title import TitleScene
from game.ui.settings import FILE_NAME, HOME_ENV, Settings, default_folder
from game.ui.widgets import text_of
from tests.ui.conftest import click, frames

LOGGER = "game.ui.settings"
ROOT = Path(__file__).resolve().parents[2]
GOOD = Settings(language="pt", volume=0.25, mute=True, machine_speed="fast",
                reduced_motion=True, fullscreen=False, reaction_seconds=7, fuse_tick=False)


@pytest.fixture(autouse=True)
def _no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HOME_ENV, raising=False)


def write(folder: Path, content: str | bytes | dict[str, object]) -> Path:
    path = folder / FILE_NAME
    if isinstance(content, dict):
        content = json.dumps(content)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def load_logged(folder: Path, caplog: pytest.LogCaptureFixture) -> tuple[Settings, str]:
    caplog.clear()
    with caplog.at_level(logging.WARNING, LOGGER):
        loaded = Settings.load(folder)
    return loaded, "\n".join(r.getMessage() for r in caplog.records
                             if r.levelno >= logging.WARNING)


# --- not JSON at all -----------------------------------------------------------------------


@pytest.mark.parametrize("content", [
    "{not json", '{"language": "es", "volume": 0.', "", "\x00\x01", b"\xff\xfe\x00binary",
    "[1, 2]", "null", "42", '"settings"', "[" * 5000 + "]" * 5000,
])
def test_a_file_that_is_not_settings_gives_the_defaults_and_is_set_aside(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, content: str | bytes) -> None:
    path = write(tmp_path, content)
    raw = path.read_bytes()
    (tmp_path / "current.json").write_text("the unfinished game", encoding="utf-8")
    loaded, logged = load_logged(tmp_path, caplog)
    assert loaded == Settings()
    assert "settings.json" in logged and "defaults" in logged
    assert "set aside as settings.damaged-1.json" in logged
    assert not path.exists() and (tmp_path / "settings.damaged-1.json").read_bytes() == raw
    assert (tmp_path / "current.json").read_text(encoding="utf-8") == "the unfinished game"


def test_damaged_settings_files_are_numbered_and_kept(tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    for n in (1, 2):
        write(tmp_path, f"broken {n}")
        load_logged(tmp_path, caplog)
        assert (tmp_path / f"settings.damaged-{n}.json").read_text(encoding="utf-8") == \
            f"broken {n}"
    assert GOOD.save(tmp_path)  # the next save starts clean
    assert Settings.load(tmp_path) == GOOD


# --- key by key ----------------------------------------------------------------------------


def test_a_partial_file_keeps_what_it_has_and_names_what_it_lacks(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    write(tmp_path, {"language": "es", "volume": 0.3})
    loaded, logged = load_logged(tmp_path, caplog)
    assert (loaded.language, loaded.volume) == ("es", 0.3)
    assert loaded.mute is False and loaded.reaction_seconds == 4 and loaded.fuse_tick is True
    for name in ("mute", "machine_speed", "reduced_motion", "fullscreen", "reaction_seconds",
                 "fuse_tick"):
        assert name in logged
    # "volume" as a word: the missing music_volume is rightly named
    assert "language" not in logged and not re.search(r"\bvolume\b", logged)
    assert (tmp_path / FILE_NAME).exists()  # a partial file is not set aside


@pytest.mark.parametrize(("key", "bad"), [
    # wrong types
    ("volume", "loud"), ("volume", True), ("mute", "yes"), ("mute", 1), ("fullscreen", [1]),
    ("reduced_motion", None), ("reaction_seconds", 4.5), ("reaction_seconds", "4"),
    ("fuse_tick", {"on": True}), ("language", 3),
    # unknown or out-of-range values
    ("language", "fr"), ("language", "auto "), ("machine_speed", "warp"), ("volume", 1.5),
    ("volume", -0.1), ("reaction_seconds", 0), ("reaction_seconds", 11),
])
def test_a_bad_value_falls_back_alone_with_a_warning_naming_the_key(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, key: str, bad: object) -> None:
    data = GOOD.to_dict()
    data[key] = bad
    write(tmp_path, data)
    loaded, logged = load_logged(tmp_path, caplog)
    assert getattr(loaded, key) == getattr(Settings(), key)
    for other, value in GOOD.to_dict().items():
        if other != key:
            assert getattr(loaded, other) == value, other
    assert len(caplog.records) == 1 and repr(key) in logged


def test_unknown_keys_are_ignored_with_a_warning(tmp_path: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    write(tmp_path, {**GOOD.to_dict(), "colour_scheme": "dark", "volume_db": -3})
    loaded, logged = load_logged(tmp_path, caplog)
    assert loaded == GOOD
    assert "unknown key" in logged and "colour_scheme" in logged and "volume_db" in logged


def test_every_kind_of_damage_at_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    write(tmp_path, {"language": "klingon", "volume": "11", "mute": True, "extra": 1})
    loaded, logged = load_logged(tmp_path, caplog)
    assert loaded == Settings(mute=True)
    assert "'language'" in logged and "'volume'" in logged and "extra" in logged
    assert "machine_speed" in logged  # missing


def test_a_good_file_logs_nothing(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    GOOD.save(tmp_path)
    loaded, logged = load_logged(tmp_path, caplog)
    assert loaded == GOOD and logged == ""


def test_an_unreadable_settings_path_gives_the_defaults(tmp_path: Path,
                                                        caplog: pytest.LogCaptureFixture
                                                        ) -> None:
    (tmp_path / FILE_NAME).mkdir()  # a folder where the file should be
    loaded, logged = load_logged(tmp_path, caplog)
    assert loaded == Settings() and "cannot read" in logged


# --- the game starts -----------------------------------------------------------------------


@pytest.mark.parametrize("content", [
    "{not json", {"language": "xx", "volume": "max", "reaction_seconds": -1, "what": 1},
    {"language": "pt"},
])
def test_the_game_starts_on_a_bad_settings_file(tmp_path: Path,
                                                caplog: pytest.LogCaptureFixture,
                                                content: str | dict[str, object]) -> None:
    write(tmp_path, content)
    with caplog.at_level(logging.WARNING, LOGGER):
        app = App(settings_dir=tmp_path, audio=False)
    try:
        assert caplog.records, "the damage was not logged"
        title = app.stack.top
        assert isinstance(title, TitleScene)
        frames(app, 20)
        click(title.settings.rect.center)  # the screens work
        frames(app, 5)
        assert app.stack.top is not title
        app.quit()  # and the settings are written whole again
    finally:
        app.close()
    assert Settings.load(tmp_path) == app.settings
    assert set(json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))) == \
        set(Settings().to_dict())


# --- what an attack found (issue 8) ----------------------------------------------------------


@pytest.mark.parametrize("content", [
    b'{"volume": 1' + b"0" * 400 + b"}",  # OverflowError in float() before the fix
    b'{"machine_speed": []}',  # unhashable, before the fix
    b'{"machine_speed": {}}',
    b'{"language": []}',
    b'{"volume": 1' + b"0" * 5000 + b"}",
    b'{"volume": NaN, "reaction_seconds": Infinity}',
])
def test_the_settings_files_that_stopped_the_game_give_defaults(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, content: bytes) -> None:
    write(tmp_path, content)
    with caplog.at_level(logging.WARNING):
        loaded = Settings.load(tmp_path)
    assert loaded == Settings()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "no catch-all needed"


@pytest.mark.parametrize("content", ['{"volume": 1' + "0" * 400 + "}", '{"machine_speed": []}',
                                     '{"machine_speed": {}}'])
def test_the_game_starts_on_the_settings_files_that_stopped_it(tmp_path: Path,
                                                               content: str) -> None:
    """Before the fix: ``internal error: OverflowError`` / ``TypeError``, exit 3, every
    launch."""
    write(tmp_path, content)
    env = {**os.environ, HOME_ENV: str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "--first-frame"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == launch.FIRST_FRAME_LINE
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr


def test_an_unexpected_error_gives_defaults_and_sets_the_file_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Whatever a future bug raises, loading settings never stops the game."""
    write(tmp_path, '{"volume": 0.3}')

    def broken(_data: object) -> Settings:
        raise KeyError("a bug nobody foresaw")

    monkeypatch.setattr(Settings, "from_dict", staticmethod(broken))
    with caplog.at_level(logging.WARNING, LOGGER):
        assert Settings.load(tmp_path) == Settings()
    assert not (tmp_path / FILE_NAME).exists()
    assert (tmp_path / "settings.damaged-1.json").read_text(encoding="utf-8") == \
        '{"volume": 0.3}'
    assert "KeyError" in caplog.text and "settings.damaged-1.json" in caplog.text


def test_a_failed_settings_save_leaves_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the fix: a 0-byte ``.settings-<random>.json`` stayed behind."""
    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("game.core.saves.os.replace", full)
    assert Settings(volume=0.3).save(tmp_path) is False
    assert list(tmp_path.iterdir()) == []


def test_loading_removes_the_temporary_files_of_a_killed_or_failed_save(tmp_path: Path) -> None:
    stale = [".settings-abc123.json", ".settings.json.zz_1.tmp"]
    kept = ["notes.txt", ".settings.json", ".settings-.json", "settings-abc.json"]
    for name in stale + kept:
        (tmp_path / name).write_bytes(b"")
    GOOD.save(tmp_path)
    assert Settings.load(tmp_path) == GOOD
    names = {p.name for p in tmp_path.iterdir()}
    assert names.isdisjoint(stale) and names == {*kept, FILE_NAME}


# --- the folder ----------------------------------------------------------------------------


def test_the_folder_follows_mecha_corta_home(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    assert default_folder() == tmp_path / "home"
    GOOD.save()
    assert (tmp_path / "home" / FILE_NAME).exists() and Settings.load() == GOOD
    monkeypatch.setenv(HOME_ENV, "  ")  # blank: as if unset
    assert default_folder() != tmp_path / "home"


def test_the_folder_is_platformdirs_user_data_folder(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    asked: list[tuple[object, ...]] = []

    def user_data_dir(*args: object, **kwargs: object) -> str:
        asked.append((*args, *kwargs.values()))
        return str(tmp_path / "data")

    fake = types.ModuleType("platformdirs")
    fake.user_data_dir = user_data_dir  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "platformdirs", fake)
    assert default_folder() == tmp_path / "data"
    assert asked and asked[0][0] == "mecha-corta"
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # not installed
    assert default_folder() == Path.home() / ".mecha-corta"


# --- locale keys ---------------------------------------------------------------------------


@pytest.fixture
def broken_spanish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A locales folder whose Spanish file lacks ``title.play_now`` and holds
    ``title.rules`` and ``title.version`` malformed; the app reads it."""
    folder = tmp_path / "locales"
    folder.mkdir()
    english = locale_file("en").read_text(encoding="utf-8")
    (folder / "en.toml").write_text(english, encoding="utf-8")
    spanish = []
    for line in locale_file("es").read_text(encoding="utf-8").splitlines():
        if line.startswith("play_now = "):
            continue
        if line.startswith("rules = \"Reglas\""):
            line = 'rules = "Reglas {"'
        if line.startswith("version = "):
            line = 'version = "Versión {numero}"'
        spanish.append(line)
    (folder / "es.toml").write_text("\n".join(spanish) + "\n", encoding="utf-8")
    monkeypatch.setattr(app_module, "load_locale", lambda lang: load(lang, folder))
    yield folder


def test_a_missing_or_malformed_locale_key_shows_in_english_on_the_title(
        broken_spanish: Path, tmp_path: Path) -> None:
    app = App(Settings(language="es"), settings_dir=tmp_path, lang="es", audio=False)
    try:
        pygame.event.clear()
        title = app.stack.top
        assert isinstance(title, TitleScene)
        frames(app, 5)
        assert text_of(title.play_now.text) == "Play now"  # missing in Spanish
        assert text_of(title.rules.text) == "Rules"  # broken braces
        assert text_of(title.settings.text) == "Ajustes"  # the rest stays Spanish
        assert title.t("title.version", version="1.0") == "Version 1.0"  # other placeholder
        loc = app.loc
        assert isinstance(loc, Locale)
        assert {"title.play_now", "title.rules", "title.version"} <= loc.fell_back
        assert not loc.missing
    finally:
        app.close()


def test_an_unreadable_locale_file_gives_english_and_the_game_starts(
        broken_spanish: Path, tmp_path: Path) -> None:
    (broken_spanish / "es.toml").write_text("this = is [not toml", encoding="utf-8")
    app = App(Settings(language="es"), settings_dir=tmp_path, lang="es", audio=False)
    try:
        title = app.stack.top
        assert isinstance(title, TitleScene)
        frames(app, 5)
        assert text_of(title.play_now.text) == "Play now"
        assert text_of(title.settings.text) == "Settings"
        assert isinstance(app.loc, Locale) and app.loc.problems
    finally:
        app.close()


# --- the log -------------------------------------------------------------------------------


def test_the_window_logs_warnings_to_a_file_in_the_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])  # as in a fresh process: nothing set up yet
    monkeypatch.setattr(root, "level", logging.WARNING)
    launch.setup_logging(tmp_path)
    added = list(root.handlers)
    try:
        write(tmp_path, {"volume": "loud"})
        Settings.load(tmp_path)
        launch.setup_logging(tmp_path)  # twice: still one set of handlers
        assert root.handlers == added
    finally:
        for handler in added:
            handler.close()
    text = (tmp_path / launch.LOG_NAME).read_text(encoding="utf-8")
    assert "WARNING game.ui.settings: settings: bad value 'loud' for 'volume'" in text


def test_a_log_file_that_cannot_be_written_is_skipped_in_silence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    """Before the fix: a ``--- Logging error ---`` traceback on stderr for every warning."""
    (tmp_path / launch.LOG_NAME).mkdir()  # a folder where the file should be
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])  # as in a fresh process
    monkeypatch.setattr(root, "level", logging.WARNING)
    launch.setup_logging(tmp_path)
    added = list(root.handlers)
    try:
        for n in range(3):
            logging.getLogger("game.test").warning("warning %d", n)
        quiet = [h for h in added if isinstance(h, launch.QuietLogFile)]
        assert len(quiet) == 1 and quiet[0].broken
    finally:
        for handler in added:
            handler.close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Logging error" not in err
    assert err.count("WARNING game.test: warning") == 3  # stderr still has the warnings


def test_a_log_file_that_fills_the_disk_stops_writing(tmp_path: Path,
                                                      capfd: pytest.CaptureFixture[str]
                                                      ) -> None:
    handler = launch.QuietLogFile(tmp_path / launch.LOG_NAME)
    log = logging.getLogger("game.test.full")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("fits")

        def full(_text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        handler.stream.write = full  # type: ignore[method-assign]
        log.warning("does not fit")
        log.warning("is not tried")
        assert handler.broken
    finally:
        log.removeHandler(handler)
        log.propagate = True
        handler.close()
    assert capfd.readouterr().err == ""
    assert (tmp_path / launch.LOG_NAME).read_text(encoding="utf-8").count("fits") == 1
