"""``python -m game --autoplay``: a machine-only game played through the real screens.

The app runs its own frame step (``App.step``) with a fixed frame time at the fast machine
speed, the table plays itself (every seat a machine: people in the code become Astuto), until
the results screen is on top. Without a display (no ``DISPLAY`` / ``WAYLAND_DISPLAY`` on Linux)
SDL's dummy video driver is used, so it runs on a server; with one, the window shows the game.
A safety cap on frames turns a stuck table into an error instead of a hang.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import MechaCortaError

DT = 0.05
"""Seconds of game time per frame (the app's longest step is 0.1)."""
MAX_GAME_SECONDS = 3600.0
"""Give up after this much game time."""
REACTION_SECONDS = 1
"""Reaction windows at their shortest: with no person at the table nobody waits for a key."""


class AutoplayStuck(MechaCortaError, RuntimeError):
    """The results screen did not come within the frame cap."""


@dataclass(frozen=True)
class AutoplayResult:
    code: str
    ranking: tuple[int, ...]
    frames: int
    game_seconds: float
    seconds: float

    def line(self) -> str:
        """``ranking: 2 0 3 1`` (winner first)."""
        return "ranking: " + " ".join(str(seat) for seat in self.ranking)

    def __str__(self) -> str:
        return (f"{self.line()} (code {self.code}, {self.frames} frames, "
                f"{self.game_seconds:.0f} s of game time, {self.seconds:.1f} s)")


def display_present() -> bool:
    """Whether a real window can open here (SDL's choice already made counts as yes)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return os.environ["SDL_VIDEODRIVER"] != "dummy"
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def autoplay(code: str | None = None, lang: str | None = None, *, dt: float = DT,
             max_frames: int | None = None, show: bool | None = None,
             keep: bool = True) -> AutoplayResult:
    """Play one machine-only game through the screens and return its ranking.

    ``code``: the game (people become Astuto); ``None``: "Play now"'s table, all Astuto, with a
    fresh seed. ``show``: open a real window (default: when a display is present). ``keep``:
    the finished game goes to the past games of the data folder (``$MECHA_CORTA_HOME``, else
    the user's), as a game played in the window would. Raises
    ``MalformedInput`` for a bad code and :class:`AutoplayStuck` past the frame cap."""
    from game.match.match import Match
    from game.ui import launch

    if code is not None:
        match = launch.match_from_code(code, machines_only=True)
    else:
        match = launch.make_match(launch.all_machines(launch.PLAY_NOW))
    show = display_present() if show is None else show
    if not show:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from game.ui.app import App
    from game.ui.scenes.results import ResultsScene
    from game.ui.settings import Settings

    cap = max_frames if max_frames is not None else round(MAX_GAME_SECONDS / dt)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(language=lang or "auto", machine_speed="fast",
                            reaction_seconds=REACTION_SECONDS)
        app = launch.wire(App(settings, settings_dir=Path(folder), lang=lang, audio=show,
                              persist=False, start="title"))
        try:
            launch.open_table(app, match)
            frames = 0
            while not isinstance(app.stack.top, ResultsScene):
                if frames >= cap:
                    raise AutoplayStuck(
                        f"autoplay: no results screen after {frames} frames "
                        f"({frames * dt:.0f} s of game time); code {match.code}")
                if not len(app.stack):
                    raise AutoplayStuck(f"autoplay: the screens closed after {frames} frames")
                app.step(dt, [] if not show else None)
                if show:
                    pygame.display.flip()
                frames += 1
            results = app.stack.top
            assert isinstance(results, ResultsScene)
            ranking = tuple(results.match.ranking())
            final_code = results.match.code
            if keep and isinstance(results.match, Match):
                # among the past games of the data folder, like any game played to its end
                from game.ui.settings import default_folder

                launch.keep_finished(default_folder(), results.match, ())
        finally:
            app.close()
    return AutoplayResult(final_code, ranking, frames, frames * dt,
                          time.perf_counter() - start)

