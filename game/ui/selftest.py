"""``--selftest``: a headless check that this copy of the game is complete and runs.

It works the same from source and inside the PyInstaller bundle (resources come through
``game.i18n.resource_path``), so CI runs it on the built executable to prove the download works:

- every locale loads, with no key missing or malformed against English;
- every font in assets/fonts opens and renders; every image in assets/icon loads; every sound in
  assets/sounds loads into the mixer (or, without an audio device, reads as a WAV file), and so
  does every music loop in assets/music (through ``pygame.mixer.music``, as the game plays it;
  without a device, its Ogg Vorbis headers);
- one machine-only game of each rule set plays to the end through the engine, and replays from its
  save to the same ranking;
- one machine-only game plays to the end through the screens (``game.ui.autoplay`` when it
  exists, else the table scene stepped frame by frame until the results scene is on top).

One line per check (``ok``, ``FAIL`` or ``skip``), then a summary; ``run_selftest`` returns 0 only
when no check failed. pygame and the screens are imported inside functions only (this module is
at the top layer, and importing it must not start pygame). The SDL dummy drivers are chosen unless
the environment already names others, so no window opens and no sound plays.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

SEED = 2024
"""The seed of every game the self-test plays (below 2**20, so it also fits a game code)."""
FONT_SAMPLE = "¡Mecha Corta! ¿Ñandú? Ação çã — 1º"

OK, FAIL, SKIP = "ok", "FAIL", "skip"


class _Skip(Exception):
    """A check that cannot run in this build (a part of the game not written yet)."""


@dataclass
class _Report:
    out: TextIO | None
    counts: dict[str, int] = field(default_factory=lambda: {OK: 0, FAIL: 0, SKIP: 0})

    def line(self, text: str) -> None:
        if self.out is not None:
            self.out.write(text + "\n")
            self.out.flush()

    def add(self, status: str, text: str) -> None:
        self.counts[status] += 1
        self.line(f"{status:<5}{text}")

    def check(self, name: str, body: Callable[[], str]) -> None:
        """Run one check: ``body`` returns the detail for the ``ok`` line; raising ``_Skip``
        makes it a skip; any other exception a failure, named with its type."""
        try:
            detail = body()
        except _Skip as why:
            self.add(SKIP, f"{name}: {why}")
        except Exception as error:  # a self-test reports every failure and goes on
            self.add(FAIL, f"{name}: {type(error).__name__}: {error}")
        else:
            self.add(OK, f"{name} ({detail})" if detail else name)


def _headless_environment() -> None:
    """SDL's dummy drivers unless told otherwise; must run before pygame opens anything."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _files(folder: Path, *patterns: str) -> list[Path]:
    found = {path for pattern in patterns for path in folder.glob(pattern) if path.is_file()}
    return sorted(found)


def _relative(path: Path) -> str:
    from game.i18n import resource_root

    try:
        return path.relative_to(resource_root()).as_posix()
    except ValueError:
        return str(path)


# ------------------------------------------------------------ locales


def _check_locales(report: _Report) -> None:
    from game.i18n import FALLBACK, LANGUAGES, load

    english = load(FALLBACK)
    reference = english.keys()

    def one(lang: str) -> Callable[[], str]:
        def body() -> str:
            loc = english if lang == FALLBACK else load(lang)
            if loc.problems:
                raise RuntimeError("; ".join(loc.problems))
            if not loc.keys():
                raise RuntimeError("no keys")
            missing = sorted(reference - loc.keys())
            for key in reference:
                loc.has(key)  # records keys held in a bad shape in ``fell_back``
            malformed = sorted(loc.fell_back - set(missing))
            if missing or malformed:
                parts = []
                if missing:
                    parts.append(f"{len(missing)} missing ({', '.join(missing[:5])})")
                if malformed:
                    parts.append(f"{len(malformed)} malformed ({', '.join(malformed[:5])})")
                raise RuntimeError("; ".join(parts))
            return f"{len(loc.keys())} keys"
        return body

    for lang in LANGUAGES:
        report.check(f"locale {lang}", one(lang))


# ------------------------------------------------------------ fonts, images, sounds


def _check_fonts(report: _Report) -> None:
    import pygame

    from game.i18n import resource_path

    folder = resource_path("assets", "fonts")
    files = _files(folder, "*.ttf", "*.otf", "*.ttc")
    if not files:
        report.add(FAIL, f"fonts: none in {folder}")
        return
    pygame.font.init()

    def one(path: Path) -> Callable[[], str]:
        def body() -> str:
            font = pygame.font.Font(str(path), 24)
            text = font.render(FONT_SAMPLE, True, (0, 0, 0))
            if text.get_width() <= 0:
                raise RuntimeError("renders nothing")
            return f"{font.name} {font.style_name}"
        return body

    for path in files:
        report.check(f"font {_relative(path)}", one(path))

    def resolver() -> str:
        from game.ui import fonts

        regular, bold = fonts.font_file(), fonts.font_file(bold=True)
        if regular is None or bold is None:
            raise RuntimeError("game.ui.fonts finds no font file")
        return f"{_relative(Path(regular))}, {_relative(Path(bold))}"

    report.check("game fonts found by the screens", resolver)


def _check_images(report: _Report) -> None:
    import pygame

    from game.i18n import resource_path

    folder = resource_path("assets", "icon")
    files = _files(folder, "*.png")
    if not files:
        report.add(FAIL, f"images: none in {folder}")
        return

    def one(path: Path) -> Callable[[], str]:
        def body() -> str:
            image = pygame.image.load(str(path))
            width, height = image.get_size()
            if path.name == "icon.png" and (width, height) != (256, 256):
                raise RuntimeError(f"{width}×{height}, not 256×256")
            return f"{width}×{height}"
        return body

    for path in files:
        report.check(f"image {_relative(path)}", one(path))


def _mixer_started() -> bool:
    import pygame

    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init()
        return bool(pygame.mixer.get_init())
    except (pygame.error, NotImplementedError, OSError):
        return False


def _check_sounds(report: _Report) -> None:
    import pygame

    from game.i18n import resource_path

    folder = resource_path("assets", "sounds")
    files = _files(folder, "*.wav")
    if not files:
        report.add(FAIL, f"sounds: none in {folder}")
        return
    mixer = _mixer_started()
    if not mixer:
        report.line("     audio device unavailable: sounds checked as files")

    def one(path: Path) -> Callable[[], str]:
        def body() -> str:
            if mixer:
                seconds = pygame.mixer.Sound(str(path)).get_length()
            else:
                with wave.open(str(path), "rb") as wav:
                    seconds = wav.getnframes() / wav.getframerate()
            if seconds <= 0:
                raise RuntimeError("empty")
            return f"{seconds:.2f} s, {'mixer' if mixer else 'wave file'}"
        return body

    for path in files:
        report.check(f"sound {_relative(path)}", one(path))

    def every_effect() -> str:
        from game.ui.sound import NAMES

        absent = [name for name in NAMES if not (folder / f"{name}.wav").is_file()]
        if absent:
            raise RuntimeError(f"no file for {', '.join(absent)}")
        return f"{len(NAMES)} effects"

    report.check("every sound the screens play has its file", every_effect)
    _check_music(report, mixer)
    if mixer:
        pygame.mixer.quit()


def _check_music(report: _Report, mixer: bool) -> None:
    """Each loop in assets/music opens as the game opens it (streamed by
    ``pygame.mixer.music``) and as an Ogg Vorbis file, and every mood has its loop."""
    import pygame

    from game.i18n import resource_path
    from game.ui.sound import LOOP_SUFFIX, MOODS, loop_file, ogg_seconds

    folder = resource_path("assets", "music")

    def one(path: Path) -> Callable[[], str]:
        def body() -> str:
            seconds = ogg_seconds(path)
            if seconds <= 0:
                raise RuntimeError("empty")
            if mixer:
                pygame.mixer.music.load(str(path))
                pygame.mixer.music.unload()
            return f"{seconds:.2f} s, {'mixer' if mixer else 'ogg file'}"
        return body

    for path in _files(folder, f"*{LOOP_SUFFIX}"):
        report.check(f"music {_relative(path)}", one(path))

    def every_mood() -> str:
        absent = [mood for mood in MOODS if not loop_file(folder, mood).is_file()]
        if absent:
            raise RuntimeError(f"no loop for {', '.join(absent)}")
        return f"{len(MOODS)} moods"

    report.check("every mood the screens play has its loop", every_mood)


# ------------------------------------------------------------ games


def _check_engine_games(report: _Report) -> None:
    from game.bots.registry import levels_for
    from game.core.config import GameConfig
    from game.match.headless import play_game
    from game.match.match import Match
    from game.rules.registry import descriptor, playable

    def one(game_id: str, index: int) -> Callable[[], str]:
        def body() -> str:
            levels = levels_for(game_id)
            level = levels[index % len(levels)]
            seats = min(max(4, descriptor(game_id).min_seats), descriptor(game_id).max_seats)
            record = play_game(GameConfig.machines(game_id, seats, level), SEED, check=True)
            if record.violations:
                raise RuntimeError(f"invariant broken: {record.violations[0]}")
            outcome = record.outcome
            if outcome is None or (not record.winners and outcome.team_won is None):
                raise RuntimeError(f"the game ended with no result: {outcome}")
            again = Match.from_save(record.to_save()).outcome()
            if again != outcome:
                raise RuntimeError(f"the replay ends {again}, the game ended {outcome}")
            return (f"{seats} × {level.value}, seed {SEED}, {len(record.actions)} actions, "
                    f"first place {list(record.winners)}, replay agrees")
        return body

    for index, game_id in enumerate(playable()):
        report.check(f"engine game {game_id}", one(game_id, index))


def _check_network(report: _Report) -> None:
    """A table across the loopback: the network libraries, TLS and the protocol are in the
    download and play a whole game."""

    def body() -> str:
        import asyncio
        import tempfile

        from game.bots.registry import stand_in_for
        from game.net.run import loopback_game
        from game.rules.registry import playable

        game = playable()[0]
        with tempfile.TemporaryDirectory(prefix="mecha-corta-net-") as folder:
            outcome, moves, tls = asyncio.run(
                loopback_game(Path(folder), game, stand_in_for(game).value))
        return f"{game}, 2 joined seats, {moves} actions, {tls}, ranking {list(outcome.ranking)}"

    report.check("network table on the loopback", body)


def _screens_game(game: str) -> Callable[[], str]:
    """A machine-only game of ``game`` through the real screens, to its results."""

    def body() -> str:
        from game.bots.registry import levels_for
        from game.core.config import GameConfig
        from game.rules.codes import encode
        from game.rules.registry import descriptor
        from game.ui.autoplay import autoplay

        spec = descriptor(game)
        seats = min(max(4, spec.min_seats), spec.max_seats)
        config = GameConfig.machines(game, seats, levels_for(game)[0],
                                     spec.with_defaults(spec.defaults))
        start = time.perf_counter()
        result = autoplay(encode(config, SEED), "en", show=False)
        return f"{result.line()}, {result.frames} frames, {time.perf_counter() - start:.1f} s"

    return body


# ------------------------------------------------------------ the whole run


def _describe() -> str:
    from game import __version__
    from game.i18n import resource_root

    where = "bundle" if getattr(sys, "frozen", False) else "source"
    return (f"Mecha Corta {__version__} self-test, {where} at {resource_root()}; "
            f"Python {platform.python_version()} on {platform.system()} {platform.machine()}")


def run_selftest(out: TextIO | None = None) -> int:
    """Run every check, print one line each and a summary to ``out`` (default: standard
    output; nothing when there is none, as in a windowed Windows build). 0 when nothing failed,
    1 otherwise."""
    _headless_environment()
    stream = out if out is not None else sys.stdout
    report = _Report(stream)
    start = time.perf_counter()
    report.line(_describe())
    try:
        import pygame
    except ImportError as error:
        report.add(FAIL, f"pygame: {error}")
    else:
        report.line(f"     pygame-ce {pygame.version.ver}, SDL "
                    f"{'.'.join(map(str, pygame.get_sdl_version()))}, video driver "
                    f"{os.environ.get('SDL_VIDEODRIVER')}, audio driver "
                    f"{os.environ.get('SDL_AUDIODRIVER')}")
        _check_locales(report)
        _check_fonts(report)
        _check_images(report)
        _check_sounds(report)
        _check_engine_games(report)
        _check_network(report)
        from game.rules.registry import family_of
        from game.ui.registry import on_screen

        families: dict[str, str] = {}
        for game in on_screen():  # one game of each family through its screens
            families.setdefault(family_of(game), game)
        for game in families.values():
            report.check(f"screens game {game}", _screens_game(game))
    counts = report.counts
    seconds = time.perf_counter() - start
    verdict = "selftest ok" if counts[FAIL] == 0 else "SELFTEST FAILED"
    report.line(f"{verdict}: {counts[OK]} checks ok, {counts[FAIL]} failing, "
                f"{counts[SKIP]} skipped, in {seconds:.1f} s")
    return 0 if counts[FAIL] == 0 else 1


if __name__ == "__main__":
    sys.exit(run_selftest())
