"""Settings as JSON in a folder given by the caller: round trip, a per-key fallback for bad
values, unknown keys ignored, damaged files survived, atomic writes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game.ui import settings as settings_module
from game.ui.settings import FILE_NAME, Settings, default_folder


def test_defaults() -> None:
    s = Settings()
    assert (s.language, s.volume, s.mute, s.machine_speed, s.reduced_motion, s.fullscreen,
            s.reaction_seconds, s.fuse_tick) == ("auto", 0.8, False, "normal", False, False, 4,
                                                 True)
    assert s.speed_factor == 1.0


def test_round_trip(tmp_path: Path) -> None:
    s = Settings(language="pt", volume=0.35, mute=True, machine_speed="fast",
                 reduced_motion=True, fullscreen=True, reaction_seconds=9, fuse_tick=False)
    assert s.save(tmp_path)
    assert Settings.load(tmp_path) == s
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]  # no temp file left behind


def test_a_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    assert Settings.load(tmp_path / "nowhere") == Settings()


@pytest.mark.parametrize(("key", "bad"), [
    ("language", "fr"), ("language", 3), ("volume", 1.5), ("volume", -0.1), ("volume", "loud"),
    ("volume", True), ("mute", "yes"), ("mute", 1), ("machine_speed", "warp"),
    ("reduced_motion", None), ("fullscreen", [1]), ("reaction_seconds", 0),
    ("reaction_seconds", 11), ("reaction_seconds", 4.5), ("reaction_seconds", False),
    ("fuse_tick", "off"),
])
def test_a_bad_value_falls_back_to_its_own_default_only(tmp_path: Path, key: str,
                                                        bad: object) -> None:
    data = Settings(language="en", volume=0.5, mute=True, machine_speed="slow",
                    reduced_motion=True, fullscreen=True, reaction_seconds=7,
                    fuse_tick=False).to_dict()
    data[key] = bad
    data["unknown_key"] = "ignored"
    (tmp_path / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    loaded = Settings.load(tmp_path)
    assert getattr(loaded, key) == getattr(Settings(), key)
    for other, value in data.items():
        if other not in (key, "unknown_key"):
            assert getattr(loaded, other) == value


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "null", "", "\x00\xff"])
def test_a_damaged_file_gives_the_defaults(tmp_path: Path, content: str) -> None:
    (tmp_path / FILE_NAME).write_text(content, encoding="utf-8", errors="surrogateescape")
    assert Settings.load(tmp_path) == Settings()


def test_an_integer_volume_is_accepted(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('{"volume": 1}', encoding="utf-8")
    assert Settings.load(tmp_path).volume == 1.0


def test_save_reports_a_folder_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert not Settings().save(blocker / "sub")


def test_default_folder_without_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MECHA_CORTA_HOME", raising=False)
    monkeypatch.setitem(sys.modules, "platformdirs", None)
    assert default_folder() == Path.home() / ".mecha-corta"
    assert settings_module.APP_NAME == "mecha-corta"
