"""Sound: the effects exist and are what the script makes; the manager plays, mutes, and stays
silent (never crashing) on a machine without audio."""

from __future__ import annotations

import importlib.util
import wave
from array import array
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.ui import sound as sound_module
from game.ui.app import App
from game.ui.settings import Settings
from game.ui.sound import NAMES, Sound

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "assets" / "sounds"


def _make_sounds() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "build" /
                                                  "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", NAMES)
def test_every_effect_is_a_short_16_bit_mono_wav_with_sound_in_it(name: str) -> None:
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        assert 0.02 < w.getnframes() / 22050 <= 2.0
        samples = array("h", w.readframes(w.getnframes()))
    peak = max(abs(s) for s in samples)
    assert 3000 < peak < 32767  # audible (the quiet UI ticks too), never clipped
    assert abs(samples[-1]) < 600  # faded out: no click at the end


def test_the_committed_sounds_are_what_the_script_makes(tmp_path: Path) -> None:
    make = _make_sounds()
    assert make.main(tmp_path) == 0
    for name in NAMES:
        assert (tmp_path / f"{name}.wav").read_bytes() == (SOUNDS / f"{name}.wav").read_bytes()


def test_the_manager_loads_and_plays_with_the_dummy_driver(app: App) -> None:
    snd = Sound(0.5, seed=1)
    assert snd.available and set(snd.loaded) == set(NAMES)
    for name in NAMES:
        snd.play(name)  # True or False: the dummy device may refuse a channel, never crash
    assert snd.played[-len(NAMES):] == list(NAMES)
    snd.play("draw")
    snd.play("draw")  # the pitch variants are made once, then reused
    assert len(snd._sounds["draw"]) == 3


def test_mute_and_zero_volume_play_nothing(app: App) -> None:
    snd = Sound(0.8, muted=True)
    assert snd.play("explosion") is False
    snd.set_muted(False)
    snd.set_volume(0.0)
    assert snd.play("explosion") is False
    snd.set_volume(7)
    assert snd.volume == 1.0


def test_unknown_names_and_a_missing_folder_are_silent(app: App, tmp_path: Path) -> None:
    snd = Sound(folder=tmp_path / "none")
    assert snd.loaded == ()
    assert snd.play("draw") is False
    assert Sound().play("no-such-sound") is False


def test_no_audio_device_means_silence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    assert not sound_module.mixer_ready()
    snd = Sound()
    assert not snd.available
    assert snd.play("explosion") is False
    snd.set_muted(True)
    snd.stop()
    app = App(Settings(language="en"), settings_dir=tmp_path, lang="en")
    try:
        assert not app.sound.available
        app.sound.play("win")
        app.step(1 / 60, [])
    finally:
        app.close()


def test_audio_can_be_switched_off(app: App) -> None:
    snd = Sound(enabled=False)
    assert not snd.available and snd.play("tick") is False and snd.played == ["tick"]


def test_the_interface_clicks_have_their_own_share_of_the_volume(app: App) -> None:
    snd = Sound(0.8, jitter=False, seed=1)
    assert snd.available
    snd.interface_volume = 0.25
    snd.play("click")
    snd.play("explosion")
    click, boom = snd._sounds["click"][0], snd._sounds["explosion"][0]
    assert click.get_volume() == pytest.approx(0.8 * 0.25, abs=0.01)
    assert boom.get_volume() == pytest.approx(0.8, abs=0.01)


def test_the_interface_volume_setting_reaches_the_sound() -> None:
    assert Settings().interface_volume == 0.6
    assert Settings.from_dict({**Settings().to_dict(), "interface_volume": 2}).interface_volume \
        == 0.6
    settings = Settings(interface_volume=0.3)
    game_app = App(settings, audio=False, persist=False, start=None)
    assert game_app.sound.interface_volume == 0.3
