"""Sound effects and music: small managers with volume and mute that never crash.

A machine without audio (``pygame.mixer.init`` fails, a file is missing or damaged) plays
silently. Short sounds get a small random pitch change each time (Balatro's trick), made by
resampling the WAV once, in memory, the first time the sound plays.

The mix lives in the files: ``build/make_sounds.py`` levels every effect to its class's target
loudness (explosion > win > reactions > actions > UI clicks > ambient ticks), so every effect
plays at the same gain and what ``sox`` measures on ``assets/sounds`` is what the player hears.

The music (:class:`Music`): short loops of our own (``build/make_music.py``) in
``assets/music``, one for each mood (:data:`MOODS`), in Ogg Vorbis (0.2 MB for the three, 2.8 MB
as WAV; pygame's mixer decodes it, so the game needs no encoder); the scene stack decides the
mood (:func:`mood_for`). They stream through ``pygame.mixer.music`` (loading one costs a tenth of
a millisecond, against 100–200 ms to decode it into a ``pygame.mixer.Sound``), which loops the
file itself, to the sample (Vorbis keeps the exact length); each loop starts and ends on
silence, so the loop point does not click.
"""

from __future__ import annotations

import contextlib
import io
import random
import wave
from array import array
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.ui.locale import resource_path
from game.ui.quiet import library_noise_to_log

NAMES = ("draw", "play", "nope", "defuse", "explosion", "win", "tick", "click", "drumroll",
         "crumple", "snip", "dial", "clock")
"""Every effect in assets/sounds/ (``<name>.wav``)."""

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


INTERFACE = frozenset({"click"})
"""The sounds of the interface (buttons), with their own volume; the rest are the game's."""


class Sound:
    """``play(name)`` with a master ``volume`` (0..1) and ``muted``; silent without audio."""

    def __init__(self, volume: float = 0.8, muted: bool = False, *, enabled: bool = True,
                 folder: Path | None = None, jitter: bool = True, seed: int | None = None
                 ) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.interface_volume = 1.0
        """The interface's sounds (:data:`INTERFACE`) play at this share of ``volume``."""
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
        """Play ``name`` at ``volume`` × the master volume (the files carry the mix); ``True``
        if a sound actually started."""
        self.played.append(name)
        del self.played[:-64]
        if not self.available or self.muted or self.volume <= 0:
            return False
        variants = self._variants(name)
        if not variants:
            return False
        snd = self.rng.choice(variants)
        try:
            if name in INTERFACE:
                volume *= self.interface_volume
            snd.set_volume(max(0.0, min(1.0, volume * self.volume)))
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


# --- music -------------------------------------------------------------------------------------

MOODS = ("calm", "auction", "defuse")
"""Every loop in assets/music/ (:func:`loop_file`): ``calm`` for the title, the menus and the
card tables, ``auction`` for Die Bombe's table, ``defuse`` for Caza Bombas' table."""
LOOP_SUFFIX = ".ogg"
MOOD_OF_MODULE: dict[str, str] = {
    "game.ui.diebombe.table": "auction",
    "game.ui.cazabombas.table": "defuse",
}
"""The scenes with their own mood, by the module of their class (a scene may instead name its
mood in a ``music`` attribute)."""
MUSIC_FADE_IN_MS = 1500
MUSIC_FADE_OUT_MS = 700
"""A mood change fades the old loop out, then the new one in (never both at once:
``pygame.mixer.music`` would block until the fade-out ends)."""


def loop_file(folder: Path, mood: str) -> Path:
    """The file of ``mood``'s loop in ``folder`` (``<mood>.ogg``)."""
    return folder / f"{mood}{LOOP_SUFFIX}"


def ogg_seconds(path: Path) -> float:
    """How long the Ogg Vorbis file ``path`` plays, read from its headers alone (the sample
    rate in the first page, the last page's granule position: its sample count), so the
    self-test can check a loop where there is no mixer to open it. ``ValueError`` for a file
    that is not Ogg Vorbis; ``OSError`` for one that cannot be read."""
    with path.open("rb") as handle:
        head = handle.read(80)
        size = handle.seek(0, 2)
        handle.seek(max(0, size - 65_536))
        tail = handle.read()
    segments = head[26] if len(head) > 26 else 0
    ident = head[27 + segments:]
    if not head.startswith(b"OggS") or not ident.startswith(b"\x01vorbis") or len(ident) < 16:
        raise ValueError("not an Ogg Vorbis file")
    rate = int.from_bytes(ident[12:16], "little")
    last = tail.rfind(b"OggS")
    if rate <= 0 or last < 0 or len(tail) < last + 14:
        raise ValueError("damaged Ogg Vorbis file")
    return int.from_bytes(tail[last + 6:last + 14], "little", signed=True) / rate


def mood_for(scenes: Iterable[object]) -> str:
    """The mood of the topmost scene that has one (its ``music`` attribute, else
    :data:`MOOD_OF_MODULE`), else ``calm``: a pause or a dialog over a table keeps the table's
    mood."""
    for scene in reversed(list(scenes)):
        mood = getattr(scene, "music", None)
        if isinstance(mood, str) and mood in MOODS:
            return mood
        mood = MOOD_OF_MODULE.get(type(scene).__module__)
        if mood is not None:
            return mood
    return "calm"


class Music:
    """One loop at a time through ``pygame.mixer.music`` with its own ``volume`` (0..1) and
    ``muted``; silent, never raising, without audio or without the files.

    ``play(mood)`` says what should be heard; :meth:`update` (every frame) moves there: when
    a loop is playing and another is wanted, it fades the old one out first and starts the new
    one on a later call, once the fade has ended."""

    def __init__(self, volume: float = 0.3, muted: bool = False, *, enabled: bool = True,
                 folder: Path | None = None) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        self.folder = folder or resource_path("assets", "music")
        self.available = enabled and mixer_ready()
        self.wanted: str | None = None
        """The mood the screens ask for (``None``: none)."""
        self.playing: str | None = None
        """The loop started (playing, fading in or fading out), or ``None``."""
        self.fading_out = False
        self.broken: set[str] = set()
        """Moods whose file would not load: not tried again."""

    @property
    def audible(self) -> bool:
        return self.available and not self.muted and self.volume > 0

    def follow(self, scenes: Iterable[object]) -> None:
        """Play the mood of the scene stack ``scenes`` (:func:`mood_for`)."""
        self.play(mood_for(scenes))

    def play(self, mood: str | None) -> None:
        self.wanted = mood
        self.update()

    def update(self, dt: float = 0.0) -> None:
        """One step toward what should be heard (``dt`` unused: the mixer keeps the time)."""
        if not self.available:
            return
        target = self.wanted if self.audible else None
        try:
            if self.fading_out:
                if pygame.mixer.music.get_busy():
                    return
                self.fading_out = False
                self.playing = None
            if target == self.playing:
                return
            if self.playing is not None:
                pygame.mixer.music.fadeout(MUSIC_FADE_OUT_MS)
                self.fading_out = True
                return
            if target is None or target in self.broken:
                return
            self._start(target)
        except pygame.error:
            self.playing = None
            self.fading_out = False

    def _start(self, mood: str) -> None:
        try:
            pygame.mixer.music.load(str(loop_file(self.folder, mood)))
        except (pygame.error, OSError):
            self.broken.add(mood)
            return
        pygame.mixer.music.set_volume(self.volume)
        pygame.mixer.music.play(loops=-1, fade_ms=MUSIC_FADE_IN_MS)
        self.playing = mood

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))
        if self.available and self.playing is not None and not self.fading_out:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.set_volume(self.volume)
        self.update()

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        self.update()

    def stop(self) -> None:
        """Silence at once (leaving the game)."""
        self.wanted = None
        if self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.stop()
        self.playing = None
        self.fading_out = False
