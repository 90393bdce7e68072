"""Sound effects: a small manager with volume and mute that never crashes.

A machine without audio (``pygame.mixer.init`` fails, a file is missing or damaged) plays
silently. Short sounds get a small random pitch change each time (Balatro's trick), made by
resampling the WAV once, in memory, the first time the sound plays.
"""

from __future__ import annotations

import contextlib
import io
import random
import wave
from array import array
from pathlib import Path

import pygame

from game.ui.locale import resource_path
from game.ui.quiet import library_noise_to_log

NAMES = ("draw", "play", "nope", "defuse", "explosion", "win", "tick", "click", "drumroll",
         "crumple", "snip", "dial", "clock")
"""Every effect in assets/sounds/ (``<name>.wav``)."""

LEVELS: dict[str, float] = {
    "draw": 0.7, "play": 0.8, "nope": 0.7, "defuse": 0.8, "explosion": 1.0, "win": 0.6,
    "tick": 0.45, "click": 0.45, "drumroll": 0.6, "crumple": 0.6, "snip": 0.8, "dial": 0.8,
    "clock": 0.3,
}
"""The mix: how loud each effect is at full volume."""

JITTER = frozenset({"draw", "play", "click", "tick", "defuse", "crumple", "snip", "dial"})
"""Effects that get a small random pitch change."""
PITCHES = (0.94, 1.0, 1.06)


def mixer_ready() -> bool:
    """Start the mixer if needed; ``False`` when this machine has no audio."""
    try:
        if pygame.mixer.get_init():
            return True
        with library_noise_to_log("starting the mixer"):
            pygame.mixer.init()
        return bool(pygame.mixer.get_init())
    except (pygame.error, NotImplementedError, OSError):
        return False


def _resampled(path: Path, factor: float) -> io.BytesIO | None:
    """The 16-bit mono WAV at ``path`` played ``factor`` times faster, as an in-memory WAV."""
    try:
        with wave.open(str(path), "rb") as src:
            if src.getsampwidth() != 2 or src.getnchannels() != 1:
                return None
            rate = src.getframerate()
            samples = array("h", src.readframes(src.getnframes()))
    except (OSError, EOFError, wave.Error):
        return None
    n = int(len(samples) / factor)
    out = array("h", bytes(2 * n))
    last = len(samples) - 1
    for i in range(n):
        x = i * factor
        j = int(x)
        if j >= last:
            out[i] = samples[last]
        else:
            f = x - j
            out[i] = int(samples[j] * (1 - f) + samples[j + 1] * f)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as dst:
        dst.setnchannels(1)
        dst.setsampwidth(2)
        dst.setframerate(rate)
        dst.writeframes(out.tobytes())
    buf.seek(0)
    return buf


class Sound:
    """``play(name)`` with a master ``volume`` (0..1) and ``muted``; silent without audio."""

    def __init__(self, volume: float = 0.8, muted: bool = False, *, enabled: bool = True,
                 folder: Path | None = None, jitter: bool = True, seed: int | None = None
                 ) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        self.jitter = jitter
        self.rng = random.Random(seed)
        self.folder = folder or resource_path("assets", "sounds")
        self.available = enabled and mixer_ready()
        self._sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self.played: list[str] = []
        """Names asked for, in order (even when silent): tests and the bench read it."""
        if self.available:
            self._load()

    def _load(self) -> None:
        for name in NAMES:
            path = self.folder / f"{name}.wav"
            try:
                self._sounds[name] = [pygame.mixer.Sound(str(path))]
            except (pygame.error, FileNotFoundError, OSError):
                continue

    def _variants(self, name: str) -> list[pygame.mixer.Sound]:
        found = self._sounds.get(name, [])
        if self.jitter and name in JITTER and len(found) == 1:
            path = self.folder / f"{name}.wav"
            for factor in PITCHES:
                if factor == 1.0:
                    continue
                buf = _resampled(path, factor)
                if buf is None:
                    continue
                try:
                    found.append(pygame.mixer.Sound(file=buf))
                except pygame.error:
                    continue
        return found

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Play ``name`` at ``volume`` × its level × the master volume; ``True`` if a sound
        actually started."""
        self.played.append(name)
        del self.played[:-64]
        if not self.available or self.muted or self.volume <= 0:
            return False
        variants = self._variants(name)
        if not variants:
            return False
        snd = self.rng.choice(variants)
        try:
            snd.set_volume(max(0.0, min(1.0, volume * LEVELS.get(name, 1.0) * self.volume)))
            return snd.play() is not None
        except pygame.error:
            return False

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        if muted:
            self.stop()

    def stop(self) -> None:
        if self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    @property
    def loaded(self) -> tuple[str, ...]:
        return tuple(self._sounds)
