"""The player's settings, kept as JSON in the user data folder.

Every key is checked on load, and a bad settings file never stops the game: a bad or missing
value falls back to its own default, an unknown key is ignored, each with a warning naming the
key (this module's logger); a file that is not a JSON object at all gives the defaults and is set
aside as ``settings.damaged-<n>.json`` so the next save starts clean. Whatever else goes wrong
while loading (a bug this module did not foresee) does the same: loading never raises, because a
settings file must never stop the game from starting.

Writes go through ``game.core.saves.write_atomic``, the one atomic writer (a failed write
leaves no temporary file); loading removes the temporary files a killed write left behind,
including the ``.settings-*.json`` ones of 0.1.0's own writer.

The folder (:func:`default_folder`): ``$MECHA_CORTA_HOME`` when set (tests, the end-to-end
test), else platformdirs' user data folder for ``mecha-corta``, else ``~/.mecha-corta`` when
platformdirs is missing. Saves live in the same folder (``game.match.autosave``).
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import reprlib
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.core.config import SeatKind
from game.core.files import read_bytes_capped
from game.core.saves import remove_stale_temps, write_atomic
from game.match.autosave import set_aside
from game.ui.players import NAME_SEATS, clean_names

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"
APP_NAME = "mecha-corta"
HOME_ENV = "MECHA_CORTA_HOME"
"""Overrides the user data folder (settings, the unfinished game, the log)."""

LANGUAGE_CHOICES = ("auto", "es", "en", "pt")
"""``auto``: the system's language (Spanish when we do not have it)."""
SPEEDS: dict[str, float] = {"slow": 0.7, "normal": 1.0, "fast": 1.8}
"""Machine speed: multiplies every animation and the machine players' pauses."""
REACTION_MIN = 1
REACTION_MAX = 10
TEXT_SIZES = (100, 125, 150)
"""The text size, in percent of the drawn sizes (issue 24: some players need bigger text)."""
SETUP_KEYS = ("game", "seats", "options")
"""The last setup's keys (:attr:`Settings.last_setup`)."""
SETUP_SEATS = 8
SETUP_OPTIONS = 16
SETUP_WORD = 40
"""Longest game id or option name a last setup may hold."""
PROGRESS_MOST = 99
"""The highest mission number a campaign's progress may name (and the most it holds)."""
OLD_TEMP = re.compile(r"\.settings-[A-Za-z0-9_]+\.json")
"""The temporary files of 0.1.0's settings writer (``tempfile.mkstemp`` names)."""


@dataclass
class Settings:
    language: str = "auto"
    volume: float = 0.8
    """Master volume 0..1."""
    music_volume: float = 0.3
    """The music's own volume 0..1 (low by default: it sits under the game)."""
    interface_volume: float = 0.6
    """The interface's clicks, 0..1 of the master volume (a click is no explosion)."""
    mute: bool = False
    machine_speed: str = "normal"
    """A key of :data:`SPEEDS`."""
    reduced_motion: bool = False
    fullscreen: bool = False
    reaction_seconds: int = 4
    """How long a reaction (nope) window stays open, 1..10 seconds."""
    fuse_tick: bool = True
    """The ticking fuse under the danger meter."""
    text_size: int = 100
    """Every text drawn this much bigger, in percent (one of :data:`TEXT_SIZES`;
    ``game.ui.fonts.set_text_size`` multiplies every size asked for)."""
    marks: bool = False
    """Deduction marks: the tables show what each hidden card can still be, from the person's
    own view (an aid some players want and others call cheating, so it is off until asked
    for; a game played with it says so in its results and the record)."""
    tutorial_seen: bool = False
    """The first game that teaches has been started once ("Play now" then plays without it;
    the title's "How to play" starts it again)."""
    player_names: list[str] = field(default_factory=list)
    """The people's own names by seat (``""``: "Player N" in the language), at most
    ``NAME_SEATS``, each clean (``game.ui.players.clean_name``)."""
    last_setup: dict[str, Any] = field(default_factory=dict)
    """The table the new-game screen last started: ``{"game": id, "seats": [kind, …],
    "options": [option, …]}``, or ``{}``. Only its shape is checked here; the new-game screen
    checks it against the registries (a game or a level this version lacks falls back)."""
    keys: dict[str, str] = field(default_factory=dict)
    """Keys the person gave to actions, action → pygame key name (``game.ui.keymap``);
    the actions left out keep their own."""
    cazabombas_progress: list[int] = field(default_factory=list)
    """Caza Bombas' campaign: the missions this player's team has won, ascending, each once
    (whole numbers 1–``PROGRESS_MOST``; the family's screens read only the missions they know)."""

    @property
    def speed_factor(self) -> float:
        return SPEEDS.get(self.machine_speed, 1.0)

    # --- checking ------------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from parsed JSON; each bad or missing value falls back to its own default
        and an unknown key is ignored, with a warning naming the key."""
        out = cls()
        if not isinstance(data, dict):
            log.warning("settings: not a JSON object; using the defaults")
            return out
        names = [f.name for f in fields(cls)]
        missing = [name for name in names if name not in data]
        if missing:
            log.warning("settings: no value for %s; using the default", ", ".join(missing))
        for name in names:
            if name not in data:
                continue
            good = _check(name, data[name])
            if good is None:
                log.warning("settings: bad value %s for %r; using the default %r",
                            reprlib.repr(data[name]), name, getattr(out, name))
            else:
                setattr(out, name, good)
        unknown = [str(key) for key in data if key not in names]
        if unknown:
            log.warning("settings: unknown key %s ignored",
                        ", ".join(reprlib.repr(key) for key in unknown[:8]))
        return out

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    # --- files ---------------------------------------------------------------------------------

    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        """The settings in ``folder`` (default: :func:`default_folder`); never raises. No file:
        the defaults, silently; a file that is not a JSON object: the defaults, a warning, and
        the file set aside; a bad key: its default and a warning; anything unexpected: the
        defaults, the file set aside and the error logged."""
        path = (folder or default_folder()) / FILE_NAME
        try:
            _remove_stale_temps(path)
            return cls._load(path)
        except Exception as error:  # a settings file must never stop the game from starting
            aside = set_aside(path)  # None (logged) when there is no file to move
            where = f"set aside as {aside.name}" if aside is not None else "left in place"
            log.exception("settings: cannot load %s (%s); using the defaults (%s)", path.name,
                          error.__class__.__name__, where)
            return cls()

    @classmethod
    def _load(cls, path: Path) -> Settings:
        try:
            raw = read_bytes_capped(path)
        except FileNotFoundError:
            return cls()
        except OSError as error:
            log.warning("settings: cannot read %s (%s); using the defaults", path,
                        error.__class__.__name__)
            return cls()
        data: object = None
        problem = ""
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            problem = f"not JSON ({error.__class__.__name__})"
        if not problem and not isinstance(data, dict):
            problem = f"a JSON {type(data).__name__}, not an object"
        if problem:
            aside = set_aside(path)
            where = f"set aside as {aside.name}" if aside is not None else "left in place"
            log.warning("settings: %s is %s; using the defaults (%s)", path.name, problem,
                        where)
            return cls()
        return cls.from_dict(data)

    def save(self, folder: Path | None = None) -> bool:
        """Write atomically (``write_atomic``: no temporary file is left, even when it fails);
        ``False`` if the disk said no."""
        target = folder or default_folder()
        text = json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"
        try:
            write_atomic(target / FILE_NAME, text)
        except OSError as error:
            log.warning("settings: cannot write %s: %s", target / FILE_NAME, error)
            return False
        return True


def _remove_stale_temps(path: Path) -> None:
    removed = remove_stale_temps(path, OLD_TEMP)
    if removed:
        log.info("settings: removed %d stale temporary file(s): %s", len(removed),
                 ", ".join(removed[:4]))


def _check(name: str, value: object) -> object | None:
    """``value`` if it is good for the field ``name`` (normalized), else ``None``."""
    if name == "language":
        return value if isinstance(value, str) and value in LANGUAGE_CHOICES else None
    if name == "machine_speed":  # a list or an object is no key of SPEEDS (nor hashable)
        return value if isinstance(value, str) and value in SPEEDS else None
    if name in ("mute", "reduced_motion", "fullscreen", "fuse_tick", "tutorial_seen", "marks"):
        return value if isinstance(value, bool) else None
    if name in ("volume", "music_volume", "interface_volume"):
        # compared before float(): an integer of 400 digits does not fit in a float
        if isinstance(value, int | float) and not isinstance(value, bool) \
                and 0 <= value <= 1 and math.isfinite(value):
            return float(value)
        return None
    if name == "text_size":  # 125.0 from a hand-edited file is still 125
        if isinstance(value, int | float) and not isinstance(value, bool) \
                and value in TEXT_SIZES:
            return int(value)
        return None
    if name == "reaction_seconds":
        if isinstance(value, int) and not isinstance(value, bool) \
                and REACTION_MIN <= value <= REACTION_MAX:
            return value
        return None
    if name == "player_names":
        if isinstance(value, list) and len(value) <= NAME_SEATS \
                and all(isinstance(item, str) for item in value):
            return clean_names(value)
        return None
    if name == "last_setup":
        return _check_setup(value)
    if name == "cazabombas_progress":
        return _check_progress(value)
    if name == "keys":
        return _check_keys(value)
    return None


def _check_keys(value: object) -> dict[str, str] | None:
    """The keys given to actions, each known action with a key pygame names and none on a
    reserved key or on another action's (those are dropped, the rest kept), else ``None``."""
    from game.ui.keymap import Keymap, key_code

    if not isinstance(value, dict) or len(value) > 32:
        return None
    named = {a: n for a, n in value.items() if isinstance(a, str) and isinstance(n, str)
             and len(n) <= 32}
    kept = Keymap.from_names(named).chosen
    return {action: name for action, name in named.items()
            if action in kept and key_code(name) == kept[action]}


def _check_progress(value: object) -> list[int] | None:
    """Mission numbers won, normalized (ascending, each once), else ``None``."""
    if not (isinstance(value, list) and len(value) <= PROGRESS_MOST
            and all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= PROGRESS_MOST
                    for n in value)):
        return None
    return sorted(set(value))


def _check_setup(value: object) -> dict[str, Any] | None:
    """A last setup of the right shape, normalized (options sorted, once each), else ``None``;
    ``{}`` is "none yet"."""
    if not isinstance(value, dict):
        return None
    if not value:
        return {}
    if sorted(value) != sorted(SETUP_KEYS):
        return None
    game, seats, options = value["game"], value["seats"], value["options"]
    kinds = {kind.value for kind in SeatKind}
    if not (isinstance(game, str) and 0 < len(game) <= SETUP_WORD):
        return None
    if not (isinstance(seats, list) and 0 < len(seats) <= SETUP_SEATS
            and all(isinstance(seat, str) and seat in kinds for seat in seats)):
        return None
    if not (isinstance(options, list) and len(options) <= SETUP_OPTIONS
            and all(isinstance(o, str) and 0 < len(o) <= SETUP_WORD for o in options)):
        return None
    return {"game": game, "seats": list(seats), "options": sorted(set(options))}


def default_folder() -> Path:
    """The user data folder: ``$MECHA_CORTA_HOME`` when set, else platformdirs' user data
    folder, else (platformdirs missing) ``~/.mecha-corta``."""
    home = os.environ.get(HOME_ENV, "").strip()
    if home:
        return Path(home).expanduser()
    try:
        import platformdirs
    except ImportError:
        return Path.home() / f".{APP_NAME}"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
