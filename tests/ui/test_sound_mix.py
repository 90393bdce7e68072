"""The mix of the shipped effects, measured on the files themselves (pure Python: ``wave`` and
plain arithmetic, no sox): the biggest moment is the loudest, every class of effect sits above the
next, and nothing clips. The game plays every file at the same gain, so the files are the mix."""

from __future__ import annotations

import math
import wave
from array import array
from pathlib import Path

import pytest

from game.ui.app import App
from game.ui.sound import NAMES, Sound

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "assets" / "sounds"
FULL = 32768

ORDER: tuple[tuple[str, ...], ...] = (
    ("explosion",),
    ("win",),
    ("nope", "defuse", "drumroll"),
    ("play", "draw", "snip", "dial", "crumple"),
    ("click",),
    ("tick", "clock"),
)
"""Loudest class first: the explosion, the outcome, the reactions, the actions, the UI click,
the ambient ticks."""
CEILING = 0.97
"""No peak above this fraction of full scale: headroom, never a clipped sample."""
MARGIN_DB = 1.5
"""Each class at least this much louder than every effect of the next."""
MOMENT = 0.4
"""Seconds of the window of the momentary loudness (EBU R 128's momentary window)."""


def _samples(name: str) -> tuple[list[float], int]:
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as w:
        rate = w.getframerate()
        data = array("h", w.readframes(w.getnframes()))
    return [s / FULL for s in data], rate


def rms_db(name: str) -> float:
    """Whole-file RMS in dBFS (what ``sox FILE -n stat`` calls the RMS amplitude)."""
    x, _ = _samples(name)
    return 20 * math.log10(math.sqrt(sum(v * v for v in x) / len(x)))


def momentary_db(name: str) -> float:
    """The loudest :data:`MOMENT`-second window's RMS in dBFS (a short sound counts with the
    silence after it, as the ear integrates it)."""
    x, rate = _samples(name)
    width = int(MOMENT * rate)
    squares = [v * v for v in x] + [0.0] * width
    acc = best = 0.0
    for i, v in enumerate(squares):
        acc += v
        if i >= width:
            acc -= squares[i - width]
        best = max(best, acc)
    return 10 * math.log10(best / width)


def peak(name: str) -> float:
    x, _ = _samples(name)
    return max(abs(v) for v in x)


def test_the_order_names_every_effect_once() -> None:
    listed = [name for group in ORDER for name in group]
    assert sorted(listed) == sorted(NAMES)


def test_the_explosion_is_the_loudest_effect() -> None:
    loudness = {name: rms_db(name) for name in NAMES}
    assert max(loudness, key=loudness.__getitem__) == "explosion", loudness
    moments = {name: momentary_db(name) for name in NAMES}
    assert max(moments, key=moments.__getitem__) == "explosion", moments
    others = [moments[name] for name in NAMES if name not in ("explosion", "win")]
    assert moments["win"] > max(others), moments


@pytest.mark.parametrize("louder", range(len(ORDER) - 1))
def test_each_class_is_louder_than_the_next(louder: int) -> None:
    quietest = min(rms_db(name) for name in ORDER[louder])
    loudest_below = max(rms_db(name) for name in ORDER[louder + 1])
    assert quietest >= loudest_below + MARGIN_DB, (ORDER[louder], ORDER[louder + 1])


@pytest.mark.parametrize("name", NAMES)
def test_no_effect_clips(name: str) -> None:
    x, _ = _samples(name)
    assert peak(name) <= CEILING
    assert not [v for v in x if abs(v) >= 32767 / FULL]


def test_the_game_plays_every_effect_at_the_same_gain(app: App) -> None:
    """The mix is in the files: no per-effect level on top that would undo it."""
    snd = Sound(0.5, jitter=False, seed=1)
    gains: dict[str, float] = {}
    for name in NAMES:
        snd.play(name)
        gains[name] = snd._sounds[name][0].get_volume()
    assert all(abs(gain - 0.5) < 0.01 for gain in gains.values()), gains
