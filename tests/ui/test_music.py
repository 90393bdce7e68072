"""Music: our own loops (what the script makes, small Ogg Vorbis files, seamless at the loop
point as pygame decodes them), the manager (follows the scene stack, fades between moods, its
own volume, silent and harmless without audio), the ``music_volume`` setting and its slider,
and the self-test's check."""

from __future__ import annotations

import functools
import importlib.util
import io
import itertools
import json
import math
import os
import subprocess
import sys
import time
from array import array
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.ui import selftest
from game.ui import sound as sound_module
from game.ui.app import App
from game.ui.cazabombas.table import CazaTableScene
from game.ui.diebombe.table import DieTableScene
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import Settings
from game.ui.sound import LOOP_SUFFIX, MOODS, Music, loop_file, mood_for, ogg_seconds
from tests.ui.conftest import click, frames
from tests.ui.probes import Probe

ROOT = Path(__file__).resolve().parents[2]
MUSIC = ROOT / "assets" / "music"
FULL = 32768
EDGE = 0.005
"""The loop's first and last samples are within this fraction of full scale of silence."""
JUMP = 0.01
"""The step from the last sample to the first (the loop point) is below this fraction."""


RATE = 22050
SNR_DB = 30.0
"""The encoded loop differs from the script's music by at least this much less than the music
holds (measured: 33.7 to 36.2 dB at quality 6)."""
DECODE = """
import sys
import pygame
pygame.mixer.init(22050, -16, 1, allowedchanges=0)
assert pygame.mixer.get_init() == (22050, -16, 1), pygame.mixer.get_init()
sys.stdout.buffer.write(pygame.mixer.Sound(sys.argv[1]).get_raw())
"""
"""Decode a file the way the game's mixer does, at the loop's own rate and channels (in a
process of its own: this one's mixer runs at the device's rate, and would resample)."""


@functools.cache
def _samples(mood: str) -> list[float]:
    """The loop as pygame decodes it: 16-bit mono at 22050 Hz, scaled to -1..1."""
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    raw = subprocess.run([sys.executable, "-c", DECODE, str(loop_file(MUSIC, mood))],
                         capture_output=True, check=True, env=env, timeout=60).stdout
    data = array("h", raw)
    return [s / FULL for s in data]


def _make_music() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_music", ROOT / "build" / "make_music.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the files --------------------------------------------------------------------------------


def test_the_music_folder_holds_one_ogg_loop_per_mood() -> None:
    assert LOOP_SUFFIX == ".ogg"
    assert sorted(p.name for p in MUSIC.iterdir()) == sorted(f"{m}.ogg" for m in MOODS)


@pytest.mark.parametrize("mood", MOODS)
def test_each_loop_is_short_small_and_not_silent(mood: str) -> None:
    x = _samples(mood)
    assert 16 <= len(x) / RATE <= 30
    assert ogg_seconds(loop_file(MUSIC, mood)) == pytest.approx(len(x) / RATE)
    assert loop_file(MUSIC, mood).stat().st_size < 150_000
    rms = math.sqrt(sum(v * v for v in x) / len(x))
    assert -26 < 20 * math.log10(rms) < -16  # heard, and under the effects' reactions
    assert max(abs(v) for v in x) < 0.97


@pytest.mark.parametrize("mood", MOODS)
def test_each_loop_comes_round_without_a_click(mood: str) -> None:
    x = _samples(mood)
    assert abs(x[0]) < EDGE and abs(x[-1]) < EDGE
    assert abs(x[0] - x[-1]) < JUMP
    # around the loop point the wave moves no faster than it does anywhere in the music
    wrap = x[-200:] + x[:200]
    steepest = max(abs(b - a) for a, b in itertools.pairwise(x))
    assert max(abs(b - a) for a, b in itertools.pairwise(wrap)) <= steepest


@pytest.mark.slow  # every loop synthesized again: 12 s
def test_the_committed_loops_are_what_the_script_makes() -> None:
    """Sample for sample as long as the script's music, and the same music to within
    :data:`SNR_DB` (a lossy codec: the bytes depend on the encoder's version, so the check is
    on what is heard, and needs no encoder here)."""
    make = _make_music()
    assert tuple(make.LOOPS) == MOODS
    assert make.RATE == RATE
    for mood in MOODS:
        made = [max(-32767, min(32767, round(v * 32767))) / FULL for v in make.render(mood)]
        heard = _samples(mood)
        assert len(heard) == len(made), mood
        signal = sum(v * v for v in made)
        noise = sum((a - b) ** 2 for a, b in zip(made, heard, strict=True))
        assert 10 * math.log10(signal / noise) > SNR_DB, mood


def test_the_script_says_what_it_needs_without_the_encoder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    make = _make_music()
    monkeypatch.setattr(make, "ENCODER", "no-such-oggenc")
    assert make.main(tmp_path, ("calm",)) == 2
    assert "vorbis-tools" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("head", [b"", b"RIFF" + bytes(60), b"OggS" + bytes(60)])
def test_a_file_that_is_not_ogg_vorbis_has_no_length(tmp_path: Path, head: bytes) -> None:
    path = tmp_path / "loop.ogg"
    path.write_bytes(head)
    with pytest.raises(ValueError):
        ogg_seconds(path)


# --- the manager ------------------------------------------------------------------------------


class _Named:
    music = "defuse"


class _Auction(Probe):
    """A stand-in table that names its mood (``DieTableScene`` gets it by its module)."""

    music = "auction"


def settle(app: App) -> None:
    frames(app, 20)  # past the click guard of the last push


def test_the_mood_follows_the_topmost_scene_that_has_one() -> None:
    die = DieTableScene.__new__(DieTableScene)
    caza = CazaTableScene.__new__(CazaTableScene)
    assert mood_for([]) == "calm"
    assert mood_for([object()]) == "calm"
    assert mood_for([object(), die]) == "auction"
    assert mood_for([die, object()]) == "auction"  # a pause over the table keeps its mood
    assert mood_for([die, caza]) == "defuse"
    assert mood_for([die, _Named()]) == "defuse"


def _wait_for(music: Music, mood: str | None, seconds: float = 4.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        music.update()
        if music.playing == mood and not music.fading_out:
            return
        time.sleep(0.02)
    raise AssertionError(f"music: {music.playing!r}, wanted {mood!r}")


def test_the_title_plays_the_calm_loop_at_the_music_volume(make_app: Callable[..., App]
                                                           ) -> None:
    app = make_app(settings={"volume": 0.5, "music_volume": 0.4})
    assert app.music.available and app.music.playing == "calm"
    assert pygame.mixer.music.get_busy()
    assert app.music.volume == pytest.approx(0.2)
    app.stack.push(_Auction(app, "table"))
    assert app.music.wanted == "auction" and app.music.fading_out
    _wait_for(app.music, "auction")
    app.stack.pop()
    _wait_for(app.music, "calm")


def test_zero_volume_and_mute_stop_the_music(make_app: Callable[..., App]) -> None:
    app = make_app(settings={"music_volume": 0.0})
    assert app.music.playing is None and not pygame.mixer.music.get_busy()
    app.settings.music_volume = 0.3
    app.apply_settings()
    assert app.music.playing == "calm"
    app.settings.mute = True
    app.apply_settings()
    _wait_for(app.music, None)
    app.quit()
    assert app.music.playing is None and app.music.wanted is None


def test_the_default_music_volume_is_low() -> None:
    assert Settings().music_volume == 0.3
    assert Music().volume <= 0.3


def test_missing_loops_are_silent_and_not_tried_again(app: App, tmp_path: Path) -> None:
    music = Music(folder=tmp_path / "none")
    music.play("calm")
    assert music.playing is None and music.broken == {"calm"}
    music.update()
    music.set_volume(0.9)
    music.stop()


def test_no_audio_device_means_no_music(monkeypatch: pytest.MonkeyPatch, tmp_path: Path
                                        ) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    music = Music()
    assert not music.available
    music.play("calm")
    music.set_volume(1.0)
    music.set_muted(True)
    music.update(0.1)
    music.stop()
    assert music.playing is None
    app = App(Settings(language="en"), settings_dir=tmp_path, lang="en")
    try:
        assert not app.music.available and app.music.playing is None
        app.step(1 / 60, [])
        app.quit()
    finally:
        app.close()


def test_a_mixer_error_while_playing_is_swallowed(app: App,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("mixer not initialized")

    app.music.stop()
    monkeypatch.setattr(pygame.mixer.music, "play", broken)
    app.music.play("auction")
    assert app.music.playing is None
    monkeypatch.setattr(pygame.mixer.music, "get_busy", broken)
    app.music.update()


def test_audio_off_means_no_music(make_app: Callable[..., App]) -> None:
    app = make_app(audio=False)
    assert not app.music.available and app.music.playing is None


# --- the setting and its slider ---------------------------------------------------------------


@pytest.mark.parametrize("bad", [-0.1, 1.5, "loud", True, None, float("nan"), 10**400])
def test_a_bad_music_volume_falls_back_to_the_default(bad: object) -> None:
    assert Settings.from_dict({"music_volume": bad}).music_volume == 0.3


def test_the_music_volume_is_saved_and_loaded(tmp_path: Path) -> None:
    assert Settings(music_volume=0.65).save(tmp_path)
    assert Settings.load(tmp_path).music_volume == pytest.approx(0.65)
    assert Settings.from_dict({"music_volume": 1}).music_volume == 1.0


def test_the_settings_screen_has_a_music_slider_under_the_volume(make_app: Callable[..., App],
                                                                 tmp_path: Path) -> None:
    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    settle(app)
    assert app.music.wanted == "calm"  # the settings keep the music going
    click(scene.tabs[1].rect.center)  # the sound page
    frames(app)
    order = list(scene.form.widgets)
    # the master volume, the interface's clicks, the music
    assert order.index(scene.music) == order.index(scene.volume) + 2
    assert scene.music.rect.top > scene.volume.rect.top
    assert scene.music.rect.bottom < scene.back.rect.top
    t = scene.music.track
    click((t.right, t.centery))
    frames(app)
    assert app.settings.music_volume == 1.0
    assert app.music.volume == pytest.approx(app.settings.volume)
    click((t.left, t.centery))
    frames(app)
    assert app.settings.music_volume == 0.0 and app.music.volume == 0.0
    app.stack.pop()
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["music_volume"] == 0.0


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_the_music_slider_is_labelled_in_every_language(make_app: Callable[..., App],
                                                        lang: str) -> None:
    app = make_app(lang)
    label = app.loc.t("settings.music_volume")
    assert label and not label.startswith("[")
    assert label != app.loc.t("settings.volume")


# --- the self-test ----------------------------------------------------------------------------


def test_the_selftest_loads_every_loop() -> None:
    out = io.StringIO()
    report = selftest._Report(out)
    selftest._check_sounds(report)
    lines = out.getvalue().splitlines()
    assert report.counts[selftest.FAIL] == 0, lines
    for mood in MOODS:
        assert any(line.startswith(f"ok   music assets/music/{mood}.ogg (") for line in lines)
    assert any(line.startswith("ok   every mood") for line in lines), lines


def test_the_selftest_fails_without_a_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sound_module, "MOODS", (*MOODS, "nonesuch"))
    out = io.StringIO()
    report = selftest._Report(out)
    selftest._check_sounds(report)
    assert "no loop for nonesuch" in out.getvalue()
