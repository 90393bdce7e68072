"""Synthesize the game's music loops into assets/music/*.ogg (Ogg Vorbis, mono, 22050 Hz).

Three short loops of our own, written here note by note: ``calm`` (the title, the menus and the
card tables), ``auction`` (Die Bombe's bidding: lighter, bouncier) and ``defuse`` (Caza Bombas:
a low drone, a slow pulse and sparse bells). Pure Python (math, array, random, wave) like
``build/make_sounds.py``: no samples or recordings from anywhere else, and deterministic (seeded
generators), so the music (:func:`render`) is the same every time. Run:
``python build/make_music.py``.

The encoder: ``oggenc`` from vorbis-tools (``apt-get install vorbis-tools``, ``brew install
vorbis-tools``; on Windows the Xiph.Org build on the PATH), needed by this script only: the game
plays the files through pygame's own mixer, which decodes Vorbis, and the tests decode them the
same way. Given the same libvorbis, it writes the same bytes again (a fixed stream serial).
Why Vorbis at quality :data:`QUALITY` and not WAV: the three loops took 2.8 MB as 16-bit WAV, a
third of the repository, and take 0.2 MB so; the music is soft, low-passed synthesis, and
what quality 6 (above oggenc's default, 3) changes in it lies 33 to 36 dB under the music
(``tests/ui/test_music.py`` holds it over 30 dB). Vorbis keeps the exact length (the granule
positions), so the loop stays a whole number of beats.

Why files and not synthesis at start-up: a loop is about 0.5 million samples, and pure Python
needs seconds to make one (measured: 2 to 6 s each), while streaming a file starts in a
fraction of a millisecond.
Why the loop does not click: every note is mixed *circularly* (a tail that runs past the end
goes on at the start, as it would when the loop comes round), so the last sample flows into the
first; then a short raised-cosine dip at the loop point brings both ends to zero, so even a
player that restarts the file cleanly (``pygame.mixer.music``) starts and stops on silence.
"""

from __future__ import annotations

import cmath
import functools
import itertools
import math
import operator
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # make_sounds beside this script
from make_sounds import RATE, write_wav

OUT = Path(__file__).resolve().parent.parent / "assets" / "music"
TARGET_DB = -20.0
"""Loudness of every loop (whole-file RMS, dBFS): below the effects' reactions, so the music at
full volume sits under the game; its default volume (``Settings.music_volume``) is lower still."""
QUALITY = 6
"""``oggenc -q``: Vorbis' quality scale 0..10 (6: about 64 kb/s for stereo music at 44.1 kHz;
these mono loops come to 21 to 38 kb/s, the encoder spending bits only where the music has
them)."""
SERIAL = 2101
"""The Ogg stream serial (oggenc picks a random one otherwise, so the bytes would differ)."""
ENCODER = "oggenc"
CEILING = 0.9
DIP = 0.012
"""Seconds of fade on each side of the loop point."""

Signal = list[float]


def _hz(midi: float) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


class Loop:
    """A loop of ``beats`` beats at ``bpm``, mixed circularly."""

    def __init__(self, bpm: float, beats: int) -> None:
        self.beat = round(RATE * 60 / bpm)
        """Samples in a beat (whole, so every bar starts on a sample)."""
        self.out: Signal = [0.0] * (self.beat * beats)

    def at(self, beat: float) -> int:
        return round(beat * self.beat)

    def add(self, sig: Signal, beat: float, gain: float) -> None:
        """Mix ``sig`` in from ``beat``; what runs past the end comes round to the start."""
        out = self.out
        size = len(out)
        start = self.at(beat) % size
        done = 0
        while done < len(sig):  # in runs up to the loop's end, then round again from 0
            run = min(len(sig) - done, size - start)
            part = sig[done:done + run]
            out[start:start + run] = [a + b * gain
                                      for a, b in zip(out[start:start + run], part, strict=True)]
            done += run
            start = 0


# --- voices ---------------------------------------------------------------------------------------
# Each voice is cached by its arguments (the same note is made once, then mixed in again: the
# loops repeat), which only saves time; callers never change the signal they get.


def _envelope(n: int, attack: float, release: float, hold: int) -> list[float]:
    """Linear attack (``attack`` s), sustain until sample ``hold``, then an exponential release
    (time constant ``release`` s) faded to zero by the end."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        if i < a:
            g = i / a
        elif i < hold:
            g = 1.0
        else:
            g = math.exp(-(i - hold) / (release * RATE))
        out.append(g)
    tail = min(n, int(0.02 * RATE))
    for k in range(tail):
        out[n - tail + k] *= 1 - (k + 1) / tail
    return out


def _phasor(phase: float, step: float, n: int) -> list[complex]:
    """``n`` points turning round the unit circle by ``step`` radians from ``phase``: a sine
    (the imaginary part) made by multiplication, in C, many times faster than ``math.sin``."""
    turn = cmath.rect(1.0, step)
    return list(itertools.accumulate(itertools.repeat(turn, n - 1), operator.mul,
                                     initial=cmath.rect(1.0, phase)))


@functools.cache
def pad(notes: tuple[float, ...], seconds: float, seed: int) -> Signal:
    """A soft pad: each note two slightly detuned sines plus a faint octave, slow in and out."""
    rng = random.Random(seed)
    n = int((seconds + 1.2) * RATE)
    env = _envelope(n, 0.7, 0.45, int(seconds * RATE))
    out = [0.0] * n
    for midi in notes:
        for detune in (-0.0012, 0.0012):
            f = _hz(midi) * (1 + detune)
            turns = _phasor(rng.uniform(0, 2 * math.pi), 2 * math.pi * f / RATE, n)
            out = [o + (z.imag + 0.12 * (z * z).imag) * e
                   for o, z, e in zip(out, turns, env, strict=True)]
    return out


@functools.cache
def piano(midi: float, seconds: float, bright: float = 1.0) -> Signal:
    """A mellow electric piano: a sine whose brightness (phase modulation) fades fast, with a
    slow exponential decay."""
    f = _hz(midi)
    n = int((seconds + 0.6) * RATE)
    env = _envelope(n, 0.004, 0.35, int(seconds * RATE * 0.3))
    step = 2 * math.pi * f / RATE
    out = []
    for i in range(n):
        t = i / RATE
        p = step * i
        index = bright * 1.1 * math.exp(-t * 9)
        out.append(math.sin(p + index * math.sin(p)) * env[i] * math.exp(-t * 1.4))
    return out


@functools.cache
def marimba(midi: float, bright: float = 1.0) -> Signal:
    """A wooden bar: a short sine with a quick fourth partial."""
    f = _hz(midi)
    n = int(0.45 * RATE)
    step = 2 * math.pi * f / RATE
    out = []
    for i in range(n):
        t = i / RATE
        a = min(1.0, i / 40)
        out.append(a * (math.sin(step * i) * math.exp(-t * 9)
                        + 0.25 * bright * math.sin(4 * step * i) * math.exp(-t * 40)))
    fade = int(0.02 * RATE)
    for k in range(fade):
        out[n - fade + k] *= 1 - (k + 1) / fade
    return out


@functools.cache
def bell(midi: float) -> Signal:
    """A small glass bell: inharmonic partials, each dying at its own rate."""
    f = _hz(midi)
    n = int(2.4 * RATE)
    partials = ((1.0, 1.0, 1.6), (2.76, 0.35, 3.5), (5.4, 0.12, 7.0))
    out = [0.0] * n
    for ratio, amp, decay in partials:
        step = 2 * math.pi * f * ratio / RATE
        for i in range(n):
            out[i] += amp * math.sin(step * i) * math.exp(-i / RATE * decay)
    attack = int(0.003 * RATE)
    for i in range(attack):
        out[i] *= i / attack
    fade = int(0.05 * RATE)
    for k in range(fade):
        out[n - fade + k] *= 1 - (k + 1) / fade
    return out


@functools.cache
def bass(midi: float, seconds: float) -> Signal:
    """A round bass: sine with a little second harmonic, plucked."""
    f = _hz(midi)
    n = int((seconds + 0.15) * RATE)
    env = _envelope(n, 0.01, 0.12, int(seconds * RATE * 0.6))
    step = 2 * math.pi * f / RATE
    return [(math.sin(step * i) + 0.22 * math.sin(2 * step * i)) * env[i] * math.exp(-i / RATE)
            for i in range(n)]


@functools.cache
def kick() -> Signal:
    """A soft, low thump (a heartbeat more than a drum)."""
    n = int(0.3 * RATE)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * (48 + 70 * math.exp(-t * 30)) / RATE
        out.append(math.sin(phase) * min(1.0, i / 30) * math.exp(-t * 14))
    return out


def shaker(rng: random.Random) -> Signal:
    """A brushed shaker: short high noise."""
    n = int(0.07 * RATE)
    out = []
    low = 0.0
    for i in range(n):
        x = rng.uniform(-1, 1)
        low += 0.35 * (x - low)
        t = i / RATE
        out.append((x - low) * min(1.0, t / 0.008) * math.exp(-t * 55))
    return out


def _lowpass(sig: Signal, cutoff: float) -> Signal:
    """One-pole low-pass, run twice round so that the loop's start sees its own end."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    for x in sig:
        y += a * (x - y)
    out = []
    for x in sig:
        y += a * (x - y)
        out.append(y)
    return out


# --- the loops ------------------------------------------------------------------------------------


def calm() -> Signal:
    """Title and card tables, 80 BPM, 8 bars in D: Dmaj7 Bm7 Gmaj7 A6, twice, a slow piano
    melody over a warm pad and a round bass."""
    loop = Loop(80, 32)
    chords = [(50, 54, 57, 61), (50, 54, 57, 59), (50, 54, 55, 59), (49, 52, 57, 61)]
    roots = [38, 35, 31, 33]
    for bar in range(8):
        k = bar % 4
        loop.add(pad(chords[k], 4 * 60 / 80 - 0.2, 100 + k), 4 * bar, 0.10)
        loop.add(bass(roots[k], 1.3), 4 * bar, 0.30)
        loop.add(bass(roots[k] + 7 if k != 2 else roots[k] + 12, 0.6), 4 * bar + 2.5, 0.18)
        for j, beat in enumerate((0.0, 1.0, 2.0, 3.0)):
            tone = chords[k][(j + bar) % 4] + 12
            loop.add(piano(tone, 0.4, 0.5), 4 * bar + beat + 0.5, 0.06)
    melody = [  # (bar, beat, midi, beats)
        (0, 0, 69, 1.5), (0, 1.5, 71, 0.5), (0, 2, 73, 2), (1, 0, 74, 1), (1, 1, 73, 1),
        (1, 2, 71, 2), (2, 0, 69, 1.5), (2, 2, 66, 2), (3, 0, 64, 2), (3, 2.5, 66, 1.5),
        (4, 0, 69, 1.5), (4, 1.5, 71, 0.5), (4, 2, 76, 2), (5, 0, 74, 1.5), (5, 2, 71, 2),
        (6, 0, 73, 1), (6, 1, 71, 1), (6, 2, 69, 2), (7, 0, 66, 2), (7, 2, 64, 1.5),
    ]
    beat_s = 60 / 80
    for bar, beat, midi, beats in melody:
        loop.add(piano(midi, beats * beat_s), 4 * bar + beat, 0.20)
    return _lowpass(loop.out, 4200)


def auction() -> Signal:
    """Die Bombe's bidding, 100 BPM, 8 bars in A minor: a bouncy bass on every beat, a marimba
    riff, a soft kick and a shaker; curious rather than tense."""
    rng = random.Random(21)
    loop = Loop(100, 32)
    chords = [(57, 60, 64, 67), (57, 60, 62, 65), (55, 59, 62, 65), (55, 60, 64, 67),
              (57, 60, 64, 67), (57, 60, 62, 65), (56, 59, 62, 64), (57, 60, 64, 69)]
    walks = [(45, 52, 45, 52), (50, 57, 50, 45), (43, 50, 43, 47), (48, 55, 52, 48),
             (45, 52, 45, 52), (50, 57, 50, 45), (52, 56, 52, 44), (45, 52, 45, 40)]
    riff = ((0.0, 2), (0.5, 1), (1.5, 3), (2.5, 2), (3.0, 1))
    for bar in range(8):
        chord = chords[bar]
        loop.add(pad(chord, 4 * 60 / 100 - 0.25, 200 + bar % 4), 4 * bar, 0.05)
        for step, note in enumerate(walks[bar]):
            loop.add(bass(note, 0.22), 4 * bar + step, 0.30)
        for beat, index in riff:
            tone = chord[index] + 12 + (12 if bar % 4 == 3 and beat >= 2.5 else 0)
            loop.add(marimba(tone, 0.8), 4 * bar + beat, 0.17)
        loop.add(kick(), 4 * bar, 0.30)
        loop.add(kick(), 4 * bar + 2, 0.22)
        for eighth in range(8):
            loop.add(shaker(rng), 4 * bar + eighth / 2, 0.05 if eighth % 2 else 0.03)
    answer = [(1, 2.0, 76), (1, 2.5, 74), (1, 3.0, 72), (3, 2.0, 71), (3, 3.0, 72),
              (5, 2.0, 77), (5, 2.5, 76), (5, 3.0, 74), (7, 1.0, 71), (7, 2.0, 69)]
    for bar, beat, midi in answer:
        loop.add(piano(midi, 0.35, 0.8), 4 * bar + beat, 0.13)
    return _lowpass(loop.out, 5000)


def defuse() -> Signal:
    """Caza Bombas' wire cutting, 72 BPM, 6 bars in D minor: a low drone that breathes, a slow
    heartbeat, sparse glass bells; quiet concentration rather than alarm."""
    loop = Loop(72, 24)
    pads = [(50, 53, 57), (50, 53, 58), (50, 55, 58), (49, 52, 57), (50, 53, 57),
            (49, 52, 55)]
    beat_s = 60 / 72
    for bar, chord in enumerate(pads):
        loop.add(pad(chord, 4 * beat_s - 0.3, 300 + bar), 4 * bar, 0.085)
        loop.add(bass(38, 4 * beat_s * 0.8), 4 * bar, 0.16)
        loop.add(kick(), 4 * bar, 0.26)
        loop.add(kick(), 4 * bar + 0.45, 0.14)
        loop.add(kick(), 4 * bar + 2, 0.20)
        loop.add(kick(), 4 * bar + 2.45, 0.10)
    bells = [(0, 1.0, 81), (0, 3.0, 77), (1, 2.0, 76), (2, 0.5, 74), (2, 3.0, 81),
             (3, 1.5, 76), (4, 1.0, 77), (4, 3.5, 74), (5, 2.0, 73)]
    for bar, beat, midi in bells:
        loop.add(bell(midi), 4 * bar + beat, 0.10)
    return _lowpass(loop.out, 3600)


LOOPS: dict[str, Callable[[], Signal]] = {"calm": calm, "auction": auction, "defuse": defuse}


# --- finishing ------------------------------------------------------------------------------------


def finish(sig: Signal) -> Signal:
    """Level to :data:`TARGET_DB` (RMS) under :data:`CEILING`, then dip both ends of the loop to
    zero with a raised cosine (:data:`DIP` s each side), so the loop point is silent and
    smooth."""
    size = len(sig)
    rms = math.sqrt(sum(x * x for x in sig) / size)
    gain = 10 ** (TARGET_DB / 20) / (rms or 1.0)
    peak = max(abs(x) for x in sig) * gain
    if peak > CEILING:
        gain *= CEILING / peak
    out = [x * gain for x in sig]
    n = int(DIP * RATE)
    for i in range(n):
        g = 0.5 - 0.5 * math.cos(math.pi * i / n)
        out[i] *= g
        out[size - 1 - i] *= g
    return out


def render(name: str) -> Signal:
    """The loop ``name`` as it is encoded: made, levelled and dipped at the loop point."""
    return finish(LOOPS[name]())


def encode(sig: Signal, target: Path, encoder: str) -> None:
    """``sig`` to the Ogg Vorbis file ``target`` through a 16-bit WAV (``make_sounds``'
    rounding), with :data:`QUALITY` and :data:`SERIAL`."""
    with tempfile.TemporaryDirectory() as folder:
        wav = Path(folder) / "loop.wav"
        write_wav(wav, sig)
        subprocess.run([encoder, "--quiet", "-q", str(QUALITY), "-s", str(SERIAL),
                        "-o", str(target), str(wav)], check=True)


def main(out: Path = OUT, names: tuple[str, ...] = tuple(LOOPS)) -> int:
    encoder = shutil.which(ENCODER)
    if encoder is None:
        print(f"make_music: needs {ENCODER} (vorbis-tools: apt-get install vorbis-tools, "
              "brew install vorbis-tools)", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        sig = render(name)
        target = out / f"{name}.ogg"
        encode(sig, target, encoder)
        print(f"{target.name}  {len(sig) / RATE:.2f} s  {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
