"""The player's settings, kept as JSON in the user data folder.

Every key is checked on load: a bad or missing value falls back to its own default, an unknown
key is ignored, a damaged file gives the defaults (and is left for the next save to replace).
"""

from __future__ import annotations

import importlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

FILE_NAME = "settings.json"
APP_NAME = "mecha-corta"

LANGUAGE_CHOICES = ("auto", "es", "en", "pt")
"""``auto``: the system's language (Spanish when we do not have it)."""
SPEEDS: dict[str, float] = {"slow": 0.7, "normal": 1.0, "fast": 1.8}
"""Machine speed: multiplies every animation and the machine players' pauses."""
REACTION_MIN = 1
REACTION_MAX = 10


@dataclass
class Settings:
    language: str = "auto"
    volume: float = 0.8
    """Master volume 0..1."""
    mute: bool = False
    machine_speed: str = "normal"
    """A key of :data:`SPEEDS`."""
    reduced_motion: bool = False
    fullscreen: bool = False
    reaction_seconds: int = 4
    """How long a reaction (nope) window stays open, 1..10 seconds."""
    fuse_tick: bool = True
    """The ticking fuse under the danger meter."""

    @property
    def speed_factor(self) -> float:
        return SPEEDS.get(self.machine_speed, 1.0)

    # --- checking ------------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from parsed JSON; each bad value falls back to its default."""
        out = cls()
        if not isinstance(data, dict):
            return out
        for f in fields(cls):
            if f.name in data:
                good = _check(f.name, data[f.name])
                if good is not None:
                    setattr(out, f.name, good)
        return out

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    # --- files ---------------------------------------------------------------------------------

    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        path = (folder or default_folder()) / FILE_NAME
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        return cls.from_dict(data)

    def save(self, folder: Path | None = None) -> bool:
        """Write atomically (temp file, then rename); ``False`` if the disk said no."""
        target = folder or default_folder()
        try:
            target.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=target)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(self.to_dict(), out, indent=2, ensure_ascii=False)
                out.write("\n")
            os.replace(tmp, target / FILE_NAME)
        except OSError:
            return False
        return True


def _check(name: str, value: object) -> object | None:
    """``value`` if it is good for the field ``name`` (normalized), else ``None``."""
    if name == "language":
        return value if value in LANGUAGE_CHOICES else None
    if name == "machine_speed":
        return value if value in SPEEDS else None
    if name in ("mute", "reduced_motion", "fullscreen", "fuse_tick"):
        return value if isinstance(value, bool) else None
    if name == "volume":
        if isinstance(value, int | float) and not isinstance(value, bool) \
                and 0.0 <= float(value) <= 1.0:
            return float(value)
        return None
    if name == "reaction_seconds":
        if isinstance(value, int) and not isinstance(value, bool) \
                and REACTION_MIN <= value <= REACTION_MAX:
            return value
        return None
    return None


def default_folder() -> Path:
    """The user data folder: platformdirs' when installed, else ``~/.mecha-corta``."""
    try:  # not a dependency yet: used when installed
        platformdirs = importlib.import_module("platformdirs")
    except ImportError:
        return Path.home() / f".{APP_NAME}"
    return Path(str(platformdirs.user_data_dir(APP_NAME, appauthor=False)))
