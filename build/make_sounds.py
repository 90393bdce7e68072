"""Synthesize the game's sound effects into assets/sounds/*.wav (16-bit mono, 22050 Hz).

Pure Python (math, array, random, wave): no numpy, no samples from anywhere else. The output is
deterministic (every sound has its own seeded generator), so running the script again gives the
same files. Run: ``python build/make_sounds.py``.

The mix lives in the files: each effect belongs to a class (:data:`CLASSES`) with a target
loudness (:data:`TARGETS`, RMS over the whole file in dBFS, what ``sox FILE -n stat`` reports),
and :func:`level` brings it there, softly limiting the peaks below :data:`CEILING` (the
explosion, dense and long, needs it). The biggest moment is the loudest: explosion > win >
reactions (nope, defuse, the drum roll) > actions > UI clicks > the ambient ticks. The game
plays every file at the same gain (``game.ui.sound``), so what sox measures is what is heard.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Signal = list[float]

TARGETS: dict[str, float] = {
    "blast": -11.0, "outcome": -14.0, "reaction": -17.5, "action": -21.0, "ui": -27.0,
    "ambient": -30.0,
}
"""Target loudness of each class: whole-file RMS in dBFS, loudest class first."""
CLASSES: dict[str, str] = {
    "explosion": "blast",
    "win": "outcome",
    "nope": "reaction", "defuse": "reaction", "drumroll": "reaction",
    "play": "action", "draw": "action", "snip": "action", "dial": "action", "crumple": "action",
    "click": "ui",
    "tick": "ambient", "clock": "ambient",
}
"""The class of every effect (every name in :data:`SOUNDS`)."""
CEILING = 0.95
"""No sample goes above this (−0.45 dBFS): the limiter's ceiling, headroom against clipping."""
KNEE = 0.6
"""Below this the limiter leaves the signal untouched."""


def _n(seconds: float) -> int:
    return int(seconds * RATE)


def _lowpass(sig: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; ``cutoff`` in Hz, or a function of time giving it."""
    out: Signal = []
    y = 0.0
    for i, x in enumerate(sig):
        c = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1 - math.exp(-2 * math.pi * c / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def _highpass(sig: Signal, cutoff: float) -> Signal:
    low = _lowpass(sig, cutoff)
    return [x - y for x, y in zip(sig, low, strict=True)]


def _noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1, 1) for _ in range(_n(seconds))]


def _env(sig: Signal, attack: float, decay: float) -> Signal:
    """Linear attack over ``attack`` s, then exponential decay with time constant ``decay``."""
    out = []
    for i, x in enumerate(sig):
        t = i / RATE
        g = t / attack if attack and t < attack else math.exp(-(t - attack) / decay)
        out.append(x * g)
    return out


def _tone(freq: Callable[[float], float], seconds: float,
          harmonics: tuple[float, ...] = (1.0,), vibrato: float = 0.0) -> Signal:
    """A tone whose frequency follows ``freq(t)``; ``harmonics``: amplitude of each partial."""
    out = []
    phase = 0.0
    for i in range(_n(seconds)):
        t = i / RATE
        f = freq(t) * (1 + vibrato * math.sin(2 * math.pi * 5.5 * t))
        phase += 2 * math.pi * f / RATE
        out.append(sum(a * math.sin(k * phase) for k, a in enumerate(harmonics, 1)))
    return out


def _mix(*parts: tuple[Signal, float, float]) -> Signal:
    """(signal, gain, start seconds) parts summed."""
    length = max(_n(start) + len(sig) for sig, _, start in parts)
    out = [0.0] * length
    for sig, gain, start in parts:
        o = _n(start)
        for i, x in enumerate(sig):
            out[o + i] += x * gain
    return out


def _finish(sig: Signal, peak: float = 0.8, fade: float = 0.01) -> Signal:
    """Normalize to ``peak`` and fade the last ``fade`` seconds (no click at the end)."""
    top = max((abs(x) for x in sig), default=0.0) or 1.0
    out = [x * peak / top for x in sig]
    n = min(len(out), _n(fade))
    for i in range(n):
        out[len(out) - n + i] *= 1 - (i + 1) / n
    return out


def rms(sig: Signal) -> float:
    return math.sqrt(sum(x * x for x in sig) / len(sig)) if sig else 0.0


def _limit(x: float) -> float:
    """A soft-knee limiter: linear up to :data:`KNEE`, then a tanh curve that never reaches
    :data:`CEILING` (no hard clipping, no sudden corner)."""
    size = abs(x)
    if size <= KNEE:
        return x
    room = CEILING - KNEE
    return math.copysign(KNEE + room * math.tanh((size - KNEE) / room), x)


def level(sig: Signal, target_db: float) -> Signal:
    """``sig`` brought to ``target_db`` (whole-file RMS, dBFS) with its peaks softly limited;
    the gain is searched again after limiting, which takes some loudness away."""
    target = 10 ** (target_db / 20)
    gain = target / (rms(sig) or 1.0)
    out = sig
    for _ in range(30):
        out = [_limit(x * gain) for x in sig]
        got = rms(out)
        if abs(got / target - 1) < 0.001:
            break
        gain *= target / (got or 1.0)
    return out


# --- the sounds ------------------------------------------------------------------------------


def draw() -> Signal:
    """A paper flick: a short bright noise swish."""
    rng = random.Random(1)
    swish = _lowpass(_highpass(_noise(0.14, rng), 1800), lambda t: 7000 - 30000 * t)
    return _finish(_env(swish, 0.012, 0.035), 0.6)


def play() -> Signal:
    """A thump: a falling low sine with a soft click on top."""
    rng = random.Random(2)
    body = _env(_tone(lambda t: 150 * math.exp(-t * 9) + 55, 0.22), 0.003, 0.06)
    click = _env(_lowpass(_noise(0.03, rng), 2500), 0.001, 0.008)
    return _finish(_mix((body, 1.0, 0.0), (click, 0.35, 0.0)), 0.85)


def nope() -> Signal:
    """A brass "no-no": two falling notes with odd-and-even harmonics."""
    brass = (1.0, 0.7, 0.5, 0.35, 0.25, 0.16, 0.1, 0.06)
    first = _env(_tone(lambda t: 247 - 20 * t, 0.17, brass, 0.01), 0.02, 0.25)
    second = _env(_tone(lambda t: 185 - 30 * t, 0.34, brass, 0.012), 0.03, 0.22)
    both = _mix((first, 1.0, 0.0), (second, 1.0, 0.16))
    return _finish(_lowpass(both, 2600), 0.7, 0.04)


def defuse() -> Signal:
    """A snip: a metallic ping and a crisp click, twice."""
    rng = random.Random(4)

    def snip() -> Signal:
        ping = _env(_tone(lambda t: 3100, 0.09, (1.0, 0.0, 0.4)), 0.001, 0.018)
        metal = _env(_tone(lambda t: 4700, 0.07), 0.001, 0.012)
        click = _env(_highpass(_noise(0.03, rng), 3000), 0.0005, 0.006)
        return _mix((ping, 0.6, 0.0), (metal, 0.35, 0.0), (click, 0.8, 0.0))

    return _finish(_mix((snip(), 0.55, 0.0), (snip(), 1.0, 0.07)), 0.7)


def explosion() -> Signal:
    """A boom with a low rumble: dark noise whose filter closes, under a falling sub tone."""
    rng = random.Random(5)
    blast = _lowpass(_noise(1.8, rng), lambda t: 120 + 2600 * math.exp(-t * 7))
    blast = _env(blast, 0.004, 0.35)
    brown = []
    level = 0.0
    for _ in range(_n(1.8)):
        level = 0.985 * level + rng.uniform(-1, 1) * 0.15
        brown.append(level)
    rumble = _env(_lowpass(brown, 90), 0.05, 0.6)
    sub = _env(_tone(lambda t: 58 * math.exp(-t * 0.9) + 22, 1.8), 0.005, 0.5)
    crackle = [x if rng.random() < 0.02 else 0.0 for x in _noise(0.6, rng)]
    crackle = _env(_highpass(crackle, 1500), 0.0, 0.15)
    return _finish(_mix((blast, 1.0, 0.0), (rumble, 1.3, 0.0), (sub, 0.55, 0.0),
                        (crackle, 0.3, 0.05)), 0.92, 0.2)


def _constant(freq: float) -> Callable[[float], float]:
    """A steady frequency for :func:`_tone` (a closure per note, typed, unlike a lambda with a
    default argument)."""
    return lambda t: freq


def win() -> Signal:
    """A small fanfare: C E G then a held high C, soft square-ish tone."""
    square = (1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14)
    notes = [(523.25, 0.0, 0.13), (659.25, 0.12, 0.13), (783.99, 0.24, 0.13),
             (1046.5, 0.38, 0.6)]
    parts = []
    for freq, start, length in notes:
        tone = _env(_tone(_constant(freq), length, square, 0.006 if length > 0.3 else 0.0),
                    0.012, length * 0.8)
        parts.append((tone, 1.0, start))
    return _finish(_lowpass(_mix(*parts), 3500), 0.65, 0.08)


def tick() -> Signal:
    """A fuse tick: a short dry wooden knock."""
    rng = random.Random(7)
    knock = _env(_tone(lambda t: 1900, 0.05, (1.0, 0.3)), 0.0005, 0.008)
    click = _env(_highpass(_noise(0.02, rng), 2000), 0.0005, 0.003)
    return _finish(_mix((knock, 0.7, 0.0), (click, 0.5, 0.0)), 0.5, 0.005)


def click() -> Signal:
    """A soft UI click for buttons."""
    soft = _env(_tone(lambda t: 1150 - 3000 * t, 0.04), 0.0008, 0.007)
    return _finish(soft, 0.4, 0.005)


def drumroll() -> Signal:
    """A snare roll that swells for the reveal of the bids, ending on one accented hit."""
    rng = random.Random(9)
    length = 1.0  # the accent lands as the bids turn over
    parts = []
    t = 0.0
    k = 0
    while t < length - 0.12:
        swell = 0.35 + 0.65 * (t / length) ** 1.5
        hit = _env(_highpass(_noise(0.05, rng), 1400), 0.001, 0.014)
        body = _env(_tone(lambda x: 190 - 40 * x, 0.04), 0.001, 0.012)
        parts.append((_mix((hit, 1.0, 0.0), (body, 0.4, 0.0)), swell * (0.85 + 0.3 * (k % 2)),
                      t))
        t += 0.034
        k += 1
    accent = _env(_highpass(_noise(0.25, rng), 900), 0.002, 0.07)
    thump = _env(_tone(lambda x: 110 * math.exp(-x * 6) + 50, 0.25), 0.002, 0.06)
    parts += [(accent, 1.6, length - 0.1), (thump, 1.2, length - 0.1)]
    return _finish(_lowpass(_mix(*parts), 6500), 0.75, 0.05)


def crumple() -> Signal:
    """Paper crumpled and tossed aside: a scatter of dry crackles that thins out."""
    rng = random.Random(10)
    parts = []
    for _ in range(46):
        start = rng.random() ** 1.6 * 0.42
        crackle = _env(_highpass(_noise(0.02, rng), rng.uniform(1500, 4000)), 0.0005,
                       rng.uniform(0.002, 0.006))
        parts.append((crackle, rng.uniform(0.3, 1.0) * (1.0 - start * 1.5), start))
    rustle = _env(_lowpass(_highpass(_noise(0.45, rng), 800), 5000), 0.02, 0.12)
    parts.append((rustle, 0.25, 0.0))
    return _finish(_mix(*parts), 0.6, 0.05)


def snip() -> Signal:
    """One wire cut (Caza Bombas): the blades meet in a bright metallic snap over a short hiss
    of steel, then a dull tap as the tile lies down."""
    rng = random.Random(11)
    snap = _env(_highpass(_noise(0.05, rng), 4200), 0.0004, 0.005)
    ring = _env(_tone(lambda t: 3600 - 2500 * t, 0.12, (1.0, 0.0, 0.3)), 0.001, 0.022)
    hiss = _env(_lowpass(_highpass(_noise(0.06, rng), 2500), 7000), 0.003, 0.012)
    tap = _env(_tone(lambda t: 260 * math.exp(-t * 20) + 110, 0.09), 0.002, 0.02)
    return _finish(_mix((hiss, 0.4, 0.0), (snap, 1.0, 0.012), (ring, 0.5, 0.012),
                        (tap, 0.7, 0.07)), 0.72, 0.02)


def dial() -> Signal:
    """The detonator dial moves one space: a ratchet's dry click and the heavier clunk of the
    step, with a short ring of the metal case."""
    rng = random.Random(12)
    catch = _env(_highpass(_noise(0.02, rng), 2600), 0.0005, 0.004)
    clunk = _env(_tone(lambda t: 170 * math.exp(-t * 14) + 70, 0.16, (1.0, 0.5, 0.25)),
                 0.001, 0.035)
    knock = _env(_lowpass(_noise(0.05, rng), 1200), 0.001, 0.012)
    ring = _env(_tone(lambda t: 940, 0.3, (1.0, 0.0, 0.2, 0.0, 0.1)), 0.002, 0.07)
    return _finish(_mix((catch, 0.8, 0.0), (clunk, 1.0, 0.055), (knock, 0.6, 0.055),
                        (ring, 0.18, 0.06)), 0.8, 0.04)


def clock() -> Signal:
    """A wall clock in a silent room: a soft, low wooden tock (Caza Bombas' waiting)."""
    rng = random.Random(13)
    body = _env(_tone(lambda t: 640 - 600 * t, 0.07, (1.0, 0.35, 0.1)), 0.0008, 0.012)
    grain = _env(_lowpass(_highpass(_noise(0.03, rng), 900), 3000), 0.0005, 0.004)
    return _finish(_lowpass(_mix((body, 1.0, 0.0), (grain, 0.5, 0.0)), 2400), 0.45, 0.01)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "draw": draw, "play": play, "nope": nope, "defuse": defuse, "explosion": explosion,
    "win": win, "tick": tick, "click": click, "drumroll": drumroll, "crumple": crumple,
    "snip": snip, "dial": dial, "clock": clock,
}


def write_wav(path: Path, sig: Signal) -> None:
    data = array("h", (max(-32767, min(32767, round(x * 32767))) for x in sig))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main(out: Path = OUT) -> int:
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        sig = level(make(), TARGETS[CLASSES[name]])
        write_wav(out / f"{name}.wav", sig)
        peak = max(abs(x) for x in sig)
        print(f"{name}.wav  {len(sig) / RATE:.2f} s  RMS {20 * math.log10(rms(sig)):6.1f} dBFS"
              f"  peak {20 * math.log10(peak):5.1f} dBFS")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
